# load_oob.S - a load outside RAM and IO stops the run with core, warp, thread, pc, address.
# args: --threads 4
# expect: 5
# message: out-of-range lw at address 0x00000010 (core 0, warp 0, thread 0, pc 0x80000004)
#include "test.h"
START
    li a0, 0x10
    lw a1, 0(a0)
    PASS
COMMON_TAIL
