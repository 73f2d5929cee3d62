# bar.S - bar across all warps of the core: every warp stores its slot
# before the barrier and reads all slots after it (none may pass early);
# ids are taken mod NUM_BARRIERS (5 and 1 are the same barrier), several
# barriers in sequence, n <= 1 continues at once, rs1/rs2 come from the
# leader, a barrier for a subset of warps (n = 2: warps 0 and 1 only).
# expect: 0
#include "test.h"
START
    li t0, 1
    BAR(x0, t0)                 # n = 1: no wait
    BAR(x0, x0)                 # n = 0: no wait
    csrr s7, CSR_NWARPS
    mv a0, s7
    la a1, entry
    WSPAWN(a0, a1)
entry:
    csrr s7, CSR_NWARPS         # spawned warps start with zero registers
    csrr s2, CSR_TID
    csrr s3, CSR_WID
    la s8, slots
    li s9, 0                    # round
1:  addi s9, s9, 1
    slli t0, s3, 2
    add t0, t0, s8
    mul t1, s9, s7
    add t1, t1, s3
    sw t1, 0(t0)                # slot[w] = round * W + w
    # barrier id 5 in odd rounds, 1 in even rounds: the same barrier;
    # count and id from the leader (other lanes: junk)
    andi t2, s9, 1
    slli t2, t2, 2
    addi t2, t2, 1
    mul t3, s2, s2
    add t2, t2, t3              # lane 0: 1 or 5, other lanes larger
    slli t3, t3, 4
    add t4, s7, t3              # lane 0: W
    BAR(t2, t4)
    li t5, 0                    # all slots hold this round's values
2:  slli t0, t5, 2
    add t0, t0, s8
    lw t1, 0(t0)
    mul t3, s9, s7
    add t3, t3, t5
    beq t1, t3, 3f
    FAIL(1)
3:  addi t5, t5, 1
    bne t5, s7, 2b
    li t2, 2                    # second barrier (id 2) before the next round's stores
    BAR(t2, s7)
    li t0, 4
    bne s9, t0, 1b
    # warps 0 and 1 meet at barrier 3 with n = 2; the others end
    li t0, 2
    bltu s3, t0, 4f
    TMC(x0)
4:  li t0, 1
    beq s7, t0, 6f              # W = 1: nothing to meet
    bnez s3, 5f
    li t1, 0x77
    la t0, flag
    sw t1, 0(t0)
5:  li t2, 3
    li t3, 2
    BAR(t2, t3)
    la t0, flag
    lw t1, 0(t0)
    li t3, 0x77
    beq t1, t3, 6f
    FAIL(2)
6:  bnez s3, 7f
    PASS
7:  TMC(x0)
COMMON_TAIL
slots: .space 256
flag: .word 0
