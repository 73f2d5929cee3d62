/* rd_particlefilter host program: Rodinia particle filter (float version,
 * OpenCL particlefilter_single.cpp) with Np = --size particles (default 128;
 * seed 000 Table 6.2: `-x 128 -y 128 -z 10 -np 10000`, adjusted `-x 512 -y
 * 512 -z 10 -np 300`) on a 128 x 128 x 10 video (IszX, IszY, Nfr fixed to
 * the default row's).
 *
 * Inputs as Rodinia: videoSequence (a disk of radius 5 moving by (+1, -2)
 * per frame, dilated, background 100, object 228, plus 5 randn noise from the
 * host's LCG, here with the C library's cos/log as Rodinia's host), the disk
 * offsets objxy (strelDisk, getneighbors), particles starting at the centre
 * with weights 1 / Np, per-particle seeds seed[i] = S * i (Rodinia: time(0)
 * * i; S = --seed). Blocks of min(512, W*T) threads (threads_per_block).
 * Per frame k = 1 .. Nfr-1: likelihood, sum, normalize, cdf, u, find_index
 * (kernel.c: Rodinia's normalize_weights_kernel is split at its global
 * barriers).
 *
 * With too few particles the filter can lose the object: every weight
 * underflows to 0 and Rodinia's normalisation divides 0 by 0 (64 particles
 * lose it at frame 5 with seed 1; 128 keep it). The check then accepts any
 * NaN for a NaN (RISC-V's canonical NaN and x86's default NaN differ in
 * sign).
 *
 * Check: the host runs the same frames with the same inline math
 * (rd_particlefilter.h) and compares every particle's position (arrayX/Y,
 * xj/yj), weight, likelihood, CDF and u entry, seed, sample index and the
 * partial sums bit for bit at the end; and the math routines against the C
 * library (exp, log within 2 ulp, cos within 2^-22 absolute, on sweeps of
 * their ranges). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_particlefilter.h"

#define PF_DEFAULT_NP 128u
#define PF_ISZ 128
#define PF_NFR 10
#define PF_MAX_REPORT 8u

/* Rodinia's host randu/randn (input generation only; C library cos/log). */
static float h_randu(int32_t *seed, int index)
{
    const int32_t num = (int32_t)(1103515245u * (uint32_t)seed[index] + 12345u);
    seed[index] = num % 2147483647;
    return fabsf((float)seed[index] / 2147483647.0f);
}

static float h_randn(int32_t *seed, int index)
{
    const float u = h_randu(seed, index), v = h_randu(seed, index);
    const float cosine = (float)cos(2 * 3.1415926535897932 * v);
    const float rt = (float)(-2 * log(u));
    return sqrtf(rt) * cosine;
}

static void dilate_matrix(uint8_t *m, int posX, int posY, int posZ, int dimX, int dimY, int dimZ, int error)
{
    int startX = posX - error < 0 ? 0 : posX - error, startY = posY - error < 0 ? 0 : posY - error;
    int endX = posX + error > dimX ? dimX : posX + error, endY = posY + error > dimY ? dimY : posY + error;
    for (int x = startX; x < endX; x++)
        for (int y = startY; y < endY; y++) {
            const float d = sqrtf((float)(x - posX) * (float)(x - posX) + (float)(y - posY) * (float)(y - posY));
            if (d < error)
                m[x * dimY * dimZ + y * dimZ + posZ] = 1;
        }
}

static void video_sequence(uint8_t *I, int IszX, int IszY, int Nfr, int32_t *seed, uint8_t *tmp)
{
    const int max_size = IszX * IszY * Nfr;
    const int x0 = (int)(IszY / 2.0), y0 = (int)(IszX / 2.0); /* roundFloat: truncation */
    I[x0 * IszY * Nfr + y0 * Nfr + 0] = 1;
    for (int k = 1; k < Nfr; k++) {
        const int xk = abs(x0 + (k - 1)), yk = abs(y0 - 2 * (k - 1));
        int pos = yk * IszY * Nfr + xk * Nfr + k;
        if (pos >= max_size)
            pos = 0;
        I[pos] = 1;
    }
    memset(tmp, 0, (size_t)max_size);
    for (int z = 0; z < Nfr; z++)
        for (int x = 0; x < IszX; x++)
            for (int y = 0; y < IszY; y++)
                if (I[x * IszY * Nfr + y * Nfr + z] == 1)
                    dilate_matrix(tmp, x, y, z, IszX, IszY, Nfr, 5);
    for (int i = 0; i < max_size; i++)
        I[i] = tmp[i] == 0 ? 100 : (tmp[i] == 1 ? 228 : tmp[i]);
    for (int i = 0; i < max_size; i++)
        I[i] = (uint8_t)(I[i] + (uint8_t)(int)(5 * h_randn(seed, 0)));
}

