/* ubench_bar - micro-kernel for the CPI stack (docs/counters.md): a block
 * of every thread of the core passes a value around a ring, one hop per
 * round, with weft_syncthreads() twice per round. Warp w does 4w extra
 * additions per round (a warp-uniform loop), so the warps reach each
 * barrier at different times and the early ones wait (sync & control). */
#include "weft_device.h"
#include "ubench_bar.h"

WEFT_KERNEL void ubench_bar(const void *argp)
{
    const ubench_bar_args_t *arg = argp;
    const uint32_t B = blockDim.x, t = threadIdx.x;
    uint32_t *s = WEFT_PTR(uint32_t, arg->scratch) + blockIdx.x * B;
    uint32_t v = blockIdx.x * B + t;
    for (uint32_t r = 0; r < arg->rounds; r++) {
        s[t] = v;
        weft_syncthreads();
        v = s[t + 1 - B * (uint32_t)(t + 1 == B)] + 1;   /* (t+1) % B without a divide or a branch */
        for (uint32_t k = 0; k < 4 * weft_wid(); k++)
            v += k;
        weft_syncthreads();
    }
    WEFT_PTR(uint32_t, arg->out)[blockIdx.x * B + t] = v;
}
