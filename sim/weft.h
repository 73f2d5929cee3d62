/* weft.h - host C API of the Weft GPU (brief section 3).
 *
 * A host program opens a device, allocates device memory, copies inputs in,
 * loads a kernel ELF, launches a named kernel function over a grid of blocks,
 * waits, copies the results out and checks them. The same calls run on the
 * Verilated RTL (engine "rtl") and on the functional model (engine "model").
 *
 * Every call that can fail returns a weft_status_t (0 = ok). The first error
 * of a device is sticky: later calls return it again, and weft_error()
 * gives its message. The status values are also the harness's exit codes.
 */
#ifndef WEFT_H
#define WEFT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* weft_status_t, the counter indices WEFT_PC_* and WEFT_PERF_COUNTERS come
 * from config/weft.yaml (tools/gen_spec.py). */
#include "gen/weft_spec.h"

typedef struct {
    unsigned cores;        /* C */
    unsigned warps;        /* W, warps per core */
    unsigned threads;      /* T, threads per warp */
    unsigned ipdom_depth;  /* IPDOM stack entries per warp */
    unsigned barriers;     /* barriers per core */
    unsigned mem_latency;  /* cycles from memory request to response */
    uint32_t mem_base;     /* 0x80000000 */
    uint32_t mem_size;     /* bytes of device RAM */
    uint64_t max_cycles;   /* cycle limit per launch, 0 = none (model: scheduler steps) */
    unsigned fetch_policy; /* rtl knobs: codes of config/weft.yaml (WEFT_SCHED_POLICY_*) */
    unsigned issue_policy;
    unsigned issue_ready;  /* 0 unready (baseline), 1 ready */
    unsigned frontend;     /* 0 stall (baseline), 1 nss, 2 pnt */
    unsigned bpr;          /* back-pressure mask: 0 off (baseline), 1 on */
    unsigned stall_table;  /* stall-table entries: 0 off, else the built size (128) */
    unsigned swas;         /* synchronized warp scheduling (seed 002): 0 off, 1 on */
    unsigned blocks_dynamic; /* 1: blocks handed out through an atomic counter (runtime) */
    unsigned divergence;   /* WEFT_DIVERGENCE_*: 0 ipdom (split/join), 1 minpc (per-thread pcs; docs/isa.md) */
    unsigned branch_check; /* ipdom: 1 (default) stops at a branch/jalr whose active threads disagree */
    const char *trace_path;/* rtl: FST waveform file, NULL = no trace (copied by weft_open) */
    int verbose;           /* 0 = quiet; engines may print more when > 0 */
    const char *commit_trace_path; /* text trace, one line per committed warp
                                      instruction (docs/model.md), NULL = none */
    int cosim;             /* rtl: check every commit against the functional model */
    unsigned x_seed;       /* rtl: randomize uninitialised state from this seed (0 = off) */
    uint64_t warmup_cycles;/* rtl: hold perf-lock for the first N cycles of the device */
    const char *timeline_path; /* rtl: per-warp state changes, one line each (docs/counters.md) */
    /* rtl: DRAM timing model behind every memory port (docs/memory.md); 0 = the
     * fixed mem_latency only */
    int dram;
    unsigned dram_banks, dram_bw, dram_tcl, dram_trcd, dram_trp, dram_row, dram_line, dram_queue;
    /* rtl: shared L2 and port arbiter (docs/memory.md); 0 = no L2 */
    int l2;
    unsigned l2_size, l2_ways, l2_line, l2_lat, l2_ports;
    int l2_fixed;          /* arbiter: 0 round-robin, 1 fixed priority */
    uint64_t watchdog;     /* rtl: stop (WEFT_E_HANG) after this many cycles without a commit
                              while memory owes no response; 0 = off (sim/diag.c) */
    /* rtl: the --mem-preset the options came from (WEFT_MEM_PRESET_*; the
     * harness sets the l2/dram fields, weft_mem_preset_apply); reported only */
    unsigned mem_preset;
    /* rtl: the SWaS oracle schedulers (WEFT_ORACLES_*: auto, on, off);
     * weft_oracles_on() says whether a run evaluates them */
    unsigned oracles;
    /* rtl: store-queue entries per warp in the LSU (--store-queue; 0 = none;
     * at most the build's SQ_MAX, docs/memory.md "Store queue") */
    unsigned store_queue;
} weft_config_t;

/* The oracle schedulers are evaluated (--oracles on, or auto with SWaS);
 * otherwise their counters are reported as not evaluated (issue 17). */
static inline int weft_oracles_on(const weft_config_t *cfg) {
    return cfg->oracles == WEFT_ORACLES_ON || (cfg->oracles == WEFT_ORACLES_AUTO && cfg->swas);
}

