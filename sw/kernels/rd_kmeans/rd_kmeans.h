/* rd_kmeans.h - argument block of rd_kmeans (Rodinia kmeans, OpenCL kernels
 * kmeans_swap and kmeans_kernel_c), shared by kernel.c and host.c. */
#ifndef RD_KMEANS_H
#define RD_KMEANS_H

#include <stdint.h>

typedef struct {
    uint32_t feature;      /* device address of float feature[npoints][nfeatures] */
    uint32_t feature_swap; /* device address of float feature_swap[nfeatures][npoints] */
    uint32_t clusters;     /* device address of float clusters[nclusters][nfeatures] */
    uint32_t membership;   /* device address of int32_t membership[npoints] (output) */
    int32_t npoints, nclusters, nfeatures;
} rd_kmeans_args_t;

#endif
