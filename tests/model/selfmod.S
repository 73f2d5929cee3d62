# selfmod.S - a store over an already executed (so already decoded)
# instruction takes effect: the model's decoded-instruction cache entry is
# invalidated by the store.
# args: --max-cycles 10000
# expect: 0
#include "test.h"
START
    li s0, 0
1:  addi s0, s0, 1
3:  j 5f                      # patched into a nop after the first pass
    li t0, 2
    beq s0, t0, 6f
    FAIL(1)
6:  PASS
5:  li t0, 1
    bne s0, t0, 7f            # executed the old jump twice: stale decode
    la t1, 3b
    la t2, 4f
    lw t2, 0(t2)
    sw t2, 0(t1)
    fence.i
    j 1b
7:  FAIL(2)
4:  nop
COMMON_TAIL
