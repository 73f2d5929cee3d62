/* sgemm_tiled host program: sgemm's problem (m = size, default 20, n = m + 3,
 * k = m - 1, entries uniform in [-1, 1), alpha = 1.5, beta = -0.75) on
 * square blocks of ts x ts threads, ts the largest power of two with
 * ts * ts <= W * T (at most 16): tiles of A and B go through shared memory.
 *
 * Tolerance: none against a reference that rounds exactly like the device
 * (fmaf chain in k order, then fmaf(alpha, dot, beta*c), round to nearest
 * even): every element must match bit for bit. As a sanity check of the
 * arithmetic the host also computes the product in double precision and
 * requires |C - C_double| <= 1e-5 * (|alpha| sum_k |a||b| + |beta c|). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "../sgemm/sgemm_check.h"
#include "sgemm_tiled.h"

#define SGEMM_DEFAULT_M 20u
#define SGEMM_MAX_BLOCK 256u
#define SGEMM_MAX_REPORT 8u

static float frand(uint32_t *s) { return -1.0f + 2.0f * (float)(weft_rand(s) >> 8) * 0x1p-24f; }

int weft_host_sgemm_tiled(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t m = args->size ? args->size : SGEMM_DEFAULT_M, n = m + 3, k = m > 1 ? m - 1 : 1;
    if (weft_check_size(dev, (uint64_t)m * m, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t seed = args->seed;
    const float alpha = 1.5f, beta = -0.75f;
    float *a = NULL, *b = NULL, *c = NULL, *out = NULL;
    int rc = WEFT_OK;

    uint32_t ts = 1;
    while ((ts * 2) * (ts * 2) <= cfg->warps * cfg->threads && ts * 2 <= SGEMM_TILED_MAX_TS)
        ts *= 2;
    const uint32_t bx = ts, by = ts;
    const uint32_t gx = (n + bx - 1) / bx, gy = (m + by - 1) / by;
    a = malloc((size_t)m * k * 4);
    b = malloc((size_t)k * n * 4);
    c = malloc((size_t)m * n * 4);
    out = malloc((size_t)m * n * 4);
    if (!a || !b || !c || !out) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (size_t i = 0; i < (size_t)m * k; i++) a[i] = frand(&seed);
    for (size_t i = 0; i < (size_t)k * n; i++) b[i] = frand(&seed);
    for (size_t i = 0; i < (size_t)m * n; i++) c[i] = frand(&seed);

    sgemm_tiled_args_t arg = {m, n, k, sgemm_u_of(alpha), sgemm_u_of(beta), weft_malloc(dev, m * k * 4),
                              weft_malloc(dev, k * n * 4), weft_malloc(dev, m * n * 4), ts};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.a || !arg.b || !arg.c || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.a, a, (size_t)m * k * 4)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.b, b, (size_t)k * n * 4)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.c, c, (size_t)m * n * 4)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("sgemm_tiled: %ux%u = %ux%u * %ux%u, grid %ux%u, block %ux%u\n", m, n, m, k, k, n, gx, gy, bx, by);
    const weft_dim3_t g = {gx, gy, 1}, blk = {bx, by, 1};
    if ((rc = weft_launch(dev, "sgemm_tiled", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.c, (size_t)m * n * 4)) != WEFT_OK)
        goto done;

    rc = sgemm_check("sgemm_tiled", m, n, k, alpha, beta, a, b, c, out, SGEMM_MAX_REPORT, args->verbose);
done:
    free(a);
    free(b);
    free(c);
    free(out);
    return rc;
}
