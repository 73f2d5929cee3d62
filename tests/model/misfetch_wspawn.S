# misfetch_wspawn.S - wspawn starts warp 1 at a pc that is not a multiple of
# 4 while warp 0 spins: the fault names warp 1, exit 5.
# expect: 5
# message: misaligned instruction fetch at pc 0x8000001e (core 0, warp 1
#include "test.h"
START
    csrr a1, CSR_WID
    bnez a1, 2f
    li a1, 2
    la a2, 1f
    addi a2, a2, 2
    WSPAWN(a1, a2)
1:  j 1b
2:  PASS
COMMON_TAIL
