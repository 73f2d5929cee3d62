/* hostcheck - checks sim/model/fp32.c against the x86-64 host FPU.
 *
 *   hostcheck [--count N] [--seed S] [--op NAME] [--vectors FILE]... [-v]
 *
 * For every op and rounding mode, N random vectors (tests/fpu/fpgen.h,
 * biased to special values) are computed by fp32_exec and by an oracle, and
 * result bits and fflags are compared. Oracles:
 *
 *  RNE RTZ RDN RUP  the host's SSE unit under fesetround(): + - * / sqrtf,
 *                   fmaf (FMA3 or glibc), cvtss2si (32/64-bit), cvtsi2ss,
 *                   == < <= (ucomiss/comiss), copysignf, fpclassify and
 *                   issignaling, fminimum_numf/fmaximum_numf (C23, glibc);
 *                   flags from fetestexcept().
 *  RMM              (x86 has no round-to-nearest-max-magnitude) the exact
 *                   result, or the result rounded toward zero to double
 *                   precision plus the host's inexact flag, rounded to
 *                   binary32 with ties away from zero by rmm_round() below
 *                   (rounding toward zero to 53 bits cannot move a value
 *                   across a binary32 rounding boundary, and a value that
 *                   lands on a midpoint rounds away either way); fcvt.w[u].s
 *                   uses roundf().
 *
 * Known x86 / RISC-V differences handled explicitly (not compared against
 * the host): a NaN result only has to be a NaN on both sides (x86
 * propagates payloads, RISC-V returns the canonical NaN; fp32_exec's NaN
 * must be exactly 0x7fc00000, checked separately); fcvt.w[u].s of NaN and
 * out-of-range values (x86 returns the "integer indefinite" 0x80000000, RISC-V
 * saturates; the oracle saturates when the host raised invalid, with NV
 * only); fcvt.wu.s uses the 64-bit conversion and a range check; fmin/fmax
 * with a NaN operand (RISC-V 2.2: the other operand, NV for a signalling
 * NaN); fma(inf, 0, qNaN) (RISC-V requires NV; the host's behaviour is
 * counted and printed).
 *
 * Before the random vectors, a directed check confirms that the host
 * detects tininess after rounding (RISC-V's rule): 2^-63(1-2^-23) *
 * 2^-63(1+2^-23) = 2^-126(1-2^-46) rounds to the smallest normal and must
 * raise NX but not UF.
 *
 * --vectors FILE checks a file written by tests/fpu/fpvec (lines
 * `op rm a b c result flags`, hex) against the oracle and fp32_exec.
 *
 * Output: one line per op, `PASS name N vectors (...)` or `FAIL name ...`,
 * then "N passed, M failed"; exit 1 on any failure.
 */
#define _GNU_SOURCE
#if !defined(__x86_64__)
#error "hostcheck uses the x86-64 SSE unit as its oracle (tests/fpu/run_host.sh skips it elsewhere)"
#endif
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fp32.h"
#include "fpgen.h"

/* GCC ignores #pragma STDC FENV_ACCESS; -frounding-math and volatile operands do its job. */

typedef struct {
    uint32_t r;
    unsigned fl;
} res_t;

static const int x86_rm[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
static const char *const rm_name[5] = {"RNE", "RTZ", "RDN", "RUP", "RMM"};

static unsigned host_flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);
    return ((e & FE_INEXACT) ? FFLAG_NX : 0) | ((e & FE_UNDERFLOW) ? FFLAG_UF : 0) |
           ((e & FE_OVERFLOW) ? FFLAG_OF : 0) | ((e & FE_DIVBYZERO) ? FFLAG_DZ : 0) |
           ((e & FE_INVALID) ? FFLAG_NV : 0);
}

static float F(uint32_t u) { return fpgen_as_f(u); }
static uint32_t U(float f) { return fpgen_as_u(f); }
static int isnan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static int issnan_bits(uint32_t u) { return isnan_bits(u) && !(u & 0x400000u); }

static int float_result(int op);

static long fma_inf0_qnan_host_nv = 0, fma_inf0_qnan_host_no_nv = 0;

