/* imbal.h - argument block of the imbal kernel (imbalanced blocks). */
#ifndef IMBAL_H
#define IMBAL_H

#include <stdint.h>

typedef struct {
    uint32_t blocks; /* grid size */
    uint32_t lens;   /* device address of uint32_t lens[blocks]: iterations of block b */
    uint32_t out;    /* device address of uint32_t out[blocks * blockDim.x] (output) */
} imbal_args_t;

#endif
