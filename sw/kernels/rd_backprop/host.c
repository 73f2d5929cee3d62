/* rd_backprop host program: one training step of Rodinia's back-propagation
 * network (OpenCL backprop_ocl.cpp bpnn_train_kernel), in = --size input
 * units (a multiple of 16, default 512; seed 000 Table 6.2: 65536), 16
 * hidden units, 1 output.
 *
 * Inputs as Rodinia's bpnn_create and load: input units and input and hidden
 * weights rand() / RAND_MAX (here weft_rand's top 24 bits / 2^24, --seed),
 * previous weights 0, target 0.1. Blocks B x B, B = the largest power of
 * two with B^2 <= W*T (at most 16), grid (16 / B, in / B) (Rodinia: 16 x 16
 * blocks, grid (1, in / 16)).
 *
 * As Rodinia's host: launch layerforward; read the partial sums; the hidden
 * units are squash(sum of the partial sums + bias weight) in double exp;
 * the output layer, the output and hidden errors and the hidden-to-output
 * weight update run on the host (Rodinia's backprop.c); then the input
 * weights are rewritten from the host copy (layerforward overwrote them),
 * the previous weights written, and adjust_weights launched.
 *
 * Check, bit for bit against the host's emulation of the kernels in their
 * float order: every partial sum and every overwritten input weight after
 * layerforward; every weight and previous weight after adjust_weights. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_backprop.h"

#define BP_DEFAULT_IN 512u
#define BP_MAX_REPORT 8u
#define BP_OUT 1

static float drnd(uint32_t *seed)
{
    return (float)(weft_rand(seed) >> 8) * (1.0f / 16777216.0f);
}

static float squash(float x)
{
    return (float)(1.0 / (1.0 + exp(-x)));
}

static uint32_t cmp(const char *what, const float *got, const float *want, size_t n, uint32_t bad)
{
    for (size_t i = 0; i < n; i++)
        if (memcmp(&got[i], &want[i], 4) != 0) {
            if (bad < BP_MAX_REPORT)
                printf("rd_backprop: %s[%zu] = %.9g, expected %.9g\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad;
}

int weft_host_rd_backprop(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t uin = args->size ? args->size : BP_DEFAULT_IN;
    if (uin < 16 || uin % 16 != 0 || uin > (1u << 22)) {
        fprintf(stderr, "rd_backprop: --size %u: the input units must be a multiple of 16 (16 .. 2^22)\n", uin);
        return WEFT_E_USAGE;
    }
    const uint32_t hw = cfg->warps * cfg->threads;
    int bs = 1;
    while ((uint32_t)(4 * bs * bs) <= hw && bs < RD_BP_MAX_B)
        bs *= 2;
    const int in = (int)uin, hid = RD_BP_HID, out = BP_OUT, nby = in / bs;
    const size_t nw = (size_t)(in + 1) * (hid + 1), wbytes = nw * 4u;
    if (weft_check_size(dev, nw, 16) != WEFT_OK)
        return weft_status(dev);
    float *input = malloc((size_t)(in + 1) * 4u), *w = malloc(wbytes), *w1 = malloc(wbytes), *oldw = calloc(nw, 4);
    float *got = malloc(wbytes), *psum = malloc((size_t)nby * hid * 4u), *gpsum = malloc((size_t)nby * hid * 4u);
    float hidden_w[RD_BP_HID + 1][BP_OUT + 1], hidden_prev[RD_BP_HID + 1][BP_OUT + 1];
    float hidden_units[RD_BP_HID + 1], hidden_delta[RD_BP_HID + 1], output_units[BP_OUT + 1],
        output_delta[BP_OUT + 1], target[BP_OUT + 1];
    int rc = WEFT_OK;
    uint32_t bad = 0;
    if (!input || !w || !w1 || !oldw || !got || !psum || !gpsum) {
        fprintf(stderr, "rd_backprop: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (size_t i = 0; i < nw; i++)  /* bpnn_randomize_weights(input_weights, in, hid) */
        w[i] = drnd(&seed);
    for (int j = 0; j <= hid; j++)
        for (int k = 0; k <= out; k++) {
            hidden_w[j][k] = drnd(&seed);
            hidden_prev[j][k] = 0.0f;
        }
    for (int k = 0; k <= out; k++)
        target[k] = 0.1f;
    input[0] = 0.0f;  /* not read by the kernels (Rodinia leaves it unset) */
    for (int i = 1; i <= in; i++)  /* load(): input_units[1..in] */
        input[i] = drnd(&seed);

    rd_backprop_args_t arg = {weft_malloc(dev, (uint32_t)(in + 1) * 4u), weft_malloc(dev, (uint32_t)wbytes),
                              weft_malloc(dev, (uint32_t)(nby * hid) * 4u), weft_malloc(dev, (uint32_t)(hid + 1) * 4u),
                              weft_malloc(dev, (uint32_t)wbytes), in, hid};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.input || !arg.input_hidden || !arg.partial_sum || !arg.delta || !arg.oldw || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(gpsum, 0xa5, (size_t)nby * hid * 4u);  /* poison */
    if ((rc = weft_copy_to_dev(dev, arg.input, input, (size_t)(in + 1) * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.input_hidden, w, wbytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.partial_sum, gpsum, (size_t)nby * hid * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t grid = {(uint32_t)(hid / bs), (uint32_t)nby, 1}, blk = {(uint32_t)bs, (uint32_t)bs, 1};
    if (args->verbose)
        printf("rd_backprop: %d x %d x %d network, blocks %dx%d, grid %ux%u\n", in, hid, out, bs, bs, grid.x, grid.y);
    if ((rc = weft_launch(dev, "rd_bp_layerforward", grid, blk, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, gpsum, arg.partial_sum, (size_t)nby * hid * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, got, arg.input_hidden, wbytes)) != WEFT_OK)
        goto done;

    /* reference layerforward: per block (by, hidden column), the tree over rows */
    memcpy(w1, w, wbytes);
    for (int by = 0; by < nby; by++)
        for (int h = 0; h < hid; h++) {
            float m[RD_BP_MAX_B];
            for (int ty = 0; ty < bs; ty++)
                m[ty] = w[(hid + 1) * bs * by + (hid + 1) * ty + h + 1 + (hid + 1)] * input[bs * by + ty + 1];
            for (int p = 1; p <= bs; p *= 2)
                for (int ty = 0; ty < bs; ty += p)
                    m[ty] = m[ty] + m[ty + p / 2];
            for (int ty = 0; ty < bs; ty++)
                w1[(hid + 1) * bs * by + (hid + 1) * ty + h + 1 + (hid + 1)] = m[ty];
            psum[by * hid + h] = m[0];
        }
    bad = cmp("partial_sum", gpsum, psum, (size_t)nby * hid, bad);
    bad = cmp("input_weights after layerforward", got, w1, nw, bad);

    /* host part of bpnn_train_kernel, from the device's partial sums */
    for (int j = 1; j <= hid; j++) {
        float sum = 0.0f;
        for (int k = 0; k < nby; k++)
            sum += gpsum[k * hid + j - 1];
        sum += w[j];
        hidden_units[j] = squash(sum);
    }
    hidden_units[0] = 1.0f;  /* bpnn_layerforward(hidden -> output) */
    for (int j = 1; j <= out; j++) {
        float sum = 0.0f;
        for (int k = 0; k <= hid; k++)
            sum += hidden_w[k][j] * hidden_units[k];
        output_units[j] = squash(sum);
    }
    for (int j = 1; j <= out; j++) {  /* bpnn_output_error */
        const float o = output_units[j], t = target[j];
        output_delta[j] = (float)(o * (1.0 - o) * (t - o));
    }
    for (int j = 1; j <= hid; j++) {  /* bpnn_hidden_error */
        const float h = hidden_units[j];
        float sum = 0.0f;
        for (int k = 1; k <= out; k++)
            sum += output_delta[k] * hidden_w[j][k];
        hidden_delta[j] = (float)(h * (1.0 - h) * sum);
    }
    hidden_delta[0] = 0.0f;
    for (int j = 1; j <= out; j++)  /* bpnn_adjust_weights(hidden -> output), host only */
        for (int k = 0; k <= hid; k++) {
            const float ndw = (RD_BP_ETA * output_delta[j] * hidden_units[k]) + (RD_BP_MOMENTUM * hidden_prev[k][j]);
            hidden_w[k][j] += ndw;
            hidden_prev[k][j] = ndw;
        }

    memset(got, 0, wbytes);  /* previous weights: zero, as bpnn_zero_weights */
    if ((rc = weft_copy_to_dev(dev, arg.delta, hidden_delta, (size_t)(hid + 1) * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.oldw, oldw, wbytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.input_hidden, w, wbytes)) != WEFT_OK ||
        (rc = weft_launch(dev, "rd_bp_adjust_weights", grid, blk, argaddr)) != WEFT_OK)
        goto done;
    /* reference adjust_weights */
    for (int by = 0; by < nby; by++)
        for (int ty = 0; ty < bs; ty++)
            for (int h = 0; h < hid; h++) {
                const size_t index = (size_t)(hid + 1) * bs * by + (size_t)(hid + 1) * ty + h + 1 + (hid + 1);
                const float d = fmaf(RD_BP_ETA * hidden_delta[h + 1], input[bs * by + ty + 1],
                                     RD_BP_MOMENTUM * oldw[index]);
                w[index] += d;
                oldw[index] = d;
            }
    for (int h = 0; h < hid; h++) {
        const float d = fmaf(RD_BP_ETA, hidden_delta[h + 1], RD_BP_MOMENTUM * oldw[h + 1]);
        w[h + 1] += d;
        oldw[h + 1] = d;
    }
    if ((rc = weft_copy_from_dev(dev, got, arg.input_hidden, wbytes)) != WEFT_OK)
        goto done;
    bad = cmp("input_weights", got, w, nw, bad);
    if ((rc = weft_copy_from_dev(dev, got, arg.oldw, wbytes)) != WEFT_OK)
        goto done;
    bad = cmp("input_prev_weights", got, oldw, nw, bad);
    if (bad) {
        printf("rd_backprop: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_backprop: partial sums, weights and previous weights bit for bit (output %.6g)\n",
               (double)output_units[1]);
    }
done:
    free(input);
    free(w);
    free(w1);
    free(oldw);
    free(got);
    free(psum);
    free(gpsum);
    return rc;
}
