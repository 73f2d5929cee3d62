/* rd_nn host program: Rodinia nn over n records (--size n, default 4096;
 * seed 000 Table 6.2 runs 40k records, `--size 40000`), query point lat 30,
 * lng 90, k = 5 nearest (Rodinia's example command line `-r 5 -lat 30 -lng
 * 90`). Records are random (lat in [0, 90), lng in [0, 360); Rodinia reads
 * hurricane records from files). Blocks of W*T threads. Checked: every
 * distance bit for bit against the host's fmaf + sqrtf, and the 5 nearest
 * records chosen from the device's distances equal the host's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_nn.h"

#define NN_DEFAULT_N 4096u
#define NN_K 5
#define NN_MAX_REPORT 8u

static void nn_best(const float *d, uint32_t n, int32_t *best)
{
    for (int k = 0; k < NN_K; k++)
        best[k] = -1;
    for (uint32_t i = 0; i < n; i++) {
        for (int k = 0; k < NN_K; k++) {
            if (best[k] < 0 || d[i] < d[best[k]]) {
                for (int j = NN_K - 1; j > k; j--)
                    best[j] = best[j - 1];
                best[k] = (int32_t)i;
                break;
            }
        }
    }
}

int weft_host_rd_nn(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : NN_DEFAULT_N;
    if (n < NN_K || n > (1u << 22)) {
        fprintf(stderr, "rd_nn: --size %u: %d .. %u records\n", n, NN_K, 1u << 22);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 12) != WEFT_OK)
        return weft_status(dev);
    const uint32_t block = cfg->warps * cfg->threads;
    rd_nn_latlong_t *loc = malloc((size_t)n * sizeof *loc);
    float *dist = malloc((size_t)n * 4u), *want = malloc((size_t)n * 4u);
    int rc = WEFT_OK;
    if (!loc || !dist || !want) {
        fprintf(stderr, "rd_nn: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (uint32_t i = 0; i < n; i++) {
        loc[i].lat = (float)(weft_rand(&seed) >> 8) * (90.0f / 16777216.0f);
        loc[i].lng = (float)(weft_rand(&seed) >> 8) * (360.0f / 16777216.0f);
    }
    memset(dist, 0xa5, (size_t)n * 4u);
    rd_nn_args_t arg = {weft_malloc(dev, n * (uint32_t)sizeof *loc), weft_malloc(dev, n * 4u), (int32_t)n, 30.0f,
                        90.0f};
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.locations || !arg.distances || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, arg.locations, loc, (size_t)n * sizeof *loc)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.distances, dist, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {(n + block - 1) / block, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, "rd_nn", g, b, argaddr)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, dist, arg.distances, (size_t)n * 4u)) != WEFT_OK)
        goto done;
    uint32_t bad = 0;
    for (uint32_t i = 0; i < n; i++) {
        const float dlat = arg.lat - loc[i].lat, dlng = arg.lng - loc[i].lng;
        want[i] = sqrtf(fmaf(dlat, dlat, dlng * dlng));
        if (memcmp(&want[i], &dist[i], 4) != 0) {
            if (bad < NN_MAX_REPORT)
                printf("rd_nn: distance[%u] = %.9g, expected %.9g\n", i, dist[i], want[i]);
            bad++;
        }
    }
    int32_t got_best[NN_K], want_best[NN_K];
    nn_best(dist, n, got_best);
    nn_best(want, n, want_best);
    if (memcmp(got_best, want_best, sizeof got_best) != 0) {
        printf("rd_nn: the %d nearest records differ\n", NN_K);
        bad++;
    }
    if (bad) {
        printf("rd_nn: %u of %u distances wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_nn: %u distances match; nearest record %d at %.6g\n", n, got_best[0], dist[got_best[0]]);
    }
done:
    free(loc);
    free(dist);
    free(want);
    return rc;
}
