/* stencil - one Jacobi step of a 3-point 1-D stencil; the host launches it
 * many times (docs/counters.md: the counter flow across launches). */
#include "weft_device.h"
#include "stencil.h"

WEFT_KERNEL void stencil(const void *argp)
{
    const stencil_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    WEFT_IF(i < arg->n) {
        WEFT_PTR(uint32_t, arg->out)[i] = STENCIL_POINT(in, arg->n, i);
    } WEFT_ENDIF
}
