/* v_transpose.h - argument block of v_transpose (Vortex's transpose,
 * tests/opencl/transpose: the NVIDIA SDK oclTranspose kernel `transpose`),
 * shared by kernel.c and host.c. */
#ifndef V_TRANSPOSE_H
#define V_TRANSPOSE_H

#include <stdint.h>

#define V_TRANSPOSE_MAX_DIM 16 /* the SDK's BLOCK_DIM */

typedef struct {
    uint32_t odata;  /* device address of float odata[width][height] (output) */
    uint32_t idata;  /* device address of float idata[height][width] */
    int32_t offset;  /* column offset (the SDK's `offset` argument; 0 here) */
    int32_t width, height;
} v_transpose_args_t;

#endif
