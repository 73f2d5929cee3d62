/* gather - out[i] = in[idx[i]] ^ i with idx a random permutation: random
 * access, every lane of a warp on its own line (docs/memory.md). */
#include "weft_device.h"
#include "gather.h"

WEFT_KERNEL void gather(const void *argp)
{
    const gather_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    WEFT_IF(i < arg->n) {
        const uint32_t j = WEFT_PTR(const uint32_t, arg->idx)[i];
        WEFT_PTR(uint32_t, arg->out)[i] = WEFT_PTR(const uint32_t, arg->in)[j] ^ i;
    } WEFT_ENDIF
}
