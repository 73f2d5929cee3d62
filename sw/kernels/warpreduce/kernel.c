/* warpreduce - warp-level reductions with the warp primitives (docs/isa.md
 * "Warp primitives"), written as CUDA code with __shfl_down_sync & co.:
 * every thread loads one element (0 past the end; all T threads of every
 * warp stay active, as CUDA's full-mask idioms require) and its warp
 *   - sums and maximises it with a shfl.down tree (lane 0 holds the result),
 *   - sums it with an xor butterfly (every lane holds the sum),
 *   - scans it (inclusive) with shfl.up and broadcasts the last lane's
 *     scan with shfl.idx,
 *   - votes: ballot(v odd), any(v % 7 == 0), all(v != 0).
 * The host checks every output. Thread-dependent control flow only in
 * WEFT_IF, so it runs in both divergence modes. */
#include "weft_device.h"
#include "warpreduce.h"

WEFT_KERNEL void warpreduce(const void *argp)
{
    const warpreduce_args_t *arg = argp;
    const uint32_t T = weft_nthreads(), lane = weft_tid();
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t n = arg->n;
    /* branch-free bounds: an index past the end reads the last element and
     * contributes 0 */
    const uint32_t v = weft_select(i < n, WEFT_PTR(const uint32_t, arg->in)[weft_min_u32(i, n - 1)], 0);

    uint32_t s = v, mx = v;
    for (uint32_t off = T / 2; off > 0; off >>= 1) {   /* warp-uniform */
        s += weft_shfl_down(s, off);
        mx = weft_max_u32(mx, weft_shfl_down(mx, off));
    }
    uint32_t scan = v;
    for (uint32_t d = 1; d < T; d <<= 1) {
        const uint32_t up = weft_shfl_up(scan, d);
        scan += weft_select(lane >= d, up, 0);   /* the first d lanes get their own value back */
    }
    const uint32_t total = weft_shfl(scan, T - 1);
    const uint32_t bfly = weft_warp_sum(v);
    const uint32_t odd = weft_ballot(v & 1u);
    const uint32_t any7 = weft_any(v % 7u == 0);
    const uint32_t allnz = weft_all(v != 0);

    WEFT_PTR(uint32_t, arg->scan)[i] = scan;
    WEFT_PTR(uint32_t, arg->total)[i] = total;
    WEFT_PTR(uint32_t, arg->bfly)[i] = bfly;
    WEFT_IF(lane == 0) {
        const uint32_t wi = i / T;
        WEFT_PTR(uint32_t, arg->wsum)[wi] = s;
        WEFT_PTR(uint32_t, arg->wmax)[wi] = mx;
        WEFT_PTR(uint32_t, arg->odd)[wi] = odd;
        WEFT_PTR(uint32_t, arg->any7)[wi] = any7;
        WEFT_PTR(uint32_t, arg->allnz)[wi] = allnz;
    } WEFT_ENDIF
}
