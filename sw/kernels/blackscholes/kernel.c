/* blackscholes - European call and put prices, one option per thread:
 *   d1 = (log(S/K) + (r + v^2/2) T) / (v sqrt(T)),  d2 = d1 - v sqrt(T)
 *   call = S N(d1) - K e^(-rT) N(d2),  put = K e^(-rT) N(-d2) - S N(-d1)
 * with N() the polynomial approximation of blackscholes.h. sqrtf is the
 * fsqrt.s instruction; logf and expf come from picolibc's libm, which
 * branches on its argument (and on rv32imf uses libgcc's soft double), so
 * every call runs once per lane with only that lane active
 * (WEFT_PER_LANE_F, sw/runtime/weft_float.h). N(d) < 0 selection is
 * branch-free. */
#include <math.h>

#include "weft_device.h"
#include "weft_float.h"
#include "blackscholes.h"

static inline float cnd(float d, float e) /* e = expf(-d*d/2) */
{
    const float kk = 1.0f / (1.0f + BS_P * fabsf(d));
    const float poly = kk * (BS_A1 + kk * (BS_A2 + kk * (BS_A3 + kk * (BS_A4 + kk * BS_A5))));
    const float w = 1.0f - BS_RSQRT2PI * e * poly;
    return weft_fselect(d < 0.0f, 1.0f - w, w);
}

WEFT_KERNEL void blackscholes(const void *argp)
{
    const blackscholes_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;

    WEFT_IF(i < arg->n) {
        const float s = WEFT_PTR(const float, arg->s)[i], k = WEFT_PTR(const float, arg->k)[i];
        const float t = WEFT_PTR(const float, arg->t)[i], r = WEFT_PTR(const float, arg->r)[i];
        const float v = WEFT_PTR(const float, arg->v)[i];
        const float vst = v * sqrtf(t);
        const float lsk = WEFT_PER_LANE_F(logf, s / k);
        const float ert = WEFT_PER_LANE_F(expf, -r * t);
        const float d1 = (lsk + (r + 0.5f * v * v) * t) / vst;
        const float d2 = d1 - vst;
        const float n1 = cnd(d1, WEFT_PER_LANE_F(expf, -0.5f * d1 * d1));
        const float n2 = cnd(d2, WEFT_PER_LANE_F(expf, -0.5f * d2 * d2));
        const float kert = k * ert;
        WEFT_PTR(float, arg->call)[i] = s * n1 - kert * n2;
        WEFT_PTR(float, arg->put)[i] = kert * (1.0f - n2) - s * (1.0f - n1);
    } WEFT_ENDIF
}
