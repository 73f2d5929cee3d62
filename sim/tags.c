/* tags.c - set-associative LRU tag array (see tags.h). */
#include "tags.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t tag;
    uint8_t valid, dirty;
    uint64_t used;   /* LRU stamp */
} way_t;

struct tags {
    unsigned ways, line, sets;
    way_t *w;        /* sets x ways */
    uint64_t stamp;
};

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

tags_t *tags_new(unsigned size, unsigned ways, unsigned line, const char *prefix, char *msg, unsigned len)
{
    if (!pow2(line) || line < 4) {
        snprintf(msg, len, "%s-line must be a power-of-two line of at least 4 bytes, not %u", prefix, line);
        return NULL;
    }
    if (!ways || !size || size % (line * ways) || !pow2(size / (line * ways))) {
        snprintf(msg, len, "%s-size %u must be a power-of-two number of sets of %s-ways %u x %s-line %u bytes",
                 prefix, size, prefix, ways, prefix, line);
        return NULL;
    }
    tags_t *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->ways = ways;
    t->line = line;
    t->sets = size / (line * ways);
    t->w = calloc((size_t)t->sets * ways, sizeof *t->w);
    if (!t->w) { free(t); return NULL; }
    return t;
}

void tags_free(tags_t *t)
{
    if (!t) return;
    free(t->w);
    free(t);
}

void tags_reset(tags_t *t)
{
    memset(t->w, 0, (size_t)t->sets * t->ways * sizeof *t->w);
    t->stamp = 0;
}

unsigned tags_line(const tags_t *t) { return t->line; }

int tags_access(tags_t *t, uint32_t addr, int write, int allocate, uint32_t *victim, int *dirty)
{
    const uint32_t lineno = addr / t->line;
    const unsigned set = lineno & (t->sets - 1);
    const uint32_t tag = lineno / t->sets;
    way_t *w = &t->w[(size_t)set * t->ways];
    *dirty = 0;
    t->stamp++;
    unsigned lru = 0;
    for (unsigned i = 0; i < t->ways; i++) {
        if (w[i].valid && w[i].tag == tag) {
            w[i].used = t->stamp;
            w[i].dirty |= (uint8_t)(write != 0);
            return 1;
        }
        if (!w[i].valid) { if (w[lru].valid) lru = i; }
        else if (w[lru].valid && w[i].used < w[lru].used) lru = i;
    }
    if (!allocate) return 0;
    if (w[lru].valid && w[lru].dirty) {
        *dirty = 1;
        *victim = (w[lru].tag * t->sets + set) * t->line;
    }
    w[lru].valid = 1;
    w[lru].tag = tag;
    w[lru].dirty = (uint8_t)(write != 0);
    w[lru].used = t->stamp;
    return 0;
}

void tags_invalidate(tags_t *t, uint32_t addr)
{
    const uint32_t lineno = addr / t->line;
    const unsigned set = lineno & (t->sets - 1);
    const uint32_t tag = lineno / t->sets;
    way_t *w = &t->w[(size_t)set * t->ways];
    for (unsigned i = 0; i < t->ways; i++)
        if (w[i].valid && w[i].tag == tag) w[i].valid = 0;
}
