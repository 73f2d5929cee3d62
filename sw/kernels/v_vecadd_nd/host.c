/* v_vecadd_nd host program: v_vecadd's (sw/kernels/v_vecadd/host.c), for the probe ELF
 * build/sw/v_vecadd_nd.elf (kernel v_vecadd with the launcher built without divides,
 * WEFT_RT_PROBE_NODIV; sw/sw.mk XNDKERNELS, docs/experiments/magalhaes.md
 * experiment 7). */
#include "weft.h"

int weft_host_v_vecadd(weft_dev_t *dev, const weft_host_args_t *args);
int weft_host_v_vecadd_nd(weft_dev_t *dev, const weft_host_args_t *args);

int weft_host_v_vecadd_nd(weft_dev_t *dev, const weft_host_args_t *args)
{
    return weft_host_v_vecadd(dev, args);
}
