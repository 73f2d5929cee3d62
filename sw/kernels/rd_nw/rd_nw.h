/* rd_nw.h - argument block of rd_nw (Rodinia Needleman-Wunsch, the OpenCL
 * kernels nw_kernel1/nw_kernel2 as Vortex runs them), shared by kernel.c and
 * host.c. */
#ifndef RD_NW_H
#define RD_NW_H

#include <stdint.h>

#define RD_NW_MAX_B 16 /* Rodinia's BLOCK_SIZE; the shared tiles are sized for it */

typedef struct {
    uint32_t reference;   /* device address of int32_t reference[cols*cols] */
    uint32_t itemsets;    /* device address of int32_t input_itemsets[cols*cols] (in/out) */
    int32_t cols;         /* max_cols = dimension + 1 */
    int32_t penalty;
    int32_t blk;          /* anti-diagonal of blocks of this launch (1-based) */
    int32_t block_width;  /* dimension / B */
} rd_nw_args_t;

#endif
