/* fp32.c - IEEE-754 binary32 with RISC-V F semantics (see fp32.h).
 *
 * Method. A finite non-zero operand is unpacked into an integer significand
 * m (24 bits with the hidden bit; the fraction for a subnormal) and the
 * exponent e of its least significant bit, value = m * 2^e. Every
 * arithmetic operation produces its exact result, or an integer M and
 * exponent E with value = M * 2^E in which only bit 0 stands for "something
 * non-zero below" (a sticky bit that lies at least two bits below the final
 * rounding position), and round_pack() rounds that once:
 *
 *   add/sub/fma  exact sums of aligned integers in 64 bits; an operand that
 *                lies entirely below the 64-bit window of the larger one is
 *                replaced by a sticky 1 (sum_round)
 *   mul          the 48-bit product is exact
 *   div          (ma << 40) / mb, remainder -> sticky
 *   sqrt         integer square root of a 64-bit value, remainder -> sticky
 *
 * round_pack normalises M, rounds to 24 bits at the normal or subnormal
 * position, detects tininess after rounding (the result rounded to 24 bits
 * with an unbounded exponent is below 2^-126), and raises UF only when the
 * tiny result is also inexact, as IEEE 754 specifies for the default
 * (non-trapping) handling and RISC-V requires.
 *
 * Only stdint.h and string.h; compiles as C99/C11 and C++.
 */
#include "fp32.h"

#include <string.h>

typedef struct {
    int cls;      /* FC_* */
    unsigned s;   /* sign */
    int32_t e;    /* exponent of the lsb of m */
    uint32_t m;   /* significand with hidden bit (finite non-zero only) */
} unp_t;

enum { FC_ZERO, FC_FINITE, FC_INF, FC_QNAN, FC_SNAN };

#define SIGN_BIT 0x80000000u
#define INF_BITS 0x7f800000u
#define MAXF_BITS 0x7f7fffffu

static unp_t unpack(uint32_t x)
{
    unp_t u;
    uint32_t ex = (x >> 23) & 0xff, fr = x & 0x7fffff;
    u.s = x >> 31;
    u.e = 0;
    u.m = 0;
    if (ex == 0xff) {
        u.cls = fr == 0 ? FC_INF : (fr & 0x400000) ? FC_QNAN : FC_SNAN;
    } else if (ex == 0) {
        if (fr == 0) {
            u.cls = FC_ZERO;
        } else {
            u.cls = FC_FINITE;
            u.m = fr;
            u.e = -149;
        }
    } else {
        u.cls = FC_FINITE;
        u.m = fr | 0x800000u;
        u.e = (int32_t)ex - 150;
    }
    return u;
}

static int is_nan(const unp_t *u) { return u->cls == FC_QNAN || u->cls == FC_SNAN; }

static int clz64(uint64_t v) /* v != 0 */
{
    int n = 0;
    while (!(v & 0x8000000000000000ull)) {
        v <<= 1;
        n++;
    }
    return n;
}

static int bitlen64(uint64_t v) { return v ? 64 - clz64(v) : 0; }

static uint32_t zero_bits(unsigned s) { return s ? SIGN_BIT : 0; }

/* Whether to add one ulp: lsb of the kept significand, round bit, sticky. */
static int round_up(int rm, unsigned s, unsigned lsb, unsigned rnd, unsigned sticky)
{
    switch (rm) {
    case FRM_RTZ: return 0;
    case FRM_RDN: return s && (rnd | sticky);
    case FRM_RUP: return !s && (rnd | sticky);
    case FRM_RMM: return rnd;
    default: return rnd && (sticky | lsb); /* RNE */
    }
}

/* Keep the bits of m above bit sh (sh >= 1), round; *inexact set. The
 * result may be 2^(64-sh) after a carry. */
static uint64_t shift_round(uint64_t m, int sh, int rm, unsigned s, int *inexact)
{
    uint64_t q;
    unsigned rnd, sticky;
    if (sh >= 65) {
        q = 0;
        rnd = 0;
        sticky = m != 0;
    } else if (sh == 64) {
        q = 0;
        rnd = (unsigned)(m >> 63);
        sticky = (m << 1) != 0;
    } else {
        q = m >> sh;
        rnd = (unsigned)(m >> (sh - 1)) & 1;
        sticky = sh >= 2 ? (m << (65 - sh)) != 0 : 0;
    }
    *inexact = (rnd | sticky) != 0;
    return q + (uint64_t)round_up(rm, s, (unsigned)(q & 1), rnd, sticky);
}

