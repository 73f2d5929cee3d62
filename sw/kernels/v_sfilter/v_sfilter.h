/* v_sfilter.h - argument block of v_sfilter (Vortex's sfilter,
 * tests/opencl/sfilter), shared by kernel.c and host.c. */
#ifndef V_SFILTER_H
#define V_SFILTER_H

#include <stdint.h>

typedef struct {
    uint32_t src;   /* device address of float src[ldc][ldc] */
    uint32_t dst;   /* device address of float dst[ldc][ldc] (interior written) */
    int32_t ldc;    /* N + 2 */
    int32_t n;      /* interior edge N */
    float m[9];     /* weights m0..m8 */
} v_sfilter_args_t;

#endif
