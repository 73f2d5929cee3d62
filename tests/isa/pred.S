# pred.S - pred: a divergent loop where lane t runs t+1 iterations (the
# mask shrinks lane by lane; when no lane is left the saved mask comes back),
# pred keeping exactly the lanes with a non-zero rs1, the fallback mask from
# the leader cut to T bits, and a zero fallback ending the warp.
# expect: 0
#include "test.h"
START
    csrr s6, CSR_TMASK
    csrr s2, CSR_TID
    addi a1, s2, 1              # trip count
    li a2, 0
    li a3, 0                    # per lane: sum of the masks seen
1:  addi a2, a2, 1
    csrr t0, CSR_TMASK
    add a3, a3, t0
    sub a4, a1, a2              # remaining
    PRED(a4, s6)
    bnez a4, 1b
    csrr t0, CSR_TMASK
    TCHECKR(t0, s6)
    TCHECKR(a2, a1)             # lane t iterated t+1 times
    # masks seen by lane t: in iteration i (0..t) the lanes >= i
    # sum over i of (full & ~((1 << i) - 1))
    li t1, 0
    li t2, 0                    # i, uniform loop over 0..T-1
    csrr t4, CSR_NTHREADS
2:  li t3, 1
    sll t3, t3, t2
    addi t3, t3, -1
    not t3, t3
    and t3, t3, s6
    sltu t5, t2, a1             # i <= t
    mul t3, t3, t5
    add t1, t1, t3
    addi t2, t2, 1
    bne t2, t4, 2b
    TCHECKR(a3, t1)
    END_CHECKS(1)
    # pred keeps exactly the lanes with rs1 != 0: odd lanes
    andi a4, s2, 1
    li a5, 0
    csrr t0, CSR_NTHREADS
    li t1, 1
    beq t0, t1, 3f              # T = 1: no odd lane
    PRED(a4, s6)
    csrr a5, CSR_TMASK
    TMC(s6)
    li t1, 0xaaaaaaaa
    and t1, t1, s6
    mul t1, t1, a4
    TCHECKR(a5, t1)
3:  END_CHECKS(2)
    # fallback from the leader, cut to T bits: leader lane 0 gives
    # full + 2 = (1 << T) + 1 (T < 32) or 1 (T = 32); cut to T bits: lane 0 only
    addi a4, s6, 2
    csrr t0, CSR_TID
    add a4, a4, t0              # other lanes other values
    li a5, 0
    PRED(x0, a4)
    csrr a5, CSR_TMASK          # lane 0 only (0x101 & full = 1)
    TMC(s6)
    seqz t0, s2
    TCHECKR(a5, t0)
    END_CHECKS(3)
    # zero fallback ends the warp (exit 0 with no tohost store)
    PRED(x0, x0)
    FAIL(4)
COMMON_TAIL
