/* diverge_c - the diverge kernel (sw/kernels/diverge) written as a CUDA
 * programmer would, in plain C: the same grid-stride loop, walk and branch
 * tree with ordinary if/else, while/for loops and && in the conditions, no
 * WEFT_IF/WEFT_WHILE (issue 16 item 5). Correct in divergence mode minpc,
 * which its ELF asks for (sw/sw.mk DK_NOTE; the default command follows it);
 * --divergence ipdom stops it at its first divergent branch. The host
 * program is diverge's (diverge_host_run), which checks every element and
 * every thread's checksum. */
#include "weft_device.h"
#include "../diverge/diverge.h"
#include "../diverge/diverge_ref.h" /* diverge_ref: the element, in plain C */


WEFT_KERNEL void diverge_c(const void *argp)
{
    const diverge_args_t *arg = argp;
    const uint32_t n = arg->n;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    const uint32_t g = weft_block_linear() * weft_block_threads() + weft_thread_linear();
    const uint32_t stride = gridDim.x * gridDim.y * gridDim.z * weft_block_threads();
    uint32_t sum = DIVERGE_SUM_INIT;

    for (uint32_t e = g; e < n; e += stride) {
        const uint32_t r = diverge_ref(e, in[e]);
        out[e] = r;
        sum = sum * DIVERGE_SUM_MUL + r;
    }
    WEFT_PTR(uint32_t, arg->sum)[g] = sum;
}
