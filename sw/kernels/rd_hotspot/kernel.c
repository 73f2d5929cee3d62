/* rd_hotspot - Rodinia hotspot (OpenCL kernel `hotspot`, as Vortex runs it in
 * tests/opencl/hotspot): transient thermal simulation of a chip, a 5-point
 * stencil with ghost-zone ("pyramid") blocking. Each B x B block (B =
 * blockDim.x = blockDim.y, B <= 16) loads a halo-padded tile of temperature
 * and power into shared memory and advances `iteration` time steps in it; the
 * computed region shrinks by one cell per side per step, and only the inner
 * (B - 2*iteration)^2 cells, which the non-overlapping small blocks tile, are
 * written back. Neighbours outside the grid are clamped to the edge.
 *
 * Thread-dependent control flow of the OpenCL source, each a WEFT_IF here:
 * the IN_RANGE load guard, the per-step `computed` range test, the copy-back
 * and the final store; the ?: clamps of N/S/W/E are weft_max/min (branch-free,
 * LLVM selects); the validY/X bounds are per block (warp-uniform). */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_hotspot.h"

#define B_MAX RD_HOTSPOT_MAX_B

static WEFT_SHARED float temp_on_cuda[B_MAX][B_MAX];
static WEFT_SHARED float power_on_cuda[B_MAX][B_MAX];
static WEFT_SHARED float temp_t[B_MAX][B_MAX];

/* Each range test is made opaque to GCC: without the empty asm, GCC rewrote
 * `(tx <= X) & (ty <= X)` of two IN_RANGEs as max(tx, ty) <= X with a
 * branch on ty >= tx, a thread-dependent branch outside the macros that
 * gave wrong temperatures (and that sw/tools/simt_check.py cannot see). */
static inline uint32_t hs_opaque(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}
#define IN_RANGE(x, lo, hi) hs_opaque((uint32_t)(((x) >= (lo)) & ((x) <= (hi))))

WEFT_KERNEL void rd_hotspot(const void *argp)
{
    const rd_hotspot_args_t *arg = argp;
    const int32_t bs = (int32_t)blockDim.x;
    const int32_t iteration = (int32_t)arg->iteration;
    const int32_t grid_cols = arg->grid_cols, grid_rows = arg->grid_rows;
    const float amb_temp = 80.0f;
    const float step_div_cap = arg->step / arg->cap;
    const float rx_1 = 1.0f / arg->rx, ry_1 = 1.0f / arg->ry, rz_1 = 1.0f / arg->rz;
    const float *power = WEFT_PTR(const float, arg->power);
    const float *temp_src = WEFT_PTR(const float, arg->temp_src);
    float *temp_dst = WEFT_PTR(float, arg->temp_dst);

    const int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y;
    const int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;

    const int32_t small_block_rows = bs - iteration * 2;
    const int32_t small_block_cols = bs - iteration * 2;
    const int32_t blk_y = small_block_rows * by - arg->border_rows;
    const int32_t blk_x = small_block_cols * bx - arg->border_cols;
    const int32_t blk_ymax = blk_y + bs - 1;
    const int32_t blk_xmax = blk_x + bs - 1;
    const int32_t yidx = blk_y + ty, xidx = blk_x + tx;
    const int32_t index = grid_cols * yidx + xidx;

    WEFT_IF(IN_RANGE(yidx, 0, grid_rows - 1) & IN_RANGE(xidx, 0, grid_cols - 1)) {
        temp_on_cuda[ty][tx] = temp_src[index];
        power_on_cuda[ty][tx] = power[index];
    } WEFT_ENDIF
    weft_syncthreads();

    /* per block: warp-uniform */
    const int32_t valid_ymin = (blk_y < 0) ? -blk_y : 0;
    const int32_t valid_ymax = (blk_ymax > grid_rows - 1) ? bs - 1 - (blk_ymax - grid_rows + 1) : bs - 1;
    const int32_t valid_xmin = (blk_x < 0) ? -blk_x : 0;
    const int32_t valid_xmax = (blk_xmax > grid_cols - 1) ? bs - 1 - (blk_xmax - grid_cols + 1) : bs - 1;

    const int32_t n = weft_max_i32(ty - 1, valid_ymin);
    const int32_t s = weft_min_i32(ty + 1, valid_ymax);
    const int32_t w = weft_max_i32(tx - 1, valid_xmin);
    const int32_t e = weft_min_i32(tx + 1, valid_xmax);

    uint32_t computed = 0;
    for (int32_t i = 0; i < iteration; i++) {  /* uniform */
        computed = (uint32_t)(IN_RANGE(tx, i + 1, bs - i - 2) & IN_RANGE(ty, i + 1, bs - i - 2) &
                              IN_RANGE(tx, valid_xmin, valid_xmax) & IN_RANGE(ty, valid_ymin, valid_ymax));
        WEFT_IF(computed) {
            const float t = temp_on_cuda[ty][tx];
            temp_t[ty][tx] = t + step_div_cap * (power_on_cuda[ty][tx] +
                (temp_on_cuda[s][tx] + temp_on_cuda[n][tx] - 2.0f * t) * ry_1 +
                (temp_on_cuda[ty][e] + temp_on_cuda[ty][w] - 2.0f * t) * rx_1 +
                (amb_temp - t) * rz_1);
        } WEFT_ENDIF
        weft_syncthreads();
        if (i == iteration - 1)  /* uniform */
            break;
        WEFT_IF(computed) {
            temp_on_cuda[ty][tx] = temp_t[ty][tx];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    WEFT_IF(computed) {
        temp_dst[index] = temp_t[ty][tx];
    } WEFT_ENDIF
}
