/* rd_gaussian.h - argument block of rd_gaussian (Rodinia gaussian, OpenCL
 * kernels Fan1 and Fan2), shared by kernel.c and host.c. */
#ifndef RD_GAUSSIAN_H
#define RD_GAUSSIAN_H

#include <stdint.h>

typedef struct {
    uint32_t m, a, b; /* device addresses of float m[size*size], a[size*size], b[size] */
    int32_t size;
    int32_t t;        /* the pivot row of this launch */
} rd_gaussian_args_t;

#endif
