/* l2.c - shared L2 tags and the port arbiter (see l2.h). */
#include "l2.h"
#include "tags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct l2 {
    l2_cfg_t c;
    unsigned cores, nports;
    tags_t *tags;
    unsigned rr;      /* round-robin: the port considered first */
};

l2_t *l2_new(const l2_cfg_t *cfg, unsigned cores, char *msg, unsigned len)
{
    if (!cfg->ports || L2_CORE_PORTS * cores > 64) {
        snprintf(msg, len, "--l2-ports must be at least 1 and the L2 serves at most 21 cores");
        return NULL;
    }
    l2_t *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->c = *cfg;
    l->cores = cores;
    l->nports = L2_CORE_PORTS * cores;
    l->tags = tags_new(cfg->size, cfg->ways, cfg->line, "--l2", msg, len);
    if (!l->tags) { free(l); return NULL; }
    return l;
}

void l2_free(l2_t *l)
{
    if (!l) return;
    tags_free(l->tags);
    free(l);
}

void l2_reset(l2_t *l)
{
    tags_reset(l->tags);
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
            st->grants[p / L2_CORE_PORTS]++;
            if (contended) st->grants_contended[p / L2_CORE_PORTS]++;
        } else {
            st->waits[p / L2_CORE_PORTS]++;
        }
    }
    if (contended) st->contended_cycles++;
    return grant;
}

int l2_access(l2_t *l, uint32_t addr, int write, uint32_t *victim, int *dirty, weft_l2_stats_t *st)
{
    st->accesses++;
    if (tags_access(l->tags, addr, write, 1, victim, dirty)) {
        st->hits++;
        return 1;
    }
    st->misses++;
    if (*dirty) st->writebacks++;
    return 0;
}
