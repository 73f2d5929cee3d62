/* engine_rtl.c - the RTL engine: runs a launch on the Verilated GPU
 * (sim/rtl_wrap.cpp) and models the memory outside the cores.
 *
 * Memory model: every core has an instruction port (one outstanding line
 * request) and a data port (any number of outstanding warp requests). A
 * request accepted in cycle t is served from device memory at once (stores
 * are applied, loads read, in acceptance order, cores in index order) and its
 * response is driven in cycle t + mem_latency; data responses of a core come
 * back in request order, one per cycle. Stores get no response.
 *
 * Each run resets the GPU, pulses start for one cycle and clocks until no
 * core is busy, a core reports an error, an exit store happens, the cycle
 * limit passes, or the user interrupts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtl.h"
#include "weft_dev.h"

#define DQ_CAP 512

typedef struct {
    uint64_t due;
    unsigned tag;
    uint32_t data[RTL_MAX_THREADS];
} dq_entry_t;

typedef struct {
    int ipend;               /* an instruction line request is outstanding */
    uint64_t idue;
    uint32_t line[RTL_MAX_LINE_WORDS];
    dq_entry_t *dq;          /* ring of pending data responses */
    unsigned dq_head, dq_count;
} port_t;

typedef struct {
    weft_dev_t *dev;
    rtl_t *rtl;
    rtl_shape_t shape;
    port_t *ports;
    const char *trace_path;
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
    if (cfg->mem_latency < 1)
        return weft_dev_fail(dev, WEFT_E_USAGE, "memory latency must be at least 1 cycle");
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
    char *argv0[] = {(char *)"weft", NULL};
    e->rtl = rtl_new(1, argv0);
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
    *self = e;
    return WEFT_OK;
}

static void eng_destroy(void *self)
{
    eng_t *e = self;
    if (!e) return;
    rtl_free(e->rtl);
    for (unsigned c = 0; c < e->shape.cores; c++) free(e->ports[c].dq);
    free(e->ports);
    free(e);
}

static const char *cause_name(unsigned cause)
{
    switch (cause) {
    case 1: return "illegal instruction";
    case 2: return "misaligned access";
    case 3: return "IPDOM stack overflow";
    case 4: return "IPDOM stack underflow";
    case 5: return "barrier deadlock (every active warp waits at a barrier)";
    default: return "unknown error";
    }
}

