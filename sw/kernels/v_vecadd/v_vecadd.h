/* v_vecadd.h - argument block of v_vecadd (Vortex's vecadd,
 * tests/opencl/vecadd), shared by kernel.c and host.c. */
#ifndef V_VECADD_H
#define V_VECADD_H

#include <stdint.h>

typedef struct {
    uint32_t a, b, c; /* device addresses of float A[n], B[n], C[n] (output) */
    uint32_t n;
} v_vecadd_args_t;

#endif
