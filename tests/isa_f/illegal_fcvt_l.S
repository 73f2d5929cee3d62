# illegal_fcvt_l.S - fcvt.l.s (rs2 = 2, RV64 only) is illegal on RV32.
# expect: 4
# message: illegal instruction
#include "test_f.h"
START
    .insn r 0x53, 1, 0x60, a0, f1, x2
    PASS
COMMON_TAIL
