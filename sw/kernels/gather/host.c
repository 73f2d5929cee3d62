/* gather host program: n = --size (default 4096) elements, idx a random
 * permutation (Fisher-Yates from --seed), blocks of W*T threads (at most 256). */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "gather.h"

int weft_host_gather(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : 4096u;
    if (weft_check_size(dev, n, 12) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t bt = cfg->warps * cfg->threads, seed = args->seed;
    if (bt > 256u) bt = 256u;
    uint32_t *idx = malloc((size_t)n * 4u), *in = malloc((size_t)n * 4u), *out = malloc((size_t)n * 4u);
    int rc = WEFT_OK;
    gather_args_t arg = {n, 0, 0, 0};
    if (!idx || !in || !out) { rc = WEFT_E_INTERNAL; goto done; }
    for (uint32_t i = 0; i < n; i++) { idx[i] = i; in[i] = weft_rand(&seed); }
    for (uint32_t i = n - 1; i > 0; i--) {
        const uint32_t j = weft_rand(&seed) % (i + 1), t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    arg.idx = weft_malloc(dev, n * 4u);
    arg.in = weft_malloc(dev, n * 4u);
    arg.out = weft_malloc(dev, n * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.idx || !arg.in || !arg.out || !argaddr) { rc = weft_status(dev); goto done; }
    if ((rc = weft_copy_to_dev(dev, arg.idx, idx, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.in, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + bt - 1) / bt, 1, 1}, blk = {bt, 1, 1};
    if ((rc = weft_launch(dev, "gather", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.out, (size_t)n * 4u)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++)
        if (out[i] != (in[idx[i]] ^ i)) {
            if (bad < 8) printf("gather: out[%u] = 0x%08x, expected 0x%08x\n", i, out[i], in[idx[i]] ^ i);
            bad++;
        }
    if (bad) { printf("gather: %u of %u wrong\n", bad, n); rc = WEFT_E_CHECK; }
done:
    free(idx);
    free(in);
    free(out);
    return rc;
}
