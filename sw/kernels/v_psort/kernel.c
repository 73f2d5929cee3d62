/* v_psort - Vortex's psort (tests/opencl/psort, kernel psorti): a rank sort.
 * Thread gid owns key ref = in[gid] and counts, over ALL n keys, those that
 * sort before it: cur < ref, or cur == ref at a lower index (stable ties).
 * The count is ref's final position: out[pos] = ref. n*n compares in total,
 * n per thread, every thread of a warp reading the same in[i] (one coalesced
 * line per warp and iteration).
 *
 * The OpenCL condition `(cur < ref) || ((cur == ref) && (i < gid))` is a
 * short-circuit `||`: the branch on cur < ref is thread-dependent, so it is a
 * divergent branch (Vortex's compiler brackets it with split/join; seed 002
 * sec. VI counts an 18-instruction main loop). Here it is a WEFT_IF with the
 * second operand of `||` in the ELSE arm; the `&&` inside it is evaluated
 * branch-free (two compares and an and), as LLVM does for side-effect-free
 * operands. docs/kernels-papers.md gives the loop as compiled. */
#include "weft_device.h"
#include "v_psort.h"

WEFT_KERNEL void v_psort(const void *argp)
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
            WEFT_IF(cur < ref) {
                pos++;
            } WEFT_ELSE {
                pos += (uint32_t)((cur == ref) & (i < gid));
            } WEFT_ENDIF
        }
        out[pos] = ref;
    } WEFT_ENDIF
}
