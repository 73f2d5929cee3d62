/* v_psort host program: Vortex's psort (tests/opencl/psort, psorti), a rank
 * sort of n int32 keys, one thread per key (default n = 256; the papers use
 * n = 64..512 (seed 004 Table 2), 1024 (seed 002, one work-group of 32x32)
 * and 8192 (seed 000 Table 6.2, adjusted size)).
 *
 * Inputs: with the default --seed 1 the keys are Vortex's,
 * in[i] = (int)(n * sinf(i)) (many duplicates, negative values); any other
 * seed draws keys uniformly from [-n, n]. Block: W*T threads capped at 256
 * (Vortex's local size), grid ceil(n / block). The check computes every key's
 * rank on the host with the same rule and requires out[rank(i)] == in[i]
 * for every i; the ranks are a permutation, so every output word is checked
 * (outputs are poisoned before the launch). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_psort.h"

#define V_PSORT_DEFAULT_N 256u
#define V_PSORT_MAX_BLOCK 256u
#define V_PSORT_MAX_REPORT 8u
#define V_PSORT_POISON 0xa5

/* The host program of v_psort and of its experiment variant v_psort_bf (the
 * same inputs, launch and check; `name` is the kernel launched and the
 * prefix of the messages). */
int v_psort_host(weft_dev_t *dev, const weft_host_args_t *args, const char *name)
{
    return v_psort_host_launch(dev, args, name, 0);
}

/* spawn = 1 (v_psort_spawn): one block of all W*T hardware threads, whose
 * kernel walks the keys as Vortex's task spawn does (n a multiple of T; W and
 * T powers of two). */
int v_psort_host_launch(weft_dev_t *dev, const weft_host_args_t *args, const char *name, int spawn)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : V_PSORT_DEFAULT_N;
    if (n > (1u << 20)) {
        fprintf(stderr, "%s: --size %u: at most %u keys (n*n compares)\n", name, n, 1u << 20);
        return WEFT_E_USAGE;
    }
    if (spawn && (n % cfg->threads || (cfg->threads & (cfg->threads - 1)) || (cfg->warps & (cfg->warps - 1)) ||
                  cfg->warps * cfg->threads > V_PSORT_MAX_BLOCK)) {
        fprintf(stderr, "%s: --size %u: a multiple of the %u threads per warp, and W, T powers of two with W*T <= %u\n",
                name, n, cfg->threads, V_PSORT_MAX_BLOCK);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 8) != WEFT_OK)
        return weft_status(dev);
    uint32_t block = cfg->warps * cfg->threads;
    if (block > V_PSORT_MAX_BLOCK)
        block = V_PSORT_MAX_BLOCK;
    const uint32_t grid = spawn ? 1 : (n + block - 1) / block;
    const size_t bytes = (size_t)n * 4u;
    int32_t *in = malloc(bytes), *out = malloc(bytes);
    int rc = WEFT_OK;

    if (!in || !out) {
        fprintf(stderr, "%s: out of host memory\n", name);
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (uint32_t i = 0; i < n; i++) {
        if (args->seed == 1)
            in[i] = (int32_t)((float)n * sinf((float)i)); /* Vortex's main.cc */
        else
            in[i] = (int32_t)(weft_rand(&seed) % (2u * n + 1u)) - (int32_t)n;
    }
    memset(out, V_PSORT_POISON, bytes);

    v_psort_args_t arg = {n, weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes)};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.out || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.out, out, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("%s: n=%u grid=%u block=%u\n", name, n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, name, g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.out, bytes)) != WEFT_OK)
        goto done;

    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t pos = 0;
        for (uint32_t j = 0; j < n; j++)
            pos += (in[j] < in[i]) || (in[j] == in[i] && j < i);
        if (out[pos] != in[i]) {
            if (bad < V_PSORT_MAX_REPORT)
                printf("%s: out[%u] = %d, expected in[%u] = %d\n", name, pos, out[pos], i, in[i]);
            bad++;
        }
    }
    if (bad) {
        printf("%s: %u of %u keys misplaced\n", name, bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("%s: all %u keys at their rank\n", name, n);
    }
done:
    free(in);
    free(out);
    return rc;
}

int weft_host_v_psort(weft_dev_t *dev, const weft_host_args_t *args)
{
    return v_psort_host(dev, args, "v_psort");
}
