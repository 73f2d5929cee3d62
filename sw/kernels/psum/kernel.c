/* psum - one level of a parallel sum (mod 2^32).
 *
 * Block b owns the chunk in[b*B*K .. (b+1)*B*K) (B = blockDim.x, K =
 * per_thread). Thread t first adds the K elements t, t+B, t+2B, ... of the
 * chunk (outside the input counts as 0) into its slot of the block's region
 * of the global scratch array, then the block reduces the region with a tree
 * (any B, not only powers of two) and weft_syncthreads() between levels, and
 * thread 0 writes partial[b]. The host launches it again on the partials
 * until one value is left. */
#include "weft_device.h"
#include "psum.h"

WEFT_KERNEL void psum(const void *argp)
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

    /* Warp-uniform loop (K is an argument); the bounds test diverges. */
    for (uint32_t k = 0; k < K; k++) {
        const uint32_t i = (blk * K + k) * B + t;
        WEFT_IF(i < n) {
            acc += in[i];
        } WEFT_ENDIF
    }
    s[t] = acc;
    weft_syncthreads();

    /* Tree: len live slots fold onto the first half = ceil(len/2) slots. */
    for (uint32_t len = B; len > 1;) {
        const uint32_t half = (len + 1) / 2;
        WEFT_IF(t < len - half) {
            s[t] += s[t + half];
        } WEFT_ENDIF
        weft_syncthreads();
        len = half;
    }

    WEFT_IF(t == 0) {
        WEFT_PTR(uint32_t, arg->partial)[blk] = s[0];
    } WEFT_ENDIF
}
