/* l2.h - the shared L2 of a cluster and its round-robin arbiter, in the
 * harness's memory (docs/memory.md, "L2 and arbiter").
 *
 * Every core has an instruction port, a warp-wide data port and a D-cache
 * line-fill port; with the L2 on, the 3C ports share the L2's `ports`
 * request slots per cycle, granted by the arbiter (round-robin over the
 * ports, or fixed priority: lowest core first, then instruction, data,
 * fill). A granted request looks up each of its
 * distinct L2 lines: a hit costs `lat` cycles; a miss also the memory
 * behind (the DRAM model with --dram, else --mem-latency). Set-associative,
 * LRU, write-back and write-allocate; a dirty victim is written to DRAM.
 * Tags only: data moves in device memory at acceptance, as without the L2,
 * so the L2 changes timing, never results. */
#ifndef WEFT_L2_H
#define WEFT_L2_H

#define L2_CORE_PORTS 3   /* per core: instruction, data, D-cache fill (bits 3c, 3c+1, 3c+2) */

#include <stdint.h>

#include "weft.h"

typedef struct {
    unsigned size, ways, line, lat, ports;
    int fixed;        /* 1: fixed-priority arbiter, 0: round-robin */
} l2_cfg_t;

typedef struct l2 l2_t;

/* NULL on a bad configuration (msg says why) or no memory. */
l2_t *l2_new(const l2_cfg_t *cfg, unsigned cores, char *msg, unsigned len);
void l2_free(l2_t *l);
void l2_reset(l2_t *l);   /* every line invalid, arbiter at port 0 */
unsigned l2_line_bytes(const l2_t *l);
unsigned l2_latency(const l2_t *l);
/* Grant up to `ports` of the requesting ports (bit 2c: core c instruction,
 * bit 2c+1: core c data); counts grants and waits per core. */
uint64_t l2_arbitrate(l2_t *l, uint64_t want, weft_l2_stats_t *st);
/* Look up one line for a read or write; 1 = hit. On a miss the line is
 * allocated; *victim gets the address of a dirty line it evicted (then 1 is
 * stored in *dirty). */
int l2_access(l2_t *l, uint32_t addr, int write, uint32_t *victim, int *dirty, weft_l2_stats_t *st);

#endif
