/* rd_lud - Rodinia LU decomposition (OpenCL lud_kernel.cl: lud_diagonal,
 * lud_perimeter, lud_internal; seed 000 Table 6.2 `1024x1024 Matrix`),
 * in place, no pivoting, B x B blocks (B = the kernel argument bs, Rodinia's
 * BLOCK_SIZE). Per step (offset = 0, B, 2B, ...) the host launches
 *   lud_diagonal   1 block of B threads: factors the diagonal block in
 *                  shared memory (`if (tx > i)`: divergent, a WEFT_IF);
 *   lud_perimeter  one block of 2B threads per block right of / below the
 *                  diagonal one: threads tx < B solve the row block (L^-1),
 *                  the others the column block (U^-1): `if (tx < BLOCK_SIZE)`
 *                  with an else, a WEFT_IF/WEFT_ELSE;
 *   lud_internal   B x B threads per trailing block: m -= peri_col x peri_row.
 * `a -= b * c` is one fused fnmsub.s (LLVM contracts the statement, OpenCL's
 * FP_CONTRACT default), `sum += a * b` one fmadd.s; the division an fdiv.s.
 * The loops inside the WEFT_IFs run over the step index i (warp-uniform). */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_lud.h"

#define B_MAX RD_LUD_MAX_B

static WEFT_SHARED float dia[B_MAX * B_MAX];      /* lud_diagonal's `shadow` too */
static WEFT_SHARED float peri_row[B_MAX * B_MAX];
static WEFT_SHARED float peri_col[B_MAX * B_MAX];

WEFT_KERNEL void rd_lud_diagonal(const void *argp)
{
    const rd_lud_args_t *arg = argp;
    const int32_t bs = arg->bs, dim = arg->matrix_dim, offset = arg->offset;
    const int32_t tx = (int32_t)threadIdx.x;
    float *m = WEFT_PTR(float, arg->m);
    float *shadow = dia;

    int32_t array_offset = offset * dim + offset;
    for (int32_t i = 0; i < bs; i++) {
        shadow[i * bs + tx] = m[array_offset + tx];
        array_offset += dim;
    }
    weft_syncthreads();
    for (int32_t i = 0; i < bs - 1; i++) {
        WEFT_IF(tx > i) {
            float *p = &shadow[tx * bs + i];
            for (int32_t j = 0; j < i; j++)  /* uniform */
                *p = __builtin_fmaf(-shadow[tx * bs + j], shadow[j * bs + i], *p);
            *p = *p / shadow[i * bs + i];
        } WEFT_ENDIF
        weft_syncthreads();
        WEFT_IF(tx > i) {
            float *p = &shadow[(i + 1) * bs + tx];
            for (int32_t j = 0; j < i + 1; j++)
                *p = __builtin_fmaf(-shadow[(i + 1) * bs + j], shadow[j * bs + tx], *p);
        } WEFT_ENDIF
        weft_syncthreads();
    }
    array_offset = (offset + 1) * dim + offset;
    for (int32_t i = 1; i < bs; i++) {
        m[array_offset + tx] = shadow[i * bs + tx];
        array_offset += dim;
    }
}

/* lud_perimeter in three phases, each its own (non-inlined) function: with
 * the phases inlined GCC duplicated the join + barrier + next split after
 * each arm of the first WEFT_IF/ELSE with differently allocated
 * continuations (sw/tools/simt_check.py rejects that; -fno-reorder-blocks
 * did not prevent it). */
