/* rd_srad - Rodinia SRAD, speckle-reducing anisotropic diffusion (OpenCL
 * srad/kernel/kernel_gpu_opencl.cl; seed 000 Table 6.2: `502x458 Image`,
 * adjusted 251x229). One thread per pixel, blocks of NUMBER_THREADS =
 * blockDim.x, the image column-major (ei = row + Nr * col):
 *   rd_srad_extract   I = exp(I / 255)
 *   per iteration:
 *   rd_srad_prepare   sums = I, sums2 = I * I
 *   rd_srad_reduce    per block, a shared-memory tree over every 2nd, 4th, ...
 *                     element (`(tx + 1) % i == 0`), the last block of a
 *                     partial level reducing its largest power-of-two prefix
 *                     and its last busy thread adding the remainder serially;
 *                     the host relaunches it until one sum is left
 *   rd_srad_srad      directional derivatives, ICOV, diffusion coefficient c
 *                     saturated to [0, 1]
 *   rd_srad_srad2     divergence and image update
 *   rd_srad_compress  I = log(I) * 255
 * Divergent branches, each a WEFT_IF: the `ei < Ne` guards, the tree's
 * `(tx + 1) % i == 0`, the final-thread tests; `(ei + 1) % Nr == 0` and the
 * saturation are branch-free selects. Float order: LLVM's contraction of each
 * OpenCL statement (FP_CONTRACT on: `a * b + c` within one expression is an
 * fmadd, the first product of a sum of products the addend), unsuffixed
 * literals in float (no fp64 on the device). exp/log are picolibc's expf/logf,
 * called once per lane (WEFT_PER_LANE_F: they branch on the data). */
#include <math.h>

#include "weft_device.h"
#include "weft_float.h"
#include "rd_srad.h"

#define NT_MAX 512 /* Rodinia's NUMBER_THREADS */

static WEFT_SHARED float d_psum[NT_MAX];
static WEFT_SHARED float d_psum2[NT_MAX];

static inline uint32_t opaque(uint32_t v)  /* see v_sgemm: no max-with-a-branch */
{
    __asm__("" : "+r"(v));
    return v;
}

