/* v_saxpy - Vortex's saxpy (tests/opencl/saxpy; the source is shipped only
 * as kernel.pocl, its disassembly saxpy.dump shows the body):
 *   dst[gid] = src[gid] * factor + dst[gid]
 * a fmul.s and a fadd.s (two roundings, no fmadd), one element per thread.
 * No thread-dependent control flow except the bounds test of a partial
 * last block. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_saxpy.h"

WEFT_KERNEL void v_saxpy(const void *argp)
{
    const v_saxpy_args_t *arg = argp;
    const uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
    const float *src = WEFT_PTR(const float, arg->src);
    float *dst = WEFT_PTR(float, arg->dst);

    WEFT_IF(gid < arg->threads) {
        dst[gid] = src[gid] * arg->factor + dst[gid];
    } WEFT_ENDIF
}
