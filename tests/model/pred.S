# pred.S - divergent loop exit with pred: thread t loops t+1 times; when no
# thread is left, pred restores the saved mask. A zero fallback ends the warp.
# args: --threads 8 --branch-check off
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr a1, CSR_TID
    addi a1, a1, 1            # trip count
    li a2, 0
    csrr s0, CSR_TMASK
1:  addi a2, a2, 1
    sub a3, a1, a2            # remaining
    PRED(a3, s0)
    bnez a3, 1b               # leader decides; after the last thread, mask = s0
    csrr a5, CSR_TMASK
    CHECK(1, a5, 0xff)
    xor t0, a1, a2            # a2 == tid + 1
    snez t0, t0
    or s11, s11, t0
    END_CHECKS(2)
    # pred with some threads true keeps exactly those
    csrr a1, CSR_TID
    andi a4, a1, 4            # threads 4..7
    PRED(a4, s0)
    csrr a5, CSR_TMASK
    PUBLISH(a5)
    li t0, 0xff
    TMC(t0)
    FETCH(a5)
    CHECK(3, a5, 0xf0)
    # fallback mask comes from the leader and is cut to T bits
    li a4, 0x103
    PRED(x0, a4)
    csrr a5, CSR_TMASK
    li t0, 0xff
    TMC(t0)
    CHECK(4, a5, 0x03)
    PASS
COMMON_TAIL
