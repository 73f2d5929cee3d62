/* sgemm_tiled - C = alpha * A B + beta * C with shared-memory tiles (like the
 * CUDA programming guide's tiled matrix product): a block of ts x ts threads
 * loads a ts x ts tile of A and one of B into shared memory (WEFT_SHARED),
 * synchronises, and every thread continues its dot product over the tile;
 * each element of A and B is read from global memory once per block instead
 * of ts times. The dot product is the same fmaf chain in k order as sgemm,
 * so the result is bit-identical to sgemm's reference. */
#include "weft_device.h"
#include "weft_float.h"
#include "sgemm_tiled.h"

static WEFT_SHARED float as_tile[SGEMM_TILED_MAX_TS * SGEMM_TILED_MAX_TS];
static WEFT_SHARED float bs_tile[SGEMM_TILED_MAX_TS * SGEMM_TILED_MAX_TS];

WEFT_KERNEL void sgemm_tiled(const void *argp)
{
    const sgemm_tiled_args_t *arg = argp;
    const uint32_t ts = arg->ts, tx = threadIdx.x, ty = threadIdx.y;
    const uint32_t col = blockIdx.x * ts + tx, row = blockIdx.y * ts + ty;
    const uint32_t m = arg->m, n = arg->n, k = arg->k;
    const float *a = WEFT_PTR(const float, arg->a);
    const float *b = WEFT_PTR(const float, arg->b);
    float dot = 0.0f;

    for (uint32_t k0 = 0; k0 < k; k0 += ts) {   /* warp-uniform */
        float av = 0.0f, bv = 0.0f;
        WEFT_IF((row < m) & (k0 + tx < k)) {
            av = a[row * k + k0 + tx];
        } WEFT_ENDIF
        WEFT_IF((k0 + ty < k) & (col < n)) {
            bv = b[(k0 + ty) * n + col];
        } WEFT_ENDIF
        as_tile[ty * ts + tx] = av;
        bs_tile[ty * ts + tx] = bv;
        weft_syncthreads();
        const uint32_t kk = k - k0 < ts ? k - k0 : ts;   /* uniform */
        for (uint32_t i = 0; i < kk; i++)
            dot = __builtin_fmaf(as_tile[ty * ts + i], bs_tile[i * ts + tx], dot);
        weft_syncthreads();
    }
    WEFT_IF((row < m) & (col < n)) {
        float *c = WEFT_PTR(float, arg->c) + row * n + col;
        *c = __builtin_fmaf(weft_u2f(arg->alpha), dot, weft_u2f(arg->beta) * *c);
    } WEFT_ENDIF
}
