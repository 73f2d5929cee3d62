/* rd_hotspot3d host program: Rodinia hotspot3D on an S x S x 8 grid (--size
 * S, default 32), 4 time steps (seed 000 Table 6.2: default `512 8 100`,
 * adjusted `512 8 4`: 512 x 512, 8 layers, 4 or 100 steps).
 *
 * Coefficients as Rodinia's 3D.c (chip 0.016 x 0.016 x 0.0005 m; the same
 * mixed float/double arithmetic), inputs generated as rd_hotspot's (temp
 * 300 + (r % 250) * 0.1, power (r % 1000) * 0.001; Rodinia reads files).
 * 2-D blocks of bx x by threads, bx = min(W*T, 64), by = min(4, W*T / bx)
 * (Rodinia's 64 x 4 work-group where the core is large enough); one launch
 * per step, ping-ponging the temperature buffers. The check runs the same
 * steps on the host in the kernel's float operation order and compares every
 * cell bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_hotspot3d.h"

#define H3_DEFAULT_SIZE 32u
#define H3_LAYERS 8
#define H3_STEPS 4
#define H3_MAX_REPORT 8u
#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static void h3_step(const rd_hotspot3d_args_t *a, const float *p, const float *t_in, float *t_out)
{
    const int nx = a->nx, ny = a->ny, nz = a->nz;
    for (int z = 0; z < nz; z++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                const int c = i + j * nx + z * nx * ny;
                const int w = i == 0 ? c : c - 1, e = i == nx - 1 ? c : c + 1;
                const int n = j == 0 ? c : c - nx, s = j == ny - 1 ? c : c + nx;
                const int b = z == 0 ? c : c - nx * ny, t = z == nz - 1 ? c : c + nx * ny;
                t_out[c] = a->cc * t_in[c] + a->cw * t_in[w] + a->ce * t_in[e] + a->cs * t_in[s] +
                           a->cn * t_in[n] + a->cb * t_in[b] + a->ct * t_in[t] + a->sdc * p[c] + a->ct * 80.0f;
            }
}

int weft_host_rd_hotspot3d(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t size = args->size ? args->size : H3_DEFAULT_SIZE;
    if (size < 1 || size > 2048) {
        fprintf(stderr, "rd_hotspot3d: --size %u: the grid edge must be 1..2048\n", size);
        return WEFT_E_USAGE;
    }
    const size_t cells = (size_t)size * size * H3_LAYERS, bytes = cells * 4u;
    if (weft_check_size(dev, cells, 12) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads;
    const uint32_t bx = hw < 64 ? hw : 64, by0 = hw / bx, by = by0 < 4 ? by0 : 4;
    float *p = malloc(bytes), *temp = malloc(bytes), *ref = malloc(bytes), *ref2 = malloc(bytes), *got = malloc(bytes);
    int rc = WEFT_OK;
    if (!p || !temp || !ref || !ref2 || !got) {
        fprintf(stderr, "rd_hotspot3d: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (size_t i = 0; i < cells; i++) {
        temp[i] = 300.0f + (float)(weft_rand(&seed) % 250u) * 0.1f;
        p[i] = (float)(weft_rand(&seed) % 1000u) * 0.001f;
    }
    rd_hotspot3d_args_t arg;
    arg.nx = (int32_t)size;
    arg.ny = (int32_t)size;
    arg.nz = H3_LAYERS;
    {   /* Rodinia 3D.c: float variables, double constants */
        const float t_chip = 0.0005f, chip_height = 0.016f, chip_width = 0.016f;
        const float dx = chip_height / (float)size, dy = chip_width / (float)size, dz = t_chip / H3_LAYERS;
        const float cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * dx * dy;
        const float rx = dy / (2.0 * K_SI * t_chip * dx);
        const float ry = dx / (2.0 * K_SI * t_chip * dy);
        const float rz = dz / (K_SI * dx * dy);
        const float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
        const float dt = PRECISION / max_slope;
        const float step_div_cap = dt / cap;
        arg.ce = arg.cw = step_div_cap / rx;
        arg.cn = arg.cs = step_div_cap / ry;
        arg.ct = arg.cb = step_div_cap / rz;
        arg.cc = 1.0 - (2.0 * arg.ce + 2.0 * arg.cn + 3.0 * arg.ct);
        arg.sdc = step_div_cap;
    }
    arg.p = weft_malloc(dev, (uint32_t)bytes);
    uint32_t d_t[2] = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes)};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.p || !d_t[0] || !d_t[1] || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(got, 0xa5, bytes);
    if ((rc = weft_copy_to_dev(dev, arg.p, p, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, d_t[0], temp, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, d_t[1], got, bytes)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(size + bx - 1) / bx, (size + by - 1) / by, 1}, b = {bx, by, 1};
    if (args->verbose)
        printf("rd_hotspot3d: %ux%ux%d, %d steps, block %ux%u, grid %ux%u\n", size, size, H3_LAYERS, H3_STEPS, bx,
               by, g.x, g.y);
    for (int s = 0; s < H3_STEPS; s++) {
        arg.t_in = d_t[s & 1];
        arg.t_out = d_t[(s + 1) & 1];
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_hotspot3d", g, b, argaddr)) != WEFT_OK)
            goto done;
    }
    if ((rc = weft_copy_from_dev(dev, got, d_t[H3_STEPS & 1], bytes)) != WEFT_OK)
        goto done;
    memcpy(ref, temp, bytes);
    for (int s = 0; s < H3_STEPS; s++) {
        h3_step(&arg, p, ref, ref2);
        float *x = ref;
        ref = ref2;
        ref2 = x;
    }
    uint32_t bad = 0;
    for (size_t i = 0; i < cells; i++) {
        if (memcmp(&got[i], &ref[i], 4) != 0) {
            if (bad < H3_MAX_REPORT)
                printf("rd_hotspot3d: temp[%zu][%zu][%zu] = %.9g, expected %.9g\n", i / ((size_t)size * size),
                       i / size % size, i % size, got[i], ref[i]);
            bad++;
        }
    }
    if (bad) {
        printf("rd_hotspot3d: %u of %zu cells wrong\n", bad, cells);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_hotspot3d: all %zu cells match bit for bit\n", cells);
    }
done:
    free(p);
    free(temp);
    free(ref);
    free(ref2);
    free(got);
    return rc;
}
