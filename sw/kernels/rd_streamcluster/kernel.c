/* rd_streamcluster - Rodinia streamcluster (OpenCL Kernels.cl: memset_kernel,
 * pgain_kernel; seed 000 Table 6.2: 65536 points; seed 000 sec. 4.2 names
 * its two kernels). pgain evaluates opening a centre at point x: one thread
 * per point computes its weighted squared distance to x (x's coordinates
 * staged in shared memory by thread 0 of the block) and, if that is below its
 * current cost, marks it for reassignment and records the saving, else adds
 * the loss to its current centre's slot of work_mem. `x_cost += d * d` is one
 * fmadd.s (LLVM's contraction), the two arms of `if (x_cost < current_cost)`
 * a WEFT_IF/WEFT_ELSE.
 *
 * Differences from the OpenCL source, semantics kept: Rodinia's barrier sits
 * inside `if (thread_id < num)` (undefined in OpenCL when a block is
 * partial; Weft's barriers count warps and must be warp-uniform), so the
 * staging and the barrier come first and the bounds WEFT_IF after them (the
 * staging thread, local id 0, is always below num). memset_kernel has a
 * bounds test here: Rodinia's _clMemset rounds the global size up to its
 * work-group size and writes past the buffer. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_streamcluster.h"

static WEFT_SHARED float coord_s[RD_SC_MAX_DIM];

WEFT_KERNEL void rd_sc_memset(const void *argp)
{
    const rd_sc_memset_args_t *arg = argp;
    const uint32_t thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    volatile uint8_t *mem_d = WEFT_PTR(volatile uint8_t, arg->mem);
    WEFT_IF(thread_id < arg->bytes) {
        mem_d[thread_id] = (uint8_t)arg->val;
    } WEFT_ENDIF
}

/* Thread 0 stages point x's coordinates. Its own function: inlined, GCC
 * duplicated the join + barrier + next split after both arms with different
 * registers (sw/tools/simt_check.py rejects that), as in rd_lud. */
static __attribute__((noinline)) void stage_x(const float *coord_d, int32_t local_id, int32_t dim, int32_t num,
                                              int32_t x)
{
    WEFT_IF(local_id == 0) {
        for (int32_t i = 0; i < dim; i++)  /* uniform */
            coord_s[i] = coord_d[i * num + x];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_sc_pgain(const void *argp)
{
    const rd_sc_pgain_args_t *arg = argp;
    const int32_t thread_id = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t local_id = (int32_t)threadIdx.x;
    const int32_t num = arg->num, dim = arg->dim, x = arg->x, k = arg->k;
    const rd_sc_point_t *p = WEFT_PTR(const rd_sc_point_t, arg->p);
    const float *coord_d = WEFT_PTR(const float, arg->coord);
    float *work_mem_d = WEFT_PTR(float, arg->work_mem);
    const int32_t *center_table_d = WEFT_PTR(const int32_t, arg->center_table);
    char *switch_membership_d = WEFT_PTR(char, arg->switch_membership);

    stage_x(coord_d, local_id, dim, num, x);
    weft_syncthreads();

    WEFT_IF(thread_id < num) {
        float x_cost = 0.0f;
        for (int32_t i = 0; i < dim; i++) {
            const float d = coord_d[(i * num) + thread_id] - coord_s[i];
            x_cost = __builtin_fmaf(d, d, x_cost);
        }
        x_cost = x_cost * p[thread_id].weight;
        const float current_cost = p[thread_id].cost;
        const int32_t base = thread_id * (k + 1);
        WEFT_IF(x_cost < current_cost) {
            switch_membership_d[thread_id] = '1';
            work_mem_d[base + k] = x_cost - current_cost;
        } WEFT_ELSE {
            const int32_t assign = p[thread_id].assign;
            const int32_t addr_2 = base + center_table_d[assign];
            work_mem_d[addr_2] += current_cost - x_cost;
        } WEFT_ENDIF
    } WEFT_ENDIF
}
