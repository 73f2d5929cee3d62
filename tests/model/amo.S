# amo.S - RV32A on one thread: every AMO's old value and new word, lr/sc
# success and failure; then all threads of the warp amoadd one word (lane
# order at the memory side): the word ends at nthreads.
# expect: 0
#include "test.h"
#define AMO(f7, rd, rs1, rs2) .insn r 0x2F, 2, f7, rd, rs1, rs2
#define T(n, f7, init, src, old, new)                       \
    li a1, init; sw a1, 0(s0); li a2, src;                  \
    AMO(f7, a3, s0, a2); CHECK(n, a3, old);                 \
    lw a4, 0(s0); CHECK(n + 100, a4, new)
START
    csrr s2, CSR_TMASK
    la s0, word
    li t0, 1; TMC(t0)
    T(1, 0x00, 5, 7, 5, 12)                 # amoadd
    T(2, 0x04, 5, 7, 5, 7)                  # amoswap
    T(3, 0x10, 0xff00, 0x0ff0, 0xff00, 0xf0f0)   # amoxor
    T(4, 0x20, 0xff00, 0x0ff0, 0xff00, 0xfff0)   # amoor
    T(5, 0x30, 0xff00, 0x0ff0, 0xff00, 0x0f00)   # amoand
    T(6, 0x40, -3, 2, -3, -3)               # amomin (signed)
    T(7, 0x50, -3, 2, -3, 2)                # amomax
    T(8, 0x60, -3, 2, -3, 2)                # amominu
    T(9, 0x70, -3, 2, -3, -3)               # amomaxu
    T(10, 0x03, 5, 7, 5, 12)                # amoadd with aq and rl set (ignored)
    # lr/sc: success after lr, failure without, failure after a store clears
    li a1, 40; sw a1, 0(s0)
    AMO(0x08, a3, s0, x0); CHECK(20, a3, 40)         # lr.w
    li a2, 41; AMO(0x0C, a4, s0, a2); CHECK(21, a4, 0)   # sc.w succeeds
    lw a5, 0(s0); CHECK(22, a5, 41)
    li a2, 42; AMO(0x0C, a4, s0, a2); CHECK(23, a4, 1)   # no reservation: fails
    lw a5, 0(s0); CHECK(24, a5, 41)
    AMO(0x08, a3, s0, x0)                            # lr.w, then a plain store
    sw a3, 0(s0)
    li a2, 43; AMO(0x0C, a4, s0, a2); CHECK(25, a4, 1)   # the store cleared it
    # every thread adds 1
    sw zero, 0(s0)
    TMC(s2)
    li a2, 1
    AMO(0x00, a3, s0, a2)
    li t0, 1; TMC(t0)
    lw a4, 0(s0)
    csrr a5, CSR_NTHREADS
    beq a4, a5, 1f
    FAIL(30)
1:  PASS
COMMON_TAIL
    .balign 4
word: .word 0
