/* v_sgemm.h - argument block of v_sgemm (Vortex's sgemm, tests/opencl/sgemm),
 * shared by kernel.c and host.c. */
#ifndef V_SGEMM_H
#define V_SGEMM_H

#include <stdint.h>

typedef struct {
    uint32_t a, b, c; /* device addresses of float A[N*N], B[N*N], C[N*N] (output) */
    uint32_t n;
} v_sgemm_args_t;

/* host side (host.c), shared with v_sgemm_pocl: the inputs, and the
 * bit-for-bit check of C (WEFT_OK or WEFT_E_CHECK) */
#include <stddef.h>
void v_sgemm_fill(float *a, float *b, size_t nn, uint32_t seed);
int v_sgemm_check(const char *name, const float *a, const float *b, const float *c, uint32_t n, int verbose);

#endif