static __attribute__((noinline)) void peri_load(float *m, int32_t bs, int32_t dim, int32_t offset, int32_t bx,
                                                int32_t tx)
{
    WEFT_IF(tx < bs) {
        const int32_t idx = tx;
        int32_t array_offset = offset * dim + offset;
        for (int32_t i = 0; i < bs / 2; i++) {
            dia[i * bs + idx] = m[array_offset + idx];
            array_offset += dim;
        }
        array_offset = offset * dim + offset;
        for (int32_t i = 0; i < bs; i++) {
            peri_row[i * bs + idx] = m[array_offset + (bx + 1) * bs + idx];
            array_offset += dim;
        }
    } WEFT_ELSE {
        const int32_t idx = tx - bs;
        int32_t array_offset = (offset + bs / 2) * dim + offset;
        for (int32_t i = bs / 2; i < bs; i++) {
            dia[i * bs + idx] = m[array_offset + idx];
            array_offset += dim;
        }
        array_offset = (offset + (bx + 1) * bs) * dim + offset;
        for (int32_t i = 0; i < bs; i++) {
            peri_col[i * bs + idx] = m[array_offset + idx];
            array_offset += dim;
        }
    } WEFT_ENDIF
}

static __attribute__((noinline)) void peri_solve(int32_t bs, int32_t tx)
{
    WEFT_IF(tx < bs) {  /* peri-row */
        const int32_t idx = tx;
        for (int32_t i = 1; i < bs; i++) {
            float *p = &peri_row[i * bs + idx];
            for (int32_t j = 0; j < i; j++)
                *p = __builtin_fmaf(-dia[i * bs + j], peri_row[j * bs + idx], *p);
        }
    } WEFT_ELSE {  /* peri-col */
        const int32_t idx = tx - bs;
        for (int32_t i = 0; i < bs; i++) {
            float *p = &peri_col[idx * bs + i];
            for (int32_t j = 0; j < i; j++)
                *p = __builtin_fmaf(-peri_col[idx * bs + j], dia[j * bs + i], *p);
            *p = *p / dia[i * bs + i];
        }
    } WEFT_ENDIF
}

static __attribute__((noinline)) void peri_store(float *m, int32_t bs, int32_t dim, int32_t offset, int32_t bx,
                                                 int32_t tx)
{
    WEFT_IF(tx < bs) {  /* peri-row */
        const int32_t idx = tx;
        int32_t array_offset = (offset + 1) * dim + offset;
        for (int32_t i = 1; i < bs; i++) {
            m[array_offset + (bx + 1) * bs + idx] = peri_row[i * bs + idx];
            array_offset += dim;
        }
    } WEFT_ELSE {  /* peri-col */
        const int32_t idx = tx - bs;
        int32_t array_offset = (offset + (bx + 1) * bs) * dim + offset;
        for (int32_t i = 0; i < bs; i++) {
            m[array_offset + idx] = peri_col[i * bs + idx];
            array_offset += dim;
        }
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_lud_perimeter(const void *argp)
{
    const rd_lud_args_t *arg = argp;
    const int32_t bs = arg->bs, dim = arg->matrix_dim, offset = arg->offset;
    const int32_t bx = (int32_t)blockIdx.x, tx = (int32_t)threadIdx.x;
    float *m = WEFT_PTR(float, arg->m);

    peri_load(m, bs, dim, offset, bx, tx);
    weft_syncthreads();
    peri_solve(bs, tx);
    weft_syncthreads();
    peri_store(m, bs, dim, offset, bx, tx);
}

WEFT_KERNEL void rd_lud_internal(const void *argp)
{
    const rd_lud_args_t *arg = argp;
    const int32_t bs = arg->bs, dim = arg->matrix_dim, offset = arg->offset;
    const int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y;
    const int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
    float *m = WEFT_PTR(float, arg->m);
    const int32_t global_row_id = offset + (by + 1) * bs;
    const int32_t global_col_id = offset + (bx + 1) * bs;

    peri_row[ty * bs + tx] = m[(offset + ty) * dim + global_col_id + tx];
    peri_col[ty * bs + tx] = m[(global_row_id + ty) * dim + offset + tx];
    weft_syncthreads();
    float sum = 0.0f;
    for (int32_t i = 0; i < bs; i++)
        sum = __builtin_fmaf(peri_col[ty * bs + i], peri_row[i * bs + tx], sum);
    m[(global_row_id + ty) * dim + global_col_id + tx] -= sum;
}
