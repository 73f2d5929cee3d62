/* rd_hotspot3d - Rodinia hotspot3D (OpenCL kernel hotspotOpt1): one time step
 * of the 3-D thermal stencil. Thread (i, j) walks its column through the nz
 * layers, keeping the layer below, its own and the one above in registers
 * (temp1, temp2, temp3) and reading its four in-plane neighbours, clamped to
 * the edge, in every layer:
 *   out = cc*t + cw*W + ce*E + cs*S + cn*N + cb*below + ct*above
 *         + sdc*power + ct*80
 * (left to right, one rounding per operation). The edge clamps are ?: on the
 * thread index: branch-free selects (weft_select), as LLVM emits them; the
 * only divergent branch is the bounds test of partial blocks. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_hotspot3d.h"

/* no-shrink-wrap: otherwise GCC saves callee-saved registers only on the
 * THEN path, duplicates the join and makes the ELSE path return straight
 * from its copy (sw/tools/simt_check.py rejects it: the two joins'
 * continuations differ; issue 16 describes the same shrink-wrapping). */
__attribute__((optimize("no-shrink-wrap"))) WEFT_KERNEL void rd_hotspot3d(const void *argp)
{
    const rd_hotspot3d_args_t *arg = argp;
    const int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t j = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const int32_t nx = arg->nx, ny = arg->ny, nz = arg->nz;
    const float *p = WEFT_PTR(const float, arg->p);
    const float *t_in = WEFT_PTR(const float, arg->t_in);
    float *t_out = WEFT_PTR(float, arg->t_out);
    const float sdc = arg->sdc, ce = arg->ce, cw = arg->cw, cn = arg->cn, cs = arg->cs;
    const float ct = arg->ct, cb = arg->cb, cc = arg->cc, amb_temp = 80.0f;

    WEFT_IF((i < nx) & (j < ny)) {
        int32_t c = i + j * nx;
        const int32_t xy = nx * ny;
        int32_t w = weft_select_i32(i == 0, c, c - 1);
        int32_t e = weft_select_i32(i == nx - 1, c, c + 1);
        int32_t n = weft_select_i32(j == 0, c, c - nx);
        int32_t s = weft_select_i32(j == ny - 1, c, c + nx);
        float temp1, temp2, temp3;
        temp1 = temp2 = t_in[c];
        temp3 = t_in[c + xy];
        t_out[c] = cc * temp2 + cw * t_in[w] + ce * t_in[e] + cs * t_in[s] + cn * t_in[n] + cb * temp1 +
                   ct * temp3 + sdc * p[c] + ct * amb_temp;
        c += xy;
        w += xy;
        e += xy;
        n += xy;
        s += xy;
        for (int32_t k = 1; k < nz - 1; ++k) {  /* uniform */
            temp1 = temp2;
            temp2 = temp3;
            temp3 = t_in[c + xy];
            t_out[c] = cc * temp2 + cw * t_in[w] + ce * t_in[e] + cs * t_in[s] + cn * t_in[n] + cb * temp1 +
                       ct * temp3 + sdc * p[c] + ct * amb_temp;
            c += xy;
            w += xy;
            e += xy;
            n += xy;
            s += xy;
        }
        temp1 = temp2;
        temp2 = temp3;
        t_out[c] = cc * temp2 + cw * t_in[w] + ce * t_in[e] + cs * t_in[s] + cn * t_in[n] + cb * temp1 +
                   ct * temp3 + sdc * p[c] + ct * amb_temp;
    } WEFT_ENDIF
}
