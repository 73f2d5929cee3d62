/* conv3.h - argument block of the conv3 kernel (shared by kernel.c and
 * host.c). */
#ifndef CONV3_H
#define CONV3_H

#include <stdint.h>

#define CONV3_BORDER_ZERO 0u  /* pixels outside the image are 0 */
#define CONV3_BORDER_CLAMP 1u /* pixels outside repeat the nearest edge pixel */

typedef struct {
    uint32_t width, height;
    uint32_t border;    /* CONV3_BORDER_* */
    uint32_t in;        /* device address of int32_t in[height][width] */
    uint32_t out;       /* device address of int32_t out[height][width] (output) */
    uint32_t weight[9]; /* int32_t 3x3 weights, row-major: weight[(dy+1)*3 + dx+1] */
} conv3_args_t;

#endif