/* Set the memory options of preset p (WEFT_MEM_PRESET_*; docs/memory.md
 * "Memory presets", every value with its source) in *cfg: `fixed` restores
 * the defaults of the L2 and DRAM options (no L2 unless the build has one,
 * no DRAM), `vortex` seed 000 table 6.1. Returns 0 for an unknown p. */
int weft_mem_preset_apply(weft_config_t *cfg, unsigned p);

typedef struct {
    uint64_t reads, writes;         /* line accesses */
    uint64_t bytes_read, bytes_written;
    uint64_t row_hits, row_empty, row_conflicts;
    uint64_t read_latency_sum;      /* cycles from arrival to transfer end, reads */
    uint64_t busy_cycles;           /* cycles the data bus transferred */
} weft_dram_stats_t;

/* Per-core shared memory (docs/memory.md): a window of WEFT_SMEM_BYTES at
 * WEFT_SMEM_BASE that each core sees as its own (the RTL's SMEM_BYTES). */
#define WEFT_SMEM_BASE 0x20000000u
#define WEFT_SMEM_BYTES 4096u

#define WEFT_L2_MAX_CORES 32
typedef struct {
    uint64_t accesses, hits, misses, writebacks;  /* line lookups */
    uint64_t contended_cycles;                    /* cycles with more requests than L2 ports */
    uint64_t grants[WEFT_L2_MAX_CORES];           /* requests granted per core (both ports) */
    uint64_t grants_contended[WEFT_L2_MAX_CORES]; /* ... in contended cycles */
    uint64_t waits[WEFT_L2_MAX_CORES];            /* port-cycles a request waited for a grant */
} weft_l2_stats_t;

/* The RTL L1 D-cache (rtl/weft_dcache.sv), all cores and launches. */
typedef struct {
    unsigned sets, ways, line_bytes, mshrs; /* geometry of the build (sets 0 = no D-cache) */
    unsigned banks;                   /* banks = lines served per cycle (make DC_LINES) */
    uint64_t warp_requests;           /* cacheable warp loads and stores the coalescer walked */
    uint64_t rd_lines, rd_misses, rd_merges; /* load lines looked up; misses (fills); merged into an MSHR */
    uint64_t wr_lines, wr_hits;       /* store lines looked up; present (updated, write-through) */
    uint64_t stall_cycles;            /* walk cycles waiting for an MSHR or a no-fill line */
    uint64_t port_requests;           /* warp requests on the warp-wide port (stores, atomics, I/O loads) */
    uint64_t fills;                   /* line fills the harness served (= rd_misses) */
} weft_dcache_stats_t;

/* Hardware performance counters (rtl engine; docs/counters.md). Index k is
 * the counter at CSR 0xB00 + k (k < 32); indices, keys and
 * WEFT_PERF_COUNTERS come from config/weft.yaml (gen/weft_spec.h); the
 * CPI-stack classes count units of 1/WEFT_CPI_UNIT(W) cycle. */
#define WEFT_PERF_MAX_CORES 16
#define WEFT_PERF_MAX_WARPS 32
#define WEFT_CPI_UNIT(w) (12u * (w))
typedef struct {
    int valid;             /* the counters were read (rtl engine, <= WEFT_PERF_MAX_CORES cores) */
    unsigned cores, warps;
    uint64_t c[WEFT_PERF_MAX_CORES][WEFT_PERF_COUNTERS];
    uint64_t warp_issued[WEFT_PERF_MAX_CORES][WEFT_PERF_MAX_WARPS];
} weft_perf_t;

typedef struct {
    uint64_t cycles;        /* simulated cycles (rtl); 0 for the model */
    uint64_t warp_instrs;   /* committed warp instructions */
    uint64_t thread_instrs; /* committed thread instructions (active lanes) */
    uint64_t launches;
    uint64_t missed_schedules; /* rtl: core-cycles in which a warp was ready and none issued */
    uint64_t st_lookups, st_hits; /* rtl: stall-table lookups and hits */
    uint64_t flushes;      /* rtl: taken branches that discarded fetched instructions (pnt) */
    uint64_t smem_requests, smem_conflict_cycles; /* rtl: shared-memory warp requests, bank-conflict cycles */
    uint64_t steps;         /* model scheduler steps (one warp instruction per core
                               per step); 0 for the rtl */
    uint64_t wall_ns;       /* host wall-clock time spent inside engine runs */
    uint64_t cpu_ns;        /* host CPU time (this process, user+sys) inside engine runs */
    int incomplete;         /* the cycle limit stopped a launch (early exit) */
    weft_dram_stats_t dram; /* rtl with --dram: DRAM accesses (all launches) */
    weft_l2_stats_t l2;     /* rtl with --l2 (all launches) */
    weft_dcache_stats_t dcache; /* rtl: the L1 D-caches (all cores and launches) */
    weft_perf_t perf;       /* hardware counters, summed over launches (see counters.md) */
} weft_stats_t;

