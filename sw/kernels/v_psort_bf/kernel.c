/* v_psort_bf - experiment variant of v_psort (docs/kernels-papers.md,
 * docs/experiments/magalhaes.md experiment 7): the same rank sort, inputs,
 * mapping (one thread per key, blocks of W*T) and check, with the compare of
 * the hot loop branch-free, as Vortex's own build of psorti computes it
 * (tests/opencl/psort/psorti.dump of vortexgpgpu/vortex: slt, xor, seqz, slt,
 * and, or, add in an 11-instruction loop without a divergent branch).
 * v_psort keeps the divergent `||` of seed 002 sec. VI (WEFT_IF); this
 * variant changes only that. */
#include "weft_device.h"
#include "../v_psort/v_psort.h"

WEFT_KERNEL void v_psort_bf(const void *argp)
{
    const v_psort_args_t *arg = argp;
    const uint32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t n = arg->n;
    const int32_t *in = WEFT_PTR(const int32_t, arg->in);
    int32_t *out = WEFT_PTR(int32_t, arg->out);

    WEFT_IF(gid < n) {  /* the last block may be partial when n % block != 0 */
        const int32_t ref = in[gid];
        uint32_t pos = 0;
        for (uint32_t i = 0; i < n; i++) {  /* uniform: n is a kernel argument */
            const int32_t cur = in[i];
            pos += (uint32_t)((cur < ref) | ((cur == ref) & (i < gid)));
        }
        out[pos] = ref;
    } WEFT_ENDIF
}
