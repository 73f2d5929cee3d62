/* rd_nn - Rodinia nn (OpenCL kernel NearestNeighbor; seed 000's "nearn"):
 * one thread per record computes its Euclidean distance to the query point,
 *   dist = sqrt((lat - r.lat)^2 + (lng - r.lng)^2)
 * as fmul, fused multiply-add and fsqrt.s (LLVM contracts the sum of
 * products). The host then picks the k nearest. Only the bounds test of the
 * last block diverges. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_nn.h"

WEFT_KERNEL void rd_nn(const void *argp)
{
    const rd_nn_args_t *arg = argp;
    const int32_t gid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const rd_nn_latlong_t *loc = WEFT_PTR(const rd_nn_latlong_t, arg->locations);

    WEFT_IF(gid < arg->num_records) {
        const float dlat = arg->lat - loc[gid].lat, dlng = arg->lng - loc[gid].lng;
        WEFT_PTR(float, arg->distances)[gid] = __builtin_sqrtf(__builtin_fmaf(dlat, dlat, dlng * dlng));
    } WEFT_ENDIF
}
