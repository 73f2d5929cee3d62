/* rd_gaussian - Rodinia gaussian elimination (OpenCL kernels Fan1 and Fan2;
 * seed 000 Table 6.2). For each pivot t the host launches
 *   rd_gaussian_fan1: thread i < size-1-t: m[t+1+i][t] = a[t+1+i][t] / a[t][t]
 *   rd_gaussian_fan2: thread (x, y), x < size-1-t, y < size-t:
 *       a[t+1+x][t+y] -= m[t+1+x][t] * a[t][t+y]   (one fused fnmsub: LLVM
 *       contracts the statement), and for y == 0 also
 *       b[t+1+x] -= m[t+1+x][t] * b[t].
 * The bounds tests and `y == 0` are divergent branches (WEFT_IF). */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_gaussian.h"

static inline uint32_t opaque(uint32_t v)  /* see v_sgemm: no max-with-a-branch */
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void rd_gaussian_fan1(const void *argp)
{
    const rd_gaussian_args_t *arg = argp;
    const int32_t gid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t size = arg->size, t = arg->t;
    float *m = WEFT_PTR(float, arg->m);
    const float *a = WEFT_PTR(const float, arg->a);

    WEFT_IF(gid < size - 1 - t) {
        m[size * (gid + t + 1) + t] = a[size * (gid + t + 1) + t] / a[size * t + t];
    } WEFT_ENDIF
}

__attribute__((optimize("no-shrink-wrap"))) WEFT_KERNEL void rd_gaussian_fan2(const void *argp)
{
    const rd_gaussian_args_t *arg = argp;
    const int32_t x = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    const int32_t y = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    const int32_t size = arg->size, t = arg->t;
    const float *m = WEFT_PTR(const float, arg->m);
    float *a = WEFT_PTR(float, arg->a);
    float *b = WEFT_PTR(float, arg->b);

    WEFT_IF(opaque(x < size - 1 - t) & opaque(y < size - t)) {
        const float mx = m[size * (x + 1 + t) + t];
        float *p = &a[size * (x + 1 + t) + (y + t)];
        *p = __builtin_fmaf(-mx, a[size * t + (y + t)], *p);
        WEFT_IF(y == 0) {
            b[x + 1 + t] = __builtin_fmaf(-mx, b[t], b[x + 1 + t]);
        } WEFT_ENDIF
    } WEFT_ENDIF
}