/* The op on the host FPU in the current rounding mode. */
static res_t host_op(int op, uint32_t ua, uint32_t ub, uint32_t uc)
{
    volatile float x = F(ua), y = F(ub), z = F(uc);
    volatile float r = 0;
    res_t o = {0, 0};
    feclearexcept(FE_ALL_EXCEPT);
    switch (op) {
    case FPOP_FADD: r = x + y; break;
    case FPOP_FSUB: r = x - y; break;
    case FPOP_FMUL: r = x * y; break;
    case FPOP_FMADD: r = fmaf(x, y, z); break;
    case FPOP_FMSUB: r = fmaf(x, y, -z); break;
    case FPOP_FNMSUB: r = fmaf(-x, y, z); break;
    case FPOP_FNMADD: r = fmaf(-x, y, -z); break;
    case FPOP_FDIV: r = x / y; break;
    case FPOP_FSQRT: r = sqrtf(x); break;
    case FPOP_FSGNJ: r = copysignf(x, y); break;
    case FPOP_FSGNJN: r = copysignf(x, -y); break;
    case FPOP_FSGNJX: r = copysignf(x, (signbit(x) != 0) != (signbit(y) != 0) ? -1.0f : 1.0f); break;
    case FPOP_FMIN:
    case FPOP_FMAX:
        if (isnan(x) || isnan(y)) { /* RISC-V 2.2 rule, explicit */
            o.fl = (issnan_bits(ua) || issnan_bits(ub)) ? FFLAG_NV : 0;
            o.r = isnan(x) && isnan(y) ? FP32_CANONICAL_NAN : isnan(x) ? ub : ua;
            return o;
        }
        r = op == FPOP_FMIN ? fminimum_numf(x, y) : fmaximum_numf(x, y);
        break;
    case FPOP_FCVT_W_S: {
        float xf = x;
        int v;
        __asm__ volatile("cvtss2si %1, %0" : "=r"(v) : "x"(xf) : "memory");
        o.fl = host_flags();
        if (o.fl & FFLAG_NV) {
            o.fl = FFLAG_NV;
            v = isnan(x) ? 0x7fffffff : x < 0 ? (int)0x80000000u : 0x7fffffff;
        }
        o.r = (uint32_t)v;
        return o;
    }
    case FPOP_FCVT_WU_S: {
        float xf = x;
        long long v;
        __asm__ volatile("cvtss2siq %1, %0" : "=r"(v) : "x"(xf) : "memory");
        o.fl = host_flags();
        if (o.fl & FFLAG_NV) {
            o.r = isnan(x) ? 0xffffffffu : x < 0 ? 0 : 0xffffffffu;
            o.fl = FFLAG_NV;
        } else if (v < 0 || v > 0xffffffffll) {
            o.r = v < 0 ? 0 : 0xffffffffu;
            o.fl = FFLAG_NV;
        } else {
            o.r = (uint32_t)v;
        }
        return o;
    }
    case FPOP_FCVT_S_W: { /* cvtsi2ss in asm: the compiler must not move it across feclearexcept */
        int iv = (int)ua;
        float fv;
        __asm__ volatile("cvtsi2ssl %1, %0" : "=x"(fv) : "r"(iv) : "memory");
        r = fv;
        break;
    }
    case FPOP_FCVT_S_WU: {
        long long iv = (long long)ua;
        float fv;
        __asm__ volatile("cvtsi2ssq %1, %0" : "=x"(fv) : "r"(iv) : "memory");
        r = fv;
        break;
    }
    case FPOP_FMV_X_W:
    case FPOP_FMV_W_X: { volatile uint32_t t = ua; o.r = t; return o; }
    case FPOP_FEQ: o.r = x == y; o.fl = host_flags(); return o;
    case FPOP_FLT: o.r = x < y; o.fl = host_flags(); return o;
    case FPOP_FLE: o.r = x <= y; o.fl = host_flags(); return o;
    case FPOP_FCLASS: {
        float v = x;
        int s = signbit(v) != 0;
        switch (fpclassify(v)) {
        case FP_INFINITE: o.r = s ? 1u << 0 : 1u << 7; break;
        case FP_NORMAL: o.r = s ? 1u << 1 : 1u << 6; break;
        case FP_SUBNORMAL: o.r = s ? 1u << 2 : 1u << 5; break;
        case FP_ZERO: o.r = s ? 1u << 3 : 1u << 4; break;
        default: o.r = issignaling(v) ? 1u << 8 : 1u << 9; break;
        }
        return o;
    }
    default: break;
    }
    o.fl = host_flags();
    o.r = U(r);
    if ((op >= FPOP_FMADD && op <= FPOP_FNMADD) && (!issnan_bits(uc) && isnan_bits(uc)) &&
        ((isinf(x) && y == 0) || (x == 0 && isinf(y)))) {
        /* fma(inf, 0, qNaN): RISC-V requires NV */
        if (o.fl & FFLAG_NV)
            fma_inf0_qnan_host_nv++;
        else
            fma_inf0_qnan_host_no_nv++;
        o.fl |= FFLAG_NV;
    }
    return o;
}

