/* engine_rtl.c - the RTL engine: runs a launch on the Verilated GPU
 * (sim/rtl_wrap.cpp) and models the memory outside the cores.
 *
 * Memory model: every core has an instruction port (one outstanding line
 * request) and a data port (any number of outstanding warp requests). A
 * request accepted in cycle t is served from device memory at once (stores
 * are applied, loads read, in acceptance order, cores in index order) and its
 * response is driven in cycle t + mem_latency; data responses of a core come
 * back in request order, one per cycle. Stores get no response.
 * With --dram, every access also goes through the DRAM timing model
 * (sim/dram.c): an instruction line is one line access, a warp data request
 * one access per distinct line its active lanes touch; the response is due
 * mem_latency cycles after the last of its lines is transferred.
 *
 * Each run resets the GPU, pulses start for one cycle and clocks until no
 * core is busy, a core reports an error, an exit store happens, the cycle
 * limit passes, or the user interrupts.
 *
 * Commit trace and co-simulation (docs/verification.md): every committed
 * warp instruction is read from the commit port; stores are matched to it
 * from a per-warp queue filled when memory accepted them (a warp's stores
 * are accepted in program order). With --cosim the functional model, on its own
 * copy of memory, executes the same warp's next instruction and every field
 * is compared; the first difference stops the run with WEFT_E_COSIM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amo.h"
#include "diag.h"
#include "dram.h"
#include "l2.h"
#include "model.h"
#include "rtl.h"
#include "weft_dev.h"

/* Population count of a per-cycle event mask (mostly 0) or a thread mask
 * (issue 17): without -mpopcnt __builtin_popcountll is a library call
 * (__popcountdi2), so the bit-parallel count inline instead, 32 bits at a
 * time (masks of up to 32 threads need one), and 0 first. */
#ifndef __POPCNT__
static inline uint64_t popc32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}
#endif
static inline uint64_t popc(uint64_t m)
{
    if (!m) return 0;
#ifdef __POPCNT__
    return (uint64_t)__builtin_popcountll(m);
#else
    return popc32((uint32_t)m) + ((m >> 32) ? popc32((uint32_t)(m >> 32)) : 0);
#endif
}

#define DQ_CAP 512
#define SQ_CAP 32   /* accepted, not yet committed stores per warp (<= LSU slots) */

typedef struct {
    uint32_t pc;
    uint64_t mask;
    uint32_t addr[RTL_MAX_THREADS], data[RTL_MAX_THREADS];
    uint8_t byteen[RTL_MAX_THREADS];
    unsigned amo;                    /* atomic: 0x20 | funct5; rsp = what memory returned per lane */
    uint32_t rsp[RTL_MAX_THREADS];
} st_rec_t;

typedef struct {
    st_rec_t q[SQ_CAP];
    unsigned head, count;
} st_queue_t;

#define PEND_CAP 512 /* commits waiting for an older instruction of their warp (long memory latencies) */
typedef struct {
    rtl_commit_t x;
    uint32_t instr;
    uint64_t cycle;
} pend_entry_t;
typedef struct {
    pend_entry_t e[PEND_CAP];
    unsigned count;
} pend_t;

typedef struct {
    uint64_t due;
    unsigned tag;
    uint32_t data[RTL_MAX_THREADS];
} dq_entry_t;

/* Instruction line requests in flight per core (the I-cache has up to 4
 * MSHRs); answered in request order. */
#define IQ_CAP 8
typedef struct {
    uint64_t due;
    uint32_t line[RTL_MAX_LINE_WORDS];
} iq_entry_t;

/* D-cache line fills in flight per core (at most its MSHRs); in order. */
#define FQ_CAP 64
typedef struct {
    iq_entry_t iq[IQ_CAP];   /* ring of pending instruction lines, in order */
    unsigned iq_head, iq_count;
    iq_entry_t fq[FQ_CAP];   /* ring of pending D-cache fills, in order */
    unsigned fq_head, fq_count;
    dq_entry_t *dq;          /* ring of pending data responses */
    unsigned dq_head, dq_count;
    /* the head response presented to the core in the next cycle (driven
     * this cycle: it passes the GPU's boundary register, IN_REG) */
    int irsp_next, frsp_next, drsp_next;
    unsigned avail;          /* availability driven last (rtl_port_avail bits 0-2) */
} port_t;

typedef struct {
    weft_dev_t *dev;
    rtl_t *rtl;
    rtl_shape_t shape;
    port_t *ports;
    st_queue_t *sq;          /* per core x warp: accepted stores and atomics, program order */
    pend_t *pend;            /* per core x warp: commits waiting for the model */
    model_t *model;          /* cosim reference */
    uint8_t *shadow;         /* the model's memory */
    FILE *trace;             /* commit trace (trace_out.f) */
    FILE *timeline;          /* per-warp state changes (timeline_out.f) */
    weft_out_t trace_out, timeline_out;
    uint8_t *wstate;         /* last state written per core x warp */
    int warm;                /* a reset has happened (later resets are warm) */
    uint64_t *psnap;         /* counters read at the end of the last launch, per core */
    dram_t *dram;            /* DRAM timing model, NULL = fixed latency */
    weft_resv_t resv;        /* lr.w reservations per hart (core, warp, lane) */
    l2_t *l2;                /* shared L2 and port arbiter, NULL = none */
    diag_t diag;             /* fault messages, watchdog, last pc per warp (sim/diag.c) */
} eng_t;

