/* saxpy - y[i] = a * x[i] + y[i] with one rounding (fmadd.s), one element
 * per thread, 1-D grid of 1-D blocks. */
#include "weft_device.h"
#include "weft_float.h"
#include "saxpy.h"

WEFT_KERNEL void saxpy(const void *argp)
{
    const saxpy_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    const float a = weft_u2f(arg->a);
    const float *x = WEFT_PTR(const float, arg->x);
    float *y = WEFT_PTR(float, arg->y);

    WEFT_IF(i < arg->n) {
        y[i] = __builtin_fmaf(a, x[i], y[i]);
    } WEFT_ENDIF
}
