/* v_saxpy.h - argument block of v_saxpy (Vortex's saxpy, tests/opencl/saxpy),
 * shared by kernel.c and host.c. */
#ifndef V_SAXPY_H
#define V_SAXPY_H

#include <stdint.h>

typedef struct {
    uint32_t src;     /* device address of float src[n] */
    uint32_t dst;     /* device address of float dst[n] (in/out) */
    float factor;
    uint32_t threads; /* OpenCL global size: n / 2 */
} v_saxpy_args_t;

#endif