static uint32_t ulps(float a, float b)
{
    const uint32_t x = rd_pf_f2u(a), y = rd_pf_f2u(b);
    if ((x ^ y) & 0x80000000u)
        return x == y ? 0 : 0xffffffffu;
    return x > y ? x - y : y - x;
}

/* The kernels of one frame on the host, in the kernels' order. */
static void ref_frame(const rd_pf_args_t *a, int nt, float *arrayX, float *arrayY, float *xj, float *yj, float *CDF,
                      float *u, float *weights, float *likelihood, int32_t *ind, const int32_t *objxy,
                      const uint8_t *I, int32_t *seed, float *psum)
{
    const int np = a->Np, count = a->countOnes;
    for (int i = 0; i < np; i++) {
        arrayX[i] = xj[i];
        arrayY[i] = yj[i];
        weights[i] = 1.0f / (float)np;
        arrayX[i] = fmaf(5.0f, rd_pf_randn(seed, i), arrayX[i] + 1.0f);
        arrayY[i] = fmaf(2.0f, rd_pf_randn(seed, i), arrayY[i] - 2.0f);
        const int rx = (int)arrayX[i], ry = (int)arrayY[i];
        float sum = 0.0f;
        for (int y = 0; y < count; y++) {
            int v = (rx + objxy[y * 2 + 1]) * a->IszY * a->Nfr + (ry + objxy[y * 2]) * a->Nfr + a->k;
            v = v < 0 ? -v : v;
            if (v >= a->max_size)
                v = 0;
            ind[i * count + y] = v;
            const float p = (float)(I[v] - 100), q = (float)(I[v] - 228);
            sum += fmaf(p, p, -(q * q)) / 50.0f;
        }
        likelihood[i] = sum / (float)count - (float)RD_PF_SCALE_FACTOR;
        weights[i] = weights[i] * rd_pf_expf(likelihood[i]);
    }
    float buf[RD_PF_MAX_THREADS];
    for (int bx = 0; bx < a->blocks; bx++) {
        for (int t = 0; t < nt; t++)
            buf[t] = bx * nt + t < np ? weights[bx * nt + t] : 0.0f;
        for (int s = nt / 2; s > 0; s >>= 1)
            for (int t = 0; t < s; t++)
                buf[t] += buf[t + s];
        psum[bx] = buf[0];
    }
    float total = 0.0f;
    for (int x = 0; x < a->blocks; x++)
        total += psum[x];
    psum[0] = total;
    for (int i = 0; i < np; i++)
        weights[i] = weights[i] / total;
    CDF[0] = weights[0];
    for (int x = 1; x < np; x++)
        CDF[x] = weights[x] + CDF[x - 1];
    u[0] = (1.0f / (float)np) * rd_pf_randu(seed, 0);
    const float u1 = u[0];
    for (int i = 0; i < np; i++)
        u[i] = u1 + (float)i / (float)np;
    for (int i = 0; i < np; i++) {
        int index = -1;
        for (int x = 0; x < np; x++)
            if (CDF[x] >= u[i]) {
                index = x;
                break;
            }
        if (index == -1)
            index = np - 1;
        xj[i] = arrayX[index];
        yj[i] = arrayY[index];
    }
}