static uint32_t overflow_result(unsigned s, int rm, unsigned *fl)
{
    *fl |= FFLAG_OF | FFLAG_NX;
    int to_inf = rm == FRM_RNE || rm == FRM_RMM || (rm == FRM_RUP && !s) || (rm == FRM_RDN && s);
    return (s ? SIGN_BIT : 0) | (to_inf ? INF_BITS : MAXF_BITS);
}

/* Round (-1)^s * m * 2^e (m != 0) to binary32. */
static uint32_t round_pack(unsigned s, int32_t e, uint64_t m, int rm, unsigned *fl)
{
    int lz = clz64(m);
    m <<= lz;
    e -= lz;                  /* m in [2^63, 2^64) */
    int32_t E = e + 63;       /* value in [2^E, 2^(E+1)) */
    int inexact;
    if (E >= -126) {
        uint64_t q = shift_round(m, 40, rm, s, &inexact);
        if (q >> 24) {        /* carry into a new binade */
            q >>= 1;
            E++;
        }
        if (E > 127)
            return overflow_result(s, rm, fl);
        if (inexact)
            *fl |= FFLAG_NX;
        return (s ? SIGN_BIT : 0) | ((uint32_t)(E + 127) << 23) | ((uint32_t)q & 0x7fffff);
    }
    /* Below the normal range. Tininess after rounding: round to 24 bits
     * with an unbounded exponent; tiny if that is still below 2^-126. */
    int tiny = 1;
    {
        int ix;
        uint64_t q = shift_round(m, 40, rm, s, &ix);
        if ((q >> 24) && E + 1 >= -126)
            tiny = 0;
    }
    int sh = -86 - E;         /* lsb of a subnormal is 2^-149; = 40 + (-126 - E) */
    uint64_t q = shift_round(m, sh, rm, s, &inexact);
    if (inexact) {
        *fl |= FFLAG_NX;
        if (tiny)
            *fl |= FFLAG_UF;
    }
    /* q <= 2^23: 2^23 is the smallest normal, and the packing carries into
     * the exponent field by itself. */
    return (s ? SIGN_BIT : 0) | (uint32_t)q;
}

/* Round (-1)^sx*mx*2^ex + (-1)^sy*my*2^ey with mx, my < 2^62 not both 0.
 * An exactly zero sum is +0, or -0 when rounding down (IEEE 754 6.3);
 * the caller handles sums of two zeros. */
static uint32_t sum_round(unsigned sx, uint64_t mx, int32_t ex, unsigned sy, uint64_t my, int32_t ey, int rm,
                          unsigned *fl)
{
    if (mx == 0)
        return round_pack(sy, ey, my, rm, fl);
    if (my == 0)
        return round_pack(sx, ex, mx, rm, fl);
    int32_t tx = ex + bitlen64(mx), ty = ey + bitlen64(my); /* value < 2^t */
    if (ty > tx || (ty == tx && ey > ex)) {                  /* x: the larger top */
        unsigned ts = sx; sx = sy; sy = ts;
        uint64_t tm = mx; mx = my; my = tm;
        int32_t te = ex; ex = ey; ey = te;
        int32_t tt = tx; tx = ty; ty = tt;
    }
    /* x with its msb at bit 62: window lsb exponent w = tx - 63 */
    int32_t w = tx - 63;
    mx <<= ex - w;
    uint64_t yv;
    if (ey >= w) {
        yv = my << (ey - w);  /* ty <= tx: fits below bit 63 */
    } else {
        int32_t sh = w - ey;  /* jam the bits below the window into bit 0 */
        if (sh >= 64)
            yv = 1;
        else
            yv = (my >> sh) | ((my << (64 - sh)) != 0);
    }
    uint64_t M;
    unsigned s;
    if (sx == sy) {
        M = mx + yv;
        s = sx;
    } else if (mx >= yv) {
        M = mx - yv;
        s = sx;
    } else {
        M = yv - mx;
        s = sy;
    }
    if (M == 0)
        return rm == FRM_RDN ? SIGN_BIT : 0;
    return round_pack(s, w, M, rm, fl);
}

