/* rd_lud host program: Rodinia LU decomposition of a dim x dim matrix
 * (--size dim, default 64, a multiple of B; seed 000 Table 6.2: `1024x1024
 * Matrix`; Rodinia's own default is 32), in place, no pivoting.
 *
 * Block edge B = the largest power of two with B * B <= W*T, capped at 16
 * (Rodinia's BLOCK_SIZE 16 needs 256 threads per block in lud_internal; a
 * power of two as Rodinia's, so that the power-of-two dimensions divide by it
 * on every configuration: floor(sqrt(32)) = 5 did not divide the default 64
 * on 8 x 4); lud_perimeter's blocks have 2B
 * threads, so the kernel needs W*T >= 4 (B >= 2). Launches as Rodinia's
 * lud.cpp: for offset = 0, B, ... < dim - B: lud_diagonal (1 block of B),
 * lud_perimeter ((dim-offset)/B - 1 blocks of 2B), lud_internal
 * (((dim-offset)/B - 1)^2 blocks of B x B); then lud_diagonal on the last
 * block.
 *
 * Input: Rodinia's create_matrix (common.c), m[i][j] = 10 exp(-0.001 |i-j|)
 * (exp in double, stored as float); it uses no random numbers, so --seed
 * does not change it. The check runs the same three block steps serially on
 * the host in the kernels' float operation order (fmaf with the negated
 * factor for `a -= b * c`, fmaf chain from 0 for the internal sum, fdiv) and
 * compares every element bit for bit; it also requires L*U to reproduce the
 * input within 1e-3 relative to its largest element (Rodinia's lud_verify
 * test), so the reference itself is a factorisation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_lud.h"

#define LUD_DEFAULT_DIM 64u
#define LUD_MAX_REPORT 8u

static void ref_diagonal(float *m, int dim, int offset, int bs)
{
    float sh[RD_LUD_MAX_B * RD_LUD_MAX_B];
    for (int i = 0; i < bs; i++)
        for (int tx = 0; tx < bs; tx++)
            sh[i * bs + tx] = m[(offset + i) * dim + offset + tx];
    for (int i = 0; i < bs - 1; i++) {
        for (int tx = i + 1; tx < bs; tx++) {
            float *p = &sh[tx * bs + i];
            for (int j = 0; j < i; j++)
                *p = fmaf(-sh[tx * bs + j], sh[j * bs + i], *p);
            *p = *p / sh[i * bs + i];
        }
        for (int tx = i + 1; tx < bs; tx++) {
            float *p = &sh[(i + 1) * bs + tx];
            for (int j = 0; j < i + 1; j++)
                *p = fmaf(-sh[(i + 1) * bs + j], sh[j * bs + tx], *p);
        }
    }
    for (int i = 1; i < bs; i++)
        for (int tx = 0; tx < bs; tx++)
            m[(offset + i) * dim + offset + tx] = sh[i * bs + tx];
}

static void ref_perimeter(float *m, int dim, int offset, int bs)
{
    float dia[RD_LUD_MAX_B * RD_LUD_MAX_B], row[RD_LUD_MAX_B * RD_LUD_MAX_B], col[RD_LUD_MAX_B * RD_LUD_MAX_B];
    const int nb = (dim - offset) / bs - 1;
    for (int bx = 0; bx < nb; bx++) {
        for (int i = 0; i < bs; i++)
            for (int x = 0; x < bs; x++) {
                dia[i * bs + x] = m[(offset + i) * dim + offset + x];
                row[i * bs + x] = m[(offset + i) * dim + offset + (bx + 1) * bs + x];
                col[i * bs + x] = m[(offset + (bx + 1) * bs + i) * dim + offset + x];
            }
        for (int idx = 0; idx < bs; idx++)
            for (int i = 1; i < bs; i++)
                for (int j = 0; j < i; j++)
                    row[i * bs + idx] = fmaf(-dia[i * bs + j], row[j * bs + idx], row[i * bs + idx]);
        for (int idx = 0; idx < bs; idx++)
            for (int i = 0; i < bs; i++) {
                float *p = &col[idx * bs + i];
                for (int j = 0; j < i; j++)
                    *p = fmaf(-col[idx * bs + j], dia[j * bs + i], *p);
                *p = *p / dia[i * bs + i];
            }
        for (int i = 1; i < bs; i++)
            for (int x = 0; x < bs; x++)
                m[(offset + i) * dim + offset + (bx + 1) * bs + x] = row[i * bs + x];
        for (int i = 0; i < bs; i++)
            for (int x = 0; x < bs; x++)
                m[(offset + (bx + 1) * bs + i) * dim + offset + x] = col[i * bs + x];
    }
}

static void ref_internal(float *m, int dim, int offset, int bs)
{
    const int nb = (dim - offset) / bs - 1;
    for (int by = 0; by < nb; by++)
        for (int bx = 0; bx < nb; bx++) {
            const int gr = offset + (by + 1) * bs, gc = offset + (bx + 1) * bs;
            for (int ty = 0; ty < bs; ty++)
                for (int tx = 0; tx < bs; tx++) {
                    float sum = 0.0f;
                    for (int i = 0; i < bs; i++)  /* peri_col[ty][i] * peri_row[i][tx] */
                        sum = fmaf(m[(gr + ty) * dim + offset + i], m[(offset + i) * dim + gc + tx], sum);
                    m[(gr + ty) * dim + gc + tx] -= sum;
                }
        }
}

