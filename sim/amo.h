/* amo.h - the memory-side RV32A unit shared by the harness memory (RTL
 * engine) and the functional model (docs/memory.md, "Atomics").
 *
 * A warp's atomic request is executed lane by lane in lane order. funct5
 * (instr[31:27]) selects the operation; weft_amo_new() gives the value an
 * AMO writes back from the old memory word and the lane's rs2. lr.w and
 * sc.w use per-hart reservations (hart = core, warp, lane), kept by the
 * caller: lr.w reserves its word, sc.w succeeds (writes, returns 0) only if
 * the hart's reservation names its word, and fails (returns 1) otherwise;
 * sc.w clears the hart's reservation either way, and every write to a word
 * (plain store, AMO or successful sc.w, by any hart) clears every
 * reservation of that word.
 */
#ifndef WEFT_AMO_H
#define WEFT_AMO_H

#include <stdint.h>

enum {
    WEFT_AMO_ADD = 0x00, WEFT_AMO_SWAP = 0x01, WEFT_AMO_LR = 0x02, WEFT_AMO_SC = 0x03,
    WEFT_AMO_XOR = 0x04, WEFT_AMO_OR = 0x08, WEFT_AMO_AND = 0x0c, WEFT_AMO_MIN = 0x10,
    WEFT_AMO_MAX = 0x14, WEFT_AMO_MINU = 0x18, WEFT_AMO_MAXU = 0x1c
};

static inline uint32_t weft_amo_new(unsigned f5, uint32_t old, uint32_t src)
{
    switch (f5) {
    case WEFT_AMO_ADD: return old + src;
    case WEFT_AMO_SWAP: return src;
    case WEFT_AMO_XOR: return old ^ src;
    case WEFT_AMO_OR: return old | src;
    case WEFT_AMO_AND: return old & src;
    case WEFT_AMO_MIN: return (int32_t)old < (int32_t)src ? old : src;
    case WEFT_AMO_MAX: return (int32_t)old > (int32_t)src ? old : src;
    case WEFT_AMO_MINU: return old < src ? old : src;
    case WEFT_AMO_MAXU: return old > src ? old : src;
    default: return old;
    }
}

/* Reservation table: one word per hart, 0 = none, else the word address | 1
 * (addresses are word aligned). count = harts with a reservation, so that
 * plain stores skip the search when nobody holds one. */
typedef struct {
    uint32_t *r;
    unsigned n, count;
} weft_resv_t;

static inline void weft_resv_clear_word(weft_resv_t *t, uint32_t addr)
{
    if (!t->count) return;
    const uint32_t key = (addr & ~3u) | 1u;
    for (unsigned i = 0; i < t->n; i++)
        if (t->r[i] == key) { t->r[i] = 0; t->count--; }
}

static inline void weft_resv_set(weft_resv_t *t, unsigned hart, uint32_t addr)
{
    if (!t->r[hart]) t->count++;
    t->r[hart] = (addr & ~3u) | 1u;
}

/* sc.w: 1 if hart holds a reservation of addr; the hart's reservation is
 * cleared either way. */
static inline int weft_resv_take(weft_resv_t *t, unsigned hart, uint32_t addr)
{
    const int ok = t->r[hart] == ((addr & ~3u) | 1u);
    if (t->r[hart]) { t->r[hart] = 0; t->count--; }
    return ok;
}

static inline void weft_resv_reset(weft_resv_t *t)
{
    for (unsigned i = 0; i < t->n; i++) t->r[i] = 0;
    t->count = 0;
}

#endif
