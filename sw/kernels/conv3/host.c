/* conv3 host program: 3x3 integer convolution of a width x height image,
 * width = size (default 33), height = width*3/4 + 3 (default 33 x 27 = 891
 * pixels). Pixels 0..255, weights -8..8 (random). Blocks of T x W threads
 * (capped at 256 threads), a 2-D grid covering the image. Two launches: zero
 * border and clamp-to-edge border; every output pixel of both is checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "conv3.h"

#define CONV3_DEFAULT_WIDTH 33u
#define CONV3_MAX_BLOCK 256u
#define CONV3_MAX_REPORT 8u
#define CONV3_POISON 0xa5 /* fills outputs before the launch */

static int32_t conv3_pixel(const int32_t *img, int32_t w, int32_t h, int32_t y, int32_t x,
                           uint32_t border)
{
    if (y < 0 || y >= h || x < 0 || x >= w) {
        if (border == CONV3_BORDER_ZERO)
            return 0;
        y = y < 0 ? 0 : (y >= h ? h - 1 : y);
        x = x < 0 ? 0 : (x >= w ? w - 1 : x);
    }
    return img[y * w + x];
}

int weft_host_conv3(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t width = args->size ? args->size : CONV3_DEFAULT_WIDTH;
    /* three device images (input, two outputs) of 4-byte pixels; in 64 bits
     * (width * 3 wraps in 32 bits for a width above 2^32 / 3) */
    if (weft_check_size(dev, (uint64_t)width * ((uint64_t)width * 3u / 4u + 3u), 12) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const uint32_t height = width * 3u / 4u + 3u;
    const size_t pixels = (size_t)width * height;
    uint32_t seed = args->seed;
    int32_t *img = NULL, *got = NULL;
    int32_t weight[9];
    int rc = WEFT_OK;

    uint32_t bx = cfg->threads, by = cfg->warps;
    while (bx * by > CONV3_MAX_BLOCK) {
        if (by > 1)
            by /= 2;
        else
            bx /= 2;
    }
    const uint32_t gx = (width + bx - 1) / bx, gy = (height + by - 1) / by;

    img = malloc(pixels * sizeof *img);
    got = malloc(pixels * sizeof *got);
    if (!img || !got) {
        fprintf(stderr, "conv3: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (size_t i = 0; i < pixels; i++)
        img[i] = (int32_t)(weft_rand(&seed) & 255u);
    for (int k = 0; k < 9; k++)
        weight[k] = (int32_t)(weft_rand(&seed) % 17u) - 8;

    const uint32_t inbuf = weft_malloc(dev, (uint32_t)(pixels * 4u));
    /* One output buffer per border mode, so that a pixel the second launch
     * fails to write cannot pass with the first launch's value. */
    const uint32_t outbuf[2] = {weft_malloc(dev, (uint32_t)(pixels * 4u)),
                                weft_malloc(dev, (uint32_t)(pixels * 4u))};
    const uint32_t argaddr = weft_malloc(dev, sizeof(conv3_args_t));
    if (!inbuf || !outbuf[0] || !outbuf[1] || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    memset(got, CONV3_POISON, pixels * 4u);
    if ((rc = weft_copy_to_dev(dev, inbuf, img, pixels * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, outbuf[0], got, pixels * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, outbuf[1], got, pixels * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t border = CONV3_BORDER_ZERO; border <= CONV3_BORDER_CLAMP; border++) {
        conv3_args_t arg;
        arg.width = width;
        arg.height = height;
        arg.border = border;
        arg.in = inbuf;
        arg.out = outbuf[border];
        for (int k = 0; k < 9; k++)
            arg.weight[k] = (uint32_t)weight[k];
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
            goto out;
        if (args->verbose)
            printf("conv3: %ux%u border=%s grid=%ux%u block=%ux%u\n", width, height,
                   border == CONV3_BORDER_ZERO ? "zero" : "clamp", gx, gy, bx, by);
        const weft_dim3_t g = {gx, gy, 1}, blk = {bx, by, 1};
        if ((rc = weft_launch(dev, "conv3", g, blk, argaddr)) != WEFT_OK)
            goto out;
        if ((rc = weft_copy_from_dev(dev, got, outbuf[border], pixels * 4u)) != WEFT_OK)
            goto out;

        for (int32_t y = 0; y < (int32_t)height; y++) {
            for (int32_t x = 0; x < (int32_t)width; x++) {
                int32_t want = 0;
                for (int32_t dy = -1; dy <= 1; dy++)
                    for (int32_t dx = -1; dx <= 1; dx++)
                        want += weight[(dy + 1) * 3 + dx + 1] *
                                conv3_pixel(img, (int32_t)width, (int32_t)height, y + dy,
                                            x + dx, border);
                const int32_t have = got[(size_t)y * width + x];
                if (have != want) {
                    if (bad < CONV3_MAX_REPORT)
                        printf("conv3: border %u: out[%d][%d] = %d, expected %d\n", border, y,
                               x, have, want);
                    bad++;
                }
            }
        }
    }
    if (bad) {
        printf("conv3: %u wrong pixels\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("conv3: all %zu pixels match for both borders\n", pixels);
    }

out:
    free(img);
    free(got);
    return rc;
}
