# illegal_fmt.S - a double-precision encoding (fmt = 01, fadd.d) is illegal: Weft implements F only.
# expect: 4
# message: illegal instruction
#include "test_f.h"
START
    .insn r 0x53, 0, 1, f1, f2, f3
    PASS
COMMON_TAIL
