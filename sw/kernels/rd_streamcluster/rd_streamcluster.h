/* rd_streamcluster.h - argument blocks of rd_streamcluster (Rodinia
 * streamcluster, OpenCL kernels memset_kernel and pgain_kernel), shared by
 * kernel.c and host.c. */
#ifndef RD_STREAMCLUSTER_H
#define RD_STREAMCLUSTER_H

#include <stdint.h>

#define RD_SC_MAX_DIM 512 /* coord_s in shared memory */

/* Rodinia's Point_Struct as OpenCL lays it out: float weight; long assign
 * (64-bit, 8-aligned); float cost: 24 bytes. */
typedef struct {
    float weight;
    uint32_t pad0;
    int32_t assign;    /* low word of the long (little-endian) */
    int32_t assign_hi;
    float cost;
    uint32_t pad1;
} rd_sc_point_t;

typedef struct {
    uint32_t mem;      /* device address of the bytes to set */
    uint32_t val;      /* the byte value (Rodinia: a short, stored as a char) */
    uint32_t bytes;
} rd_sc_memset_args_t;

typedef struct {
    uint32_t p;                 /* rd_sc_point_t p[num] */
    uint32_t coord;             /* float coord[dim * num], coordinate-major */
    uint32_t work_mem;          /* float work_mem[num * (K + 1)] (in/out) */
    uint32_t center_table;      /* int32_t center_table[num] */
    uint32_t switch_membership; /* char switch_membership[num] (out) */
    int32_t num, dim, x, k;
} rd_sc_pgain_args_t;

#endif
