# tmc.S - thread mask control: only active threads execute; operands and
# branch decisions come from the leader (lowest active thread); mask bits
# above T are dropped.
# args: --threads 8 --branch-check off
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr a1, CSR_TID
    slli s1, a1, 2
    la s0, area
    add s0, s0, s1            # &area[tid]
    li a2, 0xa5               # threads 0, 2, 5, 7
    TMC(a2)
    csrr a3, CSR_TMASK
    addi a4, a1, 1
    sw a4, 0(s0)              # only active threads store
    li a2, 0xff
    TMC(a2)
    CHECK(1, a3, 0xa5)
    # area[t] = t+1 for t in {0,2,5,7}, else 0
    li t0, 0xa5
    srl t0, t0, a1
    andi t0, t0, 1
    mul t0, t0, a4            # expected
    lw t1, 0(s0)
    xor t1, t1, t0
    snez t1, t1
    or s11, s11, t1
    END_CHECKS(2)
    # leader operand: active {2, 5, 7}; thread 2 offers 0x0c, others 0xff
    li a2, 0xa4
    TMC(a2)
    li a5, 0xff
    li t0, 2
    bne a1, t0, 1f            # warp-wide: leader (thread 2) falls through
    li a5, 0x0c
1:  TMC(a5)
    csrr a3, CSR_TMASK
    PUBLISH(a3)
    li a2, 0xff
    TMC(a2)
    FETCH(a3)
    CHECK(3, a3, 0x0c)
    # the same with per-thread operands and no branch: thread 2 offers 0x30
    li a2, 0xa4
    TMC(a2)
    li t0, 2
    xor t0, t0, a1
    seqz t0, t0               # 1 in thread 2
    li t1, 0xcf
    mul t1, t1, t0
    li a5, 0xff
    sub a5, a5, t1            # thread 2: 0x30, others 0xff
    TMC(a5)
    csrr a3, CSR_TMASK
    PUBLISH(a3)
    li a2, 0xff
    TMC(a2)
    FETCH(a3)
    CHECK(7, a3, 0x30)
    # branch follows the leader even if other threads disagree
    li a6, 0
    beqz a1, 2f               # thread 0 (leader) has tid 0: taken for all
    li a6, 1
2:  TCHECK(a6, 0)
    END_CHECKS(4)
    # bits above T are ignored
    li a2, 0xffff0005
    TMC(a2)
    csrr a3, CSR_TMASK
    li a2, -1
    TMC(a2)
    CHECK(5, a3, 0x05)
    csrr a3, CSR_TMASK
    CHECK(6, a3, 0xff)
    PASS
COMMON_TAIL
    .balign 4
area: .space 32
