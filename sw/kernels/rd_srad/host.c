/* rd_srad host program: Rodinia SRAD (OpenCL version) on an Nr x Nc image,
 * Nr = --size (default 32), Nc = round(Nr * 458 / 502) (--size 502: seed
 * 000 Table 6.2's 502x458 image; --size 251: its adjusted 251x229),
 * lambda 0.5, SRAD_ITERS iterations (Rodinia's run script passes the count;
 * fixed here to keep make test short).
 *
 * Blocks of NUMBER_THREADS = the largest power of two <= min(512, W*T)
 * (Rodinia: 512), at least 2 (with 1 the reduce loop would not end). Launches as Rodinia's kernel_gpu_opencl_wrapper: extract,
 * then per iteration prepare, reduce until one block is left (mul *=
 * NUMBER_THREADS per level), the host's statistics from sums[0] and
 * sums2[0] (meanROI, varROI, q0sqr over the whole image as ROI), srad,
 * srad2; then compress.
 *
 * Input: Rodinia reads image.pgm (502 x 458, 8-bit); here the pixels are
 * random integers 0..255 (weft_rand, --seed), column-major as Rodinia's
 * resize leaves them. N/S/W/E neighbour index arrays clamped at the border
 * as Rodinia's main.c.
 *
 * Check, every output:
 *  - extract: every pixel within 1 ulp of the host's expf(I / 255) (the
 *    device runs picolibc's expf, the host its C library's); the reference
 *    then continues from the device's extracted image;
 *  - every iteration: sums[0] and sums2[0] bit for bit against the same tree
 *    emulated on the host (including Rodinia's remainder read at d_sums[i]
 *    rather than d_sums[i * mul]);
 *  - after the last iteration: the image and the diffusion coefficients c
 *    bit for bit against the host's srad/srad2 in the kernels' float order;
 *  - compress: every pixel within 2 ulp of logf(I) * 255 on the host. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_srad.h"

#define SRAD_DEFAULT_ROWS 32u
#define SRAD_ITERS 2
#define SRAD_LAMBDA 0.5f
#define SRAD_MAX_REPORT 8u
#define NT_MAX 512u

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Distance in ulps between two finite floats of the same sign (else huge). */
static uint32_t ulps(float a, float b)
{
    const uint32_t x = f2u(a), y = f2u(b);
    if ((x ^ y) & 0x80000000u)
        return x == y ? 0 : 0xffffffffu;
    return x > y ? x - y : y - x;
}

/* rd_srad_reduce over one launch, block by block (each block reads and
 * writes only its own slots, except the remainder read, which reads slots
 * no block of the launch writes). */
static void ref_reduce(float *s, float *s2, int nt, int no, int mul, int grid)
{
    float p[NT_MAX], p2[NT_MAX];
    const int nf = nt - (grid * nt - no);
    for (int bx = 0; bx < grid; bx++) {
        for (int tx = 0; tx < nt; tx++)
            if (bx * nt + tx < no) {
                p[tx] = s[(bx * nt + tx) * mul];
                p2[tx] = s2[(bx * nt + tx) * mul];
            }
        if (nf == nt || bx != grid - 1) {
            for (int i = 2; i <= nt; i *= 2)
                for (int tx = 0; tx < nt; tx++)
                    if ((tx + 1) % i == 0) {
                        p[tx] = p[tx] + p[tx - i / 2];
                        p2[tx] = p2[tx] + p2[tx - i / 2];
                    }
            s[bx * mul * nt] = p[nt - 1];
            s2[bx * mul * nt] = p2[nt - 1];
        } else {
            int df = 0;
            for (int i = 2; i <= nt; i *= 2)
                if (nf >= i)
                    df = i;
            for (int i = 2; i <= df; i *= 2)
                for (int tx = 0; tx < df; tx++)
                    if ((tx + 1) % i == 0) {
                        p[tx] = p[tx] + p[tx - i / 2];
                        p2[tx] = p2[tx] + p2[tx - i / 2];
                    }
            /* df >= 1 threads; with df == 0 (nf == 1) no thread matches tx == -1 */
            if (df >= 1) {
                const int tx = df - 1;
                for (int i = bx * nt + df; i < bx * nt + nf; i++) {
                    p[tx] = p[tx] + s[i];
                    p2[tx] = p2[tx] + s2[i];
                }
                s[bx * mul * nt] = p[tx];
                s2[bx * mul * nt] = p2[tx];
            }
        }
    }
}

