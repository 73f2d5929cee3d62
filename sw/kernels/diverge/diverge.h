/* diverge.h - argument block of the diverge kernel (shared by kernel.c and
 * host.c), and the per-element function both sides compute. */
#ifndef DIVERGE_H
#define DIVERGE_H

#include <stdint.h>

typedef struct {
    uint32_t n;   /* elements */
    uint32_t in;  /* device address of uint32_t in[n] */
    uint32_t out; /* device address of uint32_t out[n] (output) */
    uint32_t sum; /* device address of uint32_t sum[grid threads] (output) */
} diverge_args_t;

/* Collatz-style walk: at most DIVERGE_WALK_MIN + (x >> 27) steps. */
#define DIVERGE_WALK_MIN 8u
/* Per-thread checksum: sum = sum * DIVERGE_SUM_MUL + out[e] over the
 * thread's elements, in order. */
#define DIVERGE_SUM_MUL 31u
#define DIVERGE_SUM_INIT 0x811c9dc5u

#endif
