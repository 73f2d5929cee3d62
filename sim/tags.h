/* tags.h - a set-associative tag array with LRU replacement for the
 * harness's cache timing model (the L2, sim/l2.c). Tags only: data stays in
 * device memory. */
#ifndef WEFT_TAGS_H
#define WEFT_TAGS_H

#include <stdint.h>

typedef struct tags tags_t;

/* NULL on a bad geometry (msg says why, naming the options with prefix,
 * e.g. "--l2") or no memory. */
tags_t *tags_new(unsigned size, unsigned ways, unsigned line, const char *prefix, char *msg, unsigned len);
void tags_free(tags_t *t);
void tags_reset(tags_t *t);   /* every line invalid */
unsigned tags_line(const tags_t *t);
/* Look up addr's line: 1 = hit (the line becomes most recent; a write marks
 * it dirty). On a miss with allocate, the LRU way is replaced; a dirty
 * victim's address goes to *victim and *dirty = 1. */
int tags_access(tags_t *t, uint32_t addr, int write, int allocate, uint32_t *victim, int *dirty);
/* Drop addr's line if present (no write-back). */
void tags_invalidate(tags_t *t, uint32_t addr);

#endif
