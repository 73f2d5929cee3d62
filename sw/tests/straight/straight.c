/* straight.c - bare program for the nss front-end invariant (issue 5,
 * docs/scheduling.md): after start-up every warp runs ~770 instructions of
 * branch-free code (the ubench_straight body) and stores its result; then it
 * returns and start.S ends the warp. tests/perf/run.sh checks with
 * --timeline that, between warm-up and the end, no warp ever waits in fetch
 * for a control instruction under --frontend nss (and that it does under
 * --frontend stall). Results are not checked: the program has no host. */
#include "weft_device.h"
#include "../../kernels/ubench_straight/ubench_straight.h"

static volatile uint32_t straight_out[4096];

void weft_main(void)
{
    const uint32_t g = weft_mhartid();
    uint32_t a[8];
    for (uint32_t k = 0; k < 8; k++) a[k] = g * 8 + k;   /* unrolled by the compiler */
    UBENCH_S_BODY(a);
    straight_out[g & 4095] = a[0] ^ a[1] ^ a[2] ^ a[3] ^ a[4] ^ a[5] ^ a[6] ^ a[7];
}
