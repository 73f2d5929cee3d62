/* psort.h - argument blocks of the two psort kernels (shared by kernel.c and
 * host.c). */
#ifndef PSORT_H
#define PSORT_H

#include <stdint.h>

/* psort_block: sort each segment of seg keys in place (bitonic network). */
typedef struct {
    uint32_t seg;  /* segment length S: a power of two, a multiple of blockDim.x */
    uint32_t data; /* device address of uint32_t data[gridDim.x * S] */
} psort_block_args_t;

/* psort_merge: out[rank(x)] = x for every key of the sorted segments. */
typedef struct {
    uint32_t n;    /* keys to output (the first n ranks) */
    uint32_t npad; /* keys in data: a multiple of seg */
    uint32_t seg;  /* segment length S (power of two) */
    uint32_t data; /* device address of the sorted segments, uint32_t[npad] */
    uint32_t out;  /* device address of uint32_t out[n] */
} psort_merge_args_t;

#endif
