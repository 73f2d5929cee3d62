/* sfilter.h - argument block of the sfilter kernel (kernel.c and host.c). */
#ifndef SFILTER_H
#define SFILTER_H

#include <stdint.h>

typedef struct {
    uint32_t width, height;
    uint32_t in;        /* device address of float in[height][width] */
    uint32_t out;       /* device address of float out[height][width] (output) */
    uint32_t weight[9]; /* float bits, row-major: weight[(dy+1)*3 + dx+1] */
} sfilter_args_t;

#endif
