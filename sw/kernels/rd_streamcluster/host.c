/* rd_streamcluster host program: Rodinia streamcluster's device work (OpenCL
 * pgain_kernel and memset_kernel, streamcluster_cl.h pgain()) on num =
 * --size points (default 256; seed 000 Table 6.2: 65536) of SC_DIM = 16
 * dimensions (Rodinia's run: 256), unit weights.
 *
 * Rodinia's host wraps pgain in PARSEC's local search (pkmedian bisecting the
 * facility cost z, pspeedy, pFL over sampled feasible candidates). Here the
 * local search is reduced, and says so: z = hiz / 10 (hiz = the cost of
 * assigning every point to point 0, pkmedian's first bound; 10 = the run's
 * minimum centre count k1), one pspeedy pass exactly as Rodinia's (point 0
 * opened, then every point opened with probability cost / z and the points
 * it is closer to reassigned), then SC_PGAIN candidate centres x drawn at
 * random (as pFL draws from its feasible set). Each pgain() call is
 * Rodinia's: centre table on the host, memset launches for
 * switch_membership and work_mem, pgain_kernel over all points (blocks of
 * min(256, W*T) = THREADS_PER_BLOCK), then the CPU-side cost evaluation and,
 * if opening x saves cost, the reassignment and closing of centres.
 *
 * Inputs: coordinates random in [0, 1) (Rodinia's SimStream draws
 * lrand48() / INT_MAX; here weft_rand, --seed). Check, per pgain call:
 * switch_membership (every byte) and work_mem (every one of the (K+1) * num
 * floats) against the host's emulation of the kernel in its float order
 * (fmaf chain), bit for bit; the host's cost evaluation then uses them. */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_streamcluster.h"

#define SC_DEFAULT_NUM 256u
#define SC_DIM 16
#define SC_PGAIN 8
#define SC_KMAX 64
#define SC_MAX_REPORT 8u

static float frand(uint32_t *seed)
{
    return (float)(weft_rand(seed) >> 8) * (1.0f / 16777216.0f);
}

static float dist(const float *a, const float *b, int dim)  /* Rodinia's dist() */
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++)
        r += (a[i] - b[i]) * (a[i] - b[i]);
    return r;
}

