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
        int32_t acc = 0;
        for (int32_t dy = -1; dy <= 1; dy++) {
            for (int32_t dx = -1; dx <= 1; dx++) {
                const int32_t yy = y + dy, xx = x + dx;
                const uint32_t inside = ((uint32_t)yy < (uint32_t)h) & ((uint32_t)xx < (uint32_t)w);
                const int32_t cy = weft_clamp_i32(yy, 0, h - 1);
                const int32_t cx = weft_clamp_i32(xx, 0, w - 1);
                const int32_t v = weft_select_i32(inside | clamp, in[cy * w + cx], 0);
                acc += (int32_t)arg->weight[(dy + 1) * 3 + dx + 1] * v;
            }
        }
        WEFT_PTR(int32_t, arg->out)[y * w + x] = acc;
    } WEFT_ENDIF
}
