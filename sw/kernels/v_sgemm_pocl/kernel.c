/* v_sgemm_pocl - Vortex's sgemm (tests/opencl/sgemm, as v_sgemm) with the
 * mapping of work-items to hardware threads of Vortex's POCL runtime
 * (vx_spawn_pocl_kernel in kernel/src/vx_spawn.c of vortexgpgpu/vortex):
 * a hardware thread runs a whole work-group, the work-group function looping
 * over its local items (x innermost). The host asks for 16 x 16 work-groups,
 * so thread g (= warp * T + lane, as the runtime numbers them) computes the
 * 256 elements of C of work-group (i, j) = (g % X, g / X), X = N / 16:
 *   for ly, lx < 16: r = 16 i + lx, c = 16 j + ly;
 *                    acc = 0; for k < N: acc += A[k*N + r] * B[c*N + k]
 * (fused, as v_sgemm). Only (N / 16)^2 threads are launched: 16 at N = 64
 * (two warps of 8), 64 at N = 128. Every loop is uniform across the lanes;
 * the lanes of a warp read different work-groups' columns of A (16 words
 * apart) instead of v_sgemm's consecutive words. An experiment variant
 * (docs/kernels-papers.md), not in the regression lists. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_sgemm_pocl.h"

static inline uint32_t opaque(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void v_sgemm_pocl(const void *argp)
{
    const v_sgemm_pocl_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    const uint32_t n = arg->n;
    const uint32_t x = n / VSP_LOCAL;
    const float *a = WEFT_PTR(const float, arg->a);
    const float *b = WEFT_PTR(const float, arg->b);
    float *cm = WEFT_PTR(float, arg->c);

    WEFT_IF(opaque(g < arg->groups)) {
        const uint32_t r0 = (g % x) * VSP_LOCAL, c0 = (g / x) * VSP_LOCAL;
        for (uint32_t ly = 0; ly < VSP_LOCAL; ly++)      /* uniform */
            for (uint32_t lx = 0; lx < VSP_LOCAL; lx++) { /* uniform */
                const uint32_t r = r0 + lx, c = c0 + ly;
                float acc = 0.0f;
                for (uint32_t k = 0; k < n; k++)          /* uniform */
                    acc = __builtin_fmaf(a[k * n + r], b[c * n + k], acc);
                cm[c * n + r] = acc;
            }
    } WEFT_ENDIF
}
