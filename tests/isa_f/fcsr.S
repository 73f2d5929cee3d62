# fcsr.S - fflags / frm / fcsr: every CSR instruction form (csrrw/s/c and the
# immediate forms, the fsflags/fsrm/fscsr pseudo-instructions), field widths
# (fflags 5 bits, frm 3 bits, fcsr 8 bits), fcsr = frm << 5 | fflags,
# accumulation of flags across instructions (flags are never cleared by an
# instruction that raises none), static rounding overriding frm, dynamic
# rounding, canonical NaN and the non-canonicalising moves, and the per-warp
# fflags (docs/isa.md): the OR of the active lanes' flags, the same value in
# every lane, and a CSR write takes the leader's source.
# expect: 0
#include "test_f.h"
START
    fscsr x0
    frcsr a0
    CHECK(1, a0, 0)
    li t0, 0xff
    fscsr a1, t0
    CHECK(2, a1, 0)
    frcsr a0
    CHECK(3, a0, 0xff)
    frflags a0
    CHECK(4, a0, 0x1f)
    frrm a0
    CHECK(5, a0, 7)
    li t0, 0xfff
    fscsr t0
    frcsr a0
    CHECK(6, a0, 0xff)
    fsflagsi 0x3
    frcsr a0
    CHECK(7, a0, 0xe3)
    fsrmi 1
    frcsr a0
    CHECK(8, a0, 0x23)
    csrrsi a0, CSR_FFLAGS, 0x10
    CHECK(9, a0, 0x03)
    frflags a0
    CHECK(10, a0, 0x13)
    csrrci a0, CSR_FFLAGS, 0x1
    CHECK(11, a0, 0x13)
    frflags a0
    CHECK(12, a0, 0x12)
    li t0, 0x2
    csrrc a0, CSR_FFLAGS, t0
    frflags a0
    CHECK(13, a0, 0x10)
    li t0, 0x8
    csrrs a0, CSR_FFLAGS, t0
    frflags a0
    CHECK(14, a0, 0x18)
    li t0, 0x60
    csrrs a0, CSR_FCSR, t0
    CHECK(15, a0, 0x38)
    frrm a0
    CHECK(16, a0, 3)
    li t0, 0x1f
    csrrw a0, CSR_FRM, t0
    CHECK(17, a0, 3)
    frrm a0
    CHECK(18, a0, 7)
    frflags a0
    CHECK(19, a0, 0x18)
    csrrwi a0, CSR_FCSR, 0
    CHECK(20, a0, 0xf8)
    frcsr a0
    CHECK(21, a0, 0)

    # ---- accumulation
    li t0, 0x3f800000
    fmv.w.x f1, t0              # 1.0
    li t0, 0x40400000
    fmv.w.x f2, t0              # 3.0
    fdiv.s f3, f1, f2           # NX
    frflags a0
    CHECK(30, a0, F_NX)
    fmv.w.x f4, x0              # +0
    fdiv.s f5, f1, f4           # DZ
    frflags a0
    CHECK(31, a0, F_NX | F_DZ)
    fmv.x.w a1, f5
    CHECK(32, a1, 0x7f800000)
    fadd.s f6, f1, f1           # exact: no flag, the others stay
    fsgnj.s f7, f1, f2
    fclass.s a1, f3
    frflags a0
    CHECK(33, a0, F_NX | F_DZ)
    # fcvt out of range: NV only, saturated
    li t0, 0x7f000000
    fmv.w.x f8, t0
    fsflags x0
    fcvt.w.s a1, f8, rtz
    frflags a0
    CHECK(34, a0, F_NV)
    CHECK(35, a1, 0x7fffffff)
    # overflow: RNE -> inf, RTZ -> max finite
    fsflags x0
    li t0, 0x7f7fffff
    fmv.w.x f9, t0
    fmul.s f10, f9, f9
    frflags a0
    CHECK(36, a0, F_OF | F_NX)
    fmv.x.w a1, f10
    CHECK(37, a1, 0x7f800000)
    fmul.s f10, f9, f9, rtz
    fmv.x.w a1, f10
    CHECK(38, a1, 0x7f7fffff)
    # underflow: exact subnormal result -> no flag; inexact tiny -> UF|NX
    fsflags x0
    li t0, 0x00800000
    fmv.w.x f11, t0
    li t0, 0x3f000000
    fmv.w.x f12, t0             # 0.5
    fmul.s f13, f11, f12
    frflags a0
    CHECK(39, a0, 0)
    fmv.x.w a1, f13
    CHECK(40, a1, 0x00400000)
    li t0, 0x00800001
    fmv.w.x f11, t0
    fmul.s f13, f11, f12
    frflags a0
    CHECK(41, a0, F_UF | F_NX)
    fmv.x.w a1, f13
    CHECK(42, a1, 0x00400000)   # tie to even
    fmul.s f13, f11, f12, rmm
    fmv.x.w a1, f13
    CHECK(43, a1, 0x00400001)   # tie away
    # canonical NaN: 0 * inf (NV), a quiet NaN with a payload (no flag)
    fsflags x0
    li t0, 0x7f800000
    fmv.w.x f14, t0
    fmul.s f15, f4, f14
    fmv.x.w a1, f15
    CHECK(44, a1, CANON_NAN)
    frflags a0
    CHECK(45, a0, F_NV)
    fsflags x0
    li t0, 0xffc12345
    fmv.w.x f16, t0
    fadd.s f17, f16, f1
    fmv.x.w a1, f17
    CHECK(46, a1, CANON_NAN)
    frflags a0
    CHECK(47, a0, 0)
    fsgnjn.s f18, f16, f16      # sign injection keeps the payload
    fmv.x.w a1, f18
    CHECK(48, a1, 0x7fc12345)
    li t0, 0x7f800001           # signalling NaN through fmv and fsgnj: unchanged, no flag
    fmv.w.x f19, t0
    fsgnj.s f20, f19, f19
    fmv.x.w a1, f20
    CHECK(49, a1, 0x7f800001)
    frflags a0
    CHECK(50, a0, 0)

    # ---- dynamic rounding mode; a static mode overrides frm
    li t0, 2                    # RDN
    fsrm t0
    fdiv.s f21, f1, f2
    fmv.x.w a1, f21
    CHECK(51, a1, 0x3eaaaaaa)
    li t0, 3                    # RUP
    fsrm t0
    fdiv.s f21, f1, f2
    fmv.x.w a1, f21
    CHECK(52, a1, 0x3eaaaaab)
    fdiv.s f21, f1, f2, rtz
    fmv.x.w a1, f21
    CHECK(53, a1, 0x3eaaaaaa)
    fsrmi 4                     # RMM: 2.5 -> 3, -2.5 -> -3
    li t0, 0x40200000
    fmv.w.x f22, t0
    fcvt.w.s a1, f22
    CHECK(54, a1, 3)
    fneg.s f22, f22
    fcvt.w.s a1, f22
    CHECK(55, a1, -3)
    fcvt.w.s a1, f22, rne
    CHECK(56, a1, -2)
    fsrm x0

    # ---- per warp: the OR of the active lanes' flags, the same in every lane
    csrr t0, CSR_TID
    fcvt.s.w f23, t0            # lane t: t
    fsflags x0
    fdiv.s f24, f1, f23         # lane 0: 1/0 DZ; lane 3: 1/3 NX; lanes 1, 2, 4: exact
    frflags a0
    csrr t1, CSR_NTHREADS
    sltiu t1, t1, 4             # T < 4: no lane 3
    xori t1, t1, 1              # NX expected iff T >= 4
    ori t1, t1, F_DZ
    TCHECKR(a0, t1)
    END_CHECKS(60)
    # only lane 0 active: its DZ alone
    fsflags x0
    li t0, 1
    TMC(t0)
    fdiv.s f24, f1, f23
    li t0, -1
    TMC(t0)
    frflags a0
    TCHECK(a0, F_DZ)
    END_CHECKS(61)
    # a CSR write takes the leader's source
    csrr t0, CSR_TID
    addi t0, t0, 5              # lane 0: 5
    fsflags t0
    frflags a0
    TCHECK(a0, 5)
    fsrm t0
    frrm a0
    TCHECK(a0, 5)
    fsrm x0
    END_CHECKS(62)
    PASS
COMMON_TAIL
