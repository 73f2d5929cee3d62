/* rd_lavamd.h - argument block, data layout and exponential of rd_lavamd
 * (Rodinia lavaMD, OpenCL kernel_gpu_opencl), shared by kernel.c and host.c. */
#ifndef RD_LAVAMD_H
#define RD_LAVAMD_H

#include <stdint.h>

#define RD_LAVAMD_PAR_PER_BOX 100 /* Rodinia's NUMBER_PAR_PER_BOX */
#define RD_LAVAMD_MAX_THREADS 128 /* Rodinia's NUMBER_THREADS */

typedef struct {
    float v, x, y, z;
} rd_lavamd_four_t;

/* nei_str and box_str as OpenCL lays them out (long = 64 bits, 8-aligned). */
typedef struct {
    int32_t x, y, z, number;
    int32_t offset, offset_hi;
} rd_lavamd_nei_t;

typedef struct {
    int32_t x, y, z, number;
    int32_t offset, offset_hi;
    int32_t nn, pad;
    rd_lavamd_nei_t nei[26];
} rd_lavamd_box_t;

typedef struct {
    float alpha;
    int32_t number_boxes;
    uint32_t box;  /* rd_lavamd_box_t box[number_boxes] */
    uint32_t rv;   /* rd_lavamd_four_t rv[number_boxes * 100] */
    uint32_t qv;   /* float qv[number_boxes * 100] */
    uint32_t fv;   /* rd_lavamd_four_t fv[number_boxes * 100] (in/out, zero at launch) */
} rd_lavamd_args_t;

/* exp(x), branch-free (the kernel's exp(-u2), as a vectorised OpenCL math
 * library computes it): x clamped to [-87, 88]; n = round(x / ln 2) by the
 * 1.5 * 2^23 trick; r = x - n ln2 in two fused steps (Cody-Waite); degree-7
 * Taylor polynomial by Horner's rule (fused); times 2^n built in the
 * exponent field. Results below e^-87 are flushed to 0. The host runs this
 * same function (fmaf is exact on both), and checks it against its C
 * library's expf. */
static inline float rd_lavamd_expf(float x)
{
    union {
        float f;
        uint32_t u;
    } s;
    const uint32_t tiny = (uint32_t)(x < -87.0f);
    float xc = __builtin_fmaxf(x, -87.0f);
    xc = __builtin_fminf(xc, 88.0f);
    const float big = 12582912.0f; /* 1.5 * 2^23 */
    const float nf = __builtin_fmaf(xc, 1.44269502f, big) - big;
    float r = __builtin_fmaf(-nf, 0.693145752f, xc); /* ln2 high part (exact product) */
    r = __builtin_fmaf(-nf, 1.42860677e-6f, r);      /* ln2 low part */
    float p = __builtin_fmaf(r, 1.0f / 5040.0f, 1.0f / 720.0f);
    p = __builtin_fmaf(p, r, 1.0f / 120.0f);
    p = __builtin_fmaf(p, r, 1.0f / 24.0f);
    p = __builtin_fmaf(p, r, 1.0f / 6.0f);
    p = __builtin_fmaf(p, r, 0.5f);
    p = __builtin_fmaf(p, r, 1.0f);
    p = __builtin_fmaf(p, r, 1.0f);
    s.u = (uint32_t)((int32_t)nf + 127) << 23;
    const float v = p * s.f;
    union {
        float f;
        uint32_t u;
    } o;
    o.f = v;
    o.u &= tiny - 1u; /* 0 when x < -87 */
    return o.f;
}

#endif
