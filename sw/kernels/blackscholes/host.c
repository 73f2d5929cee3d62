/* blackscholes host program: n options (default 256): spot S uniform in
 * [10, 50), strike K = S * [0.5, 2) (S/K never exactly 1), time T in
 * [0.5, 2) years, rate r in [0.01, 0.1), volatility v in [0.2, 0.6), so that
 * |d1|, |d2| < 10 and every libm call stays in its ordinary range.
 *
 * Reference: the same formula (and the same polynomial N()) in double
 * precision with glibc's log/exp/sqrt. Tolerance: |price - reference| <=
 * 2e-6 * max(S, K), i.e. a few float rounding errors of the inputs'
 * magnitude (the device rounds every step to single precision and picolibc's
 * expf/logf are within one ulp; the measured worst case is printed with -v).
 * Outputs are filled with a poison NaN before the launch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "blackscholes.h"

#define BS_DEFAULT_N 256u
#define BS_MAX_BLOCK 256u
#define BS_MAX_REPORT 8u
#define BS_TOL 2e-6

static float frand(uint32_t *s, float lo, float hi) { return lo + (hi - lo) * (float)(weft_rand(s) >> 8) * 0x1p-24f; }

static double cnd_ref(double d)
{
    const double kk = 1.0 / (1.0 + (double)BS_P * fabs(d));
    const double poly =
        kk * ((double)BS_A1 + kk * ((double)BS_A2 + kk * ((double)BS_A3 + kk * ((double)BS_A4 + kk * (double)BS_A5))));
    const double w = 1.0 - (double)BS_RSQRT2PI * exp(-0.5 * d * d) * poly;
    return d < 0 ? 1.0 - w : w;
}

int weft_host_blackscholes(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : BS_DEFAULT_N;
    if (weft_check_size(dev, n, 4) != WEFT_OK) /* before any allocation (issue 19) */
        return weft_status(dev);
    uint32_t hw = cfg->warps * cfg->threads;
    uint32_t seed = args->seed;
    float *in[5] = {0}, *call = NULL, *put = NULL;
    int rc = WEFT_OK;

    if (hw > BS_MAX_BLOCK)
        hw = BS_MAX_BLOCK;
    const uint32_t block = hw, grid = (n + block - 1) / block;
    const size_t bytes = (size_t)n * sizeof(float);
    for (int j = 0; j < 5; j++)
        if (!(in[j] = malloc(bytes)))
            rc = WEFT_E_INTERNAL;
    call = malloc(bytes);
    put = malloc(bytes);
    if (rc || !call || !put) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    float *S = in[0], *K = in[1], *T = in[2], *R = in[3], *V = in[4];
    for (uint32_t i = 0; i < n; i++) {
        S[i] = frand(&seed, 10.0f, 50.0f);
        do {
            volatile float q;
            K[i] = S[i] * frand(&seed, 0.5f, 2.0f);
            q = S[i] / K[i];
            if (q != 1.0f)
                break;
        } while (1);
        T[i] = frand(&seed, 0.5f, 2.0f);
        R[i] = frand(&seed, 0.01f, 0.1f);
        V[i] = frand(&seed, 0.2f, 0.6f);
    }
    memset(call, 0xff, bytes); /* poison: NaN */
    memset(put, 0xff, bytes);

    blackscholes_args_t arg;
    uint32_t *addr[7] = {&arg.s, &arg.k, &arg.t, &arg.r, &arg.v, &arg.call, &arg.put};
    arg.n = n;
    for (int j = 0; j < 7; j++)
        if (!(*addr[j] = weft_malloc(dev, (uint32_t)bytes)))
            rc = weft_status(dev);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (rc || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    for (int j = 0; j < 5 && rc == WEFT_OK; j++)
        rc = weft_copy_to_dev(dev, *addr[j], in[j], bytes);
    if (rc || (rc = weft_copy_to_dev(dev, arg.call, call, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.put, put, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("blackscholes: n=%u grid=%u block=%u\n", n, grid, block);
    const weft_dim3_t g = {grid, 1, 1}, blk = {block, 1, 1};
    if ((rc = weft_launch(dev, "blackscholes", g, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, call, arg.call, bytes)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, put, arg.put, bytes)) != WEFT_OK)
        goto done;

    uint32_t bad = 0;
    double worst = 0;
    for (uint32_t i = 0; i < n; i++) {
        const double s = S[i], k = K[i], t = T[i], r = R[i], v = V[i];
        const double vst = v * sqrt(t);
        const double d1 = (log(s / k) + (r + 0.5 * v * v) * t) / vst, d2 = d1 - vst;
        const double kert = k * exp(-r * t);
        const double c = s * cnd_ref(d1) - kert * cnd_ref(d2);
        const double p = kert * (1.0 - cnd_ref(d2)) - s * (1.0 - cnd_ref(d1));
        const double scale = s > k ? s : k;
        const double ec = fabs(call[i] - c) / scale, ep = fabs(put[i] - p) / scale;
        const double e = ec > ep ? ec : ep;
        if (!(e <= BS_TOL)) { /* also catches NaN */
            if (bad++ < BS_MAX_REPORT)
                printf("blackscholes: option %u (S %g K %g T %g r %g v %g): call %.7g put %.7g, expected %.7g %.7g\n",
                       i, s, k, t, r, v, (double)call[i], (double)put[i], c, p);
        } else if (e > worst) {
            worst = e;
        }
    }
    if (bad) {
        printf("blackscholes: %u of %u options outside the tolerance %g * max(S, K)\n", bad, n, BS_TOL);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("blackscholes: all %u options within %g * max(S, K); worst %.3g\n", n, BS_TOL, worst);
    }
done:
    for (int j = 0; j < 5; j++)
        free(in[j]);
    free(call);
    free(put);
    return rc;
}
