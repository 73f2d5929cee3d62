/* return.c - `return` from inside WEFT_WHILE: simt_check.py must reject it. */
#include "weft_device.h"

uint32_t out[64];

WEFT_KERNEL void ret(const void *arg)
{
    const uint32_t *lim = arg;
    uint32_t i = threadIdx.x, acc = 0;
    WEFT_WHILE(i < 40u) {
        i += 3;
        acc += i;
        if (acc == lim[0])
            return;
    } WEFT_ENDWHILE
    out[threadIdx.x] = acc;
}
