/* sfilter - 3x3 single-precision filter (correlation) of a 2-D image with
 * clamp-to-edge borders:
 *   out[y][x] = sum over dy, dx in -1..1 (dy outer, dx inner) of
 *               weight[dy+1][dx+1] * in(clamp(y+dy), clamp(x+dx))
 * accumulated as a chain of fused multiply-adds from 0 in that order. One
 * thread per pixel on a 2-D grid of 2-D blocks; clamping is branch-free. */
#include "weft_device.h"
#include "weft_float.h"
#include "sfilter.h"

WEFT_KERNEL void sfilter(const void *argp)
{
    const sfilter_args_t *arg = argp;
    const int32_t w = (int32_t)arg->width, h = (int32_t)arg->height;
    const int32_t x = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t y = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const float *in = WEFT_PTR(const float, arg->in);

    WEFT_IF((x < w) & (y < h)) {
        const float *row[3];
        int32_t col[3];
#pragma GCC unroll 3
        for (int32_t d = 0; d < 3; d++) {
            row[d] = in + weft_clamp_i32(y + d - 1, 0, h - 1) * w;
            col[d] = weft_clamp_i32(x + d - 1, 0, w - 1);
        }
        float acc = 0.0f;
#pragma GCC unroll 3
        for (int32_t dy = 0; dy < 3; dy++) {
#pragma GCC unroll 3
            for (int32_t dx = 0; dx < 3; dx++)
                acc = __builtin_fmaf(weft_u2f(arg->weight[dy * 3 + dx]), row[dy][col[dx]], acc);
        }
        WEFT_PTR(float, arg->out)[y * w + x] = acc;
    } WEFT_ENDIF
}
