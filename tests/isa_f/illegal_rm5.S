# illegal_rm5.S - static rounding mode 5 (reserved) is an illegal instruction.
# expect: 4
# message: illegal instruction 0x003150d3
#include "test_f.h"
START
    .insn r 0x53, 5, 0, f1, f2, f3     # fadd.s f1, f2, f3 with rm = 5
    PASS
COMMON_TAIL
