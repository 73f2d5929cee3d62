# divjalr.S - divergence ipdom with the branch check: a jalr whose active
# threads have different targets stops the run (exit 7).
# expect: 7
# message: divergent branch at pc 0x80000018 (core 0, warp 0): threads 0xc do not go where the leader goes
#include "test.h"
START
    csrr t0, CSR_TID
    srli t0, t0, 1            # 0 0 1 1
    slli t0, t0, 2
    la t1, 1f
    add t1, t1, t0
    jalr x0, 0(t1)            # threads 2, 3 go to 1f + 4
1:  nop
    PASS
COMMON_TAIL
