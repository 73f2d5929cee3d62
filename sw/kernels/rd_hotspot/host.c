/* rd_hotspot host program: Rodinia hotspot on an S x S grid (--size S,
 * default 32; seed 000 Table 6.2 runs `512 2 2`: 512 x 512, pyramid height 2,
 * 2 time steps), 2 time steps with pyramid height 2.
 *
 * Block: B x B threads, B = floor(sqrt(W*T)) capped at 16 (Rodinia's
 * BLOCK_SIZE; Vortex's port passes -DBLOCK_SIZE=4 for its 16-thread default).
 * The pyramid height is min(2, (B-1)/2) so that the small block B - 2*height
 * is at least 1 cell (1 on base, where B = 4, as in Vortex's port); configurations with
 * W*T < 9 cannot run it (usage error). One launch per pyramid of steps,
 * ping-ponging temperature buffers, as Rodinia's compute_tran_temp.
 *
 * Inputs: Rodinia reads temp_512/power_512 files; like Vortex's port they
 * are generated here: temp = 300 + (r % 250) * 0.1, power = (r % 1000) * 0.001
 * (weft_rand, --seed). The chip constants are Rodinia's (hotspot.h). The
 * check runs the same update on the host, full-grid steps with clamped
 * neighbours, in the kernel's float operation order, and requires every
 * cell to match bit for bit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_hotspot.h"

#define HS_DEFAULT_SIZE 32u
#define HS_STEPS 2
#define HS_PYRAMID 2
#define HS_MAX_REPORT 8u
#define HS_POISON 0xa5
#define EXPAND_RATE 2
#define MAX_PD 3.0e6f
#define PRECISION 0.001f
#define SPEC_HEAT_SI 1.75e6f
#define K_SI 100.0f
#define FACTOR_CHIP 0.5f

static void hs_ref(float *out, const float *temp_in, const float *power, int row, int col, int iters,
                   float cap, float rx, float ry, float rz, float step)
{
    const float sdc = step / cap, rx_1 = 1.0f / rx, ry_1 = 1.0f / ry, rz_1 = 1.0f / rz;
    float *src = malloc((size_t)row * col * sizeof(float)), *dst = malloc((size_t)row * col * sizeof(float));
    if (!src || !dst) {
        free(src);
        free(dst);
        memset(out, 0, (size_t)row * col * sizeof(float));
        return;
    }
    memcpy(src, temp_in, (size_t)row * col * sizeof(float));
    for (int it = 0; it < iters; it++) {
        for (int r = 0; r < row; r++)
            for (int c = 0; c < col; c++) {
                const int n = r > 0 ? r - 1 : 0, s = r < row - 1 ? r + 1 : row - 1;
                const int w = c > 0 ? c - 1 : 0, e = c < col - 1 ? c + 1 : col - 1;
                const float t = src[r * col + c];
                dst[r * col + c] = t + sdc * (power[r * col + c] +
                    (src[s * col + c] + src[n * col + c] - 2.0f * t) * ry_1 +
                    (src[r * col + e] + src[r * col + w] - 2.0f * t) * rx_1 +
                    (80.0f - t) * rz_1);
            }
        float *x = src;
        src = dst;
        dst = x;
    }
    memcpy(out, src, (size_t)row * col * sizeof(float));
    free(src);
    free(dst);
}

int weft_host_rd_hotspot(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t size = args->size ? args->size : HS_DEFAULT_SIZE;
    if (size < 2 || size > 4096) {
        fprintf(stderr, "rd_hotspot: --size %u: the grid edge must be 2..4096\n", size);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, (uint64_t)size * size, 12) != WEFT_OK)
        return weft_status(dev);
    int bs = 1;
    while ((uint32_t)((bs + 1) * (bs + 1)) <= cfg->warps * cfg->threads && bs < RD_HOTSPOT_MAX_B)
        bs++;
    int pyramid = (bs - 1) / 2 < HS_PYRAMID ? (bs - 1) / 2 : HS_PYRAMID;
    if (pyramid < 1) {
        fprintf(stderr, "rd_hotspot: needs blocks of at least 3 x 3 threads (W*T >= 9), have %u\n",
                cfg->warps * cfg->threads);
        return WEFT_E_USAGE;
    }
    const int rows = (int)size, cols = (int)size, cells = rows * cols;
    const size_t bytes = (size_t)cells * sizeof(float);
    float *temp = malloc(bytes), *power = malloc(bytes), *got = malloc(bytes), *ref = malloc(bytes);
    int rc = WEFT_OK;
    if (!temp || !power || !got || !ref) {
        fprintf(stderr, "rd_hotspot: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int i = 0; i < cells; i++) {
        temp[i] = 300.0f + (float)(weft_rand(&seed) % 250u) * 0.1f;
        power[i] = (float)(weft_rand(&seed) % 1000u) * 0.001f;
    }
    const float t_chip = 0.0005f, chip_height = 0.016f, chip_width = 0.016f;
    const float grid_height = chip_height / rows, grid_width = chip_width / cols;
    const float cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
    const float rx = grid_width / (2.0f * K_SI * t_chip * grid_height);
    const float ry = grid_height / (2.0f * K_SI * t_chip * grid_width);
    const float rz = t_chip / (K_SI * grid_height * grid_width);
    const float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    const float step = PRECISION / max_slope;

    const int border = pyramid * EXPAND_RATE / 2;
    const int small = bs - pyramid * EXPAND_RATE;
    const uint32_t bcols = (uint32_t)((cols + small - 1) / small), brows = (uint32_t)((rows + small - 1) / small);
    const uint32_t d_power = weft_malloc(dev, (uint32_t)bytes);
    uint32_t d_temp[2] = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes)};
    const uint32_t argaddr = weft_malloc(dev, sizeof(rd_hotspot_args_t));
    if (!d_power || !d_temp[0] || !d_temp[1] || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(got, HS_POISON, bytes);
    if ((rc = weft_copy_to_dev(dev, d_power, power, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, d_temp[0], temp, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, d_temp[1], got, bytes)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("rd_hotspot: %dx%d, %d steps, pyramid %d, block %dx%d, grid %ux%u\n", rows, cols, HS_STEPS,
               pyramid, bs, bs, bcols, brows);
    int src = 0;
    for (int t = 0; t < HS_STEPS; t += pyramid) {
        rd_hotspot_args_t arg;
        arg.iteration = (uint32_t)(pyramid < HS_STEPS - t ? pyramid : HS_STEPS - t);
        arg.power = d_power;
        arg.temp_src = d_temp[src];
        arg.temp_dst = d_temp[1 - src];
        arg.grid_cols = cols;
        arg.grid_rows = rows;
        arg.border_cols = border;
        arg.border_rows = border;
        arg.cap = cap;
        arg.rx = rx;
        arg.ry = ry;
        arg.rz = rz;
        arg.step = step;
        const weft_dim3_t g = {bcols, brows, 1}, b = {(uint32_t)bs, (uint32_t)bs, 1};
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_hotspot", g, b, argaddr)) != WEFT_OK)
            goto done;
        src = 1 - src;
    }
    if ((rc = weft_copy_from_dev(dev, got, d_temp[src], bytes)) != WEFT_OK)
        goto done;
    hs_ref(ref, temp, power, rows, cols, HS_STEPS, cap, rx, ry, rz, step);
    uint32_t bad = 0;
    for (int i = 0; i < cells; i++) {
        if (memcmp(&got[i], &ref[i], sizeof(float)) != 0) {
            if (bad < HS_MAX_REPORT)
                printf("rd_hotspot: temp[%d][%d] = %.9g, expected %.9g\n", i / cols, i % cols, got[i], ref[i]);
            bad++;
        }
    }
    if (bad) {
        printf("rd_hotspot: %u of %d cells wrong\n", bad, cells);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_hotspot: all %d cells match bit for bit\n", cells);
    }
done:
    free(temp);
    free(power);
    free(got);
    free(ref);
    return rc;
}
