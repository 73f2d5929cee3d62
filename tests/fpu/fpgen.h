/* fpgen.h - random binary32 operands biased to special values, shared by
 * tests/fpu/fpvec.c (vector files for the RTL FPU) and tests/fpu/hostcheck.c
 * (the host-FPU check of sim/model/fp32.c). Header-only, no global state.
 *
 * fpgen_operands(rng, op, &a, &b, &c) draws the operands of one vector of
 * op. Each operand is drawn from a mix of classes (signed zeros, infinities,
 * quiet and signalling NaNs with payloads, subnormals, min/max normal,
 * values near overflow and underflow, short significands that make exact
 * ties likely, random bit patterns), and operand b (and c) is often tied to
 * a: exponent differences of -3..3 and 22..27 (alignment and rounding ties
 * in add/sub), b = -a or a +- a few ulps (cancellation), c near -(a*b)
 * (massive cancellation in fma), perfect squares for fsqrt, integers near
 * 2^24, 2^31, 2^32 and halves for the conversions.
 */
#ifndef WEFT_FPGEN_H
#define WEFT_FPGEN_H

#include <stdint.h>
#include <string.h>

#include "fp32.h"

typedef struct {
    uint64_t s;
} fpgen_rng_t;

static inline uint64_t fpgen_next(fpgen_rng_t *r) /* splitmix64 */
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline uint32_t fpgen_u32(fpgen_rng_t *r) { return (uint32_t)(fpgen_next(r) >> 32); }
static inline uint32_t fpgen_below(fpgen_rng_t *r, uint32_t n) { return (uint32_t)(((fpgen_next(r) >> 32) * n) >> 32); }

static const uint32_t fpgen_specials[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000,             /* zeros, infinities */
    0x7fc00000, 0xffc00000, 0x7fc00001, 0x7fffffff, 0xffd55555, /* quiet NaNs */
    0x7f800001, 0xff800001, 0x7fa00000, 0x7fbfffff,             /* signalling NaNs */
    0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000, /* subnormals */
    0x00800000, 0x80800000, 0x00800001, 0x7f7fffff, 0xff7fffff, /* min/max normal */
    0x7f7ffffe, 0x7f000000, 0x3f800000, 0xbf800000, 0x3f000000, /* near overflow, 1, -1, 0.5 */
    0x4b000000, 0x4b800000, 0x4f000000, 0xcf000000, 0x4f800000, /* 2^23, 2^24, 2^31, -2^31, 2^32 */
    0x4effffff, 0x4f7fffff, 0xcf000001, 0x3effffff, 0x3f7fffff, /* just below 2^31, 2^32, ... */
    0x3fc00000, 0xbfc00000, 0x40200000, 0x3f400000, 0xbf000000, /* 1.5, -1.5, 2.5, 0.75, -0.5 */
};
#define FPGEN_NSPECIALS (sizeof fpgen_specials / sizeof fpgen_specials[0])

static inline uint32_t fpgen_pack(uint32_t s, uint32_t e, uint32_t f) { return (s << 31) | ((e & 0xff) << 23) | (f & 0x7fffff); }

/* One float of a random class. */
static inline uint32_t fpgen_float(fpgen_rng_t *r)
{
    uint32_t s = fpgen_u32(r) & 1, f = fpgen_u32(r) & 0x7fffff;
    switch (fpgen_below(r, 12)) {
    case 0: case 1: return fpgen_specials[fpgen_below(r, FPGEN_NSPECIALS)];
    case 2: return fpgen_u32(r);                                         /* any bits */
    case 3: return fpgen_pack(s, 0, f);                                  /* subnormal */
    case 4: return fpgen_pack(s, 1 + fpgen_below(r, 6), f);              /* near underflow */
    case 5: return fpgen_pack(s, 248 + fpgen_below(r, 7), f);            /* near overflow */
    case 6: { /* short significand: ties in mul/div/cvt */
        uint32_t keep = fpgen_below(r, 8) * 3; /* 0..21 significant fraction bits */
        return fpgen_pack(s, 100 + fpgen_below(r, 56), f & ~((1u << (23 - keep)) - 1));
    }
    case 7: return fpgen_pack(s, 120 + fpgen_below(r, 16), f | (fpgen_below(r, 2) ? 0x7fff00 : 0)); /* near 1 */
    case 8: return fpgen_pack(s, 60 + fpgen_below(r, 130), f & (fpgen_below(r, 2) ? 0x7fffff : 0x7f0000));
    case 9: return fpgen_pack(s, fpgen_below(r, 2) ? 0 : 1, fpgen_below(r, 2) ? (f & 0xff) : (0x7fff00 | (f & 0xff)));
    default: return fpgen_pack(s, 1 + fpgen_below(r, 253), f);           /* normal */
    }
}

