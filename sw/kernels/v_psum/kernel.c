/* v_psum - Vortex's psum (tests/opencl/psum, kernel parallelSum): each
 * work-group of L threads (L a power of two) loads L floats into shared
 * memory (0 beyond n) and reduces them as a tree: for stride = L/2, L/4, ..
 * 1, threads lid < stride add temp[lid + stride] into temp[lid] (a divergent
 * WEFT_IF; a barrier after each level); thread 0 writes the group's sum.
 * The host adds the partial sums. */
#include "weft_device.h"
#include "weft_float.h"
#include "v_psum.h"

static WEFT_SHARED float temp[V_PSUM_MAX_LOCAL];

WEFT_KERNEL void v_psum(const void *argp)
{
    const v_psum_args_t *arg = argp;
    const uint32_t lid = threadIdx.x, local_size = blockDim.x;
    const uint32_t gid = blockIdx.x * local_size + lid;
    const float *input = WEFT_PTR(const float, arg->input);

    WEFT_IF(gid < arg->n) {
        temp[lid] = input[gid];
    } WEFT_ELSE {
        temp[lid] = 0.0f;
    } WEFT_ENDIF
    weft_syncthreads();
    for (uint32_t stride = local_size / 2; stride > 0; stride /= 2) {  /* uniform */
        WEFT_IF(lid < stride) {
            temp[lid] += temp[lid + stride];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    WEFT_IF(lid == 0) {
        WEFT_PTR(float, arg->output)[blockIdx.x] = temp[0];
    } WEFT_ENDIF
}
