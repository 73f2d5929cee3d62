/* v_sfilter host program: Vortex's sfilter on the N x N interior of an
 * (N+2) x (N+2) image (--size N, default 32; Vortex's default 16 and seed
 * 000 Table 6.2's 16 / adjusted 1024; seed 004 64..512).
 *
 * As Vortex's host: all nine weights 1.0, pixels rand() / RAND_MAX * 100
 * (weft_rand, --seed), work-groups of one row (N x 1; here min(N, W*T)
 * threads), global offset (1, 1) (here added in the kernel). Vortex's host
 * checks nothing; here every interior pixel is checked bit for bit against
 * the same nine products summed left to right, and the border of dst must
 * keep its poison. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_sfilter.h"

#define VF_DEFAULT_N 32u
#define VF_MAX_REPORT 8u

int weft_host_v_sfilter(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VF_DEFAULT_N;
    if (n < 1 || n > 4096) {
        fprintf(stderr, "v_sfilter: --size %u: N must be 1..4096\n", n);
        return WEFT_E_USAGE;
    }
    const uint32_t ldc = n + 2;
    const size_t cells = (size_t)ldc * ldc, bytes = cells * 4u;
    if (weft_check_size(dev, cells, 8) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads, bx = n < hw ? n : hw;
    float *src = malloc(bytes), *dst = malloc(bytes), *poison = malloc(bytes);
    int rc = WEFT_OK;
    if (!src || !dst || !poison) {
        fprintf(stderr, "v_sfilter: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (size_t i = 0; i < cells; i++)
        src[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f) * 100.0f;
    memset(poison, 0xa5, bytes);
    v_sfilter_args_t arg;
    arg.src = weft_malloc(dev, (uint32_t)bytes);
    arg.dst = weft_malloc(dev, (uint32_t)bytes);
    arg.ldc = (int32_t)ldc;
    arg.n = (int32_t)n;
    for (int k = 0; k < 9; k++)
        arg.m[k] = 1.0f;
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.src || !arg.dst || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.src, src, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.dst, poison, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + bx - 1) / bx, n, 1}, b = {bx, 1, 1};
    if ((rc = weft_launch(dev, "v_sfilter", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, dst, arg.dst, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t y = 0; y < ldc; y++)
        for (uint32_t x = 0; x < ldc; x++) {
            const size_t a = (size_t)y * ldc + x;
            float want = poison[a];
            if (x >= 1 && x <= n && y >= 1 && y <= n) {
                const float i0 = src[a - 1 - ldc] * arg.m[0], i1 = src[a - ldc] * arg.m[1],
                            i2 = src[a + 1 - ldc] * arg.m[2], i3 = src[a - 1] * arg.m[3], i4 = src[a] * arg.m[4],
                            i5 = src[a + 1] * arg.m[5], i6 = src[a - 1 + ldc] * arg.m[6],
                            i7 = src[a + ldc] * arg.m[7], i8 = src[a + 1 + ldc] * arg.m[8];
                want = i0 + i1 + i2 + i3 + i4 + i5 + i6 + i7 + i8;
            }
            if (memcmp(&want, &dst[a], 4) != 0) {
                if (bad < VF_MAX_REPORT)
                    printf("v_sfilter: dst[%u][%u] = %.9g, expected %.9g\n", y, x, dst[a], want);
                bad++;
            }
        }
    if (bad) {
        printf("v_sfilter: %u of %zu pixels wrong\n", bad, cells);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_sfilter: all %u interior pixels and the border match\n", n * n);
    }
done:
    free(src);
    free(dst);
    free(poison);
    return rc;
}
