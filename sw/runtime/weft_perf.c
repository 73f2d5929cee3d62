/* weft_perf.c - the kernels of the three-phase counter flow (seed 000
 * sec. 4.1; docs/counters.md), linked into every kernel ELF:
 *
 *   weft_perf_init   clears perf-reset-lock, so the next launch's reset
 *                    clears the counters. (Every launch's launcher sets
 *                    perf-reset-lock again, so the benchmark kernels that
 *                    follow accumulate.) Launch it with one block per core.
 *   weft_perf_dump   sets perf-lock (counters freeze) and writes each core's
 *                    counters to arg: WEFT_PERF_DUMP_WORDS words per core
 *                    (core c at arg + c * WEFT_PERF_DUMP_WORDS words; word
 *                    2k / 2k+1 = low / high half of counter k). Launch it
 *                    with one block of one thread per core.
 */
#include "weft_device.h"

void weft_perf_init(const void *arg)
{
    (void)arg;
    weft_perf_reset_lock(0);
}

#define DUMP(k) (w[2 * (k)] = (uint32_t)(v = weft_perf_read(k)), w[2 * (k) + 1] = (uint32_t)(v >> 32))

void weft_perf_dump(const void *arg)
{
    weft_perf_lock(1);
    volatile uint32_t *w = (volatile uint32_t *)arg + weft_cid() * WEFT_PERF_DUMP_WORDS;
    uint64_t v;
    DUMP(3); DUMP(4); DUMP(5); DUMP(6); DUMP(7); DUMP(8); DUMP(9); DUMP(10); DUMP(11);
    DUMP(12); DUMP(13); DUMP(14); DUMP(15); DUMP(16); DUMP(17); DUMP(18); DUMP(19); DUMP(20);
    DUMP(21); DUMP(22); DUMP(23); DUMP(24); DUMP(25); DUMP(26); DUMP(27);
    DUMP(28); DUMP(29); DUMP(30); DUMP(31);
    w[0] = 0x70657266u; /* "perf": the words were written */
    w[1] = weft_cid();
}
