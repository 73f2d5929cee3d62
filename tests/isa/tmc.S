# tmc.S - tmc: every single-lane mask (the lane becomes leader and only it
# writes), subsets, bits above T cut off, registers of inactive lanes kept,
# restoring the full mask, the leader's rs1 decides, and tmc 0 ending the
# warp (nothing after it runs; the run ends with all warps done and no
# tohost store).
# expect: 0
#include "test.h"
START
    csrr s6, CSR_TMASK          # full
    csrr s4, CSR_NTHREADS
    csrr s2, CSR_TID
    li a5, 0                    # per lane: how often it was active
    li a0, -1
    li a1, -1
    li s5, 0                    # L
1:  li t0, 1
    sll t0, t0, s5
    TMC(t0)
    csrr a0, CSR_TMASK          # only lane L runs this
    addi a5, a5, 1
    csrr a1, CSR_TID
    TMC(s6)
    addi s5, s5, 1
    bne s5, s4, 1b
    li t0, 1
    sll t0, t0, s2
    TCHECKR(a0, t0)             # lane t saw mask 1 << t
    TCHECKR(a1, s2)             # and tid t
    TCHECK(a5, 1)               # and ran exactly once
    END_CHECKS(1)
    # odd lanes only (T > 1); bits above T are cut (0xaaaaaaaa & full)
    li t1, 1
    beq s4, t1, 4f
    li a5, 0
    li a0, 0
    li t0, 0xaaaaaaaa
    TMC(t0)
    csrr a0, CSR_TMASK
    li a5, 1
    TMC(s6)
    andi t0, s2, 1
    TCHECKR(a5, t0)             # only odd lanes set a5
    li t1, 0xaaaaaaaa
    and t1, t1, s6
    mul t1, t1, t0              # odd lanes: the cut mask, even lanes: 0
    TCHECKR(a0, t1)
4:  END_CHECKS(2)
    # leader = lowest active lane: tmc takes rs1 of the leader
    li t0, 0xc                  # lanes 2, 3 (if present)
    and t0, t0, s6
    beqz t0, 6f
    li a0, 4
    li a2, 0
    TMC(t0)
    csrr t1, CSR_TID            # lane 2: 2, lane 3: 3
    li t2, 1
    sll t1, t2, t1              # lane 2: 4, lane 3: 8
    TMC(t1)                     # leader lane 2: mask 4
    csrr a0, CSR_TMASK
    li a2, 1
    TMC(s6)
    TCHECK(a0, 4)
    addi t0, s2, -2
    seqz t0, t0
    TCHECKR(a2, t0)             # only lane 2 ran after the second tmc
    END_CHECKS(3)
6:  # tmc 0 ends the warp: the FAIL is never reached, the run ends with exit 0
    TMC(x0)
    FAIL(4)
COMMON_TAIL
