/* strided host program: n = 1024 outputs, stride = --size (default 8 words:
 * one 32-byte line per thread), blocks of W*T threads (at most 256). */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "strided.h"

int weft_host_strided(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = 1024u, stride = args->size ? args->size : 8u;
    uint32_t bt = cfg->warps * cfg->threads, seed = args->seed;
    if (bt > 256u) bt = 256u;
    if (stride > 4096u) {
        printf("strided: stride %u too large (at most 4096 words)\n", stride);
        return WEFT_E_USAGE;
    }
    /* the input: n words per unit of stride */
    if (weft_check_size(dev, stride, 4u * (uint64_t)n) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const size_t inw = (size_t)n * stride;
    uint32_t *in = malloc(inw * 4u), *out = malloc((size_t)n * 4u);
    int rc = WEFT_OK;
    strided_args_t arg = {n, stride, 0, 0};
    if (!in || !out) { rc = WEFT_E_INTERNAL; goto done; }
    for (size_t i = 0; i < inw; i++) in[i] = weft_rand(&seed);
    arg.in = weft_malloc(dev, (uint32_t)(inw * 4u));
    arg.out = weft_malloc(dev, n * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !argaddr) { rc = weft_status(dev); goto done; }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, inw * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + bt - 1) / bt, 1, 1}, blk = {bt, 1, 1};
    if ((rc = weft_launch(dev, "strided", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.out, (size_t)n * 4u)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++)
        if (out[i] != in[(size_t)i * stride] * 3u + 1u) {
            if (bad < 8) printf("strided: out[%u] = 0x%08x, expected 0x%08x\n", i, out[i], in[(size_t)i * stride] * 3u + 1u);
            bad++;
        }
    if (bad) { printf("strided: %u of %u wrong\n", bad, n); rc = WEFT_E_CHECK; }
done:
    free(in);
    free(out);
    return rc;
}
