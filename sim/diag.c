/* diag.c - diagnostics of the rtl engine (sim/diag.h): device-fault
 * messages with the model's words and fields, the progress watchdog and the
 * per-warp report of a hang or a barrier deadlock (issue 19). */
#include "diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"

int diag_init(diag_t *d, unsigned cores, unsigned warps, uint64_t limit)
{
    memset(d, 0, sizeof *d);
    d->cores = cores;
    d->warps = warps;
    d->limit = limit;
    d->lpc = calloc((size_t)cores * warps, sizeof *d->lpc);
    d->lcyc = calloc((size_t)cores * warps, sizeof *d->lcyc);
    return d->lpc && d->lcyc ? 0 : -1;
}

void diag_free(diag_t *d)
{
    free(d->lpc);
    free(d->lcyc);
    d->lpc = NULL;
    d->lcyc = NULL;
}

void diag_launch(diag_t *d)
{
    d->last = 0;
    d->owed = 0;
    memset(d->lpc, 0, (size_t)d->cores * d->warps * sizeof *d->lpc);
    memset(d->lcyc, 0, (size_t)d->cores * d->warps * sizeof *d->lcyc);
}

static int is_bar(weft_dev_t *dev, uint32_t pc)
{
    uint32_t w = 0;
    return weft_mem_load(dev, pc, &w) == WEFT_OK && (w & 0x7f) == 0x0b && (w >> 12 & 7) == 4 && (w >> 25) == 0;
}

/* What warp w of core c is doing, from its timeline state (weft_perf) and
 * its last commit. */
static const char *warp_state(const diag_t *d, weft_dev_t *dev, unsigned c, unsigned w, unsigned st)
{
    const size_t i = (size_t)c * d->warps + w;
    switch (st) {
    case WEFT_WSTATE_IDLE: return d->lcyc[i] ? "done" : "not started";
    case WEFT_WSTATE_ISSUE:
    case WEFT_WSTATE_READY: return "ready to issue";
    case WEFT_WSTATE_MEM: return "waiting on memory (a load's register or the LSU)";
    case WEFT_WSTATE_COMP: return "stalled on the scoreboard (a register from another unit, or a busy unit)";
    case WEFT_WSTATE_EMPTY: return "waiting for fetch (empty instruction buffer)";
    case WEFT_WSTATE_SYNC:
        return d->lcyc[i] && is_bar(dev, d->lpc[i]) ? "at a barrier"
                                                     : "waiting on control (a branch, a SIMT instruction or a drain)";
    default: return "unknown";
    }
}

/* " (last commit pc 0x... at cycle N)" or " (no commit yet)" */
static int last_commit(const diag_t *d, unsigned c, unsigned w, uint64_t base, char *buf, size_t n)
{
    const size_t i = (size_t)c * d->warps + w;
    if (!d->lcyc[i]) return snprintf(buf, n, "no commit in this launch");
    return snprintf(buf, n, "last commit pc 0x%08x at cycle %llu", d->lpc[i],
                    (unsigned long long)(base + d->lcyc[i] - 1));
}

int diag_watchdog(diag_t *d, weft_dev_t *dev, rtl_t *r, uint64_t now, uint64_t base, int owed)
{
    /* A long memory latency is no hang: count again from now while memory
     * owes a response, and once more after the check that last saw it owe
     * one (the response may have come a cycle ago and the instruction it
     * feeds not yet committed). So the watchdog stops a run N to 2N cycles
     * after the last commit or the last response. */
    if (owed || d->owed) {
        d->owed = owed;
        d->last = now;
        return WEFT_OK;
    }
    /* The whole report on stderr, a line per warp; the message (FAIL line,
     * stop_message) holds the warps that are not idle, as many as fit. */
    char sum[400];
    size_t n = 0;
    sum[0] = 0;
    fflush(stdout);
    fprintf(stderr, "weft-sim: watchdog: no instruction committed for %llu cycles (device cycle %llu); warps:\n",
            (unsigned long long)(now - d->last), (unsigned long long)(base + now));
    for (unsigned c = 0; c < d->cores; c++)
        for (unsigned w = 0; w < d->warps; w++) {
            const unsigned st = rtl_wstate(r, c, w);
            const char *what = warp_state(d, dev, c, w, st);
            char lc[96];
            last_commit(d, c, w, base, lc, sizeof lc);
            fprintf(stderr, "  core %u warp %u: %s (%s)\n", c, w, what, lc);
            if (st != WEFT_WSTATE_IDLE && n < sizeof sum - 1) {
                const size_t i = (size_t)c * d->warps + w;
                int k = d->lcyc[i] ? snprintf(sum + n, sizeof sum - n, "%s c%u w%u %s, last commit pc 0x%08x",
                                              n ? ";" : "", c, w, what, d->lpc[i])
                                   : snprintf(sum + n, sizeof sum - n, "%s c%u w%u %s", n ? ";" : "", c, w, what);
                n = k > 0 && (size_t)k < sizeof sum - n ? n + (size_t)k : sizeof sum - 1;
            }
        }
    return weft_dev_fail(dev, WEFT_E_HANG,
                         "watchdog: no instruction committed for %llu cycles and memory owes no response "
                         "(device cycle %llu; --watchdog 0 turns this off); active warps:%s",
                         (unsigned long long)(now - d->last), (unsigned long long)(base + now),
                         n ? sum : " none");
}

