# amo_illegal.S - amoadd.d (funct3 3) is outside RV32A: illegal.
# expect: 4
# message: illegal instruction 0x00b5352f
#include "test.h"
START
    .insn r 0x2F, 3, 0x00, a0, a0, a1
    PASS
COMMON_TAIL
