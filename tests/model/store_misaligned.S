# store_misaligned.S - a word store to an address that is not a multiple of 4 (only thread 2).
# args: --threads 4
# expect: 5
# message: misaligned sw at address
#include "test.h"
START
    csrr a1, CSR_TID
    li t0, 2
    sub a1, a1, t0
    seqz a1, a1
    slli a1, a1, 1
    la a0, buf
    add a0, a0, a1
    sw a1, 0(a0)
    PASS
COMMON_TAIL
buf: .space 16
