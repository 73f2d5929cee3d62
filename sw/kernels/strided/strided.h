/* strided.h - argument block of the strided kernel. */
#ifndef STRIDED_H
#define STRIDED_H

#include <stdint.h>

typedef struct {
    uint32_t n;        /* elements out */
    uint32_t stride;   /* words between neighbouring threads' inputs */
    uint32_t in;       /* device address of uint32_t in[n * stride] */
    uint32_t out;      /* device address of uint32_t out[n] */
} strided_args_t;

#endif
