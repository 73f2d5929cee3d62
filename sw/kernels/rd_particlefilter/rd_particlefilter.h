/* rd_particlefilter.h - argument block and device math of rd_particlefilter
 * (Rodinia particlefilter, OpenCL particle_single.cl), shared by kernel.c and
 * host.c: the host runs the same inline functions, so the check is bit for
 * bit, and compares them with its C library (host.c). */
#ifndef RD_PARTICLEFILTER_H
#define RD_PARTICLEFILTER_H

#include <stdint.h>

#define RD_PF_SCALE_FACTOR 300
#define RD_PF_MAX_THREADS 512 /* Rodinia's threads_per_block */

typedef struct {
    uint32_t arrayX, arrayY, xj, yj, CDF, u, weights, likelihood; /* float [Np] */
    uint32_t ind;          /* int32_t [Np * countOnes] */
    uint32_t objxy;        /* int32_t [2 * countOnes] */
    uint32_t I;            /* uint8_t [IszX * IszY * Nfr] */
    uint32_t seed;         /* int32_t [Np] */
    uint32_t partial_sums; /* float [blocks] */
    int32_t Np, countOnes, max_size, k, IszY, Nfr, blocks;
} rd_pf_args_t;

typedef union {
    float f;
    uint32_t u;
} rd_pf_bits_t;

static inline float rd_pf_u2f(uint32_t u)
{
    rd_pf_bits_t b;
    b.u = u;
    return b.f;
}

static inline uint32_t rd_pf_f2u(float f)
{
    rd_pf_bits_t b;
    b.f = f;
    return b.u;
}

/* exp(x), branch-free: clamp to [-87, 88], n = round(x / ln2) (1.5 * 2^23
 * trick), Cody-Waite reduction, degree-7 Taylor polynomial (Horner, fused),
 * 2^n in the exponent field; 0 below e^-87 (rd_lavamd.h's routine). */
static inline float rd_pf_expf(float x)
{
    const uint32_t tiny = (uint32_t)(x < -87.0f);
    const float xc = __builtin_fminf(__builtin_fmaxf(x, -87.0f), 88.0f);
    const float big = 12582912.0f;
    const float nf = __builtin_fmaf(xc, 1.44269502f, big) - big;
    float r = __builtin_fmaf(-nf, 0.693145752f, xc);
    r = __builtin_fmaf(-nf, 1.42860677e-6f, r);
    float p = __builtin_fmaf(r, 1.0f / 5040.0f, 1.0f / 720.0f);
    p = __builtin_fmaf(p, r, 1.0f / 120.0f);
    p = __builtin_fmaf(p, r, 1.0f / 24.0f);
    p = __builtin_fmaf(p, r, 1.0f / 6.0f);
    p = __builtin_fmaf(p, r, 0.5f);
    p = __builtin_fmaf(p, r, 1.0f);
    p = __builtin_fmaf(p, r, 1.0f);
    const float v = p * rd_pf_u2f((uint32_t)((int32_t)nf + 127) << 23);
    return rd_pf_u2f(rd_pf_f2u(v) & (tiny - 1u));
}

/* log(x) for finite x > 0, branch-free: x = m 2^e with m in [sqrt(1/2),
 * sqrt(2)), log m = 2 atanh(s), s = (m - 1) / (m + 1), odd series to s^9.
 * Subnormal inputs and 0 are not handled (0 gives about -88, not -inf). */
static inline float rd_pf_logf(float x)
{
    const uint32_t b = rd_pf_f2u(x);
    int32_t e = (int32_t)(b >> 23) - 127;
    float m = rd_pf_u2f((b & 0x007fffffu) | 0x3f800000u);
    const uint32_t hi = (uint32_t)(m > 1.41421356f);
    const uint32_t mask = 0u - hi;
    m = rd_pf_u2f((rd_pf_f2u(m) & ~mask) | (rd_pf_f2u(m * 0.5f) & mask));
    e += (int32_t)hi;
    const float s = (m - 1.0f) / (m + 1.0f);
    const float s2 = s * s;
    float p = __builtin_fmaf(s2, 1.0f / 9.0f, 1.0f / 7.0f);
    p = __builtin_fmaf(p, s2, 1.0f / 5.0f);
    p = __builtin_fmaf(p, s2, 1.0f / 3.0f);
    p = __builtin_fmaf(p, s2, 1.0f);
    const float lm = 2.0f * s * p;
    const float ef = (float)e;
    return __builtin_fmaf(ef, 0.693145752f, __builtin_fmaf(ef, 1.42860677e-6f, lm));
}

/* cos(x) for 0 <= x < 2^20, branch-free: n = round(x / (pi/2)), r = x - n pi/2
 * (three-part Cody-Waite), the quadrant selects +-cos r or +-sin r
 * (Taylor polynomials to r^8 and r^9). */
static inline float rd_pf_cosf(float x)
{
    const float big = 12582912.0f;
    const float nf = __builtin_fmaf(x, 0.636619747f, big) - big;
    float r = __builtin_fmaf(-nf, 1.5703125f, x);
    r = __builtin_fmaf(-nf, 4.83826792e-4f, r);
    r = __builtin_fmaf(-nf, 2.56328292e-12f, r);
    const float r2 = r * r;
    float c = __builtin_fmaf(r2, 1.0f / 40320.0f, -1.0f / 720.0f);
    c = __builtin_fmaf(c, r2, 1.0f / 24.0f);
    c = __builtin_fmaf(c, r2, -0.5f);
    c = __builtin_fmaf(c, r2, 1.0f);
    float s = __builtin_fmaf(r2, 1.0f / 362880.0f, -1.0f / 5040.0f);
    s = __builtin_fmaf(s, r2, 1.0f / 120.0f);
    s = __builtin_fmaf(s, r2, -1.0f / 6.0f);
    s = __builtin_fmaf(s * r2, r, r);
    const uint32_t q = (uint32_t)(int32_t)nf & 3u;
    const uint32_t use_sin = 0u - (q & 1u);
    const uint32_t neg = ((q + 1u) & 2u) << 30; /* q = 1, 2: negative */
    const uint32_t v = (rd_pf_f2u(c) & ~use_sin) | (rd_pf_f2u(s) & use_sin);
    return rd_pf_u2f(v ^ neg);
}

/* Rodinia's d_randu: LCG A = 1103515245, C = 12345, M = INT_MAX (int
 * arithmetic wrapping, the remainder's sign kept), |seed / M|. */
static inline float rd_pf_randu(int32_t *seed, int32_t index)
{
    const int32_t num = (int32_t)(1103515245u * (uint32_t)seed[index] + 12345u);
    seed[index] = num % 2147483647;
    return __builtin_fabsf((float)seed[index] / 2147483647.0f);
}

/* Rodinia's d_randn: Box-Muller. */
static inline float rd_pf_randn(int32_t *seed, int32_t index)
{
    const float pi = 3.14159265358979323846f;
    const float u = rd_pf_randu(seed, index);
    const float v = rd_pf_randu(seed, index);
    const float cosine = rd_pf_cosf(2.0f * pi * v);
    const float rt = -2.0f * rd_pf_logf(u);
    return __builtin_sqrtf(rt) * cosine;
}

#endif
