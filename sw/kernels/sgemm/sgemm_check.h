/* sgemm_check.h - the host-side check shared by the sgemm and sgemm_tiled
 * host programs: out must equal, bit for bit, alpha * A B + beta * C computed
 * as a fmaf chain in k order then fmaf(alpha, dot, beta * c) (round to
 * nearest even), and lie within 1e-5 (relative) of the double-precision
 * product. Prints up to max_report mismatches prefixed by name; returns
 * WEFT_OK or WEFT_E_CHECK. */
#ifndef SGEMM_CHECK_H
#define SGEMM_CHECK_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "weft.h"

static inline uint32_t sgemm_u_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static inline int sgemm_check(const char *name, uint32_t m, uint32_t n, uint32_t k, float alpha, float beta,
                              const float *a, const float *b, const float *c, const float *out,
                              uint32_t max_report, int verbose)
{
    uint32_t bad = 0;
    double worst = 0;
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < n; j++) {
            float dot = 0.0f;
            double dd = 0, mag = 0;
            for (uint32_t p = 0; p < k; p++) {
                dot = fmaf(a[i * k + p], b[p * n + j], dot);
                dd += (double)a[i * k + p] * b[p * n + j];
                mag += fabs((double)a[i * k + p] * b[p * n + j]);
            }
            volatile float bc = beta * c[i * n + j];
            const float want = fmaf(alpha, dot, bc);
            const float got = out[i * n + j];
            const double exact = (double)alpha * dd + (double)beta * c[i * n + j];
            const double err = fabs((double)got - exact) / (fabs(alpha) * mag + fabs(beta * c[i * n + j]) + 1e-30);
            if (err > worst)
                worst = err;
            if ((sgemm_u_of(got) != sgemm_u_of(want) || err > 1e-5) && bad++ < max_report)
                printf("%s: C[%u][%u] = %08x (%.9g), expected %08x (%.9g), double %.9g\n", name, i, j,
                       sgemm_u_of(got), (double)got, sgemm_u_of(want), (double)want, exact);
        }
    if (bad) {
        printf("%s: %u of %u elements wrong\n", name, bad, m * n);
        return WEFT_E_CHECK;
    }
    if (verbose)
        printf("%s: all %u elements bit-exact; max relative error against double %.3g\n", name, m * n, worst);
    return WEFT_OK;
}

#endif
