/* sgemm - C = alpha * A B + beta * C (single precision, row-major). One
 * thread per element of C on a 2-D grid of 2-D blocks; the dot product is a
 * chain of fused multiply-adds in k order, then
 * C = fmaf(alpha, dot, beta * C). The k loop is warp-uniform. */
#include "weft_device.h"
#include "weft_float.h"
#include "sgemm.h"

WEFT_KERNEL void sgemm(const void *argp)
{
    const sgemm_args_t *arg = argp;
    const uint32_t col = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t row = blockIdx.y * blockDim.y + threadIdx.y;
    const uint32_t m = arg->m, n = arg->n, k = arg->k;

    WEFT_IF((row < m) & (col < n)) {
        const float *a = WEFT_PTR(const float, arg->a) + row * k;
        const float *b = WEFT_PTR(const float, arg->b) + col;
        float *c = WEFT_PTR(float, arg->c) + row * n + col;
        float dot = 0.0f;
        for (uint32_t i = 0; i < k; i++)
            dot = __builtin_fmaf(a[i], b[i * n], dot);
        *c = __builtin_fmaf(weft_u2f(arg->alpha), dot, weft_u2f(arg->beta) * *c);
    } WEFT_ENDIF
}
