/* diverge host program: n (default 500) elements, a grid of 2 blocks per
 * core of W*T threads (capped at 256), so each thread handles a different
 * number of elements. Checks every element's result and every thread's
 * checksum against the same function in plain C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "diverge.h"
#include "diverge_ref.h"

#define DIVERGE_DEFAULT_N 500u
#define DIVERGE_MAX_BLOCK 256u
#define DIVERGE_MAX_REPORT 8u
#define DIVERGE_POISON 0xa5 /* fills outputs before the launch */

/* diverge_ref: the C reference of diverge_elem in kernel.c (diverge_ref.h) */

/* Shared with sw/kernels/diverge_c (the plain-C version, issue 16): the same
 * inputs, grid and checks for the kernel named `kernel`. */
int diverge_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_diverge(weft_dev_t *dev, const weft_host_args_t *args)
{
    return diverge_host_run(dev, args, "diverge");
}

int diverge_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : DIVERGE_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t block = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    uint32_t *in = NULL, *got = NULL, *gotsum = NULL;
    int rc = WEFT_OK;

    if (block > DIVERGE_MAX_BLOCK)
        block = DIVERGE_MAX_BLOCK;
    const uint32_t grid = 2u * cfg->cores;
    const uint32_t nthreads = grid * block;

    in = malloc((size_t)n * 4u);
    got = malloc((size_t)n * 4u);
    gotsum = malloc((size_t)nthreads * 4u);
    if (!in || !got || !gotsum) {
        fprintf(stderr, "diverge: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++)
        in[i] = weft_rand(&seed);
    memset(got, DIVERGE_POISON, (size_t)n * 4u);
    memset(gotsum, DIVERGE_POISON, (size_t)nthreads * 4u);

    diverge_args_t arg;
    arg.n = n;
    arg.in = weft_malloc(dev, n * 4u);
    arg.out = weft_malloc(dev, n * 4u);
    arg.sum = weft_malloc(dev, nthreads * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !arg.sum || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.out, got, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.sum, gotsum, (size_t)nthreads * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;

    if (args->verbose)
        printf("diverge: n=%u grid=%u block=%u\n", n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, kernel, g, blk, argaddr)) != WEFT_OK)
        goto out;
    if ((rc = weft_copy_from_dev(dev, got, arg.out, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gotsum, arg.sum, (size_t)nthreads * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t want = diverge_ref(i, in[i]);
        if (got[i] != want) {
            if (bad < DIVERGE_MAX_REPORT)
                printf("diverge: out[%u] = 0x%08x, expected 0x%08x\n", i, got[i], want);
            bad++;
        }
    }
    for (uint32_t t = 0; t < nthreads; t++) {
        uint32_t want = DIVERGE_SUM_INIT;
        for (uint32_t e = t; e < n; e += nthreads)
            want = want * DIVERGE_SUM_MUL + diverge_ref(e, in[e]);
        if (gotsum[t] != want) {
            if (bad < DIVERGE_MAX_REPORT)
                printf("diverge: thread %u checksum = 0x%08x, expected 0x%08x\n", t, gotsum[t],
                       want);
            bad++;
        }
    }
    if (bad) {
        printf("diverge: %u wrong values\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("diverge: all %u elements and %u thread checksums match\n", n, nthreads);
    }

out:
    free(in);
    free(got);
    free(gotsum);
    return rc;
}