typedef struct { uint32_t x, y, z; } weft_dim3_t;

typedef struct weft_dev weft_dev_t;

/* Defaults of this build (compiled-in RTL parameters). */
void weft_config_default(weft_config_t *cfg);

/* Open a device. engine is "rtl" or "model". Returns NULL and prints why on
 * failure. */
weft_dev_t *weft_open(const weft_config_t *cfg, const char *engine);
int weft_close(weft_dev_t *dev);

const weft_config_t *weft_config(const weft_dev_t *dev);
weft_status_t weft_status(const weft_dev_t *dev);
const char *weft_error(const weft_dev_t *dev);

/* Load a kernel ELF by its PT_LOAD segments. */
weft_status_t weft_load_elf(weft_dev_t *dev, const char *path);
/* Look up an ELF symbol; 0 if absent. */
uint32_t weft_symbol(const weft_dev_t *dev, const char *name);

/* Device memory above the loaded ELF (first fit). Returns the device
 * address (aligned to 64 bytes) or 0 (and sets the error) when out of
 * memory or when no ELF is loaded yet (WEFT_E_USAGE: the ELF would be loaded
 * over it). Loading another ELF clears RAM and forgets every allocation. */
uint32_t weft_malloc(weft_dev_t *dev, uint32_t bytes);
/* Free an allocation (addr as weft_malloc returned it; 0 is ignored). A
 * double free, an address inside an allocation or one weft_malloc never
 * returned is WEFT_E_USAGE with a message naming it. */
weft_status_t weft_free(weft_dev_t *dev, uint32_t addr);
/* The allocation check: when on, weft_copy_to_dev/weft_copy_from_dev fail
 * with WEFT_E_MEM unless [addr, +bytes) lies inside one live allocation's
 * requested bytes (past its end, in a freed one, over the ELF, elsewhere:
 * each named). Off by default; on when the environment has
 * WEFT_CHECK_ALLOC=1 at weft_open (the test suite sets it). */
void weft_set_alloc_check(weft_dev_t *dev, int on);
/* Host programs call this with their --size before allocating anything
 * (issue 19, D7): count items of bytes_each device bytes must fit in the
 * free device heap (overflow-safe). Returns WEFT_OK, or records and returns
 * WEFT_E_USAGE ("--size N needs ... bytes of device memory, ... free"). */
weft_status_t weft_check_size(weft_dev_t *dev, uint64_t count, uint64_t bytes_each);
weft_status_t weft_copy_to_dev(weft_dev_t *dev, uint32_t dst, const void *src, size_t bytes);
weft_status_t weft_copy_from_dev(weft_dev_t *dev, void *dst, uint32_t src, size_t bytes);

/* Launch kernel function `kernel` (an ELF symbol) over grid x block threads
 * with argument pointer arg, and run it to completion (launch + wait). */
weft_status_t weft_launch(weft_dev_t *dev, const char *kernel, weft_dim3_t grid,
                          weft_dim3_t block, uint32_t arg);

/* Run the ELF as a bare program from its entry until all warps end or it
 * writes tohost. */
weft_status_t weft_run_bare(weft_dev_t *dev);

/* Accumulated statistics over all launches. */
const weft_stats_t *weft_stats(const weft_dev_t *dev);

/* Name of the engine the device runs on ("rtl" or "model"). */
const char *weft_engine_name(const weft_dev_t *dev);

/* Engine names compiled into this build, NULL-terminated; the first is the
 * default. */
const char *const *weft_engines(void);

/* Let a run be stopped from outside (the harness's SIGINT handler sets
 * *flag): engines poll it, stop, and the device status becomes
 * WEFT_E_INTERRUPTED. NULL detaches. */
void weft_set_interrupt_flag(weft_dev_t *dev, volatile sig_atomic_t *flag);

/* Host-program arguments from the harness command line. */
typedef struct {
    unsigned size;   /* --size N, 0 = the program's default */
    unsigned seed;   /* --seed S */
    int verbose;
    const char *elf_path; /* the kernel ELF the harness loaded before calling */
} weft_host_args_t;

/* Every kernel's host program has this signature; it returns WEFT_OK when
 * every output matched its C reference, WEFT_E_CHECK (after printing the
 * first mismatches) otherwise, or the device status on a device error. */
typedef int (*weft_host_fn)(weft_dev_t *dev, const weft_host_args_t *args);

/* Deterministic pseudo-random numbers for host programs (xorshift32). */
static inline uint32_t weft_rand(uint32_t *state)
{
    uint32_t x = *state ? *state : 0x9e3779b9u;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

#ifdef __cplusplus
}
#endif
#endif
