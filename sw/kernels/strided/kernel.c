/* strided - out[i] = in[i * stride] * 3 + 1: neighbouring threads read words
 * `stride` apart, so a warp's loads touch up to T lines (stride >= line
 * words) or share one (stride 1): the coalescer's and the L1 D-cache's
 * stress case (docs/memory.md). */
#include "weft_device.h"
#include "strided.h"

WEFT_KERNEL void strided(const void *argp)
{
    const strided_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    WEFT_IF(i < arg->n) {
        WEFT_PTR(uint32_t, arg->out)[i] = WEFT_PTR(const uint32_t, arg->in)[i * arg->stride] * 3u + 1u;
    } WEFT_ENDIF
}
