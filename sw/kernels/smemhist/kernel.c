/* smemhist - the per-block shared-memory histogram (CUDA's classic
 * __shared__ histogram with atomicAdd): each block zeroes SMEMHIST_BINS
 * counters in shared memory, its threads count their elements into them
 * with amoadd.w on shared memory (many lanes of a warp hit the same bin:
 * they execute in lane order, docs/memory.md), and after a barrier the
 * block adds its histogram to the global one with global atomics. Besides
 * the bins the block keeps, in shared memory, amomaxu/amominu/amoxor
 * summaries and an element count updated by an lr.w/sc.w retry loop. The
 * host checks every block's histogram and summaries and the global
 * histogram. */
#include "weft_device.h"
#include "smemhist.h"

static WEFT_SHARED uint32_t hist[SMEMHIST_BINS];
static WEFT_SHARED uint32_t stats[SMEMHIST_STATS];

WEFT_KERNEL void smemhist(const void *argp)
{
    const smemhist_args_t *arg = argp;
    const uint32_t h = threadIdx.x, bt = blockDim.x, blk = blockIdx.x;
    const uint32_t per = arg->per_block, n = arg->n;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);

    /* The loops are warp-uniform and their bodies branch-free: a thread
     * past the end works on a clamped index with a neutral operand (adds
     * 0, max with 0, min with ~0, xor 0); only the lr/sc retry loop is a
     * WEFT_WHILE. */
    for (uint32_t k = 0; k < SMEMHIST_BINS; k += bt)
        hist[weft_min_u32(k + h, SMEMHIST_BINS - 1)] = 0;
    /* every thread stores the same initial summaries (no WEFT_IF: GCC
     * duplicates the join of a thread-0-only block here) */
    stats[0] = 0;
    stats[1] = 0;
    stats[2] = 0xffffffffu;
    stats[3] = 0;
    weft_syncthreads();

    uint32_t mine = 0;
    for (uint32_t k = 0; k < per; k += bt) {
        const uint32_t j = k + h, i = blk * per + j;
        const uint32_t ok = (j < per) & (i < n);
        const uint32_t v = in[weft_min_u32(i, n - 1)];
        weft_atomic_add(&hist[v % SMEMHIST_BINS], ok);
        weft_atomic_maxu(&stats[1], weft_select(ok, v, 0));
        weft_atomic_minu(&stats[2], weft_select(ok, v, 0xffffffffu));
        weft_atomic_xor(&stats[3], weft_select(ok, v, 0));
        mine += ok;
    }
    /* count: lr.w/sc.w add, retried until the sc.w succeeds */
    uint32_t done = 0;
    WEFT_WHILE(done == 0) {
        const uint32_t old = weft_lr(&stats[0]);
        done = weft_sc(&stats[0], old + mine) == 0;
    } WEFT_ENDWHILE
    weft_syncthreads();

    uint32_t *bh = WEFT_PTR(uint32_t, arg->block_hist) + blk * SMEMHIST_BINS;
    uint32_t *gh = WEFT_PTR(uint32_t, arg->hist);
    for (uint32_t k = 0; k < SMEMHIST_BINS; k += bt) {
        const uint32_t b = weft_min_u32(k + h, SMEMHIST_BINS - 1);
        const uint32_t c = hist[b];
        bh[b] = c;   /* a clamped duplicate stores the same value */
        weft_atomic_add(&gh[b], weft_select(k + h < SMEMHIST_BINS, c, 0));
    }
    for (uint32_t k = 0; k < SMEMHIST_STATS; k += bt) {
        const uint32_t si = weft_min_u32(k + h, SMEMHIST_STATS - 1);
        WEFT_PTR(uint32_t, arg->block_stats)[blk * SMEMHIST_STATS + si] = stats[si];
    }
}
