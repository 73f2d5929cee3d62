# wspawn.S - wspawn n=0 and n=1 spawn nothing; n > W is clamped to W;
# spawned warps start at pc with the full mask; an active warp is left
# alone by a second wspawn; rs1/rs2 come from the leader (lane values
# differ); the issuing warp continues at pc+4; ended warps can be respawned.
# Synchronisation by barriers only (no spin loops on another warp's stores).
# expect: 0
#include "test.h"
START
    csrr s7, CSR_NWARPS
    la s8, flags
    li a0, 0
    la a1, bad
    WSPAWN(a0, a1)              # n = 0: nothing
    li a0, 1
    WSPAWN(a0, a1)              # n = 1: nothing (warp 0 is active anyway)
    # leader's operands: lane 0 gives n = 1000 and pc = worker, others junk
    csrr t0, CSR_TID
    li a0, 1000
    la a1, worker
    beqz t0, 1f                 # uniform branch (leader lane 0), then per-lane junk via mul
1:  mul t1, t0, t0
    add a0, a0, t1              # lane 0: 1000, others larger
    slli t1, t1, 2
    add a1, a1, t1              # lane 0: worker, others elsewhere
    WSPAWN(a0, a1)
    la a1, bad
    WSPAWN(a0, a1)              # the workers are active: no effect
    # the workers record their flag, then all W warps meet at barrier 1
    li a2, 1
    BAR(a2, s7)
    li a3, 1
2:  bgeu a3, s7, 3f
    slli t0, a3, 2
    add t0, t0, s8
    lw t1, 0(t0)
    li t2, 2
    beq t1, t2, 4f
    FAIL(5)
4:  addi a3, a3, 1
    j 2b
3:  # respawn the ended warps after a second barrier (they end right after it)
    li a2, 2
    BAR(a2, s7)
    li t1, 100
5:  addi t1, t1, -1
    bnez t1, 5b
    mv a0, s7
    la a1, second
    WSPAWN(a0, a1)
    li a2, 3
    BAR(a2, s7)
    li a3, 1
6:  bgeu a3, s7, 7f
    slli t0, a3, 2
    add t0, t0, s8
    lw t1, 0(t0)
    li t2, 3
    beq t1, t2, 8f
    FAIL(6)
8:  addi a3, a3, 1
    j 6b
7:  PASS
worker:
    csrr a0, CSR_TMASK
    csrr a1, CSR_NTHREADS
    li t0, 1
    sll t0, t0, a1
    addi t0, t0, -1
    li t1, 32
    bne a1, t1, 1f
    li t0, -1
1:  beq a0, t0, 2f
    FAIL(1)
2:  csrr a2, CSR_WID
    bnez a2, 3f
    FAIL(2)                     # warp 0 never runs worker
3:  slli t0, a2, 2
    la t1, flags
    add t1, t1, t0
    li t2, 1
    sw t2, 0(t1)
    li t2, 2
    sw t2, 0(t1)
    csrr t3, CSR_NWARPS
    li t4, 1
    BAR(t4, t3)
    li t4, 2
    BAR(t4, t3)
    TMC(x0)
second:
    csrr a2, CSR_WID
    slli t0, a2, 2
    la t1, flags
    add t1, t1, t0
    lw t2, 0(t1)
    li t3, 2
    beq t2, t3, 1f
    FAIL(3)
1:  li t2, 3
    sw t2, 0(t1)
    csrr t3, CSR_NWARPS
    li t4, 3
    BAR(t4, t3)
    TMC(x0)
bad:
    FAIL(4)
COMMON_TAIL
flags: .space 256
