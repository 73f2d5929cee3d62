/* transpose host program: rows x cols uint32 matrix, cols = size (default 37),
 * rows = cols*3/4 + 1 (default 28 x 37 = 1036 elements, neither a multiple
 * of the tile). Tiles of D x D threads, D = floor(sqrt(W*T)) capped at 16;
 * grid ceil(cols/D) x ceil(rows/D). Every output element is checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "transpose.h"

#define TRANSPOSE_DEFAULT_COLS 37u
#define TRANSPOSE_MAX_TILE 16u
#define TRANSPOSE_MAX_REPORT 8u
#define TRANSPOSE_POISON 0xa5 /* fills outputs before the launch */

int transpose_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel);

int weft_host_transpose(weft_dev_t *dev, const weft_host_args_t *args)
{
    return transpose_host_run(dev, args, "transpose");
}

/* Shared with transpose_c (the plain-C form, issue 16): kernel is the name launched. */
int transpose_host_run(weft_dev_t *dev, const weft_host_args_t *args, const char *kernel)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t cols = args->size ? args->size : TRANSPOSE_DEFAULT_COLS;
    /* input, output and the tile scratch (at least rows x cols each) of
     * 4-byte words; in 64 bits (cols * 3 wraps in 32 bits) */
    if (weft_check_size(dev, (uint64_t)cols * ((uint64_t)cols * 3u / 4u + 1u), 12) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const uint32_t rows = cols * 3u / 4u + 1u;
    const uint32_t hw = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    uint32_t *in = NULL, *got = NULL;
    int rc = WEFT_OK;

    uint32_t D = 1;
    while ((D + 1) * (D + 1) <= hw && D < TRANSPOSE_MAX_TILE)
        D++;
    const uint32_t gx = (cols + D - 1) / D, gy = (rows + D - 1) / D;
    const size_t elems = (size_t)rows * cols;

    in = malloc(elems * 4u);
    got = malloc(elems * 4u);
    if (!in || !got) {
        fprintf(stderr, "transpose: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (size_t i = 0; i < elems; i++)
        in[i] = weft_rand(&seed);
    memset(got, TRANSPOSE_POISON, elems * 4u);

    transpose_args_t arg;
    arg.rows = rows;
    arg.cols = cols;
    arg.in = weft_malloc(dev, (uint32_t)(elems * 4u));
    arg.out = weft_malloc(dev, (uint32_t)(elems * 4u));
    arg.tiles = weft_malloc(dev, gx * gy * D * D * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !arg.tiles || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, elems * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.out, got, elems * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;

    if (args->verbose)
        printf("transpose: %ux%u grid=%ux%u block=%ux%u\n", rows, cols, gx, gy, D, D);
    const weft_dim3_t g = {gx, gy, 1}, blk = {D, D, 1};
    if ((rc = weft_launch(dev, kernel, g, blk, argaddr)) != WEFT_OK)
        goto out;
    if ((rc = weft_copy_from_dev(dev, got, arg.out, elems * 4u)) != WEFT_OK)
        goto out;

    uint32_t bad = 0;
    for (uint32_t c = 0; c < cols; c++) {
        for (uint32_t r = 0; r < rows; r++) {
            const uint32_t want = in[(size_t)r * cols + c];
            const uint32_t have = got[(size_t)c * rows + r];
            if (have != want) {
                if (bad < TRANSPOSE_MAX_REPORT)
                    printf("transpose: out[%u][%u] = 0x%08x, expected 0x%08x\n", c, r, have,
                           want);
                bad++;
            }
        }
    }
    if (bad) {
        printf("transpose: %u of %zu elements wrong\n", bad, elems);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("transpose: all %zu elements match\n", elems);
    }

out:
    free(in);
    free(got);
    return rc;
}
