/* imbal host program: a grid of 16 blocks (--size N: N blocks) of W*T
 * threads (at most 256); every fourth block is long (256 iterations), the
 * others short (16), like a tiled problem whose every fourth tile is dense.
 * Static distribution gives all long blocks to core 0 on 2 and 4 cores;
 * dynamic distribution spreads them. Every output word is checked against
 * the same hash computed here. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "imbal.h"

#define IMBAL_LONG 256u
#define IMBAL_SHORT 16u

int weft_host_imbal(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t blocks = args->size ? args->size : 16u;
    uint32_t bt = cfg->warps * cfg->threads;
    if (bt > 256u) bt = 256u;
    /* per block: its length word and bt output words */
    if (weft_check_size(dev, blocks, 4u + 4u * (uint64_t)bt) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const size_t obytes = (size_t)blocks * bt * 4u;
    uint32_t *lens = malloc((size_t)blocks * 4u), *out = malloc(obytes);
    int rc = WEFT_OK;
    imbal_args_t arg;

    if (!lens || !out) {
        fprintf(stderr, "imbal: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    uint64_t work = 0;
    for (uint32_t b = 0; b < blocks; b++) {
        lens[b] = b % 4u == 0 ? IMBAL_LONG : IMBAL_SHORT;
        work += lens[b];
    }
    arg.blocks = blocks;
    arg.lens = weft_malloc(dev, blocks * 4u);
    arg.out = weft_malloc(dev, (uint32_t)obytes);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.lens || !arg.out || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.lens, lens, (size_t)blocks * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose)
        printf("imbal: %u blocks of %u threads, %llu block-iterations\n", blocks, bt, (unsigned long long)work);
    const weft_dim3_t g = {blocks, 1, 1}, blk = {bt, 1, 1};
    if ((rc = weft_launch(dev, "imbal", g, blk, argaddr)) != WEFT_OK) goto out;
    if ((rc = weft_copy_from_dev(dev, out, arg.out, obytes)) != WEFT_OK) goto out;
    uint32_t bad = 0;
    for (uint32_t b = 0; b < blocks; b++)
        for (uint32_t t = 0; t < bt; t++) {
            uint32_t h = b * bt + t;
            for (uint32_t k = 0; k < lens[b]; k++) h = (h ^ (h >> 13)) * 0x9e3779b1u + k;
            if (out[b * bt + t] != h) {
                if (bad < 8) printf("imbal: out[%u][%u] = 0x%08x, expected 0x%08x\n", b, t, out[b * bt + t], h);
                bad++;
            }
        }
    if (bad) {
        printf("imbal: %u of %u words wrong\n", bad, blocks * bt);
        rc = WEFT_E_CHECK;
    }
out:
    free(lens);
    free(out);
    return rc;
}
