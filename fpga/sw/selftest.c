/* selftest.c - the self-checking bare program of the FPGA build (fpga/).
 *
 * Runs like sw/tests/hello: start.S starts warp 0 at _start, warp 0 spawns
 * the other warps, and every thread of every warp calls weft_main. No launch
 * descriptor is used (the FPGA top starts the GPU with launch_i = 0, like
 * the harness's --bare run).
 *
 * The kernel, on N = 64 elements, every hardware thread g of the core taking
 * elements g, g + NT, g + 2 NT, ... (NT = warps x threads, a power of two):
 *   1. a[i] = 3 i + 1, b[i] = i ^ 0x55                        (stores)
 *   2. barrier; c[i] = a[i] * b[i] + (i odd ? a[i] / (b[i] | 1) : b[i] % 7)
 *      with the parity test as a divergent WEFT_IF (split/join), MUL/DIV/REM
 *   3. barrier; warp 0 recomputes every expected value (a warp-uniform loop)
 *      and counts mismatches, then writes the exit word: 1 = pass,
 *      (mismatches << 1) | 1 = fail (WEFT_EXIT_ADDR, docs/isa.md).
 * The FPGA top (fpga/weft_fpga_top.sv) decodes the exit word and lights the
 * pass or fail LED and sends "WEFT PASS" / "WEFT FAIL" on the UART; the
 * harness (weft-sim --bare) ends the run with the same word.
 */
#include "weft_device.h"

#define N 64u

static uint32_t a[N], b[N], c[N];

static uint32_t expect(uint32_t i)
{
    uint32_t x = 3u * i + 1u, y = i ^ 0x55u;
#ifdef SELFTEST_BREAK /* tests/impl/run.sh: a wrong expectation must be reported */
    x += (i == 5u);
#endif
    return x * y + ((i & 1u) ? x / (y | 1u) : y % 7u);
}

void weft_main(void)
{
    const uint32_t nw = weft_nwarps();
    const uint32_t nt = nw * weft_nthreads();        /* threads of the core */
    const uint32_t g = weft_wid() * weft_nthreads() + weft_tid();
    const uint32_t iters = N / nt;                   /* warp-uniform trip count */

    for (uint32_t k = 0; k < iters; k++) {
        uint32_t i = k * nt + g;
        a[i] = 3u * i + 1u;
        b[i] = i ^ 0x55u;
    }
    weft_bar(0, nw);
    for (uint32_t k = 0; k < iters; k++) {
        uint32_t i = k * nt + g;
        uint32_t x = a[i], y = b[i], r;
        WEFT_IF(i & 1u) {
            r = x / (y | 1u);
        } WEFT_ELSE {
            r = y % 7u;
        } WEFT_ENDIF
        c[i] = x * y + r;
    }
    weft_bar(1, nw);
    if (weft_wid() != 0)
        return;                                      /* start.S ends the warp */
    uint32_t bad = 0;
    for (uint32_t i = 0; i < N; i++)                 /* same i, same c[i] in every thread */
        bad += (c[i] != expect(i)) ? 1u : 0u;
    weft_exit(bad ? ((bad << 1) | 1u) : 1u);
}
