# misfetch_branch.S - a taken branch to a pc that is not a multiple of 4
# (its offset is a multiple of 2, as RISC-V encodes it): exit 5 at the fetch.
# expect: 5
# message: misaligned instruction fetch at pc 0x8000000a (core 0, warp 0
#include "test.h"
START
    li a0, 1
    bnez a0, 1f
    .2byte 0
1:  .4byte 0x00000013
    PASS
COMMON_TAIL
