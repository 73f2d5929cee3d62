/* rd_lavamd host program: Rodinia lavaMD with boxes1d = --size (default 1;
 * seed 000 Table 6.2: 10, adjusted 16): boxes1d^3 boxes of 100 particles,
 * each box interacting with itself and its (up to 26) neighbours, alpha 0.5.
 *
 * Boxes, neighbour lists and inputs as Rodinia's main.c: box (x, y, z) =
 * (k, j, i) numbered z-major, offset = number * 100; positions v, x, y, z
 * and charges (rand() % 10 + 1) / 10 (weft_rand, --seed); forces zero. One
 * block per box of NUMBER_THREADS = min(128, W*T) threads (Rodinia: 128).
 * The default is one box (no neighbours): boxes1d 2 is 8 boxes of 8
 * interacting boxes, 64 box pairs against 1 (64 x the warp instructions).
 *
 * Check: every particle's v, x, y, z force bit for bit against the host's
 * loop in the kernel's order (the same branch-free exp, fmaf); and that exp
 * within 2 ulp of the host C library's expf at every argument the run used
 * (and over a sweep of [-87, 88]). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_lavamd.h"

#define LMD_DEFAULT_BOXES1D 1u
#define LMD_MAX_REPORT 8u
#define NPAR RD_LAVAMD_PAR_PER_BOX

static uint32_t ulps(float a, float b)
{
    uint32_t x, y;
    memcpy(&x, &a, 4);
    memcpy(&y, &b, 4);
    if ((x ^ y) & 0x80000000u)
        return x == y ? 0 : 0xffffffffu;
    return x > y ? x - y : y - x;
}

int weft_host_rd_lavamd(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t b1 = args->size ? args->size : LMD_DEFAULT_BOXES1D;
    if (b1 < 1 || b1 > 32) {
        fprintf(stderr, "rd_lavamd: --size %u: boxes1d must be 1..32\n", b1);
        return WEFT_E_USAGE;
    }
    const int b = (int)b1, nboxes = b * b * b, npar = nboxes * NPAR;
    if (weft_check_size(dev, (uint64_t)npar, 40) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads;
    const uint32_t nt = hw < RD_LAVAMD_MAX_THREADS ? hw : RD_LAVAMD_MAX_THREADS;
    rd_lavamd_box_t *box = calloc((size_t)nboxes, sizeof *box);
    rd_lavamd_four_t *rv = malloc((size_t)npar * sizeof *rv), *fv = calloc((size_t)npar, sizeof *fv),
                     *got = malloc((size_t)npar * sizeof *got);
    float *qv = malloc((size_t)npar * 4u);
    int rc = WEFT_OK;
    uint32_t bad = 0;
    if (!box || !rv || !fv || !got || !qv) {
        fprintf(stderr, "rd_lavamd: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    int nh = 0;
    for (int i = 0; i < b; i++)
        for (int j = 0; j < b; j++)
            for (int k = 0; k < b; k++) {
                rd_lavamd_box_t *h = &box[nh];
                h->x = k;
                h->y = j;
                h->z = i;
                h->number = nh;
                h->offset = nh * NPAR;
                h->nn = 0;
                for (int l = -1; l < 2; l++)
                    for (int m = -1; m < 2; m++)
                        for (int n = -1; n < 2; n++) {
                            if (i + l >= 0 && j + m >= 0 && k + n >= 0 && i + l < b && j + m < b && k + n < b &&
                                !(l == 0 && m == 0 && n == 0)) {
                                rd_lavamd_nei_t *e = &h->nei[h->nn];
                                e->x = k + n;
                                e->y = j + m;
                                e->z = i + l;
                                e->number = e->z * b * b + e->y * b + e->x;
                                e->offset = e->number * NPAR;
                                h->nn++;
                            }
                        }
                nh++;
            }
    uint32_t seed = args->seed;
    for (int i = 0; i < npar; i++) {
        rv[i].v = (float)(weft_rand(&seed) % 10u + 1u) / 10.0f;
        rv[i].x = (float)(weft_rand(&seed) % 10u + 1u) / 10.0f;
        rv[i].y = (float)(weft_rand(&seed) % 10u + 1u) / 10.0f;
        rv[i].z = (float)(weft_rand(&seed) % 10u + 1u) / 10.0f;
    }
    for (int i = 0; i < npar; i++)
        qv[i] = (float)(weft_rand(&seed) % 10u + 1u) / 10.0f;

    rd_lavamd_args_t arg = {0.5f, nboxes, weft_malloc(dev, (uint32_t)(nboxes * sizeof *box)),
                            weft_malloc(dev, (uint32_t)(npar * sizeof *rv)), weft_malloc(dev, (uint32_t)npar * 4u),
                            weft_malloc(dev, (uint32_t)(npar * sizeof *fv))};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.box || !arg.rv || !arg.qv || !arg.fv || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.box, box, (size_t)nboxes * sizeof *box)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.rv, rv, (size_t)npar * sizeof *rv)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.qv, qv, (size_t)npar * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.fv, fv, (size_t)npar * sizeof *fv)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t grid = {(uint32_t)nboxes, 1, 1}, blk = {nt, 1, 1};
    if (args->verbose)
        printf("rd_lavamd: boxes1d %d, %d boxes, %d particles, %u threads per block\n", b, nboxes, npar, nt);
    if ((rc = weft_launch(dev, "rd_lavamd", grid, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, got, arg.fv, (size_t)npar * sizeof *got)) != WEFT_OK)
        goto done;

    const float a2 = 2.0f * arg.alpha * arg.alpha;
    uint32_t worst = 0;
    for (int bx = 0; bx < nboxes; bx++) {
        const int first_i = box[bx].offset;
        for (int k = 0; k < 1 + box[bx].nn; k++) {
            const int first_j = box[k == 0 ? bx : box[bx].nei[k - 1].number].offset;
            for (int w = 0; w < NPAR; w++) {
                const rd_lavamd_four_t a = rv[first_i + w];
                rd_lavamd_four_t *f = &fv[first_i + w];
                for (int j = 0; j < NPAR; j++) {
                    const rd_lavamd_four_t c = rv[first_j + j];
                    const float q = qv[first_j + j];
                    const float dot = fmaf(a.z, c.z, fmaf(a.x, c.x, a.y * c.y));
                    const float r2 = a.v + c.v - dot;
                    const float u2 = a2 * r2;
                    const float vij = rd_lavamd_expf(-u2);
                    const uint32_t u = ulps(vij, expf(-u2));
                    worst = u > worst ? u : worst;
                    const float fs = 2.0f * vij;
                    f->v = fmaf(q, vij, f->v);
                    f->x = fmaf(q, fs * (a.x - c.x), f->x);
                    f->y = fmaf(q, fs * (a.y - c.y), f->y);
                    f->z = fmaf(q, fs * (a.z - c.z), f->z);
                }
            }
        }
    }
    for (float x = -87.0f; x <= 88.0f; x += 0.0137f) {  /* the exp routine over its range */
        const uint32_t u = ulps(rd_lavamd_expf(x), expf(x));
        worst = u > worst ? u : worst;
    }
    if (worst > 2) {
        printf("rd_lavamd: the kernel's exp is %u ulp from expf (limit 2)\n", worst);
        bad++;
    }
    for (int i = 0; i < npar; i++)
        if (memcmp(&got[i], &fv[i], sizeof got[i]) != 0) {
            if (bad < LMD_MAX_REPORT)
                printf("rd_lavamd: fv[%d] = (%.9g %.9g %.9g %.9g), expected (%.9g %.9g %.9g %.9g)\n", i, got[i].v,
                       got[i].x, got[i].y, got[i].z, fv[i].v, fv[i].x, fv[i].y, fv[i].z);
            bad++;
        }
    if (bad) {
        printf("rd_lavamd: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_lavamd: every force bit for bit; exp within %u ulp of expf\n", worst);
    }
done:
    free(box);
    free(rv);
    free(fv);
    free(got);
    free(qv);
    return rc;
}