int weft_host_rd_lud(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t hw = cfg->warps * cfg->threads;
    int bs = 1;
    while ((uint32_t)(4 * bs * bs) <= hw && 2 * bs <= RD_LUD_MAX_B)
        bs *= 2;
    if (bs < 2) {
        fprintf(stderr, "rd_lud: needs blocks of 2 x 2 threads (W*T >= 4), have %u\n", hw);
        return WEFT_E_USAGE;
    }
    const uint32_t udim = args->size ? args->size : LUD_DEFAULT_DIM;
    if (udim < (uint32_t)bs || udim % (uint32_t)bs != 0 || udim > 4096) {
        fprintf(stderr, "rd_lud: --size %u: the dimension must be a multiple of the block size %d, at most 4096\n",
                udim, bs);
        return WEFT_E_USAGE;
    }
    const int dim = (int)udim;
    const size_t nn = (size_t)dim * dim, bytes = nn * sizeof(float);
    if (weft_check_size(dev, nn, 4) != WEFT_OK)
        return weft_status(dev);
    float *a = malloc(bytes), *want = malloc(bytes), *got = malloc(bytes);
    int rc = WEFT_OK;
    if (!a || !want || !got) {
        fprintf(stderr, "rd_lud: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (int i = 0; i < dim; i++)
        for (int j = 0; j < dim; j++)
            a[i * dim + j] = (float)(10.0 * exp((double)-0.001f * (double)abs(i - j)));
    memcpy(want, a, bytes);

    rd_lud_args_t arg = {weft_malloc(dev, (uint32_t)bytes), dim, 0, bs};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.m || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.m, a, bytes)) != WEFT_OK)
        goto done;
    int launches = 0;
    int offset;
    for (offset = 0; offset < dim - bs; offset += bs) {
        const uint32_t nb = (uint32_t)((dim - offset) / bs - 1);
        arg.offset = offset;
        const weft_dim3_t g1 = {1, 1, 1}, b1 = {(uint32_t)bs, 1, 1};
        const weft_dim3_t g2 = {nb, 1, 1}, b2 = {2u * (uint32_t)bs, 1, 1};
        const weft_dim3_t g3 = {nb, nb, 1}, b3 = {(uint32_t)bs, (uint32_t)bs, 1};
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_lud_diagonal", g1, b1, argaddr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_lud_perimeter", g2, b2, argaddr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_lud_internal", g3, b3, argaddr)) != WEFT_OK)
            goto done;
        launches += 3;
        ref_diagonal(want, dim, offset, bs);
        ref_perimeter(want, dim, offset, bs);
        ref_internal(want, dim, offset, bs);
    }
    arg.offset = offset;
    {
        const weft_dim3_t g1 = {1, 1, 1}, b1 = {(uint32_t)bs, 1, 1};
        if ((rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_lud_diagonal", g1, b1, argaddr)) != WEFT_OK)
            goto done;
        launches++;
        ref_diagonal(want, dim, offset, bs);
    }
    if ((rc = weft_copy_from_dev(dev, got, arg.m, bytes)) != WEFT_OK)
        goto done;

    uint32_t bad = 0;
    for (size_t i = 0; i < nn; i++) {
        if (memcmp(&got[i], &want[i], sizeof(float)) != 0) {
            if (bad < LUD_MAX_REPORT)
                printf("rd_lud: m[%zu][%zu] = %.9g, expected %.9g\n", i / (size_t)dim, i % (size_t)dim, got[i],
                       want[i]);
            bad++;
        }
    }
    /* The reference is an LU factorisation: L (unit diagonal) * U == input. */
    double worst = 0.0, amax = 0.0;
    for (size_t i = 0; i < nn; i++)
        amax = fmax(amax, fabs((double)a[i]));
    for (int i = 0; i < dim; i++)
        for (int j = 0; j < dim; j++) {
            double s = 0.0;
            for (int k = 0; k <= (i < j ? i : j); k++)
                s += (k == i ? 1.0 : (double)want[i * dim + k]) * (double)want[k * dim + j];
            worst = fmax(worst, fabs(s - (double)a[i * dim + j]));
        }
    if (!(worst <= 1e-3 * amax)) {
        printf("rd_lud: the reference's L*U differs from the input by %.3g (limit %.3g)\n", worst, 1e-3 * amax);
        bad++;
    }
    if (bad) {
        printf("rd_lud: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_lud: %dx%d, block %d, %d launches, every element bit for bit, |L*U - A| = %.3g\n", dim, dim, bs,
               launches, worst);
    }
done:
    free(a);
    free(want);
    free(got);
    return rc;
}
