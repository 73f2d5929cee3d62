/* v_psum.h - argument block of v_psum (Vortex's psum, tests/opencl/psum,
 * kernel parallelSum), shared by kernel.c and host.c. */
#ifndef V_PSUM_H
#define V_PSUM_H

#include <stdint.h>

#define V_PSUM_MAX_LOCAL 256 /* Vortex's local size; the shared array is sized for it */

typedef struct {
    uint32_t input;  /* device address of float input[n] */
    uint32_t output; /* device address of float output[n / local] (per work-group) */
    uint32_t n;
} v_psum_args_t;

#endif
