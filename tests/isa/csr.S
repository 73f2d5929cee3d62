# csr.S - every CSR of docs/isa.md, read with csrrs/csrrc/csrrsi/csrrci and
# x0 / zimm 0: tid, wid, cid, mhartid = (cid*W + wid)*T + tid, tmask,
# nthreads/nwarps/ncores, instret/minstret (exact differences, high words
# zero), cycle/mcycle (increasing, high words), launch (a zeroed descriptor
# for a bare run). Runs on all warps of all cores: warp 0 of each core spawns
# the others; every warp checks per lane, and a failure stops the run.
# expect: 0
#include "test.h"
    .section .text.start, "ax"; .globl _start
_start:
    li s11, 0
    csrr a0, CSR_NWARPS
    la a1, entry
    WSPAWN(a0, a1)
entry:
    li s11, 0
    csrr s2, CSR_TID
    csrrc s3, CSR_WID, x0
    csrrsi s4, CSR_CID, 0
    csrrci s5, CSR_MHARTID, 0
    csrrs s6, CSR_NTHREADS, x0
    csrrc s7, CSR_NWARPS, x0
    csrrsi s8, CSR_NCORES, 0
    csrrci s9, CSR_TMASK, 0
    # tid < T, wid < W, cid < C (per lane)
    sltu t0, s2, s6
    xori t0, t0, 1
    or s11, s11, t0
    sltu t0, s3, s7
    xori t0, t0, 1
    or s11, s11, t0
    sltu t0, s4, s8
    xori t0, t0, 1
    or s11, s11, t0
    # mhartid
    mul t0, s4, s7
    add t0, t0, s3
    mul t0, t0, s6
    add t0, t0, s2
    TCHECKR(s5, t0)
    # full mask = (1 << T) - 1 (T = 32 -> 0xffffffff)
    li t0, 1
    sll t0, t0, s6
    addi t0, t0, -1
    li t1, 32
    bne s6, t1, 1f
    li t0, -1
1:  TCHECKR(s9, t0)
    # instret: exact counts, both names, high words zero
    csrr a0, CSR_INSTRET
    nop
    nop
    csrr a1, CSR_MINSTRET
    sub a2, a1, a0
    TCHECK(a2, 3)
    csrr a0, CSR_INSTRETH
    TCHECK(a0, 0)
    csrrsi a0, CSR_MINSTRETH, 0
    TCHECK(a0, 0)
    # cycle: increasing; mcycle the same counter; high words zero
    csrr a0, CSR_CYCLE
    csrr a1, CSR_MCYCLE
    csrr a2, CSR_CYCLE
    sltu t0, a0, a1
    xori t0, t0, 1
    or s11, s11, t0
    sltu t0, a1, a2
    xori t0, t0, 1
    or s11, s11, t0
    csrr a0, CSR_CYCLEH
    TCHECK(a0, 0)
    csrrc a0, CSR_MCYCLEH, x0
    TCHECK(a0, 0)
    # launch: a 64-byte aligned RAM address; a bare run's descriptor is zero
    csrr a0, CSR_LAUNCH
    andi t0, a0, 63
    TCHECK(t0, 0)
    li t1, 0x80000000
    sltu t0, a0, t1
    or s11, s11, t0
    lw t0, 0(a0)
    or t1, t0, x0
    lw t0, 4(a0)
    or t1, t1, t0
    lw t0, 28(a0)
    or t1, t1, t0
    lw t0, 32(a0)
    or t1, t1, t0
    TCHECK(t1, 0)
    # instret counts warp instructions, not thread instructions: under a
    # one-lane mask the difference is the same
    csrr s10, CSR_TMASK
    li t0, 1
    TMC(t0)
    csrr a0, CSR_INSTRET
    csrr a1, CSR_TMASK
    csrr a2, CSR_INSTRET
    sub a2, a2, a0            # checked under the one-lane mask: the other lanes'
    li t0, 2                  # a2 are stale (the ipdom branch check would stop a
    bne a2, t0, 2f            # branch on which they disagree)
    li t0, 1
    bne a1, t0, 2f
    TMC(s10)
    j 3f
2:  FAIL(1)
3:  # any lane with a mismatch: the split puts it first, and it fails
    SPLIT(s11)
    beqz s11, 4f
    FAIL(2)
4:  JOIN
    # tids of the lanes are 0..T-1 exactly once: sum = T(T-1)/2 via a shared
    # slot per warp
    la t0, sums
    csrr t1, CSR_MHARTID
    csrr t2, CSR_TID
    sub t1, t1, t2              # first hart of this warp
    slli t1, t1, 2
    add t0, t0, t1
    slli t2, t2, 2
    add t0, t0, t2
    csrr t2, CSR_TID
    sw t2, 0(t0)                # sums[hart] = tid
    sub t0, t0, t2
    sub t0, t0, t2
    sub t0, t0, t2
    sub t0, t0, t2              # t0 = &sums[first hart]
    li t1, 0
    mv t2, s6
5:  lw t3, 0(t0)
    add t1, t1, t3
    addi t0, t0, 4
    addi t2, t2, -1
    bnez t2, 5b
    addi t0, s6, -1
    mul t0, t0, s6
    srli t0, t0, 1
    beq t0, t1, 6f
    FAIL(3)
6:  TMC(x0)
COMMON_TAIL
    .bss
sums: .space 4096 * 4
