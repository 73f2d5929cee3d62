/* conv3 - integer 3x3 convolution (correlation) of a 2-D image:
 *   out[y][x] = sum over dy, dx in -1..1 of weight[dy+1][dx+1] * in(y+dy, x+dx)
 * with in() outside the image either 0 or the nearest edge pixel. One thread
 * per output pixel on a 2-D grid of 2-D blocks. The border handling is
 * branch-free: the coordinates are clamped (so every load is inside the
 * image) and the zero border masks the value. */
#include "weft_device.h"
#include "conv3.h"

WEFT_KERNEL void conv3(const void *argp)
{
    const conv3_args_t *arg = argp;
    const int32_t w = (int32_t)arg->width, h = (int32_t)arg->height;
    const int32_t x = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t y = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const int32_t *in = WEFT_PTR(const int32_t, arg->in);
    const uint32_t clamp = arg->border == CONV3_BORDER_CLAMP;

    WEFT_IF((x < w) & (y < h)) {
        /* The three clamped rows and columns, and whether each is inside. */
        const int32_t *row[3];
        int32_t col[3];
        uint32_t row_in[3], col_in[3];
#pragma GCC unroll 3
        for (int32_t d = 0; d < 3; d++) {
            const int32_t yy = y + d - 1, xx = x + d - 1;
            row_in[d] = ((uint32_t)yy < (uint32_t)h) | clamp;
            col_in[d] = ((uint32_t)xx < (uint32_t)w) | clamp;
            row[d] = in + weft_clamp_i32(yy, 0, h - 1) * w;
            col[d] = weft_clamp_i32(xx, 0, w - 1);
        }
        int32_t acc = 0;
#pragma GCC unroll 3
        for (int32_t dy = 0; dy < 3; dy++) {
#pragma GCC unroll 3
            for (int32_t dx = 0; dx < 3; dx++) {
                const int32_t v = weft_select_i32(row_in[dy] & col_in[dx], row[dy][col[dx]], 0);
                acc += (int32_t)arg->weight[dy * 3 + dx] * v;
            }
        }
        WEFT_PTR(int32_t, arg->out)[y * w + x] = acc;
    } WEFT_ENDIF
}
