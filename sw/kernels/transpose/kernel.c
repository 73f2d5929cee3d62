/* transpose - out[c][r] = in[r][c] for a rows x cols uint32 matrix.
 *
 * Square D x D blocks (D = blockDim.x = blockDim.y) on a 2-D grid of
 * ceil(cols/D) x ceil(rows/D) tiles. Each block stages its input tile in its
 * own D*D region of a global scratch array (coalesced row reads), meets at
 * weft_syncthreads(), then writes the transposed tile (coalesced row
 * writes). Threads outside the matrix skip the load or the store. */
#include "weft_device.h"
#include "transpose.h"

WEFT_KERNEL void transpose(const void *argp)
{
    const transpose_args_t *arg = argp;
    const uint32_t D = blockDim.x;
    const uint32_t tx = threadIdx.x, ty = threadIdx.y;
    const uint32_t bx = blockIdx.x, by = blockIdx.y;
    const uint32_t rows = arg->rows, cols = arg->cols;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    uint32_t *tile = WEFT_PTR(uint32_t, arg->tiles) + weft_block_linear() * D * D;

    /* tile[ty][tx] = in[by*D + ty][bx*D + tx] */
    const uint32_t x = bx * D + tx, y = by * D + ty;
    WEFT_IF((x < cols) & (y < rows)) {
        tile[ty * D + tx] = in[y * cols + x];
    } WEFT_ENDIF

    weft_syncthreads();

    /* out[bx*D + ty][by*D + tx] = in[by*D + tx][bx*D + ty] = tile[tx][ty] */
    const uint32_t ox = by * D + tx, oy = bx * D + ty;
    WEFT_IF((ox < rows) & (oy < cols)) {
        out[oy * rows + ox] = tile[tx * D + ty];
    } WEFT_ENDIF
}
