/* l1d.h - per-core L1 data cache timing model in the harness (docs/memory.md,
 * "L1 D-cache"): set-associative, LRU, write-through with no write
 * allocation, non-blocking with MSHRs. Tags only (data stays in device
 * memory, so results never change). Also counts the coalescing of warp
 * requests into line requests. */
#ifndef WEFT_L1D_H
#define WEFT_L1D_H

#include <stdint.h>

#include "weft.h"

typedef struct {
    unsigned size, ways, line, lat, mshrs;
} l1d_cfg_t;

typedef struct l1d l1d_t;

l1d_t *l1d_new(const l1d_cfg_t *cfg, char *msg, unsigned len);
void l1d_free(l1d_t *l);
void l1d_reset(l1d_t *l);   /* empty cache, MSHRs free */
unsigned l1d_line_bytes(const l1d_t *l);
unsigned l1d_latency(const l1d_t *l);
/* A load's lookup of one line at cycle now. Returns 0 on a hit (*t = now +
 * lat), 1 when the line is already being fetched by an MSHR (*t = its fill
 * cycle), 2 on a miss: the line is allocated, an MSHR is taken and *t is
 * the cycle the request can leave for the next level (now + lat, later when
 * every MSHR is busy); the caller then reports the fill cycle with
 * l1d_fill(). */
int l1d_read(l1d_t *l, uint32_t addr, uint64_t now, uint64_t *t, weft_l1d_stats_t *st);
void l1d_fill(l1d_t *l, uint64_t done);   /* fill cycle of the last miss */
/* A store's line (write-through, no allocation): counted; the line stays
 * where it is (a hit refreshes it). */
void l1d_write(l1d_t *l, uint32_t addr, weft_l1d_stats_t *st);
/* An atomic's line: executed below, so the line is dropped here. */
void l1d_invalidate(l1d_t *l, uint32_t addr);

#endif
