/* rd_btree - Rodinia b+tree (OpenCL kernel_gpu_opencl.cl findK and
 * kernel_gpu_opencl_2.cl findRangeK; seed 000 Table 6.2: `1M Elements`,
 * adjusted 10K). One block per query, one thread per key slot of a node
 * (blockDim.x = the tree's order). Per tree level, the thread whose key
 * interval [keys[thid], keys[thid+1]) holds the query key (a divergent
 * branch, WEFT_IF, with Rodinia's nested bounds test on the child index
 * inside) stores the child; thread 0 moves the block to it (WEFT_IF)
 * between barriers. At the leaf, the thread whose key equals the query key
 * writes the answer. findRangeK descends for the start and the end key
 * together and returns the start record and the range length. */
#include "weft_device.h"
#include "rd_btree.h"

#define NODE(a, n) (WEFT_PTR(const int32_t, (a)->knodes) + (n) * RD_BTREE_NODE_WORDS((a)->order))
#define KEY(a, n, i) (NODE(a, n)[RD_BTREE_KEYS((a)->order) + (i)])
#define IDX(a, n, i) (NODE(a, n)[RD_BTREE_INDICES((a)->order) + (i)])

static inline uint32_t opaque(uint32_t v)
{
    __asm__("" : "+r"(v));
    return v;
}

WEFT_KERNEL void rd_btree_findK(const void *argp)
{
    const rd_btree_args_t *a = argp;
    const int32_t thid = (int32_t)threadIdx.x, bid = (int32_t)blockIdx.x;
    int32_t *currKnode = WEFT_PTR(int32_t, a->curr), *offset = WEFT_PTR(int32_t, a->offset);
    const int32_t *keys = WEFT_PTR(const int32_t, a->keys);
    const int32_t *records = WEFT_PTR(const int32_t, a->records);
    int32_t *ans = WEFT_PTR(int32_t, a->ans);

    for (int32_t i = 0; i < a->height; i++) {  /* uniform */
        const int32_t c = currKnode[bid], key = keys[bid];
        WEFT_IF(opaque(KEY(a, c, thid) <= key) & opaque(KEY(a, c, thid + 1) > key)) {
            WEFT_IF(IDX(a, offset[bid], thid) < a->knodes_elem) {
                offset[bid] = IDX(a, offset[bid], thid);
            } WEFT_ENDIF
        } WEFT_ENDIF
        weft_syncthreads();
        WEFT_IF(thid == 0) {
            currKnode[bid] = offset[bid];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    const int32_t c = currKnode[bid];
    WEFT_IF(KEY(a, c, thid) == keys[bid]) {
        ans[bid] = records[IDX(a, c, thid)];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_btree_findRangeK(const void *argp)
{
    const rd_btree_args_t *a = argp;
    const int32_t thid = (int32_t)threadIdx.x, bid = (int32_t)blockIdx.x;
    int32_t *currKnode = WEFT_PTR(int32_t, a->curr), *offset = WEFT_PTR(int32_t, a->offset);
    int32_t *lastKnode = WEFT_PTR(int32_t, a->last), *offset_2 = WEFT_PTR(int32_t, a->offset_2);
    const int32_t *start = WEFT_PTR(const int32_t, a->keys), *end = WEFT_PTR(const int32_t, a->end);
    int32_t *recstart = WEFT_PTR(int32_t, a->ans), *reclen = WEFT_PTR(int32_t, a->reclen);

    for (int32_t i = 0; i < a->height; i++) {  /* uniform */
        const int32_t c = currKnode[bid], l = lastKnode[bid], s = start[bid], e = end[bid];
        WEFT_IF(opaque(KEY(a, c, thid) <= s) & opaque(KEY(a, c, thid + 1) > s)) {
            WEFT_IF(IDX(a, c, thid) < a->knodes_elem) {
                offset[bid] = IDX(a, c, thid);
            } WEFT_ENDIF
        } WEFT_ENDIF
        WEFT_IF(opaque(KEY(a, l, thid) <= e) & opaque(KEY(a, l, thid + 1) > e)) {
            WEFT_IF(IDX(a, l, thid) < a->knodes_elem) {
                offset_2[bid] = IDX(a, l, thid);
            } WEFT_ENDIF
        } WEFT_ENDIF
        weft_syncthreads();
        WEFT_IF(thid == 0) {
            currKnode[bid] = offset[bid];
            lastKnode[bid] = offset_2[bid];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    const int32_t c = currKnode[bid], l = lastKnode[bid];
    WEFT_IF(KEY(a, c, thid) == start[bid]) {
        recstart[bid] = IDX(a, c, thid);
    } WEFT_ENDIF
    weft_syncthreads();
    WEFT_IF(KEY(a, l, thid) == end[bid]) {
        reclen[bid] = IDX(a, l, thid) - recstart[bid] + 1;
    } WEFT_ENDIF
}
