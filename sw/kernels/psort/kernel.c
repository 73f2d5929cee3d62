/* psort - parallel sort of uint32 keys: a bitonic sort per block, then
 * pairwise merge rounds.
 *
 * psort_block: block b sorts segment b (S keys, S a power of two and at
 * least 2*B) of data in place with a bitonic sorting network. In each of the
 * log2(S)*(log2(S)+1)/2 network steps (k, j) there are S/2 compare-exchange
 * pairs (e, e + j) with bit j of e clear; thread t handles pairs t, t+B, ...
 * (S/(2B) of them: the same count for every thread, so the loop is
 * warp-uniform and the network has no divergence at all). weft_syncthreads()
 * separates the steps.
 *
 * psort_merge: one thread per key. Runs 2m and 2m+1 (length L each) merge
 * into run m of length 2L: a key at position i of its run goes to position
 * i + c of the merged run, where c counts the keys of the partner run that
 * sort before it: keys < x for a key of the left run, keys <= x for a key of
 * the right run (equal keys keep their order, so the positions are a
 * permutation). c is a branch-free binary search with a warp-uniform trip
 * count (log2(L) + 1 steps). The last run may be shorter than L; a last run
 * without a partner is copied. */
#include "weft_device.h"
#include "psort.h"

WEFT_KERNEL void psort_block(const void *argp)
{
    const psort_block_args_t *arg = argp;
    const uint32_t S = arg->seg;
    const uint32_t B = blockDim.x;
    const uint32_t t = threadIdx.x;
    uint32_t *d = WEFT_PTR(uint32_t, arg->data) + blockIdx.x * S;
    const uint32_t pairs_per_thread = S / 2 / B;

    uint32_t log_s = 0;
    while ((2u << log_s) <= S) /* S = 2^log_s */
        log_s++;
    for (uint32_t lk = 1; lk <= log_s; lk++) {
        const uint32_t k = 1u << lk;
        for (uint32_t lj = lk; lj > 0; lj--) {
            const uint32_t j = 1u << (lj - 1);
            for (uint32_t m = 0; m < pairs_per_thread; m++) {
                const uint32_t q = m * B + t;                /* pair 0 .. S/2-1 */
                const uint32_t e = ((q & ~(j - 1)) << 1) | (q & (j - 1)); /* bit j clear */
                const uint32_t p = e | j;
                const uint32_t x = d[e], y = d[p];
                const uint32_t lo = weft_min_u32(x, y), hi = weft_max_u32(x, y);
                const uint32_t up = (e & k) == 0;            /* ascending half */
                d[e] = weft_select(up, lo, hi);
                d[p] = weft_select(up, hi, lo);
            }
            weft_syncthreads();
        }
    }
}

/* Keys of the sorted run[0..len) that are < x, or <= x when or_equal;
 * 1 <= len <= L, L a power of two. */
static uint32_t psort_count(const uint32_t *run, uint32_t len, uint32_t L, uint32_t x,
                            uint32_t or_equal)
{
    uint32_t pos = 0;

    for (uint32_t step = L; step > 0; step >>= 1) {
        const uint32_t cand = pos + step; /* 1 .. 2L-1 */
        const uint32_t v = run[weft_min_u32(cand, len) - 1];
        const uint32_t before = (v < x) | (or_equal & (v == x));
        pos += weft_select((cand <= len) & before, step, 0);
    }
    return pos;
}

WEFT_KERNEL void psort_merge(const void *argp)
{
    const psort_merge_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t L = arg->run;
    const uint32_t npad = arg->npad;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);

    WEFT_IF(g < npad) {
        const uint32_t x = in[g];
        const uint32_t r = g >> arg->run_log2, i = g & (L - 1u); /* no divider */
        const uint32_t partner = r ^ 1u;
        const uint32_t has_partner = partner * L < npad;
        /* The last run may be shorter than L. Without a partner, search one
         * key of the own run (valid memory) and drop the count. */
        const uint32_t *prun = in + weft_select(has_partner, partner, r) * L;
        const uint32_t plen = weft_select(has_partner, weft_min_u32(L, npad - partner * L), 1);
        const uint32_t c = psort_count(prun, plen, L, x, r & 1u);
        const uint32_t pos = (r & ~1u) * L + i + weft_select(has_partner, c, 0);
        WEFT_PTR(uint32_t, arg->out)[pos] = x;
    } WEFT_ENDIF
}
