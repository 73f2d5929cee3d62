/* l2.c - shared L2 tags and the port arbiter (see l2.h). */
#include "l2.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t tag;
    uint8_t valid, dirty;
    uint64_t used;    /* LRU stamp */
} l2_way_t;

struct l2 {
    l2_cfg_t c;
    unsigned cores, sets, nports;
    l2_way_t *w;      /* sets x ways */
    uint64_t stamp;
    unsigned rr;      /* round-robin: the port considered first */
};

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

l2_t *l2_new(const l2_cfg_t *cfg, unsigned cores, char *msg, unsigned len)
{
    if (!pow2(cfg->line) || cfg->line < 4) {
        snprintf(msg, len, "--l2-line must be a power-of-two line of at least 4 bytes, not %u", cfg->line);
        return NULL;
    }
    if (!cfg->ways || !cfg->size || cfg->size % (cfg->line * cfg->ways) || !pow2(cfg->size / (cfg->line * cfg->ways))) {
        snprintf(msg, len, "--l2-size %u must be a power-of-two number of sets of --l2-ways %u x --l2-line %u bytes",
                 cfg->size, cfg->ways, cfg->line);
        return NULL;
    }
    if (!cfg->ports || 2 * cores > 64) {
        snprintf(msg, len, "--l2-ports must be at least 1 and the L2 serves at most 32 cores");
        return NULL;
    }
    l2_t *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->c = *cfg;
    l->cores = cores;
    l->nports = 2 * cores;
    l->sets = cfg->size / (cfg->line * cfg->ways);
    l->w = calloc((size_t)l->sets * cfg->ways, sizeof *l->w);
    if (!l->w) { free(l); return NULL; }
    return l;
}

void l2_free(l2_t *l)
{
    if (!l) return;
    free(l->w);
    free(l);
}

void l2_reset(l2_t *l)
{
    memset(l->w, 0, (size_t)l->sets * l->c.ways * sizeof *l->w);
    l->stamp = 0;
    l->rr = 0;
}

unsigned l2_line_bytes(const l2_t *l) { return l->c.line; }
unsigned l2_latency(const l2_t *l) { return l->c.lat; }

uint64_t l2_arbitrate(l2_t *l, uint64_t want, weft_l2_stats_t *st)
{
    uint64_t grant = 0;
    unsigned n = 0;
    const unsigned start = l->c.fixed ? 0 : l->rr;
    const int contended = __builtin_popcountll(want) > (int)l->c.ports;
    for (unsigned i = 0; i < l->nports && n < l->c.ports; i++) {
        const unsigned p = (start + i) % l->nports;
        if (!(want >> p & 1)) continue;
        grant |= 1ull << p;
        n++;
        if (!l->c.fixed) l->rr = (p + 1) % l->nports;   /* the next search starts after the winner */
    }
    for (unsigned p = 0; p < l->nports; p++) {
        if (!(want >> p & 1)) continue;
        if (grant >> p & 1) {
            st->grants[p / 2]++;
            if (contended) st->grants_contended[p / 2]++;
        } else {
            st->waits[p / 2]++;
        }
    }
    if (contended) st->contended_cycles++;
    return grant;
}

int l2_access(l2_t *l, uint32_t addr, int write, uint32_t *victim, int *dirty, weft_l2_stats_t *st)
{
    const uint32_t lineno = addr / l->c.line;
    const unsigned set = lineno & (l->sets - 1);
    const uint32_t tag = lineno / l->sets;
    l2_way_t *w = &l->w[(size_t)set * l->c.ways];
    *dirty = 0;
    st->accesses++;
    l->stamp++;
    unsigned lru = 0;
    for (unsigned i = 0; i < l->c.ways; i++) {
        if (w[i].valid && w[i].tag == tag) {
            w[i].used = l->stamp;
            w[i].dirty |= (uint8_t)(write != 0);
            st->hits++;
            return 1;
        }
        if (!w[i].valid) { if (w[lru].valid) lru = i; }
        else if (w[lru].valid && w[i].used < w[lru].used) lru = i;
    }
    st->misses++;
    if (w[lru].valid && w[lru].dirty) {
        *dirty = 1;
        *victim = (w[lru].tag * l->sets + set) * l->c.line;
        st->writebacks++;
    }
    w[lru].valid = 1;
    w[lru].tag = tag;
    w[lru].dirty = (uint8_t)(write != 0);
    w[lru].used = l->stamp;
    return 0;
}
