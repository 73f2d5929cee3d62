/* host_ref.c - see host_ref.h. Compile with -frounding-math
 * -ffp-contract=off (and without -ffast-math): every operation goes through
 * volatile variables so that the compiler neither folds nor reorders it
 * across fesetround/fetestexcept. */
#include "host_ref.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>


static float f_of(uint32_t x) { float f; memcpy(&f, &x, 4); return f; }
static uint32_t u_of(float f) { uint32_t x; memcpy(&x, &f, 4); return x; }
static int is_nan(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static int is_snan(uint32_t x) { return is_nan(x) && !(x & 0x00400000u); }

static const int host_mode[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};

static unsigned host_flags(void)
{
    unsigned f = 0;
    if (fetestexcept(FE_INEXACT)) f |= 1;
    if (fetestexcept(FE_UNDERFLOW)) f |= 2;
    if (fetestexcept(FE_OVERFLOW)) f |= 4;
    if (fetestexcept(FE_DIVBYZERO)) f |= 8;
    if (fetestexcept(FE_INVALID)) f |= 16;
    return f;
}

/* One arithmetic operation in host rounding mode m (0..3). */
static uint32_t arith(int op, uint32_t a, uint32_t b, uint32_t c, int m, unsigned *fl)
{
    volatile float x = f_of(a), y = f_of(b), z = f_of(c), r = 0.0f;
    volatile int32_t si = (int32_t)a;
    volatile uint32_t ui = a;
    feclearexcept(FE_ALL_EXCEPT);
    fesetround(host_mode[m]);
    switch (op) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = fmaf(x, y, z); break;
    case 4: r = fmaf(x, y, -z); break;
    case 5: r = fmaf(-x, y, z); break;
    case 6: r = fmaf(-x, y, -z); break;
    case 7: r = x / y; break;
    case 8: r = sqrtf(x); break;
    case 16: r = (float)si; break;
    case 17: r = (float)ui; break;
    default: break;
    }
    *fl = host_flags();
    fesetround(FE_TONEAREST);
    return u_of(r);
}

/* Is the exact result of op exactly the double mid? */
static int exact_is(int op, uint32_t a, uint32_t b, uint32_t c, double mid)
{
    double x = f_of(a), y = f_of(b), z = f_of(c);
    double p, s, e, bb, t;
    switch (op) {
    case 0: case 1:
        p = x; z = op == 1 ? -y : y;
        break;
    case 2:
        return x * y == mid; /* 48-bit product: exact */
    case 3: case 4: case 5: case 6:
        p = x * y;
        if (op >= 5) p = -p;
        if (op == 4 || op == 6) z = -z;
        break;
    case 7:
        return mid * y == x; /* 25 x 24 bits: exact */
    case 8:
        return mid * mid == x;
    case 16:
        return (double)(int32_t)a == mid;
    case 17:
        return (double)a == mid;
    default:
        return 0;
    }
    /* TwoSum: s + e == p + z exactly */
    s = p + z;
    bb = s - p;
    t = (p - (s - bb)) + (z - bb);
    e = t;
    return s == mid && e == 0.0;
}

static uint32_t arith_rm(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *fl)
{
    uint32_t r, rz, ra;
    unsigned f2;
    double dz, da, mid;
    if (rm < 4) return arith(op, a, b, c, rm, fl);
    /* RMM: RNE except at an exact tie, where RNE may have gone toward 0. */
    r = arith(op, a, b, c, 0, fl);
    if (!(*fl & 1) || is_nan(r)) return r;
    rz = arith(op, a, b, c, 1, &f2);
    if (r != rz) return r;              /* RNE already rounded away */
    ra = arith(op, a, b, c, (rz >> 31) ? 2 : 3, &f2);
    dz = f_of(rz);
    da = f_of(ra);
    if ((ra & 0x7fffffffu) == 0x7f800000u) /* away = overflow */
        mid = (rz >> 31) ? -((double)FLT_MAX + ldexp(1.0, 103)) : (double)FLT_MAX + ldexp(1.0, 103);
    else
        mid = (dz + da) / 2.0;
    if (exact_is(op, a, b, c, mid)) return ra;
    return r;
}

