/* rd_bfs - Rodinia breadth-first search (OpenCL kernels BFS_1 and BFS_2, as
 * in Vortex's tests/opencl/bfs), one thread per node, two launches per level:
 *
 * rd_bfs_1: a node of the frontier (mask) leaves it and walks its edges; each
 *   unvisited neighbour gets cost = cost[node] + 1 and joins updating_mask.
 *   The edge loop has a per-thread trip count (WEFT_WHILE) and the visited
 *   test is a divergent branch (WEFT_IF), as is the frontier test.
 * rd_bfs_2: the nodes of updating_mask become the next frontier and visited,
 *   and set *over so the host launches another level.
 * Concurrent writers of one neighbour's cost all write the same level, as in
 * Rodinia. */
#include "weft_device.h"
#include "rd_bfs.h"

WEFT_KERNEL void rd_bfs_1(const void *argp)
{
    const rd_bfs_args_t *arg = argp;
    const uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    const rd_bfs_node_t *nodes = WEFT_PTR(const rd_bfs_node_t, arg->nodes);
    const int32_t *edges = WEFT_PTR(const int32_t, arg->edges);
    uint8_t *mask = WEFT_PTR(uint8_t, arg->mask);
    uint8_t *updating = WEFT_PTR(uint8_t, arg->updating);
    const uint8_t *visited = WEFT_PTR(const uint8_t, arg->visited);
    int32_t *cost = WEFT_PTR(int32_t, arg->cost);

    /* `tid < n && mask[tid]` as one WEFT_IF (the read is clamped into the
     * array): one IPDOM level less, so the visited test inside the edge loop
     * nests 2 deep, not 3. */
    const uint32_t n = arg->no_of_nodes, t = weft_min_u32(tid, n - 1u);
    WEFT_IF((tid < n) & (mask[t] != 0)) {
            mask[tid] = 0;
            const int32_t start = nodes[tid].starting;
            const int32_t end = start + nodes[tid].no_of_edges;
            const int32_t c1 = cost[tid] + 1;
            int32_t i = start;
            WEFT_WHILE(i < end) {
                const int32_t id = edges[i];
                WEFT_IF(!visited[id]) {
                    cost[id] = c1;
                    updating[id] = 1;
                } WEFT_ENDIF
                i++;
            } WEFT_ENDWHILE
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_bfs_2(const void *argp)
{
    const rd_bfs_args_t *arg = argp;
    const uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint8_t *mask = WEFT_PTR(uint8_t, arg->mask);
    uint8_t *updating = WEFT_PTR(uint8_t, arg->updating);
    uint8_t *visited = WEFT_PTR(uint8_t, arg->visited);

    const uint32_t n = arg->no_of_nodes, t = weft_min_u32(tid, n - 1u);
    WEFT_IF((tid < n) & (updating[t] != 0)) {
        mask[tid] = 1;
        visited[tid] = 1;
        *WEFT_PTR(volatile uint32_t, arg->over) = 1;
        updating[tid] = 0;
    } WEFT_ENDIF
}
