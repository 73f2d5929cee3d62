/* dram.c - DRAM timing model (dram.h). */
#include "dram.h"

#include <stdio.h>
#include <stdlib.h>

struct dram {
    dram_cfg_t c;
    uint64_t *bank_free;   /* cycle from which the bank can start an access */
    int64_t *open_row;     /* -1 = no open row */
    uint64_t bus_free;
    uint64_t *fly;         /* end cycles of accesses in flight (ring) */
    unsigned nfly;
};

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

dram_t *dram_new(const dram_cfg_t *cfg, char *msg, unsigned len)
{
    if (!cfg->banks || cfg->banks > 1024 || !cfg->bw || !cfg->tcl || !pow2(cfg->line_bytes) ||
        cfg->line_bytes < 4 || !pow2(cfg->row_bytes) || cfg->row_bytes < cfg->line_bytes || !cfg->queue ||
        cfg->queue > 4096) {
        snprintf(msg, len, "DRAM: need 1..1024 banks, bus width >= 1 byte/cycle, tCL >= 1, a power-of-two line "
                 ">= 4 bytes, a power-of-two row >= the line and a queue of 1..4096 (got %u banks, %u B/cycle, "
                 "tCL %u, line %u, row %u, queue %u)",
                 cfg->banks, cfg->bw, cfg->tcl, cfg->line_bytes, cfg->row_bytes, cfg->queue);
        return NULL;
    }
    dram_t *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->c = *cfg;
    d->bank_free = calloc(cfg->banks, sizeof *d->bank_free);
    d->open_row = calloc(cfg->banks, sizeof *d->open_row);
    d->fly = calloc(cfg->queue + 64u * 16u, sizeof *d->fly);   /* a warp request may add up to 64 lines past the limit */
    if (!d->bank_free || !d->open_row || !d->fly) {
        dram_free(d);
        snprintf(msg, len, "out of host memory");
        return NULL;
    }
    dram_reset(d);
    return d;
}

void dram_free(dram_t *d)
{
    if (!d) return;
    free(d->bank_free);
    free(d->open_row);
    free(d->fly);
    free(d);
}

void dram_reset(dram_t *d)
{
    for (unsigned b = 0; b < d->c.banks; b++) {
        d->bank_free[b] = 0;
        d->open_row[b] = -1;
    }
    d->bus_free = 0;
    d->nfly = 0;
}

int dram_ready(dram_t *d, uint64_t now)
{
    unsigned k = 0;
    for (unsigned i = 0; i < d->nfly; i++)
        if (d->fly[i] > now) d->fly[k++] = d->fly[i];
    d->nfly = k;
    return d->nfly < d->c.queue;
}

unsigned dram_line_bytes(const dram_t *d) { return d->c.line_bytes; }

uint64_t dram_access(dram_t *d, uint32_t addr, int write, uint64_t t, dram_stats_t *st)
{
    const uint64_t line = addr / d->c.line_bytes;
    /* Bank: the line index's low bits XOR-folded with the higher bits (bank
     * hashing, as GPU memory controllers do), so that strides of a power of
     * two, like per-thread stacks 4 KiB apart, spread over the banks. */
    unsigned bank = 0;
    if (d->c.banks > 1)
        for (uint64_t x = line; x; x /= d->c.banks) bank ^= (unsigned)(x % d->c.banks);
    bank %= d->c.banks;
    const int64_t row = (int64_t)(line / d->c.banks / (d->c.row_bytes / d->c.line_bytes));
    uint64_t start = t > d->bank_free[bank] ? t : d->bank_free[bank];
    unsigned lat;
    if (d->open_row[bank] == row) {
        lat = d->c.tcl;
        st->row_hits++;
    } else if (d->open_row[bank] < 0) {
        lat = d->c.trcd + d->c.tcl;
        st->row_empty++;
    } else {
        lat = d->c.trp + d->c.trcd + d->c.tcl;
        st->row_conflicts++;
    }
    d->open_row[bank] = row;
    const uint64_t xfer = (d->c.line_bytes + d->c.bw - 1) / d->c.bw;
    uint64_t data = start + lat;
    if (data < d->bus_free) data = d->bus_free;
    const uint64_t done = data + xfer;
    d->bus_free = done;
    d->bank_free[bank] = done;
    st->busy_cycles += xfer;
    if (d->nfly < d->c.queue + 64u * 16u) d->fly[d->nfly++] = done;
    if (write) {
        st->writes++;
        st->bytes_written += d->c.line_bytes;
    } else {
        st->reads++;
        st->bytes_read += d->c.line_bytes;
        st->read_latency_sum += done - t;
    }
    return done;
}
