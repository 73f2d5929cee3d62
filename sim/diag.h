/* diag.h - diagnostics of the rtl engine (issue 19): device-fault messages
 * with the model's words and fields (sim/fault.h), the progress watchdog
 * (--watchdog) and the per-warp report of a hang or a barrier deadlock.
 * sim/engine_rtl.c calls these; the state is one diag_t per device. */
#ifndef WEFT_DIAG_H
#define WEFT_DIAG_H

#include <stdint.h>

#include "rtl.h"
#include "weft_dev.h"

typedef struct {
    unsigned cores, warps;
    uint64_t limit;      /* --watchdog: cycles without a commit, 0 = off */
    uint64_t last;       /* launch cycle of the last commit (or of the last check that found memory owing) */
    int owed;            /* the last watchdog check found memory owing a response */
    uint32_t *lpc;       /* per core x warp: pc of the warp's last commit in this launch */
    uint64_t *lcyc;      /* ... its launch cycle + 1 (0 = none yet) */
} diag_t;

int diag_init(diag_t *d, unsigned cores, unsigned warps, uint64_t limit);   /* 0, or -1: out of memory */
void diag_free(diag_t *d);
void diag_launch(diag_t *d);   /* a launch starts at cycle 0 */

/* Core c committed an instruction of warp wid at pc in launch cycle now. */
static inline void diag_commit(diag_t *d, unsigned c, unsigned wid, uint32_t pc, uint64_t now)
{
    d->last = now;
    d->lpc[c * d->warps + wid] = pc;
    d->lcyc[c * d->warps + wid] = now + 1;
}

/* The watchdog is due when no instruction has committed for limit cycles. */
static inline int diag_watchdog_due(const diag_t *d, uint64_t now)
{
    return d->limit && now - d->last >= d->limit;
}

/* Called when diag_watchdog_due: owed = memory still owes a core a
 * response (a request in flight), which restarts the count; else the run
 * stops with WEFT_E_HANG and the warps' states and last pcs. base = device
 * cycles before this launch. */
int diag_watchdog(diag_t *d, weft_dev_t *dev, rtl_t *r, uint64_t now, uint64_t base, int owed);

/* The error a core reported (RTL_ST_ERROR of rtl_status): a message as specific as the
 * model's. cycle = device cycle. */
int diag_core_error(diag_t *d, weft_dev_t *dev, rtl_t *r, uint64_t cycle);

/* An access of lane t of a warp request that memory cannot serve (out of
 * range): addr = the word address, byteen its bytes; pc/wid of the request. */
int diag_access_fault(weft_dev_t *dev, unsigned c, unsigned wid, unsigned t, uint32_t pc, uint32_t addr,
                      unsigned byteen, int atomic, uint64_t cycle);

#endif
