/* rd_bfs.h - argument block of rd_bfs (Rodinia BFS, OpenCL kernels BFS_1 and
 * BFS_2), shared by kernel.c and host.c. */
#ifndef RD_BFS_H
#define RD_BFS_H

#include <stdint.h>

typedef struct {
    int32_t starting;     /* first edge of the node in the edge array */
    int32_t no_of_edges;
} rd_bfs_node_t;

typedef struct {
    uint32_t nodes;        /* device address of rd_bfs_node_t nodes[n] */
    uint32_t edges;        /* device address of int32_t edges[] */
    uint32_t mask;         /* device address of uint8_t mask[n]: the frontier */
    uint32_t updating;     /* device address of uint8_t updating_mask[n] */
    uint32_t visited;      /* device address of uint8_t visited[n] */
    uint32_t cost;         /* device address of int32_t cost[n] (output) */
    uint32_t over;         /* device address of uint32_t over (BFS_2 sets it) */
    uint32_t no_of_nodes;
} rd_bfs_args_t;

#endif
