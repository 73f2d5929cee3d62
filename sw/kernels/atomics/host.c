/* atomics host program: n (default 200) threads run every RV32A operation
 * on shared words; the results must be those of some serial order:
 *   tickets   a permutation of 0..n-1, final ticket n
 *   sum, hist, xor, or, and, min, max, minu, maxu: order-independent values
 *   swap      the old values and the final word form one chain: together
 *             they are exactly {initial} + {1..n}
 *   sc.w      without lr.w: returns 1 and leaves the word alone
 *   lr/sc     the counter ends at n; every thread needed >= 1 try */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "atomics.h"

#define ATOMICS_DEFAULT_N 200u
#define ATOMICS_SW_INIT 0x5eed0000u
#define ATOMICS_NOLR 0x0badf00du

static int check(const char *what, uint32_t got, uint32_t want, unsigned *bad)
{
    if (got == want) return 0;
    printf("atomics: %s = 0x%08x, expected 0x%08x\n", what, got, want);
    (*bad)++;
    return 1;
}

int weft_host_atomics(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : ATOMICS_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t seed = args->seed;
    int rc = WEFT_OK;
    const size_t bytes = (size_t)n * 4u;
    uint32_t *vals = malloc(bytes), *out = malloc(bytes), *seen = calloc((size_t)n + 2u, 4u);
    atomics_shared_t sh;
    atomics_args_t arg;
    unsigned bad = 0;

    if (!vals || !out || !seen) {
        fprintf(stderr, "atomics: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) vals[i] = weft_rand(&seed);
    memset(&sh, 0, sizeof sh);
    sh.a = 0xffffffffu;
    sh.mn = 0x7fffffffu;
    sh.mx = 0x80000000u;
    sh.mnu = 0xffffffffu;
    sh.mxu = 0;
    sh.sw = ATOMICS_SW_INIT;

    uint32_t block = cfg->warps * cfg->threads;
    if (block > 256u) block = 256u;
    const uint32_t grid = (n + block - 1) / block;
    arg.n = n;
    arg.vals = weft_malloc(dev, (uint32_t)bytes);
    arg.tickets = weft_malloc(dev, (uint32_t)bytes);
    arg.swold = weft_malloc(dev, (uint32_t)bytes);
    arg.scfail = weft_malloc(dev, (uint32_t)bytes);
    arg.nolr = weft_malloc(dev, (uint32_t)bytes);
    arg.tries = weft_malloc(dev, (uint32_t)bytes);
    arg.shared = weft_malloc(dev, sizeof sh);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.vals || !arg.tickets || !arg.swold || !arg.scfail || !arg.nolr || !arg.tries || !arg.shared ||
        !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) out[i] = ATOMICS_NOLR;
    if ((rc = weft_copy_to_dev(dev, arg.vals, vals, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.nolr, out, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.shared, &sh, sizeof sh)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose) printf("atomics: n=%u grid=%u block=%u\n", n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "atomics", g, blk, argaddr)) != WEFT_OK) goto out;

    atomics_shared_t got;
    if ((rc = weft_copy_from_dev(dev, &got, arg.shared, sizeof got)) != WEFT_OK) goto out;
    uint32_t sum = 0, x = 0, o = 0, a = 0xffffffffu, mnu = 0xffffffffu, mxu = 0, hist[ATOMICS_BINS] = {0};
    int32_t mn = 0x7fffffff, mx = (int32_t)0x80000000u;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t v = vals[i];
        sum += v;
        x ^= v;
        o |= v;
        a &= v | 0x80000001u;
        if ((int32_t)v < mn) mn = (int32_t)v;
        if ((int32_t)v > mx) mx = (int32_t)v;
        if (v < mnu) mnu = v;
        if (v > mxu) mxu = v;
        hist[v % ATOMICS_BINS]++;
    }
    check("ticket", got.ticket, n, &bad);
    check("sum", got.sum, sum, &bad);
    check("xor", got.x, x, &bad);
    check("or", got.o, o, &bad);
    check("and", got.a, a, &bad);
    check("min", got.mn, (uint32_t)mn, &bad);
    check("max", got.mx, (uint32_t)mx, &bad);
    check("minu", got.mnu, mnu, &bad);
    check("maxu", got.mxu, mxu, &bad);
    check("lr/sc counter", got.lrsc, n, &bad);
    for (unsigned b = 0; b < ATOMICS_BINS; b++) {
        char what[32];
        snprintf(what, sizeof what, "hist[%u]", b);
        check(what, got.hist[b], hist[b], &bad);
    }
    /* tickets: a permutation of 0..n-1 */
    if ((rc = weft_copy_from_dev(dev, out, arg.tickets, bytes)) != WEFT_OK) goto out;
    for (uint32_t i = 0; i < n; i++) {
        if (out[i] >= n || seen[out[i]]++) {
            if (bad < 8) printf("atomics: ticket of thread %u = %u (duplicate or out of range)\n", i, out[i]);
            bad++;
        }
    }
    /* swap chain: old values + final word = {initial} + {1..n} */
    memset(seen, 0, ((size_t)n + 2u) * 4u);
    if ((rc = weft_copy_from_dev(dev, out, arg.swold, bytes)) != WEFT_OK) goto out;
    for (uint32_t i = 0; i <= n; i++) {
        const uint32_t v = i < n ? out[i] : got.sw;
        const uint32_t k = v == ATOMICS_SW_INIT ? 0u : v;
        if (k > n || seen[k]++) {
            if (bad < 8) printf("atomics: swap value 0x%08x appears twice or is foreign\n", v);
            bad++;
        }
    }
    if ((rc = weft_copy_from_dev(dev, out, arg.scfail, bytes)) != WEFT_OK) goto out;
    for (uint32_t i = 0; i < n; i++)
        if (out[i] != 1u) {
            if (bad < 8) printf("atomics: sc.w without lr.w returned %u (thread %u)\n", out[i], i);
            bad++;
        }
    if ((rc = weft_copy_from_dev(dev, out, arg.nolr, bytes)) != WEFT_OK) goto out;
    for (uint32_t i = 0; i < n; i++)
        if (out[i] != ATOMICS_NOLR) {
            if (bad < 8) printf("atomics: failed sc.w wrote 0x%08x (thread %u)\n", out[i], i);
            bad++;
        }
    if ((rc = weft_copy_from_dev(dev, out, arg.tries, bytes)) != WEFT_OK) goto out;
    uint64_t tries = 0;
    for (uint32_t i = 0; i < n; i++) {
        tries += out[i];
        if (out[i] == 0) {
            if (bad < 8) printf("atomics: thread %u never tried lr/sc\n", i);
            bad++;
        }
    }
    if (bad) {
        printf("atomics: %u checks failed\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("atomics: all checks pass; lr/sc tries %llu for %u increments\n", (unsigned long long)tries, n);
    }
out:
    free(vals);
    free(out);
    free(seen);
    return rc;
}
