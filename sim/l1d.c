/* l1d.c - L1 D-cache timing model (see l1d.h). */
#include "l1d.h"
#include "tags.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    uint32_t line;
    uint64_t ready;   /* fill cycle; free when <= now */
} mshr_t;

struct l1d {
    l1d_cfg_t c;
    tags_t *tags;
    mshr_t *m;
    unsigned last;    /* MSHR of the last miss */
};

l1d_t *l1d_new(const l1d_cfg_t *cfg, char *msg, unsigned len)
{
    if (!cfg->mshrs || cfg->mshrs > 64) {
        snprintf(msg, len, "--l1d-mshrs must be 1..64, not %u", cfg->mshrs);
        return NULL;
    }
    l1d_t *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    l->c = *cfg;
    l->tags = tags_new(cfg->size, cfg->ways, cfg->line, "--l1d", msg, len);
    l->m = calloc(cfg->mshrs, sizeof *l->m);
    if (!l->tags || !l->m) { l1d_free(l); return NULL; }
    return l;
}

void l1d_free(l1d_t *l)
{
    if (!l) return;
    tags_free(l->tags);
    free(l->m);
    free(l);
}

void l1d_reset(l1d_t *l)
{
    tags_reset(l->tags);
    for (unsigned i = 0; i < l->c.mshrs; i++) l->m[i].ready = 0;
}

unsigned l1d_line_bytes(const l1d_t *l) { return l->c.line; }
unsigned l1d_latency(const l1d_t *l) { return l->c.lat; }

int l1d_read(l1d_t *l, uint32_t addr, uint64_t now, uint64_t *t, weft_l1d_stats_t *st)
{
    const uint32_t line = addr & ~(l->c.line - 1);
    uint32_t victim;
    int dirty;
    st->accesses++;
    unsigned free_i = 0;
    for (unsigned i = 0; i < l->c.mshrs; i++) {
        if (l->m[i].ready > now && l->m[i].line == line) {   /* hit under miss */
            st->merges++;
            *t = l->m[i].ready;
            return 1;
        }
        if (l->m[i].ready < l->m[free_i].ready) free_i = i;
    }
    if (tags_access(l->tags, line, 0, 1, &victim, &dirty)) {
        st->hits++;
        *t = now + l->c.lat;
        return 0;
    }
    st->misses++;
    uint64_t start = now + l->c.lat;
    if (l->m[free_i].ready > now) {   /* every MSHR busy: wait for the first to free */
        st->mshr_waits++;
        if (l->m[free_i].ready > start) start = l->m[free_i].ready;
    }
    l->m[free_i].line = line;
    l->m[free_i].ready = UINT64_MAX;   /* until l1d_fill */
    l->last = free_i;
    *t = start;
    return 2;
}

void l1d_fill(l1d_t *l, uint64_t done) { l->m[l->last].ready = done; }

void l1d_write(l1d_t *l, uint32_t addr, weft_l1d_stats_t *st)
{
    uint32_t victim;
    int dirty;
    st->writes++;
    (void)tags_access(l->tags, addr & ~(l->c.line - 1), 0, 0, &victim, &dirty);
}

void l1d_invalidate(l1d_t *l, uint32_t addr) { tags_invalidate(l->tags, addr & ~(l->c.line - 1)); }
