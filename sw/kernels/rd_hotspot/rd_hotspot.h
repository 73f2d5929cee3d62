/* rd_hotspot.h - argument block of rd_hotspot (Rodinia hotspot, OpenCL
 * kernel as in Vortex's tests/opencl/hotspot), shared by kernel.c and host.c. */
#ifndef RD_HOTSPOT_H
#define RD_HOTSPOT_H

#include <stdint.h>

#define RD_HOTSPOT_MAX_B 16 /* Rodinia's BLOCK_SIZE; the shared tiles are sized for it */

typedef struct {
    uint32_t iteration;   /* time steps of this launch (pyramid height or fewer) */
    uint32_t power;       /* device address of float power[rows*cols] */
    uint32_t temp_src;    /* device address of float temp_src[rows*cols] */
    uint32_t temp_dst;    /* device address of float temp_dst[rows*cols] (output) */
    int32_t grid_cols, grid_rows;
    int32_t border_cols, border_rows;
    float cap, rx, ry, rz, step;
} rd_hotspot_args_t;

#endif