static uint32_t cmpf(const char *what, const float *got, const float *want, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++)
        if (rd_pf_f2u(got[i]) != rd_pf_f2u(want[i]) && !(isnan(got[i]) && isnan(want[i]))) {
            if (bad < PF_MAX_REPORT)
                printf("rd_particlefilter: %s[%d] = %.9g, expected %.9g\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad;
}

static uint32_t cmpi(const char *what, const int32_t *got, const int32_t *want, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            if (bad < PF_MAX_REPORT)
                printf("rd_particlefilter: %s[%d] = %d, expected %d\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad;
}

int weft_host_rd_particlefilter(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t unp = args->size ? args->size : PF_DEFAULT_NP;
    if (unp < 1 || unp > (1u << 20)) {
        fprintf(stderr, "rd_particlefilter: --size %u: 1 .. 2^20 particles\n", unp);
        return WEFT_E_USAGE;
    }
    const int np = (int)unp, IszX = PF_ISZ, IszY = PF_ISZ, Nfr = PF_NFR, max_size = IszX * IszY * Nfr;
    const uint32_t hw = cfg->warps * cfg->threads;
    const int nt = (int)(hw < RD_PF_MAX_THREADS ? hw : RD_PF_MAX_THREADS);
    const int blocks = (np + nt - 1) / nt;
    const int radius = 5, diameter = radius * 2 - 1;
    int disk[81], count = 0;
    for (int x = 0; x < diameter; x++)  /* strelDisk */
        for (int y = 0; y < diameter; y++) {
            const float d = sqrtf((float)(x - radius + 1) * (float)(x - radius + 1) +
                                  (float)(y - radius + 1) * (float)(y - radius + 1));
            disk[x * diameter + y] = d < radius;
            count += d < radius;
        }
    int32_t objxy[162];
    for (int x = 0, n = 0; x < diameter; x++)  /* getneighbors */
        for (int y = 0; y < diameter; y++)
            if (disk[x * diameter + y]) {
                objxy[n * 2] = y - (radius - 1);
                objxy[n * 2 + 1] = x - (radius - 1);
                n++;
            }
    if (weft_check_size(dev, (uint64_t)np * (uint64_t)count, 8) != WEFT_OK)
        return weft_status(dev);
    const size_t fb = (size_t)np * 4u;
    uint8_t *I = calloc((size_t)max_size, 1), *tmp = malloc((size_t)max_size);
    float *f[8], *g[8];
    int32_t *seed = malloc(fb), *gseed = malloc(fb), *ind = malloc(fb * count), *gind = malloc(fb * count);
    float *psum = calloc((size_t)blocks, 4), *gpsum = malloc((size_t)blocks * 4u);
    int rc = WEFT_OK, fail = 0;
    uint32_t bad = 0;
    for (int j = 0; j < 8; j++) {
        f[j] = calloc((size_t)np, 4);
        g[j] = malloc(fb);
        fail |= !f[j] || !g[j];
    }
    if (fail || !I || !tmp || !seed || !gseed || !ind || !gind || !psum || !gpsum) {
        fprintf(stderr, "rd_particlefilter: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    float *arrayX = f[0], *arrayY = f[1], *xj = f[2], *yj = f[3], *CDF = f[4], *u = f[5], *weights = f[6],
          *likelihood = f[7];
    {
        int32_t vseed[1] = {(int32_t)args->seed};
        video_sequence(I, IszX, IszY, Nfr, vseed, tmp);
    }
    const float xe = (float)(int)(IszY / 2.0), ye = (float)(int)(IszX / 2.0);
    for (int i = 0; i < np; i++) {
        weights[i] = 1.0f / (float)np;
        xj[i] = xe;
        yj[i] = ye;
        seed[i] = (int32_t)(args->seed * (uint32_t)i);
    }

    rd_pf_args_t arg;
    uint32_t *addr[8] = {&arg.arrayX, &arg.arrayY, &arg.xj, &arg.yj, &arg.CDF, &arg.u, &arg.weights, &arg.likelihood};
    for (int j = 0; j < 8; j++)
        *addr[j] = weft_malloc(dev, (uint32_t)fb);
    arg.ind = weft_malloc(dev, (uint32_t)(fb * count));
    arg.objxy = weft_malloc(dev, (uint32_t)count * 8u);
    arg.I = weft_malloc(dev, (uint32_t)max_size);
    arg.seed = weft_malloc(dev, (uint32_t)fb);
    arg.partial_sums = weft_malloc(dev, (uint32_t)blocks * 4u);
    arg.Np = np;
    arg.countOnes = count;
    arg.max_size = max_size;
    arg.k = 0;
    arg.IszY = IszY;
    arg.Nfr = Nfr;
    arg.blocks = blocks;
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    for (int j = 0; j < 8; j++)
        fail |= !*addr[j];
    if (fail || !arg.ind || !arg.objxy || !arg.I || !arg.seed || !arg.partial_sums || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    for (int j = 0; j < 8; j++)
        if ((rc = weft_copy_to_dev(dev, *addr[j], f[j], fb)) != WEFT_OK)
            goto done;
    if ((rc = weft_copy_to_dev(dev, arg.objxy, objxy, (size_t)count * 8u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.I, I, (size_t)max_size)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.seed, seed, fb)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.partial_sums, psum, (size_t)blocks * 4u)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("rd_particlefilter: %d particles, %dx%dx%d video, %d disk offsets, %d blocks of %d\n", np, IszX, IszY,
               Nfr, count, blocks, nt);
    static const char *const kernels[] = {"rd_pf_likelihood", "rd_pf_sum", "rd_pf_normalize", "rd_pf_cdf", "rd_pf_u",
                                          "rd_pf_find_index"};
    const weft_dim3_t grid = {(uint32_t)blocks, 1, 1}, blk = {(uint32_t)nt, 1, 1};
    for (int k = 1; k < Nfr; k++) {
        arg.k = k;
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
            goto done;
        for (int j = 0; j < 6; j++)
            if ((rc = weft_launch(dev, kernels[j], grid, blk, argaddr)) != WEFT_OK)
                goto done;
        ref_frame(&arg, nt, arrayX, arrayY, xj, yj, CDF, u, weights, likelihood, ind, objxy, I, seed, psum);
        if (args->verbose > 1) {
            float ml = -1e30f;
            for (int i = 0; i < np; i++)
                ml = likelihood[i] > ml ? likelihood[i] : ml;
            printf("rd_particlefilter: frame %d: max likelihood %g, weight sum %g, particle 0 at (%g, %g)\n", k,
                   (double)ml, (double)psum[0], (double)arrayX[0], (double)arrayY[0]);
        }
    }
    static const char *const names[] = {"arrayX", "arrayY", "xj", "yj", "CDF", "u", "weights", "likelihood"};
    for (int j = 0; j < 8; j++) {
        if ((rc = weft_copy_from_dev(dev, g[j], *addr[j], fb)) != WEFT_OK)
            goto done;
        bad = cmpf(names[j], g[j], f[j], np, bad);
    }
    if ((rc = weft_copy_from_dev(dev, gseed, arg.seed, fb)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gind, arg.ind, fb * count)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gpsum, arg.partial_sums, (size_t)blocks * 4u)) != WEFT_OK)
        goto done;
    bad = cmpi("seed", gseed, seed, np, bad);
    bad = cmpi("ind", gind, ind, np * count, bad);
    bad = cmpf("partial_sums", gpsum, psum, blocks, bad);

    /* the device math against the C library */
    uint32_t we = 0, wl = 0;
    float wc = 0.0f;
    for (float x = -87.0f; x <= 88.0f; x += 0.0137f) {
        const uint32_t e = ulps(rd_pf_expf(x), expf(x));
        we = e > we ? e : we;
    }
    for (float x = 1e-30f; x <= 1.0f; x *= 1.0173f) {
        const uint32_t e = ulps(rd_pf_logf(x), logf(x));
        wl = e > wl ? e : wl;
    }
    for (float v = 0.0f; v < 1.0f; v += 0.000123f) {
        const float x = 2.0f * 3.14159265358979323846f * v, e = fabsf(rd_pf_cosf(x) - cosf(x));
        wc = e > wc ? e : wc;
    }
    if (we > 2 || wl > 2 || !(wc <= 0x1p-22f)) {
        printf("rd_particlefilter: device math: exp %u ulp, log %u ulp (limit 2), cos %.3g (limit 2^-22)\n", we, wl,
               (double)wc);
        bad++;
    }
    if (bad) {
        printf("rd_particlefilter: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        float ex = 0.0f, ey = 0.0f;
        for (int i = 0; i < np; i++) {
            ex += arrayX[i] * weights[i];
            ey += arrayY[i] * weights[i];
        }
        printf("rd_particlefilter: estimate (%.4g, %.4g); every array bit for bit; exp %u ulp, log %u ulp, "
               "cos %.2g from the C library\n", (double)ex, (double)ey, we, wl, (double)wc);
    }
done:
    for (int j = 0; j < 8; j++) {
        free(f[j]);
        free(g[j]);
    }
    free(I);
    free(tmp);
    free(seed);
    free(gseed);
    free(ind);
    free(gind);
    free(psum);
    free(gpsum);
    return rc;
}
