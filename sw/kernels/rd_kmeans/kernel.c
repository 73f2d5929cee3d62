/* rd_kmeans - Rodinia k-means (OpenCL kernels kmeans_swap and kmeans_kernel_c,
 * the ones seed 000 and seed 002 run on Vortex).
 *
 * rd_kmeans_swap: transposes the features to feature_swap[f][point] (once),
 *   so that the threads of a warp read consecutive words.
 * rd_kmeans_c: one thread per point; for every cluster (all threads of a
 *   warp read the same centre: one line per warp) it sums the squared
 *   distance over the features, and keeps the nearest cluster. The
 *   `if (dist < min_dist)` of the source is thread-dependent: a WEFT_IF.
 * The host updates the centres between launches (as Rodinia's host does). */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_kmeans.h"

WEFT_KERNEL void rd_kmeans_swap(const void *argp)
{
    const rd_kmeans_args_t *arg = argp;
    const int32_t tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const float *feature = WEFT_PTR(const float, arg->feature);
    float *feature_swap = WEFT_PTR(float, arg->feature_swap);
    const int32_t npoints = arg->npoints, nfeatures = arg->nfeatures;

    WEFT_IF(tid < npoints) {
        for (int32_t i = 0; i < nfeatures; i++)  /* uniform */
            feature_swap[i * npoints + tid] = feature[tid * nfeatures + i];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_kmeans_c(const void *argp)
{
    const rd_kmeans_args_t *arg = argp;
    const int32_t point_id = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const float *feature = WEFT_PTR(const float, arg->feature_swap);
    const float *clusters = WEFT_PTR(const float, arg->clusters);
    const int32_t npoints = arg->npoints, nclusters = arg->nclusters, nfeatures = arg->nfeatures;

    WEFT_IF(point_id < npoints) {
        int32_t index = 0;
        float min_dist = __FLT_MAX__;
        for (int32_t i = 0; i < nclusters; i++) {  /* uniform */
            float ans = 0.0f;
            for (int32_t l = 0; l < nfeatures; l++) {  /* uniform */
                const float d = feature[l * npoints + point_id] - clusters[i * nfeatures + l];
                ans += d * d;
            }
            WEFT_IF(ans < min_dist) {
                min_dist = ans;
                index = i;
            } WEFT_ENDIF
        }
        WEFT_PTR(int32_t, arg->membership)[point_id] = index;
    } WEFT_ENDIF
}
