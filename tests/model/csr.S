# csr.S - the read-only CSRs of docs/isa.md on 2 cores x 4 warps x 8 threads:
# tid, wid, cid, mhartid per thread, nthreads/nwarps/ncores, tmask, instret
# counting, cycle increasing, launch pointing at a zeroed descriptor (bare).
# args: --cores 2 --warps 4 --threads 8
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr a1, CSR_TID
    csrr a2, CSR_WID
    csrr a3, CSR_CID
    csrr a4, CSR_MHARTID
    # mhartid = (cid * W + wid) * T + tid
    slli a5, a3, 2
    add a5, a5, a2
    slli a5, a5, 3
    add a5, a5, a1
    xor a5, a5, a4
    snez a5, a5
    or s11, s11, a5
    TCHECK(a2, 0)           # warp 0
    csrr a5, CSR_NTHREADS
    TCHECK(a5, 8)
    csrr a5, CSR_NWARPS
    TCHECK(a5, 4)
    csrr a5, CSR_NCORES
    TCHECK(a5, 2)
    csrr a5, CSR_TMASK
    TCHECK(a5, 0xff)
    # tid: thread t has t (sum over threads checked via memory below)
    la t0, tids
    slli t1, a1, 2
    add t0, t0, t1
    sw a1, 0(t0)
    # instret: 3 instructions between the reads -> difference 4
    csrr a6, CSR_INSTRET
    nop
    nop
    nop
    csrr a7, CSR_INSTRET
    sub a7, a7, a6
    TCHECK(a7, 4)
    csrr a6, CSR_INSTRET
    csrr a7, 0xB02          # minstret, same counter
    sub a7, a7, a6
    TCHECK(a7, 1)
    # cycle increases
    csrr a6, CSR_CYCLE
    nop
    csrr a7, 0xB00          # mcycle
    sltu a7, a6, a7
    TCHECK(a7, 1)
    csrr a7, 0xC80          # cycleh
    TCHECK(a7, 0)
    csrr a7, 0xC82          # instreth
    TCHECK(a7, 0)
    # launch descriptor: a zeroed, word-aligned 36-byte block in RAM (bare run)
    csrr a6, CSR_LAUNCH
    andi a7, a6, 3
    TCHECK(a7, 0)
    li t0, 0x80000000
    sltu a7, a6, t0
    TCHECK(a7, 0)
    lw a7, 0(a6)
    TCHECK(a7, 0)
    lw a7, 28(a6)
    TCHECK(a7, 0)
    lw a7, 32(a6)
    TCHECK(a7, 0)
    END_CHECKS(1)
    # thread ids written by every thread: 0..7
    la t0, tids
    li t1, 0
1:  lw t2, 0(t0)
    bne t2, t1, f2
    addi t0, t0, 4
    addi t1, t1, 1
    li t2, 8
    bne t1, t2, 1b
    # core 1 reports to core 0, core 0 passes once core 1 is done
    csrr a3, CSR_CID
    beqz a3, 2f
    la t0, done
    li t1, 1
    sw t1, 0(t0)
    TMC(x0)
2:  la t0, done
3:  lw t1, 0(t0)
    beqz t1, 3b
    PASS
f2: FAIL(2)
COMMON_TAIL
    .balign 4
done: .word 0
tids: .space 32
