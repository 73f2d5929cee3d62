/* rd_srad.h - argument block of rd_srad (Rodinia SRAD, the OpenCL version:
 * extract, prepare, reduce, srad, srad2 and compress kernels), shared by
 * kernel.c and host.c. */
#ifndef RD_SRAD_H
#define RD_SRAD_H

#include <stdint.h>

typedef struct {
    int32_t ne;        /* Nr * Nc */
    int32_t nr, nc;    /* rows, columns (the image is column-major: ei = row + Nr * col) */
    float lambda;      /* update step */
    float q0sqr;       /* this iteration's ROI statistic (srad_kernel) */
    int32_t no;        /* reduce: number of sums to reduce */
    int32_t mul;       /* reduce: index stride of the sums */
    int32_t grid;      /* reduce: blocks of this reduce launch (Rodinia's gridDim argument) */
    uint32_t img;      /* device addresses: float I[ne] */
    uint32_t sums, sums2;
    uint32_t c, dn, ds, dw, de;         /* float [ne] each */
    uint32_t in, is, je, jw;            /* int32_t iN[nr], iS[nr], jE[nc], jW[nc] */
} rd_srad_args_t;

#endif
