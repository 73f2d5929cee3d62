/* ubench_alu host program: one block of W*T threads per core, --size
 * iterations (default 64); every thread's result is checked. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "ubench_alu.h"

int weft_host_ubench_alu(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t iters = args->size ? args->size : 64u;
    const uint32_t block = cfg->warps * cfg->threads, nthr = cfg->cores * block;
    uint32_t *out = malloc(nthr * 4u);
    int rc = WEFT_OK;
    if (!out) return WEFT_E_INTERNAL;
    ubench_alu_args_t a = {iters, weft_malloc(dev, nthr * 4u)};
    uint32_t aa = weft_malloc(dev, sizeof a);
    const weft_dim3_t g = {cfg->cores, 1, 1}, b = {block, 1, 1};
    if (!a.out || !aa) rc = weft_status(dev);
    else if (!(rc = weft_copy_to_dev(dev, aa, &a, sizeof a)) && !(rc = weft_launch(dev, "ubench_alu", g, b, aa)) &&
             !(rc = weft_copy_from_dev(dev, out, a.out, nthr * 4u))) {
        uint32_t bad = 0;
        for (uint32_t t = 0; t < nthr; t++) {
            uint32_t x[8];
            for (uint32_t k = 0; k < 8; k++) x[k] = t + k;
            for (uint32_t i = 0; i < iters; i++)
                for (uint32_t k = 0; k < 8; k++) UBENCH_ALU_STEP(x[k], k);
            uint32_t want = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4] ^ x[5] ^ x[6] ^ x[7];
            if (out[t] != want && bad++ < 8) printf("ubench_alu: thread %u: %08x, expected %08x\n", t, out[t], want);
        }
        if (bad) rc = WEFT_E_CHECK;
    }
    free(out);
    return rc;
}
