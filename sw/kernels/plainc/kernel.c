/* plainc - plain-C divergence test (issue 16): a grid-stride loop whose trip
 * count differs per thread, calling plainc_elem (plainc.h) on every element.
 * No WEFT_IF/WEFT_WHILE anywhere: its ELF asks for --divergence minpc. */
#include "weft_device.h"
#include "plainc.h"

WEFT_KERNEL void plainc(const void *argp)
{
    const plainc_args_t *arg = argp;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    const uint32_t stride = blockDim.x * gridDim.x;

    for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < arg->n; i += stride) {
        if (in[i] % 13u == 0u) /* some elements are skipped and keep their poison */
            continue;
        out[i] = plainc_elem(i, in[i]);
    }
}
