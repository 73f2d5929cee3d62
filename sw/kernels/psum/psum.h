/* psum.h - argument block of the psum kernel (shared by kernel.c and host.c). */
#ifndef PSUM_H
#define PSUM_H

#include <stdint.h>

typedef struct {
    uint32_t n;          /* input elements */
    uint32_t per_thread; /* K: elements each thread adds before the tree */
    uint32_t in;         /* device address of uint32_t in[n] */
    uint32_t partial;    /* device address of uint32_t partial[grid] (output) */
    uint32_t scratch;    /* device address of uint32_t scratch[grid * blockDim.x] */
} psum_args_t;

#endif
