/* warpreduce.h - argument block of the warpreduce kernel. */
#ifndef WARPREDUCE_H
#define WARPREDUCE_H

#include <stdint.h>

typedef struct {
    uint32_t n;       /* elements; threads i >= n take v = 0 */
    uint32_t in;      /* uint32_t in[n] */
    /* per thread (grid * block words) */
    uint32_t scan;    /* inclusive scan of v over the thread's warp (shfl.up) */
    uint32_t total;   /* the warp's sum, broadcast from the last lane (shfl.idx) */
    uint32_t bfly;    /* the warp's sum by an xor butterfly (shfl.xor) */
    /* per warp (grid * block / T words) */
    uint32_t wsum;    /* the warp's sum by a shfl.down tree, from lane 0 */
    uint32_t wmax;    /* the warp's maximum (shfl.down tree) */
    uint32_t odd;     /* ballot of (v odd) */
    uint32_t any7;    /* vote.any(v % 7 == 0) */
    uint32_t allnz;   /* vote.all(v != 0) */
} warpreduce_args_t;

#endif