/* b related to a: same or nearby exponent, exponent 22..27 apart, -a, a +- ulps. */
static inline uint32_t fpgen_related(fpgen_rng_t *r, uint32_t a)
{
    uint32_t ea = (a >> 23) & 0xff, s = fpgen_u32(r) & 1, f = fpgen_u32(r) & 0x7fffff;
    int32_t d;
    switch (fpgen_below(r, 6)) {
    case 0: return a ^ 0x80000000u;                                      /* exact cancellation */
    case 1: return (a ^ (s << 31)) + fpgen_below(r, 5) - 2;              /* a +- 2 ulps */
    case 2: d = (int32_t)fpgen_below(r, 7) - 3; break;
    case 3: d = (int32_t)fpgen_below(r, 6) + 22; if (fpgen_below(r, 2)) d = -d; break;
    case 4: d = (int32_t)fpgen_below(r, 6) + 22; if (fpgen_below(r, 2)) d = -d;
        f = fpgen_below(r, 2) ? 0 : 0x400000; break;                      /* exact half ulps */
    default: d = (int32_t)fpgen_below(r, 60) - 30; break;
    }
    int32_t eb = (int32_t)ea + d;
    if (eb < 0) eb = 0;
    if (eb > 254) eb = 254;
    return fpgen_pack(s, (uint32_t)eb, f);
}

/* An integer operand of fcvt.s.w[u] / fmv.w.x. */
static inline uint32_t fpgen_int(fpgen_rng_t *r)
{
    static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x00ffffffu,
                                    0x01000000u, 0x01000001u, 0x01000003u, 0xfeffffffu, 0xff000001u, 0x7fffffc0u,
                                    0x7fffff80u, 0xffffff80u, 0xffffffc0u};
    switch (fpgen_below(r, 6)) {
    case 0: return edge[fpgen_below(r, sizeof edge / sizeof edge[0])];
    case 1: { uint32_t k = fpgen_below(r, 32); return (1u << k) + fpgen_below(r, 5) - 2; }
    case 2: { /* k-bit integers (25..31 bits) that are exact halfway cases or just off them */
              uint32_t k = 25 + fpgen_below(r, 7); uint32_t v = (fpgen_u32(r) >> (32 - k)) | (1u << (k - 1));
              v &= ~((1u << (k - 24)) - 1); v |= (1u << (k - 25)) * fpgen_below(r, 2);
              return fpgen_below(r, 2) ? 0u - v : v; }
    case 3: return fpgen_u32(r) >> fpgen_below(r, 32);
    default: return fpgen_u32(r);
    }
}

/* A float operand of fcvt.w[u].s: integers, halves, near the range limits. */
static inline uint32_t fpgen_cvt_src(fpgen_rng_t *r)
{
    uint32_t s = fpgen_u32(r) & 1, f = fpgen_u32(r) & 0x7fffff;
    switch (fpgen_below(r, 5)) {
    case 0: return fpgen_pack(s, 126 + fpgen_below(r, 32), f & ~(0x7fffffu >> fpgen_below(r, 24))); /* halves, integers */
    case 1: return fpgen_pack(s, 156 + fpgen_below(r, 4), f);                     /* around 2^29..2^32 */
    case 2: return fpgen_pack(s, 120 + fpgen_below(r, 8), f);                     /* |x| < 1 */
    case 3: return (0x4f000000u + fpgen_below(r, 9) - 4) ^ (s << 31);             /* +-2^31 +- ulps */
    default: return fpgen_float(r);
    }
}

