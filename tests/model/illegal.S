# illegal.S - an unknown SIMT funct3 is an illegal instruction: the run stops with
# core, warp, pc and the instruction word.
# args: --cores 2
# expect: 4
# message: illegal instruction 0x0000600b at pc 0x80000008 (core 0, warp 0)
#include "test.h"
START
    nop
    nop
    .insn r 0x0B, 6, 0, x0, x0, x0
    PASS
COMMON_TAIL
