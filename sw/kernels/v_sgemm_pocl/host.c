/* v_sgemm_pocl host program: Vortex's sgemm, N x N (--size N, a multiple
 * of 16; default 32), with Vortex's POCL mapping: one hardware thread per
 * 16 x 16 work-group, (N / 16)^2 threads in blocks of at most W*T
 * (docs/kernels-papers.md, kernel.c). Inputs and check as v_sgemm's: random
 * floats in [0, 1) (weft_rand, --seed), every element bit for bit against
 * the host's fmaf chain in the same k order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_sgemm_pocl.h"
#include "../v_sgemm/v_sgemm.h" /* v_sgemm_fill, v_sgemm_check */

#define VSP_DEFAULT_N 32u

int weft_host_v_sgemm_pocl(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VSP_DEFAULT_N;
    if (n < VSP_LOCAL || n > 2048 || n % VSP_LOCAL) {
        fprintf(stderr, "v_sgemm_pocl: --size %u: N must be a multiple of %u in %u..2048 (16 x 16 work-groups)\n",
                n, VSP_LOCAL, VSP_LOCAL);
        return WEFT_E_USAGE;
    }
    const size_t nn = (size_t)n * n, bytes = nn * 4u;
    if (weft_check_size(dev, nn, 12) != WEFT_OK)
        return weft_status(dev);
    const uint32_t groups = (n / VSP_LOCAL) * (n / VSP_LOCAL);
    const uint32_t wt = cfg->warps * cfg->threads, blk = groups < wt ? groups : wt;
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    int rc = WEFT_OK;
    if (!a || !b || !c) {
        fprintf(stderr, "v_sgemm_pocl: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    v_sgemm_fill(a, b, nn, args->seed);
    memset(c, 0xa5, bytes);
    v_sgemm_pocl_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes),
                               weft_malloc(dev, (uint32_t)bytes), n, groups};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.a || !arg.b || !arg.c || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.a, a, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.b, b, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.c, c, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(groups + blk - 1) / blk, 1, 1}, bd = {blk, 1, 1};
    if (args->verbose)
        printf("v_sgemm_pocl: N=%u, %u work-groups of 16x16, blocks of %u threads\n", n, groups, blk);
    if ((rc = weft_launch(dev, "v_sgemm_pocl", g, bd, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, c, arg.c, bytes)) != WEFT_OK)
        goto done;
    rc = v_sgemm_check("v_sgemm_pocl", a, b, c, n, args->verbose);
done:
    free(a);
    free(b);
    free(c);
    return rc;
}