static inline int32_t srad_ei(void)
{
    return (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
}

WEFT_KERNEL void rd_srad_extract(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t ei = srad_ei();
    float *d_I = WEFT_PTR(float, arg->img);
    WEFT_IF(ei < arg->ne) {
        d_I[ei] = WEFT_PER_LANE_F(expf, d_I[ei] / 255.0f);
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_srad_prepare(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t ei = srad_ei();
    const float *d_I = WEFT_PTR(const float, arg->img);
    float *d_sums = WEFT_PTR(float, arg->sums), *d_sums2 = WEFT_PTR(float, arg->sums2);
    WEFT_IF(ei < arg->ne) {
        d_sums[ei] = d_I[ei];
        d_sums2[ei] = d_I[ei] * d_I[ei];
    } WEFT_ENDIF
}

/* One tree step of the block: every i-th thread adds the element i/2 below. */
static inline void reduce_step(int32_t tx, int32_t i, uint32_t busy)
{
    WEFT_IF(opaque(((tx + 1) % i) == 0) & busy) {
        d_psum[tx] = d_psum[tx] + d_psum[tx - i / 2];
        d_psum2[tx] = d_psum2[tx] + d_psum2[tx - i / 2];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_srad_reduce(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t nt = (int32_t)blockDim.x;  /* NUMBER_THREADS */
    const int32_t bx = (int32_t)blockIdx.x, tx = (int32_t)threadIdx.x;
    const int32_t ei = bx * nt + tx;
    const int32_t d_no = arg->no, d_mul = arg->mul, grid = arg->grid;
    float *d_sums = WEFT_PTR(float, arg->sums), *d_sums2 = WEFT_PTR(float, arg->sums2);
    const int32_t nf = nt - (grid * nt - d_no);  /* elements of the last block */

    WEFT_IF(ei < d_no) {
        d_psum[tx] = d_sums[ei * d_mul];
        d_psum2[tx] = d_sums2[ei * d_mul];
    } WEFT_ENDIF
    if ((nf == nt) | (bx != grid - 1)) {  /* uniform: a full block */
        for (int32_t i = 2; i <= nt; i = 2 * i) {
            reduce_step(tx, i, 1u);
            weft_syncthreads();
        }
        WEFT_IF(tx == nt - 1) {
            d_sums[bx * d_mul * nt] = d_psum[tx];
            d_sums2[bx * d_mul * nt] = d_psum2[tx];
        } WEFT_ENDIF
    } else {  /* the last, partial block */
        int32_t df = 0;
        for (int32_t i = 2; i <= nt; i = 2 * i)  /* uniform */
            if (nf >= i)
                df = i;
        for (int32_t i = 2; i <= df; i = 2 * i) {
            reduce_step(tx, i, opaque(tx < df));
            weft_syncthreads();
        }
        WEFT_IF(tx == df - 1) {
            /* As Rodinia: the remainder is read at d_sums[i], not [i * d_mul]. */
            for (int32_t i = bx * nt + df; i < bx * nt + nf; i++) {  /* uniform bounds */
                d_psum[tx] = d_psum[tx] + d_sums[i];
                d_psum2[tx] = d_psum2[tx] + d_sums2[i];
            }
            d_sums[bx * d_mul * nt] = d_psum[tx];
            d_sums2[bx * d_mul * nt] = d_psum2[tx];
        } WEFT_ENDIF
    }
}

static inline void srad_rowcol(int32_t ei, int32_t nr, int32_t *row, int32_t *col)
{
    const int32_t r = (ei + 1) % nr - 1, c = (ei + 1) / nr;
    const uint32_t wrap = opaque((ei + 1) % nr == 0);
    *row = weft_select_i32(wrap, nr - 1, r);
    *col = weft_select_i32(wrap, c - 1, c);
}

WEFT_KERNEL void rd_srad_srad(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t ei = srad_ei();
    const int32_t nr = arg->nr;
    const float q0sqr = arg->q0sqr;
    const float *d_I = WEFT_PTR(const float, arg->img);
    const int32_t *d_iN = WEFT_PTR(const int32_t, arg->in), *d_iS = WEFT_PTR(const int32_t, arg->is);
    const int32_t *d_jE = WEFT_PTR(const int32_t, arg->je), *d_jW = WEFT_PTR(const int32_t, arg->jw);
    float *d_dN = WEFT_PTR(float, arg->dn), *d_dS = WEFT_PTR(float, arg->ds);
    float *d_dW = WEFT_PTR(float, arg->dw), *d_dE = WEFT_PTR(float, arg->de);
    float *d_c = WEFT_PTR(float, arg->c);
    int32_t row, col;
    srad_rowcol(ei, nr, &row, &col);

    WEFT_IF(ei < arg->ne) {
        const float jc = d_I[ei];
        const float dn = d_I[d_iN[row] + nr * col] - jc;
        const float ds = d_I[d_iS[row] + nr * col] - jc;
        const float dw = d_I[row + nr * d_jW[col]] - jc;
        const float de = d_I[row + nr * d_jE[col]] - jc;
        const float g2 = __builtin_fmaf(de, de, __builtin_fmaf(dw, dw, __builtin_fmaf(dn, dn, ds * ds))) / (jc * jc);
        const float l = (dn + ds + dw + de) / jc;
        const float num = __builtin_fmaf(0.5f, g2, -((1.0f / 16.0f) * (l * l)));
        float den = __builtin_fmaf(0.25f, l, 1.0f);
        const float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
        float c = 1.0f / (1.0f + den);
        c = weft_fselect(c < 0.0f, 0.0f, weft_fselect(c > 1.0f, 1.0f, c));
        d_dN[ei] = dn;
        d_dS[ei] = ds;
        d_dW[ei] = dw;
        d_dE[ei] = de;
        d_c[ei] = c;
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_srad_srad2(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t ei = srad_ei();
    const int32_t nr = arg->nr;
    const float lambda = arg->lambda;
    const int32_t *d_iS = WEFT_PTR(const int32_t, arg->is), *d_jE = WEFT_PTR(const int32_t, arg->je);
    const float *d_dN = WEFT_PTR(const float, arg->dn), *d_dS = WEFT_PTR(const float, arg->ds);
    const float *d_dW = WEFT_PTR(const float, arg->dw), *d_dE = WEFT_PTR(const float, arg->de);
    const float *d_c = WEFT_PTR(const float, arg->c);
    float *d_I = WEFT_PTR(float, arg->img);
    int32_t row, col;
    srad_rowcol(ei, nr, &row, &col);

    WEFT_IF(ei < arg->ne) {
        const float cn = d_c[ei];
        const float cs = d_c[d_iS[row] + nr * col];
        const float cw = d_c[ei];
        const float ce = d_c[row + nr * d_jE[col]];
        const float d = __builtin_fmaf(ce, d_dE[ei], __builtin_fmaf(cw, d_dW[ei],
                                       __builtin_fmaf(cn, d_dN[ei], cs * d_dS[ei])));
        d_I[ei] = __builtin_fmaf(0.25f * lambda, d, d_I[ei]);
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_srad_compress(const void *argp)
{
    const rd_srad_args_t *arg = argp;
    const int32_t ei = srad_ei();
    float *d_I = WEFT_PTR(float, arg->img);
    WEFT_IF(ei < arg->ne) {
        d_I[ei] = WEFT_PER_LANE_F(logf, d_I[ei]) * 255.0f;
    } WEFT_ENDIF
}
