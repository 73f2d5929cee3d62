/* v_saxpy_nd host program: v_saxpy's (sw/kernels/v_saxpy/host.c), for the probe ELF
 * build/sw/v_saxpy_nd.elf (kernel v_saxpy with the launcher built without divides,
 * WEFT_RT_PROBE_NODIV; sw/sw.mk XNDKERNELS, docs/experiments/magalhaes.md
 * experiment 7). */
#include "weft.h"

int weft_host_v_saxpy(weft_dev_t *dev, const weft_host_args_t *args);
int weft_host_v_saxpy_nd(weft_dev_t *dev, const weft_host_args_t *args);

int weft_host_v_saxpy_nd(weft_dev_t *dev, const weft_host_args_t *args)
{
    return weft_host_v_saxpy(dev, args);
}
