/* rd_kmeans host program: Rodinia k-means with 5 clusters over n points of
 * 100 features (--size n, default 100: seed 000 Table 6.2's default input
 * `100 Points, 100 Features`; its adjusted input is 2048 points, 128
 * features).
 *
 * Features are random floats in [0, 1) (weft_rand, --seed; Rodinia reads
 * them from a file). As Rodinia's kmeans_clustering: the initial centres are
 * the first 5 points; rd_kmeans_swap runs once; then each iteration copies
 * the centres in, launches rd_kmeans_c, reads the memberships, counts the
 * changes and recomputes the centres on the host, until no point changes
 * (Rodinia: delta > 0.001) or 500 iterations. Blocks of W*T threads capped
 * at 256. Every iteration's memberships are checked against the host's
 * nearest-centre search over the same centres in the kernel's float
 * operation order (bit-exact distances, first minimum wins). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_kmeans.h"

#define KM_DEFAULT_N 100u
#define KM_FEATURES 100
#define KM_CLUSTERS 5
#define KM_MAX_LOOPS 500
#define KM_MAX_BLOCK 256u
#define KM_MAX_REPORT 8u

static int32_t km_nearest(const float *feat, const float *clusters, int32_t p, int32_t npoints)
{
    int32_t index = 0;
    float min_dist = __FLT_MAX__;
    for (int32_t i = 0; i < KM_CLUSTERS; i++) {
        float ans = 0.0f;
        for (int32_t l = 0; l < KM_FEATURES; l++) {
            const float d = feat[l * npoints + p] - clusters[i * KM_FEATURES + l];
            ans += d * d;
        }
        if (ans < min_dist) {
            min_dist = ans;
            index = i;
        }
    }
    return index;
}

int weft_host_rd_kmeans(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : KM_DEFAULT_N;
    if (n < KM_CLUSTERS || n > (1u << 18)) {
        fprintf(stderr, "rd_kmeans: --size %u: %d .. %u points\n", n, KM_CLUSTERS, 1u << 18);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 2 * 4 * KM_FEATURES + 4) != WEFT_OK)
        return weft_status(dev);
    const int32_t npoints = (int32_t)n;
    uint32_t block = cfg->warps * cfg->threads;
    if (block > KM_MAX_BLOCK)
        block = KM_MAX_BLOCK;
    const uint32_t grid = (n + block - 1) / block;
    const size_t fbytes = (size_t)n * KM_FEATURES * 4u, cbytes = (size_t)KM_CLUSTERS * KM_FEATURES * 4u;
    float *feat = malloc(fbytes), *swap = malloc(fbytes), *clusters = malloc(cbytes), *sum = malloc(cbytes);
    int32_t *member = malloc(n * 4u), *got = malloc(n * 4u);
    int rc = WEFT_OK;
    if (!feat || !swap || !clusters || !sum || !member || !got) {
        fprintf(stderr, "rd_kmeans: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (size_t i = 0; i < (size_t)n * KM_FEATURES; i++)
        feat[i] = (float)(weft_rand(&seed) >> 8) * (1.0f / 16777216.0f);
    for (int32_t p = 0; p < npoints; p++)
        for (int32_t l = 0; l < KM_FEATURES; l++)
            swap[l * npoints + p] = feat[p * KM_FEATURES + l];
    memcpy(clusters, feat, cbytes); /* the first KM_CLUSTERS points */
    for (uint32_t i = 0; i < n; i++)
        member[i] = -1;

    rd_kmeans_args_t arg;
    arg.feature = weft_malloc(dev, (uint32_t)fbytes);
    arg.feature_swap = weft_malloc(dev, (uint32_t)fbytes);
    arg.clusters = weft_malloc(dev, (uint32_t)cbytes);
    arg.membership = weft_malloc(dev, n * 4u);
    arg.npoints = npoints;
    arg.nclusters = KM_CLUSTERS;
    arg.nfeatures = KM_FEATURES;
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.feature || !arg.feature_swap || !arg.clusters || !arg.membership || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(got, 0xa5, n * 4u);
    if ((rc = weft_copy_to_dev(dev, arg.feature, feat, fbytes)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, arg.membership, got, n * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg)) != WEFT_OK)
        goto done;
    const weft_dim3_t g = {grid, 1, 1}, b = {block, 1, 1};
    if ((rc = weft_launch(dev, "rd_kmeans_swap", g, b, argaddr)) != WEFT_OK)
        goto done;
    /* the transposed features must be exact copies */
    float *dswap = malloc(fbytes);
    if (!dswap) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    rc = weft_copy_from_dev(dev, dswap, arg.feature_swap, fbytes);
    const int swap_bad = rc == WEFT_OK && memcmp(dswap, swap, fbytes) != 0;
    free(dswap);
    if (rc != WEFT_OK)
        goto done;
    if (swap_bad) {
        printf("rd_kmeans: rd_kmeans_swap: transposed features differ\n");
        rc = WEFT_E_CHECK;
        goto done;
    }
    int loop = 0;
    uint32_t delta, bad = 0;
    do {
        if ((rc = weft_copy_to_dev(dev, arg.clusters, clusters, cbytes)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_kmeans_c", g, b, argaddr)) != WEFT_OK ||
            (rc = weft_copy_from_dev(dev, got, arg.membership, n * 4u)) != WEFT_OK)
            goto done;
        delta = 0;
        int32_t cnt[KM_CLUSTERS] = {0};
        memset(sum, 0, cbytes);
        for (int32_t p = 0; p < npoints; p++) {
            const int32_t want = km_nearest(swap, clusters, p, npoints);
            if (got[p] != want) {
                if (bad < KM_MAX_REPORT)
                    printf("rd_kmeans: iteration %d: membership[%d] = %d, expected %d\n", loop, p, got[p], want);
                bad++;
            }
            delta += member[p] != want;
            member[p] = want;
            cnt[want]++;
            for (int32_t l = 0; l < KM_FEATURES; l++)
                sum[want * KM_FEATURES + l] += feat[p * KM_FEATURES + l];
        }
        if (bad)
            break;
        for (int32_t i = 0; i < KM_CLUSTERS; i++)
            if (cnt[i])
                for (int32_t l = 0; l < KM_FEATURES; l++)
                    clusters[i * KM_FEATURES + l] = sum[i * KM_FEATURES + l] / (float)cnt[i];
    } while (delta > 0 && ++loop < KM_MAX_LOOPS);
    if (bad) {
        printf("rd_kmeans: %u memberships wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_kmeans: %d points, %d features, %d clusters: %d launches of rd_kmeans_c, all memberships match\n",
               npoints, KM_FEATURES, KM_CLUSTERS, loop + (loop < KM_MAX_LOOPS));
    }
done:
    free(feat);
    free(swap);
    free(clusters);
    free(sum);
    free(member);
    free(got);
    return rc;
}