static uint32_t f_add(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b);
    if (is_nan(&x) || is_nan(&y)) {
        if (x.cls == FC_SNAN || y.cls == FC_SNAN)
            *fl |= FFLAG_NV;
        return FP32_CANONICAL_NAN;
    }
    if (x.cls == FC_INF || y.cls == FC_INF) {
        if (x.cls == FC_INF && y.cls == FC_INF && x.s != y.s) {
            *fl |= FFLAG_NV;
            return FP32_CANONICAL_NAN;
        }
        return x.cls == FC_INF ? a : b;
    }
    if (x.cls == FC_ZERO && y.cls == FC_ZERO)
        return x.s == y.s ? zero_bits(x.s) : (rm == FRM_RDN ? SIGN_BIT : 0);
    if (x.cls == FC_ZERO)
        return b;
    if (y.cls == FC_ZERO)
        return a;
    return sum_round(x.s, x.m, x.e, y.s, y.m, y.e, rm, fl);
}

static uint32_t f_mul(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b);
    unsigned s = x.s ^ y.s;
    if (is_nan(&x) || is_nan(&y)) {
        if (x.cls == FC_SNAN || y.cls == FC_SNAN)
            *fl |= FFLAG_NV;
        return FP32_CANONICAL_NAN;
    }
    if (x.cls == FC_INF || y.cls == FC_INF) {
        if (x.cls == FC_ZERO || y.cls == FC_ZERO) {
            *fl |= FFLAG_NV;
            return FP32_CANONICAL_NAN;
        }
        return (s ? SIGN_BIT : 0) | INF_BITS;
    }
    if (x.cls == FC_ZERO || y.cls == FC_ZERO)
        return zero_bits(s);
    return round_pack(s, x.e + y.e, (uint64_t)x.m * y.m, rm, fl);
}

/* (-1)^na * a * b + (-1)^nc * c with one rounding. */
static uint32_t f_fma(uint32_t a, uint32_t b, uint32_t c, unsigned na, unsigned nc, int rm, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b), z = unpack(c);
    if (x.cls == FC_SNAN || y.cls == FC_SNAN || z.cls == FC_SNAN)
        *fl |= FFLAG_NV;
    if ((x.cls == FC_INF && y.cls == FC_ZERO) || (x.cls == FC_ZERO && y.cls == FC_INF)) {
        *fl |= FFLAG_NV; /* even when c is a quiet NaN */
        return FP32_CANONICAL_NAN;
    }
    if (is_nan(&x) || is_nan(&y) || is_nan(&z))
        return FP32_CANONICAL_NAN;
    unsigned ps = x.s ^ y.s ^ na, cs = z.s ^ nc;
    if (x.cls == FC_INF || y.cls == FC_INF) {
        if (z.cls == FC_INF && cs != ps) {
            *fl |= FFLAG_NV;
            return FP32_CANONICAL_NAN;
        }
        return (ps ? SIGN_BIT : 0) | INF_BITS;
    }
    if (z.cls == FC_INF)
        return (cs ? SIGN_BIT : 0) | INF_BITS;
    if (x.cls == FC_ZERO || y.cls == FC_ZERO) {
        if (z.cls == FC_ZERO)
            return ps == cs ? zero_bits(ps) : (rm == FRM_RDN ? SIGN_BIT : 0);
        return (c & 0x7fffffffu) | (cs ? SIGN_BIT : 0);
    }
    uint64_t pm = (uint64_t)x.m * y.m;
    if (z.cls == FC_ZERO)
        return round_pack(ps, x.e + y.e, pm, rm, fl);
    return sum_round(ps, pm, x.e + y.e, cs, z.m, z.e, rm, fl);
}

/* Normalise a finite non-zero operand so that bit 23 of m is set. */
static void normalise(unp_t *u)
{
    while (!(u->m & 0x800000u)) {
        u->m <<= 1;
        u->e--;
    }
}

static uint32_t f_div(uint32_t a, uint32_t b, int rm, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b);
    unsigned s = x.s ^ y.s;
    if (is_nan(&x) || is_nan(&y)) {
        if (x.cls == FC_SNAN || y.cls == FC_SNAN)
            *fl |= FFLAG_NV;
        return FP32_CANONICAL_NAN;
    }
    if (x.cls == FC_INF) {
        if (y.cls == FC_INF) {
            *fl |= FFLAG_NV;
            return FP32_CANONICAL_NAN;
        }
        return (s ? SIGN_BIT : 0) | INF_BITS;
    }
    if (y.cls == FC_INF)
        return zero_bits(s);
    if (y.cls == FC_ZERO) {
        if (x.cls == FC_ZERO) {
            *fl |= FFLAG_NV;
            return FP32_CANONICAL_NAN;
        }
        *fl |= FFLAG_DZ;
        return (s ? SIGN_BIT : 0) | INF_BITS;
    }
    if (x.cls == FC_ZERO)
        return zero_bits(s);
    normalise(&x);
    normalise(&y);
    uint64_t n = (uint64_t)x.m << 40;
    uint64_t q = n / y.m, r = n % y.m;
    return round_pack(s, x.e - 40 - y.e, q | (r != 0), rm, fl);
}

