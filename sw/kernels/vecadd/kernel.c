/* vecadd - c[i] = a[i] + b[i] (mod 2^32), one element per thread.
 * 1-D grid of 1-D blocks; the last block is partly outside the vector. */
#include "weft_device.h"
#include "vecadd.h"

WEFT_KERNEL void vecadd(const void *argp)
{
    const vecadd_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t *a = WEFT_PTR(const uint32_t, arg->a);
    const uint32_t *b = WEFT_PTR(const uint32_t, arg->b);
    uint32_t *c = WEFT_PTR(uint32_t, arg->c);

    WEFT_IF(i < arg->n) {
        c[i] = a[i] + b[i];
    } WEFT_ENDIF
}
