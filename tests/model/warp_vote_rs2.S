# warp_vote_rs2.S - vote.any with rs2 != x0 is an illegal instruction.
# expect: 4
# message: illegal instruction 0x0210000b at pc 0x80000008 (core 0, warp 0)
#include "test.h"
START
    nop
    nop
    .insn r 0x0B, 0, 1, x0, x0, x1
    PASS
COMMON_TAIL
