/* v_vecadd host program: Vortex's vecadd over n floats (--size n, default
 * 256; seed 000 Table 6.2: 64 and adjusted 32768; seed 004 64..512).
 * Inputs random floats in [0, 1) (weft_rand, --seed; Vortex's
 * Comparator<float>::generate). Blocks of W*T threads (Weft's vecadd uses
 * W*T - 1 on purpose; Vortex's work-groups are full). Every element checked
 * bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_vecadd.h"

#define VV_DEFAULT_N 256u
#define VV_MAX_REPORT 8u

int weft_host_v_vecadd(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VV_DEFAULT_N;
    if (n > (1u << 24)) {
        fprintf(stderr, "v_vecadd: --size %u: at most %u elements\n", n, 1u << 24);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 12) != WEFT_OK)
        return weft_status(dev);
    const size_t bytes = (size_t)n * 4u;
    const uint32_t block = cfg->warps * cfg->threads;
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    int rc = WEFT_OK;
    if (!a || !b || !c) {
        fprintf(stderr, "v_vecadd: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (uint32_t i = 0; i < n; i++) {
        a[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
        b[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    }
    memset(c, 0xa5, bytes);
    v_vecadd_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes),
                           weft_malloc(dev, (uint32_t)bytes), n};
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
    const weft_dim3_t g = {(n + block - 1) / block, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "v_vecadd", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, c, arg.c, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const float want = a[i] + b[i];
        if (memcmp(&want, &c[i], 4) != 0) {
            if (bad < VV_MAX_REPORT)
                printf("v_vecadd: C[%u] = %.9g, expected %.9g\n", i, c[i], want);
            bad++;
        }
    }
    if (bad) {
        printf("v_vecadd: %u of %u elements wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_vecadd: all %u elements match\n", n);
    }
done:
    free(a);
    free(b);
    free(c);
    return rc;
}
