/* vecadd_c - vecadd (sw/kernels/vecadd) written as a CUDA programmer writes
 * it: a plain `if` bounds test, no WEFT_IF. The last block is partly outside
 * the vector, so the test is thread-dependent: it needs divergence mode
 * minpc (issue 16), which its ELF asks for (sw/sw.mk DK_NOTE), so the default
 * command runs it correctly; with --divergence ipdom the branch check stops
 * it (exit 7) instead of giving wrong results. */
#include "weft_device.h"
#include "../vecadd/vecadd.h"

WEFT_KERNEL void vecadd_c(const void *argp)
{
    const vecadd_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t *a = WEFT_PTR(const uint32_t, arg->a);
    const uint32_t *b = WEFT_PTR(const uint32_t, arg->b);
    uint32_t *c = WEFT_PTR(uint32_t, arg->c);

    if (i < arg->n)
        c[i] = a[i] + b[i];
}
