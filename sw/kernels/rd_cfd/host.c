/* rd_cfd host program: Rodinia CFD solver (euler3d, OpenCL euler3d.cpp) on
 * nel = --size elements (default 512, padded to a multiple of the block as
 * Rodinia's nelr; seed 000 Table 6.2: fvcorr.domn.097K = 97,046 elements,
 * adjusted missile.domn.0.2M), CFD_ITERS iterations (Rodinia: 2000) of the
 * 3-stage Runge-Kutta loop.
 *
 * Rodinia reads the mesh (areas, neighbours, normals) from its .domn files;
 * here it is generated (weft_rand, --seed): areas in [0.5, 1.5), each
 * element's 4 neighbours a random other element, or -1 (wing boundary, 1 in
 * 16) or -2 (far field, 1 in 16), normals in [-1, 1)^3; padded elements as
 * Rodinia's (neighbours -1, zero normals, area 1). Far-field state as
 * Rodinia's (density 1.4, pressure 1, Mach 1.2, angle of attack 0).
 * Launches as Rodinia: initialize_variables on variables, old_variables and
 * fluxes; per iteration old = variables (a buffer copy through the host, as
 * seed 000 replaces clEnqueueCopyBuffer), compute_step_factor, then per
 * stage compute_flux and time_step. Blocks of W*T.
 *
 * Check: variables, fluxes and step factors after the last stage bit for bit
 * against the host running the same inline arithmetic (rd_cfd.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_cfd.h"

#define CFD_DEFAULT_NEL 512u
#define CFD_ITERS 1
#define CFD_MAX_REPORT 8u

static float frand(uint32_t *seed)
{
    return (float)(weft_rand(seed) >> 8) * (1.0f / 16777216.0f);
}

static uint32_t cmpf(const char *what, const float *got, const float *want, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++)
        if (memcmp(&got[i], &want[i], 4) != 0) {
            if (bad < CFD_MAX_REPORT)
                printf("rd_cfd: %s[%d] = %.9g, expected %.9g\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad;
}

int weft_host_rd_cfd(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t unel = args->size ? args->size : CFD_DEFAULT_NEL;
    if (unel < 1 || unel > (1u << 22)) {
        fprintf(stderr, "rd_cfd: --size %u: 1 .. 2^22 elements\n", unel);
        return WEFT_E_USAGE;
    }
    const int bs = (int)(cfg->warps * cfg->threads), nel = (int)unel;
    const int nelr = bs * ((nel + bs - 1) / bs);
    const size_t vb = (size_t)nelr * RD_CFD_NVAR * 4u;
    if (weft_check_size(dev, (uint64_t)nelr, 4 * (RD_CFD_NVAR * 3 + 2 + RD_CFD_NNB * 4)) != WEFT_OK)
        return weft_status(dev);
    float *areas = malloc((size_t)nelr * 4u), *normals = malloc((size_t)nelr * 12u * 4u);
    int32_t *ess = malloc((size_t)nelr * 16u);
    float *var = malloc(vb), *old = malloc(vb), *flux = malloc(vb), *sf = malloc((size_t)nelr * 4u), *got = malloc(vb);
    int rc = WEFT_OK;
    uint32_t bad = 0;
    if (!areas || !normals || !ess || !var || !old || !flux || !sf || !got) {
        fprintf(stderr, "rd_cfd: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int i = 0; i < nelr; i++) {
        areas[i] = i < nel ? 0.5f + frand(&seed) : 1.0f;
        for (int j = 0; j < RD_CFD_NNB; j++) {
            int32_t nb = -1;
            float n[3] = {0.0f, 0.0f, 0.0f};
            if (i < nel) {
                const uint32_t r = weft_rand(&seed);
                nb = (r & 15u) == 0 ? -1 : (r & 15u) == 1 ? -2 : (int32_t)((r >> 4) % (uint32_t)nel);
                for (int d = 0; d < 3; d++)
                    n[d] = 2.0f * frand(&seed) - 1.0f;
            }
            ess[i + j * nelr] = nb;
            for (int d = 0; d < 3; d++)
                normals[i + (j + d * RD_CFD_NNB) * nelr] = n[d];
        }
    }
    /* far-field state (euler3d.cpp main) */
    float ff[17];
    {
        const float angle = (float)(3.1415926535897931 / 180.0f) * 0.0f;
        ff[RD_CFD_VAR_DENSITY] = 1.4f;
        const float ff_pressure = 1.0f;
        const float ff_sos = sqrtf(RD_CFD_GAMMA * ff_pressure / ff[RD_CFD_VAR_DENSITY]);
        const float ff_speed = 1.2f * ff_sos;
        const rd_cfd_f3 vel = {ff_speed * cosf(angle), ff_speed * sinf(angle), 0.0f};
        ff[RD_CFD_VAR_MOMENTUM + 0] = ff[RD_CFD_VAR_DENSITY] * vel.x;
        ff[RD_CFD_VAR_MOMENTUM + 1] = ff[RD_CFD_VAR_DENSITY] * vel.y;
        ff[RD_CFD_VAR_MOMENTUM + 2] = ff[RD_CFD_VAR_DENSITY] * vel.z;
        ff[RD_CFD_VAR_DENSITY_ENERGY] =
            ff[RD_CFD_VAR_DENSITY] * (0.5f * (ff_speed * ff_speed)) + (ff_pressure / (RD_CFD_GAMMA - 1.0f));
        const rd_cfd_f3 m = {ff[1], ff[2], ff[3]};
        rd_cfd_f3 fc[4];
        rd_cfd_flux_contribution(m, ff[4], ff_pressure, vel, fc);
        const int slot[4] = {3, 0, 1, 2};  /* density energy, momentum x, y, z */
        for (int k = 0; k < 4; k++) {
            ff[5 + 3 * k] = fc[slot[k]].x;
            ff[6 + 3 * k] = fc[slot[k]].y;
            ff[7 + 3 * k] = fc[slot[k]].z;
        }
    }
    rd_cfd_args_t a;
    memset(&a, 0, sizeof a);
    a.nelr = nelr;
    a.ess = weft_malloc(dev, (uint32_t)nelr * 16u);
    a.normals = weft_malloc(dev, (uint32_t)nelr * 48u);
    a.areas = weft_malloc(dev, (uint32_t)nelr * 4u);
    a.variables = weft_malloc(dev, (uint32_t)vb);
    a.old_variables = weft_malloc(dev, (uint32_t)vb);
    a.fluxes = weft_malloc(dev, (uint32_t)vb);
    a.step_factors = weft_malloc(dev, (uint32_t)nelr * 4u);
    a.ff = weft_malloc(dev, sizeof ff);
    const uint32_t argaddr = weft_malloc(dev, sizeof a);
    if (!a.ess || !a.normals || !a.areas || !a.variables || !a.old_variables || !a.fluxes || !a.step_factors ||
        !a.ff || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(got, 0xa5, vb);  /* poison */
    if ((rc = weft_copy_to_dev(dev, a.ess, ess, (size_t)nelr * 16u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.normals, normals, (size_t)nelr * 48u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.areas, areas, (size_t)nelr * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.ff, ff, sizeof ff)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.variables, got, vb)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.old_variables, got, vb)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.fluxes, got, vb)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.step_factors, got, (size_t)nelr * 4u)) != WEFT_OK)
        goto done;
    const weft_dim3_t grid = {(uint32_t)(nelr / bs), 1, 1}, blk = {(uint32_t)bs, 1, 1};
    if (args->verbose)
        printf("rd_cfd: %d elements (nelr %d), %d iteration(s) of %d stages, blocks of %d\n", nel, nelr, CFD_ITERS,
               RD_CFD_RK, bs);
    /* initialize_variables on variables, old_variables, fluxes */
    const uint32_t bufs[3] = {a.variables, a.old_variables, a.fluxes};
    for (int k = 0; k < 3; k++) {
        rd_cfd_args_t b = a;
        b.variables = bufs[k];
        if ((rc = weft_copy_to_dev(dev, argaddr, &b, sizeof b)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_cfd_initialize_variables", grid, blk, argaddr)) != WEFT_OK)
            goto done;
    }
    for (int i = 0; i < nelr; i++)
        for (int j = 0; j < RD_CFD_NVAR; j++)
            var[i + j * nelr] = old[i + j * nelr] = flux[i + j * nelr] = ff[j];
    for (int it = 0; it < CFD_ITERS; it++) {
        if ((rc = weft_copy_from_dev(dev, got, a.variables, vb)) != WEFT_OK ||
            (rc = weft_copy_to_dev(dev, a.old_variables, got, vb)) != WEFT_OK)
            goto done;
        memcpy(old, var, vb);
        a.j = 0;
        if ((rc = weft_copy_to_dev(dev, argaddr, &a, sizeof a)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_cfd_compute_step_factor", grid, blk, argaddr)) != WEFT_OK)
            goto done;
        for (int i = 0; i < nelr; i++)
            sf[i] = rd_cfd_step_factor(var, areas, i, nelr);
        for (int j = 0; j < RD_CFD_RK; j++) {
            a.j = j;
            if ((rc = weft_copy_to_dev(dev, argaddr, &a, sizeof a)) != WEFT_OK ||
                (rc = weft_launch(dev, "rd_cfd_compute_flux", grid, blk, argaddr)) != WEFT_OK ||
                (rc = weft_launch(dev, "rd_cfd_time_step", grid, blk, argaddr)) != WEFT_OK)
                goto done;
            for (int i = 0; i < nelr; i++) {
                rd_cfd_state_t si;
                rd_cfd_load(var, i, nelr, &si);
                const float speed_i = sqrtf(si.speed_sqd);
                float f[5] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
                for (int k = 0; k < RD_CFD_NNB; k++) {
                    const int32_t nb = ess[i + k * nelr];
                    float len;
                    const rd_cfd_f3 n = rd_cfd_normal(normals, i, k, nelr, &len);
                    if (nb >= 0) {
                        rd_cfd_state_t sn;
                        rd_cfd_load(var, nb, nelr, &sn);
                        rd_cfd_flux_nb(f, &si, speed_i, &sn, n, len);
                    } else if (nb == -1) {
                        rd_cfd_flux_wing(f, &si, n);
                    } else if (nb == -2) {
                        rd_cfd_flux_far(f, &si, n, ff);
                    }
                }
                flux[i + RD_CFD_VAR_DENSITY * nelr] = f[0];
                flux[i + (RD_CFD_VAR_MOMENTUM + 0) * nelr] = f[1];
                flux[i + (RD_CFD_VAR_MOMENTUM + 1) * nelr] = f[2];
                flux[i + (RD_CFD_VAR_MOMENTUM + 2) * nelr] = f[3];
                flux[i + RD_CFD_VAR_DENSITY_ENERGY * nelr] = f[4];
            }
            for (int i = 0; i < nelr; i++)
                rd_cfd_time_step_elem(j, nelr, i, old, var, sf, flux);
        }
    }
    if ((rc = weft_copy_from_dev(dev, got, a.variables, vb)) != WEFT_OK)
        goto done;
    bad = cmpf("variables", got, var, nelr * RD_CFD_NVAR, bad);
    if ((rc = weft_copy_from_dev(dev, got, a.fluxes, vb)) != WEFT_OK)
        goto done;
    bad = cmpf("fluxes", got, flux, nelr * RD_CFD_NVAR, bad);
    if ((rc = weft_copy_from_dev(dev, got, a.step_factors, (size_t)nelr * 4u)) != WEFT_OK)
        goto done;
    bad = cmpf("step_factors", got, sf, nelr, bad);
    int finite = 1;
    for (int i = 0; i < nelr * RD_CFD_NVAR; i++)
        finite &= isfinite(var[i]) != 0;
    if (!finite) {
        printf("rd_cfd: the reference produced non-finite values\n");
        bad++;
    }
    if (bad) {
        printf("rd_cfd: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_cfd: variables, fluxes and step factors bit for bit (density[0] %.6g)\n", (double)var[0]);
    }
done:
    free(areas);
    free(normals);
    free(ess);
    free(var);
    free(old);
    free(flux);
    free(sf);
    free(got);
    return rc;
}
