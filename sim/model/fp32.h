/* fp32.h - bit-exact IEEE-754 binary32 arithmetic with RISC-V F semantics.
 *
 * Written from the IEEE-754-2008 standard and the RISC-V unprivileged spec
 * (F extension v2.2): canonical NaN 0x7fc00000 for every NaN-producing
 * arithmetic operation, fmin/fmax as in F 2.2 (a NaN operand returns the
 * other operand, -0 < +0, NV on a signalling NaN), feq quiet, flt/fle
 * signalling, fcvt.w[u].s saturating with NV, tininess detected after
 * rounding, fused multiply-add with a single rounding (and NV for
 * inf * 0 + qNaN), subnormals fully supported.
 *
 * fp32.c is self-contained (stdint.h and string.h only) and compiles as C
 * and as C++, so the RTL testbench can link it directly. The library has no
 * global state.
 */
#ifndef WEFT_FP32_H
#define WEFT_FP32_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FPOP_FADD=0, FPOP_FSUB=1, FPOP_FMUL=2, FPOP_FMADD=3, FPOP_FMSUB=4, FPOP_FNMSUB=5, FPOP_FNMADD=6,
       FPOP_FDIV=7, FPOP_FSQRT=8, FPOP_FSGNJ=9, FPOP_FSGNJN=10, FPOP_FSGNJX=11, FPOP_FMIN=12, FPOP_FMAX=13,
       FPOP_FCVT_W_S=14, FPOP_FCVT_WU_S=15, FPOP_FCVT_S_W=16, FPOP_FCVT_S_WU=17, FPOP_FMV_X_W=18,
       FPOP_FMV_W_X=19, FPOP_FEQ=20, FPOP_FLT=21, FPOP_FLE=22, FPOP_FCLASS=23, FPOP_COUNT=24 };
enum { FRM_RNE=0, FRM_RTZ=1, FRM_RDN=2, FRM_RUP=3, FRM_RMM=4 };
enum { FFLAG_NX=1, FFLAG_UF=2, FFLAG_OF=4, FFLAG_DZ=8, FFLAG_NV=16 };

#define FP32_CANONICAL_NAN 0x7fc00000u

/* a, b, c: operand bits (integer operands of fcvt.s.w[u]/fmv.w.x in a); rm
 * resolved (0..4; other values are treated as RNE); operands an operation
 * does not use are ignored (fmadd..fnmadd use a, b, c; fsqrt, fcvt, fmv,
 * fclass only a). Returns the 32-bit result (float bits or integer: 0/1 for
 * the comparisons, the 10-bit class mask for fclass); *flags (may be NULL)
 * gets the OR of the raised flags (set, not accumulated).
 * fmsub = a*b - c, fnmsub = -(a*b) + c, fnmadd = -(a*b) - c. */
uint32_t fp32_exec(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags);

/* "fadd", "fsub", ..., "fclass"; "?" for an unknown op. */
const char *fp32_op_name(int op);

/* The op number for a name of fp32_op_name, or -1. */
int fp32_op_from_name(const char *name);

#ifdef __cplusplus
}
#endif
#endif
