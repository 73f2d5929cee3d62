/* saxpy host program: y = a*x + y over n (default 1000) floats.
 *
 * Inputs: x, y uniform in [-100, 100), a in [-4, 4), plus a few special
 * values (signed zeros, a subnormal, infinity, a quiet NaN, values near the
 * overflow threshold) in the first elements. Tolerance: none. The device
 * computes fmaf(a, x[i], y[i]) (fmadd.s, one rounding, round to nearest
 * even), which IEEE 754 defines exactly, so the check is bit for bit against
 * the host's fmaf, except that a NaN only has to be a NaN (RISC-V returns the
 * canonical NaN, x86 propagates the payload). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "saxpy.h"

#define SAXPY_DEFAULT_N 1000u
#define SAXPY_MAX_BLOCK 256u
#define SAXPY_MAX_REPORT 8u

static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float frand(uint32_t *s, float lo, float hi) { return lo + (hi - lo) * (float)(weft_rand(s) >> 8) * 0x1p-24f; }

int weft_host_saxpy(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : SAXPY_DEFAULT_N;
    if (weft_check_size(dev, n, 12) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t hw = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    float *x = NULL, *y = NULL, *out = NULL;
    int rc = WEFT_OK;

    if (hw > SAXPY_MAX_BLOCK)
        hw = SAXPY_MAX_BLOCK;
    const uint32_t block = hw, grid = (n + block - 1) / block;
    const size_t bytes = (size_t)n * sizeof(float);
    x = malloc(bytes);
    y = malloc(bytes);
    out = malloc(bytes);
    if (!x || !y || !out) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    const float a = frand(&seed, -4.0f, 4.0f);
    for (uint32_t i = 0; i < n; i++) {
        x[i] = frand(&seed, -100.0f, 100.0f);
        y[i] = frand(&seed, -100.0f, 100.0f);
    }
    static const uint32_t specials[][2] = {
        {0x80000000u, 0x00000000u}, {0x00000001u, 0x80000000u}, {0x7f800000u, 0x3f800000u},
        {0x7fc00000u, 0x3f800000u}, {0x7f000000u, 0x7f7fffffu}, {0x00800000u, 0x80800000u},
    };
    for (uint32_t i = 0; i < n && i < sizeof specials / sizeof specials[0]; i++) {
        x[i] = f_of(specials[i][0]);
        y[i] = f_of(specials[i][1]);
    }

    saxpy_args_t arg = {n, u_of(a), weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes)};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.x || !arg.y || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.x, x, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.y, y, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("saxpy: n=%u a=%g grid=%u block=%u\n", n, (double)a, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "saxpy", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.y, bytes)) != WEFT_OK)
        goto done;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        volatile float want = fmaf(a, x[i], y[i]);
        const int ok = isnan(want) ? isnan(out[i]) : u_of(out[i]) == u_of(want);
        if (!ok && bad++ < SAXPY_MAX_REPORT)
            printf("saxpy: y[%u] = %08x (%g), expected %08x (%g)\n", i, u_of(out[i]), (double)out[i], u_of(want),
                   (double)want);
    }
    if (bad) {
        printf("saxpy: %u of %u elements wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("saxpy: all %u elements bit-exact\n", n);
    }
done:
    free(x);
    free(y);
    free(out);
    return rc;
}