static uint32_t cvt_to_int(uint32_t a, int uns, int rm, unsigned *fl)
{
    volatile float x = f_of(a), r;
    double d;
    *fl = 0;
    if (is_nan(a)) {
        *fl = 16;
        return uns ? 0xffffffffu : 0x7fffffffu;
    }
    if (rm == 4) {
        r = roundf(x);
    } else {
        fesetround(host_mode[rm]);
        r = nearbyintf(x);
        fesetround(FE_TONEAREST);
    }
    d = r;
    if (uns) {
        if (d < 0.0 || d > 4294967295.0) {
            *fl = 16;
            return (d < 0.0) ? 0 : 0xffffffffu;
        }
        if ((double)x != d) *fl = 1;
        return (uint32_t)d;
    }
    if (d < -2147483648.0 || d > 2147483647.0) {
        *fl = 16;
        return (d < 0.0) ? 0x80000000u : 0x7fffffffu;
    }
    if ((double)x != d) *fl = 1;
    return (uint32_t)(int32_t)d;
}

/* Ordered comparison of non-NaN values: -1, 0, 1. */
static int cmp(uint32_t a, uint32_t b)
{
    double x = f_of(a), y = f_of(b);
    return x < y ? -1 : x > y ? 1 : 0;
}

uint32_t host_fp32_exec(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags)
{
    unsigned fl = 0;
    uint32_t r = 0;
    int an = is_nan(a), bn = is_nan(b);
    if (rm < 0 || rm > 4) rm = 0;
    switch (op) {
    case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: case 8: case 16: case 17:
        r = arith_rm(op, a, b, c, rm, &fl);
        if (op >= 3 && op <= 6) {
            /* inf * 0 is invalid even with a quiet-NaN addend */
            int ai = (a & 0x7fffffffu) == 0x7f800000u, bi = (b & 0x7fffffffu) == 0x7f800000u;
            int az = (a & 0x7fffffffu) == 0, bz = (b & 0x7fffffffu) == 0;
            if ((ai && bz) || (az && bi)) fl |= 16;
        }
        if (is_nan(r)) r = 0x7fc00000u;
        break;
    case 9: r = (a & 0x7fffffffu) | (b & 0x80000000u); break;
    case 10: r = (a & 0x7fffffffu) | (~b & 0x80000000u); break;
    case 11: r = a ^ (b & 0x80000000u); break;
    case 12: case 13:
        if (is_snan(a) || is_snan(b)) fl = 16;
        if (an && bn) r = 0x7fc00000u;
        else if (an) r = b;
        else if (bn) r = a;
        else if (cmp(a, b) == 0) r = (op == 12) ? (a | b) : (a & b); /* zeros: -0 < +0 */
        else r = ((cmp(a, b) < 0) == (op == 12)) ? a : b;
        break;
    case 14: r = cvt_to_int(a, 0, rm, &fl); break;
    case 15: r = cvt_to_int(a, 1, rm, &fl); break;
    case 18: case 19: r = a; break;
    case 20:
        if (is_snan(a) || is_snan(b)) fl = 16;
        r = (!an && !bn && cmp(a, b) == 0);
        break;
    case 21: case 22:
        if (an || bn) fl = 16;
        r = (!an && !bn && (op == 21 ? cmp(a, b) < 0 : cmp(a, b) <= 0));
        break;
    case 23: {
        uint32_t e = (a >> 23) & 0xff, f = a & 0x7fffff, s = a >> 31;
        int k;
        if (e == 0xff) k = f ? ((f & 0x400000) ? 9 : 8) : (s ? 0 : 7);
        else if (e == 0) k = f ? (s ? 2 : 5) : (s ? 3 : 4);
        else k = s ? 1 : 6;
        r = 1u << k;
        break;
    }
    default: break;
    }
    if (flags) *flags = fl;
    return r;
}
