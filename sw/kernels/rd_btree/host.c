/* rd_btree host program: Rodinia b+tree with n = --size records (default
 * 4096; seed 000 Table 6.2: 1M elements, adjusted 10K), BT_QUERIES findK
 * queries and BT_QUERIES findRangeK queries of BT_RANGE keys.
 *
 * The tree: order = min(256, W*T) (Rodinia's DEFAULT_ORDER 256 = its block
 * size; one thread per key slot), knodes in Rodinia's layout (location,
 * indices[order+1], keys[order+1], is_leaf, num_keys), root first, levels in
 * breadth-first order as Rodinia's transform_to_cuda numbers them. Rodinia
 * builds the tree by inserting the keys of its input file one by one; here
 * the sorted keys are bulk-loaded (leaves of order - 1 records, internal
 * nodes of up to order children): a node's key slot j holds the smallest key
 * under child j, unused slots INT_MAX, so the kernels' interval test
 * [keys[j], keys[j+1]) picks the child. Keys 3 i + r (r random in 0..2:
 * sorted, distinct, with gaps), record i's value = its key; query keys
 * random in [0, 3n + 3) (about a third are present), range queries [start,
 * start + BT_RANGE] (weft_rand, --seed).
 *
 * Check: every output array of both kernels (answers, record starts and
 * lengths, and the per-query node pointers) bit for bit against the host's
 * emulation; and the answers against a binary search of the keys (a present
 * key's record, -1 for an absent one; the range start's record index and
 * length when both ends are present), so the tree itself is checked. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_btree.h"

#define BT_DEFAULT_N 4096u
#define BT_QUERIES 256
#define BT_RANGE 30
#define BT_MAX_REPORT 8u

static int find(const int32_t *keys, int n, int32_t k)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        const int mid = (lo + hi) / 2;
        if (keys[mid] == k)
            return mid;
        if (keys[mid] < k)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static uint32_t cmpi(const char *what, const int32_t *got, const int32_t *want, int n, uint32_t bad)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            if (bad < BT_MAX_REPORT)
                printf("rd_btree: %s[%d] = %d, expected %d\n", what, i, got[i], want[i]);
            bad++;
        }
    return bad;
}

int weft_host_rd_btree(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t un = args->size ? args->size : BT_DEFAULT_N;
    const uint32_t hw = cfg->warps * cfg->threads;
    const int order = (int)(hw < RD_BTREE_MAX_ORDER ? hw : RD_BTREE_MAX_ORDER);
    if (order < 3) {
        fprintf(stderr, "rd_btree: needs a tree order (threads per block) of at least 3 (W*T >= 3), have %u\n", hw);
        return WEFT_E_USAGE;
    }
    if (un < 1 || un > (1u << 24)) {
        fprintf(stderr, "rd_btree: --size %u: 1 .. 2^24 records\n", un);
        return WEFT_E_USAGE;
    }
    const int n = (int)un, nw = RD_BTREE_NODE_WORDS(order), q = BT_QUERIES;
    /* level sizes, bottom up: leaves of order-1 records, then nodes of order children */
    int lv[32], nlev = 0, total = 0;
    lv[nlev++] = (n + order - 2) / (order - 1);
    while (lv[nlev - 1] > 1)
        lv[nlev] = (lv[nlev - 1] + order - 1) / order, nlev++;
    for (int i = 0; i < nlev; i++)
        total += lv[i];
    if (weft_check_size(dev, (uint64_t)total * nw + (uint64_t)n, 4) != WEFT_OK)
        return weft_status(dev);
    int32_t *keys = malloc((size_t)n * 4u), *kn = malloc((size_t)total * nw * 4u), *mins = malloc((size_t)total * 4u);
    int32_t *in[12], *want[12];
    int rc = WEFT_OK, fail = !keys || !kn || !mins;
    uint32_t bad = 0;
    for (int j = 0; j < 12; j++) {
        in[j] = calloc((size_t)q, 4);
        want[j] = calloc((size_t)q, 4);
        fail |= !in[j] || !want[j];
    }
    if (fail) {
        fprintf(stderr, "rd_btree: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t seed = args->seed;
    for (int i = 0; i < n; i++)
        keys[i] = 3 * i + (int32_t)(weft_rand(&seed) % 3u);
    /* first node index of each level, root (level nlev-1) first */
    int first[32];
    for (int l = nlev - 1, idx = 0; l >= 0; l--) {
        first[l] = idx;
        idx += lv[l];
    }
    for (int i = 0; i < total * nw; i++)
        kn[i] = 0;
    for (int l = 0; l < nlev; l++)
        for (int b = 0; b < lv[l]; b++) {
            const int node = first[l] + b;
            int32_t *p = kn + (size_t)node * nw;
            p[0] = node;  /* location */
            for (int j = 0; j <= order; j++)
                p[RD_BTREE_KEYS(order) + j] = INT_MAX;
            int cnt = 0;
            if (l == 0) {
                for (int j = 0; j < order - 1 && b * (order - 1) + j < n; j++, cnt++) {
                    p[RD_BTREE_KEYS(order) + j] = keys[b * (order - 1) + j];
                    p[RD_BTREE_INDICES(order) + j] = b * (order - 1) + j;
                }
            } else {
                for (int j = 0; j < order && b * order + j < lv[l - 1]; j++, cnt++) {
                    const int child = first[l - 1] + b * order + j;
                    p[RD_BTREE_KEYS(order) + j] = mins[child];
                    p[RD_BTREE_INDICES(order) + j] = child;
                }
            }
            mins[node] = p[RD_BTREE_KEYS(order)];
            p[RD_BTREE_NODE_WORDS(order) - 2] = l == 0;  /* is_leaf */
            p[RD_BTREE_NODE_WORDS(order) - 1] = cnt;     /* num_keys */
        }
    const int height = nlev - 1;
    /* queries: in[0..] = keys, ans, curr, offset | start, end, recstart, reclen, curr, offset, last, offset_2 */
    for (int i = 0; i < q; i++) {
        in[0][i] = (int32_t)(weft_rand(&seed) % (uint32_t)(3 * n + 3));
        in[1][i] = -1;
        in[4][i] = (int32_t)(weft_rand(&seed) % (uint32_t)(3 * n));
        in[5][i] = in[4][i] + BT_RANGE;
    }
    for (int j = 0; j < 12; j++)
        memcpy(want[j], in[j], (size_t)q * 4u);

    rd_btree_args_t a;
    memset(&a, 0, sizeof a);
    a.height = height;
    a.order = order;
    a.knodes = weft_malloc(dev, (uint32_t)((size_t)total * nw * 4u));
    a.knodes_elem = total;
    a.records = weft_malloc(dev, (uint32_t)n * 4u);
    uint32_t d[12];
    for (int j = 0; j < 12; j++)
        d[j] = weft_malloc(dev, (uint32_t)q * 4u);
    const uint32_t argaddr = weft_malloc(dev, sizeof a);
    for (int j = 0; j < 12; j++)
        fail |= !d[j];
    if (fail || !a.knodes || !a.records || !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    if ((rc = weft_copy_to_dev(dev, a.knodes, kn, (size_t)total * nw * 4u)) != WEFT_OK ||
        (rc = weft_copy_to_dev(dev, a.records, keys, (size_t)n * 4u)) != WEFT_OK)
        goto done;
    for (int j = 0; j < 12; j++)
        if ((rc = weft_copy_to_dev(dev, d[j], in[j], (size_t)q * 4u)) != WEFT_OK)
            goto done;
    if (args->verbose)
        printf("rd_btree: %d records, order %d, %d nodes, height %d, %d + %d queries\n", n, order, total, height, q,
               q);
    const weft_dim3_t grid = {(uint32_t)q, 1, 1}, blk = {(uint32_t)order, 1, 1};
    a.keys = d[0];
    a.ans = d[1];
    a.curr = d[2];
    a.offset = d[3];
    if ((rc = weft_copy_to_dev(dev, argaddr, &a, sizeof a)) != WEFT_OK ||
        (rc = weft_launch(dev, "rd_btree_findK", grid, blk, argaddr)) != WEFT_OK)
        goto done;
    a.keys = d[4];
    a.end = d[5];
    a.ans = d[6];
    a.reclen = d[7];
    a.curr = d[8];
    a.offset = d[9];
    a.last = d[10];
    a.offset_2 = d[11];
    if ((rc = weft_copy_to_dev(dev, argaddr, &a, sizeof a)) != WEFT_OK ||
        (rc = weft_launch(dev, "rd_btree_findRangeK", grid, blk, argaddr)) != WEFT_OK)
        goto done;

    /* host emulation */
#define HK(node, j) kn[(size_t)(node) * nw + RD_BTREE_KEYS(order) + (j)]
#define HI(node, j) kn[(size_t)(node) * nw + RD_BTREE_INDICES(order) + (j)]
    for (int b = 0; b < q; b++) {
        for (int i = 0; i < height; i++) {
            const int c = want[2][b], key = want[0][b];
            for (int t = 0; t < order; t++)
                if (HK(c, t) <= key && HK(c, t + 1) > key && HI(want[3][b], t) < total)
                    want[3][b] = HI(want[3][b], t);
            want[2][b] = want[3][b];
        }
        for (int t = 0; t < order; t++)
            if (HK(want[2][b], t) == want[0][b])
                want[1][b] = keys[HI(want[2][b], t)];
        for (int i = 0; i < height; i++) {
            const int c = want[8][b], l = want[10][b], s = want[4][b], e = want[5][b];
            for (int t = 0; t < order; t++) {
                if (HK(c, t) <= s && HK(c, t + 1) > s && HI(c, t) < total)
                    want[9][b] = HI(c, t);
                if (HK(l, t) <= e && HK(l, t + 1) > e && HI(l, t) < total)
                    want[11][b] = HI(l, t);
            }
            want[8][b] = want[9][b];
            want[10][b] = want[11][b];
        }
        for (int t = 0; t < order; t++)
            if (HK(want[8][b], t) == want[4][b])
                want[6][b] = HI(want[8][b], t);
        for (int t = 0; t < order; t++)
            if (HK(want[10][b], t) == want[5][b])
                want[7][b] = HI(want[10][b], t) - want[6][b] + 1;
    }
    static const char *const names[12] = {"keys", "ans", "currKnode", "offset", "start", "end", "Recstart", "Reclen",
                                           "currKnode(range)", "offset(range)", "lastKnode", "offset_2"};
    int32_t *got = in[0];  /* reuse as the read-back buffer (inputs are in want[] too) */
    for (int j = 0; j < 12; j++) {
        if ((rc = weft_copy_from_dev(dev, got, d[j], (size_t)q * 4u)) != WEFT_OK)
            goto done;
        bad = cmpi(names[j], got, want[j], q, bad);
    }
    int found = 0, ranges = 0;
    for (int b = 0; b < q; b++) {  /* the tree is right: answers against a binary search */
        const int r = find(keys, n, want[0][b]);
        found += r >= 0;
        if (want[1][b] != (r >= 0 ? keys[r] : -1)) {
            if (bad < BT_MAX_REPORT)
                printf("rd_btree: query %d: key %d answered %d, the keys say %d\n", b, want[0][b], want[1][b],
                       r >= 0 ? keys[r] : -1);
            bad++;
        }
        const int s = find(keys, n, want[4][b]), e = find(keys, n, want[5][b]);
        if (s >= 0 && want[6][b] != s) {
            printf("rd_btree: range %d: start record %d, the keys say %d\n", b, want[6][b], s);
            bad++;
        }
        if (s >= 0 && e >= 0) {
            ranges++;
            if (want[7][b] != e - s + 1) {
                printf("rd_btree: range %d: length %d, the keys say %d\n", b, want[7][b], e - s + 1);
                bad++;
            }
        }
    }
    if (bad) {
        printf("rd_btree: %u values wrong\n", bad);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_btree: every output bit for bit; %d of %d keys found, %d ranges with both ends present\n", found, q,
               ranges);
    }
done:
    free(keys);
    free(kn);
    free(mins);
    for (int j = 0; j < 12; j++) {
        free(in[j]);
        free(want[j]);
    }
    return rc;
}
