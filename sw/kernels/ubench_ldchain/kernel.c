/* ubench_ldchain - micro-kernel for the CPI stack (docs/counters.md): every
 * thread follows a chain of dependent loads, p = next[p], so its warp waits
 * on memory data almost all the time. */
#include "weft_device.h"
#include "ubench_ldchain.h"

WEFT_KERNEL void ubench_ldchain(const void *argp)
{
    const ubench_ldchain_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t *next = WEFT_PTR(const uint32_t, arg->next);
    uint32_t p = (g * 37u) % arg->nodes;
    for (uint32_t s = 0; s < arg->steps; s++)
        p = next[p];
    WEFT_PTR(uint32_t, arg->out)[g] = p;
}
