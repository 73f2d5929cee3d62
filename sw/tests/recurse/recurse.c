/* recurse.c - runaway recursion: the stack guard's test program (docs/isa.md
 * "Stack guard", tests/robust/run.sh).
 *
 * Linked like hello.c (start.S, weft_lib.c, no launcher), so the ELF has
 * sw/runtime's stack layout and the __weft_stack_guard symbol. Exactly one
 * thread, thread 2 of warp 1 of core 0, recurses through frames of about
 * 300 bytes with no depth limit it can reach: its sp leaves its 4128-byte
 * stack after about 14 calls and both engines must stop the run there with
 * exit 13 and the same message ("stack overflow: sp = ... of core 0, warp 1,
 * thread 2 at pc ..."). Every other thread returns at once. Without the
 * guard the recursion would run through the stacks of threads 6, 7, ... and
 * on into the heap and the program image. If the guard fails to fire, the
 * recursion ends at depth RECURSE_LIMIT (far beyond the stack) and the
 * program reports failure 3 through tohost.
 */
#include "weft_device.h"

#define RECURSE_LIMIT 100000u

static volatile uint32_t recurse_limit = RECURSE_LIMIT; /* not a constant: no unrolling */

static __attribute__((noinline)) uint32_t down(uint32_t depth)
{
    volatile uint32_t frame[72]; /* 288 bytes of locals per call */
    frame[0] = depth;
    frame[71] = depth ^ 0x5a5a5a5au;
    if (depth >= recurse_limit)
        return frame[71];
    return down(depth + 1) + frame[0]; /* not a tail call */
}

/* Reached only if the guard did not stop the run: failure 3. */
static __attribute__((noinline)) void runaway(void)
{
    (void)down(0);
    weft_fail(3);
}

/* no-shrink-wrap: the prologue at the entry, so both arms of the WEFT_IF reach
 * one join with the same continuation (sw/tools/simt_check.py check 4). */
__attribute__((optimize("no-shrink-wrap"))) void weft_main(void)
{
    const uint32_t mine = (weft_cid() == 0u) & (weft_wid() == 1u); /* warp-uniform */
    WEFT_IF(mine & (weft_tid() == 2u))
    {
        runaway();
    }
    WEFT_ENDIF
}
