# illegal_rm6.S - static rounding mode 6 (reserved) on a fused op is illegal.
# expect: 4
# message: illegal instruction
#include "test_f.h"
START
    .insn r4 0x43, 6, 0, f1, f2, f3, f4  # fmadd.s with rm = 6
    PASS
COMMON_TAIL
