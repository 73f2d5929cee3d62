/* rd_cfd - Rodinia CFD solver (euler3d, OpenCL Kernels.cl:
 * initialize_variables, compute_step_factor, compute_flux, time_step; seed
 * 000 Table 6.2: fvcorr.domn.097K, adjusted missile.domn.0.2M). One thread
 * per element of an unstructured mesh of nelr elements with 4 neighbours
 * each; the arithmetic is in rd_cfd.h (shared with the host reference).
 * compute_flux's per-neighbour `if (nb >= 0) ... else if (nb == -1) ...
 * else if (nb == -2)` is divergent: three WEFT_IFs on mutually exclusive
 * conditions in sequence (one IPDOM level instead of three nested ones;
 * the same threads run the same bodies). The `if (i >= nelr) return` guards
 * are WEFT_IFs around the bodies (nelr is a multiple of the block, as
 * Rodinia pads it, so they never diverge). */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_cfd.h"

static inline int32_t gid(void)
{
    return (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
}

WEFT_KERNEL void rd_cfd_initialize_variables(const void *argp)
{
    const rd_cfd_args_t *a = argp;
    const int32_t i = gid();
    float *variables = WEFT_PTR(float, a->variables);
    const float *ff = WEFT_PTR(const float, a->ff);
    WEFT_IF(i < a->nelr) {
        for (int32_t j = 0; j < RD_CFD_NVAR; j++)
            variables[i + j * a->nelr] = ff[j];
    } WEFT_ENDIF
}

__attribute__((optimize("no-shrink-wrap"))) WEFT_KERNEL void rd_cfd_compute_step_factor(const void *argp)
{
    const rd_cfd_args_t *a = argp;
    const int32_t i = gid();
    WEFT_IF(i < a->nelr) {
        WEFT_PTR(float, a->step_factors)[i] =
            rd_cfd_step_factor(WEFT_PTR(const float, a->variables), WEFT_PTR(const float, a->areas), i, a->nelr);
    } WEFT_ENDIF
}

/* The three boundary cases, each its own (non-inlined) function: inlined
 * in sequence, GCC duplicated each join and the next condition onto both
 * arms with different code, which sw/tools/simt_check.py rejects (as in
 * rd_lud). */
static __attribute__((noinline, optimize("no-shrink-wrap"))) void flux_nb(float *f, const rd_cfd_state_t *si, float speed_i, int32_t nb,
                                              const rd_cfd_f3 *normal, float normal_len, const float *variables,
                                              int32_t nelr)
{
    WEFT_IF(nb >= 0) {
        rd_cfd_state_t sn;
        rd_cfd_load(variables, nb, nelr, &sn);
        rd_cfd_flux_nb(f, si, speed_i, &sn, *normal, normal_len);
    } WEFT_ENDIF
}

static __attribute__((noinline, optimize("no-shrink-wrap"))) void flux_wing(float *f, const rd_cfd_state_t *si, int32_t nb,
                                                const rd_cfd_f3 *normal)
{
    WEFT_IF(nb == -1) {
        rd_cfd_flux_wing(f, si, *normal);
    } WEFT_ENDIF
}

static __attribute__((noinline, optimize("no-shrink-wrap"))) void flux_far(float *f, const rd_cfd_state_t *si, int32_t nb,
                                               const rd_cfd_f3 *normal, const float *ff)
{
    WEFT_IF(nb == -2) {
        rd_cfd_flux_far(f, si, *normal, ff);
    } WEFT_ENDIF
}

__attribute__((optimize("no-shrink-wrap"))) WEFT_KERNEL void rd_cfd_compute_flux(const void *argp)
{
    const rd_cfd_args_t *a = argp;
    const int32_t i = gid(), nelr = a->nelr;
    const int32_t *ess = WEFT_PTR(const int32_t, a->ess);
    const float *normals = WEFT_PTR(const float, a->normals);
    const float *variables = WEFT_PTR(const float, a->variables);
    const float *ff = WEFT_PTR(const float, a->ff);
    float *fluxes = WEFT_PTR(float, a->fluxes);

    WEFT_IF(i < nelr) {
        rd_cfd_state_t si;
        rd_cfd_load(variables, i, nelr, &si);
        const float speed_i = __builtin_sqrtf(si.speed_sqd);
        float f[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
        for (int32_t j = 0; j < RD_CFD_NNB; j++) {  /* uniform */
            const int32_t nb = ess[i + j * nelr];
            float normal_len;
            const rd_cfd_f3 normal = rd_cfd_normal(normals, i, j, nelr, &normal_len);
            flux_nb(f, &si, speed_i, nb, &normal, normal_len, variables, nelr);
            flux_wing(f, &si, nb, &normal);
            flux_far(f, &si, nb, &normal, ff);
        }
        fluxes[i + RD_CFD_VAR_DENSITY * nelr] = f[0];
        fluxes[i + (RD_CFD_VAR_MOMENTUM + 0) * nelr] = f[1];
        fluxes[i + (RD_CFD_VAR_MOMENTUM + 1) * nelr] = f[2];
        fluxes[i + (RD_CFD_VAR_MOMENTUM + 2) * nelr] = f[3];
        fluxes[i + RD_CFD_VAR_DENSITY_ENERGY * nelr] = f[4];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_cfd_time_step(const void *argp)
{
    const rd_cfd_args_t *a = argp;
    const int32_t i = gid();
    WEFT_IF(i < a->nelr) {
        rd_cfd_time_step_elem(a->j, a->nelr, i, WEFT_PTR(const float, a->old_variables), WEFT_PTR(float, a->variables),
                         WEFT_PTR(const float, a->step_factors), WEFT_PTR(const float, a->fluxes));
    } WEFT_ENDIF
}