static inline float fpgen_as_f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t fpgen_as_u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* The operands of one vector of op. Unused operands are 0. */
static inline void fpgen_operands(fpgen_rng_t *r, int op, uint32_t *a, uint32_t *b, uint32_t *c)
{
    *a = *b = *c = 0;
    switch (op) {
    case FPOP_FCVT_S_W: case FPOP_FCVT_S_WU: case FPOP_FMV_W_X:
        *a = fpgen_int(r);
        return;
    case FPOP_FCVT_W_S: case FPOP_FCVT_WU_S:
        *a = fpgen_cvt_src(r);
        return;
    case FPOP_FSQRT:
        if (fpgen_below(r, 4) == 0) { /* perfect squares and their neighbours */
            uint32_t k = fpgen_u32(r) >> (20 + fpgen_below(r, 9));
            *a = fpgen_as_u((float)k * (float)k * fpgen_as_f(fpgen_pack(0, 127 - 40 + 2 * fpgen_below(r, 40), 0)));
            *a += fpgen_below(r, 3) - 1;
        } else {
            *a = fpgen_float(r);
        }
        return;
    case FPOP_FMV_X_W: case FPOP_FCLASS:
        *a = fpgen_float(r);
        return;
    default: break;
    }
    if ((op == FPOP_FMUL || op == FPOP_FDIV || op == FPOP_FMADD) && fpgen_below(r, 6) == 0) {
        /* a product or quotient within a few ulps of 2^-126 (or 2^-127):
         * tininess before vs after rounding */
        volatile double t = fpgen_below(r, 4) ? 0x1p-126 : 0x1p-127;
        uint32_t x = fpgen_pack(fpgen_u32(r) & 1, 100 + fpgen_below(r, 54), fpgen_u32(r));
        volatile double xd = fpgen_as_f(x);
        volatile float y = (float)(op == FPOP_FDIV ? t * xd : t / xd);
        uint32_t yb = fpgen_as_u(y) + fpgen_below(r, 5) - 2;
        if (op == FPOP_FDIV) { *a = yb; *b = x; } else { *a = x; *b = yb; }
        if (op == FPOP_FMADD) /* with a tiny addend */
            *c = fpgen_pack(fpgen_u32(r) & 1, 0, fpgen_u32(r) & (fpgen_below(r, 2) ? 0x3 : 0xff));
        return;
    }
    if (op >= FPOP_FMADD && op <= FPOP_FNMADD && fpgen_below(r, 64) == 0) {
        /* inf * 0 + qNaN: RISC-V raises NV */
        *a = fpgen_below(r, 2) ? 0x7f800000u : 0xff800000u;
        *b = fpgen_below(r, 2) ? 0 : 0x80000000u;
        if (fpgen_below(r, 2)) { uint32_t t = *a; *a = *b; *b = t; }
        *c = 0x7fc00000u | (fpgen_u32(r) & 0x803fffffu);
        return;
    }
    *a = fpgen_float(r);
    *b = fpgen_below(r, 2) ? fpgen_related(r, *a) : fpgen_float(r);
    if (fpgen_below(r, 8) == 0) { uint32_t t = *a; *a = *b; *b = t; }
    if (op >= FPOP_FMADD && op <= FPOP_FNMADD) {
        switch (fpgen_below(r, 4)) {
        case 0: { /* c near -(a*b) or +(a*b): cancellation; the product rounded by the host */
            volatile float pa = fpgen_as_f(*a), pb = fpgen_as_f(*b);
            volatile float p = pa * pb;
            *c = fpgen_as_u(p) ^ ((fpgen_u32(r) & 1) << 31);
            *c += fpgen_below(r, 5) - 2;
            break;
        }
        case 1: *c = fpgen_related(r, *a); break;
        default: *c = fpgen_float(r); break;
        }
    }
}

#endif
