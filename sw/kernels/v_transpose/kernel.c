/* v_transpose - Vortex's transpose (tests/opencl/transpose, the NVIDIA SDK's
 * oclTranspose kernel `transpose`): D x D work-groups (D = blockDim.x =
 * blockDim.y <= 16) stage a tile in shared memory, rows padded to D + 1
 * words so the column reads do not hit one bank, and write it back
 * transposed: read coalesced along x, write coalesced along the output's
 * rows. Both bounds tests are divergent WEFT_IFs (partial tiles); a barrier
 * separates the two phases. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_transpose.h"

#define DIM V_TRANSPOSE_MAX_DIM

static WEFT_SHARED float block[DIM * (DIM + 1)];

static inline uint32_t opaque(uint32_t v)  /* see v_sgemm */
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void v_transpose(const void *argp)
{
    const v_transpose_args_t *arg = argp;
    const uint32_t d = blockDim.x, lx = threadIdx.x, ly = threadIdx.y;
    const uint32_t width = (uint32_t)arg->width, height = (uint32_t)arg->height, offset = (uint32_t)arg->offset;
    const float *idata = WEFT_PTR(const float, arg->idata);
    float *odata = WEFT_PTR(float, arg->odata);
    const uint32_t pitch = d + 1;

    uint32_t x = blockIdx.x * d + lx, y = blockIdx.y * d + ly;
    WEFT_IF(opaque(x + offset < width) & opaque(y < height)) {
        block[ly * pitch + lx] = idata[y * width + x + offset];
    } WEFT_ENDIF
    weft_syncthreads();
    x = blockIdx.y * d + lx;
    y = blockIdx.x * d + ly;
    WEFT_IF(opaque(x < height) & opaque(y + offset < width)) {
        odata[y * height + x] = block[lx * pitch + ly];
    } WEFT_ENDIF
}
