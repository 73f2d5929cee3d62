# end.S - a run ends normally when every warp has ended (tmc 0, or pred with
# a zero fallback); nothing after the ending instruction executes.
# args: --warps 2
# expect: 0
#include "test.h"
START
    csrr a1, CSR_WID
    bnez a1, w1
    li a1, 2
    la a2, _start
    WSPAWN(a1, a2)
    TMC(x0)
    FAIL(1)
w1: PRED(x0, x0)
    FAIL(2)
COMMON_TAIL
