/* transpose.h - argument block of the transpose kernel (shared by kernel.c
 * and host.c). */
#ifndef TRANSPOSE_H
#define TRANSPOSE_H

#include <stdint.h>

typedef struct {
    uint32_t rows;  /* input rows (= output columns) */
    uint32_t cols;  /* input columns (= output rows) */
    uint32_t in;    /* device address of uint32_t in[rows][cols] */
    uint32_t out;   /* device address of uint32_t out[cols][rows] (output) */
    uint32_t tiles; /* device address of uint32_t tiles[gridDim.x*gridDim.y][D][D] */
} transpose_args_t;

#endif
