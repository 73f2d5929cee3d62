# bar_exit.S - warps 0 and 1 wait at barrier 0 for 4 warps while warps 2 and
# 3 end (issue 19): a barrier deadlock (exit 7) that names the waiting warps
# and the pcs of their barriers, on both engines.
# expect: 7
# message: waiting: w0@bar0(pc 0x80000028) w1@bar0(pc 0x80000028)
#include "test.h"
START
    csrr a1, CSR_WID
    bnez a1, 1f
    li a1, 4
    la a2, _start
    WSPAWN(a1, a2)
    csrr a1, CSR_WID
1:  li a3, 2
    bgeu a1, a3, 2f         /* warps 2, 3 end */
    li a4, 4
    BAR(x0, a4)             /* warps 0, 1 wait for 4 */
    PASS
2:  TMC(x0)
COMMON_TAIL
