/* psort host program: sort n (default 512) uint32 keys.
 *
 * Launch 1 (psort_block): segments of S = max(64, 2B) keys, B = the largest
 * power of two <= W*T (capped at 256), one block per segment. Then one
 * psort_merge launch per merge round (runs of S, 2S, ... keys) until one run
 * is left, ping-ponging between two buffers; one thread per key, blocks of
 * W*T threads (capped at 256). The keys are padded with 0xffffffff to a
 * multiple of S. Keys mix full-range values with many duplicates and include
 * 0 and 0xffffffff (which ties with the padding). Every output key is checked
 * against qsort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "psort.h"

#define PSORT_DEFAULT_N 512u
#define PSORT_MAX_BLOCK 256u
#define PSORT_MIN_SEG 64u
#define PSORT_MAX_REPORT 8u
#define PSORT_POISON 0xa5 /* fills outputs before the launch */

static int psort_cmp(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int weft_host_psort(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : PSORT_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t hw = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    uint32_t *keys = NULL, *ref = NULL, *got = NULL;
    int rc = WEFT_OK;

    if (hw > PSORT_MAX_BLOCK)
        hw = PSORT_MAX_BLOCK;
    uint32_t block = 1;
    while (block * 2 <= hw)
        block *= 2;
    const uint32_t seg = 2 * block > PSORT_MIN_SEG ? 2 * block : PSORT_MIN_SEG;
    const uint32_t npad = (n + seg - 1) / seg * seg;

    keys = malloc((size_t)npad * 4u);
    ref = malloc((size_t)n * 4u);
    got = malloc((size_t)npad * 4u);
    if (!keys || !ref || !got) {
        fprintf(stderr, "psort: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t r = weft_rand(&seed);
        keys[i] = (r & 1u) ? r : (r >> 1) % 97u; /* half of them small: duplicates */
    }
    if (n > 0)
        keys[0] = 0xffffffffu;
    if (n > 1)
        keys[n / 2] = 0;
    for (uint32_t i = n; i < npad; i++)
        keys[i] = 0xffffffffu;
    for (uint32_t i = 0; i < n; i++)
        ref[i] = keys[i];
    qsort(ref, n, sizeof *ref, psort_cmp);
    memset(got, PSORT_POISON, (size_t)npad * 4u);

    uint32_t buf[2] = {weft_malloc(dev, npad * 4u), weft_malloc(dev, npad * 4u)};
    const uint32_t argaddr = weft_malloc(dev, sizeof(psort_merge_args_t));
    if (!buf[0] || !buf[1] || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    const psort_block_args_t arg1 = {seg, buf[0]};
    if ((rc = weft_copy_to_dev(dev, buf[0], keys, (size_t)npad * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, buf[1], got, (size_t)npad * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg1, sizeof arg1)) != WEFT_OK)
        goto out;

    if (args->verbose)
        printf("psort: n=%u npad=%u: block sort grid=%u block=%u seg=%u\n", n, npad, npad / seg,
               block, seg);
    const weft_dim3_t g1 = {npad / seg, 1, 1}, b1 = {block, 1, 1};
    if ((rc = weft_launch(dev, "psort_block", g1, b1, argaddr)) != WEFT_OK)
        goto out;

    const uint32_t mblock = hw;
    const uint32_t mgrid = (npad + mblock - 1) / mblock;
    unsigned cur = 0;
    uint32_t run_log2 = 0;
    while ((1u << run_log2) < seg)
        run_log2++;
    for (uint32_t run = seg; run < npad; run *= 2, run_log2++) {
        const psort_merge_args_t arg2 = {npad, run, run_log2, buf[cur], buf[cur ^ 1u]};
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg2, sizeof arg2)) != WEFT_OK)
            goto out;
        if (args->verbose)
            printf("psort: merge runs of %u: grid=%u block=%u\n", run, mgrid, mblock);
        const weft_dim3_t g2 = {mgrid, 1, 1}, b2 = {mblock, 1, 1};
        if ((rc = weft_launch(dev, "psort_merge", g2, b2, argaddr)) != WEFT_OK)
            goto out;
        cur ^= 1u;
    }
    if ((rc = weft_copy_from_dev(dev, got, buf[cur], (size_t)n * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (got[i] != ref[i]) {
            if (bad < PSORT_MAX_REPORT)
                printf("psort: out[%u] = 0x%08x, expected 0x%08x\n", i, got[i], ref[i]);
            bad++;
        }
    }
    if (bad) {
        printf("psort: %u of %u keys wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("psort: all %u keys sorted\n", n);
    }

out:
    free(keys);
    free(ref);
    free(got);
    return rc;
}
