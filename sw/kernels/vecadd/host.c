/* vecadd host program: c = a + b over n (default 1000) uint32 elements.
 *
 * Block: W*T - 1 threads (1 when W*T == 1), capped at 255, so that the last
 * warp of every block is partial and the runtime's block-thread mask is
 * exercised; the grid covers n, so each core runs several blocks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "vecadd.h"

#define VECADD_DEFAULT_N 1000u
#define VECADD_MAX_BLOCK 256u
#define VECADD_MAX_REPORT 8u
#define VECADD_POISON 0xa5 /* fills outputs before the launch */

/* the body, shared with vecadd_c (the same kernel in plain C, issue 16) */
int vecadd_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_vecadd(weft_dev_t *dev, const weft_host_args_t *args)
{
    return vecadd_host_run(dev, args, "vecadd");
}

int vecadd_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VECADD_DEFAULT_N;
    if (weft_check_size(dev, n, 12) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t hw = cfg->warps * cfg->threads;
    uint32_t *a = NULL, *b = NULL, *c = NULL;
    uint32_t seed = args->seed;
    int rc = WEFT_OK;

    if (hw > VECADD_MAX_BLOCK)
        hw = VECADD_MAX_BLOCK;
    const uint32_t block = hw > 1 ? hw - 1 : 1;
    const uint32_t grid = (n + block - 1) / block;
    const size_t bytes = (size_t)n * sizeof(uint32_t);

    a = malloc(bytes);
    b = malloc(bytes);
    c = malloc(bytes);
    if (!a || !b || !c) {
        fprintf(stderr, "vecadd: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        a[i] = weft_rand(&seed);
        b[i] = weft_rand(&seed);
    }
    memset(c, VECADD_POISON, bytes);

    vecadd_args_t arg;
    arg.n = n;
    arg.a = weft_malloc(dev, (uint32_t)bytes);
    arg.b = weft_malloc(dev, (uint32_t)bytes);
    arg.c = weft_malloc(dev, (uint32_t)bytes);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.a || !arg.b || !arg.c || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.a, a, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.b, b, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.c, c, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;

    if (args->verbose)
        printf("%s: n=%u grid=%u block=%u\n", kernel, n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, kernel, g, blk, argaddr)) != WEFT_OK)
        goto out;
    if ((rc = weft_copy_from_dev(dev, c, arg.c, bytes)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t want = a[i] + b[i];
        if (c[i] != want) {
            if (bad < VECADD_MAX_REPORT)
                printf("vecadd: c[%u] = 0x%08x, expected 0x%08x\n", i, c[i], want);
            bad++;
        }
    }
    if (bad) {
        printf("vecadd: %u of %u elements wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("vecadd: all %u elements match\n", n);
    }

out:
    free(a);
    free(b);
    free(c);
    return rc;
}
