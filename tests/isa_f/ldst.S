# ldst.S - flw / fsw and the moves keep every bit pattern (signalling NaNs,
# NaN payloads, -0, subnormals are neither canonicalised nor flushed):
# per-lane addresses, positive and negative offsets, f0 and f31, fmv.w.x /
# fmv.x.w round trips, a float register stored by fsw read back by lw. Each
# lane uses its own slot, so the lanes of one instruction carry different data.
# expect: 0
#include "test_f.h"
START
    csrr s2, CSR_TID
    andi s5, s2, 15             # lane t: pattern t mod 16
    slli s5, s5, 2
    la s4, patterns
    add s4, s4, s5
    lw a2, 0(s4)                # the expected bits
    flw f0, 0(s4)
    fmv.x.w a3, f0
    TCHECKR(a3, a2)
    la s6, outbuf
    slli t0, s2, 3
    add s6, s6, t0              # &outbuf[2 * tid]
    addi s7, s6, 64 * 8         # 64 lanes further
    fsw f0, 0(s6)
    lw a3, 0(s6)
    TCHECKR(a3, a2)
    flw f31, 0(s6)
    fsw f31, -4(s7)             # negative offset
    lw a3, -4(s7)
    TCHECKR(a3, a2)
    fmv.w.x f7, a2
    fsw f7, 4(s6)
    lw a3, 4(s6)
    TCHECKR(a3, a2)
    flw f8, 4(s6)
    fsgnj.s f9, f8, f8          # a move: bits unchanged
    fmv.x.w a3, f9
    TCHECKR(a3, a2)
    frflags a0                  # nothing above raises a flag
    TCHECK(a0, 0)
    END_CHECKS(1)
    PASS
COMMON_TAIL
    .data
    .balign 64
patterns:
    .word 0x7f800001, 0xff800001, 0x7fbfffff, 0x7fc00000, 0xffc12345, 0x80000000, 0x00000000, 0x00000001
    .word 0x807fffff, 0x7f800000, 0xff800000, 0x3f800000, 0xc0490fdb, 0x7f7fffff, 0x00800000, 0x12345678
outbuf:
    .space 8 * 128
