# rows_war.S - warp rows (lanes < threads, docs/architecture.md "Warp rows"):
# a unit's sequencer reads rows 1..R-1 of its operands from the register
# file after dispatch, so a younger instruction of the warp that overwrites
# one of those source registers must wait (write-after-read hold). Each
# block overwrites the sources right after a divide, a multiply, a store
# (data and address), a shfl and a vote, with per-lane values, and checks
# every lane against the same operation done on untouched copies; between
# them independent ALU work makes the divider's late row reads share the
# read ports with dispatches. Passes on any configuration (with L = T there
# are no late rows); on w4t4l2 (make test, isa-w4t4l2) without the hold the
# divide's second row would read the overwritten registers.
# expect: 0
#include "test.h"
#define VBAL(rd, rs1)       .insn r 0x0B, 2, 1, rd, rs1, x0
#define SHIDX(rd, rs1, rs2) .insn r 0x0B, 4, 1, rd, rs1, rs2
START
    csrr s2, CSR_TID
    csrr s4, CSR_NTHREADS
    li s3, 0                    # round
1:  slli t0, s2, 5
    add t0, t0, s3
    addi a1, t0, 1000           # a1 = 1000 + 32 t + round
    addi a2, s2, 3
    add a2, a2, s3              # a2 = 3 + t + round
    # references on copies (their registers are not overwritten)
    mv t3, a1
    mv t4, a2
    divu s5, t3, t4
    remu s6, t3, t4
    mul s7, t3, t4
    # ---- divide: overwrite both sources at once
    divu a0, a1, a2
    addi a1, a1, 77
    li a2, 0
    TCHECKR(a0, s5)
    # ---- divide with independent ALU work behind it (port sharing)
    mv a1, t3
    mv a2, t4
    remu a0, a1, a2
    addi s8, s2, 1
    addi s8, s8, 2
    addi s9, s8, 3
    xor s9, s9, s8
    addi a2, a2, 5              # WAR on rs2 after the ALU work
    TCHECKR(a0, s6)
    # ---- multiply, then overwrite rs1 and rs2
    mv a1, t3
    mv a2, t4
    mul a0, a1, a2
    addi a2, a2, 1
    addi a1, x0, 9
    TCHECKR(a0, s7)
    # ---- store: data and address registers overwritten behind it; a
    # divide just before shares the read ports with the store's rows
    la t1, buf
    slli t0, s2, 2
    add t1, t1, t0
    mv a1, t3
    mv a3, t1
    divu a0, t3, t4
    sw a1, 0(a3)
    addi a1, a1, 3
    addi a3, a3, 64
    lw t2, 0(t1)
    TCHECKR(t2, t3)
    TCHECKR(a0, s5)
    # ---- shfl.idx from lane (t + 1) mod T, then overwrite both sources
    mv a1, t3
    addi a2, s2, 1
    addi t0, s4, -1
    and a2, a2, t0              # T is a power of two
    SHIDX(a0, a1, a2)
    addi a1, a1, 1
    li a2, 0
    addi t5, s2, 1
    addi t0, s4, -1
    and t5, t5, t0
    slli t5, t5, 5
    add t5, t5, s3
    addi t5, t5, 1000           # a1 of lane (t + 1) mod T
    TCHECKR(a0, t5)
    # ---- vote.ballot of (t odd), then overwrite the source
    andi a1, s2, 1
    VBAL(a0, a1)
    li a1, 1
    li t5, 0xaaaaaaaa
    li t0, -1
    li t6, 32
    sub t6, t6, s4
    srl t0, t0, t6              # T ones
    and t5, t5, t0
    TCHECKR(a0, t5)
    addi s3, s3, 1
    li t0, 6
    bne s3, t0, 1b
    END_CHECKS(1)
    PASS
    COMMON_TAIL
    .data
    .balign 64
buf: .space 256
