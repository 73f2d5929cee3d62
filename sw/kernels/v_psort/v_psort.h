/* v_psort.h - argument block of v_psort (Vortex's psort, tests/opencl/psort):
 * shared by kernel.c (device) and host.c (host). */
#ifndef V_PSORT_H
#define V_PSORT_H

#include <stdint.h>

typedef struct {
    uint32_t n;   /* keys = threads (OpenCL global size) */
    uint32_t in;  /* device address of int32_t in[n] */
    uint32_t out; /* device address of int32_t out[n] (output) */
} v_psort_args_t;

#ifdef WEFT_H
/* host side (host.c), shared with the experiment variants v_psort_bf and
 * v_psort_spawn: inputs, launch of kernel `name` and the rank check (weft.h
 * first) */
int v_psort_host(weft_dev_t *dev, const weft_host_args_t *args, const char *name);
int v_psort_host_launch(weft_dev_t *dev, const weft_host_args_t *args, const char *name, int spawn);
#endif

#endif
