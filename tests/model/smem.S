# smem.S - per-core shared memory at 0x20000000: every thread stores its
# own word and reads it back (one bank per lane), all threads read word 0
# (a broadcast), a byte and a halfword store merge into one word, and the
# last word (0x20000ffc) is in range. Every thread checks (TCHECK).
# expect: 0
#include "test.h"
START
    li s11, 0
    li s0, 0x20000000
    csrr t0, CSR_TID
    slli t1, t0, 2
    add t2, s0, t1
    addi a1, t0, 100
    sw a1, 0(t2)              # word tid = tid + 100
    lw a2, 0(t2)
    addi a3, t0, 100
    xor t6, a2, a3; snez t6, t6; or s11, s11, t6     # own word read back
    lw a4, 0(s0)              # broadcast: every lane reads word 0
    TCHECK(a4, 100)
    li t3, 0xffc
    add t3, s0, t3
    sw zero, 0(t3)            # the last word
    li t4, 0x5a
    sb t4, 1(t3)              # byte 1
    li t4, 0x1234
    sh t4, 2(t3)              # bytes 2..3
    lw a5, 0(t3)
    TCHECK(a5, 0x12345a00)
    END_CHECKS(1)
    PASS
COMMON_TAIL
