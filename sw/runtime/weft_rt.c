/* weft_rt.c - kernel launcher of the Weft bare-metal runtime.
 *
 * start.S calls weft_main() on every thread of every warp of every core
 * (warp 0 of each core has already spawned warps 1..W-1). The launcher reads
 * the launch descriptor (CSR launch, docs/isa.md) and runs the grid:
 *
 *   blocks   static distribution (default): core c runs blocks c, c+C,
 *            c+2C, ... (linear block index b, x fastest: b = x + gx*(y +
 *            gy*z)). Dynamic distribution (flags bit 0, harness option
 *            --blocks dynamic): thread 0 of warp 0 of a core takes the next
 *            block with an atomic add on the launch's counter and leaves it
 *            in the core's word of the sched area; after barrier 1 every warp
 *            of the core reads it, until the counter passes the grid
 *            (docs/memory.md, "Dynamic block distribution").
 *   threads  hardware thread h = wid*T + tid of a core is thread h of every
 *            block the core runs (x fastest: h = x + bx*(y + by*z)). All W
 *            warps walk the same block sequence. Threads with h >= block
 *            threads skip the kernel call (WEFT_IF); warps with no thread in
 *            the block skip it uniformly.
 *   barriers after each block all W warps of the core meet at barrier 1
 *            (count W), so no warp starts block k+1 while another still runs
 *            block k. weft_syncthreads() in the kernel is barrier 0 with
 *            count ceil(block threads / T) (the warps holding threads of the
 *            block).
 *   context  each thread keeps a weft_ctx_t (threadIdx, blockIdx, dims) in
 *            this function's stack frame and points tp at it; the kernel's
 *            accessors read it through tp.
 *   counters start.S sets perf-reset-lock at every launch (weft_perf.c).
 *   end      every warp executes tmc 0.
 *
 * Limits (failure stored to the exit address as (code << 1) | 1):
 *   WEFT_RT_FAIL_BLOCK   block threads must be 1 .. W*T (one block at a time
 *                        per core, one hardware thread per block thread);
 *   WEFT_RT_FAIL_THREADS C*W*T <= 4064 (16 MiB stack region / 4128-byte stacks);
 *   WEFT_RT_FAIL_LAUNCH  the descriptor address and kernel entry must be
 *                        non-zero (a kernel ELF run as a bare program).
 * The grid (gx*gy*gz blocks) must fit in 32 bits.
 * The runtime needs NUM_BARRIERS >= 2 (barrier ids 0 and 1).
 */
#include "weft_device.h"

typedef void (*weft_kernel_fn)(const void *arg);

static void __attribute__((noreturn)) weft_rt_fail(uint32_t code)
{
    weft_fail(code);
    weft_tmc(0);
    for (;;) {
    }
}