/* Round the finite non-zero double d (which is the exact value rounded
 * toward zero; dinexact: that rounding was inexact) to binary32 with ties
 * away from zero. */
static res_t rmm_round(double d, int dinexact)
{
    res_t o = {0, 0};
    int s = d < 0, ex;
    double ad = fabs(d);
    frexp(ad, &ex); /* ad in [2^(ex-1), 2^ex) */
    int E = ex - 1;
    int qe = E - 23 < -149 ? -149 : E - 23;
    double t = ldexp(ad, -qe), n = floor(t), frac = t - n;
    if (frac >= 0.5)
        n += 1;
    double res = ldexp(n, qe);
    int inexact = frac != 0 || dinexact;
    /* tininess after rounding: round at 24 bits with an unbounded exponent */
    double t2 = ldexp(ad, -(E - 23)), n2 = floor(t2);
    if (t2 - n2 >= 0.5)
        n2 += 1;
    int tiny = ldexp(n2, E - 23) < ldexp(1.0, -126);
    if (res >= ldexp(1.0, 128)) {
        o.r = (s ? 0x80000000u : 0) | 0x7f800000u;
        o.fl = FFLAG_OF | FFLAG_NX;
        return o;
    }
    o.r = U((float)res) | (s ? 0x80000000u : 0);
    o.fl = (inexact ? FFLAG_NX : 0) | (tiny && inexact ? FFLAG_UF : 0);
    return o;
}

static int float_result(int op)
{
    return op <= FPOP_FMAX || op == FPOP_FCVT_S_W || op == FPOP_FCVT_S_WU || op == FPOP_FMV_W_X;
}

static int is_finite_bits(uint32_t u) { return (u & 0x7f800000u) != 0x7f800000u; }

