/* gather.h - argument block of the gather kernel. */
#ifndef GATHER_H
#define GATHER_H

#include <stdint.h>

typedef struct {
    uint32_t n;     /* elements */
    uint32_t idx;   /* device address of uint32_t idx[n]: a random permutation */
    uint32_t in;    /* device address of uint32_t in[n] */
    uint32_t out;   /* device address of uint32_t out[n] */
} gather_args_t;

#endif