static uint64_t isqrt64(uint64_t v, uint64_t *rem)
{
    uint64_t r = 0, bit = 1ull << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    *rem = v;
    return r;
}

static uint32_t f_sqrt(uint32_t a, int rm, unsigned *fl)
{
    unp_t x = unpack(a);
    if (is_nan(&x)) {
        if (x.cls == FC_SNAN)
            *fl |= FFLAG_NV;
        return FP32_CANONICAL_NAN;
    }
    if (x.cls == FC_ZERO)
        return a; /* sqrt(+-0) = +-0 */
    if (x.s) {
        *fl |= FFLAG_NV;
        return FP32_CANONICAL_NAN;
    }
    if (x.cls == FC_INF)
        return a;
    normalise(&x);
    uint64_t m = x.m;
    int32_t e = x.e;
    if (e & 1) {
        m <<= 1;
        e--;
    }
    uint64_t rem, r = isqrt64(m << 38, &rem); /* m << 38 < 2^63 */
    return round_pack(0, (e - 38) / 2, r | (rem != 0), rm, fl);
}

static uint32_t f_minmax(uint32_t a, uint32_t b, int want_max, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b);
    if (x.cls == FC_SNAN || y.cls == FC_SNAN)
        *fl |= FFLAG_NV;
    if (is_nan(&x) && is_nan(&y))
        return FP32_CANONICAL_NAN;
    if (is_nan(&x))
        return b;
    if (is_nan(&y))
        return a;
    /* total order of the non-NaN encodings, -0 < +0 */
    int32_t ka = (a >> 31) ? -(int32_t)(a & 0x7fffffffu) - 1 : (int32_t)a;
    int32_t kb = (b >> 31) ? -(int32_t)(b & 0x7fffffffu) - 1 : (int32_t)b;
    int a_lt_b = ka < kb;
    if (want_max)
        return a_lt_b ? b : a;
    return a_lt_b ? a : b;
}

/* fcvt.w.s (is_unsigned 0) / fcvt.wu.s (1) */
static uint32_t f_cvt_to_int(uint32_t a, int is_unsigned, int rm, unsigned *fl)
{
    unp_t x = unpack(a);
    const uint32_t pos_sat = is_unsigned ? 0xffffffffu : 0x7fffffffu;
    const uint32_t neg_sat = is_unsigned ? 0u : 0x80000000u;
    if (is_nan(&x)) {
        *fl |= FFLAG_NV;
        return pos_sat;
    }
    if (x.cls == FC_INF) {
        *fl |= FFLAG_NV;
        return x.s ? neg_sat : pos_sat;
    }
    if (x.cls == FC_ZERO)
        return 0;
    /* magnitude rounded to an integer (can exceed 32 bits: then invalid) */
    uint64_t mag;
    int inexact = 0;
    if (x.e >= 0) {
        if (x.e > 31) {
            *fl |= FFLAG_NV;
            return x.s ? neg_sat : pos_sat;
        }
        mag = (uint64_t)x.m << x.e;
    } else {
        mag = shift_round(x.m, -x.e, rm, x.s, &inexact);
    }
    if (x.s) {
        uint64_t lim = is_unsigned ? 0 : 0x80000000ull;
        if (mag > lim) {
            *fl |= FFLAG_NV;
            return neg_sat;
        }
        if (inexact)
            *fl |= FFLAG_NX;
        return (uint32_t)(0u - (uint32_t)mag);
    }
    uint64_t lim = is_unsigned ? 0xffffffffull : 0x7fffffffull;
    if (mag > lim) {
        *fl |= FFLAG_NV;
        return pos_sat;
    }
    if (inexact)
        *fl |= FFLAG_NX;
    return (uint32_t)mag;
}

static uint32_t f_cvt_from_int(uint32_t a, int is_unsigned, int rm, unsigned *fl)
{
    unsigned s = 0;
    uint32_t mag = a;
    if (!is_unsigned && (a >> 31)) {
        s = 1;
        mag = 0u - a;
    }
    if (mag == 0)
        return 0;
    return round_pack(s, 0, mag, rm, fl);
}

