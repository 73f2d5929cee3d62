# tohost_pass.S - the tohost symbol: a zero store is no request, 1 passes and
# ends the run at once.
# expect: 0
#include "test.h"
START
    la t0, tohost
    sw zero, 0(t0)
    li t1, 1
    sw t1, 0(t0)
    FAIL(1)
COMMON_TAIL
    .globl tohost
    .balign 8
tohost: .word 0, 0
