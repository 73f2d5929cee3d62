/* rd_btree.h - argument block and node layout of rd_btree (Rodinia b+tree,
 * OpenCL kernels findK and findRangeK), shared by kernel.c and host.c. */
#ifndef RD_BTREE_H
#define RD_BTREE_H

#include <stdint.h>

#define RD_BTREE_MAX_ORDER 256 /* Rodinia's DEFAULT_ORDER */

/* knode as Rodinia lays it out for order ORDER, in 32-bit words:
 * int location; int indices[ORDER + 1]; int keys[ORDER + 1]; bool is_leaf
 * (one word with its padding); int num_keys. */
#define RD_BTREE_NODE_WORDS(order) (1 + 2 * ((order) + 1) + 2)
#define RD_BTREE_INDICES(order) 1
#define RD_BTREE_KEYS(order) (1 + ((order) + 1))

typedef struct {
    int32_t height;       /* internal levels above the leaves */
    int32_t order;        /* = blockDim.x */
    uint32_t knodes;      /* int32_t knodes[knodes_elem * NODE_WORDS] */
    int32_t knodes_elem;
    uint32_t records;     /* int32_t records[n] (record.value) */
    uint32_t curr, offset;      /* int32_t [queries]: currKnode, offset (Rodinia: long) */
    uint32_t last, offset_2;    /* findRangeK: lastKnode, offset_2 */
    uint32_t keys;        /* findK: int32_t keys[queries]; findRangeK: start */
    uint32_t end;         /* findRangeK: int32_t end[queries] */
    uint32_t ans;         /* findK: record ans[queries]; findRangeK: Recstart */
    uint32_t reclen;      /* findRangeK: Reclen[queries] */
} rd_btree_args_t;

#endif