static uint32_t f_cmp(int op, uint32_t a, uint32_t b, unsigned *fl)
{
    unp_t x = unpack(a), y = unpack(b);
    if (is_nan(&x) || is_nan(&y)) {
        if (op != FPOP_FEQ || x.cls == FC_SNAN || y.cls == FC_SNAN)
            *fl |= FFLAG_NV;
        return 0;
    }
    if (x.cls == FC_ZERO && y.cls == FC_ZERO)
        return op != FPOP_FLT; /* +0 == -0 */
    int32_t ka = (a >> 31) ? -(int32_t)(a & 0x7fffffffu) : (int32_t)a;
    int32_t kb = (b >> 31) ? -(int32_t)(b & 0x7fffffffu) : (int32_t)b;
    switch (op) {
    case FPOP_FEQ: return ka == kb;
    case FPOP_FLT: return ka < kb;
    default: return ka <= kb;
    }
}

static uint32_t f_class(uint32_t a)
{
    unp_t x = unpack(a);
    switch (x.cls) {
    case FC_INF: return x.s ? 1u << 0 : 1u << 7;
    case FC_ZERO: return x.s ? 1u << 3 : 1u << 4;
    case FC_SNAN: return 1u << 8;
    case FC_QNAN: return 1u << 9;
    default:
        if (((a >> 23) & 0xff) == 0)
            return x.s ? 1u << 2 : 1u << 5;
        return x.s ? 1u << 1 : 1u << 6;
    }
}

uint32_t fp32_exec(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags)
{
    unsigned fl = 0;
    uint32_t r = 0;
    if (rm < 0 || rm > 4)
        rm = FRM_RNE;
    switch (op) {
    case FPOP_FADD: r = f_add(a, b, rm, &fl); break;
    case FPOP_FSUB: r = f_add(a, b ^ SIGN_BIT, rm, &fl); break;
    case FPOP_FMUL: r = f_mul(a, b, rm, &fl); break;
    case FPOP_FMADD: r = f_fma(a, b, c, 0, 0, rm, &fl); break;
    case FPOP_FMSUB: r = f_fma(a, b, c, 0, 1, rm, &fl); break;
    case FPOP_FNMSUB: r = f_fma(a, b, c, 1, 0, rm, &fl); break;
    case FPOP_FNMADD: r = f_fma(a, b, c, 1, 1, rm, &fl); break;
    case FPOP_FDIV: r = f_div(a, b, rm, &fl); break;
    case FPOP_FSQRT: r = f_sqrt(a, rm, &fl); break;
    case FPOP_FSGNJ: r = (a & 0x7fffffffu) | (b & SIGN_BIT); break;
    case FPOP_FSGNJN: r = (a & 0x7fffffffu) | (~b & SIGN_BIT); break;
    case FPOP_FSGNJX: r = a ^ (b & SIGN_BIT); break;
    case FPOP_FMIN: r = f_minmax(a, b, 0, &fl); break;
    case FPOP_FMAX: r = f_minmax(a, b, 1, &fl); break;
    case FPOP_FCVT_W_S: r = f_cvt_to_int(a, 0, rm, &fl); break;
    case FPOP_FCVT_WU_S: r = f_cvt_to_int(a, 1, rm, &fl); break;
    case FPOP_FCVT_S_W: r = f_cvt_from_int(a, 0, rm, &fl); break;
    case FPOP_FCVT_S_WU: r = f_cvt_from_int(a, 1, rm, &fl); break;
    case FPOP_FMV_X_W:
    case FPOP_FMV_W_X: r = a; break;
    case FPOP_FEQ:
    case FPOP_FLT:
    case FPOP_FLE: r = f_cmp(op, a, b, &fl); break;
    case FPOP_FCLASS: r = f_class(a); break;
    default: break;
    }
    if (flags)
        *flags = fl;
    return r;
}

static const char *const op_names[FPOP_COUNT] = {
    "fadd", "fsub", "fmul", "fmadd", "fmsub", "fnmsub", "fnmadd", "fdiv", "fsqrt", "fsgnj", "fsgnjn", "fsgnjx",
    "fmin", "fmax", "fcvt.w.s", "fcvt.wu.s", "fcvt.s.w", "fcvt.s.wu", "fmv.x.w", "fmv.w.x", "feq", "flt", "fle",
    "fclass",
};

const char *fp32_op_name(int op) { return op >= 0 && op < FPOP_COUNT ? op_names[op] : "?"; }

int fp32_op_from_name(const char *name)
{
    for (int i = 0; i < FPOP_COUNT; i++)
        if (strcmp(name, op_names[i]) == 0)
            return i;
    return -1;
}
