/* psort - parallel sort of uint32 keys in two launches.
 *
 * psort_block: block b sorts segment b (S keys, S a power of two) of data in
 * place with a bitonic sorting network. Each of the B threads handles the
 * compare-exchanges of the keys e = t, t+B, ... (S/B of them) whose partner
 * e^j is above e; weft_syncthreads() separates the log2(S)*(log2(S)+1)/2
 * network steps.
 *
 * psort_merge: one thread per key x at position i of sorted segment s. Its
 * final rank is i plus, for every other segment s', the number of keys of s'
 * that sort before it: keys <= x if s' < s, keys < x if s' > s (ties are
 * ordered by segment, then position, so the ranks are a permutation). Each
 * count is a branch-free binary search with a warp-uniform trip count. Keys
 * with rank < n are written to out[rank]; the host pads the last segment
 * with 0xffffffff, which sorts last. */
#include "weft_device.h"
#include "psort.h"

WEFT_KERNEL void psort_block(const void *argp)
{
    const psort_block_args_t *arg = argp;
    const uint32_t S = arg->seg;
    const uint32_t B = blockDim.x;
    const uint32_t t = threadIdx.x;
    uint32_t *d = WEFT_PTR(uint32_t, arg->data) + blockIdx.x * S;

    for (uint32_t k = 2; k <= S; k <<= 1) {
        for (uint32_t j = k >> 1; j > 0; j >>= 1) {
            for (uint32_t m = 0; m < S / B; m++) {
                const uint32_t e = m * B + t;
                const uint32_t p = e ^ j;
                WEFT_IF(p > e) {
                    const uint32_t x = d[e], y = d[p];
                    const uint32_t lo = weft_min_u32(x, y), hi = weft_max_u32(x, y);
                    const uint32_t up = (e & k) == 0;
                    d[e] = weft_select(up, lo, hi);
                    d[p] = weft_select(up, hi, lo);
                } WEFT_ENDIF
            }
            weft_syncthreads();
        }
    }
}

/* Keys of the sorted seg[0..S) that are < x, or <= x when or_equal. */
static uint32_t psort_count(const uint32_t *seg, uint32_t S, uint32_t x, uint32_t or_equal)
{
    uint32_t pos = 0;

    for (uint32_t step = S; step > 0; step >>= 1) {
        const uint32_t cand = pos + step; /* 1 .. 2S-1 */
        const uint32_t v = seg[weft_min_u32(cand, S) - 1];
        const uint32_t before = (v < x) | (or_equal & (v == x));
        pos += weft_select((cand <= S) & before, step, 0);
    }
    return pos;
}

WEFT_KERNEL void psort_merge(const void *argp)
{
    const psort_merge_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t S = arg->seg;
    const uint32_t nseg = arg->npad / S;
    const uint32_t *data = WEFT_PTR(const uint32_t, arg->data);

    WEFT_IF(g < arg->npad) {
        const uint32_t x = data[g];
        const uint32_t s = g / S;
        uint32_t rank = g % S;
        for (uint32_t o = 0; o < nseg; o++) { /* warp-uniform trip count */
            const uint32_t c = psort_count(data + o * S, S, x, o < s);
            rank += weft_select(o != s, c, 0);
        }
        WEFT_IF(rank < arg->n) {
            WEFT_PTR(uint32_t, arg->out)[rank] = x;
        } WEFT_ENDIF
    } WEFT_ENDIF
}
