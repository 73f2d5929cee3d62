# bar_apart.S - warp 0 waits at barrier 0 and warp 1 at barrier 1 (each for
# 2 warps) while warps 2 and 3 end (issue 19): a barrier deadlock (exit 7)
# naming both waiting warps and their different barriers' pcs.
# expect: 7
# message: waiting: w0@bar0(pc 0x8000002c) w1@bar1(pc 0x80000048)
#include "test.h"
START
    csrr a1, CSR_WID
    bnez a1, 1f
    li a1, 4
    la a2, _start
    WSPAWN(a1, a2)
    csrr a1, CSR_WID
1:  li a3, 2
    bgeu a1, a3, 3f         /* warps 2, 3 end */
    li a4, 2
    bnez a1, 2f
    BAR(x0, a4)             /* warp 0: barrier 0 */
    PASS
2:  li a5, 1
    BAR(a5, a4)             /* warp 1: barrier 1 */
    PASS
3:  TMC(x0)
COMMON_TAIL
