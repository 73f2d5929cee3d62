/* stencil host program: the three-phase counter flow of seed 000 sec. 4.1
 * (docs/counters.md) around an iterative kernel.
 *
 *   1. weft_perf_init (one block per core): clears perf-reset-lock.
 *   2. ITERS launches of stencil (buffers swapped each time); the launcher
 *      sets perf-reset-lock, so the hardware counters accumulate.
 *   3. weft_perf_dump: sets perf-lock and writes every core's counters.
 *   4. One more stencil launch and a second dump: the counters are frozen.
 *
 * Checks: the result against a host reference; on the rtl engine also
 *   - the dumped counters equal, exactly, the harness's accounting from the
 *     init launch to the end of the dump launch (the harness reads the
 *     counters after every launch and adds the differences; the dump froze
 *     them before writing them);
 *   - over the ITERS launches the warp-instruction counters add up to the
 *     commits the harness saw on the commit ports;
 *   - the extra launch under perf-lock changes no counter, and the second
 *     dump equals the first (frozen across launches and resets).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "stencil.h"

#define ITERS 8u
#define DUMP_WORDS 64u   /* WEFT_PERF_DUMP_WORDS (sw/runtime/weft_device.h) */

static uint64_t dumped(const uint32_t *d, unsigned c, unsigned k)
{
    return (uint64_t)d[c * DUMP_WORDS + 2 * k] | ((uint64_t)d[c * DUMP_WORDS + 2 * k + 1] << 32);
}

int weft_host_stencil(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : 512u;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    const uint32_t C = cfg->cores, block = cfg->warps * cfg->threads;
    const size_t bytes = (size_t)n * 4u, dbytes = (size_t)C * DUMP_WORDS * 4u;
    uint32_t seed = args->seed, *ref = malloc(bytes), *tmp = malloc(bytes), *got = malloc(bytes);
    uint32_t *d1 = calloc(1, dbytes), *d2 = calloc(1, dbytes);
    weft_perf_t *s0 = malloc(sizeof *s0), *s1 = malloc(sizeof *s1), *s2 = malloc(sizeof *s2);
    weft_perf_t *sd = malloc(sizeof *sd);
    uint64_t wi0 = 0, wi1 = 0;
    int rc = WEFT_OK;
    if (!ref || !tmp || !got || !d1 || !d2 || !s0 || !s1 || !s2 || !sd) { rc = WEFT_E_INTERNAL; goto done; }
    for (uint32_t i = 0; i < n; i++) ref[i] = weft_rand(&seed) & 0xffffff;
    uint32_t buf[2] = {weft_malloc(dev, (uint32_t)bytes), weft_malloc(dev, (uint32_t)bytes)};
    uint32_t argv[2] = {weft_malloc(dev, sizeof(stencil_args_t)), weft_malloc(dev, sizeof(stencil_args_t))};
    uint32_t dump = weft_malloc(dev, (uint32_t)dbytes);
    if (!buf[0] || !buf[1] || !argv[0] || !argv[1] || !dump) { rc = weft_status(dev); goto done; }
    for (unsigned k = 0; k < 2; k++) {
        stencil_args_t a = {n, buf[k], buf[k ^ 1]};
        if ((rc = weft_copy_to_dev(dev, argv[k], &a, sizeof a))) goto done;
    }
    if ((rc = weft_copy_to_dev(dev, buf[0], ref, bytes))) goto done;

    const weft_dim3_t one = {C, 1, 1}, single = {1, 1, 1};
    const weft_dim3_t g = {(n + block - 1) / block, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, "weft_perf_init", one, single, 0))) goto done;
    *s0 = weft_stats(dev)->perf;
    wi0 = weft_stats(dev)->warp_instrs;
    for (unsigned it = 0; it < ITERS; it++)
        if ((rc = weft_launch(dev, "stencil", g, b, argv[it & 1]))) goto done;
    *s1 = weft_stats(dev)->perf;
    wi1 = weft_stats(dev)->warp_instrs;
    if ((rc = weft_launch(dev, "weft_perf_dump", one, single, dump)) ||
        (rc = weft_copy_from_dev(dev, d1, dump, dbytes)))
        goto done;
    *sd = weft_stats(dev)->perf;
    if ((rc = weft_launch(dev, "stencil", g, b, argv[ITERS & 1]))) goto done;   /* frozen */
    *s2 = weft_stats(dev)->perf;
    if ((rc = weft_launch(dev, "weft_perf_dump", one, single, dump)) ||
        (rc = weft_copy_from_dev(dev, d2, dump, dbytes)) ||
        (rc = weft_copy_from_dev(dev, got, buf[(ITERS + 1) & 1], bytes)))
        goto done;

    for (unsigned it = 0; it < ITERS + 1; it++) {
        for (uint32_t i = 0; i < n; i++) tmp[i] = STENCIL_POINT(ref, n, i);
        memcpy(ref, tmp, bytes);
    }
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != ref[i] && bad++ < 8) printf("stencil: out[%u] = %u, expected %u\n", i, got[i], ref[i]);
    if (bad) { rc = WEFT_E_CHECK; goto done; }

    if (!s1->valid) goto done;   /* the model has no cycle counters */
    uint64_t hw_wi = 0;
    for (unsigned c = 0; c < C; c++) hw_wi += s1->c[c][WEFT_PC_WARP_INSTRS] - s0->c[c][WEFT_PC_WARP_INSTRS];
    if (hw_wi != wi1 - wi0) {
        printf("stencil: warp-instruction counters %llu, commits seen %llu\n", (unsigned long long)hw_wi,
               (unsigned long long)(wi1 - wi0));
        rc = WEFT_E_CHECK;
    }
    for (unsigned c = 0; c < C; c++) {
        if (d1[c * DUMP_WORDS] != 0x70657266u || d1[c * DUMP_WORDS + 1] != c) {
            printf("stencil: core %u did not write its counters\n", c);
            rc = WEFT_E_CHECK;
            continue;
        }
        for (unsigned k = WEFT_PC_CYCLES; k <= WEFT_PC_LAST && k < DUMP_WORDS / 2; k++) { /* the dump holds 0..31 */
            uint64_t v1 = dumped(d1, c, k), v2 = dumped(d2, c, k), host = sd->c[c][k] - s0->c[c][k];
            if (v1 != host || v2 != v1 || s2->c[c][k] != sd->c[c][k]) {
                printf("stencil: core %u counter %u: dumped %llu then %llu, harness %llu, "
                       "frozen launch added %llu\n", c, k, (unsigned long long)v1, (unsigned long long)v2,
                       (unsigned long long)host, (unsigned long long)(s2->c[c][k] - sd->c[c][k]));
                rc = WEFT_E_CHECK;
            }
        }
    }
    if (args->verbose && rc == WEFT_OK)
        printf("stencil: core 0 dumped %llu cycles, %llu warp instrs over %u launches; the dump launch counted "
               "%llu cycles, %llu warp instrs before perf-lock\n",
               (unsigned long long)dumped(d1, 0, WEFT_PC_CYCLES), (unsigned long long)dumped(d1, 0, WEFT_PC_WARP_INSTRS),
               ITERS, (unsigned long long)(sd->c[0][WEFT_PC_CYCLES] - s1->c[0][WEFT_PC_CYCLES]),
               (unsigned long long)(sd->c[0][WEFT_PC_WARP_INSTRS] - s1->c[0][WEFT_PC_WARP_INSTRS]));
done:
    free(ref); free(tmp); free(got); free(d1); free(d2); free(s0); free(s1); free(s2); free(sd);
    return rc;
}
