/* v_psort_spawn - experiment variant of v_psort (docs/kernels-papers.md,
 * docs/experiments/magalhaes.md experiment 7): the same rank sort, keys,
 * compare (the divergent `||` of v_psort) and check, with the mapping of
 * Vortex's task spawn (vx_spawn_threads with one work-item per group, or
 * vx_spawn_pocl_kernel with local size 1): one launch of all W*T hardware
 * threads; the n / T warps of keys are split into W runs of consecutive
 * warps, warp w taking runs start(w) .. start(w) + iters(w) - 1 (batches =
 * (n / T) / W, the first (n / T) % W warps one more), lane l key
 * run * T + l, with no barrier between a warp's keys. v_psort runs blocks of
 * W*T keys with the launcher's barrier after each. The host (v_psort's)
 * requires n a multiple of T and W, T powers of two, so the split needs no
 * divide. */
#include "weft_device.h"
#include "../v_psort/v_psort.h"

static uint32_t vps_log2(uint32_t x)
{
    uint32_t l = 0;
    while ((1u << l) < x)
        l++;
    return l;
}

WEFT_KERNEL void v_psort_spawn(const void *argp)
{
    const v_psort_args_t *arg = argp;
    const uint32_t n = arg->n;
    const uint32_t T = weft_nthreads(), W = weft_nwarps();
    const uint32_t w = weft_wid(), lane = weft_tid();
    const int32_t *in = WEFT_PTR(const int32_t, arg->in);
    int32_t *out = WEFT_PTR(int32_t, arg->out);

    const uint32_t runs = n >> vps_log2(T);          /* warps of keys */
    uint32_t batches = 1, rem = 0;
    if (runs > W) {
        batches = runs >> vps_log2(W);
        rem = runs & (W - 1);
    }
    const uint32_t start = w * batches + (w < rem ? w : rem);
    const uint32_t iters = runs > W ? batches + (w < rem) : (w < runs);
    for (uint32_t it = 0; it < iters; it++) {        /* warp-uniform */
        const uint32_t gid = (start + it) * T + lane;
        const int32_t ref = in[gid];
        uint32_t pos = 0;
        for (uint32_t i = 0; i < n; i++) {           /* uniform: n is a kernel argument */
            const int32_t cur = in[i];
            WEFT_IF(cur < ref) {
                pos++;
            } WEFT_ELSE {
                pos += (uint32_t)((cur == ref) & (i < gid));
            } WEFT_ENDIF
        }
        out[pos] = ref;
    }
}
