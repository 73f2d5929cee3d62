/* smemhist host program: n (--size, default 2000) elements, about 40 % of
 * them in one hot bin (so the lanes of a warp collide on one shared word),
 * the rest random; 2 blocks per core of W*T threads (at most 256), so a
 * core runs blocks one after the other on the same shared memory. Checks
 * each block's histogram, count, max, min and xor, and the global
 * histogram, against a serial computation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "smemhist.h"

#define SMEMHIST_DEFAULT_N 2000u
#define SMEMHIST_HOT 5u

int weft_host_smemhist(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : SMEMHIST_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK)
        return weft_status(dev);
    uint32_t bt = cfg->warps * cfg->threads;
    if (bt > 256u) bt = 256u;
    uint32_t grid = 2u * cfg->cores;
    const uint32_t per = (n + grid - 1) / grid;
    grid = (n + per - 1) / per;
    uint32_t seed = args->seed;
    int rc = WEFT_OK;
    uint32_t *in = malloc((size_t)n * 4u);
    uint32_t *bh = malloc((size_t)grid * SMEMHIST_BINS * 4u), *bs = malloc((size_t)grid * SMEMHIST_STATS * 4u);
    uint32_t gh[SMEMHIST_BINS], zero[SMEMHIST_BINS];
    if (!in || !bh || !bs) {
        fprintf(stderr, "smemhist: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t r = weft_rand(&seed);
        in[i] = (r % 5u < 2u) ? ((r >> 8) & ~(SMEMHIST_BINS - 1)) | SMEMHIST_HOT : weft_rand(&seed);
    }
    memset(zero, 0, sizeof zero);
    smemhist_args_t arg;
    arg.n = n;
    arg.per_block = per;
    arg.in = weft_malloc(dev, n * 4u);
    arg.block_hist = weft_malloc(dev, grid * SMEMHIST_BINS * 4u);
    arg.block_stats = weft_malloc(dev, grid * SMEMHIST_STATS * 4u);
    arg.hist = weft_malloc(dev, SMEMHIST_BINS * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.block_hist || !arg.block_stats || !arg.hist || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.hist, zero, sizeof zero)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose) printf("smemhist: n=%u grid=%u block=%u per block %u\n", n, grid, bt, per);
    const weft_dim3_t g = {grid, 1, 1}, blk = {bt, 1, 1};
    if ((rc = weft_launch(dev, "smemhist", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, bh, arg.block_hist, (size_t)grid * SMEMHIST_BINS * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, bs, arg.block_stats, (size_t)grid * SMEMHIST_STATS * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gh, arg.hist, sizeof gh)) != WEFT_OK)
        goto out;

    uint32_t bad = 0, want_g[SMEMHIST_BINS] = {0};
    static const char *const sname[SMEMHIST_STATS] = {"count", "maxu", "minu", "xor"};
    for (uint32_t b = 0; b < grid; b++) {
        uint32_t want[SMEMHIST_BINS] = {0}, st[SMEMHIST_STATS] = {0, 0, 0xffffffffu, 0};
        for (uint32_t j = 0; j < per && b * per + j < n; j++) {
            const uint32_t v = in[b * per + j];
            want[v % SMEMHIST_BINS]++;
            want_g[v % SMEMHIST_BINS]++;
            st[0]++;
            if (v > st[1]) st[1] = v;
            if (v < st[2]) st[2] = v;
            st[3] ^= v;
        }
        for (uint32_t k = 0; k < SMEMHIST_BINS; k++)
            if (bh[b * SMEMHIST_BINS + k] != want[k]) {
                if (bad < 8) printf("smemhist: block %u bin %u = %u, expected %u\n", b, k,
                                    bh[b * SMEMHIST_BINS + k], want[k]);
                bad++;
            }
        for (uint32_t k = 0; k < SMEMHIST_STATS; k++)
            if (bs[b * SMEMHIST_STATS + k] != st[k]) {
                if (bad < 8) printf("smemhist: block %u %s = 0x%08x, expected 0x%08x\n", b, sname[k],
                                    bs[b * SMEMHIST_STATS + k], st[k]);
                bad++;
            }
    }
    for (uint32_t k = 0; k < SMEMHIST_BINS; k++)
        if (gh[k] != want_g[k]) {
            if (bad < 8) printf("smemhist: global bin %u = %u, expected %u\n", k, gh[k], want_g[k]);
            bad++;
        }
    if (bad) {
        printf("smemhist: %u checks failed\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("smemhist: %u blocks: every bin, count, max, min and xor match (hot bin %u: %u of %u)\n", grid,
               SMEMHIST_HOT, want_g[SMEMHIST_HOT], n);
    }
out:
    free(in);
    free(bh);
    free(bs);
    return rc;
}
