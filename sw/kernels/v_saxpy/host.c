/* v_saxpy host program: Vortex's saxpy over n floats (--size n, default 256;
 * Vortex's default 1024, seed 000 Table 6.2: 16 and adjusted 2^18; seed 004
 * 64..512).
 *
 * Vortex's host launches n / 2 work-items (global size {n/2, n/2} with a
 * 1-D NDRange), so only dst[0 .. n/2) is updated: kept here. Inputs as
 * Vortex's: src and factor are rand() / RAND_MAX * 100 (weft_rand, --seed);
 * Vortex's dst is an uninitialised buffer, here it is random in [0, 100)
 * too. Blocks of W*T threads. Checked: dst[i] = src[i] * factor + dst[i] in
 * float (two roundings) bit for bit for i < n/2, and dst[i] unchanged for
 * i >= n/2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_saxpy.h"

#define VX_DEFAULT_N 256u
#define VX_MAX_REPORT 8u

static float vx_rand100(uint32_t *seed)
{
    return (float)(weft_rand(seed) >> 8) * (1.0f / 16777216.0f) * 100.0f;
}

int weft_host_v_saxpy(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VX_DEFAULT_N;
    if (n < 2 || n > (1u << 24)) {
        fprintf(stderr, "v_saxpy: --size %u: 2 .. %u elements\n", n, 1u << 24);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 8) != WEFT_OK)
        return weft_status(dev);
    const size_t bytes = (size_t)n * 4u;
    const uint32_t threads = n / 2, block = cfg->warps * cfg->threads;
    float *src = malloc(bytes), *dst = malloc(bytes), *got = malloc(bytes);
    int rc = WEFT_OK;
    if (!src || !dst || !got) {
        fprintf(stderr, "v_saxpy: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    const float factor = vx_rand100(&seed);
    for (uint32_t i = 0; i < n; i++) {
        src[i] = vx_rand100(&seed);
        dst[i] = vx_rand100(&seed);
    }
    v_saxpy_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes), factor, threads};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.src || !arg.dst || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.src, src, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.dst, dst, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(threads + block - 1) / block, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, "v_saxpy", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, got, arg.dst, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const float want = i < threads ? src[i] * factor + dst[i] : dst[i];
        if (memcmp(&want, &got[i], 4) != 0) {
            if (bad < VX_MAX_REPORT)
                printf("v_saxpy: dst[%u] = %.9g, expected %.9g\n", i, got[i], want);
            bad++;
        }
    }
    if (bad) {
        printf("v_saxpy: %u of %u elements wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_saxpy: %u updated and %u untouched elements match\n", threads, n - threads);
    }
done:
    free(src);
    free(dst);
    free(got);
    return rc;
}
