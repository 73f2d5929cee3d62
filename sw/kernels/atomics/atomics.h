/* atomics.h - argument block of the atomics kernel (RV32A test). */
#ifndef ATOMICS_H
#define ATOMICS_H

#include <stdint.h>

#define ATOMICS_BINS 16u

typedef struct {
    uint32_t ticket;           /* amoadd 1 per thread: tickets 0..n-1 */
    uint32_t sum;              /* amoadd of every value */
    uint32_t x, o, a;          /* amoxor, amoor, amoand of every value */
    uint32_t mn, mx, mnu, mxu; /* amomin, amomax, amominu, amomaxu */
    uint32_t sw;               /* amoswap chain: each thread swaps in i + 1 */
    uint32_t lrsc;             /* lr.w/sc.w retry loop: +1 per thread */
    uint32_t hist[ATOMICS_BINS]; /* amoadd histogram of value % ATOMICS_BINS */
} atomics_shared_t;

typedef struct {
    uint32_t n;        /* threads (one element each) */
    uint32_t vals;     /* device address of uint32_t vals[n] */
    uint32_t tickets;  /* uint32_t tickets[n]: amoadd's old value (output) */
    uint32_t swold;    /* uint32_t swold[n]: amoswap's old value (output) */
    uint32_t scfail;   /* uint32_t scfail[n]: sc.w without lr.w: result (output, must be 1) */
    uint32_t nolr;     /* uint32_t nolr[n]: the word that sc.w must not write (unchanged) */
    uint32_t tries;    /* uint32_t tries[n]: lr/sc iterations per thread (output) */
    uint32_t shared;   /* device address of atomics_shared_t */
} atomics_args_t;

#endif
