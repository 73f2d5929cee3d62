/* rtl.h - C view of the Verilated GPU (sim/rtl_wrap.cpp): ports only, no
 * internals. Port widths follow the build's WEFT_CORES/WARPS/THREADS/
 * LINE_WORDS defines, which the Makefile passes to both Verilator (-G) and
 * the C compiler (-D). */
#ifndef WEFT_RTL_H
#define WEFT_RTL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RTL_MAX_THREADS 64
#define RTL_MAX_LINE_WORDS 16

typedef struct rtl rtl_t;

typedef struct {
    int      we;
    uint64_t mask;
    uint32_t addr[RTL_MAX_THREADS];
    uint32_t data[RTL_MAX_THREADS];
    uint8_t  byteen[RTL_MAX_THREADS];
    unsigned tag, wid;
    uint32_t pc;
    unsigned amo;   /* RV32A: 0x20 | funct5 (sim/amo.h), 0 for a plain load/store */
} rtl_dreq_t;

typedef struct {
    unsigned wid, rd;
    int      wb;
    int      fd;          /* rd is an FP register */
    unsigned fcsr;        /* the warp's fcsr after the instruction (meaningful in program
                             order only for fflags/frm/fcsr instructions, which drain) */
    unsigned flags;       /* FP exception flags the instruction raised */
    uint64_t tmask;
    uint32_t pc;
    uint32_t data[RTL_MAX_THREADS];
} rtl_commit_t;

typedef struct {
    unsigned cause, wid;
    uint32_t pc, info;
    unsigned lane;   /* access error (cause 2): the lane whose address is info;
                        stack guard (cause 7): the thread whose sp is info */
} rtl_err_t;

typedef struct {
    unsigned cores, warps, threads, line_words;
    unsigned dc_sets, dc_ways, dc_mshrs;   /* L1 D-cache geometry (dc_sets 0 = no D-cache) */
    unsigned dc_banks;                     /* its banks, lines served per cycle (make DC_LINES) */
} rtl_shape_t;

rtl_t *rtl_new(int argc, char **argv);
void rtl_free(rtl_t *r);
rtl_shape_t rtl_shape(void);
int rtl_trace_open(rtl_t *r, const char *path);   /* 0 ok, -1 if this build has no tracing */
void rtl_trace_close(rtl_t *r);

/* Hold reset for a few cycles; cold also clears the performance counters and
 * their locks (power-on), which a plain reset keeps under perf-reset-lock.
 * Set the knobs, the start inputs (rtl_set_start) and the first cycle's
 * perf-lock (rtl_perf_lock) before: they pass the GPU's boundary registers
 * (IN_REG), which the reset cycles load, and the core sees start in the
 * first cycle after the reset. Later changes of start and perf-lock are
 * seen one cycle after they are driven. */
void rtl_reset(rtl_t *r, int cold);
void rtl_knobs(rtl_t *r, unsigned fetch_policy, unsigned issue_policy, unsigned issue_ready,
               unsigned frontend, unsigned bpr, unsigned stall_table, unsigned swas, unsigned divergence,
               unsigned branch_check);
/* The stack guard (docs/isa.md): on for ELFs with sw/runtime's stack layout. */
void rtl_stack_guard(rtl_t *r, int on);
/* Evaluate the SWaS oracle schedulers (weft_gpu oracles_i; static during a launch). */
void rtl_oracles(rtl_t *r, int on);
/* Store-queue entries per warp (weft_gpu store_queue_i; static during a
 * launch) and the build's maximum (SQ_MAX, weft_gpu sq_max_o). */
void rtl_store_queue(rtl_t *r, unsigned n);
unsigned rtl_sq_max(void);
void rtl_set_start(rtl_t *r, int start, uint32_t pc, uint32_t launch);
void rtl_tick(rtl_t *r);                           /* one clock cycle (a rising edge) */

