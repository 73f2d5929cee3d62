/* v_sgemm_pocl.h - argument block of v_sgemm_pocl (Vortex's sgemm with the
 * work-group-per-thread mapping of Vortex's POCL runtime), shared by
 * kernel.c and host.c. */
#ifndef V_SGEMM_POCL_H
#define V_SGEMM_POCL_H

#include <stdint.h>

#define VSP_LOCAL 16u /* Vortex's host: local_work_size {16, 16} */

typedef struct {
    uint32_t a, b, c; /* device addresses of float A[N*N], B[N*N], C[N*N] (output) */
    uint32_t n;       /* N, a multiple of VSP_LOCAL */
    uint32_t groups;  /* (N / 16)^2 work-groups, one per hardware thread */
} v_sgemm_pocl_args_t;

#endif
