/* shrinkwrap.c - issue 16: a call inside WEFT_IF. With GCC's shrink-wrapping the
 * frame set-up moves into the THEN arm and the two joins continue differently
 * (simt_check.py rejects it; at run time an IPDOM underflow or lost stores);
 * the kernels are built with -fno-shrink-wrap (sw/sw.mk), which keeps the
 * prologue before the split. */
#include "weft_device.h"
WEFT_KERNEL void sw(const void *arg)
{
    (void)arg;
    uint32_t i = threadIdx.x;
    WEFT_IF((i % 5) == 1) {
        weft_print_udec(i);
    } WEFT_ENDIF
}
