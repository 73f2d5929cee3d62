# deadlock.S - warp 0 waits for 2 warps at a barrier while warp 1 ends: barrier deadlock.
# args: --warps 2
# expect: 7
# message: barrier deadlock on core 0
#include "test.h"
START
    csrr a1, CSR_WID
    bnez a1, 1f
    li a1, 2
    la a2, _start
    WSPAWN(a1, a2)
    li a3, 2
    BAR(x0, a3)
    PASS
1:  TMC(x0)
COMMON_TAIL
