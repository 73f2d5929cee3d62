/* sfilter host program: 3x3 float filter of a width x height image, width =
 * size (default 33), height = width*3/4 + 3 (33 x 27), pixels uniform in
 * [0, 1), weights a normalised random positive kernel plus a negative
 * centre tap (a sharpening filter), clamp-to-edge borders. 2-D blocks of
 * T x W threads (capped at 256).
 *
 * Tolerance: none against a reference with the device's operation order
 * (fmaf chain from 0, dy outer, dx inner, round to nearest even): every
 * pixel must match bit for bit. Sanity check against double precision:
 * |out - exact| <= 1e-6 * sum |w| |in|. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "sfilter.h"

#define SFILTER_DEFAULT_WIDTH 33u
#define SFILTER_MAX_BLOCK 256u
#define SFILTER_MAX_REPORT 8u

static uint32_t u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float frand(uint32_t *s) { return (float)(weft_rand(s) >> 8) * 0x1p-24f; }
static int32_t clampi(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }

int weft_host_sfilter(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t width = args->size ? args->size : SFILTER_DEFAULT_WIDTH;
    /* two device images (input, output) of 4-byte pixels; in 64 bits */
    if (weft_check_size(dev, (uint64_t)width * ((uint64_t)width * 3u / 4u + 3u), 8) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const uint32_t height = width * 3u / 4u + 3u;
    const size_t pixels = (size_t)width * height;
    uint32_t seed = args->seed;
    float *img = NULL, *got = NULL, weight[9];
    int rc = WEFT_OK;

    uint32_t bx = cfg->threads, by = cfg->warps;
    while (bx * by > SFILTER_MAX_BLOCK) {
        if (by > 1)
            by /= 2;
        else
            bx /= 2;
    }
    const uint32_t gx = (width + bx - 1) / bx, gy = (height + by - 1) / by;
    img = malloc(pixels * sizeof *img);
    got = malloc(pixels * sizeof *got);
    if (!img || !got) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (size_t i = 0; i < pixels; i++)
        img[i] = frand(&seed);
    float sum = 0;
    for (int i = 0; i < 9; i++)
        sum += weight[i] = 0.1f + frand(&seed);
    for (int i = 0; i < 9; i++)
        weight[i] /= sum;
    weight[4] -= 0.5f; /* sharpen: negative centre tap */
    memset(got, 0xa5, pixels * sizeof *got);

    sfilter_args_t arg;
    arg.width = width;
    arg.height = height;
    arg.in = weft_malloc(dev, (uint32_t)(pixels * 4));
    arg.out = weft_malloc(dev, (uint32_t)(pixels * 4));
    for (int i = 0; i < 9; i++)
        arg.weight[i] = u_of(weight[i]);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, img, pixels * 4)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.out, got, pixels * 4)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("sfilter: %ux%u grid %ux%u block %ux%u\n", width, height, gx, gy, bx, by);
    const weft_dim3_t g = {gx, gy, 1}, blk = {bx, by, 1};
    if ((rc = weft_launch(dev, "sfilter", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, got, arg.out, pixels * 4)) != WEFT_OK)
        goto done;

    uint32_t bad = 0;
    double worst = 0;
    for (int32_t y = 0; y < (int32_t)height; y++)
        for (int32_t x = 0; x < (int32_t)width; x++) {
            float acc = 0.0f;
            double exact = 0, mag = 0;
            for (int32_t dy = 0; dy < 3; dy++)
                for (int32_t dx = 0; dx < 3; dx++) {
                    const float v = img[clampi(y + dy - 1, 0, (int32_t)height - 1) * (int32_t)width +
                                        clampi(x + dx - 1, 0, (int32_t)width - 1)];
                    acc = fmaf(weight[dy * 3 + dx], v, acc);
                    exact += (double)weight[dy * 3 + dx] * v;
                    mag += fabs((double)weight[dy * 3 + dx] * v);
                }
            const float o = got[y * (int32_t)width + x];
            const double err = fabs((double)o - exact) / (mag + 1e-30);
            if (err > worst)
                worst = err;
            if ((u_of(o) != u_of(acc) || err > 1e-6) && bad++ < SFILTER_MAX_REPORT)
                printf("sfilter: out[%d][%d] = %08x (%.9g), expected %08x (%.9g)\n", y, x, u_of(o), (double)o,
                       u_of(acc), (double)acc);
        }
    if (bad) {
        printf("sfilter: %u of %zu pixels wrong\n", bad, pixels);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("sfilter: all %zu pixels bit-exact; max relative error against double %.3g\n", pixels, worst);
    }
done:
    free(img);
    free(got);
    return rc;
}
