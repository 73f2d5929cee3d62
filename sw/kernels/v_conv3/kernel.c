/* v_conv3 - Vortex's conv3 (tests/opencl/conv3): 3x3 float convolution of a
 * width x height image stored with a one-pixel zero border ((width+2) x
 * (height+2)), one thread per output pixel (x, y) on a 2-D grid:
 *   sum = 0; for the 9 taps, top-left to bottom-right:
 *     sum += input[(y+ky)*(width+2) + x+kx] * weights[tap]
 * Each `sum += a * b` is one fmadd.s (LLVM contracts within a statement,
 * OpenCL's default). No borders to test (the padding holds them); the only
 * divergent branch is the bounds test of partial blocks. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_conv3.h"

static inline uint32_t opaque(uint32_t v)  /* see v_sgemm: keeps x<w & y<h branch-free */
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void v_conv3(const void *argp)
{
    const v_conv3_args_t *arg = argp;
    const int32_t x = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t y = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const int32_t width = arg->width, pw = width + 2;
    const float *in = WEFT_PTR(const float, arg->input);
    const float *w = WEFT_PTR(const float, arg->weights);

    WEFT_IF(opaque(x < width) & opaque(y < arg->height)) {
        const float *row = in + y * pw + x;  /* (paddedY - 1, paddedX - 1) */
        float sum = 0.0f;
#pragma GCC unroll 3
        for (int32_t ky = 0; ky < 3; ky++) {
#pragma GCC unroll 3
            for (int32_t kx = 0; kx < 3; kx++)
                sum = __builtin_fmaf(row[ky * pw + kx], w[ky * 3 + kx], sum);
        }
        WEFT_PTR(float, arg->output)[y * width + x] = sum;
    } WEFT_ENDIF
}
