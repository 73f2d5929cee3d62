/* ubench_bar host program: one block of W*T threads per core, --size
 * rounds (default 32); the ring is simulated on the host and every
 * thread's value checked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "ubench_bar.h"

int weft_host_ubench_bar(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t rounds = args->size ? args->size : 32u;
    const uint32_t block = cfg->warps * cfg->threads, nthr = cfg->cores * block;
    uint32_t *out = malloc(nthr * 4u);
    int rc = WEFT_OK;
    if (!out) return WEFT_E_INTERNAL;
    ubench_bar_args_t a = {rounds, weft_malloc(dev, nthr * 4u), weft_malloc(dev, nthr * 4u)};
    uint32_t aa = weft_malloc(dev, sizeof a);
    const weft_dim3_t g = {cfg->cores, 1, 1}, b = {block, 1, 1};
    if (!a.out || !a.scratch || !aa) rc = weft_status(dev);
    else if (!(rc = weft_copy_to_dev(dev, aa, &a, sizeof a)) && !(rc = weft_launch(dev, "ubench_bar", g, b, aa)) &&
             !(rc = weft_copy_from_dev(dev, out, a.out, nthr * 4u))) {
        uint32_t bad = 0, *v = malloc(nthr * 4u), *sc = malloc(nthr * 4u);
        if (!v || !sc) { free(v); free(sc); free(out); return WEFT_E_INTERNAL; }
        for (uint32_t i = 0; i < nthr; i++) v[i] = i;
        for (uint32_t r = 0; r < rounds; r++) {
            memcpy(sc, v, nthr * 4u);
            for (uint32_t i = 0; i < nthr; i++) {
                uint32_t blk = i / block, t = i % block, w = t / cfg->threads;
                v[i] = sc[blk * block + (t + 1) % block] + 1;
                for (uint32_t k = 0; k < 4 * w; k++) v[i] += k;
            }
        }
        for (uint32_t i = 0; i < nthr; i++)
            if (out[i] != v[i] && bad++ < 8) printf("ubench_bar: thread %u: %u, expected %u\n", i, out[i], v[i]);
        free(v);
        free(sc);
        if (bad) rc = WEFT_E_CHECK;
    }
    free(out);
    return rc;
}
