/* rd_bfs host program: Rodinia BFS from node 0 over a random graph of n
 * nodes (--size n, default 4096 = Rodinia's graph4096 and seed 000 Table
 * 6.2's default input; the adjusted size there is 65536).
 *
 * The graph is made as Rodinia's graphgen makes it: every node draws 2..4
 * edges to random nodes (weft_rand, --seed), each added in both directions,
 * so degrees average about 6; edges are stored per node (CSR), node 0 is the
 * source. Blocks of W*T threads capped at 256 (Rodinia's work-group), one
 * thread per node. Per level: clear `over`, launch rd_bfs_1 then rd_bfs_2,
 * read `over`; stop when it stays 0 (as Rodinia's host loop). The check
 * compares every node's cost with a serial BFS (-1 = unreachable) and the
 * visited flags with reachability. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft.h"
#include "rd_bfs.h"

#define BFS_DEFAULT_N 4096u
#define BFS_MAX_BLOCK 256u
#define BFS_MIN_EDGES 2u
#define BFS_MAX_INIT_EDGES 4u
#define BFS_MAX_REPORT 8u

int weft_host_rd_bfs(weft_dev_t *dev, const weft_host_args_t *args)
{
    const weft_config_t *cfg = weft_config(dev);
    const uint32_t n = args->size ? args->size : BFS_DEFAULT_N;
    if (n < 2 || n > (1u << 22)) {
        fprintf(stderr, "rd_bfs: --size %u: 2 .. %u nodes\n", n, 1u << 22);
        return WEFT_E_USAGE;
    }
    if (weft_check_size(dev, n, 8 + 3 + 4 + 2 * 4 * BFS_MAX_INIT_EDGES) != WEFT_OK)
        return weft_status(dev);
    uint32_t block = cfg->warps * cfg->threads;
    if (block > BFS_MAX_BLOCK)
        block = BFS_MAX_BLOCK;
    const uint32_t grid = (n + block - 1) / block;
    uint32_t seed = args->seed;
    uint32_t *src = malloc((size_t)n * BFS_MAX_INIT_EDGES * 4u), *dst = malloc((size_t)n * BFS_MAX_INIT_EDGES * 4u);
    rd_bfs_node_t *nodes = calloc(n, sizeof *nodes);
    int32_t *edges = NULL, *cost = malloc((size_t)n * 4u), *want = malloc((size_t)n * 4u), *queue = malloc((size_t)n * 4u);
    uint8_t *mask = calloc(n, 1), *visited = calloc(n, 1);
    uint32_t *fill = calloc(n, 4);
    int rc = WEFT_OK;
    if (!src || !dst || !nodes || !cost || !want || !queue || !mask || !visited || !fill) {
        fprintf(stderr, "rd_bfs: out of host memory\n");
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    uint32_t npairs = 0;
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t k = BFS_MIN_EDGES + weft_rand(&seed) % (BFS_MAX_INIT_EDGES - BFS_MIN_EDGES + 1u);
        for (uint32_t e = 0; e < k; e++) {
            src[npairs] = i;
            dst[npairs++] = weft_rand(&seed) % n;
        }
    }
    for (uint32_t p = 0; p < npairs; p++) {
        nodes[src[p]].no_of_edges++;
        nodes[dst[p]].no_of_edges++;
    }
    const uint32_t nedges = 2 * npairs;
    edges = malloc((size_t)nedges * 4u);
    if (!edges) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    for (uint32_t i = 1; i < n; i++)
        nodes[i].starting = nodes[i - 1].starting + nodes[i - 1].no_of_edges;
    for (uint32_t p = 0; p < npairs; p++) {
        edges[nodes[src[p]].starting + (int32_t)fill[src[p]]++] = (int32_t)dst[p];
        edges[nodes[dst[p]].starting + (int32_t)fill[dst[p]]++] = (int32_t)src[p];
    }
    /* serial reference BFS */
    for (uint32_t i = 0; i < n; i++)
        want[i] = -1;
    uint32_t qh = 0, qt = 0;
    want[0] = 0;
    queue[qt++] = 0;
    while (qh < qt) {
        const int32_t u = queue[qh++];
        for (int32_t e = nodes[u].starting; e < nodes[u].starting + nodes[u].no_of_edges; e++)
            if (want[edges[e]] < 0) {
                want[edges[e]] = want[u] + 1;
                queue[qt++] = edges[e];
            }
    }
    for (uint32_t i = 0; i < n; i++)
        cost[i] = -1;
    cost[0] = 0;
    mask[0] = 1;
    visited[0] = 1;

    rd_bfs_args_t arg;
    arg.nodes = weft_malloc(dev, n * (uint32_t)sizeof *nodes);
    arg.edges = weft_malloc(dev, nedges * 4u);
    arg.mask = weft_malloc(dev, n);
    arg.updating = weft_malloc(dev, n);
    arg.visited = weft_malloc(dev, n);
    arg.cost = weft_malloc(dev, n * 4u);
    arg.over = weft_malloc(dev, 4);
    arg.no_of_nodes = n;
    const uint32_t argaddr = weft_malloc(dev, sizeof arg);
    if (!arg.nodes || !arg.edges || !arg.mask || !arg.updating || !arg.visited || !arg.cost || !arg.over ||
        !argaddr) {
        rc = weft_status(dev);
        goto done;
    }
    uint8_t *zero = calloc(n, 1);
    if (!zero) {
        rc = WEFT_E_INTERNAL;
        goto done;
    }
    rc = weft_copy_to_dev(dev, arg.nodes, nodes, (size_t)n * sizeof *nodes);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, arg.edges, edges, (size_t)nedges * 4u);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, arg.mask, mask, n);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, arg.updating, zero, n);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, arg.visited, visited, n);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, arg.cost, cost, (size_t)n * 4u);
    if (rc == WEFT_OK) rc = weft_copy_to_dev(dev, argaddr, &arg, sizeof arg);
    free(zero);
    if (rc != WEFT_OK)
        goto done;
    const weft_dim3_t g = {grid, 1, 1}, b = {block, 1, 1};
    uint32_t over = 1, levels = 0;
    while (over) {
        over = 0;
        if ((rc = weft_copy_to_dev(dev, arg.over, &over, 4)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_bfs_1", g, b, argaddr)) != WEFT_OK ||
            (rc = weft_launch(dev, "rd_bfs_2", g, b, argaddr)) != WEFT_OK ||
            (rc = weft_copy_from_dev(dev, &over, arg.over, 4)) != WEFT_OK)
            goto done;
        if (++levels > n + 1) {
            printf("rd_bfs: still running after %u levels\n", levels);
            rc = WEFT_E_CHECK;
            goto done;
        }
    }
    if ((rc = weft_copy_from_dev(dev, cost, arg.cost, (size_t)n * 4u)) != WEFT_OK ||
        (rc = weft_copy_from_dev(dev, visited, arg.visited, n)) != WEFT_OK)
        goto done;
    uint32_t bad = 0, reached = 0;
    for (uint32_t i = 0; i < n; i++) {
        reached += want[i] >= 0;
        if (cost[i] != want[i] || visited[i] != (want[i] >= 0)) {
            if (bad < BFS_MAX_REPORT)
                printf("rd_bfs: node %u: cost %d visited %u, expected cost %d\n", i, cost[i], visited[i], want[i]);
            bad++;
        }
    }
    if (bad) {
        printf("rd_bfs: %u of %u nodes wrong\n", bad, n);
        rc = WEFT_E_CHECK;
    } else if (args->verbose) {
        printf("rd_bfs: %u nodes, %u edges, %u levels (%u launches), %u reached; all costs match\n", n, nedges,
               levels, 2 * levels, reached);
    }
done:
    free(src);
    free(dst);
    free(nodes);
    free(edges);
    free(cost);
    free(want);
    free(queue);
    free(mask);
    free(visited);
    free(fill);
    return rc;
}