void weft_main(void)
{
    const uint32_t T = weft_nthreads();
    const uint32_t W = weft_nwarps();
    const uint32_t C = weft_ncores();
    const uint32_t cid = weft_cid();
    const uint32_t h = weft_wid() * T + weft_tid();
    const uint32_t max_block = W * T;
    weft_ctx_t ctx;

    /* All checks are warp-uniform: every thread sees the same values. */
    if (C * W * T > WEFT_MAX_HW_THREADS || max_block > WEFT_MAX_HW_THREADS)
        weft_rt_fail(WEFT_RT_FAIL_THREADS);

    const weft_launch_t *d = weft_launch_desc();
    if (d == 0)
        weft_rt_fail(WEFT_RT_FAIL_LAUNCH);
    if (d->entry == 0)
        weft_rt_fail(WEFT_RT_FAIL_LAUNCH);
    const weft_kernel_fn fn = (weft_kernel_fn)(uintptr_t)d->entry;
    const void *arg = (const void *)(uintptr_t)d->arg;

    const uint32_t bx = d->block.x, by = d->block.y, bz = d->block.z;
    const uint32_t gx = d->grid.x, gy = d->grid.y, gz = d->grid.z;
    /* Check each dimension first so that no product can overflow. */
    if (bx == 0 || by == 0 || bz == 0 || bx > max_block || by > max_block || bz > max_block)
        weft_rt_fail(WEFT_RT_FAIL_BLOCK);
    const uint32_t nthr = bx * by * bz;
    if (nthr > max_block)
        weft_rt_fail(WEFT_RT_FAIL_BLOCK);
    const uint32_t nblocks = gx * gy * gz;

    ctx.block_dim.x = bx;
    ctx.block_dim.y = by;
    ctx.block_dim.z = bz;
    ctx.grid_dim.x = gx;
    ctx.grid_dim.y = gy;
    ctx.grid_dim.z = gz;
    ctx.block_threads = nthr;
    ctx.thread_linear = h;
#ifdef WEFT_RT_PROBE_NODIV
    /* Probe build only (sw/sw.mk XNDKERNELS, docs/experiments/magalhaes.md
     * experiment 7): the same values without a divide for 1-D blocks and a
     * power-of-two T, so that no warp queues at the one-at-a-time divider.
     * Never in the kernels' own ELFs. */
    if (by == 1 && bz == 1 && (T & (T - 1)) == 0) {
        uint32_t lt = 0;   /* log2(T), without libgcc's __ctzsi2 */
        while ((1u << lt) < T)
            lt++;
        ctx.sync_warps = (nthr + T - 1) >> lt;
        ctx.thread_idx.x = h;
        ctx.thread_idx.y = 0;
        ctx.thread_idx.z = 0;
    } else
#endif
    {
    ctx.sync_warps = (nthr + T - 1) / T;
    /* Threads outside the block get indices too (never used by a kernel). */
    ctx.thread_idx.x = h % bx;
    ctx.thread_idx.y = (h / bx) % by;
    ctx.thread_idx.z = h / (bx * by);
    }
    __asm__ volatile("mv tp, %0" : : "r"(&ctx) : "memory");

    const uint32_t in_block = h < nthr;
    if (d->flags & WEFT_LAUNCH_DYNAMIC) {
        volatile uint32_t *area = (volatile uint32_t *)(uintptr_t)d->sched;
        for (;;) {
            if (weft_wid() == 0) {   /* warp-uniform */
                WEFT_IF(weft_tid() == 0) {
                    area[1 + cid] = weft_atomic_add(&area[0], 1);
                } WEFT_ENDIF
            }
            weft_bar(WEFT_BAR_BLOCK_END, W);
            const uint32_t b = area[1 + cid];
            if (b >= nblocks)
                break;
            ctx.block_linear = b;
            if (gy == 1 && gz == 1) {   /* 1-D grid: no division (33 cycles each) */
                ctx.block_idx.x = b;
                ctx.block_idx.y = 0;
                ctx.block_idx.z = 0;
            } else {
                ctx.block_idx.x = b % gx;
                ctx.block_idx.y = (b / gx) % gy;
                ctx.block_idx.z = b / (gx * gy);
            }
            WEFT_IF(in_block) {
                fn(arg);
            } WEFT_ENDIF
            weft_bar(WEFT_BAR_BLOCK_END, W);
        }
        weft_tmc(0);
        for (;;) {
        }
    }
    /* blockIdx of block b: computed for b = cid, then stepped by C without
     * divisions (the RTL divider takes 33 cycles). All of it is warp-uniform:
     * cid, C and the grid are the same for the whole core. */
#ifdef WEFT_RT_PROBE_NODIV
    uint32_t ix = cid, iy = 0, iz = 0;
    if (gy != 1 || gz != 1 || cid >= gx) {
        ix = cid % gx;
        iy = (cid / gx) % gy;
        iz = cid / (gx * gy);
    }
#else
    uint32_t ix = cid % gx, iy = (cid / gx) % gy, iz = cid / (gx * gy);
#endif
    for (uint32_t b = cid; b < nblocks; b += C) {
        ctx.block_linear = b;
        ctx.block_idx.x = ix;
        ctx.block_idx.y = iy;
        ctx.block_idx.z = iz;
        WEFT_IF(in_block) {
            fn(arg);
        } WEFT_ENDIF
        weft_bar(WEFT_BAR_BLOCK_END, W);
        ix += C;
        while (ix >= gx) {
            ix -= gx;
            iy++;
        }
        while (iy >= gy) {
            iy -= gy;
            iz++;
        }
    }

    weft_tmc(0);
    for (;;) {
    }
}
