/* v_sgemm.h - argument block of v_sgemm (Vortex's sgemm, tests/opencl/sgemm),
 * shared by kernel.c and host.c. */
#ifndef V_SGEMM_H
#define V_SGEMM_H

#include <stdint.h>

typedef struct {
    uint32_t a, b, c; /* device addresses of float A[N*N], B[N*N], C[N*N] (output) */
    uint32_t n;
} v_sgemm_args_t;

#endif