int weft_host_rd_streamcluster(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t unum = args->size ? args->size : SC_DEFAULT_NUM;
    if (unum < 2 || unum > (1u << 20)) {
        fprintf(stderr, "rd_streamcluster: --size %u: 2 .. 2^20 points\n", unum);
        return WEFT_E_USAGE;
    }
    const int num = (int)unum, dim = SC_DIM;
    const size_t wm_words = (size_t)num * (SC_KMAX + 1);
    if (weft_check_size(dev, wm_words, 12) != WEFT_OK)
        return weft_status(dev);
    const uint32_t hw = cfg->warps * cfg->threads;
    const uint32_t tpb = hw < 256 ? hw : 256, mpb = hw < 512 ? hw : 512;
    float *coord = malloc((size_t)num * dim * 4u), *coord_h = malloc((size_t)num * dim * 4u);
    rd_sc_point_t *p = calloc((size_t)num, sizeof *p);
    bool *is_center = calloc((size_t)num, 1);
    int32_t *center_table = calloc((size_t)num, 4);
    char *sw = malloc((size_t)num), *want_sw = malloc((size_t)num);
    float *wm = malloc(wm_words * 4u), *want_wm = malloc(wm_words * 4u), *gl_lower = malloc((SC_KMAX + 1) * 4u);
    int rc = WEFT_OK;
    uint32_t bad = 0;
    if (!coord || !coord_h || !p || !is_center || !center_table || !sw || !want_sw || !wm || !want_wm || !gl_lower) {
        fprintf(stderr, "rd_streamcluster: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int j = 0; j < num; j++)
        for (int i = 0; i < dim; i++)
            coord[j * dim + i] = frand(&seed);
    for (int i = 0; i < dim; i++)  /* device layout: coordinate-major */
        for (int j = 0; j < num; j++)
            coord_h[num * i + j] = coord[j * dim + i];

    /* pspeedy: point 0 opened, the others opened with probability cost / z */
    float hiz = 0.0f;
    for (int j = 0; j < num; j++) {
        p[j].weight = 1.0f;
        p[j].assign = 0;
        p[j].cost = dist(&coord[j * dim], &coord[0], dim) * p[j].weight;
        hiz += p[j].cost;
    }
    const float z = hiz / 10.0f;
    long numcenters = 1;
    is_center[0] = true;
    for (int i = 1; i < num && numcenters < SC_KMAX; i++) {
        if (frand(&seed) < p[i].cost / z) {
            numcenters++;
            is_center[i] = true;
            for (int k = 0; k < num; k++) {
                const float d = dist(&coord[i * dim], &coord[k * dim], dim);
                if (d * p[k].weight < p[k].cost) {
                    p[k].cost = d * p[k].weight;
                    p[k].assign = i;
                }
            }
        }
    }
    const long first_centers = numcenters;

    rd_sc_pgain_args_t pa = {weft_malloc(dev, (uint32_t)(num * sizeof *p)), weft_malloc(dev, (uint32_t)num * dim * 4u),
                             weft_malloc(dev, (uint32_t)(wm_words * 4u)), weft_malloc(dev, (uint32_t)num * 4u),
                             weft_malloc(dev, (uint32_t)num), num, dim, 0, 0};
    const uint32_t pa_addr = weft_malloc(dev, sizeof pa);
    rd_sc_memset_args_t ma;
    const uint32_t ma_addr = weft_malloc(dev, sizeof ma);
    if (!pa.p || !pa.coord || !pa.work_mem || !pa.center_table || !pa.switch_membership || !pa_addr || !ma_addr) {
        rc = weft_status(dev);
        goto done;
    }
    memset(wm, 0xa5, wm_words * 4u);  /* poison: the memset launches must clear it */
    memset(sw, 0x5a, (size_t)num);
    if ((rc = weft_copy_to_dev(dev, pa.coord, coord_h, (size_t)num * dim * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, pa.work_mem, wm, wm_words * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, pa.switch_membership, sw, (size_t)num)) != WEFT_OK)
        goto done;
    if (args->verbose)
        printf("rd_streamcluster: %d points x %d dims, z %.6g, pspeedy opened %ld centres, %d pgain calls, blocks %u\n",
               num, dim, (double)z, numcenters, SC_PGAIN, tpb);

    int opened = 0;
    for (int call = 0; call < SC_PGAIN; call++) {
        const int x = (int)(weft_rand(&seed) % (uint32_t)num);
        const int K = (int)numcenters;
        int count = 0;
        for (int i = 0; i < num; i++)
            if (is_center[i])
                center_table[i] = count++;
        pa.x = x;
        pa.k = K;
        const uint32_t wbytes = (uint32_t)(K + 1) * (uint32_t)num * 4u;
        const weft_dim3_t blk = {tpb, 1, 1}, grid = {((uint32_t)num + tpb - 1) / tpb, 1, 1};
        const weft_dim3_t mblk = {mpb, 1, 1};
        if ((rc = weft_copy_to_dev(dev, pa.center_table, center_table, (size_t)num * 4u)) != WEFT_OK ||
            (rc = weft_copy_to_dev(dev, pa.p, p, (size_t)num * sizeof *p)) != WEFT_OK ||
            (rc = weft_copy_to_dev(dev, pa_addr, &pa, sizeof pa)) != WEFT_OK)
            goto done;
        ma.mem = pa.switch_membership;
        ma.val = 0;
        ma.bytes = (uint32_t)num;
        const weft_dim3_t mg1 = {((uint32_t)num + mpb - 1) / mpb, 1, 1}, mg2 = {(wbytes + mpb - 1) / mpb, 1, 1};
        if ((rc = weft_copy_to_dev(dev, ma_addr, &ma, sizeof ma)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_sc_memset", mg1, mblk, ma_addr)) != WEFT_OK)
            goto done;
        ma.mem = pa.work_mem;
        ma.bytes = wbytes;
        if ((rc = weft_copy_to_dev(dev, ma_addr, &ma, sizeof ma)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_sc_memset", mg2, mblk, ma_addr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_sc_pgain", grid, blk, pa_addr)) != WEFT_OK ||
            (rc = weft_copy_from_dev(dev, sw, pa.switch_membership, (size_t)num)) != WEFT_OK ||
            (rc = weft_copy_from_dev(dev, wm, pa.work_mem, wbytes)) != WEFT_OK)
            goto done;

        /* reference pgain_kernel */
        memset(want_sw, 0, (size_t)num);
        memset(want_wm, 0, wbytes);
        for (int t = 0; t < num; t++) {
            float x_cost = 0.0f;
            for (int i = 0; i < dim; i++) {
                const float d = coord_h[i * num + t] - coord_h[i * num + x];
                x_cost = fmaf(d, d, x_cost);
            }
            x_cost = x_cost * p[t].weight;
            const int base = t * (K + 1);
            if (x_cost < p[t].cost) {
                want_sw[t] = '1';
                want_wm[base + K] = x_cost - p[t].cost;
            } else {
                want_wm[base + center_table[p[t].assign]] += p[t].cost - x_cost;
            }
        }
        for (int t = 0; t < num; t++)
            if (sw[t] != want_sw[t]) {
                if (bad < SC_MAX_REPORT)
                    printf("rd_streamcluster: call %d: switch_membership[%d] = %d, expected %d\n", call, t, sw[t],
                           want_sw[t]);
                bad++;
            }
        for (size_t i = 0; i < (size_t)(K + 1) * num; i++)
            if (memcmp(&wm[i], &want_wm[i], 4) != 0) {
                if (bad < SC_MAX_REPORT)
                    printf("rd_streamcluster: call %d: work_mem[%zu] = %.9g, expected %.9g\n", call, i, wm[i],
                           want_wm[i]);
                bad++;
            }

        /* CPU side of Rodinia's pgain(), on the device's results */
        int numclose = 0;
        float gl_cost = z;
        for (int i = 0; i < num; i++) {
            if (is_center[i]) {
                float low = z;
                for (int j = 0; j < num; j++)
                    low += wm[j * (K + 1) + center_table[i]];
                gl_lower[center_table[i]] = low;
                if (low > 0) {
                    numclose++;
                    wm[i * (K + 1) + K] -= low;
                }
            }
            gl_cost += wm[i * (K + 1) + K];
        }
        if (gl_cost < 0 && K + 1 - numclose <= SC_KMAX) {
            for (int i = 0; i < num; i++) {
                const bool close_center = gl_lower[center_table[p[i].assign]] > 0;
                if (sw[i] == '1' || close_center) {
                    p[i].cost = p[i].weight * dist(&coord[i * dim], &coord[x * dim], dim);
                    p[i].assign = x;
                }
            }
            for (int i = 0; i < num; i++)
                if (is_center[i] && gl_lower[center_table[i]] > 0)
                    is_center[i] = false;
            is_center[x] = true;
            numcenters = numcenters + 1 - numclose;
            opened++;
        }
    }
    if (bad) {
        printf("rd_streamcluster: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        double cost = 0.0;
        for (int i = 0; i < num; i++)
            cost += p[i].cost;
        printf("rd_streamcluster: %ld -> %ld centres (%d of %d candidates opened), cost %.6g; "
               "switch_membership and work_mem bit for bit in every call\n",
               first_centers, numcenters, opened, SC_PGAIN, cost);
    }
done:
    free(coord);
    free(coord_h);
    free(p);
    free(is_center);
    free(center_table);
    free(sw);
    free(want_sw);
    free(wm);
    free(want_wm);
    free(gl_lower);
    return rc;
}
