/* sgemm.h - argument block of the sgemm kernel (kernel.c and host.c). */
#ifndef SGEMM_H
#define SGEMM_H

#include <stdint.h>

typedef struct {
    uint32_t m, n, k;       /* C is m x n, A m x k, B k x n (row-major) */
    uint32_t alpha, beta;   /* float bits */
    uint32_t a, b, c;       /* device addresses; c is input and output */
} sgemm_args_t;

#endif