int diag_access_fault(weft_dev_t *dev, unsigned c, unsigned wid, unsigned t, uint32_t pc, uint32_t addr,
                      unsigned byteen, int atomic, uint64_t cycle)
{
    uint32_t instr = 0;
    unsigned width = 4;
    const char *op = weft_mem_load(dev, pc, &instr) == WEFT_OK ? weft_fault_access(instr, &width) : NULL;
    if (!op) {   /* the word at pc changed since (self-modifying code): the request's own kind */
        op = atomic ? "atomic" : "access";
        width = 1;
    }
    const uint32_t a = addr + (byteen ? (uint32_t)__builtin_ctz(byteen) : 0);   /* the byte address */
    return weft_dev_fail(dev, WEFT_E_MEM, "%s %s at address 0x%08x (core %u, warp %u, thread %u, pc 0x%08x, cycle %llu)%s",
                         weft_fault_kind(a, width), op, a, c, wid, t, pc, (unsigned long long)cycle,
                         weft_fault_why(a, width, atomic));
}

/* The LSU's access error: lane er->lane's address er->info broke alignment
 * or a shared-memory rule (rtl/weft_lsu.sv). */
static int lsu_fault(weft_dev_t *dev, unsigned c, const rtl_err_t *er, uint64_t cycle)
{
    uint32_t instr = 0;
    unsigned width = 4;
    const char *op = weft_mem_load(dev, er->pc, &instr) == WEFT_OK ? weft_fault_access(instr, &width) : NULL;
    if (!op) {
        op = "access";
        width = 1;
    }
    const uint32_t a = er->info;
    const int atomic = (instr & 0x7f) == 0x2f;
    const char *why = weft_fault_smem_why(a, width, atomic);
    return weft_dev_fail(dev, WEFT_E_MEM, "%s %s at address 0x%08x (core %u, warp %u, thread %u, pc 0x%08x, cycle %llu)%s",
                         weft_fault_kind(a, width), op, a, c, er->wid, er->lane, er->pc, (unsigned long long)cycle,
                         why);
}

/* Every active warp of core c waits at a barrier (rtl/weft_sfu.sv): the
 * waiting warps and the pcs of their barriers (their last commits). */
static int deadlock(diag_t *d, weft_dev_t *dev, rtl_t *r, unsigned c, uint64_t cycle)
{
    char buf[360];
    size_t n = 0;
    uint64_t lastc = 0;
    uint32_t lastpc = 0;
    buf[0] = 0;
    for (unsigned w = 0; w < d->warps; w++) {
        const size_t i = (size_t)c * d->warps + w;
        if (d->lcyc[i] > lastc) {
            lastc = d->lcyc[i];
            lastpc = d->lpc[i];
        }
        if (rtl_wstate(r, c, w) == WEFT_WSTATE_IDLE || n >= sizeof buf - 1) continue;
        int k = d->lcyc[i] ? snprintf(buf + n, sizeof buf - n, " w%u(pc 0x%08x)", w, d->lpc[i])
                           : snprintf(buf + n, sizeof buf - n, " w%u(no commit)", w);
        n = k > 0 && (size_t)k < sizeof buf - n ? n + (size_t)k : sizeof buf - 1;
    }
    return weft_dev_fail(dev, WEFT_E_DEVICE,
                         "barrier deadlock on core %u: every active warp waits at a barrier (last arrival pc 0x%08x, "
                         "cycle %llu); waiting:%s",
                         c, lastpc, (unsigned long long)cycle, n ? buf : " none");
}

int diag_core_error(diag_t *d, weft_dev_t *dev, rtl_t *r, uint64_t cycle)
{
    for (unsigned c = 0; c < d->cores; c++) {
        rtl_err_t er;
        if (!rtl_error(r, c, &er)) continue;
        const weft_config_t *cfg = weft_config(dev);
        switch (er.cause) {
        case 0:   /* ipdom branch check (weft_alu): the model's words (sim/fault.h) */
            return weft_dev_fail(dev, WEFT_E_DEVICE, WEFT_DIVBR_FMT, er.pc, c, er.wid, er.info);
        case 1:
            if (er.pc - cfg->mem_base >= cfg->mem_size)   /* fetched outside RAM (engine_rtl.c serve_line) */
                return weft_dev_fail(dev, WEFT_E_MEM,
                                     "out-of-range instruction fetch at pc 0x%08x (core %u, warp %u, cycle %llu)", er.pc,
                                     c, er.wid, (unsigned long long)cycle);
            return weft_dev_fail(dev, WEFT_E_ILLEGAL,
                                 "illegal instruction 0x%08x at pc 0x%08x (core %u, warp %u, cycle %llu)", er.info,
                                 er.pc, c, er.wid, (unsigned long long)cycle);
        case 2: return lsu_fault(dev, c, &er, cycle);
        case 3:
            return weft_dev_fail(dev, WEFT_E_DEVICE,
                                 "IPDOM stack overflow (depth %u) at split, pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 (unsigned)WEFT_CFG_IPDOM_DEPTH, er.pc, c, er.wid, (unsigned long long)cycle);
        case 4:
            return weft_dev_fail(dev, WEFT_E_DEVICE,
                                 "IPDOM stack underflow: join at pc 0x%08x (core %u, warp %u, cycle %llu)", er.pc, c,
                                 er.wid, (unsigned long long)cycle);
        case 5: return deadlock(d, dev, r, c, cycle);
        case 6:   /* the model's words (fetch_fault in sim/model/model.c) */
            return weft_dev_fail(dev, WEFT_E_MEM, "misaligned instruction fetch at pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 er.pc, c, er.wid, (unsigned long long)cycle);
        case 7:   /* the stack guard: the model's message (weft_dev_stack_fail) */
            return weft_dev_stack_fail(dev, c, er.wid, er.lane, er.info, er.pc);
        default:
            return weft_dev_fail(dev, WEFT_E_DEVICE, "unknown error cause %u at pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 er.cause, er.pc, c, er.wid, (unsigned long long)cycle);
        }
    }
    return WEFT_OK;
}
