# smem_amo.S - RV32A in shared memory (docs/isa.md "RV32A", docs/memory.md
# "Shared memory"): the lanes of one warp instruction execute in lane order,
# also when they name the same word. Checked per lane, for any T:
# amoadd.w of every lane on one word (lane t sees the sum of the lanes
# below), amoswap.w chain, amoand/or/xor/min/max/minu/maxu on the lanes' own
# words and on one shared word, lr.w/sc.w (every lane reserves one word:
# only lane 0's sc.w succeeds, its write clears the others' reservations),
# sc.w without lr.w fails and writes nothing, a plain store clears a
# reservation, and the loads that read the results back.
# tests/isa/smem_amo_minpc.S runs it with --divergence minpc.
# expect: 0
#include "test.h"
#define AMO(f7, rd, addr, src) .insn r 0x2F, 2, f7, rd, addr, src
#define LR(rd, addr)           .insn r 0x2F, 2, 0x08, rd, addr, x0
#define SC(rd, addr, src)      .insn r 0x2F, 2, 0x0C, rd, addr, src
START
    csrr s2, CSR_TID
    csrr s4, CSR_NTHREADS
    li s0, 0x20000000           # one shared word W0
    slli t0, s2, 2
    addi s1, s0, 256
    add s1, s1, t0              # the lane's own word: 0x20000100 + 4 t
    # ---- amoadd.w, every lane on W0 (initial 100), adding t + 1
    li t0, 100
    sw t0, 0(s0)                # every lane stores 100 (same word)
    addi t1, s2, 1
    AMO(0x00, a0, s0, t1)
    addi t2, s2, 1
    mul t2, t2, s2
    srli t2, t2, 1              # t (t + 1) / 2: the lanes below added 1..t
    addi t2, t2, 100
    TCHECKR(a0, t2)
    lw a1, 0(s0)                # final: 100 + T (T + 1) / 2
    addi t2, s4, 1
    mul t2, t2, s4
    srli t2, t2, 1
    addi t2, t2, 100
    TCHECKR(a1, t2)
    END_CHECKS(1)
    # ---- amoswap.w chain on W0: lane t swaps in t + 10, sees lane t-1's
    li t0, 7
    sw t0, 0(s0)
    addi t1, s2, 10
    AMO(0x04, a0, s0, t1)
    addi t2, s2, 9              # lane t > 0: (t - 1) + 10
    seqz t3, s2                 # lane 0: 7 = 9 - 2
    slli t3, t3, 1
    sub t2, t2, t3
    TCHECKR(a0, t2)
    lw a1, 0(s0)
    addi t2, s4, 9              # final: (T - 1) + 10
    TCHECKR(a1, t2)
    END_CHECKS(2)
    # ---- logic and min/max on the lane's own word (no collision)
    li t0, 0x0ff0
    sw t0, 0(s1)
    slli t1, s2, 4
    ori t1, t1, 0x10f           # v = 16 t | 0x10f
    AMO(0x30, a0, s1, t1)       # amoand
    TCHECK(a0, 0x0ff0)
    AMO(0x20, a0, s1, t1)       # amoor
    li t4, 0x0ff0
    and t2, t1, t4
    TCHECKR(a0, t2)
    AMO(0x10, a0, s1, t1)       # amoxor
    or t2, t2, t1
    TCHECKR(a0, t2)
    xor t2, t2, t1              # the word: v ^ v = 0
    lw a1, 0(s1)
    TCHECKR(a1, t2)
    li t0, -5
    sw t0, 0(s1)
    sub t1, x0, s2              # -t
    AMO(0x40, a0, s1, t1)       # amomin: min(-5, -t)
    TCHECK(a0, -5)
    AMO(0x50, a0, s1, s2)       # amomax: max(min(-5,-t), t) = t
    lw a1, 0(s1)
    TCHECKR(a1, s2)
    AMO(0x60, a0, s1, t1)       # amominu: minu(t, -t) = t (0 for lane 0)
    TCHECKR(a0, s2)
    AMO(0x70, a0, s1, t1)       # amomaxu: maxu(t, -t) = -t (0 for lane 0)
    lw a1, 0(s1)
    TCHECKR(a1, t1)
    END_CHECKS(3)
    # ---- amomaxu on W0 by every lane: lane t sees max(3, 5 u for u < t),
    # i.e. 3 for t < 2, else 5 (t - 1)
    li t0, 3
    sw t0, 0(s0)
    li t1, 5
    mul t1, t1, s2
    AMO(0x70, a0, s0, t1)
    sltiu t3, s2, 2
    addi t2, s2, -1
    li t4, 5
    mul t2, t2, t4
    xori t5, t3, 1
    mul t2, t2, t5
    li t4, 3
    mul t4, t4, t3
    add t2, t2, t4
    TCHECKR(a0, t2)
    END_CHECKS(4)
    # ---- lr.w / sc.w on W0 by every lane: only lane 0 succeeds
    li t0, 40
    sw t0, 0(s0)
    LR(a0, s0)
    TCHECK(a0, 40)
    addi t1, s2, 50
    SC(a1, s0, t1)
    snez t2, s2                 # lane 0: 0 (success), others 1
    TCHECKR(a1, t2)
    lw a2, 0(s0)
    TCHECK(a2, 50)              # lane 0's value
    # sc.w again: the reservations are gone (lane 0's cleared by its sc.w)
    SC(a1, s0, t1)
    TCHECK(a1, 1)
    lw a2, 0(s0)
    TCHECK(a2, 50)
    # lr.w on the own word, a plain store to it, then sc.w fails
    sw s2, 0(s1)
    LR(a0, s1)
    TCHECKR(a0, s2)
    li t0, 77
    sw t0, 0(s1)
    SC(a1, s1, t1)
    TCHECK(a1, 1)
    lw a2, 0(s1)
    TCHECK(a2, 77)
    # lr.w then sc.w on the own word: every lane succeeds
    LR(a0, s1)
    SC(a1, s1, t1)
    TCHECK(a1, 0)
    lw a2, 0(s1)
    TCHECKR(a2, t1)
    END_CHECKS(5)
    PASS
COMMON_TAIL