static void rowcol(int ei, int nr, int *row, int *col)
{
    *row = (ei + 1) % nr - 1;
    *col = (ei + 1) / nr;
    if ((ei + 1) % nr == 0) {
        *row = nr - 1;
        *col = *col - 1;
    }
}

static void ref_srad(const float *I, float *dN, float *dS, float *dW, float *dE, float *c, const int *iN,
                     const int *iS, const int *jE, const int *jW, int nr, int ne, float q0sqr)
{
    for (int ei = 0; ei < ne; ei++) {
        int row, col;
        rowcol(ei, nr, &row, &col);
        const float jc = I[ei];
        const float dn = I[iN[row] + nr * col] - jc, ds = I[iS[row] + nr * col] - jc;
        const float dw = I[row + nr * jW[col]] - jc, de = I[row + nr * jE[col]] - jc;
        const float g2 = fmaf(de, de, fmaf(dw, dw, fmaf(dn, dn, ds * ds))) / (jc * jc);
        const float l = (dn + ds + dw + de) / jc;
        const float num = fmaf(0.5f, g2, -((1.0f / 16.0f) * (l * l)));
        float den = fmaf(0.25f, l, 1.0f);
        const float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
        float cc = 1.0f / (1.0f + den);
        cc = cc < 0.0f ? 0.0f : (cc > 1.0f ? 1.0f : cc);
        dN[ei] = dn;
        dS[ei] = ds;
        dW[ei] = dw;
        dE[ei] = de;
        c[ei] = cc;
    }
}

static void ref_srad2(float *I, const float *dN, const float *dS, const float *dW, const float *dE, const float *c,
                      const int *iS, const int *jE, int nr, int ne, float lambda)
{
    for (int ei = 0; ei < ne; ei++) {
        int row, col;
        rowcol(ei, nr, &row, &col);
        const float cn = c[ei], cs = c[iS[row] + nr * col], cw = c[ei], ce = c[row + nr * jE[col]];
        const float d = fmaf(ce, dE[ei], fmaf(cw, dW[ei], fmaf(cn, dN[ei], cs * dS[ei])));
        I[ei] = fmaf(0.25f * lambda, d, I[ei]);
    }
}

