# minpc.S - divergence minpc (docs/isa.md "Divergence modes"): per-thread
# branches, loops, jalr targets and calls with no split/join; the warp runs
# the threads at the lowest pc of the deepest call level and they merge where
# their pcs meet; split/join/pred change nothing; a bar in a divergent arm
# parks its threads until the rest of the warp arrives.
# args: --threads 8 --divergence minpc
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr s1, CSR_TID
    andi s2, s1, 1            # odd threads
    # forward branch: the not-taken (even) threads have the lower pc and run first
    bnez s2, 1f
    csrr t0, CSR_TMASK
    TCHECK(t0, 0x55)
    addi s3, s1, 100          # even: tid + 100
    j 2f
1:  csrr t0, CSR_TMASK
    TCHECK(t0, 0xaa)
    addi s3, s1, 200          # odd: tid + 200
2:  csrr t0, CSR_TMASK        # merged again
    TCHECK(t0, 0xff)
    # a backward loop with a per-thread trip count: tid + 1 iterations
    li s4, 0
    addi s5, s1, 1
3:  addi s4, s4, 1
    addi s5, s5, -1
    bnez s5, 3b
    csrr t0, CSR_TMASK
    TCHECK(t0, 0xff)
    addi t1, s1, 1
    xor t1, t1, s4
    snez t1, t1
    or s11, s11, t1
    # jalr to a per-thread target (function pointer table), a call and a return
    la t1, ftab
    slli t0, s2, 2
    add t1, t1, t0
    lw t1, 0(t1)
    jalr ra, 0(t1)            # even: f_even (s6 = 7), odd: f_odd (s6 = 9 + call)
    csrr t0, CSR_TMASK
    TCHECK(t0, 0xff)
    # split/join/pred are no-ops for the mask
    SPLIT(s2)
    csrr t0, CSR_TMASK
    TCHECK(t0, 0xff)
    PRED(s2, x0)
    csrr t0, CSR_TMASK
    TCHECK(t0, 0xff)
    JOIN
    # a bar in a divergent arm: the even threads park, the odd ones arrive
    li t2, 1
    bnez s2, 4f
    BAR(x0, t2)
4:  BAR(x0, t2)
    csrr t0, CSR_TMASK
    TCHECK(t0, 0xff)
    # results
    li t0, 100
    add t0, t0, s1
    li t1, 7
    beqz s2, 5f
    li t0, 200
    add t0, t0, s1
    li t1, 10
5:  xor t0, t0, s3
    snez t0, t0
    or s11, s11, t0
    xor t1, t1, s6
    snez t1, t1
    or s11, s11, t1
    END_CHECKS(1)
    PASS
f_even:
    li s6, 7
    ret
f_odd:
    mv s7, ra
    jal ra, f_leaf            # a call two levels deep
    addi s6, s6, 9
    mv ra, s7
    ret                       # jalr x0, 0(ra): a return (depth - 1)
f_leaf:
    li s6, 1
    ret
    .data
    .balign 4
ftab: .word f_even, f_odd
COMMON_TAIL
