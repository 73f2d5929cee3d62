/* hello.c - bare program that proves the runtime's start-up path.
 *
 * Linked with start.S and weft_lib.c but not the launcher: start.S sets up
 * gp and the per-thread stacks, warp 0 of each core spawns the other warps,
 * and every thread of every warp of every core calls this weft_main. Each
 * thread prints "hello from thread <mhartid>" (the harness prefixes the line
 * with [cC wW tT]). Then the warps of each core meet at a barrier, warp 0 of
 * each core marks its core done, and warp 0 of core 0 writes 1 (pass) to
 * tohost, which ends the run.
 *
 * Cores have no common barrier, so core 0 polls the other cores' done words
 * for a bounded number of iterations before it writes tohost. If the memory
 * system does not make another core's store visible (no coherence), the poll
 * gives up and the run still ends with a pass; only the other cores' output
 * may be cut short.
 */
#include "weft_device.h"

#define HELLO_MAX_CORES 256u
#define HELLO_POLL_LIMIT 100000u

static volatile uint32_t hello_done[HELLO_MAX_CORES];

void weft_main(void)
{
    const uint32_t cid = weft_cid();
    const uint32_t ncores = weft_ncores();

    weft_print("hello from thread ");
    weft_print_udec(weft_mhartid());
    weft_putchar('\n');

    /* Warp-uniform from here on: every branch depends on cid, wid or memory
     * words that all threads of a warp read at the same time. */
    weft_bar(0, weft_nwarps());
    if (weft_wid() != 0)
        return; /* start.S ends the warp */
    if (cid < HELLO_MAX_CORES)
        hello_done[cid] = 1;
    if (cid != 0)
        return;

    for (uint32_t iter = 0; iter < HELLO_POLL_LIMIT; iter++) {
        uint32_t all = 1;
        for (uint32_t c = 1; c < ncores && c < HELLO_MAX_CORES; c++)
            all &= hello_done[c];
        if (all)
            break;
    }
    tohost = 1;
}
