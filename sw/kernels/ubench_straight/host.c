/* ubench_straight host program: one block of W*T threads per core; every
 * thread's result is checked. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "ubench_straight.h"

int weft_host_ubench_straight(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    if (args->size) { /* nothing to size: a --size would be silently ignored (issue 19) */
        printf("ubench_straight: takes no --size (got %u)\n", args->size);
        return WEFT_E_USAGE;
    }
    const uint32_t block = cfg->warps * cfg->threads, nthr = cfg->cores * block;
    uint32_t *out = malloc(nthr * 4u);
    int rc = WEFT_OK;
    if (!out) return WEFT_E_INTERNAL;
    ubench_straight_args_t a = {weft_malloc(dev, nthr * 4u)};
    uint32_t aa = weft_malloc(dev, sizeof a);
    const weft_dim3_t g = {cfg->cores, 1, 1}, b = {block, 1, 1};
    if (!a.out || !aa) rc = weft_status(dev);
    else if (!(rc = weft_copy_to_dev(dev, aa, &a, sizeof a)) &&
             !(rc = weft_launch(dev, "ubench_straight", g, b, aa)) &&
             !(rc = weft_copy_from_dev(dev, out, a.out, nthr * 4u))) {
        uint32_t bad = 0;
        for (uint32_t t = 0; t < nthr; t++) {
            uint32_t x[8];
            for (uint32_t k = 0; k < 8; k++) x[k] = t * 8 + k;
            UBENCH_S_BODY(x);
            uint32_t want = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];
            if (out[t] != want && bad++ < 8) printf("ubench_straight: thread %u: %08x, expected %08x\n", t, out[t], want);
        }
        if (bad) rc = WEFT_E_CHECK;
    }
    free(out);
    return rc;
}
