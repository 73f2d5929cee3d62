/* v_conv3 host program: Vortex's conv3 on an N x N image (--size N,
 * default 32 = Vortex's default; seed 004 runs 64..512).
 *
 * Inputs as Vortex's: interior pixels and the 9 weights are rand() /
 * RAND_MAX (weft_rand, --seed), the one-pixel border is 0. Vortex asks for
 * 32 x 16 work-groups; here bx = min(32, W*T), by = min(16, W*T / bx).
 * Every output is checked bit for bit against the host's fmaf chain in the
 * same tap order. (Weft's conv3 is a different kernel: integer, clamp and
 * zero borders without padding, two launches.) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_conv3.h"

#define VC_DEFAULT_N 32u
#define VC_MAX_REPORT 8u

int weft_host_v_conv3(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VC_DEFAULT_N;
    if (n < 1 || n > 4096) {
        fprintf(stderr, "v_conv3: --size %u: N must be 1..4096\n", n);
        return WEFT_E_USAGE;
    }
    const uint32_t pw = n + 2;
    const size_t ibytes = (size_t)pw * pw * 4u, obytes = (size_t)n * n * 4u;
    if (weft_check_size(dev, (uint64_t)pw * pw, 8) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads, bx = hw < 32 ? hw : 32, by0 = hw / bx, by = by0 < 16 ? by0 : 16;
    float *in = calloc((size_t)pw * pw, 4), *out = malloc(obytes), w[9];
    int rc = WEFT_OK;
    if (!in || !out) {
        fprintf(stderr, "v_conv3: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++)
            in[(y + 1) * pw + x + 1] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    for (int i = 0; i < 9; i++)
        w[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    memset(out, 0xa5, obytes);
    v_conv3_args_t arg = {weft_malloc(dev, (uint32_t)obytes), weft_malloc(dev, (uint32_t)ibytes),
                          weft_malloc(dev, sizeof w), (int32_t)n, (int32_t)n};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.output || !arg.input || !arg.weights || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.input, in, ibytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.output, out, obytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.weights, w, sizeof w)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + bx - 1) / bx, (n + by - 1) / by, 1}, b = {bx, by, 1};
    if ((rc = weft_launch(dev, "v_conv3", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.output, obytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++) {
            float sum = 0.0f;
            for (uint32_t ky = 0; ky < 3; ky++)
                for (uint32_t kx = 0; kx < 3; kx++)
                    sum = fmaf(in[(y + ky) * pw + x + kx], w[ky * 3 + kx], sum);
            if (memcmp(&sum, &out[y * n + x], 4) != 0) {
                if (bad < VC_MAX_REPORT)
                    printf("v_conv3: O[%u][%u] = %.9g, expected %.9g\n", y, x, out[y * n + x], sum);
                bad++;
            }
        }
    if (bad) {
        printf("v_conv3: %u of %u pixels wrong\n", bad, n * n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_conv3: all %u pixels match (block %ux%u)\n", n * n, bx, by);
    }
done:
    free(in);
    free(out);
    return rc;
}