/* The per-cycle reads of the engine, one call each (issue 17: fewer calls
 * per simulated cycle). rtl_status: RTL_ST_BUSY (some core busy),
 * RTL_ST_ERROR (a core reported an error: rtl_error), RTL_ST_ASSERT (an RTL
 * assertion, $error with --assert, rtl/weft_assert.svh, has failed; the
 * model keeps running, the caller stops the run). rtl_core_out of a core:
 * bits 0-2 the request ready the core sees this cycle (RTL_CO_READY: bit 0
 * the instruction port, bit 1 the data port, bit 2 the D-cache fill port),
 * then RTL_CO_* = the valid bits of rtl_imem_req, rtl_dmem_req_valid,
 * rtl_dfill_req and the commit port. rtl_events: per-cycle event bits (bit
 * per core): an issue slot lost while a warp was ready, stall-table lookup
 * and hit, pnt flush, a shared-memory request accepted, a bank-conflict
 * cycle. */
enum { RTL_ST_BUSY = 1, RTL_ST_ERROR = 2, RTL_ST_ASSERT = 4 };
enum { RTL_CO_READY = 7, RTL_CO_IREQ = 8, RTL_CO_DREQ = 16, RTL_CO_FREQ = 32, RTL_CO_COMMIT = 64 };
typedef struct {
    uint64_t missed, st_lookup, st_hit, flush, smem_access, smem_conflict;
} rtl_events_t;
unsigned rtl_status(rtl_t *r);
unsigned rtl_core_out(rtl_t *r, unsigned core);
void rtl_events(rtl_t *r, rtl_events_t *ev);

/* Performance counters (docs/counters.md): counter idx (0..31; 32 + w = the
 * issue count of warp w) of a core; the perf-reset-lock bit of a core; the
 * external perf-lock input (warm-up); the state code of warp w of core c. */
uint64_t rtl_perf(rtl_t *r, unsigned core, unsigned idx);
int rtl_perf_rlock(rtl_t *r, unsigned core);
void rtl_perf_lock(rtl_t *r, int on);
unsigned rtl_wstate(rtl_t *r, unsigned core, unsigned warp);
int rtl_error(rtl_t *r, unsigned core, rtl_err_t *e);

/* Instruction memory port of a core. */
int rtl_imem_req(rtl_t *r, unsigned core, uint32_t *addr);
/* Ports and responses: a response passes the GPU's boundary register
 * (weft_gpu IN_REG = 1 in this build), so it is driven in the cycle BEFORE
 * the core is to see it. So is a port's availability (its response queue
 * has room and memory takes requests): rtl_port_avail() in the cycle before;
 * the ready the core sees is that availability, granted by the L2 port
 * arbiter that weft_gpu replicates (rtl_port_arb: 0 none, 1 round-robin,
 * 2 fixed priority; slots = requests granted per cycle; static, set before
 * the reset). rtl_core_out() reads the ready of this cycle (RTL_CO_READY). */
void rtl_port_arb(rtl_t *r, unsigned mode, unsigned slots);
void rtl_port_avail(rtl_t *r, unsigned core, int imem, int dmem, int dfill);
void rtl_imem_rsp(rtl_t *r, unsigned core, int rsp_valid, const uint32_t *line);

/* Data memory port of a core. */
/* D-cache line fills: a request (line address) from state, answered in order. */
int rtl_dfill_req(rtl_t *r, unsigned core, uint32_t *addr);
void rtl_dfill_rsp(rtl_t *r, unsigned core, int rsp_valid, const uint32_t *line);
/* D-cache events of the previous cycle (RTL_DC_* bits). */
enum { RTL_DC_WARP = 1, RTL_DC_RD = 2, RTL_DC_RDMISS = 4, RTL_DC_MERGE = 8, RTL_DC_WR = 16, RTL_DC_WRHIT = 32,
       RTL_DC_STALL = 64, RTL_DC_BYPASS = 128 };
unsigned rtl_dcache_ev(rtl_t *r, unsigned core);
int rtl_dmem_req_valid(rtl_t *r, unsigned core);
void rtl_dmem_req(rtl_t *r, unsigned core, rtl_dreq_t *q);
void rtl_dmem_rsp(rtl_t *r, unsigned core, int rsp_valid, unsigned tag, const uint32_t *data);

/* Commit port (valid: RTL_CO_COMMIT of rtl_core_out). */
uint64_t rtl_commit_tmask(rtl_t *r, unsigned core);
void rtl_commit(rtl_t *r, unsigned core, rtl_commit_t *c);
/* rtl_commit_tmask, and the committing warp and pc into *wid, *pc. */
uint64_t rtl_commit_brief(rtl_t *r, unsigned core, unsigned *wid, uint32_t *pc);

#ifdef __cplusplus
}
#endif
#endif
