/* smem_bank host program: one block per core of W*T threads (at most 256;
 * with stride s the block's threads use words below bt * s, so it is cut to
 * 1024 / s threads when needed), 64 rounds, stride =
 * --size (default 1). Checks every thread's sum. Compare the
 * "shared memory" line of the summary across strides. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "smem_bank.h"

#define SMEM_BANK_ROUNDS 64u

int weft_host_smem_bank(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t stride = args->size ? args->size : 1u;
    uint32_t bt = cfg->warps * cfg->threads;
    if (bt > 256u) bt = 256u;
    if (stride > SMEM_BANK_WORDS) {
        printf("smem_bank: stride %u exceeds the %u words of shared memory\n", stride, SMEM_BANK_WORDS);
        return WEFT_E_USAGE;
    }
    if (bt * stride > SMEM_BANK_WORDS) bt = SMEM_BANK_WORDS / stride;
    const uint32_t blocks = cfg->cores, n = blocks * bt;
    uint32_t *out = malloc((size_t)n * 4u);
    int rc = WEFT_OK;
    if (!out) return WEFT_E_INTERNAL;
    smem_bank_args_t arg = {stride, SMEM_BANK_ROUNDS, weft_malloc(dev, n * 4u)};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.out || !argaddr) { rc = weft_status(dev); goto out; }
    if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK) goto out;
    if (args->verbose) printf("smem_bank: stride %u, %u blocks of %u threads, %u rounds\n", stride, blocks, bt,
                              SMEM_BANK_ROUNDS);
    const weft_dim3_t g = {blocks, 1, 1}, blk = {bt, 1, 1};
    if ((rc = weft_launch(dev, "smem_bank", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.out, (size_t)n * 4u)) != WEFT_OK)
        goto out;
    uint32_t bad = 0;
    for (uint32_t b = 0; b < blocks; b++)
        for (uint32_t h = 0; h < bt; h++) {
            uint32_t want = 0;
            for (uint32_t r = 0; r < SMEM_BANK_ROUNDS; r++) want += h * 3u + r;
            if (out[b * bt + h] != want) {
                if (bad < 8) printf("smem_bank: thread %u of block %u summed %u, expected %u\n", h, b,
                                    out[b * bt + h], want);
                bad++;
            }
        }
    if (bad) {
        printf("smem_bank: %u of %u sums wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    }
out:
    free(out);
    return rc;
}
