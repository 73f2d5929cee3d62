/* rd_lavamd - Rodinia lavaMD (OpenCL kernel_gpu_opencl; seed 000 Table 6.2:
 * `-boxes1d 10`, adjusted 16): particle potentials and forces in a 3-D grid
 * of boxes of 100 particles. One block per home box: its particles (rA) in
 * shared memory; for the home box and each of its up to 26 neighbours, the
 * neighbour's particles (rB, qB) in shared memory, then each thread handles
 * home particles wtx = tx, tx + NT, ... against all 100 neighbour particles:
 *   r2 = rA.v + rB.v - DOT(rA, rB); vij = exp(-a2 r2); fs = 2 vij;
 *   fv += qB * (vij, fs dx, fs dy, fs dz)
 * The `while (wtx < NUMBER_PAR_PER_BOX)` loops have per-thread trip counts
 * when 100 is not a multiple of the block (WEFT_WHILE); the box loops are
 * per block (uniform). Float order: LLVM's contraction (DOT = fma(az, bz,
 * fma(ax, bx, ay * by)), each `+= q * f` one fmadd). exp is a branch-free
 * routine (rd_lavamd.h), not picolibc's expf, which branches on its argument
 * and would cost one call per lane; the host checks it against expf. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_lavamd.h"

#define NPAR RD_LAVAMD_PAR_PER_BOX

static WEFT_SHARED rd_lavamd_four_t rA_shared[NPAR];
static WEFT_SHARED rd_lavamd_four_t rB_shared[NPAR];
static WEFT_SHARED float qB_shared[NPAR];

WEFT_KERNEL void rd_lavamd(const void *argp)
{
    const rd_lavamd_args_t *arg = argp;
    const int32_t bx = (int32_t)blockIdx.x, tx = (int32_t)threadIdx.x;
    const int32_t nt = (int32_t)blockDim.x;  /* NUMBER_THREADS */
    const rd_lavamd_box_t *d_box = WEFT_PTR(const rd_lavamd_box_t, arg->box);
    const rd_lavamd_four_t *d_rv = WEFT_PTR(const rd_lavamd_four_t, arg->rv);
    const float *d_qv = WEFT_PTR(const float, arg->qv);
    rd_lavamd_four_t *d_fv = WEFT_PTR(rd_lavamd_four_t, arg->fv);

    if (bx < arg->number_boxes) {  /* uniform */
        const float a2 = 2.0f * arg->alpha * arg->alpha;
        const int32_t first_i = d_box[bx].offset;
        int32_t wtx = tx;
        WEFT_WHILE(wtx < NPAR) {
            rA_shared[wtx] = d_rv[first_i + wtx];
            wtx = wtx + nt;
        } WEFT_ENDWHILE
        weft_syncthreads();
        const int32_t nn = d_box[bx].nn;
        for (int32_t k = 0; k < 1 + nn; k++) {  /* uniform */
            const int32_t pointer = k == 0 ? bx : d_box[bx].nei[k - 1].number;
            const int32_t first_j = d_box[pointer].offset;
            wtx = tx;
            WEFT_WHILE(wtx < NPAR) {
                rB_shared[wtx] = d_rv[first_j + wtx];
                qB_shared[wtx] = d_qv[first_j + wtx];
                wtx = wtx + nt;
            } WEFT_ENDWHILE
            weft_syncthreads();
            wtx = tx;
            WEFT_WHILE(wtx < NPAR) {
                rd_lavamd_four_t *f = &d_fv[first_i + wtx];
                const rd_lavamd_four_t a = rA_shared[wtx];
                for (int32_t j = 0; j < NPAR; j++) {  /* uniform */
                    const rd_lavamd_four_t b = rB_shared[j];
                    const float q = qB_shared[j];
                    const float dot = __builtin_fmaf(a.z, b.z, __builtin_fmaf(a.x, b.x, a.y * b.y));
                    const float r2 = a.v + b.v - dot;
                    const float u2 = a2 * r2;
                    const float vij = rd_lavamd_expf(-u2);
                    const float fs = 2.0f * vij;
                    const float fxij = fs * (a.x - b.x);
                    const float fyij = fs * (a.y - b.y);
                    const float fzij = fs * (a.z - b.z);
                    f->v = __builtin_fmaf(q, vij, f->v);
                    f->x = __builtin_fmaf(q, fxij, f->x);
                    f->y = __builtin_fmaf(q, fyij, f->y);
                    f->z = __builtin_fmaf(q, fzij, f->z);
                }
                wtx = wtx + nt;
            } WEFT_ENDWHILE
            weft_syncthreads();
        }
    }
}
