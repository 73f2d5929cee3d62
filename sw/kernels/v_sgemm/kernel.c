/* v_sgemm - Vortex's sgemm (tests/opencl/sgemm): square N x N matrices, one
 * thread per element of C, thread (r, c) = (global x, global y):
 *   acc = 0; for k < N: acc += A[k*N + r] * B[c*N + k]; C[c*N + r] = acc
 * (A is read along its columns, so a warp's lanes, consecutive r, read
 * consecutive words; B[c*N + k] is one word per warp row). The multiply-add
 * is a fused fmadd.s, as Vortex's LLVM contracts it (seed 002 counts fmadd
 * latencies). The bounds test only matters for partial blocks. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_sgemm.h"

/* Opaque to GCC: it rewrote `(r < n) & (c < n)` as max(r, c) < n with a
 * thread-dependent branch (wrong elements on w8t8; simt_check cannot see
 * it). The empty asm keeps each comparison a value. */
static inline uint32_t opaque(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void v_sgemm(const void *argp)
{
    const v_sgemm_args_t *arg = argp;
    const uint32_t r = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t c = blockIdx.y * blockDim.y + threadIdx.y;
    const uint32_t n = arg->n;
    const float *a = WEFT_PTR(const float, arg->a);
    const float *b = WEFT_PTR(const float, arg->b);

    WEFT_IF(opaque(r < n) & opaque(c < n)) {
        float acc = 0.0f;
        for (uint32_t k = 0; k < n; k++)  /* uniform */
            acc = __builtin_fmaf(a[k * n + r], b[c * n + k], acc);
        WEFT_PTR(float, arg->c)[c * n + r] = acc;
    } WEFT_ENDIF
}
