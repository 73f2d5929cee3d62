# warp_illegal.S - custom-0 funct7 1 funct3 3 is not a warp primitive: an
# illegal instruction (vote with rs2 != x0 is illegal as well, docs/isa.md).
# expect: 4
# message: illegal instruction 0x0200300b at pc 0x80000008 (core 0, warp 0)
#include "test.h"
START
    nop
    nop
    .insn r 0x0B, 3, 1, x0, x0, x0
    PASS
COMMON_TAIL