static int report_core_error(eng_t *e, uint64_t cycle)
{
    for (unsigned c = 0; c < e->shape.cores; c++) {
        rtl_err_t er;
        if (!rtl_error(e->rtl, c, &er)) continue;
        switch (er.cause) {
        case 1:
            return weft_dev_fail(e->dev, WEFT_E_ILLEGAL,
                                 "illegal instruction 0x%08x at pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 er.info, er.pc, c, er.wid, (unsigned long long)cycle);
        case 2:
            return weft_dev_fail(e->dev, WEFT_E_MEM,
                                 "misaligned access to 0x%08x at pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 er.info, er.pc, c, er.wid, (unsigned long long)cycle);
        case 5:
            return weft_dev_fail(e->dev, WEFT_E_DEVICE, "%s (core %u, cycle %llu)", cause_name(er.cause), c,
                                 (unsigned long long)cycle);
        default:
            return weft_dev_fail(e->dev, WEFT_E_DEVICE, "%s at pc 0x%08x (core %u, warp %u, cycle %llu)",
                                 cause_name(er.cause), er.pc, c, er.wid, (unsigned long long)cycle);
        }
    }
    return WEFT_OK;
}

/* Serve one accepted data request; returns non-zero on an access fault. */
static int serve_dreq(eng_t *e, unsigned c, const rtl_dreq_t *q, port_t *p, uint64_t now, unsigned lat)
{
    dq_entry_t *r = NULL;
    if (!q->we) {
        if (p->dq_count == DQ_CAP)
            return weft_dev_fail(e->dev, WEFT_E_INTERNAL, "memory model queue overflow (core %u)", c);
        r = &p->dq[(p->dq_head + p->dq_count) % DQ_CAP];
        p->dq_count++;
        r->due = now + lat;
        r->tag = q->tag;
    }
    for (unsigned t = 0; t < e->shape.threads; t++) {
        if (!((q->mask >> t) & 1)) continue;
        int rc;
        if (q->we) rc = weft_mem_store(e->dev, q->addr[t], q->data[t], q->byteen[t], c, q->wid, t);
        else rc = weft_mem_load(e->dev, q->addr[t], &r->data[t]);
        if (rc != WEFT_OK)
            return weft_dev_fail(e->dev, WEFT_E_MEM,
                                 "out-of-range %s of address 0x%08x at pc 0x%08x (core %u, warp %u, thread %u, cycle %llu)",
                                 q->we ? "store" : "load", q->addr[t], q->pc, c, q->wid, t,
                                 (unsigned long long)now);
    }
    return WEFT_OK;
}

static int eng_run(void *self, uint32_t start_pc, uint32_t launch_ptr, weft_stats_t *stats)
{
    eng_t *e = self;
    weft_dev_t *dev = e->dev;
    const weft_config_t *cfg = weft_config(dev);
    const unsigned C = e->shape.cores, LW = e->shape.line_words;
    const unsigned lat = cfg->mem_latency;
    rtl_t *r = e->rtl;
    int rc = WEFT_OK;

    for (unsigned c = 0; c < C; c++) {
        e->ports[c].ipend = 0;
        e->ports[c].dq_head = e->ports[c].dq_count = 0;
    }
    rtl_knobs(r, (unsigned)cfg->fetch_policy, (unsigned)cfg->issue_policy, (unsigned)cfg->issue_ready);
    rtl_reset(r);
    rtl_set_start(r, 1, start_pc, launch_ptr);

    uint64_t now = 0, winstr = 0, tinstr = 0;
    static const uint32_t zero[RTL_MAX_THREADS];
    for (;;) {
        /* Drive this cycle's inputs. */
        int irsp[64] = {0}, drsp[64] = {0};
        for (unsigned c = 0; c < C; c++) {
            port_t *p = &e->ports[c];
            irsp[c] = p->ipend && p->idue <= now;
            rtl_imem_drive(r, c, !p->ipend, irsp[c], p->line);
            dq_entry_t *h = p->dq_count ? &p->dq[p->dq_head] : NULL;
            drsp[c] = h && h->due <= now;
            rtl_dmem_drive(r, c, 1, drsp[c], drsp[c] ? h->tag : 0, drsp[c] ? h->data : zero);
        }
        rtl_eval(r);
        /* Sample what fires at this edge. */
        for (unsigned c = 0; c < C; c++) {
            port_t *p = &e->ports[c];
            if (irsp[c]) p->ipend = 0;
            else if (!p->ipend) {
                uint32_t a;
                if (rtl_imem_req(r, c, &a)) {
                    for (unsigned i = 0; i < LW; i++) {
                        if (weft_mem_load(dev, a + 4 * i, &p->line[i]) != WEFT_OK) {
                            rc = weft_dev_fail(dev, WEFT_E_MEM,
                                               "instruction fetch from unmapped address 0x%08x (core %u, cycle %llu)",
                                               a + 4 * i, c, (unsigned long long)now);
                            goto out;
                        }
                    }
                    p->ipend = 1;
                    p->idue = now + lat;
                }
            }
            if (drsp[c]) { p->dq_head = (p->dq_head + 1) % DQ_CAP; p->dq_count--; }
            if (rtl_dmem_req_valid(r, c)) {
                rtl_dreq_t q;
                rtl_dmem_req(r, c, &q);
                if ((rc = serve_dreq(e, c, &q, p, now, lat)) != WEFT_OK) goto out;
            }
            if (rtl_commit_valid(r, c)) {
                winstr++;
                tinstr += (uint64_t)__builtin_popcountll(rtl_commit_tmask(r, c));
            }
        }
        rtl_tick(r);
        now++;
        if (now == 1) rtl_set_start(r, 0, start_pc, launch_ptr);
        if (rtl_any_error(r)) { rc = report_core_error(e, now); goto out; }
        if (weft_dev_exit_requested(dev)) break;
        if (!rtl_busy(r)) break;
        if (cfg->max_cycles && now >= cfg->max_cycles) {
            rc = weft_dev_fail(dev, WEFT_E_TIMEOUT, "cycle limit of %llu cycles reached, kernel not finished",
                               (unsigned long long)cfg->max_cycles);
            goto out;
        }
        if ((now & 0xfff) == 0 && weft_dev_interrupted(dev)) { rc = weft_status(dev); goto out; }
    }
out:
    stats->cycles += now;
    stats->warp_instrs += winstr;
    stats->thread_instrs += tinstr;
    return rc != WEFT_OK ? rc : (int)weft_status(dev);
}

const weft_engine_ops_t weft_engine_rtl = {
    .name = "rtl",
    .create = eng_create,
    .run = eng_run,
    .destroy = eng_destroy,
};
