/* rd_hotspot3d.h - argument block of rd_hotspot3d (Rodinia hotspot3D, OpenCL
 * kernel hotspotOpt1), shared by kernel.c and host.c. */
#ifndef RD_HOTSPOT3D_H
#define RD_HOTSPOT3D_H

#include <stdint.h>

typedef struct {
    uint32_t p;     /* device address of float power[nz][ny][nx] */
    uint32_t t_in;  /* device address of float temp_in[nz][ny][nx] */
    uint32_t t_out; /* device address of float temp_out[nz][ny][nx] (output) */
    int32_t nx, ny, nz;
    float sdc, ce, cw, cn, cs, ct, cb, cc;
} rd_hotspot3d_args_t;

#endif
