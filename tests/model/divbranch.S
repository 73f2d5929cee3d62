# divbranch.S - divergence ipdom with the branch check (the default): a plain
# branch on which the active threads disagree stops the run (exit 7) with
# its pc and the threads that do not follow the leader (docs/isa.md).
# expect: 7
# message: divergent branch at pc 0x80000008 (core 0, warp 0): threads 0xa do not go where the leader goes
#include "test.h"
START
    csrr t0, CSR_TID
    andi t0, t0, 1
    bnez t0, 1f               # threads 1 and 3 would take it, the leader not
    nop
1:  PASS
COMMON_TAIL
