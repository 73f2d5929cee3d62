/* rd_nn.h - argument block of rd_nn (Rodinia nn, OpenCL kernel
 * NearestNeighbor), shared by kernel.c and host.c. */
#ifndef RD_NN_H
#define RD_NN_H

#include <stdint.h>

typedef struct {
    float lat, lng;
} rd_nn_latlong_t;

typedef struct {
    uint32_t locations; /* device address of rd_nn_latlong_t locations[n] */
    uint32_t distances; /* device address of float distances[n] (output) */
    int32_t num_records;
    float lat, lng;     /* the query point */
} rd_nn_args_t;

#endif
