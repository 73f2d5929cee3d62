/* v_transpose host program: Vortex's transpose (NVIDIA SDK oclTranspose,
 * kernel `transpose`) of an N x N float matrix (--size N, default 64; seed
 * 004 runs 64..512), offset 0, D x D work-groups with D = floor(sqrt(W*T))
 * capped at 16 (the SDK's BLOCK_DIM), grid ceil(N / D) square. Inputs random
 * floats (weft_rand, --seed). Every output element is checked; N need not be
 * a multiple of D (partial tiles). (Weft's transpose stages tiles in global
 * scratch and runs non-square sizes.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_transpose.h"

#define VT_DEFAULT_N 64u
#define VT_MAX_REPORT 8u

int weft_host_v_transpose(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VT_DEFAULT_N;
    if (n < 1 || n > 4096) {
        fprintf(stderr, "v_transpose: --size %u: N must be 1..4096\n", n);
        return WEFT_E_USAGE;
    }
    const size_t nn = (size_t)n * n, bytes = nn * 4u;
    if (weft_check_size(dev, nn, 8) != WEFT_OK)
        return weft_status(dev);
    uint32_t d = 1;
    while ((d + 1) * (d + 1) <= cfg->warps * cfg->threads && d < V_TRANSPOSE_MAX_DIM)
        d++;
    float *in = malloc(bytes), *out = malloc(bytes);
    int rc = WEFT_OK;
    if (!in || !out) {
        fprintf(stderr, "v_transpose: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (size_t i = 0; i < nn; i++)
        in[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    memset(out, 0xa5, bytes);
    v_transpose_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes), 0, (int32_t)n,
                              (int32_t)n};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.odata || !arg.idata || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.idata, in, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.odata, out, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + d - 1) / d, (n + d - 1) / d, 1}, b = {d, d, 1};
    if ((rc = weft_launch(dev, "v_transpose", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.odata, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t y = 0; y < n; y++)
        for (uint32_t x = 0; x < n; x++)
            if (memcmp(&out[(size_t)x * n + y], &in[(size_t)y * n + x], 4) != 0) {
                if (bad < VT_MAX_REPORT)
                    printf("v_transpose: out[%u][%u] = %.9g, expected in[%u][%u] = %.9g\n", x, y,
                           out[(size_t)x * n + y], y, x, in[(size_t)y * n + x]);
                bad++;
            }
    if (bad) {
        printf("v_transpose: %u of %zu elements wrong\n", bad, nn);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_transpose: all %zu elements match (tile %ux%u)\n", nn, d, d);
    }
done:
    free(in);
    free(out);
    return rc;
}
