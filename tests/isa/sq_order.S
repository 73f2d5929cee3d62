# sq_order.S - store-to-load ordering with the LSU's store queue (issue 21,
# docs/memory.md "Store queue"): every lane stores words, halves and bytes
# and at once loads the same, overlapping and partly overwritten words
# (sub-word merges), a neighbour lane's word, a word behind a fence and an
# unrelated word (a load that may pass the queue); bursts of back-to-back
# stores fill the queue. Eight rounds with different values. With the queue
# (the args below) a load that overtook a queued store to its word would
# read stale memory and fail here (and under co-simulation).
# args: --store-queue 2
#include "test.h"
START

    csrr s2, CSR_TID
    csrr s4, CSR_NTHREADS
    slli t0, s2, 6
    la s0, sqbuf
    add s0, s0, t0          # s0: this lane's 64-byte row
    addi t0, s2, 1
    remu t0, t0, s4         # the next lane (wraps)
    slli t1, t0, 6
    la s1, sqbuf
    add s1, s1, t1          # s1: the next lane's row
    li s3, 0                # round
1:  # values of this round: v1..v4 (s5..s8), the next lane's v1 in s9
    li t0, 0x01010101
    mul t1, s2, t0
    slli t2, s3, 4
    mul t2, t2, t0
    li s5, 0x11223344
    add s5, s5, t1
    add s5, s5, t2
    li s6, 0x55667788
    add s6, s6, t1
    sub s6, s6, t2
    li s7, 0x99aabbcc
    xor s7, s7, t1
    add s7, s7, t2
    li s8, 0xddeeff10
    sub s8, s8, t1
    xor s8, s8, t2
    addi t3, s2, 1
    remu t3, t3, s4
    mul t3, t3, t0
    li s9, 0x11223344
    add s9, s9, t3
    add s9, s9, t2
    # 1. a word, then the same word
    sw s5, 0(s0)
    lw a0, 0(s0)
    TCHECKR(a0, s5)
    # 2. word, byte and half into one word, then the word and its parts
    sw s6, 4(s0)
    sb s7, 5(s0)
    sh s8, 6(s0)
    lw a0, 4(s0)
    andi a1, s6, 0xff
    andi a2, s7, 0xff
    slli a2, a2, 8
    or a1, a1, a2
    slli a2, s8, 16
    or a1, a1, a2
    TCHECKR(a0, a1)
    lbu a0, 5(s0)
    andi a1, s7, 0xff
    TCHECKR(a0, a1)
    lh a0, 6(s0)
    slli a1, s8, 16
    srai a1, a1, 16
    TCHECKR(a0, a1)
    # 3. a burst of stores (fills the queue), a half over the last word,
    #    then the words back in another order
    sw s5, 16(s0)
    sw s6, 20(s0)
    sw s7, 24(s0)
    sw s8, 28(s0)
    sh s5, 30(s0)
    lw a0, 28(s0)
    slli a1, s8, 16
    srli a1, a1, 16
    slli a2, s5, 16
    or a1, a1, a2
    TCHECKR(a0, a1)
    lw a0, 16(s0)
    TCHECKR(a0, s5)
    lw a0, 24(s0)
    TCHECKR(a0, s7)
    lw a0, 20(s0)
    TCHECKR(a0, s6)
    # 4. a word built byte by byte, read as a word and as halves
    sb s6, 32(s0)
    srli t0, s6, 8
    sb t0, 33(s0)
    srli t0, s6, 16
    sb t0, 34(s0)
    srli t0, s6, 24
    sb t0, 35(s0)
    lw a0, 32(s0)
    TCHECKR(a0, s6)
    lhu a0, 34(s0)
    srli a1, s6, 16
    TCHECKR(a0, a1)
    # 5. the next lane's word, stored by the same warp instruction
    sw s9, 40(s1)
    lw a0, 40(s0)
    li t0, 0x01010101
    mul t1, s2, t0
    slli t2, s3, 4
    mul t2, t2, t0
    li a1, 0x11223344
    add a1, a1, t1
    add a1, a1, t2
    TCHECKR(a0, a1)
    # 6. a word behind a fence
    sw s7, 44(s0)
    fence
    lw a0, 44(s0)
    TCHECKR(a0, s7)
    # 7. an unrelated word between stores (may pass the queue)
    sw s8, 48(s0)
    la t0, sqconst
    lw a0, 0(t0)
    li a1, 0x5a5aa5a5
    TCHECKR(a0, a1)
    lhu a0, 50(s0)
    srli a1, s8, 16
    TCHECKR(a0, a1)
    addi s3, s3, 1
    li t0, 8
    bne s3, t0, 1b
    END_CHECKS(1)
    PASS
COMMON_TAIL
    .data
    .balign 64
sqconst: .word 0x5a5aa5a5
    .balign 64
sqbuf: .space 2048
