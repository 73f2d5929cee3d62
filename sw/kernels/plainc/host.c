/* plainc host program: n (default 600) elements, a grid of 2 blocks per core
 * of W*T threads (capped at 256), so the threads handle different numbers of
 * elements. Checks every element against plainc_elem (plainc.h) compiled for
 * the host; skipped elements (in % 13 == 0) must keep their poison. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "plainc.h"

#define PLAINC_DEFAULT_N 600u
#define PLAINC_MAX_BLOCK 256u
#define PLAINC_MAX_REPORT 8u
#define PLAINC_POISON 0xa5a5a5a5u

int weft_host_plainc(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : PLAINC_DEFAULT_N;
    if (weft_check_size(dev, n, 8) != WEFT_OK)
        return weft_status(dev);
    uint32_t block = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    uint32_t *in = NULL, *got = NULL;
    int rc = WEFT_OK;

    if (block > PLAINC_MAX_BLOCK)
        block = PLAINC_MAX_BLOCK;
    const uint32_t grid = 2u * cfg->cores;
    in = malloc((size_t)n * 4u + 4u);
    got = malloc((size_t)n * 4u + 4u);
    if (!in || !got) {
        fprintf(stderr, "plainc: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        in[i] = weft_rand(&seed);
        got[i] = PLAINC_POISON;
    }

    plainc_args_t arg;
    arg.n = n;
    arg.in = weft_malloc(dev, n * 4u);
    arg.out = weft_malloc(dev, n * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.out, got, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose)
        printf("plainc: n=%u grid=%u block=%u\n", n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "plainc", g, blk, argaddr)) != WEFT_OK)
        goto out;
    if ((rc = weft_copy_from_dev(dev, got, arg.out, (size_t)n * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t want = in[i] % 13u == 0u ? PLAINC_POISON : plainc_elem(i, in[i]);
        if (got[i] != want) {
            if (bad < PLAINC_MAX_REPORT)
                printf("plainc: out[%u] = 0x%08x, expected 0x%08x\n", i, got[i], want);
            bad++;
        }
    }
    if (bad) {
        printf("plainc: %u wrong values of %u\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("plainc: all %u elements match\n", n);
    }
out:
    free(in);
    free(got);
    return rc;
}
