/* saxpy.h - argument block of the saxpy kernel (kernel.c and host.c). */
#ifndef SAXPY_H
#define SAXPY_H

#include <stdint.h>

typedef struct {
    uint32_t n;     /* elements */
    uint32_t a;     /* the scalar, float bits */
    uint32_t x;     /* device address of float x[n] */
    uint32_t y;     /* device address of float y[n] (input and output) */
} saxpy_args_t;

#endif
