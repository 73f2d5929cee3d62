/* v_vecadd - Vortex's vecadd (tests/opencl/vecadd, TYPE float): C[gid] =
 * A[gid] + B[gid] (fadd.s), one element per thread, blocks of W*T threads.
 * No thread-dependent control flow except the bounds test of a partial
 * last block. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_vecadd.h"

WEFT_KERNEL void v_vecadd(const void *argp)
{
    const v_vecadd_args_t *arg = argp;
    const uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;

    WEFT_IF(gid < arg->n) {
        WEFT_PTR(float, arg->c)[gid] = WEFT_PTR(const float, arg->a)[gid] + WEFT_PTR(const float, arg->b)[gid];
    } WEFT_ENDIF
}
