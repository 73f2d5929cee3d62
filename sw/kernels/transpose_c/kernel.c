/* transpose_c - transpose (sw/kernels/transpose) written as a CUDA
 * programmer writes it: plain `if` bounds tests with &&, no WEFT_IF (issue 16
 * item 5). The tiles at the right and bottom edges are partly outside the
 * matrix, so the tests are thread-dependent: the kernel needs divergence mode
 * minpc, which its ELF asks for (sw/sw.mk DK_NOTE), so the default command
 * runs it correctly; with --divergence ipdom the branch check stops it
 * (exit 7). The host program is transpose's (transpose_host_run). */
#include "weft_device.h"
#include "../transpose/transpose.h"

WEFT_KERNEL void transpose_c(const void *argp)
{
    const transpose_args_t *arg = argp;
    const uint32_t D = blockDim.x;
    const uint32_t tx = threadIdx.x, ty = threadIdx.y;
    const uint32_t rows = arg->rows, cols = arg->cols;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    uint32_t *tile = WEFT_PTR(uint32_t, arg->tiles) + weft_block_linear() * D * D;

    const uint32_t x = blockIdx.x * D + tx, y = blockIdx.y * D + ty;
    if (x < cols && y < rows)
        tile[ty * D + tx] = in[y * cols + x];

    weft_syncthreads();

    const uint32_t ox = blockIdx.y * D + tx, oy = blockIdx.x * D + ty;
    if (ox < rows && oy < cols)
        out[oy * rows + ox] = tile[tx * D + ty];
}
