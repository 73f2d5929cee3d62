/* psort.h - argument blocks of the two psort kernels (shared by kernel.c and
 * host.c). */
#ifndef PSORT_H
#define PSORT_H

#include <stdint.h>

/* psort_block: sort each segment of seg keys in place (bitonic network). */
typedef struct {
    uint32_t seg;  /* segment length S: a power of two, >= 2 * blockDim.x */
    uint32_t data; /* device address of uint32_t data[gridDim.x * S] */
} psort_block_args_t;

/* psort_merge: merge sorted runs of `run` keys pairwise into runs of 2*run. */
typedef struct {
    uint32_t npad; /* keys (the last run may be shorter than run) */
    uint32_t run;  /* sorted run length L (power of two) */
    uint32_t run_log2; /* log2(L) */
    uint32_t in;   /* device address of uint32_t in[npad]: sorted runs of L */
    uint32_t out;  /* device address of uint32_t out[npad]: sorted runs of 2L */
} psort_merge_args_t;

#endif
