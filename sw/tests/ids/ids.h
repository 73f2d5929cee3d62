/* ids.h - argument block of the ids runtime test (shared by kernel.c and
 * host.c). */
#ifndef IDS_H
#define IDS_H

#include <stdint.h>

/* Words per record: one record per (block, thread) of the grid. */
#define IDS_REC_WORDS 10u

typedef struct {
    uint32_t grid[3];  /* expected gridDim */
    uint32_t block[3]; /* expected blockDim */
    uint32_t rec;      /* device address of uint32_t rec[blocks * threads][IDS_REC_WORDS] */
    uint32_t scratch;  /* device address of uint32_t scratch[blocks * threads] */
} ids_args_t;

/* Record layout. */
#define IDS_BLOCK_X 0u
#define IDS_BLOCK_Y 1u
#define IDS_BLOCK_Z 2u
#define IDS_THREAD_X 3u
#define IDS_THREAD_Y 4u
#define IDS_THREAD_Z 5u
#define IDS_CORE 6u      /* cid of the core that ran the block */
#define IDS_HWTHREAD 7u  /* wid * T + tid of the hardware thread */
#define IDS_DIMS_OK 8u   /* 1 if blockDim/gridDim match the arguments */
#define IDS_NEIGHBOUR 9u /* scratch value of thread (t+1) % threads after the barrier */

#endif
