/* v_sfilter - Vortex's sfilter (tests/opencl/sfilter): 3x3 float filter of
 * the interior of an ldc x ldc image (ldc = N + 2; the host's global offset
 * (1, 1) and size N x N avoid the edges): thread (x, y), 1 <= x, y <= N:
 *   i0..i8 = src[neighbour k] * m_k   (nine fmul.s, separate statements)
 *   dst[x + y*ldc] = i0 + i1 + ... + i8  (eight fadd.s, left to right)
 * No borders, no clamping; the only divergent branch is the bounds test of
 * partial blocks. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_sfilter.h"

static inline uint32_t opaque(uint32_t v)  /* see v_sgemm */
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void v_sfilter(const void *argp)
{
    const v_sfilter_args_t *arg = argp;
    const int32_t gx = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t gy = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const int32_t ldc = arg->ldc;
    const float *src = WEFT_PTR(const float, arg->src);

    WEFT_IF(opaque(gx < arg->n) & opaque(gy < arg->n)) {
        const int32_t addr = (gx + 1) + (gy + 1) * ldc;
        const float i0 = src[addr - 1 - ldc] * arg->m[0];
        const float i1 = src[addr - ldc] * arg->m[1];
        const float i2 = src[addr + 1 - ldc] * arg->m[2];
        const float i3 = src[addr - 1] * arg->m[3];
        const float i4 = src[addr] * arg->m[4];
        const float i5 = src[addr + 1] * arg->m[5];
        const float i6 = src[addr - 1 + ldc] * arg->m[6];
        const float i7 = src[addr + ldc] * arg->m[7];
        const float i8 = src[addr + 1 + ldc] * arg->m[8];
        WEFT_PTR(float, arg->dst)[addr] = i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7 + i8;
    } WEFT_ENDIF
}
