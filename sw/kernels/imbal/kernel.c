/* imbal - blocks of very different lengths: block b runs lens[b]
 * iterations of an integer hash per thread (the same count for all its
 * threads, so no divergence). With static distribution a core that drew
 * long blocks finishes last while the others idle; dynamic distribution
 * (--blocks dynamic) hands blocks to whichever core is free
 * (docs/memory.md, "Dynamic block distribution"). */
#include "weft_device.h"
#include "imbal.h"

WEFT_KERNEL void imbal(const void *argp)
{
    const imbal_args_t *arg = argp;
    const uint32_t b = blockIdx.x;
    const uint32_t len = WEFT_PTR(const uint32_t, arg->lens)[b];
    uint32_t h = b * blockDim.x + threadIdx.x;
    for (uint32_t k = 0; k < len; k++)   /* len is block-uniform: a uniform branch */
        h = (h ^ (h >> 13)) * 0x9e3779b1u + k;
    WEFT_PTR(uint32_t, arg->out)[b * blockDim.x + threadIdx.x] = h;
}
