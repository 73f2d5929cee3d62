/* dram.h - DRAM timing model of the harness's memory (docs/memory.md).
 *
 * Banks with an open row each (open-page policy), a shared data bus of
 * bw bytes per cycle. An access to one line (line bytes) arriving at cycle t
 * waits for its bank, then takes tCL (row hit), tRCD + tCL (bank idle, no
 * open row) or tRP + tRCD + tCL (another row open), then its transfer on the
 * bus (line / bw cycles, after earlier transfers). Lines spread over the
 * banks by an XOR hash of the line index; a bank's row holds row_bytes. The model only times accesses; data
 * is read and written in device memory at once by the caller. */
#ifndef WEFT_DRAM_H
#define WEFT_DRAM_H

#include <stdint.h>

#include "weft.h"

typedef struct {
    unsigned banks, bw, tcl, trcd, trp, row_bytes, line_bytes;
    unsigned queue;   /* accesses in flight at most; the ports stop accepting at this many */
} dram_cfg_t;

typedef weft_dram_stats_t dram_stats_t;

typedef struct dram dram_t;

/* NULL on a bad configuration (msg says why) or no memory. */
dram_t *dram_new(const dram_cfg_t *cfg, char *msg, unsigned len);
void dram_free(dram_t *d);
void dram_reset(dram_t *d);   /* all rows closed, banks and bus idle at cycle 0 */
/* Time one line access arriving at cycle t; returns the cycle its transfer ends. */
uint64_t dram_access(dram_t *d, uint32_t addr, int write, uint64_t t, dram_stats_t *st);
unsigned dram_line_bytes(const dram_t *d);
/* 1 if the controller takes new requests at cycle now (fewer than queue
 * accesses in flight): the memory ports' ready. */
int dram_ready(dram_t *d, uint64_t now);

#endif
