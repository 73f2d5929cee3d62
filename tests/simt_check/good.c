/* good.c - WEFT_WHILE with continue and a nested WEFT_IF, a call inside a
 * WEFT_IF (built with -fno-shrink-wrap): simt_check.py must accept it. */
#include "weft_device.h"

uint32_t out[64];

__attribute__((noinline)) void emit(uint32_t v) { weft_print_udec(v); }

WEFT_KERNEL void good(const void *arg)
{
    (void)arg;
    uint32_t i = threadIdx.x, acc = 0;
    WEFT_WHILE(i < 40u) {
        i += 3;
        WEFT_IF(i & 1u) {
            acc += i;
        } WEFT_ENDIF
        if (blockIdx.x == 3u) /* warp-uniform */
            continue;
        acc ^= i;
    } WEFT_ENDWHILE
    WEFT_IF((i % 5u) == 1u) {
        emit(i);
    } WEFT_ENDIF
    out[threadIdx.x] = acc;
}
