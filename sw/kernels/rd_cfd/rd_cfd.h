/* rd_cfd.h - argument block and the per-element arithmetic of rd_cfd (Rodinia
 * CFD solver euler3d, OpenCL Kernels.cl), shared by kernel.c and host.c: the
 * host reference calls the same inline functions, so the check is bit for
 * bit. The float order is the OpenCL source's as LLVM contracts it
 * (FP_CONTRACT on): `a * b + c` within one expression is an fmadd, a sum of
 * products fma(z, z, fma(x, x, y * y)), `f += k * d` fma(k, d, f). */
#ifndef RD_CFD_H
#define RD_CFD_H

#include <stdint.h>

#define RD_CFD_GAMMA 1.4f
#define RD_CFD_NDIM 3
#define RD_CFD_NNB 4
#define RD_CFD_RK 3
#define RD_CFD_VAR_DENSITY 0
#define RD_CFD_VAR_MOMENTUM 1
#define RD_CFD_VAR_DENSITY_ENERGY 4
#define RD_CFD_NVAR 5

typedef struct {
    float x, y, z;
} rd_cfd_f3;

typedef struct {
    int32_t nelr;
    int32_t j;               /* time_step: the Runge-Kutta stage */
    uint32_t ess;            /* int32_t elements_surrounding_elements[NNB * nelr] */
    uint32_t normals;        /* float normals[NDIM * NNB * nelr] */
    uint32_t areas;          /* float areas[nelr] */
    uint32_t variables, old_variables, fluxes; /* float [NVAR * nelr] */
    uint32_t step_factors;   /* float [nelr] */
    uint32_t ff;             /* float ff_variable[NVAR], then the four ff flux contributions (4 x 3 floats) */
} rd_cfd_args_t;

static inline float rd_cfd_speed_sqd(rd_cfd_f3 v)
{
    return __builtin_fmaf(v.z, v.z, __builtin_fmaf(v.x, v.x, v.y * v.y));
}

static inline float rd_cfd_pressure(float density, float density_energy, float speed_sqd)
{
    return (RD_CFD_GAMMA - 1.0f) * __builtin_fmaf(-(0.5f * density), speed_sqd, density_energy);
}

static inline float rd_cfd_speed_of_sound(float density, float pressure)
{
    return __builtin_sqrtf(RD_CFD_GAMMA * pressure / density);
}

static inline rd_cfd_f3 rd_cfd_velocity(float density, rd_cfd_f3 m)
{
    const rd_cfd_f3 v = {m.x / density, m.y / density, m.z / density};
    return v;
}

/* compute_flux_contribution: fc[0..2] momentum x/y/z, fc[3] density energy */
static inline void rd_cfd_flux_contribution(rd_cfd_f3 m, float density_energy, float pressure, rd_cfd_f3 v,
                                            rd_cfd_f3 fc[4])
{
    fc[0].x = __builtin_fmaf(v.x, m.x, pressure);
    fc[0].y = v.x * m.y;
    fc[0].z = v.x * m.z;
    fc[1].x = fc[0].y;
    fc[1].y = __builtin_fmaf(v.y, m.y, pressure);
    fc[1].z = v.y * m.z;
    fc[2].x = fc[0].z;
    fc[2].y = fc[1].z;
    fc[2].z = __builtin_fmaf(v.z, m.z, pressure);
    const float de_p = density_energy + pressure;
    fc[3].x = v.x * de_p;
    fc[3].y = v.y * de_p;
    fc[3].z = v.z * de_p;
}

/* The state of one element: density, momentum, energy and what follows. */
typedef struct {
    float density, density_energy, speed_sqd, pressure, speed_of_sound;
    rd_cfd_f3 momentum, velocity, fc[4];
} rd_cfd_state_t;

static inline void rd_cfd_load(const float *variables, int32_t i, int32_t nelr, rd_cfd_state_t *s)
{
    s->density = variables[i + RD_CFD_VAR_DENSITY * nelr];
    s->momentum.x = variables[i + (RD_CFD_VAR_MOMENTUM + 0) * nelr];
    s->momentum.y = variables[i + (RD_CFD_VAR_MOMENTUM + 1) * nelr];
    s->momentum.z = variables[i + (RD_CFD_VAR_MOMENTUM + 2) * nelr];
    s->density_energy = variables[i + RD_CFD_VAR_DENSITY_ENERGY * nelr];
    s->velocity = rd_cfd_velocity(s->density, s->momentum);
    s->speed_sqd = rd_cfd_speed_sqd(s->velocity);
    s->pressure = rd_cfd_pressure(s->density, s->density_energy, s->speed_sqd);
    s->speed_of_sound = rd_cfd_speed_of_sound(s->density, s->pressure);
    rd_cfd_flux_contribution(s->momentum, s->density_energy, s->pressure, s->velocity, s->fc);
}

/* flux accumulators: [0] density, [1..3] momentum x/y/z, [4] density energy */
static inline void rd_cfd_acc(float *f, float factor, float d, float de, rd_cfd_f3 m)
{
    f[0] = __builtin_fmaf(factor, d, f[0]);
    f[4] = __builtin_fmaf(factor, de, f[4]);
    f[1] = __builtin_fmaf(factor, m.x, f[1]);
    f[2] = __builtin_fmaf(factor, m.y, f[2]);
    f[3] = __builtin_fmaf(factor, m.z, f[3]);
}

