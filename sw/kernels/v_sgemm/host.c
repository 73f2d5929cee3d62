/* v_sgemm host program: Vortex's sgemm, N x N (--size N, default 32 =
 * Vortex's default and seed 000 Table 6.2's default input; adjusted there to
 * 256; seed 004 runs 64..512).
 *
 * Inputs: random floats in [0, 1) (weft_rand, --seed; Vortex's
 * Comparator<float>::generate draws rand() / RAND_MAX). Blocks of D x D
 * threads, D = floor(sqrt(W*T)) capped at 16 (Vortex's host asks for 16 x 16
 * work-groups, "for the vortex divergence paper"), grid ceil(N / D) square.
 * Every element is checked bit for bit against the host's fmaf chain in the
 * same k order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_sgemm.h"

#define VS_DEFAULT_N 32u
#define VS_MAX_D 16u
#define VS_MAX_REPORT 8u

/* A and B: random floats in [0, 1) from weft_rand (--seed), interleaved
 * a[i], b[i]; shared with v_sgemm_pocl (the same inputs). */
void v_sgemm_fill(float *a, float *b, size_t nn, uint32_t seed)
{
    for (size_t i = 0; i < nn; i++) {
        a[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
        b[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    }
}

/* C = A x B checked element by element, bit for bit, against the host's
 * fmaf chain in the kernel's k order (column-major as Vortex's sgemm);
 * shared with v_sgemm_pocl (same inputs, same check). */
int v_sgemm_check(const char *name, const float *a, const float *b, const float *c, uint32_t n, int verbose)
{
    const size_t nn = (size_t)n * n;
    uint32_t bad = 0;
    for (uint32_t col = 0; col < n; col++)
        for (uint32_t r = 0; r < n; r++) {
            float acc = 0.0f;
            for (uint32_t k = 0; k < n; k++)
                acc = fmaf(a[k * n + r], b[col * n + k], acc);
            if (memcmp(&acc, &c[col * n + r], 4) != 0) {
                if (bad < VS_MAX_REPORT)
                    printf("%s: C[%u*N+%u] = %.9g, expected %.9g\n", name, col, r, c[col * n + r], acc);
                bad++;
            }
        }
    if (bad) {
        printf("%s: %u of %zu elements wrong\n", name, bad, nn);
        return WEFT_E_CHECK;
    }
    if (verbose)
        printf("%s: all %zu elements match bit for bit\n", name, nn);
    return WEFT_OK;
}

int weft_host_v_sgemm(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VS_DEFAULT_N;
    if (n < 1 || n > 2048) {
        fprintf(stderr, "v_sgemm: --size %u: N must be 1..2048\n", n);
        return WEFT_E_USAGE;
    }
    const size_t nn = (size_t)n * n, bytes = nn * 4u;
    if (weft_check_size(dev, nn, 12) != WEFT_OK)
        return weft_status(dev);
    uint32_t d = 1;
    while ((d + 1) * (d + 1) <= cfg->warps * cfg->threads && d < VS_MAX_D)
        d++;
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes);
    int rc = WEFT_OK;
    if (!a || !b || !c) {
        fprintf(stderr, "v_sgemm: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    v_sgemm_fill(a, b, nn, args->seed);
    memset(c, 0xa5, bytes);
    v_sgemm_args_t arg = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes),
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
    const weft_dim3_t g = {(n + d - 1) / d, (n + d - 1) / d, 1}, blk = {d, d, 1};
    if (args->verbose)
        printf("v_sgemm: N=%u block %ux%u grid %ux%u\n", n, d, d, g.x, g.y);
    if ((rc = weft_launch(dev, "v_sgemm", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, c, arg.c, bytes)) != WEFT_OK)
        goto done;
    rc = v_sgemm_check("v_sgemm", a, b, c, n, args->verbose);
done:
    free(a);
    free(b);
    free(c);
    return rc;
}
