/* stencil.h - arguments of the iterative 1-D stencil (multi-launch). */
#ifndef STENCIL_H
#define STENCIL_H
#include <stdint.h>
typedef struct {
    uint32_t n;   /* elements */
    uint32_t in;  /* device address of uint32_t in[n] */
    uint32_t out; /* device address of uint32_t out[n] */
} stencil_args_t;

/* out[i] = (in[i-1] + 2 in[i] + in[i+1]) / 4, edges clamped; branch-free
 * index arithmetic (a ?: here would be a divergent branch on the device) */
#define STENCIL_POINT(in, n, i)                                                                  \
    (((in)[(i) - (uint32_t)((i) != 0)] + 2u * (in)[i] + (in)[(i) + (uint32_t)((i) + 1 < (n))]) >> 2)
#endif
