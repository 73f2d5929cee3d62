# split_join.S - IPDOM divergence: if/else on odd/even threads, nested
# divergence: an if-else on odd/even threads, a nested if-else, uniform splits (all true / all false), full mask after join.
# args: --threads 8 --branch-check off
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr a1, CSR_TID
    andi a2, a1, 1            # odd
    srli a3, a1, 1
    andi a3, a3, 1            # bit 1
    li a4, 0                  # result
    li s2, 0                  # join count (per thread)
    # a4 = odd ? 100 : 200
    SPLIT(a2)
    beqz a2, 1f
    li a4, 100
    j 2f
1:  li a4, 200
2:  JOIN
    csrr a5, CSR_TMASK
    CHECK(1, a5, 0xff)
    li t0, 100
    bnez a2, 3f
    li t0, 200
3:  nop
    # the branch above is divergent without split: it follows the leader
    # (thread 0, even) so every thread has t0 = 200; compute the expected value
    # arithmetically instead
    li t0, 200
    li t1, 100
    mul t1, t1, a2
    sub t0, t0, t1            # 200 - 100 * odd
    xor t0, t0, a4
    snez t0, t0
    or s11, s11, t0
    END_CHECKS(2)
    # nested: leaf(b0, b1) = 1 + 2*b0 + b1
    li a4, 0
    SPLIT(a2)
    beqz a2, 10f
      SPLIT(a3)
      beqz a3, 11f
        li a4, 4
        j 12f
11:     li a4, 3
12:   JOIN
    j 13f
10:   SPLIT(a3)
      beqz a3, 14f
        li a4, 2
        j 15f
14:     li a4, 1
15:   JOIN
13: JOIN
    csrr a5, CSR_TMASK
    CHECK(3, a5, 0xff)
    slli t0, a2, 1
    add t0, t0, a3
    addi t0, t0, 1
    xor t0, t0, a4
    snez t0, t0
    or s11, s11, t0
    END_CHECKS(4)
    # uniform true: the then-part runs once with the full mask, else never
    li a6, 1
    li a7, 0
    SPLIT(a6)
    beqz a6, 20f
    csrr a5, CSR_TMASK
    addi a7, a7, 1
    j 21f
20: addi a7, a7, 10
21: JOIN
    CHECK(5, a5, 0xff)
    CHECK(6, a7, 1)
    # uniform false
    li a7, 0
    SPLIT(x0)
    bnez x0, 22f
    csrr a5, CSR_TMASK
    addi a7, a7, 1
    j 23f
22: addi a7, a7, 10
23: JOIN
    CHECK(7, a5, 0xff)
    CHECK(8, a7, 1)
    # a split inside a partial mask: active {1,3,5,7} split on bit 1
    li t0, 0xaa
    TMC(t0)
    li a4, 0
    SPLIT(a3)
    beqz a3, 30f
    csrr a5, CSR_TMASK        # {3, 7}
    j 31f
30: csrr a5, CSR_TMASK        # {1, 5}
31: JOIN
    csrr a6, CSR_TMASK
    PUBLISH(a6)
    li t0, 0xff
    TMC(t0)
    FETCH(a6)
    CHECK(9, a6, 0xaa)
    # thread 1 took the else path (0x22), thread 3 the then path (0x88)
    la t0, save
    slli t1, a1, 2
    add t0, t0, t1
    sw a5, 0(t0)
    la t0, save
    lw t1, 4(t0)
    CHECK(10, t1, 0x22)
    lw t1, 12(t0)
    CHECK(11, t1, 0x88)
    PASS
COMMON_TAIL
    .balign 4
save: .space 32
