/* rd_nw host program: Rodinia Needleman-Wunsch on a (D+1) x (D+1) score
 * matrix, D = --size (default 64; seed 000 Table 6.2: `2048x2048 Matrix 10
 * Penalty`), penalty 10, B x B blocks with B = min(16, W*T) (Rodinia's
 * BLOCK_SIZE 16 wherever the core has 16 threads); D must be a multiple of B.
 *
 * Launches as Rodinia's host: nw_kernel1 for anti-diagonals blk = 1 .. D/B
 * (blk blocks of B threads each), then nw_kernel2 for blk = D/B-1 .. 1.
 * Inputs as Rodinia's nw: the two sequences are symbols rand() % 10 + 1
 * (weft_rand, --seed), reference[i][j] = BLOSUM62[seq1[i]][seq2[j]], the
 * first row and column are -k * penalty. The check fills the whole matrix
 * serially on the host with the same recurrence and compares every cell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_nw.h"

#define NW_DEFAULT_DIM 64u
#define NW_PENALTY 10
#define NW_MAX_REPORT 8u

/* BLOSUM62, rows and columns A R N D C Q E G H I L: the symbols 0..10 (the
 * generated symbols are 1..10, as in Rodinia). */
static const int8_t blosum62[11][11] = {
    {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1},
    {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2},
    {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3},
    {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4},
    {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1},
    {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2},
    {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3},
    {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4},
    {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3},
    {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2},
    {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4},
};

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    const int32_t k = a <= b ? b : a;
    return k <= c ? c : k;
}

int weft_host_rd_nw(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t dim = args->size ? args->size : NW_DEFAULT_DIM;
    uint32_t bs = cfg->warps * cfg->threads;
    if (bs > RD_NW_MAX_B)
        bs = RD_NW_MAX_B;
    if (dim < bs || dim % bs != 0 || dim > 8192) {
        fprintf(stderr, "rd_nw: --size %u: the dimension must be a multiple of the block size %u, at most 8192\n",
                dim, bs);
        return WEFT_E_USAGE;
    }
    const int32_t cols = (int32_t)dim + 1;
    const size_t cells = (size_t)cols * (size_t)cols, bytes = cells * 4u;
    if (weft_check_size(dev, cells, 8) != WEFT_OK)
        return weft_status(dev);
    int32_t *ref = calloc(cells, 4), *items = calloc(cells, 4), *want = malloc(bytes), *got = malloc(bytes);
    int rc = WEFT_OK;
    if (!ref || !items || !want || !got) {
        fprintf(stderr, "rd_nw: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int32_t i = 1; i < cols; i++)
        items[i * cols] = (int32_t)(weft_rand(&seed) % 10u) + 1;
    for (int32_t j = 1; j < cols; j++)
        items[j] = (int32_t)(weft_rand(&seed) % 10u) + 1;
    for (int32_t i = 1; i < cols; i++)
        for (int32_t j = 1; j < cols; j++)
            ref[i * cols + j] = blosum62[items[i * cols]][items[j]];
    for (int32_t i = 1; i < cols; i++)
        items[i * cols] = -i * NW_PENALTY;
    for (int32_t j = 1; j < cols; j++)
        items[j] = -j * NW_PENALTY;
    memcpy(want, items, bytes);
    for (int32_t i = 1; i < cols; i++)
        for (int32_t j = 1; j < cols; j++)
            want[i * cols + j] = max3(want[(i - 1) * cols + j - 1] + ref[i * cols + j],
                                      want[i * cols + j - 1] - NW_PENALTY, want[(i - 1) * cols + j] - NW_PENALTY);
    for (int32_t i = 1; i < cols; i++)  /* poison the cells the kernels fill */
        for (int32_t j = 1; j < cols; j++)
            items[i * cols + j] = (int32_t)0xa5a5a5a5u;

    rd_nw_args_t arg;
    arg.reference = weft_malloc(dev, (uint32_t)bytes);
    arg.itemsets = weft_malloc(dev, (uint32_t)bytes);
    arg.cols = cols;
    arg.penalty = NW_PENALTY;
    arg.block_width = (int32_t)(dim / bs);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.reference || !arg.itemsets || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.reference, ref, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.itemsets, items, bytes)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("rd_nw: dimension %u, penalty %d, block %u, %d + %d launches\n", dim, NW_PENALTY, bs,
               arg.block_width, arg.block_width - 1);
    for (int32_t pass = 0; pass < 2; pass++) {
        for (int32_t k = 1; k < (pass ? arg.block_width : arg.block_width + 1); k++) {
            arg.blk = pass ? arg.block_width - k : k;
            const weft_dim3_t g = {(uint32_t)arg.blk, 1, 1}, b = {bs, 1, 1};
            if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
                (rc = weft_launch(dev, pass ? "rd_nw_kernel2" : "rd_nw_kernel1", g, b, argaddr)) != WEFT_OK)
                goto done;
        }
    }
    if ((rc = weft_copy_from_dev(dev, got, arg.itemsets, bytes)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (size_t i = 0; i < cells; i++) {
        if (got[i] != want[i]) {
            if (bad < NW_MAX_REPORT)
                printf("rd_nw: score[%zu][%zu] = %d, expected %d\n", i / (size_t)cols, i % (size_t)cols, got[i],
                       want[i]);
            bad++;
        }
    }
    if (bad) {
        printf("rd_nw: %u of %zu cells wrong\n", bad, cells);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_nw: all %zu cells match\n", cells);
    }
done:
    free(ref);
    free(items);
    free(want);
    free(got);
    return rc;
}
