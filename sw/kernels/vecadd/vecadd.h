/* vecadd.h - argument block of the vecadd kernel, shared by kernel.c (device)
 * and host.c (host). Fixed-width fields only: the layout is the same on both.
 * Device addresses are uint32_t. */
#ifndef VECADD_H
#define VECADD_H

#include <stdint.h>

typedef struct {
    uint32_t n; /* elements */
    uint32_t a; /* device address of uint32_t a[n] */
    uint32_t b; /* device address of uint32_t b[n] */
    uint32_t c; /* device address of uint32_t c[n] (output) */
} vecadd_args_t;

#endif
