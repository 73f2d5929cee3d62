# tohost_fail.S - tohost value (5 << 1) | 1 reports failure 5: exit code 10.
# expect: 10
# message: failure 5
#include "test.h"
START
    la t0, tohost
    li t1, 11
    sw t1, 0(t0)
1:  j 1b
COMMON_TAIL
    .globl tohost
    .balign 8
tohost: .word 0, 0
