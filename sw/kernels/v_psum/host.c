/* v_psum host program: Vortex's psum over n floats (--size n, default 1024
 * = Vortex's default; seed 004 runs 64..512), one launch, work-groups of L =
 * the largest power of two <= min(256, W*T) threads (Vortex: 256); n must be
 * a multiple of L, as Vortex's host requires. Inputs rand() / RAND_MAX
 * (weft_rand, --seed). Checked: every work-group's partial sum bit for bit
 * against the same tree on the host (Vortex's host only compares the total
 * with a tolerance), and the total of the partials. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "v_psum.h"

#define VP_DEFAULT_N 1024u
#define VP_MAX_REPORT 8u

int weft_host_v_psum(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : VP_DEFAULT_N;
    uint32_t l = 1;
    while (l * 2 <= cfg->warps * cfg->threads && l * 2 <= V_PSUM_MAX_LOCAL)
        l *= 2;
    if (n < l || n % l != 0 || n > (1u << 24)) {
        fprintf(stderr, "v_psum: --size %u: must be a multiple of the work-group size %u, at most %u\n", n, l,
                1u << 24);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 8) != WEFT_OK)
        return weft_status(dev);
    const uint32_t groups = n / l;
    float *in = malloc((size_t)n * 4u), *out = malloc((size_t)groups * 4u), *t = malloc((size_t)l * 4u);
    int rc = WEFT_OK;
    if (!in || !out || !t) {
        fprintf(stderr, "v_psum: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (uint32_t i = 0; i < n; i++)
        in[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    memset(out, 0xa5, (size_t)groups * 4u);
    v_psum_args_t arg = {weft_malloc(dev, n * 4u), weft_malloc(dev, groups * 4u), n};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.input || !arg.output || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.input, in, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.output, out, (size_t)groups * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {groups, 1, 1}, b = {l, 1, 1};
    if ((rc = weft_launch(dev, "v_psum", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, out, arg.output, (size_t)groups * 4u)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    float total = 0.0f, want_total = 0.0f;
    for (uint32_t gi = 0; gi < groups; gi++) {
        memcpy(t, in + (size_t)gi * l, (size_t)l * 4u);
        for (uint32_t s = l / 2; s > 0; s /= 2)
            for (uint32_t i = 0; i < s; i++)
                t[i] += t[i + s];
        if (memcmp(&t[0], &out[gi], 4) != 0) {
            if (bad < VP_MAX_REPORT)
                printf("v_psum: output[%u] = %.9g, expected %.9g\n", gi, out[gi], t[0]);
            bad++;
        }
        total += out[gi];
        want_total += t[0];
    }
    if (bad) {
        printf("v_psum: %u of %u partial sums wrong (total %.9g, expected %.9g)\n", bad, groups, total, want_total);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("v_psum: %u groups of %u, total %.9g\n", groups, l, total);
    }
done:
    free(in);
    free(out);
    free(t);
    return rc;
}