static int eng_create(weft_dev_t *dev, void **self)
{
    const weft_config_t *cfg = weft_config(dev);
    rtl_shape_t s = rtl_shape();
    if (cfg->cores != s.cores || cfg->warps != s.warps || cfg->threads != s.threads)
        return weft_dev_fail(dev, WEFT_E_USAGE,
                             "the rtl engine of this build is %ux%ux%u (cores x warps x threads); "
                             "%ux%ux%u was asked for: build that configuration (make CONFIG=...)",
                             s.cores, s.warps, s.threads, cfg->cores, cfg->warps, cfg->threads);
    if (cfg->stall_table != 0 && cfg->stall_table != 128)
        return weft_dev_fail(dev, WEFT_E_USAGE, "the rtl engine of this build has a 128-entry stall table; "
                             "--stall-table takes 0 (off) or 128");
    if (cfg->store_queue > rtl_sq_max())
        return weft_dev_fail(dev, WEFT_E_USAGE, "the rtl engine of this build has a store queue of at most %u "
                             "entries per warp (WEFT_SQ_MAX); --store-queue %u was asked for",
                             rtl_sq_max(), cfg->store_queue);
    if (cfg->ipdom_depth != WEFT_CFG_IPDOM_DEPTH || cfg->barriers != WEFT_CFG_BARRIERS)
        return weft_dev_fail(dev, WEFT_E_USAGE,
                             "the rtl engine of this build has IPDOM depth %u and %u barriers; "
                             "%u and %u were asked for", WEFT_CFG_IPDOM_DEPTH, WEFT_CFG_BARRIERS,
                             cfg->ipdom_depth, cfg->barriers);
    if (cfg->mem_latency < 1)
        return weft_dev_fail(dev, WEFT_E_USAGE, "memory latency must be at least 1 cycle");
    if (cfg->mem_preset == WEFT_MEM_PRESET_VORTEX && (s.dc_sets != 512 || s.dc_ways != 1))
        fprintf(stderr, "note: --mem-preset vortex: the L2 and DRAM of seed 000 table 6.1 behind this build's L1 "
                "D-cache (%u sets x %u ways); its 16 KiB direct-mapped L1 is the build CONFIG=vortex "
                "(docs/memory.md)\n", s.dc_sets, s.dc_ways);
    eng_t *e = calloc(1, sizeof *e);
    if (!e) return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory");
    e->dev = dev;
    e->shape = s;
    e->ports = calloc(s.cores, sizeof *e->ports);
    if (!e->ports) { free(e); return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory"); }
    for (unsigned c = 0; c < s.cores; c++) {
        e->ports[c].dq = calloc(DQ_CAP, sizeof(dq_entry_t));
        if (!e->ports[c].dq) {
            for (unsigned k = 0; k < c; k++) free(e->ports[k].dq);
            free(e->ports); free(e);
            return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory");
        }
    }
    /* --x-seed N: Verilator randomizes every uninitialised bit from seed N
     * (meaningful in an XRAND=1 build, made with --x-initial unique). */
    char seedarg[48];
    snprintf(seedarg, sizeof seedarg, "+verilator+seed+%u", cfg->x_seed);
    char *argv0[] = {(char *)"weft", (char *)"+verilator+rand+reset+2", seedarg, NULL};
    e->rtl = cfg->x_seed ? rtl_new(3, argv0) : rtl_new(1, argv0);
    if (!e->rtl) {
        for (unsigned c = 0; c < s.cores; c++) free(e->ports[c].dq);
        free(e->ports); free(e);
        return weft_dev_fail(dev, WEFT_E_INTERNAL, "cannot create the Verilated model");
    }
    if (cfg->trace_path && rtl_trace_open(e->rtl, cfg->trace_path) != 0) {
        rtl_free(e->rtl);
        for (unsigned c = 0; c < s.cores; c++) free(e->ports[c].dq);
        free(e->ports); free(e);
        return weft_dev_fail(dev, WEFT_E_USAGE, "this build has no waveform tracing (build with TRACE=1)");
    }
    if (cfg->cosim) {
        e->sq = calloc((size_t)s.cores * s.warps, sizeof *e->sq);
        e->pend = calloc((size_t)s.cores * s.warps, sizeof *e->pend);
    }
    if (cfg->cosim) {
        if (s.threads > MODEL_MAX_THREADS) {
            *self = e;
            return weft_dev_fail(dev, WEFT_E_USAGE, "--cosim supports at most %d threads per warp", MODEL_MAX_THREADS);
        }
        e->model = model_create(dev);
        e->shadow = malloc(cfg->mem_size);
    }
    if (cfg->commit_trace_path) {
        e->trace = weft_out_open(&e->trace_out, cfg->commit_trace_path);
        if (!e->trace) {
            *self = e;
            return weft_dev_fail(dev, WEFT_E_USAGE, "cannot write the commit trace '%s'", cfg->commit_trace_path);
        }
    }
    if (cfg->timeline_path) {
        e->timeline = weft_out_open(&e->timeline_out, cfg->timeline_path);
        e->wstate = malloc((size_t)s.cores * s.warps);
        if (!e->timeline || !e->wstate) {
            *self = e;
            return weft_dev_fail(dev, WEFT_E_USAGE, "cannot write the timeline '%s'", cfg->timeline_path);
        }
        fprintf(e->timeline, "# weft timeline v1: cores %u warps %u; lines 'cycle core warp state' on change;\n"
                "# states 0 idle 1 issue 2 ready 3 memory 4 compute 5 empty-ibuffer 6 sync-control\n",
                s.cores, s.warps);
    }
    if (cfg->dram) {
        dram_cfg_t dc = {cfg->dram_banks, cfg->dram_bw, cfg->dram_tcl, cfg->dram_trcd, cfg->dram_trp,
                         cfg->dram_row, cfg->dram_line, cfg->dram_queue};
        char msg[256] = "out of host memory";
        e->dram = dram_new(&dc, msg, sizeof msg);
        if (!e->dram) {
            *self = e;
            return weft_dev_fail(dev, WEFT_E_USAGE, "%s", msg);
        }
    }
    if (cfg->l2) {
        l2_cfg_t lc = {cfg->l2_size, cfg->l2_ways, cfg->l2_line, cfg->l2_lat, cfg->l2_ports, cfg->l2_fixed};
        char msg[256] = "out of host memory";
        e->l2 = l2_new(&lc, s.cores, msg, sizeof msg);
        if (!e->l2) {
            *self = e;
            return weft_dev_fail(dev, WEFT_E_USAGE, "%s", msg);
        }
    }
    e->psnap = calloc((size_t)s.cores * WEFT_PERF_DBG_N, sizeof *e->psnap);
    if (diag_init(&e->diag, s.cores, s.warps, cfg->watchdog) != 0) {
        *self = e;
        return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory");
    }
    e->resv.n = s.cores * s.warps * s.threads;
    e->resv.r = calloc(e->resv.n, sizeof *e->resv.r);
    *self = e;
    if (!e->psnap || !e->resv.r) return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory");
    if (cfg->cosim && (!e->sq || !e->pend || !e->model || !e->shadow))
        return weft_dev_fail(dev, WEFT_E_INTERNAL, "out of host memory for co-simulation");
    return WEFT_OK;
}

static void eng_destroy(void *self)
{
    eng_t *e = self;
    if (!e) return;
    rtl_free(e->rtl);
    for (unsigned c = 0; c < e->shape.cores; c++) free(e->ports[c].dq);
    free(e->ports);
    free(e->sq);
    free(e->pend);
    if (e->model) model_destroy(e->model);
    free(e->shadow);
    if (e->trace) weft_dev_out_commit(e->dev, &e->trace_out);
    if (e->timeline) weft_dev_out_commit(e->dev, &e->timeline_out);
    free(e->wstate);
    free(e->psnap);
    free(e->resv.r);
    dram_free(e->dram);
    l2_free(e->l2);
    diag_free(&e->diag);
    free(e);
}

static int is_store(uint32_t instr) { return (instr & 0x7f) == 0x23 || (instr & 0x7f) == 0x27; /* sw..., fsw */ }
static int is_amo(uint32_t instr) { return (instr & 0x7f) == 0x2f; }

/* The warp's oldest store or atomic that memory accepted, removed from its
 * queue; NULL if there is none. */
static const st_rec_t *sq_pop(eng_t *e, unsigned c, unsigned wid)
{
    st_queue_t *q = &e->sq[c * e->shape.warps + wid];
    if (!q->count) return NULL;
    const st_rec_t *st = &q->q[q->head];
    q->head = (q->head + 1) % SQ_CAP;
    q->count--;
    return st;
}

/* An atomic whose active lanes address shared memory stays in the core
 * (weft_smem executes it; no port request): the model executes it on its
 * own shared memory and its rd values are compared like a load's. */
static int amo_in_smem(eng_t *e, unsigned c, const rtl_commit_t *x, uint32_t instr)
{
    const unsigned rs1 = (instr >> 15) & 31;
    for (uint64_t mm = x->tmask; mm; mm &= mm - 1)
        if ((model_reg(e->model, c, x->wid, (unsigned)__builtin_ctzll(mm), rs1) >> 24) == (WEFT_SMEM_BASE >> 24))
            return 1;
    return 0;
}

/* Compare one RTL commit with the model's execution of the same warp's next
 * instruction. st: the warp's oldest accepted store when it is a store. */
static int cosim_check(eng_t *e, unsigned c, const rtl_commit_t *x, uint32_t instr, uint64_t cycle)
{
    model_commit_t m;
    const unsigned T = e->shape.threads;
    const st_rec_t *st = NULL;
    char diff[768];
    int n = 0;
    diff[0] = 0;
#define DIFF(...) do { if (n < (int)sizeof diff - 1) n += snprintf(diff + n, sizeof diff - (size_t)n, __VA_ARGS__); } while (0)
    if (is_amo(instr) && !amo_in_smem(e, c, x, instr) && !(st = sq_pop(e, c, x->wid))) {
        DIFF(" an atomic committed that memory never accepted;");
        goto report;
    }
    model_set_cycle(e->model, c, cycle);
    model_set_rtl_value(e->model, c, x->tmask ? x->data[__builtin_ctzll(x->tmask)] : 0);
    /* Atomics execute at the memory side in memory order (serve_dreq); the
     * model takes what memory returned and checks the request. */
    if (st && st->amo) model_set_amo_rsp(e->model, c, st->rsp);
    int rc = model_step_warp(e->model, c, x->wid, &m);
    if (rc == WEFT_E_STACK) return rc; /* the stack guard: the model reports first (docs/isa.md) */
    if (rc != WEFT_OK) {
        DIFF(" the model stopped: %s", weft_error(e->dev));
        goto report;
    }
    /* A store to shared memory stays in the core (no port request): the
     * model's shared memory is checked through later loads instead. */
    if (is_store(instr) && !(m.st_mask && (m.st_addr[__builtin_ctz(m.st_mask)] >> 24) == (WEFT_SMEM_BASE >> 24))) {
        if (!(st = sq_pop(e, c, x->wid))) {
            DIFF(" a store committed that memory never accepted;");
            goto report;
        }
    } else if (is_store(instr))
        m.st_mask = 0;   /* nothing to compare */
    if (m.pc != x->pc) DIFF(" pc: rtl %08x model %08x;", x->pc, m.pc);
    if ((uint64_t)m.tmask != x->tmask) DIFF(" tmask: rtl %llx model %x;", (unsigned long long)x->tmask, m.tmask);
    /* destination: x1..x31, or f0..f31 (fd); none = x0 */
    unsigned rrd = x->wb ? x->rd : 0, rfd = x->wb && x->fd;
    const char *rn = rfd ? "f" : "x", *mn = m.rd_fp ? "f" : "x";
    if (m.rd != rrd || (unsigned)m.rd_fp != rfd) DIFF(" rd: rtl %s%u model %s%u;", rn, rrd, mn, m.rd);
    else if (rrd || rfd)
        for (unsigned t = 0; t < T; t++)
            if ((x->tmask >> t & 1) && m.rd_val[t] != x->data[t])
                DIFF(" %s%u[t%u]: rtl %08x model %08x;", rn, rrd, t, x->data[t], m.rd_val[t]);
    /* FP flags: the instruction's own (OR of its lanes); the fcsr state only
     * for fflags/frm/fcsr instructions, which drain the warp and hold younger
     * FP instructions, so the RTL's state is in program order there (FP
     * results of different latencies commit out of order). */
    unsigned mflags = 0;
    for (unsigned t = 0; t < T; t++)
        if (m.tmask >> t & 1) mflags |= m.lane_fflags[t];
    if (mflags != x->flags) DIFF(" fp flags: rtl %02x model %02x;", x->flags, mflags);
    const unsigned csr = instr >> 20;
    if ((instr & 0x7f) == 0x73 && (instr >> 12 & 7) != 0 && csr >= 1 && csr <= 3 && m.fcsr != x->fcsr)
        DIFF(" fcsr: rtl %02x model %02x;", x->fcsr, m.fcsr);
    if (st && st->amo) {   /* the atomic request: operation, lanes, addresses, operands */
        if (m.amo != st->amo) DIFF(" atomic op: rtl %02x model %02x;", st->amo, m.amo);
        else if ((uint64_t)m.amo_mask != st->mask)
            DIFF(" atomic mask: rtl %llx model %x;", (unsigned long long)st->mask, m.amo_mask);
        else
            for (unsigned t = 0; t < T; t++)
                if ((st->mask >> t & 1) && (st->addr[t] != m.amo_addr[t] ||
                                            ((st->amo & 31) != WEFT_AMO_LR && st->data[t] != m.amo_src[t])))
                    DIFF(" atomic[t%u]: rtl %08x:%08x model %08x:%08x;", t, st->addr[t], st->data[t],
                         m.amo_addr[t], m.amo_src[t]);
        st = NULL;   /* no store to compare */
    } else if (m.amo)
        DIFF(" the model executed an atomic (%02x) that memory never saw;", m.amo);
    uint64_t smask = st ? st->mask : 0;
    if ((uint64_t)m.st_mask != smask) DIFF(" store mask: rtl %llx model %x;", (unsigned long long)smask, m.st_mask);
    else
        for (unsigned t = 0; t < T; t++) {
            if (!(smask >> t & 1)) continue;
            uint32_t bm = 0;
            for (unsigned b = 0; b < 4; b++) if (st->byteen[t] >> b & 1) bm |= 0xffu << (8 * b);
            if (st->addr[t] != m.st_addr[t] || st->byteen[t] != m.st_byteen[t] ||
                (st->data[t] & bm) != (m.st_data[t] & bm))
                DIFF(" store[t%u]: rtl %08x:%08x/%x model %08x:%08x/%x;", t, st->addr[t], st->data[t] & bm,
                     st->byteen[t], m.st_addr[t], m.st_data[t] & bm, m.st_byteen[t]);
        }
    if (!n) return WEFT_OK;
report:
#undef DIFF
    return weft_dev_fail(e->dev, WEFT_E_COSIM,
                         "co-simulation mismatch at cycle %llu, core %u, warp %u, pc %08x, instruction %08x:%s",
                         (unsigned long long)cycle, c, x->wid, x->pc, instr, diff);
}

static void trace_commit(eng_t *e, unsigned c, const rtl_commit_t *x, uint32_t instr, uint64_t cycle)
{
    FILE *f = e->trace;
    const unsigned T = e->shape.threads;
    fprintf(f, "%llu c%u w%u %08x %08x m=%llx", (unsigned long long)cycle, c, x->wid, x->pc, instr,
            (unsigned long long)x->tmask);
    if (x->wb) {
        fprintf(f, " %s%u=", x->fd ? "f" : "x", x->rd);
        for (unsigned t = 0; t < T; t++)
            if (x->tmask >> t & 1) fprintf(f, "%s%x", t ? "," : "", x->data[t]);
            else fprintf(f, "%s-", t ? "," : "");
    }
    fputc('\n', f);
}

/* Warps commit out of order with respect to each other, and within a warp
 * an instruction may commit before an older one with a longer latency.
 * Commits wait in a per-warp buffer until the model's next pc for the warp
 * names one of them; the model then executes it and the two are compared. */
static int cosim_drain(eng_t *e, unsigned c, unsigned w)
{
    pend_t *pb = &e->pend[c * e->shape.warps + w];
    for (;;) {
        if (!pb->count || !model_warp_runnable(e->model, c, w)) return WEFT_OK;
        uint32_t pc = model_warp_pc(e->model, c, w);
        unsigned i;
        for (i = 0; i < pb->count; i++)
            if (pb->e[i].x.pc == pc) break;
        if (i == pb->count) return WEFT_OK;
        pend_entry_t it = pb->e[i];
        memmove(&pb->e[i], &pb->e[i + 1], (pb->count - i - 1) * sizeof pb->e[0]);
        pb->count--;
        int rc = cosim_check(e, c, &it.x, it.instr, it.cycle);
        if (rc != WEFT_OK) return rc;
    }
}

/* A commit of core c: trace it, queue it for co-simulation. */
static int on_commit(eng_t *e, unsigned c, uint64_t cycle)
{
    rtl_commit_t x;
    rtl_commit(e->rtl, c, &x);
    uint32_t instr = 0;
    if (weft_mem_load(e->dev, x.pc, &instr) != WEFT_OK) instr = 0;
    if (e->trace) trace_commit(e, c, &x, instr, cycle);
    if (!e->model) return WEFT_OK;
    pend_t *pb = &e->pend[c * e->shape.warps + x.wid];
    if (pb->count == PEND_CAP)
        return weft_dev_fail(e->dev, WEFT_E_COSIM,
                             "co-simulation mismatch at cycle %llu, core %u, warp %u: the RTL committed pcs "
                             "%08x .. %08x but the model's next pc is %08x",
                             (unsigned long long)cycle, c, x.wid, pb->e[0].x.pc, pb->e[PEND_CAP - 1].x.pc,
                             model_warp_pc(e->model, c, x.wid));
    pb->e[pb->count].x = x;
    pb->e[pb->count].instr = instr;
    pb->e[pb->count].cycle = cycle;
    pb->count++;
    int rc = cosim_drain(e, c, x.wid);
    /* A model step can make other warps runnable (the last warp at a barrier
     * releases the others): drain every warp of the core that waits, until
     * nothing moves. */
    for (int moved = 1; rc == WEFT_OK && moved;) {
        moved = 0;
        for (unsigned w = 0; w < e->shape.warps && rc == WEFT_OK; w++) {
            pend_t *q = &e->pend[c * e->shape.warps + w];
            unsigned before = q->count;
            if (before && (rc = cosim_drain(e, c, w)) == WEFT_OK && q->count != before) moved = 1;
        }
    }
    return rc;
}

/* The distinct lines (of lb bytes, a power of two) that the active lanes of
 * a warp request touch, in lane order: the coalescing of the request. */
static unsigned request_lines(const eng_t *e, const rtl_dreq_t *q, uint32_t lb, uint32_t *lines)
{
    unsigned n = 0;
    for (unsigned t = 0; t < e->shape.threads; t++) {
        if (!((q->mask >> t) & 1)) continue;
        const uint32_t line = q->addr[t] & ~(lb - 1);
        unsigned i;
        for (i = 0; i < n && lines[i] != line; i++) {
        }
        if (i == n) lines[n++] = line;
    }
    return n;
}

/* DRAM time of a warp request: one access per distinct line of its active
 * lanes, in lane order; returns the cycle the last one ends (now without DRAM). */
static uint64_t dram_warp(eng_t *e, const rtl_dreq_t *q, uint64_t now, weft_stats_t *st)
{
    if (!e->dram) return now;
    uint32_t lines[RTL_MAX_THREADS];
    const unsigned n = request_lines(e, q, dram_line_bytes(e->dram), lines);
    uint64_t done = now;
    for (unsigned i = 0; i < n; i++) {
        uint64_t d = dram_access(e->dram, lines[i], q->we, now, &st->dram);
        if (d > done) done = d;
    }
    return done;
}

/* L2 time of one line access granted at cycle now: the cycle its data is
 * back at the port. A miss also reads the line from DRAM (or waits
 * --mem-latency without DRAM); a dirty victim is written to DRAM. */
static uint64_t l2_line(eng_t *e, uint32_t line, int write, uint64_t now, unsigned lat, weft_stats_t *st)
{
    const uint64_t t0 = now + l2_latency(e->l2);
    uint32_t victim = 0;
    int dirty = 0;
    if (l2_access(e->l2, line, write, &victim, &dirty, &st->l2)) return t0;
    uint64_t done = t0 + (e->dram ? 0 : lat);
    if (e->dram) {
        const uint32_t lb = dram_line_bytes(e->dram), l2b = l2_line_bytes(e->l2);
        for (uint32_t o = 0; o < l2b; o += lb) {
            if (dirty) (void)dram_access(e->dram, victim + o, 1, t0, &st->dram);
            uint64_t d = dram_access(e->dram, line + o, 0, t0, &st->dram);
            if (d > done) done = d;
        }
    }
    return done;
}

/* L2 time of a warp request: its distinct L2 lines in lane order. */
static uint64_t l2_warp(eng_t *e, const rtl_dreq_t *q, uint64_t now, unsigned lat, weft_stats_t *st)
{
    uint32_t lines[RTL_MAX_THREADS];
    const unsigned n = request_lines(e, q, l2_line_bytes(e->l2), lines);
    uint64_t done = now;
    for (unsigned i = 0; i < n; i++) {
        uint64_t d = l2_line(e, lines[i], q->we || q->amo, now, lat, st);
        if (d > done) done = d;
    }
    return done;
}

/* Memory time of one cache line (an I-cache line or a D-cache fill of
 * `bytes` bytes at `addr`) requested at cycle t: the cycle its data is back
 * at the port. Through the L2 (one access per L2 line), else the DRAM
 * model (one access per DRAM line) plus --mem-latency, else --mem-latency. */
static uint64_t line_time(eng_t *e, uint32_t addr, uint32_t bytes, uint64_t t, unsigned lat, weft_stats_t *st)
{
    uint64_t done = t;
    if (e->l2) {
        const uint32_t step = l2_line_bytes(e->l2) < bytes ? l2_line_bytes(e->l2) : bytes;
        for (uint32_t o = 0; o < bytes; o += step) {
            uint64_t d = l2_line(e, addr + o, 0, t, lat, st);
            if (d > done) done = d;
        }
        return done;
    }
    if (e->dram) {
        const uint32_t lb = dram_line_bytes(e->dram), step = lb < bytes ? lb : bytes;
        for (uint32_t o = 0; o < bytes; o += step) {
            uint64_t d = dram_access(e->dram, (addr + o) & ~(lb - 1), 0, t, &st->dram);
            if (d > done) done = d;
        }
    }
    return done + lat;
}

/* Accept a line read (an instruction line or a D-cache fill) of core c into
 * its in-order ring: the data is read now and answered when line_time says,
 * never before the previous answer. Non-zero on an unmapped address. */
static int serve_line(eng_t *e, unsigned c, uint32_t a, iq_entry_t *ring, unsigned cap, unsigned head,
                      unsigned *count, uint64_t now, unsigned lat, weft_stats_t *st, const char *what)
{
    const unsigned LW = e->shape.line_words;
    iq_entry_t *q = &ring[(head + *count) % cap];
    const iq_entry_t *prev = *count ? &ring[(head + *count - 1) % cap] : NULL;
    const weft_config_t *cfg = weft_config(e->dev);
    for (unsigned i = 0; i < LW; i++) {
        /* Instruction words outside RAM read as 0, an illegal word: only
         * if one reaches execute does the run stop, and diag_core_error
         * names it as the model does (out-of-range fetch, pc, warp). */
        if (ring == e->ports[c].iq && a + 4 * i - cfg->mem_base >= cfg->mem_size) {
            q->line[i] = 0;
            continue;
        }
        if (weft_mem_load(e->dev, a + 4 * i, &q->line[i]) != WEFT_OK)
            return weft_dev_fail(e->dev, WEFT_E_MEM, "out-of-range load: %s at 0x%08x (core %u, cycle %llu; a line "
                                 "fill names no warp, thread or pc: --engine model does)", what, a + 4 * i, c,
                                 (unsigned long long)now);
    }
    q->due = line_time(e, a, 4 * LW, now, lat, st);
    if (prev && prev->due > q->due) q->due = prev->due;   /* answers in order */
    (*count)++;
    return WEFT_OK;
}

/* When the data of a warp request of core c is back at the port. */
static uint64_t warp_time(eng_t *e, const rtl_dreq_t *q, uint64_t now, unsigned lat, weft_stats_t *st)
{
    return e->l2 ? l2_warp(e, q, now, lat, st) : dram_warp(e, q, now, st) + lat;
}

/* Serve one accepted data request; returns non-zero on an access fault. */
static int serve_dreq(eng_t *e, unsigned c, const rtl_dreq_t *q, port_t *p, uint64_t now, unsigned lat,
                      weft_stats_t *st)
{
    dq_entry_t *r = NULL;
    st_rec_t *s = NULL;
    if ((q->we || q->amo) && e->model) {   /* co-simulation matches stores and atomics to commits */
        st_queue_t *sq = &e->sq[c * e->shape.warps + q->wid];
        if (sq->count == SQ_CAP)
            return weft_dev_fail(e->dev, WEFT_E_INTERNAL, "commit trace: store queue overflow (core %u)", c);
        s = &sq->q[(sq->head + sq->count) % SQ_CAP];
        sq->count++;
        s->amo = q->amo;
        s->pc = q->pc;
        s->mask = q->mask;
        memcpy(s->addr, q->addr, sizeof s->addr);
        memcpy(s->data, q->data, sizeof s->data);
        memcpy(s->byteen, q->byteen, sizeof s->byteen);
    }
    if (q->we) (void)warp_time(e, q, now, lat, st);
    if (!q->we) {
        if (p->dq_count == DQ_CAP)
            return weft_dev_fail(e->dev, WEFT_E_INTERNAL, "memory model queue overflow (core %u)", c);
        r = &p->dq[(p->dq_head + p->dq_count) % DQ_CAP];
        p->dq_count++;
        r->due = warp_time(e, q, now, lat, st);   /* the FIFO keeps responses in request order */
        r->tag = q->tag;
    }
    for (unsigned t = 0; t < e->shape.threads; t++) {
        if (!((q->mask >> t) & 1)) continue;
        int rc;
        if (q->amo) {   /* RV32A at the memory side, lanes in lane order (sim/amo.h) */
            const unsigned f5 = q->amo & 31, hart = (c * e->shape.warps + q->wid) * e->shape.threads + t;
            uint32_t old = 0;
            rc = weft_mem_load(e->dev, q->addr[t], &old);
            if (rc == WEFT_OK) {
                if (f5 == WEFT_AMO_LR) {
                    weft_resv_set(&e->resv, hart, q->addr[t]);
                    r->data[t] = old;
                } else if (f5 == WEFT_AMO_SC) {
                    const int ok = weft_resv_take(&e->resv, hart, q->addr[t]);
                    r->data[t] = !ok;
                    if (ok) {
                        weft_resv_clear_word(&e->resv, q->addr[t]);
                        rc = weft_mem_store(e->dev, q->addr[t], q->data[t], 0xf, c, q->wid, t);
                    }
                } else {
                    r->data[t] = old;
                    weft_resv_clear_word(&e->resv, q->addr[t]);
                    rc = weft_mem_store(e->dev, q->addr[t], weft_amo_new(f5, old, q->data[t]), 0xf, c, q->wid, t);
                }
            }
            if (s) s->rsp[t] = r->data[t];
        } else if (q->we) {
            weft_resv_clear_word(&e->resv, q->addr[t]);
            rc = weft_mem_store(e->dev, q->addr[t], q->data[t], q->byteen[t], c, q->wid, t);
        } else rc = weft_mem_load(e->dev, q->addr[t], &r->data[t]);
        if (rc != WEFT_OK)
            return diag_access_fault(e->dev, c, q->wid, t, q->pc, q->addr[t], q->byteen[t], q->amo != 0, now);
    }
    return WEFT_OK;
}

/* Add this launch's counter increments to stats->perf: a core whose
 * counters survived the reset (perf-reset-lock) adds the difference to the
 * last reading, any other core its whole reading. */
static void read_counters(eng_t *e, const int *kept, weft_stats_t *stats)
{
    const unsigned C = e->shape.cores, W = e->shape.warps;
    weft_perf_t *p = &stats->perf;
    if (C > WEFT_PERF_MAX_CORES) return;
    p->valid = 1;
    p->cores = C;
    p->warps = W;
    for (unsigned c = 0; c < C; c++) {
        uint64_t *snap = &e->psnap[c * WEFT_PERF_DBG_N];
        for (unsigned k = 0; k < WEFT_PERF_DBG_N; k++) {
            /* debug index k: counter k of config/weft.yaml, or warp k - base's issued count */
            const unsigned wb = WEFT_PERF_WARP_ISSUED_BASE;
            if (k < wb ? (k >= WEFT_PERF_COUNTERS || !weft_spec_counter_keys[k])
                       : (k - wb >= W || k - wb >= WEFT_PERF_MAX_WARPS))
                continue;
            uint64_t v = rtl_perf(e->rtl, c, k);
            uint64_t d = kept[c] ? v - snap[k] : v;
            snap[k] = v;
            if (k < wb) p->c[c][k] += d;
            else p->warp_issued[c][k - wb] += d;
        }
    }
}

static int eng_run(void *self, uint32_t start_pc, uint32_t launch_ptr, weft_stats_t *stats)
{
    eng_t *e = self;
    weft_dev_t *dev = e->dev;
    const weft_config_t *cfg = weft_config(dev);
    const unsigned C = e->shape.cores;
    const unsigned lat = cfg->mem_latency;
    rtl_t *r = e->rtl;
    int rc = WEFT_OK;

    weft_resv_reset(&e->resv);   /* a launch starts with no reservation */
    diag_launch(&e->diag);
    for (unsigned c = 0; c < C; c++) {
        e->ports[c].iq_head = e->ports[c].iq_count = 0;
        e->ports[c].dq_head = e->ports[c].dq_count = 0;
        e->ports[c].fq_head = e->ports[c].fq_count = 0;
        e->ports[c].irsp_next = e->ports[c].frsp_next = e->ports[c].drsp_next = 0;
        /* no response in the boundary registers when the launch starts
         * (the reset cycles load them from these inputs) */
        rtl_imem_rsp(e->rtl, c, 0, NULL);
        rtl_dfill_rsp(e->rtl, c, 0, NULL);
        rtl_dmem_rsp(e->rtl, c, 0, 0, NULL);
    }
    if (e->model)
        for (unsigned i = 0; i < C * e->shape.warps; i++) {
            e->sq[i].head = e->sq[i].count = 0;
            e->pend[i].count = 0;
        }
    if (e->model) {
        memcpy(e->shadow, weft_mem_ram(dev), cfg->mem_size);
        model_set_shadow_ram(e->model, e->shadow);
        model_reset(e->model, start_pc, launch_ptr);
    }
    rtl_knobs(r, cfg->fetch_policy, cfg->issue_policy, cfg->issue_ready, cfg->frontend, cfg->bpr,
              cfg->stall_table, cfg->swas, cfg->divergence, cfg->branch_check);
    rtl_stack_guard(r, weft_dev_stack_guard(dev));
    rtl_oracles(r, weft_oracles_on(cfg));
    rtl_store_queue(r, cfg->store_queue);
    /* Counters survive this reset where perf-reset-lock is set; the first
     * reset of the device is a cold one (clears counters and locks). */
    int kept[64] = {0};
    for (unsigned c = 0; c < C && e->warm; c++) kept[c] = rtl_perf_rlock(r, c);
    const uint64_t base_cycles = stats->cycles;   /* device cycles before this launch */
    int wlock = cfg->warmup_cycles > base_cycles;
    /* start and the first cycle's perf-lock go in before the reset: they
     * pass the GPU's boundary registers, which the reset cycles load */
    rtl_perf_lock(r, wlock);
    rtl_set_start(r, 1, start_pc, launch_ptr);
    if (e->dram) dram_reset(e->dram);   /* every launch starts from cycle 0 */
    if (e->l2) l2_reset(e->l2);         /* ... with an empty L2 */
    /* The ports' availability in cycle 0 (empty queues) and the L2 port
     * arbiter the GPU replicates (static): they pass its boundary
     * registers too, which the reset cycles load. */
    rtl_port_arb(r, e->l2 ? (cfg->l2_fixed ? 2u : 1u) : 0u, e->l2 ? cfg->l2_ports : 0u);
    {
        const int m0 = e->dram ? dram_ready(e->dram, 0) : 1;
        for (unsigned c = 0; c < C; c++) {
            rtl_port_avail(r, c, m0, m0, m0);
            e->ports[c].avail = m0 ? 7u : 0u;
        }
    }
    rtl_reset(r, !e->warm);
    e->warm = 1;
    if (e->timeline) memset(e->wstate, 0xff, (size_t)C * e->shape.warps);

    uint64_t now = 0, winstr = 0, tinstr = 0, missed = 0, stl = 0, sth = 0, flushes = 0, smr = 0, smc = 0;
    uint64_t dce[8] = {0}, fills = 0;
    for (;;) {
        /* Drive this cycle's inputs. */
        /* With the DRAM model the ports take requests only while its queue
         * has room (back-pressure: the core sees memory structural stalls). */
        const int mready = e->dram ? dram_ready(e->dram, now) : 1;
        /* With the L2 the ports compete for its request slots (arbiter);
         * requests come from state, so they can be read before driving. */
        unsigned co[64];   /* rtl_core_out of each core: the outputs of this cycle */
        for (unsigned c = 0; c < C; c++) co[c] = rtl_core_out(r, c);
        uint64_t grant = ~0ull;
        if (e->l2) {
            uint64_t want = 0;
            for (unsigned c = 0; c < C && mready; c++) {
                if (e->ports[c].iq_count < IQ_CAP && (co[c] & RTL_CO_IREQ)) want |= 1ull << (3 * c);
                if (co[c] & RTL_CO_DREQ) want |= 1ull << (3 * c + 1);
                if (e->ports[c].fq_count < FQ_CAP && (co[c] & RTL_CO_FREQ)) want |= 1ull << (3 * c + 2);
            }
            grant = want ? l2_arbitrate(e->l2, want, &stats->l2) : 0;
        }
        for (unsigned c = 0; c < C; c++) {
            const port_t *p = &e->ports[c];
            /* The ready each port sees in this cycle. The core does not
             * take it from an input: the GPU registered the availability
             * driven in the previous cycle (below) and applies its copy of
             * the L2 arbiter (weft_gpu IN_REG), so check that it granted
             * what the harness's arbiter did; a difference would lose or
             * duplicate requests. The responses the core sees now were
             * driven in the previous cycle too (p->*rsp_next). */
            const unsigned rdy = (unsigned)(p->iq_count < IQ_CAP && mready && (grant >> (3 * c) & 1)) |
                                 (unsigned)(mready && (grant >> (3 * c + 1) & 1)) << 1 |
                                 (unsigned)(p->fq_count < FQ_CAP && mready && (grant >> (3 * c + 2) & 1)) << 2;
            const unsigned seen = co[c] & RTL_CO_READY;
            if (seen != rdy) {
                rc = weft_dev_fail(dev, WEFT_E_INTERNAL, "core %u at cycle %llu: the RTL's request ready (instruction, "
                                   "data, fill: %u%u%u) differs from the harness's memory model (%u%u%u); the port "
                                   "arbiter of weft_gpu (IN_REG) and sim/l2.c disagree", c, (unsigned long long)now,
                                   seen & 1, seen >> 1 & 1, seen >> 2 & 1, rdy & 1, rdy >> 1 & 1, rdy >> 2 & 1);
                goto out;
            }
        }
        /* Sample what fires at this edge. */
        for (unsigned c = 0; c < C; c++) {
            port_t *p = &e->ports[c];
            if (p->irsp_next) { p->iq_head = (p->iq_head + 1) % IQ_CAP; p->iq_count--; }
            if (p->iq_count + (unsigned)p->irsp_next < IQ_CAP && mready && (grant >> (3 * c) & 1)) {
                uint32_t a;
                if ((co[c] & RTL_CO_IREQ) && rtl_imem_req(r, c, &a) &&
                    (rc = serve_line(e, c, a, p->iq, IQ_CAP, p->iq_head, &p->iq_count, now, lat, stats,
                                     "instruction fetch")) != WEFT_OK)
                    goto out;
            }
            if (p->frsp_next) { p->fq_head = (p->fq_head + 1) % FQ_CAP; p->fq_count--; }
            if (p->fq_count + (unsigned)p->frsp_next < FQ_CAP && mready && (grant >> (3 * c + 2) & 1)) {
                uint32_t a;
                if ((co[c] & RTL_CO_FREQ) && rtl_dfill_req(r, c, &a)) {
                    fills++;
                    if ((rc = serve_line(e, c, a, p->fq, FQ_CAP, p->fq_head, &p->fq_count, now, lat, stats,
                                         "L1 D-cache line fill")) != WEFT_OK)
                        goto out;
                }
            }
            if (p->drsp_next) { p->dq_head = (p->dq_head + 1) % DQ_CAP; p->dq_count--; }
            if (mready && (grant >> (3 * c + 1) & 1) && (co[c] & RTL_CO_DREQ)) {
                rtl_dreq_t q;
                rtl_dmem_req(r, c, &q);
                if ((rc = serve_dreq(e, c, &q, p, now, lat, stats)) != WEFT_OK) goto out;
            }
            /* The response the core sees in the next cycle: the head of each
             * queue (after this cycle's pops and pushes) that is due by then,
             * driven now because it passes the boundary register. A port
             * without a response in this cycle and the last keeps its inputs
             * (valid 0 is driven already; the data inputs are written only
             * with a response). */
            {
                const iq_entry_t *ih = p->iq_count ? &p->iq[p->iq_head] : NULL;
                const int iv = ih && ih->due <= now + 1;
                if (iv || p->irsp_next) rtl_imem_rsp(r, c, iv, iv ? ih->line : NULL);
                p->irsp_next = iv;
                const iq_entry_t *fh = p->fq_count ? &p->fq[p->fq_head] : NULL;
                const int fv = fh && fh->due <= now + 1;
                if (fv || p->frsp_next) rtl_dfill_rsp(r, c, fv, fv ? fh->line : NULL);
                p->frsp_next = fv;
                const dq_entry_t *h = p->dq_count ? &p->dq[p->dq_head] : NULL;
                const int dv = h && h->due <= now + 1;
                if (dv || p->drsp_next) rtl_dmem_rsp(r, c, dv, dv ? h->tag : 0, dv ? h->data : NULL);
                p->drsp_next = dv;
            }
            if (co[c] & RTL_CO_COMMIT) {
                winstr++;
                unsigned cwid;
                uint32_t cpc;
                tinstr += popc(rtl_commit_brief(r, c, &cwid, &cpc));
                diag_commit(&e->diag, c, cwid, cpc, now);
                if ((e->model || e->trace) && (rc = on_commit(e, c, now)) != WEFT_OK) goto out;
            }
        }
        rtl_events_t ev;
        rtl_events(r, &ev);
        missed += popc(ev.missed);
        if (e->timeline)
            for (unsigned c = 0; c < C; c++)
                for (unsigned w = 0; w < e->shape.warps; w++) {
                    unsigned st = rtl_wstate(r, c, w);
                    uint8_t *o = &e->wstate[c * e->shape.warps + w];
                    if (st != *o) {
                        *o = (uint8_t)st;
                        fprintf(e->timeline, "%llu %u %u %u\n", (unsigned long long)(base_cycles + now), c, w, st);
                    }
                }
        if (cfg->frontend) {
            stl += popc(ev.st_lookup);
            sth += popc(ev.st_hit);
            flushes += popc(ev.flush);
        }
        smr += popc(ev.smem_access);
        smc += popc(ev.smem_conflict);
        /* D-cache events: counters of weft_perf (config/weft.yaml); polled
         * only where the counters are not read (more cores than
         * WEFT_PERF_MAX_CORES) */
        if (e->shape.dc_sets && C > WEFT_PERF_MAX_CORES)
            for (unsigned c = 0; c < C; c++) {
                const unsigned ev = rtl_dcache_ev(r, c);
                for (unsigned k = 0; ev >> k; k++) dce[k] += ev >> k & 1;
            }
        /* Each port's availability in the next cycle, after this cycle's
         * pops and pushes and every core's DRAM accesses (boundary
         * register): its queue has room and the DRAM queue takes requests. */
        {
            const int mnext = e->dram ? dram_ready(e->dram, now + 1) : 1;
            for (unsigned c = 0; c < C; c++) {
                port_t *p = &e->ports[c];
                const unsigned a = (unsigned)(p->iq_count < IQ_CAP && mnext) | (unsigned)(mnext != 0) << 1 |
                                   (unsigned)(p->fq_count < FQ_CAP && mnext) << 2;
                if (a != p->avail) {   /* mostly unchanged: drive only a change */
                    rtl_port_avail(r, c, a & 1, a >> 1 & 1, a >> 2 & 1);
                    p->avail = a;
                }
            }
        }
        /* start and perf-lock as the core is to see them in the next cycle
         * (boundary registers): start only in cycle 0, perf-lock while the
         * device is below its warm-up cycles */
        if (now == 0) rtl_set_start(r, 0, start_pc, launch_ptr);
        if (wlock && base_cycles + now + 1 >= cfg->warmup_cycles) rtl_perf_lock(r, wlock = 0);
        rtl_tick(r);
        now++;
        const unsigned st = rtl_status(r);
        if (st & RTL_ST_ERROR) { rc = diag_core_error(&e->diag, dev, r, now); goto out; }
        if (st & RTL_ST_ASSERT) {
            fflush(stdout);   // the $error line(s) of the assertion
            rc = weft_dev_fail(dev, WEFT_E_ASSERT, "RTL assertion failed at cycle %llu; the %%Error line above "
                               "names the instance and the assertion", (unsigned long long)(base_cycles + now));
            goto out;
        }
        if (weft_dev_exit_requested(dev)) break;
        if (!(st & RTL_ST_BUSY)) {
            if (e->model && !model_done(e->model)) {
                char why[512];
                int n = 0;
                why[0] = 0;
                for (unsigned c = 0; c < C && n < 400; c++)
                    for (unsigned w = 0; w < e->shape.warps && n < 400; w++) {
                        const pend_t *pb = &e->pend[c * e->shape.warps + w];
                        if (!model_warp_runnable(e->model, c, w) && !pb->count) continue;
                        n += snprintf(why + n, sizeof why - (size_t)n, " c%u w%u: model pc %08x%s, %u RTL commits "
                                      "waiting (first pc %08x);", c, w, model_warp_pc(e->model, c, w),
                                      model_warp_runnable(e->model, c, w) ? "" : " (not runnable)", pb->count,
                                      pb->count ? pb->e[0].x.pc : 0);
                    }
                rc = weft_dev_fail(dev, WEFT_E_COSIM,
                                   "co-simulation mismatch at cycle %llu: the RTL finished but the model has active "
                                   "warps or commits are unmatched:%s", (unsigned long long)now, why);
            }
            break;
        }
        if (cfg->max_cycles && base_cycles + now >= cfg->max_cycles) {
            stats->incomplete = 1;
            rc = weft_dev_fail(dev, WEFT_E_TIMEOUT, "cycle limit of %llu cycles reached (early exit), kernel not "
                               "finished; results incomplete", (unsigned long long)cfg->max_cycles);
            goto out;
        }
        if ((now & 0xfff) == 0 && weft_dev_interrupted(dev)) { rc = weft_status(dev); goto out; }
        if (diag_watchdog_due(&e->diag, now)) {
            /* memory owes a response, or a core waits for a port to take its request */
            int owed = 0;
            for (unsigned c = 0; c < C; c++) {
                uint32_t a;
                owed |= e->ports[c].iq_count || e->ports[c].fq_count || e->ports[c].dq_count ||
                        rtl_imem_req(r, c, &a) || rtl_dfill_req(r, c, &a) || rtl_dmem_req_valid(r, c);
            }
            if ((rc = diag_watchdog(&e->diag, dev, r, now, base_cycles, owed)) != WEFT_OK) goto out;
        }
    }
out:
    read_counters(e, kept, stats);
    stats->cycles += now;
    stats->warp_instrs += winstr;
    stats->thread_instrs += tinstr;
    stats->missed_schedules += missed;
    stats->st_lookups += stl;
    stats->st_hits += sth;
    stats->flushes += flushes;
    stats->smem_requests += smr;
    stats->smem_conflict_cycles += smc;
    stats->dcache.sets = e->shape.dc_sets;
    stats->dcache.ways = e->shape.dc_ways;
    stats->dcache.mshrs = e->shape.dc_mshrs;
    stats->dcache.banks = e->shape.dc_banks;
    stats->dcache.line_bytes = 4 * e->shape.line_words;
    if (stats->perf.valid) {
        /* the counters accumulate over launches already: sums over cores */
        for (unsigned k = 0; k < 8; k++) dce[k] = 0;
        for (unsigned c = 0; c < stats->perf.cores; c++)
            for (unsigned k = 0; k < WEFT_PERF_DC_EV_N && k < 8; k++) dce[k] += stats->perf.c[c][WEFT_PC_DC_WARP_REQUESTS + k];
        stats->dcache.warp_requests = stats->dcache.rd_lines = stats->dcache.rd_misses = stats->dcache.rd_merges = 0;
        stats->dcache.wr_lines = stats->dcache.wr_hits = stats->dcache.stall_cycles = stats->dcache.port_requests = 0;
    }
    stats->dcache.warp_requests += dce[0];
    stats->dcache.rd_lines += dce[1];
    stats->dcache.rd_misses += dce[2];
    stats->dcache.rd_merges += dce[3];
    stats->dcache.wr_lines += dce[4];
    stats->dcache.wr_hits += dce[5];
    stats->dcache.stall_cycles += dce[6];
    stats->dcache.port_requests += dce[7];
    stats->dcache.fills += fills;
    return rc != WEFT_OK ? rc : (int)weft_status(dev);
}

const weft_engine_ops_t weft_engine_rtl = {
    .name = "rtl",
    .create = eng_create,
    .run = eng_run,
    .destroy = eng_destroy,
};
