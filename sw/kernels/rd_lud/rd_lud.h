/* rd_lud.h - argument block of rd_lud (Rodinia LU decomposition, OpenCL
 * kernels lud_diagonal, lud_perimeter, lud_internal), shared by kernel.c
 * and host.c. */
#ifndef RD_LUD_H
#define RD_LUD_H

#include <stdint.h>

#define RD_LUD_MAX_B 16 /* Rodinia's BLOCK_SIZE; the shared tiles are sized for it */

typedef struct {
    uint32_t m;          /* device address of float m[dim*dim] (in/out, row-major) */
    int32_t matrix_dim;
    int32_t offset;      /* first row/column of this step's diagonal block */
    int32_t bs;          /* B: the block edge (BLOCK_SIZE) */
} rd_lud_args_t;

#endif
