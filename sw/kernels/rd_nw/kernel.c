/* rd_nw - Rodinia Needleman-Wunsch (OpenCL nw_kernel1 / nw_kernel2, as
 * Vortex runs them in tests/opencl/nw): global alignment score matrix,
 *   score[i][j] = max(score[i-1][j-1] + ref[i][j], score[i][j-1] - penalty,
 *                     score[i-1][j] - penalty),
 * filled block by block along anti-diagonals of B x B blocks (B =
 * blockDim.x, one thread per block column). nw_kernel1 runs the blocks of
 * anti-diagonal blk of the upper-left triangle, nw_kernel2 those of the
 * lower-right one; the host launches one per anti-diagonal. In a block the
 * (B+1)^2 score tile and the B^2 reference tile sit in shared memory and the
 * cells are filled along the tile's 2B-1 anti-diagonals, one barrier each:
 * thread tx works on diagonal m only if tx <= m (the divergent branch of the
 * kernel, a WEFT_IF here), then all threads write their column back.
 * `if (tx == 0)` is a WEFT_IF; maximum() is branch-free (weft_select). */
#include "weft_device.h"
#include "rd_nw.h"

#define B_MAX RD_NW_MAX_B

static WEFT_SHARED int32_t score_l[(B_MAX + 1) * (B_MAX + 1)];
static WEFT_SHARED int32_t ref_l[B_MAX * B_MAX];

/* Shared-memory load whose destination register differs from its address
 * register ("=&r"). Workaround for a bug of the functional model (sim/model/
 * model.c LOAD_TO, found with this kernel): a multi-lane `lw rd, off(rs1)` to
 * shared memory with rd == rs1 writes lane 0's rd before checking the other
 * lanes against lane 0's address, which is then the loaded data, and faults
 * ("out-of-range lw"); the RTL is right. GCC emitted exactly that here. */
static inline int32_t lds(const int32_t *p)
{
    int32_t v;
    __asm__ volatile("lw %0, 0(%1)" : "=&r"(v) : "r"(p) : "memory");
    return v;
}

static inline int32_t maximum(int32_t a, int32_t b, int32_t c)
{
    const int32_t k = weft_select_i32(a <= b, b, a);
    return weft_select_i32(k <= c, c, k);
}

static inline void nw_block(const rd_nw_args_t *arg, int32_t b_index_x, int32_t b_index_y)
{
    const int32_t bs = (int32_t)blockDim.x;
    const int32_t tx = (int32_t)threadIdx.x;
    const int32_t cols = arg->cols, penalty = arg->penalty;
    const int32_t *reference = WEFT_PTR(const int32_t, arg->reference);
    int32_t *itemsets = WEFT_PTR(int32_t, arg->itemsets);
    const int32_t corner = cols * bs * b_index_y + bs * b_index_x;
    const int32_t index = corner + tx + cols + 1;
    const int32_t index_n = corner + tx + 1;
    const int32_t index_w = corner + cols;
    const int32_t w1 = bs + 1;  /* score tile row length */

    WEFT_IF(tx == 0) {
        score_l[0] = itemsets[corner];
    } WEFT_ENDIF
    weft_syncthreads();
    for (int32_t ty = 0; ty < bs; ty++)  /* uniform */
        ref_l[ty * bs + tx] = reference[index + cols * ty];
    weft_syncthreads();
    score_l[(tx + 1) * w1] = itemsets[index_w + cols * tx];
    weft_syncthreads();
    score_l[tx + 1] = itemsets[index_n];
    weft_syncthreads();

    for (int32_t m = 0; m < bs; m++) {  /* upper-left half of the tile */
        WEFT_IF(tx <= m) {
            const int32_t x = tx + 1, y = m - tx + 1;
            score_l[y * w1 + x] = maximum(lds(&score_l[(y - 1) * w1 + x - 1]) + lds(&ref_l[(y - 1) * bs + x - 1]),
                                          lds(&score_l[y * w1 + x - 1]) - penalty,
                                          lds(&score_l[(y - 1) * w1 + x]) - penalty);
        } WEFT_ENDIF
        weft_syncthreads();
    }
    for (int32_t m = bs - 2; m >= 0; m--) {  /* lower-right half */
        WEFT_IF(tx <= m) {
            const int32_t x = tx + bs - m, y = bs - tx;
            score_l[y * w1 + x] = maximum(lds(&score_l[(y - 1) * w1 + x - 1]) + lds(&ref_l[(y - 1) * bs + x - 1]),
                                          lds(&score_l[y * w1 + x - 1]) - penalty,
                                          lds(&score_l[(y - 1) * w1 + x]) - penalty);
        } WEFT_ENDIF
        weft_syncthreads();
    }
    for (int32_t ty = 0; ty < bs; ty++)
        itemsets[index + cols * ty] = lds(&score_l[(ty + 1) * w1 + tx + 1]);
}

WEFT_KERNEL void rd_nw_kernel1(const void *argp)
{
    const rd_nw_args_t *arg = argp;
    const int32_t bx = (int32_t)blockIdx.x;
    nw_block(arg, bx, arg->blk - 1 - bx);
}

WEFT_KERNEL void rd_nw_kernel2(const void *argp)
{
    const rd_nw_args_t *arg = argp;
    const int32_t bx = (int32_t)blockIdx.x;
    nw_block(arg, bx + arg->block_width - arg->blk, arg->block_width - bx - 1);
}
