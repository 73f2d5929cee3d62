/* rd_particlefilter - Rodinia particle filter, float version (OpenCL
 * particle_single.cl; seed 000 Table 6.2: `-x 128 -y 128 -z 10 -np 10000`,
 * adjusted `-x 512 -y 512 -z 10 -np 300`): tracks a disk moving through a
 * noisy synthetic video. Per frame k the host launches
 *   rd_pf_likelihood  each particle moves (x += 1 + 5 randn, y += -2 +
 *                     2 randn, Box-Muller on a per-particle LCG), samples
 *                     the frame at the countOnes disk offsets around its
 *                     (truncated) position, likelihood = mean((I - 100)^2 -
 *                     (I - 228)^2) / 50 - 300, weight = exp(likelihood) / Np,
 *                     then a shared-memory tree sums the block's weights
 *                     (`if (thread_id < s)`, a WEFT_IF);
 *   rd_pf_sum         thread 0 adds the blocks' partial sums;
 *   rd_pf_normalize   weights /= the sum;
 *   rd_pf_cdf         thread 0: the CDF and u[0] = randu / Np;
 *   rd_pf_u           u[i] = u[0] + i / Np;
 *   rd_pf_find_index  each particle takes the first CDF entry >= u[i] (a
 *                     data-dependent search: WEFT_WHILE with the early exit
 *                     in its condition).
 * Rodinia's normalize_weights_kernel does normalize, cdf and u in one kernel
 * separated by barrier(CLK_GLOBAL_MEM_FENCE), which only orders memory
 * inside a work-group: with more than one block the CDF and u race. The
 * three launches are the host-side equivalent of the global barriers it
 * means. Rodinia's dev_round_float returns `newValue++` (the value before
 * the increment), i.e. truncation; kept. cos, log and exp are branch-free
 * routines (rd_particlefilter.h) as a vectorised OpenCL math library
 * computes them; the host checks them against its C library. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_particlefilter.h"

static WEFT_SHARED float buffer[RD_PF_MAX_THREADS];
static WEFT_SHARED float sh_scalar;

static inline uint32_t opaque(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}

static inline int32_t pf_gid(void)
{
    return (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
}

WEFT_KERNEL void rd_pf_likelihood(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    const int32_t i = pf_gid(), thread_id = (int32_t)threadIdx.x;
    const int32_t np = arg->Np, count = arg->countOnes;
    float *arrayX = WEFT_PTR(float, arg->arrayX), *arrayY = WEFT_PTR(float, arg->arrayY);
    const float *xj = WEFT_PTR(const float, arg->xj), *yj = WEFT_PTR(const float, arg->yj);
    float *weights = WEFT_PTR(float, arg->weights), *likelihood = WEFT_PTR(float, arg->likelihood);
    int32_t *ind = WEFT_PTR(int32_t, arg->ind), *seed = WEFT_PTR(int32_t, arg->seed);
    const int32_t *objxy = WEFT_PTR(const int32_t, arg->objxy);
    const uint8_t *I = WEFT_PTR(const uint8_t, arg->I);
    float *partial_sums = WEFT_PTR(float, arg->partial_sums);

    WEFT_IF(i < np) {
        arrayX[i] = xj[i];
        arrayY[i] = yj[i];
        weights[i] = 1.0f / (float)np;
        arrayX[i] = __builtin_fmaf(5.0f, rd_pf_randn(seed, i), arrayX[i] + 1.0f);
        arrayY[i] = __builtin_fmaf(2.0f, rd_pf_randn(seed, i), arrayY[i] - 2.0f);
        const int32_t rx = (int32_t)arrayX[i], ry = (int32_t)arrayY[i];  /* dev_round_float: truncation */
        float sum = 0.0f;
        for (int32_t y = 0; y < count; y++) {  /* uniform */
            const int32_t indX = rx + objxy[y * 2 + 1];
            const int32_t indY = ry + objxy[y * 2];
            int32_t v = indX * arg->IszY * arg->Nfr + indY * arg->Nfr + arg->k;
            v = weft_select_i32(opaque(v < 0), -v, v);
            v = weft_select_i32(opaque(v >= arg->max_size), 0, v);
            ind[i * count + y] = v;
            const float a = (float)(I[v] - 100), b = (float)(I[v] - 228);
            sum += __builtin_fmaf(a, a, -(b * b)) / 50.0f;
        }
        likelihood[i] = sum;
        likelihood[i] = likelihood[i] / (float)count - (float)RD_PF_SCALE_FACTOR;
        weights[i] = weights[i] * rd_pf_expf(likelihood[i]);
    } WEFT_ENDIF
    buffer[thread_id] = 0.0f;
    weft_syncthreads();
    WEFT_IF(i < np) {
        buffer[thread_id] = weights[i];
    } WEFT_ENDIF
    weft_syncthreads();
    for (uint32_t s = blockDim.x / 2; s > 0; s >>= 1) {  /* uniform */
        WEFT_IF((uint32_t)thread_id < s) {
            buffer[thread_id] += buffer[thread_id + (int32_t)s];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    WEFT_IF(thread_id == 0) {
        partial_sums[blockIdx.x] = buffer[0];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_pf_sum(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    float *partial_sums = WEFT_PTR(float, arg->partial_sums);
    WEFT_IF(pf_gid() == 0) {
        float sum = 0.0f;
        for (int32_t x = 0; x < arg->blocks; x++)  /* uniform */
            sum += partial_sums[x];
        partial_sums[0] = sum;
    } WEFT_ENDIF
}

/* Thread 0 of each block reads the sum into shared memory. Its own function
 * so the barrier after it is not duplicated onto the two arms (as rd_lud). */
static __attribute__((noinline)) void read_sum(const float *partial_sums, int32_t local_id)
{
    WEFT_IF(local_id == 0) {
        sh_scalar = partial_sums[0];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_pf_normalize(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    const int32_t i = pf_gid();
    float *weights = WEFT_PTR(float, arg->weights);
    read_sum(WEFT_PTR(const float, arg->partial_sums), (int32_t)threadIdx.x);
    weft_syncthreads();
    WEFT_IF(i < arg->Np) {
        weights[i] = weights[i] / sh_scalar;
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_pf_cdf(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    const float *weights = WEFT_PTR(const float, arg->weights);
    float *CDF = WEFT_PTR(float, arg->CDF), *u = WEFT_PTR(float, arg->u);
    int32_t *seed = WEFT_PTR(int32_t, arg->seed);
    WEFT_IF(pf_gid() == 0) {
        CDF[0] = weights[0];
        for (int32_t x = 1; x < arg->Np; x++)  /* uniform */
            CDF[x] = weights[x] + CDF[x - 1];
        u[0] = (1.0f / (float)arg->Np) * rd_pf_randu(seed, 0);
    } WEFT_ENDIF
}

static __attribute__((noinline)) void read_u1(const float *u, int32_t local_id)
{
    WEFT_IF(local_id == 0) {
        sh_scalar = u[0];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_pf_u(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    const int32_t i = pf_gid();
    float *u = WEFT_PTR(float, arg->u);
    read_u1(u, (int32_t)threadIdx.x);
    weft_syncthreads();
    WEFT_IF(i < arg->Np) {
        u[i] = sh_scalar + (float)i / (float)arg->Np;
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_pf_find_index(const void *argp)
{
    const rd_pf_args_t *arg = argp;
    const int32_t i = pf_gid(), np = arg->Np;
    const float *arrayX = WEFT_PTR(const float, arg->arrayX), *arrayY = WEFT_PTR(const float, arg->arrayY);
    const float *CDF = WEFT_PTR(const float, arg->CDF), *u = WEFT_PTR(const float, arg->u);
    float *xj = WEFT_PTR(float, arg->xj), *yj = WEFT_PTR(float, arg->yj);

    WEFT_IF(i < np) {
        const float ui = u[i];
        int32_t index = -1, x = 0;
        WEFT_WHILE(opaque(x < np) & opaque(index < 0)) {
            index = weft_select_i32(CDF[x] >= ui, x, index);
            x++;
        } WEFT_ENDWHILE
        index = weft_select_i32(opaque(index < 0), np - 1, index);
        xj[i] = arrayX[index];
        yj[i] = arrayY[index];
    } WEFT_ENDIF
}
