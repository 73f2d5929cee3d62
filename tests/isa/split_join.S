# split_join.S - split/join: uniform true, uniform false (one UNIFORM entry,
# the else part never / always runs), divergent if/else on tid bit 0
# (taken lanes first, then the others, full mask after the join), if
# without else, nesting three deep on tid bits 0..2 (every lane gets its own
# leaf value), a split under a partial mask, and many split/join pairs in a
# row (the IPDOM stack is balanced). Checks every lane.
# expect: 0
#include "test.h"
START
    csrr s6, CSR_TMASK
    csrr s2, CSR_TID
    andi s3, s2, 1              # bit 0
    srli s4, s2, 1
    andi s4, s4, 1              # bit 1
    srli s5, s2, 2
    andi s5, s5, 1              # bit 2
    # uniform true: then part once with the full mask
    li a0, 1
    li a1, 0
    SPLIT(a0)
    beqz a0, 1f
    csrr a2, CSR_TMASK
    addi a1, a1, 1
    j 2f
1:  addi a1, a1, 10
2:  JOIN
    TCHECKR(a2, s6)
    TCHECK(a1, 1)
    csrr t0, CSR_TMASK
    TCHECKR(t0, s6)
    # uniform false
    li a1, 0
    SPLIT(x0)
    bnez x0, 3f
    csrr a2, CSR_TMASK
    addi a1, a1, 1
    j 4f
3:  addi a1, a1, 10
4:  JOIN
    TCHECKR(a2, s6)
    TCHECK(a1, 1)
    END_CHECKS(1)
    # divergent if/else: a0 = odd ? 100 + tid : 200 - tid; the mask seen
    # in each part is the set of odd / even lanes
    li a4, 0x55555555
    and a4, a4, s6              # even lanes
    xor a5, a4, s6              # odd lanes
    SPLIT(s3)
    beqz s3, 5f
    addi a0, s2, 100
    csrr a2, CSR_TMASK
    j 6f
5:  li a0, 200
    sub a0, a0, s2
    csrr a2, CSR_TMASK
6:  JOIN
    csrr t0, CSR_TMASK
    TCHECKR(t0, s6)
    li t1, 100                  # expected: 200 - tid + odd * (2 tid - 100)
    slli t2, s2, 1
    sub t2, t2, t1
    mul t2, t2, s3
    li t1, 200
    sub t1, t1, s2
    add t1, t1, t2
    TCHECKR(a0, t1)
    sub t1, a5, a4              # expected mask: even ? a4 : a5 = a4 + odd * (a5 - a4)
    mul t1, t1, s3
    add t1, t1, a4
    TCHECKR(a2, t1)
    END_CHECKS(2)
    # only odd lanes add (no else part)
    li a0, 7
    SPLIT(s3)
    beqz s3, 7f
    addi a0, a0, 5
7:  JOIN
    slli t0, s3, 2
    add t0, t0, s3
    addi t0, t0, 7
    TCHECKR(a0, t0)
    END_CHECKS(3)
    # nested three deep: leaf = 1 + b0 + 2 b1 + 4 b2, join counts 3 per lane
    li a0, 0
    li a1, 0
    SPLIT(s3)
    beqz s3, 20f
      SPLIT(s4)
      beqz s4, 21f
        SPLIT(s5)
        beqz s5, 22f
          li a0, 8
          j 23f
22:       li a0, 4
23:     JOIN
        j 24f
21:     SPLIT(s5)
        beqz s5, 25f
          li a0, 6
          j 26f
25:       li a0, 2
26:     JOIN
24:   JOIN
      j 27f
20:   SPLIT(s4)
      beqz s4, 28f
        SPLIT(s5)
        beqz s5, 29f
          li a0, 7
          j 30f
29:       li a0, 3
30:     JOIN
        j 31f
28:     SPLIT(s5)
        beqz s5, 32f
          li a0, 5
          j 33f
32:       li a0, 1
33:     JOIN
31:   JOIN
27: JOIN
    csrr t0, CSR_TMASK
    TCHECKR(t0, s6)
    slli t0, s4, 1
    add t0, t0, s3
    slli t1, s5, 2
    add t0, t0, t1
    addi t0, t0, 1
    TCHECKR(a0, t0)
    END_CHECKS(4)
    # split under a partial mask (odd lanes) on bit 1
    li t0, 0xaaaaaaaa
    and t0, t0, s6
    beqz t0, 40f                # T = 1: skip
    li a0, 0
    TMC(t0)
    SPLIT(s4)
    beqz s4, 41f
    li a0, 1
    csrr a2, CSR_TMASK
    j 42f
41: li a0, 2
    csrr a2, CSR_TMASK
42: JOIN
    csrr a3, CSR_TMASK          # the odd lanes again
    TMC(s6)
    # expected: even lanes a0 = 0; odd lanes 2 - b1
    sub t0, x0, s4
    addi t0, t0, 2
    mul t0, t0, s3
    TCHECKR(a0, t0)
    li t1, 0xaaaaaaaa
    and t1, t1, s6
    mul t1, t1, s3
    mul t2, a3, s3
    TCHECKR(t2, t1)
    # a2 of odd lanes: the odd lanes whose bit 1 equals theirs
    li t1, 0x88888888           # odd with bit 1 set (3, 7, ...)
    li t3, 0x22222222           # odd with bit 1 clear (1, 5, ...)
    sub t1, t1, t3
    mul t1, t1, s4
    add t1, t1, t3
    and t1, t1, s6
    mul t1, t1, s3
    mul t2, a2, s3
    TCHECKR(t2, t1)
40: END_CHECKS(5)
    # 50 divergent split/join pairs in a row: the stack stays balanced
    li s7, 50
    li a0, 0
50: SPLIT(s3)
    beqz s3, 51f
    addi a0, a0, 1
    j 52f
51: addi a0, a0, 2
52: JOIN
    addi s7, s7, -1
    bnez s7, 50b
    li t0, 100
    li t1, 50
    mul t1, t1, s3
    sub t0, t0, t1
    TCHECKR(a0, t0)
    END_CHECKS(6)
    PASS
COMMON_TAIL