int weft_host_rd_srad(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t rows = args->size ? args->size : SRAD_DEFAULT_ROWS;
    if (rows < 2 || rows > 4096) {
        fprintf(stderr, "rd_srad: --size %u: the image rows must be 2..4096\n", rows);
        return WEFT_E_USAGE;
    }
    const int nr = (int)rows, nc = (int)((rows * 458u + 251u) / 502u) < 2 ? 2 : (int)((rows * 458u + 251u) / 502u);
    const int ne = nr * nc;
    const size_t bytes = (size_t)ne * 4u;
    if (weft_check_size(dev, (uint64_t)ne, 40) != WEFT_OK)
        return weft_status(dev);
    uint32_t hw = cfg->warps * cfg->threads < NT_MAX ? cfg->warps * cfg->threads : NT_MAX, nt = 1;
    while (nt * 2 <= hw)
        nt *= 2;
    if (nt < 2) {  /* Rodinia's reduce loop never ends with one thread per block */
        fprintf(stderr, "rd_srad: needs blocks of at least 2 threads (W*T >= 2), have %u\n", hw);
        return WEFT_E_USAGE;
    }
    const int blocks = (ne + (int)nt - 1) / (int)nt;

    float *img = malloc(bytes), *ref = malloc(bytes), *got = malloc(bytes), *s = malloc(bytes), *s2 = malloc(bytes);
    float *dN = malloc(bytes), *dS = malloc(bytes), *dW = malloc(bytes), *dE = malloc(bytes), *c = malloc(bytes);
    int *iN = malloc((size_t)nr * 4u), *iS = malloc((size_t)nr * 4u), *jE = malloc((size_t)nc * 4u),
        *jW = malloc((size_t)nc * 4u);
    int rc = WEFT_OK;
    uint32_t bad = 0;
    if (!img || !ref || !got || !s || !s2 || !dN || !dS || !dW || !dE || !c || !iN || !iS || !jE || !jW) {
        fprintf(stderr, "rd_srad: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int i = 0; i < ne; i++)
        img[i] = (float)(weft_rand(&seed) % 256u);
    for (int i = 0; i < nr; i++) {
        iN[i] = i - 1;
        iS[i] = i + 1;
    }
    for (int j = 0; j < nc; j++) {
        jW[j] = j - 1;
        jE[j] = j + 1;
    }
    iN[0] = 0;
    iS[nr - 1] = nr - 1;
    jW[0] = 0;
    jE[nc - 1] = nc - 1;

    rd_srad_args_t arg;
    memset(&arg, 0, sizeof arg);
    arg.ne = ne;
    arg.nr = nr;
    arg.nc = nc;
    arg.lambda = SRAD_LAMBDA;
    arg.img = weft_malloc(dev, (uint32_t)bytes);
    arg.sums = weft_malloc(dev, (uint32_t)bytes);
    arg.sums2 = weft_malloc(dev, (uint32_t)bytes);
    arg.c = weft_malloc(dev, (uint32_t)bytes);
    arg.dn = weft_malloc(dev, (uint32_t)bytes);
    arg.ds = weft_malloc(dev, (uint32_t)bytes);
    arg.dw = weft_malloc(dev, (uint32_t)bytes);
    arg.de = weft_malloc(dev, (uint32_t)bytes);
    arg.in = weft_malloc(dev, (uint32_t)nr * 4u);
    arg.is = weft_malloc(dev, (uint32_t)nr * 4u);
    arg.je = weft_malloc(dev, (uint32_t)nc * 4u);
    arg.jw = weft_malloc(dev, (uint32_t)nc * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.img || !arg.sums || !arg.sums2 || !arg.c || !arg.dn || !arg.ds || !arg.dw || !arg.de || !arg.in ||
        !arg.is || !arg.je || !arg.jw || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(got, 0xa5, bytes);  /* poison the outputs */
    if ((rc = weft_copy_to_dev(dev, arg.img, img, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.c, got, bytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.in, iN, (size_t)nr * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.is, iS, (size_t)nr * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.je, jE, (size_t)nc * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.jw, jW, (size_t)nc * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t grid = {(uint32_t)blocks, 1, 1}, blk = {nt, 1, 1};
    if (args->verbose)
        printf("rd_srad: %dx%d image, %d iterations, lambda %g, %u threads per block, %d blocks\n", nr, nc,
               SRAD_ITERS, (double)SRAD_LAMBDA, nt, blocks);

    /* extract */
    if ((rc = weft_launch(dev, "rd_srad_extract", grid, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, ref, arg.img, bytes)) != WEFT_OK)
        goto done;
    uint32_t worst = 0;
    for (int i = 0; i < ne; i++) {
        const float want = expf(img[i] / 255.0f);
        const uint32_t u = ulps(ref[i], want);
        worst = u > worst ? u : worst;
        if (u > 1) {
            if (bad < SRAD_MAX_REPORT)
                printf("rd_srad: extract: I[%d] = %.9g, expected expf(%g / 255) = %.9g\n", i, ref[i],
                       (double)img[i], want);
            bad++;
        }
    }
    if (args->verbose)
        printf("rd_srad: extract: worst %u ulp from the host's expf\n", worst);

    for (int iter = 0; iter < SRAD_ITERS; iter++) {
        if ((rc = weft_launch(dev, "rd_srad_prepare", grid, blk, argaddr)) != WEFT_OK)
            goto done;
        for (int i = 0; i < ne; i++) {
            s[i] = ref[i];
            s2[i] = ref[i] * ref[i];
        }
        int work = blocks, no = ne, mul = 1, levels = 0;
        while (work != 0) {
            arg.no = no;
            arg.mul = mul;
            arg.grid = work;
            const weft_dim3_t g2 = {(uint32_t)work, 1, 1};
            if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
                (rc = weft_launch(dev, "rd_srad_reduce", g2, blk, argaddr)) != WEFT_OK)
                goto done;
            ref_reduce(s, s2, (int)nt, no, mul, work);
            levels++;
            no = work;
            if (work == 1) {
                work = 0;
            } else {
                mul *= (int)nt;
                work = (work + (int)nt - 1) / (int)nt;
            }
        }
        float total, total2;
        if ((rc = weft_copy_from_dev(dev, &total, arg.sums, 4)) != WEFT_OK ||
            (rc = weft_copy_from_dev(dev, &total2, arg.sums2, 4)) != WEFT_OK)
            goto done;
        if (f2u(total) != f2u(s[0]) || f2u(total2) != f2u(s2[0])) {
            printf("rd_srad: iteration %d: sums %.9g %.9g, expected %.9g %.9g\n", iter, total, total2, s[0], s2[0]);
            bad++;
        }
        const float mean = total / (float)ne, mean2 = mean * mean;
        const float var = (total2 / (float)ne) - mean2;
        arg.q0sqr = var / mean2;
        if (args->verbose)
            printf("rd_srad: iteration %d: %d reduce launches, total %.9g, q0sqr %.9g\n", iter, levels, total,
                   (double)arg.q0sqr);
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_srad_srad", grid, blk, argaddr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_srad_srad2", grid, blk, argaddr)) != WEFT_OK)
            goto done;
        ref_srad(ref, dN, dS, dW, dE, c, iN, iS, jE, jW, nr, ne, arg.q0sqr);
        ref_srad2(ref, dN, dS, dW, dE, c, iS, jE, nr, ne, SRAD_LAMBDA);
    }
    /* the image and c after the last iteration */
    if ((rc = weft_copy_from_dev(dev, got, arg.img, bytes)) != WEFT_OK)
        goto done;
    for (int i = 0; i < ne; i++)
        if (f2u(got[i]) != f2u(ref[i])) {
            if (bad < SRAD_MAX_REPORT)
                printf("rd_srad: I[%d] = %.9g, expected %.9g\n", i, got[i], ref[i]);
            bad++;
        }
    if ((rc = weft_copy_from_dev(dev, got, arg.c, bytes)) != WEFT_OK)
        goto done;
    for (int i = 0; i < ne; i++)
        if (f2u(got[i]) != f2u(c[i])) {
            if (bad < SRAD_MAX_REPORT)
                printf("rd_srad: c[%d] = %.9g, expected %.9g\n", i, got[i], c[i]);
            bad++;
        }
    /* compress */
    if ((rc = weft_launch(dev, "rd_srad_compress", grid, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, got, arg.img, bytes)) != WEFT_OK)
        goto done;
    worst = 0;
    for (int i = 0; i < ne; i++) {
        const float want = logf(ref[i]) * 255.0f;
        const uint32_t u = ulps(got[i], want);
        worst = u > worst ? u : worst;
        if (u > 2) {
            if (bad < SRAD_MAX_REPORT)
                printf("rd_srad: compress: I[%d] = %.9g, expected logf(%.9g) * 255 = %.9g\n", i, got[i], ref[i],
                       want);
            bad++;
        }
    }
    if (bad) {
        printf("rd_srad: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_srad: compress: worst %u ulp from the host's logf * 255; image, c and sums bit for bit\n", worst);
    }
done:
    free(img);
    free(ref);
    free(got);
    free(s);
    free(s2);
    free(dN);
    free(dS);
    free(dW);
    free(dE);
    free(c);
    free(iN);
    free(iS);
    free(jE);
    free(jW);
    return rc;
}
