/* smemhist.h - argument block of the smemhist kernel. */
#ifndef SMEMHIST_H
#define SMEMHIST_H

#include <stdint.h>

#define SMEMHIST_BINS 64u   /* bins of the per-block histogram in shared memory */
#define SMEMHIST_STATS 4u   /* per block: count (lr/sc), maxu, minu, xor */

typedef struct {
    uint32_t n;          /* elements */
    uint32_t per_block;  /* elements per block (the last block may have fewer) */
    uint32_t in;         /* uint32_t in[n] */
    uint32_t block_hist; /* uint32_t [grid][SMEMHIST_BINS]: each block's histogram */
    uint32_t block_stats;/* uint32_t [grid][SMEMHIST_STATS] */
    uint32_t hist;       /* uint32_t [SMEMHIST_BINS]: the whole histogram (global atomics) */
} smemhist_args_t;

#endif
