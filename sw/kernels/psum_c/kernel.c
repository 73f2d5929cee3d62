/* psum_c - psum (sw/kernels/psum) written as a CUDA programmer writes it:
 * the bounds test, the tree's `if (t < len - half)` and `if (t == 0)` as
 * plain `if`s, no WEFT_IF (issue 16 item 5). The tests are thread-dependent,
 * so the kernel needs divergence mode minpc, which its ELF asks for (sw/sw.mk
 * DK_NOTE): the default command runs it correctly; with --divergence ipdom
 * the branch check stops it (exit 7). The host program is psum's
 * (psum_host_run). */
#include "weft_device.h"
#include "../psum/psum.h"

WEFT_KERNEL void psum_c(const void *argp)
{
    const psum_args_t *arg = argp;
    const uint32_t B = blockDim.x;
    const uint32_t t = threadIdx.x;
    const uint32_t blk = blockIdx.x;
    const uint32_t K = arg->per_thread;
    const uint32_t n = arg->n;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *s = WEFT_PTR(uint32_t, arg->scratch) + blk * B;
    uint32_t acc = 0;

    for (uint32_t k = 0; k < K; k++) {
        const uint32_t i = (blk * K + k) * B + t;
        if (i < n)
            acc += in[i];
    }
    s[t] = acc;
    weft_syncthreads();

    for (uint32_t len = B; len > 1;) {
        const uint32_t half = (len + 1) / 2;
        if (t < len - half)
            s[t] += s[t + half];
        weft_syncthreads();
        len = half;
    }

    if (t == 0)
        WEFT_PTR(uint32_t, arg->partial)[blk] = s[0];
}
