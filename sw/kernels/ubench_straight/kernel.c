/* ubench_straight - micro-kernel for the CPI stack and the nss invariant
 * (docs/counters.md, docs/scheduling.md): about 770 instructions of
 * branch-free code in eight independent chains. Under the stall front end
 * every fetch waits for decode (sync & control) and buffers run empty; under
 * nss the warps never wait for control in the body. */
#include "weft_device.h"
#include "ubench_straight.h"

WEFT_KERNEL void ubench_straight(const void *argp)
{
    const ubench_straight_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t a[8];
    for (uint32_t k = 0; k < 8; k++) a[k] = g * 8 + k;   /* unrolled by the compiler */
    UBENCH_S_BODY(a);
    WEFT_PTR(uint32_t, arg->out)[g] = a[0] ^ a[1] ^ a[2] ^ a[3] ^ a[4] ^ a[5] ^ a[6] ^ a[7];
}
