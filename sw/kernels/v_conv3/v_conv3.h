/* v_conv3.h - argument block of v_conv3 (Vortex's conv3, tests/opencl/conv3),
 * shared by kernel.c and host.c. */
#ifndef V_CONV3_H
#define V_CONV3_H

#include <stdint.h>

typedef struct {
    uint32_t output;  /* device address of float O[height][width] */
    uint32_t input;   /* device address of float I[height+2][width+2] (zero border) */
    uint32_t weights; /* device address of float W[9] */
    int32_t width, height;
} v_conv3_args_t;

#endif
