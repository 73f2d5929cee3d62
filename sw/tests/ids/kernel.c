/* ids - runtime test: every thread of every block records the ids the
 * runtime gives it (blockIdx, threadIdx, blockDim, gridDim), the core and
 * hardware thread that ran it, and a value another warp wrote before a
 * weft_syncthreads(). The host checks the whole mapping (sw/README.md) for
 * 3-D grids and blocks, partial warps included. */
#include "weft_device.h"
#include "ids.h"

WEFT_KERNEL void ids(const void *argp)
{
    const ids_args_t *arg = argp;
    const uint32_t nthr = weft_block_threads();
    const uint32_t t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const uint32_t b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const uint32_t slot = b * nthr + t;
    uint32_t *rec = WEFT_PTR(uint32_t, arg->rec) + slot * IDS_REC_WORDS;
    uint32_t *scratch = WEFT_PTR(uint32_t, arg->scratch) + b * nthr;

    scratch[t] = 0x1d5u ^ slot;
    weft_syncthreads();
    const uint32_t next = t + 1;
    rec[IDS_NEIGHBOUR] = scratch[weft_select(next == nthr, 0, next)];

    rec[IDS_BLOCK_X] = blockIdx.x;
    rec[IDS_BLOCK_Y] = blockIdx.y;
    rec[IDS_BLOCK_Z] = blockIdx.z;
    rec[IDS_THREAD_X] = threadIdx.x;
    rec[IDS_THREAD_Y] = threadIdx.y;
    rec[IDS_THREAD_Z] = threadIdx.z;
    rec[IDS_CORE] = weft_cid();
    rec[IDS_HWTHREAD] = weft_wid() * weft_nthreads() + weft_tid();
    rec[IDS_DIMS_OK] = (blockDim.x == arg->block[0]) & (blockDim.y == arg->block[1]) &
                       (blockDim.z == arg->block[2]) & (gridDim.x == arg->grid[0]) &
                       (gridDim.y == arg->grid[1]) & (gridDim.z == arg->grid[2]) &
                       (b == weft_block_linear()) & (t == weft_thread_linear());
}