/* nb >= 0: a legitimate neighbour */
static inline void rd_cfd_flux_nb(float *f, const rd_cfd_state_t *si, float speed_i, const rd_cfd_state_t *sn,
                                  rd_cfd_f3 normal, float normal_len)
{
    float factor = -normal_len * 0.2f * 0.5f *
                   (speed_i + __builtin_sqrtf(sn->speed_sqd) + si->speed_of_sound + sn->speed_of_sound);
    const rd_cfd_f3 dm = {si->momentum.x - sn->momentum.x, si->momentum.y - sn->momentum.y,
                          si->momentum.z - sn->momentum.z};
    rd_cfd_acc(f, factor, si->density - sn->density, si->density_energy - sn->density_energy, dm);
    factor = 0.5f * normal.x;
    rd_cfd_f3 m = {sn->fc[0].x + si->fc[0].x, sn->fc[1].x + si->fc[1].x, sn->fc[2].x + si->fc[2].x};
    rd_cfd_acc(f, factor, sn->momentum.x + si->momentum.x, sn->fc[3].x + si->fc[3].x, m);
    factor = 0.5f * normal.y;
    m.x = sn->fc[0].y + si->fc[0].y;
    m.y = sn->fc[1].y + si->fc[1].y;
    m.z = sn->fc[2].y + si->fc[2].y;
    rd_cfd_acc(f, factor, sn->momentum.y + si->momentum.y, sn->fc[3].y + si->fc[3].y, m);
    factor = 0.5f * normal.z;
    m.x = sn->fc[0].z + si->fc[0].z;
    m.y = sn->fc[1].z + si->fc[1].z;
    m.z = sn->fc[2].z + si->fc[2].z;
    rd_cfd_acc(f, factor, sn->momentum.z + si->momentum.z, sn->fc[3].z + si->fc[3].z, m);
}

/* nb == -1: a wing boundary */
static inline void rd_cfd_flux_wing(float *f, const rd_cfd_state_t *si, rd_cfd_f3 normal)
{
    f[1] = __builtin_fmaf(normal.x, si->pressure, f[1]);
    f[2] = __builtin_fmaf(normal.y, si->pressure, f[2]);
    f[3] = __builtin_fmaf(normal.z, si->pressure, f[3]);
}

/* nb == -2: a far-field boundary; ff = ff_variable[5], then the ff flux
 * contributions density energy, momentum x, y, z (3 floats each). */
static inline void rd_cfd_flux_far(float *f, const rd_cfd_state_t *si, rd_cfd_f3 normal, const float *ff)
{
    const float *de = ff + 5, *mx = ff + 8, *my = ff + 11, *mz = ff + 14;
    const float nrm[3] = {normal.x, normal.y, normal.z};
    const float mi[3] = {si->momentum.x, si->momentum.y, si->momentum.z};
    const float dei[3] = {si->fc[3].x, si->fc[3].y, si->fc[3].z};
    const float fx[3] = {si->fc[0].x, si->fc[0].y, si->fc[0].z};
    const float fy[3] = {si->fc[1].x, si->fc[1].y, si->fc[1].z};
    const float fz[3] = {si->fc[2].x, si->fc[2].y, si->fc[2].z};
    for (int c = 0; c < 3; c++) {
        const float factor = 0.5f * nrm[c];
        const rd_cfd_f3 m = {mx[c] + fx[c], my[c] + fy[c], mz[c] + fz[c]};
        rd_cfd_acc(f, factor, ff[RD_CFD_VAR_MOMENTUM + c] + mi[c], de[c] + dei[c], m);
    }
}

static inline rd_cfd_f3 rd_cfd_normal(const float *normals, int32_t i, int32_t j, int32_t nelr, float *len)
{
    const rd_cfd_f3 n = {normals[i + (j + 0 * RD_CFD_NNB) * nelr], normals[i + (j + 1 * RD_CFD_NNB) * nelr],
                         normals[i + (j + 2 * RD_CFD_NNB) * nelr]};
    *len = __builtin_sqrtf(__builtin_fmaf(n.z, n.z, __builtin_fmaf(n.x, n.x, n.y * n.y)));
    return n;
}

static inline float rd_cfd_step_factor(const float *variables, const float *areas, int32_t i, int32_t nelr)
{
    rd_cfd_state_t s;
    rd_cfd_load(variables, i, nelr, &s);
    return 0.5f / (__builtin_sqrtf(areas[i]) * (__builtin_sqrtf(s.speed_sqd) + s.speed_of_sound));
}

static inline void rd_cfd_time_step_elem(int32_t j, int32_t nelr, int32_t i, const float *old, float *var, const float *sf,
                                    const float *flux)
{
    const float factor = sf[i] / (float)(RD_CFD_RK + 1 - j);
    static const int order[5] = {RD_CFD_VAR_DENSITY, RD_CFD_VAR_DENSITY_ENERGY, RD_CFD_VAR_MOMENTUM + 0,
                                 RD_CFD_VAR_MOMENTUM + 1, RD_CFD_VAR_MOMENTUM + 2};
    for (int v = 0; v < 5; v++)
        var[i + order[v] * nelr] = __builtin_fmaf(factor, flux[i + order[v] * nelr], old[i + order[v] * nelr]);
}

#endif
