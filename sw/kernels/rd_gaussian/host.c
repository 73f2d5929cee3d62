/* rd_gaussian host program: Rodinia gaussian elimination of a size x size
 * system (--size, default 16 = seed 000 Table 6.2's default `16x16 Matrix`;
 * adjusted 512 there).
 *
 * Inputs as Rodinia's create_matrix: a[i][j] = 10 * exp(-0.01 * |i - j|)
 * (computed in float from expf), b = 1. Per pivot t = 0 .. size-2: Fan1
 * over size-1-t threads (blocks of W*T), then Fan2 over a (size-1-t) x
 * (size-t) grid of D x D blocks (D = floor(sqrt(W*T)) <= 16), as Rodinia's
 * ForwardSub. The check repeats the elimination on the host in the same
 * order (division, fmaf with the negated multiplier) and compares a, b and
 * the multipliers m bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_gaussian.h"

#define GS_DEFAULT_N 16u
#define GS_MAX_REPORT 8u

int weft_host_rd_gaussian(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : GS_DEFAULT_N;
    if (n < 2 || n > 2048) {
        fprintf(stderr, "rd_gaussian: --size %u: 2 .. 2048\n", n);
        return WEFT_E_USAGE;
    }
    const int32_t size = (int32_t)n;
    const size_t nn = (size_t)n * n, bytes = nn * 4u;
    if (weft_check_size(dev, nn, 8) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads;
    uint32_t d = 1;
    while ((d + 1) * (d + 1) <= hw && d < 16)
        d++;
    float *a = malloc(bytes), *b = malloc(n * 4u), *m = calloc(nn, 4), *ga = malloc(bytes), *gb = malloc(n * 4u),
          *gm = malloc(bytes);
    int rc = WEFT_OK;
    if (!a || !b || !m || !ga || !gb || !gm) {
        fprintf(stderr, "rd_gaussian: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (int32_t i = 0; i < size; i++) {
        for (int32_t j = 0; j < size; j++)
            a[i * size + j] = 10.0f * expf(-0.01f * (float)abs(i - j));
        b[i] = 1.0f;
    }
    rd_gaussian_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes),
                              weft_malloc(dev, n * 4u), size, 0};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.m || !arg.a || !arg.b || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.a, a, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.b, b, n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.m, m, bytes)) != WEFT_OK)
        goto done;
    for (int32_t t = 0; t < size - 1; t++) {
        arg.t = t;
        const uint32_t rows = (uint32_t)(size - 1 - t), cols = (uint32_t)(size - t);
        const weft_dim3_t g1 = {(rows + hw - 1) / hw, 1, 1}, b1 = {hw, 1, 1};
        const weft_dim3_t g2 = {(rows + d - 1) / d, (cols + d - 1) / d, 1}, b2 = {d, d, 1};
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_gaussian_fan1", g1, b1, argaddr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_gaussian_fan2", g2, b2, argaddr)) != WEFT_OK)
            goto done;
        /* host reference step */
        for (int32_t i = 0; i < size - 1 - t; i++)
            m[size * (i + t + 1) + t] = a[size * (i + t + 1) + t] / a[size * t + t];
        for (int32_t x = 0; x < size - 1 - t; x++) {
            const float mx = m[size * (x + 1 + t) + t];
            for (int32_t y = 0; y < size - t; y++)
                a[size * (x + 1 + t) + (y + t)] = fmaf(-mx, a[size * t + (y + t)], a[size * (x + 1 + t) + (y + t)]);
            b[x + 1 + t] = fmaf(-mx, b[t], b[x + 1 + t]);
        }
    }
    if ((rc = weft_copy_from_dev(dev, ga, arg.a, bytes)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gb, arg.b, n * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gm, arg.m, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (size_t i = 0; i < nn; i++) {
        if (memcmp(&ga[i], &a[i], 4) != 0 || memcmp(&gm[i], &m[i], 4) != 0) {
            if (bad < GS_MAX_REPORT)
                printf("rd_gaussian: [%zu][%zu]: a %.9g m %.9g, expected a %.9g m %.9g\n", i / n, i % n, ga[i],
                       gm[i], a[i], m[i]);
            bad++;
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (memcmp(&gb[i], &b[i], 4) != 0) {
            if (bad < GS_MAX_REPORT)
                printf("rd_gaussian: b[%u] = %.9g, expected %.9g\n", i, gb[i], b[i]);
            bad++;
        }
    if (bad) {
        printf("rd_gaussian: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_gaussian: %ux%u, %d launches, a, b and m match bit for bit\n", n, n, 2 * (size - 1));
    }
done:
    free(a);
    free(b);
    free(m);
    free(ga);
    free(gb);
    free(gm);
    return rc;
}