/* The oracle for RMM. */
static res_t rmm_op(int op, uint32_t ua, uint32_t ub, uint32_t uc)
{
    volatile double x = F(ua), y = F(ub), z = F(uc);
    volatile double d = 0;
    res_t o;
    switch (op) {
    case FPOP_FADD: case FPOP_FSUB: case FPOP_FMUL: case FPOP_FDIV: case FPOP_FSQRT:
    case FPOP_FMADD: case FPOP_FMSUB: case FPOP_FNMSUB: case FPOP_FNMADD:
        if (!is_finite_bits(ua) || !is_finite_bits(ub) || !is_finite_bits(uc))
            goto rne;
        break;
    case FPOP_FCVT_S_W: case FPOP_FCVT_S_WU: break;
    case FPOP_FCVT_W_S: case FPOP_FCVT_WU_S: {
        float v = F(ua);
        if (!is_finite_bits(ua))
            goto rne;
        float rv = roundf(v); /* ties away from zero */
        double lo = op == FPOP_FCVT_W_S ? -2147483648.0 : 0.0;
        double hi = op == FPOP_FCVT_W_S ? 2147483647.0 : 4294967295.0;
        if (rv < lo || rv > hi) {
            o.r = op == FPOP_FCVT_W_S ? (v < 0 ? 0x80000000u : 0x7fffffffu) : (v < 0 ? 0 : 0xffffffffu);
            o.fl = FFLAG_NV;
        } else {
            o.r = op == FPOP_FCVT_W_S ? (uint32_t)(int32_t)rv : (uint32_t)rv;
            o.fl = rv != v ? FFLAG_NX : 0;
        }
        return o;
    }
    default:
        goto rne;
    }
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_ALL_EXCEPT);
    switch (op) {
    case FPOP_FADD: d = x + y; break;
    case FPOP_FSUB: d = x - y; break;
    case FPOP_FMUL: d = x * y; break; /* exact */
    case FPOP_FDIV: if (y == 0) goto rne; d = x / y; break;
    case FPOP_FSQRT: if (x < 0) goto rne; d = sqrt(x); break;
    case FPOP_FMADD: d = x * y; d = d + z; break; /* product exact */
    case FPOP_FMSUB: d = x * y; d = d - z; break;
    case FPOP_FNMSUB: d = -(x * y); d = d + z; break;
    case FPOP_FNMADD: d = -(x * y); d = d - z; break;
    case FPOP_FCVT_S_W: d = (double)(int32_t)ua; break;
    case FPOP_FCVT_S_WU: d = (double)ua; break;
    }
    {
        int dinexact = fetestexcept(FE_INEXACT) != 0;
        double dv = d;
        fesetround(FE_TONEAREST);
        if (dv == 0 || isinf(dv) || isnan(dv))
            goto rne;
        return rmm_round(dv, dinexact);
    }
rne: /* specials and exact zeros do not depend on the rounding mode */
    fesetround(FE_TONEAREST);
    return host_op(op, ua, ub, uc);
}

static res_t oracle(int op, int rm, uint32_t a, uint32_t b, uint32_t c)
{
    if (rm == FRM_RMM)
        return rmm_op(op, a, b, c);
    fesetround(x86_rm[rm]);
    res_t o = host_op(op, a, b, c);
    fesetround(FE_TONEAREST);
    return o;
}

/* 1 when fp32_exec agrees with the oracle. */
static int compare(int op, uint32_t lr, unsigned lf, res_t o)
{
    if (float_result(op) && op != FPOP_FSGNJ && op != FPOP_FSGNJN && op != FPOP_FSGNJX && op != FPOP_FMV_W_X &&
        isnan_bits(lr) && isnan_bits(o.r)) {
        /* both NaN: RISC-V's must be the canonical NaN (fmin/fmax of two NaNs too) */
        if (lr != FP32_CANONICAL_NAN)
            return 0;
        return lf == o.fl;
    }
    return lr == o.r && lf == o.fl;
}

static void report(const char *what, int op, int rm, uint32_t a, uint32_t b, uint32_t c, uint32_t lr, unsigned lf,
                   res_t o)
{
    printf("  %s %s %s a=%08x b=%08x c=%08x: fp32 %08x/%02x, oracle %08x/%02x\n", what, fp32_op_name(op),
           rm_name[rm], a, b, c, lr, lf, o.r, o.fl);
}

static int tininess_check(void)
{
    fesetround(FE_TONEAREST);
    volatile float x = F(0x1ffffffeu), y = F(0x20000001u), r;
    feclearexcept(FE_ALL_EXCEPT);
    r = x * y;
    unsigned hf = host_flags();
    unsigned lf;
    uint32_t lr = fp32_exec(FPOP_FMUL, 0x1ffffffeu, 0x20000001u, 0, FRM_RNE, &lf);
    int ok = U(r) == 0x00800000u && hf == FFLAG_NX && lr == 0x00800000u && lf == FFLAG_NX;
    printf("%s tininess-after-rounding (host %08x/%02x, fp32 %08x/%02x; want 00800000/01)\n", ok ? "PASS" : "FAIL",
           U(r), hf, lr, lf);
    return ok;
}

