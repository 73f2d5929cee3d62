/* ids host program: checks the runtime's mapping of grids and blocks onto
 * cores, warps and threads (sw/README.md) with several 1-D, 2-D and 3-D
 * launch shapes derived from W*T, including blocks whose last warp is
 * partial. For every (block, thread) of every launch it checks blockIdx,
 * threadIdx, blockDim, gridDim, the linear ids, the core (block b runs on
 * core b mod C), the hardware thread (thread t runs on wid*T + tid == t) and
 * the value read after weft_syncthreads(). --size is ignored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "ids.h"

#define IDS_MAX_REPORT 8u
#define IDS_POISON 0xa5

typedef struct {
    uint32_t g[3], b[3];
} ids_shape_t;

static int ids_run(weft_dev_t *dev, const weft_host_args_t *args, const ids_shape_t *s,
                   uint32_t *bad)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t nblocks = s->g[0] * s->g[1] * s->g[2];
    const uint32_t nthr = s->b[0] * s->b[1] * s->b[2];
    const size_t words = (size_t)nblocks * nthr * IDS_REC_WORDS;
    uint32_t *rec = malloc(words * 4u);
    int rc = WEFT_OK;

    if (!rec) {
        fprintf(stderr, "ids: out of host memory\n");
        return WEFT_E_INTERNAL;
    }
    memset(rec, IDS_POISON, words * 4u);

    ids_args_t arg;
    memcpy(arg.grid, s->g, sizeof arg.grid);
    memcpy(arg.block, s->b, sizeof arg.block);
    arg.rec = weft_malloc(dev, (uint32_t)(words * 4u));
    arg.scratch = weft_malloc(dev, nblocks * nthr * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.rec || !arg.scratch || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.rec, rec, words * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose)
        printf("ids: grid %ux%ux%u block %ux%ux%u\n", s->g[0], s->g[1], s->g[2], s->b[0],
               s->b[1], s->b[2]);
    const weft_dim3_t g = {s->g[0], s->g[1], s->g[2]}, b = {s->b[0], s->b[1], s->b[2]};
    if ((rc = weft_launch(dev, "ids", g, b, argaddr)) != WEFT_OK)
        goto out;
    if ((rc = weft_copy_from_dev(dev, rec, arg.rec, words * 4u)) != WEFT_OK)
        goto out;

    for (uint32_t bl = 0; bl < nblocks; bl++) {
        for (uint32_t t = 0; t < nthr; t++) {
            const uint32_t *r = rec + ((size_t)bl * nthr + t) * IDS_REC_WORDS;
            const uint32_t want[IDS_REC_WORDS] = {
                bl % s->g[0], bl / s->g[0] % s->g[1], bl / (s->g[0] * s->g[1]),
                t % s->b[0], t / s->b[0] % s->b[1], t / (s->b[0] * s->b[1]),
                bl % cfg->cores, t, 1u,
                0x1d5u ^ (bl * nthr + (t + 1) % nthr),
            };
            for (uint32_t k = 0; k < IDS_REC_WORDS; k++) {
                if (r[k] != want[k]) {
                    if (*bad < IDS_MAX_REPORT)
                        printf("ids: grid %ux%ux%u block %ux%ux%u: block %u thread %u word %u "
                               "= 0x%08x, expected 0x%08x\n",
                               s->g[0], s->g[1], s->g[2], s->b[0], s->b[1], s->b[2], bl, t, k,
                               r[k], want[k]);
                    (*bad)++;
                }
            }
        }
    }

out:
    free(rec);
    return rc;
}

int weft_host_ids(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    if (args->size) { /* the launch shapes come from C, W and T: a --size would be ignored (issue 19) */
        printf("ids: takes no --size (got %u)\n", args->size);
        return WEFT_E_USAGE;
    }
    const uint32_t hw = cfg->warps * cfg->threads;
    const uint32_t c = cfg->cores;
    /* A block of about hw/2 threads spread over three dimensions. */
    const uint32_t half = hw > 1 ? hw / 2 : 1;
    const uint32_t bz = half >= 4 ? 2 : 1, by = half >= 2 ? 2 : 1;
    const uint32_t bx = half / (by * bz) ? half / (by * bz) : 1;
    const ids_shape_t shapes[] = {
        {{1, 1, 1}, {1, 1, 1}},
        {{2 * c + 1, 1, 1}, {hw, 1, 1}},                  /* full blocks, 1-D */
        {{3, 2, c + 1}, {bx, by, bz}},                    /* 3-D grid and block */
        {{1, c + 2, 2}, {1, 1, hw > 1 ? hw - 1 : 1}},     /* z-only block, partial warp */
        {{c + 1, 3, 1}, {hw > 2 ? 2 : 1, hw > 2 ? (hw - 1) / 2 : 1, 1}}, /* 2-D */
    };
    uint32_t bad = 0;

    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const int rc = ids_run(dev, args, &shapes[i], &bad);
        if (rc != WEFT_OK)
            return rc;
    }
    if (bad) {
        printf("ids: %u wrong words\n", bad);
        return WEFT_E_CHECK;
    }
    if (args->verbose)
        printf("ids: all %zu launch shapes match\n", sizeof shapes / sizeof shapes[0]);
    return WEFT_OK;
}
