# ipdom_overflow.S - a second divergent split with --ipdom-depth 3 needs 4 entries.
# args: --ipdom-depth 3 --threads 4
# expect: 7
# message: IPDOM stack overflow (depth 3) at divergent split, pc 0x80000014
#include "test.h"
START
    csrr a1, CSR_TID
    andi a2, a1, 1
    andi a3, a1, 2
    SPLIT(a2)
    nop
    SPLIT(a3)
    PASS
COMMON_TAIL
