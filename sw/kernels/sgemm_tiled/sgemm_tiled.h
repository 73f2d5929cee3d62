/* sgemm_tiled.h - argument block of the sgemm_tiled kernel. */
#ifndef SGEMM_TILED_H
#define SGEMM_TILED_H

#include <stdint.h>

#define SGEMM_TILED_MAX_TS 16u   /* tiles of at most 16 x 16 (2 x 1 KiB of shared memory) */

typedef struct {
    uint32_t m, n, k;       /* C is m x n, A m x k, B k x n (row-major) */
    uint32_t alpha, beta;   /* float bits */
    uint32_t a, b, c;       /* device addresses; c is input and output */
    uint32_t ts;            /* tile edge = block edge */
} sgemm_tiled_args_t;

#endif
