/* psum host program: sum of n (default 1024) uint32 values (mod 2^32).
 *
 * Level 0 reduces the input to ceil(n / (B*K)) partial sums, each further
 * level reduces the previous partials, until one value is left (several
 * launches of the same kernel). Every partial of every level is checked
 * against the C reference, and the last one against the total.
 * Block: B = W*T threads (capped at 256); K = 4 elements per thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "psum.h"

#define PSUM_DEFAULT_N 1024u
#define PSUM_MAX_BLOCK 256u
#define PSUM_PER_THREAD 4u
#define PSUM_MAX_REPORT 8u
#define PSUM_POISON 0xa5 /* fills outputs before the launch */

int psum_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_psum(weft_dev_t *dev, const weft_host_args_t *args)
{
    return psum_host_run(dev, args, "psum");
}

/* Shared with psum_c (the plain-C form, issue 16): kernel is the name launched. */
int psum_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : PSUM_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t block = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    uint32_t *ref = NULL, *next = NULL, *got = NULL;
    int rc = WEFT_OK;

    if (block > PSUM_MAX_BLOCK)
        block = PSUM_MAX_BLOCK;
    const uint32_t chunk = block * PSUM_PER_THREAD;

    ref = malloc((size_t)n * sizeof *ref);
    next = malloc((size_t)n * sizeof *next);
    got = malloc((size_t)n * sizeof *got);
    if (!ref || !next || !got) {
        fprintf(stderr, "psum: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    uint32_t total = 0;
    for (uint32_t i = 0; i < n; i++) {
        ref[i] = weft_rand(&seed);
        total += ref[i];
    }

    /* Device buffers: the input, one partial array per level, and a scratch
     * array big enough for the first (largest) level. */
    const uint32_t grid0 = (n + chunk - 1) / chunk;
    uint32_t cur = weft_malloc(dev, n * 4u);
    const uint32_t scratch = weft_malloc(dev, grid0 * block * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof(psum_args_t));
    if (!cur || !scratch || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, cur, ref, (size_t)n * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    uint32_t len = n;
    for (unsigned level = 0; len > 1 || level == 0; level++) {
        const uint32_t grid = (len + chunk - 1) / chunk;
        psum_args_t arg;
        arg.n = len;
        arg.per_thread = PSUM_PER_THREAD;
        arg.in = cur;
        arg.partial = weft_malloc(dev, grid * 4u);
        arg.scratch = scratch;
        if (!arg.partial) {
            rc = weft_status(dev);
            goto out;
        }
        memset(got, PSUM_POISON, (size_t)grid * 4u);
        if ((rc = weft_copy_to_dev(dev, arg.partial, got, (size_t)grid * 4u)) != WEFT_OK ||
            (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
            goto out;
        if (args->verbose)
            printf("psum: level %u: n=%u grid=%u block=%u K=%u\n", level, len, grid, block,
                   PSUM_PER_THREAD);
        const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
        if ((rc = weft_launch(dev, kernel, g, blk, argaddr)) != WEFT_OK)
            goto out;
        if ((rc = weft_copy_from_dev(dev, got, arg.partial, (size_t)grid * 4u)) != WEFT_OK)
            goto out;

        for (uint32_t b = 0; b < grid; b++) {
            uint32_t want = 0;
            for (uint32_t i = b * chunk; i < len && i < (b + 1) * chunk; i++)
                want += ref[i];
            next[b] = want;
            if (got[b] != want) {
                if (bad < PSUM_MAX_REPORT)
                    printf("psum: level %u partial[%u] = 0x%08x, expected 0x%08x\n", level, b,
                           got[b], want);
                bad++;
            }
        }
        /* The next level reduces the reference partials. */
        uint32_t *tmp = ref;
        ref = next;
        next = tmp;
        len = grid;
        cur = arg.partial;
    }
    if (ref[0] != total) { /* reference self-check */
        fprintf(stderr, "psum: internal error: reference total mismatch\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    if (got[0] != total) {
        if (bad < PSUM_MAX_REPORT)
            printf("psum: total = 0x%08x, expected 0x%08x\n", got[0], total);
        bad++;
    }
    if (bad) {
        printf("psum: %u wrong values\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("psum: total 0x%08x and all partials match\n", total);
    }

out:
    free(ref);
    free(next);
    free(got);
    return rc;
}