static int check_file(const char *path, int verbose)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL vectors %s: cannot open\n", path);
        return 0;
    }
    char line[256];
    long n = 0, bad = 0, lineno = 0;
    long per_op[FPOP_COUNT] = {0};
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        unsigned op, rm, a, b, c, res, fl;
        if (sscanf(line, "%x %x %x %x %x %x %x", &op, &rm, &a, &b, &c, &res, &fl) != 7 || op >= FPOP_COUNT ||
            rm > 4) {
            if (bad++ < 10)
                printf("  %s:%ld: malformed line\n", path, lineno);
            continue;
        }
        unsigned lf;
        uint32_t lr = fp32_exec((int)op, a, b, c, (int)rm, &lf);
        res_t o = oracle((int)op, (int)rm, a, b, c);
        int ok = compare((int)op, lr, lf, o) && lr == res && lf == fl && compare((int)op, res, fl, o);
        if (!ok && bad++ < 10) {
            printf("  %s:%ld: file %08x/%02x\n", path, lineno, res, fl);
            report("mismatch", (int)op, (int)rm, a, b, c, lr, lf, o);
        }
        per_op[op]++;
        n++;
    }
    fclose(f);
    printf("%s vectors %s: %ld lines%s\n", bad || n == 0 ? "FAIL" : "PASS", path, n, bad ? " with errors" : "");
    if (verbose)
        for (int i = 0; i < FPOP_COUNT; i++)
            printf("  %-10s %ld\n", fp32_op_name(i), per_op[i]);
    return !bad && n > 0;
}

int main(int argc, char **argv)
{
    unsigned long long count = 20000, seed = 1;
    int op_sel = -1, verbose = 0, pass = 0, fail = 0;
    const char *files[16];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--count") && i + 1 < argc) count = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--op") && i + 1 < argc) {
            if ((op_sel = fp32_op_from_name(argv[++i])) < 0) { fprintf(stderr, "hostcheck: unknown op\n"); return 2; }
        } else if (!strcmp(argv[i], "--vectors") && i + 1 < argc && nfiles < 16) files[nfiles++] = argv[++i];
        else if (!strcmp(argv[i], "-v")) verbose = 1;
        else {
            fprintf(stderr, "usage: hostcheck [--count N per op and rm] [--seed S] [--op NAME] [--vectors FILE]... [-v]\n");
            return 2;
        }
    }
    __builtin_cpu_init();
    printf("# host fmaf: %s\n", __builtin_cpu_supports("fma") ? "FMA3 instruction (glibc ifunc)"
                                                             : "glibc software fmaf (no FMA3 on this host)");
    tininess_check() ? pass++ : fail++;
    long total = 0;
    for (int op = 0; op < FPOP_COUNT; op++) {
        if (op_sel >= 0 && op != op_sel)
            continue;
        long n = 0, bad = 0, canon = 0;
        for (int rm = 0; rm <= 4; rm++) {
            fpgen_rng_t r = {seed * 0x2545f4914f6cdd1dull + (uint64_t)op * 16 + (uint64_t)rm + 7};
            for (unsigned long long k = 0; k < count; k++) {
                uint32_t a, b, c;
                fpgen_operands(&r, op, &a, &b, &c);
                unsigned lf;
                uint32_t lr = fp32_exec(op, a, b, c, rm, &lf);
                res_t o = oracle(op, rm, a, b, c);
                if (!compare(op, lr, lf, o)) {
                    if (bad++ < 8)
                        report("mismatch", op, rm, a, b, c, lr, lf, o);
                }
                if (isnan_bits(lr) && float_result(op))
                    canon++;
                n++;
            }
        }
        total += n;
        printf("%s %s %ld vectors (%llu per rounding mode x 5, %ld NaN results)\n", bad ? "FAIL" : "PASS",
               fp32_op_name(op), n, count, canon);
        if (bad) {
            printf("  %ld mismatches\n", bad);
            fail++;
        } else {
            pass++;
        }
    }
    for (int i = 0; i < nfiles; i++)
        check_file(files[i], verbose) ? pass++ : fail++;
    printf("# %ld random vectors; fma(inf,0,qNaN): host raised NV %ld times, did not %ld times (RISC-V: NV)\n", total,
           fma_inf0_qnan_host_nv, fma_inf0_qnan_host_no_nv);
    printf("%d passed, %d failed\n", pass, fail);
    return fail ? 1 : 0;
}
