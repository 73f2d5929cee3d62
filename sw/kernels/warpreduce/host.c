/* warpreduce host program: n (--size, default 1000) random elements, some
 * of them 0 or multiples of 7, in blocks of W*T threads (at most 256); the
 * last block is partly past the end (v = 0 there). Checks every thread's
 * scan, broadcast total and butterfly sum and every warp's shfl.down sum
 * and maximum and its three votes against a serial computation. */
#include <stdio.h>
#include <stdlib.h>

#include "weft.h"
#include "warpreduce.h"

#define WARPREDUCE_DEFAULT_N 1000u

int weft_host_warpreduce(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : WARPREDUCE_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK)
        return weft_status(dev);
    const uint32_t T = cfg->threads;
    uint32_t block = cfg->warps * T;
    if (block > 256u) block = 256u;   /* a multiple of T (powers of two) */
    const uint32_t grid = (n + block - 1) / block, nt = grid * block, nw = nt / T;
    uint32_t seed = args->seed;
    int rc = WEFT_OK;
    uint32_t *in = malloc((size_t)n * 4u), *pt[3] = {malloc((size_t)nt * 4u), malloc((size_t)nt * 4u),
                                                      malloc((size_t)nt * 4u)};
    uint32_t *pw[5];
    for (int k = 0; k < 5; k++) pw[k] = malloc((size_t)nw * 4u);
    if (!in || !pt[0] || !pt[1] || !pt[2] || !pw[0] || !pw[1] || !pw[2] || !pw[3] || !pw[4]) {
        fprintf(stderr, "warpreduce: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = weft_rand(&seed);
        /* mostly small values (sums of a warp stay readable), some 0, some
         * multiples of 7, a few large ones (the sum wraps like uint32_t) */
        in[i] = (r & 15u) == 0 ? 0u : (r & 15u) == 1 ? (r >> 8) * 7u : (r & 31u) == 2 ? r : (r >> 20);
    }
    warpreduce_args_t arg;
    arg.n = n;
    arg.in = weft_malloc(dev, n * 4u);
    arg.scan = weft_malloc(dev, nt * 4u);
    arg.total = weft_malloc(dev, nt * 4u);
    arg.bfly = weft_malloc(dev, nt * 4u);
    arg.wsum = weft_malloc(dev, nw * 4u);
    arg.wmax = weft_malloc(dev, nw * 4u);
    arg.odd = weft_malloc(dev, nw * 4u);
    arg.any7 = weft_malloc(dev, nw * 4u);
    arg.allnz = weft_malloc(dev, nw * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.in || !arg.scan || !arg.total || !arg.bfly || !arg.wsum || !arg.wmax || !arg.odd || !arg.any7 ||
        !arg.allnz || !argaddr) {
        rc = weft_status(dev);
        goto out;
    }
    if ((rc = weft_copy_to_dev(dev, arg.in, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto out;
    if (args->verbose) printf("warpreduce: n=%u grid=%u block=%u warps=%u\n", n, grid, block, nw);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "warpreduce", g, blk, argaddr)) != WEFT_OK) goto out;
    const uint32_t ta[3] = {arg.scan, arg.total, arg.bfly}, wa[5] = {arg.wsum, arg.wmax, arg.odd, arg.any7, arg.allnz};
    for (int k = 0; k < 3; k++)
        if ((rc = weft_copy_from_dev(dev, pt[k], ta[k], (size_t)nt * 4u)) != WEFT_OK) goto out;
    for (int k = 0; k < 5; k++)
        if ((rc = weft_copy_from_dev(dev, pw[k], wa[k], (size_t)nw * 4u)) != WEFT_OK) goto out;

    static const char *const tname[3] = {"scan", "total", "bfly"};
    static const char *const wname[5] = {"wsum", "wmax", "ballot(odd)", "any(v%7==0)", "all(v!=0)"};
    uint32_t bad = 0;
    for (uint32_t w = 0; w < nw; w++) {
        uint32_t sum = 0, mx = 0, odd = 0, any7 = 0, allnz = 1, want_t[3];
        for (uint32_t l = 0; l < T; l++) {
            const uint32_t i = w * T + l, v = i < n ? in[i] : 0u;
            sum += v;
            if (v > mx) mx = v;
            odd |= (v & 1u) << l;
            any7 |= v % 7u == 0;
            allnz &= v != 0;
        }
        const uint32_t want_w[5] = {sum, mx, odd, any7, allnz};
        for (int k = 0; k < 5; k++)
            if (pw[k][w] != want_w[k]) {
                if (bad < 8) printf("warpreduce: warp %u %s = 0x%08x, expected 0x%08x\n", w, wname[k], pw[k][w],
                                    want_w[k]);
                bad++;
            }
        uint32_t scan = 0;
        for (uint32_t l = 0; l < T; l++) {
            const uint32_t i = w * T + l;
            scan += i < n ? in[i] : 0u;
            want_t[0] = scan;
            want_t[1] = sum;
            want_t[2] = sum;
            for (int k = 0; k < 3; k++)
                if (pt[k][i] != want_t[k]) {
                    if (bad < 8) printf("warpreduce: thread %u %s = 0x%08x, expected 0x%08x\n", i, tname[k],
                                        pt[k][i], want_t[k]);
                    bad++;
                }
        }
    }
    if (bad) {
        printf("warpreduce: %u checks failed\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("warpreduce: all %u thread and %u warp results match\n", nt, nw);
    }
out:
    free(in);
    for (int k = 0; k < 3; k++) free(pt[k]);
    for (int k = 0; k < 5; k++) free(pw[k]);
    return rc;
}
