/* weft_float.h - helpers for RV32F kernels (sw/sw.mk: FKERNELS, built with
 * -march=rv32imf -mabi=ilp32f). Include after weft_device.h.
 *
 * The divergence rule of weft_device.h holds for floats too: a float
 * comparison in an `if` or `?:` is a warp-wide branch. Use the branch-free
 * helpers below (a comparison such as `a < b` used as an integer is one
 * flt.s, no branch). fminf/fmaxf/fabsf/sqrtf are single instructions
 * (fmin.s, fmax.s, fsgnjx.s, fsqrt.s with -fno-math-errno).
 *
 * Library functions (picolibc's expf, logf, ...) branch on their argument
 * and, on rv32imf, call libgcc's soft double-precision helpers, which branch
 * on the data too: called by a warp whose lanes hold different arguments
 * they would follow the leader's path with every lane's data. WEFT_PER_LANE
 * runs a statement once per active lane with only that lane active, which
 * is always correct (and costs T calls per warp).
 *
 * fflags, frm and fcsr are per warp (docs/isa.md).
 */
#ifndef WEFT_FLOAT_H
#define WEFT_FLOAT_H

#include "weft_device.h"

static inline uint32_t weft_f2u(float f)
{
    uint32_t u;
    __builtin_memcpy(&u, &f, sizeof u);
    return u;
}

static inline float weft_u2f(uint32_t u)
{
    float f;
    __builtin_memcpy(&f, &u, sizeof f);
    return f;
}

/* cond ? a : b without a branch. */
static inline float weft_fselect(uint32_t cond, float a, float b)
{
    return weft_u2f(weft_select(cond, weft_f2u(a), weft_f2u(b)));
}

static inline float weft_fminf(float a, float b) { return __builtin_fminf(a, b); }
static inline float weft_fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
static inline float weft_fclampf(float v, float lo, float hi) { return weft_fminf(weft_fmaxf(v, lo), hi); }

/* fflags / frm (per warp). */
static inline uint32_t weft_fflags(void)
{
    uint32_t v;
    __asm__ volatile("frflags %0" : "=r"(v));
    return v;
}
static inline void weft_clear_fflags(void) { __asm__ volatile("fsflags x0"); }
static inline void weft_set_frm(uint32_t rm) { __asm__ volatile("fsrm %0" : : "r"(rm)); }

/* Run stmt for each active lane alone (lane 0 first). Warp-uniform loop;
 * uses two IPDOM entries while a lane runs. */
#define WEFT_PER_LANE(stmt)                                                   \
    do {                                                                      \
        const uint32_t weft_pl_tid_ = weft_tid(), weft_pl_n_ = weft_nthreads(); \
        for (uint32_t weft_pl_l_ = 0; weft_pl_l_ < weft_pl_n_; weft_pl_l_++) { \
            WEFT_IF(weft_pl_tid_ == weft_pl_l_) {                             \
                stmt;                                                         \
            } WEFT_ENDIF                                                      \
        }                                                                     \
    } while (0)

/* f(x) with each active lane alone; the lane's own result. The empty asm
 * keeps GCC from hoisting the (const, with -fno-math-errno) call out of the
 * per-lane region, where the whole warp would execute it. */
#define WEFT_PER_LANE_F(f, x)                                                 \
    ({                                                                        \
        const float weft_plf_in_ = (x);                                       \
        float weft_plf_out_ = 0.0f;                                           \
        WEFT_PER_LANE({                                                       \
            float weft_plf_a_ = weft_plf_in_;                                 \
            __asm__ volatile("" : "+f"(weft_plf_a_));                         \
            weft_plf_out_ = f(weft_plf_a_);                                   \
        });                                                                   \
        weft_plf_out_;                                                        \
    })

#endif
