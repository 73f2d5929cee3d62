/* dev.c - the Weft device: host API (weft.h) and the engine-side memory,
 * console and error functions (weft_dev.h).
 *
 * A device owns its configuration, the device RAM (mem_size bytes at
 * mem_base), the loaded ELF with its symbols, a bump allocator, the
 * console line buffers, the sticky first error and the statistics. The
 * execution engine (RTL or functional model) is chosen by name at open.
 *
 * RAM layout:
 *   mem_base .. elf.hi                 ELF segments
 *   align64(elf.hi) .. +64             launch descriptor slot
 *   .. stack_base                      weft_malloc heap (64-byte aligned)
 *   stack_base = RAM end - 16 MiB .. RAM end   per-thread stacks
 *
 * The heap is first-fit over a table of allocations kept in address order
 * (weft_malloc/weft_free); without frees it hands out the same addresses as
 * a bump allocator. weft_malloc needs the ELF loaded first (issue 19: the
 * ELF was loaded over earlier allocations); loading another ELF clears RAM
 * and forgets every allocation. With the allocation check on
 * (WEFT_CHECK_ALLOC=1 in the environment, or weft_set_alloc_check), every
 * copy must lie inside one live allocation's requested bytes.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MADV_DONTNEED */
#include "elf.h"
#include "weft_dev.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#ifndef WEFT_CFG_CORES
#define WEFT_CFG_CORES 1
#endif
#ifndef WEFT_CFG_WARPS
#define WEFT_CFG_WARPS 4
#endif
#ifndef WEFT_CFG_THREADS
#define WEFT_CFG_THREADS 4
#endif
#ifndef WEFT_CFG_IPDOM_DEPTH
#define WEFT_CFG_IPDOM_DEPTH 8
#endif
#ifndef WEFT_CFG_BARRIERS
#define WEFT_CFG_BARRIERS 4
#endif
#ifndef WEFT_CFG_MEM_LATENCY
#define WEFT_CFG_MEM_LATENCY 8
#endif

#define LAUNCH_SLOT_BYTES 64u
#define LINE_MAX_BYTES 256u
#define STACK_BYTES_PER_THREAD WEFT_STACK_STRIDE /* sw/runtime/start.S */

typedef struct {
    unsigned len;
    char buf[LINE_MAX_BYTES];
} console_line_t;

struct weft_dev {
    weft_config_t cfg;
    char *trace_path;
    char *commit_trace_path;
    const weft_engine_ops_t *eng;
    void *eng_self;

    uint8_t *ram;
    weft_elf_t elf;
    int elf_loaded;
    uint32_t tohost; /* 0 = no tohost symbol */
    uint32_t launch_slot;
    uint32_t heap_next;  /* end of the highest allocation (heap_start if none) */
    uint32_t heap_start; /* above the launch slot */
    uint32_t heap_end; /* top of the heap: the sched area, then the stack region */
    /* allocations in address order; a freed one stays (live = 0) until its
     * space is handed out again, so a double free is named as such */
    struct alloc { uint32_t addr, size, bytes; int live; } *allocs;
    size_t nallocs, cap_allocs;
    int check_alloc; /* copies must lie inside one live allocation */
    uint32_t sched;    /* dynamic block distribution: counter + one word per core */

    int status;
    int io_error; /* an output file could not be written (weft_close) */
    char err[512];

    int exit_req;
    uint32_t exit_val;

    console_line_t **console; /* cores * warps * threads lazily allocated lines */
    size_t nconsole;

    volatile sig_atomic_t *intr;
    weft_stats_t stats;
};

static const weft_engine_ops_t *const engine_table[] = {
#ifdef WEFT_HAVE_RTL
    &weft_engine_rtl,
#endif
    &weft_engine_model,
};
#define NENGINES (sizeof engine_table / sizeof engine_table[0])

static const char *const engine_names[] = {
#ifdef WEFT_HAVE_RTL
    "rtl",
#endif
    "model", NULL,
};

const char *const *weft_engines(void) { return engine_names; }

void weft_config_default(weft_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cores = WEFT_CFG_CORES;
    cfg->warps = WEFT_CFG_WARPS;
    cfg->threads = WEFT_CFG_THREADS;
    cfg->ipdom_depth = WEFT_CFG_IPDOM_DEPTH;
    cfg->barriers = WEFT_CFG_BARRIERS;
    cfg->mem_latency = WEFT_CFG_MEM_LATENCY;
    cfg->mem_base = WEFT_MEM_BASE;
    cfg->mem_size = WEFT_MEM_SIZE_DEFAULT;
    cfg->max_cycles = 0;
    cfg->watchdog = WEFT_DEFAULT_WATCHDOG;
    /* knob defaults: config/weft.yaml (gen/weft_spec.h) */
    cfg->fetch_policy = WEFT_DEFAULT_FETCH_POLICY;
    cfg->issue_policy = WEFT_DEFAULT_ISSUE_POLICY;
    cfg->issue_ready = WEFT_DEFAULT_ISSUE_READY;
    cfg->frontend = WEFT_DEFAULT_FRONTEND;
    cfg->bpr = WEFT_DEFAULT_BPR;
    cfg->swas = WEFT_DEFAULT_SWAS;
    cfg->stall_table = WEFT_DEFAULT_STALL_TABLE;
    cfg->blocks_dynamic = WEFT_DEFAULT_BLOCKS;
    cfg->divergence = WEFT_DEFAULT_DIVERGENCE;
    cfg->branch_check = WEFT_DEFAULT_BRANCH_CHECK;
    cfg->oracles = WEFT_DEFAULT_ORACLES;
    cfg->store_queue = WEFT_DEFAULT_STORE_QUEUE;
    cfg->trace_path = NULL;
    cfg->verbose = 0;
    cfg->commit_trace_path = NULL;
    /* DRAM model (off by default): seed 000 table 6.1's DDR4 timings
     * (tCL = tRCD = tRP = 16), 8 banks, 2 KiB rows, 32-byte lines, 16 B/cycle,
     * 32 accesses in flight */
    cfg->dram = WEFT_DEFAULT_DRAM;
    cfg->dram_banks = WEFT_DEFAULT_DRAM_BANKS;
    cfg->dram_bw = WEFT_DEFAULT_DRAM_BW;
    cfg->dram_tcl = WEFT_DEFAULT_DRAM_TCL;
    cfg->dram_trcd = WEFT_DEFAULT_DRAM_TRCD;
    cfg->dram_trp = WEFT_DEFAULT_DRAM_TRP;
    cfg->dram_row = WEFT_DEFAULT_DRAM_ROW;
    cfg->dram_line = WEFT_DEFAULT_DRAM_LINE;
    cfg->dram_queue = WEFT_DEFAULT_DRAM_QUEUE;
#ifndef WEFT_DEFAULT_L2
#define WEFT_DEFAULT_L2 0   /* config/configs.mk: 1 for quad */
#endif
    cfg->l2 = WEFT_DEFAULT_L2;
    cfg->l2_size = WEFT_DEFAULT_L2_SIZE;
    cfg->l2_ways = WEFT_DEFAULT_L2_WAYS;
    cfg->l2_line = WEFT_DEFAULT_L2_LINE;
    cfg->l2_lat = WEFT_DEFAULT_L2_LAT;
    cfg->l2_ports = WEFT_DEFAULT_L2_PORTS;
    cfg->l2_fixed = WEFT_DEFAULT_ARBITER;
    cfg->mem_preset = WEFT_DEFAULT_MEM_PRESET;
}

/* ---- errors ------------------------------------------------------------ */

static int vfail(weft_dev_t *dev, int code, const char *fmt, va_list ap)
{
    if (code == WEFT_OK)
        code = WEFT_E_INTERNAL;
    if (dev->status == WEFT_OK) {
        dev->status = code;
        vsnprintf(dev->err, sizeof dev->err, fmt, ap);
    }
    return dev->status;
}

int weft_dev_fail(weft_dev_t *dev, int code, const char *fmt, ...)
{
    va_list ap;
    if (code == WEFT_OK)
        code = WEFT_E_INTERNAL;
    va_start(ap, fmt);
    vfail(dev, code, fmt, ap);
    va_end(ap);
    return code;
}

weft_status_t weft_status(const weft_dev_t *dev) { return (weft_status_t)dev->status; }
const char *weft_error(const weft_dev_t *dev) { return dev->status ? dev->err : ""; }
const weft_config_t *weft_config(const weft_dev_t *dev) { return &dev->cfg; }
const weft_stats_t *weft_stats(const weft_dev_t *dev) { return &dev->stats; }
const char *weft_engine_name(const weft_dev_t *dev) { return dev->eng->name; }

void weft_set_interrupt_flag(weft_dev_t *dev, volatile sig_atomic_t *flag) { dev->intr = flag; }

int weft_dev_interrupted(weft_dev_t *dev)
{
    if (!dev->intr || !*dev->intr)
        return 0;
    weft_dev_fail(dev, WEFT_E_INTERRUPTED, "interrupted (SIGINT, SIGTERM or SIGHUP)");
    return 1;
}

/* ---- device RAM ------------------------------------------------------------
 * Anonymous pages between two inaccessible guard pages: an access just past
 * either end of RAM by the host side faults at once (also under ASan, which
 * does not track this memory), and clearing RAM for a new ELF gives the
 * touched pages back (madvise) instead of writing every byte, so a run costs
 * what it touches, not mem_size (the fuzz target opens thousands of
 * devices a second; issue 19). */
static size_t page_bytes(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

static size_t ram_span(uint32_t size)
{
    const size_t pg = page_bytes();
    return ((size_t)size + pg - 1) / pg * pg;
}

static uint8_t *ram_alloc(uint32_t size)
{
    const size_t pg = page_bytes(), span = ram_span(size);
    uint8_t *p = mmap(NULL, span + 2 * pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if (mprotect(p + pg, span, PROT_READ | PROT_WRITE) != 0) {
        munmap(p, span + 2 * pg);
        return NULL;
    }
    return p + pg; /* zero-filled */
}

static void ram_free(uint8_t *ram, uint32_t size)
{
    if (ram)
        munmap(ram - page_bytes(), ram_span(size) + 2 * page_bytes());
}

static void ram_clear(uint8_t *ram, uint32_t size)
{
#ifdef __linux__ /* private anonymous pages read as zero after MADV_DONTNEED */
    if (madvise(ram, ram_span(size), MADV_DONTNEED) == 0)
        return;
#endif
    memset(ram, 0, size);
}

/* ---- open / close -------------------------------------------------------- */

static int check_config(const weft_config_t *c, char *msg, size_t len)
{
    if (c->cores < 1 || c->cores > 1024) {
        snprintf(msg, len, "cores = %u: must be 1..1024", c->cores);
        return 0;
    }
    if (c->warps < 1 || c->warps > 64) {
        snprintf(msg, len, "warps = %u: must be 1..64", c->warps);
        return 0;
    }
    if (c->threads < 1 || c->threads > 32) {
        snprintf(msg, len, "threads = %u: must be 1..32", c->threads);
        return 0;
    }
    if (c->ipdom_depth < 2 || c->ipdom_depth > 1024) {
        snprintf(msg, len, "ipdom_depth = %u: must be 2..1024", c->ipdom_depth);
        return 0;
    }
    if (c->barriers < 1 || c->barriers > 1024) {
        snprintf(msg, len, "barriers = %u: must be 1..1024", c->barriers);
        return 0;
    }
    if (c->mem_base != WEFT_MEM_BASE) {
        snprintf(msg, len, "mem_base = 0x%08x: must be 0x%08x", c->mem_base, WEFT_MEM_BASE);
        return 0;
    }
    if (c->mem_size <= WEFT_STACK_REGION || (c->mem_size & 4095) ||
        (uint64_t)c->mem_base + c->mem_size > 0x100000000ull) {
        snprintf(msg, len,
                 "mem_size = 0x%x: must be a multiple of 4 KiB, above the %u MiB stack region, "
                 "and end at or below 4 GiB",
                 c->mem_size, WEFT_STACK_REGION >> 20);
        return 0;
    }
    uint64_t nthreads = (uint64_t)c->cores * c->warps * c->threads;
    if (nthreads * STACK_BYTES_PER_THREAD > WEFT_STACK_REGION) {
        snprintf(msg, len, "%llu threads (%ux%ux%u) need %llu KiB of stacks, more than the %u MiB stack region",
                 (unsigned long long)nthreads, c->cores, c->warps, c->threads,
                 (unsigned long long)(nthreads * STACK_BYTES_PER_THREAD >> 10),
                 WEFT_STACK_REGION >> 20);
        return 0;
    }
    return 1;
}

weft_dev_t *weft_open(const weft_config_t *cfg, const char *engine)
{
    char msg[256];
    weft_config_t def;
    if (!cfg) {
        weft_config_default(&def);
        cfg = &def;
    }
    if (!check_config(cfg, msg, sizeof msg)) {
        fprintf(stderr, "weft_open: bad configuration: %s\n", msg);
        return NULL;
    }
    const weft_engine_ops_t *ops = NULL;
    if (!engine)
        engine = engine_table[0]->name;
    for (size_t i = 0; i < NENGINES; i++)
        if (strcmp(engine_table[i]->name, engine) == 0)
            ops = engine_table[i];
    if (!ops) {
        fprintf(stderr, "weft_open: unknown engine '%s' (this build has:", engine);
        for (size_t i = 0; i < NENGINES; i++)
            fprintf(stderr, " %s", engine_table[i]->name);
        fprintf(stderr, ")\n");
        return NULL;
    }
    weft_dev_t *dev = calloc(1, sizeof *dev);
    if (!dev) {
        fprintf(stderr, "weft_open: out of host memory\n");
        return NULL;
    }
    dev->cfg = *cfg;
    if (cfg->trace_path) {
        dev->trace_path = strdup(cfg->trace_path);
        if (!dev->trace_path)
            goto oom;
        dev->cfg.trace_path = dev->trace_path;
    }
    if (cfg->commit_trace_path) {
        dev->commit_trace_path = strdup(cfg->commit_trace_path);
        if (!dev->commit_trace_path)
            goto oom;
        dev->cfg.commit_trace_path = dev->commit_trace_path;
    }
    dev->ram = ram_alloc(cfg->mem_size);
    if (!dev->ram)
        goto oom;
    dev->nconsole = (size_t)cfg->cores * cfg->warps * cfg->threads;
    dev->console = calloc(dev->nconsole, sizeof *dev->console);
    if (!dev->console)
        goto oom;
    dev->heap_end = cfg->mem_base + (cfg->mem_size - WEFT_STACK_REGION);
    /* The sched area of dynamic block distribution sits at the top of the
     * heap (it does not move the heap's allocations). */
    dev->heap_end -= (4u * (1u + cfg->cores) + 63u) & ~63u;
    dev->sched = dev->heap_end;
    dev->launch_slot = cfg->mem_base;
    dev->heap_next = dev->heap_start = cfg->mem_base + LAUNCH_SLOT_BYTES;
    const char *ck = getenv("WEFT_CHECK_ALLOC");
    dev->check_alloc = ck && *ck && strcmp(ck, "0") != 0;
    dev->eng = ops;
    if (ops->create(dev, &dev->eng_self) != WEFT_OK) {
        fprintf(stderr, "weft_open: engine '%s': %s\n", ops->name,
                dev->status ? dev->err : "cannot create");
        weft_close(dev);
        return NULL;
    }
    return dev;
oom:
    fprintf(stderr, "weft_open: out of host memory (%u bytes of device RAM)\n", cfg->mem_size);
    weft_close(dev);
    return NULL;
}

void weft_dev_out_commit(weft_dev_t *dev, weft_out_t *o)
{
    char msg[600];
    if (weft_out_commit(o, msg, sizeof msg) != 0) {
        fprintf(stderr, "weft-sim: %s\n", msg);
        dev->io_error = 1;
    }
}

int weft_close(weft_dev_t *dev)
{
    if (!dev)
        return WEFT_OK;
    if (dev->console) {
        weft_dev_console_flush(dev);
        for (size_t i = 0; i < dev->nconsole; i++)
            free(dev->console[i]);
        free(dev->console);
    }
    if (dev->eng && dev->eng_self)
        dev->eng->destroy(dev->eng_self);
    weft_elf_free(&dev->elf);
    free(dev->allocs);
    ram_free(dev->ram, dev->cfg.mem_size);
    free(dev->trace_path);
    free(dev->commit_trace_path);
    int rc = dev->io_error ? WEFT_E_INTERNAL : WEFT_OK;
    free(dev);
    return rc;
}

/* ---- ELF ----------------------------------------------------------------- */

weft_status_t weft_load_elf(weft_dev_t *dev, const char *path)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (!path)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE, "weft_load_elf: no path");
    if (dev->elf_loaded) { /* a fresh image: forget the previous program and its data */
        weft_elf_free(&dev->elf);
        dev->elf_loaded = 0;
        ram_clear(dev->ram, dev->cfg.mem_size);
    }
    weft_elf_target_t t = {
        .ram = dev->ram,
        .ram_base = dev->cfg.mem_base,
        .ram_size = dev->cfg.mem_size,
        .load_limit = dev->cfg.mem_size - WEFT_STACK_REGION,
    };
    char msg[400];
    int rc = weft_elf_load(&dev->elf, path, &t, msg, sizeof msg);
    if (rc)
        return (weft_status_t)weft_dev_fail(dev, rc, "%s", msg);
    dev->elf_loaded = 1;
    uint32_t v = 0;
    dev->tohost = weft_elf_symbol(&dev->elf, "tohost", &v) ? v : 0;
    if (dev->tohost & 3)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_ELF, "%s: tohost symbol 0x%08x is not word aligned",
                                            path, dev->tohost);
    uint64_t slot = ((uint64_t)dev->elf.hi + 63) & ~63ull;
    if (slot + LAUNCH_SLOT_BYTES > dev->heap_end)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_ELF, "%s: no room for the launch descriptor above the ELF",
                                            path);
    dev->launch_slot = (uint32_t)slot;
    dev->heap_next = dev->heap_start = (uint32_t)slot + LAUNCH_SLOT_BYTES;
    dev->nallocs = 0; /* RAM was cleared: earlier allocations are gone */
    return WEFT_OK;
}

int weft_mem_preset_apply(weft_config_t *cfg, unsigned p)
{
    weft_config_t d;
    weft_config_default(&d); /* the build's defaults of every option */
    switch (p) {
    case WEFT_MEM_PRESET_FIXED:
        cfg->dram = d.dram;
        cfg->dram_banks = d.dram_banks; cfg->dram_bw = d.dram_bw; cfg->dram_tcl = d.dram_tcl;
        cfg->dram_trcd = d.dram_trcd; cfg->dram_trp = d.dram_trp; cfg->dram_row = d.dram_row;
        cfg->dram_line = d.dram_line; cfg->dram_queue = d.dram_queue;
        cfg->l2 = d.l2;
        cfg->l2_size = d.l2_size; cfg->l2_ways = d.l2_ways; cfg->l2_line = d.l2_line;
        cfg->l2_lat = d.l2_lat; cfg->l2_ports = d.l2_ports;
        break;
    case WEFT_MEM_PRESET_VORTEX:
        /* seed 000 (Aurud) table 6.1; docs/memory.md "Memory presets". */
        cfg->l2 = 1;                /* "GPU L2 Cache 128KiB per cluster, direct mapped 64B blocks" */
        cfg->l2_size = 128u << 10;
        cfg->l2_ways = 1;
        cfg->l2_line = 64;
        cfg->l2_lat = d.l2_lat;     /* not in table 6.1: Weft's default */
        cfg->l2_ports = d.l2_ports; /* not in table 6.1 */
        cfg->dram = 1;              /* "DDR4 2400R (1200 MHz), 19.2GB/s, 4Gbx8, 1 channel, 1 rank/channel" */
        cfg->dram_tcl = 16;         /* tCL = 16 (DRAM clocks of 1200 MHz = GPU cycles at 1.2 GHz) */
        cfg->dram_trcd = 16;        /* tRCD = 16 */
        cfg->dram_trp = 16;         /* tRP = 16 */
        cfg->dram_bw = 16;          /* 19.2 GB/s / 1.2 GHz = 16 bytes per GPU cycle */
        cfg->dram_line = 64;        /* one BL8 burst of the 64-bit channel = the L2 line */
        cfg->dram_banks = 16;       /* a 4Gb x8 DDR4 device: 4 bank groups x 4 banks (JESD79-4) */
        cfg->dram_row = 8192;       /* 1 KiB page per x8 device x 8 devices of the 64-bit rank */
        cfg->dram_queue = d.dram_queue; /* not in table 6.1 */
        break;
    default:
        return 0;
    }
    cfg->mem_preset = p;
    return 1;
}

int weft_dev_stack_guard(const weft_dev_t *dev)
{
    uint32_t v = 0;
    return dev->elf_loaded && weft_elf_symbol(&dev->elf, "__weft_stack_guard", &v) && v == WEFT_STACK_STRIDE &&
           (uint64_t)dev->cfg.mem_base + dev->cfg.mem_size == WEFT_STACK_TOP;
}

int weft_dev_stack_fail(weft_dev_t *dev, unsigned core, unsigned warp, unsigned thread, uint32_t sp, uint32_t pc)
{
    const uint64_t g = ((uint64_t)core * dev->cfg.warps + warp) * dev->cfg.threads + thread;
    const uint32_t hi = WEFT_STACK_TOP - (uint32_t)(g * WEFT_STACK_STRIDE);
    return weft_dev_fail(dev, WEFT_E_STACK,
                         "stack overflow: sp = 0x%08x outside the stack [0x%08x, 0x%08x] of core %u, warp %u, "
                         "thread %u at pc 0x%08x",
                         sp, hi - WEFT_STACK_STRIDE, hi, core, warp, thread, pc);
}

uint32_t weft_symbol(const weft_dev_t *dev, const char *name)
{
    uint32_t v = 0;
    if (!dev->elf_loaded || !name)
        return 0;
    return weft_elf_symbol(&dev->elf, name, &v) ? v : 0;
}

/* ---- memory (host side) --------------------------------------------------- */

uint32_t weft_malloc(weft_dev_t *dev, uint32_t bytes)
{
    if (dev->status)
        return 0;
    if (!dev->elf_loaded) {
        /* the ELF would later be loaded over it (issue 19) */
        weft_dev_fail(dev, WEFT_E_USAGE,
                      "weft_malloc(%u): no kernel ELF loaded yet; call weft_load_elf first (device memory is "
                      "allocated above the loaded program)", bytes);
        return 0;
    }
    const uint64_t size = bytes ? ((uint64_t)bytes + 63) & ~63ull : 64;
    /* first fit between the live allocations (address order) */
    uint64_t at = dev->heap_start;
    size_t pos = 0; /* insertion index: the first entry at or above the new block */
    int found = 0;
    for (size_t i = 0; i < dev->nallocs; i++) {
        const struct alloc *a = &dev->allocs[i];
        if (!a->live)
            continue;
        if (a->addr >= at + size) {
            found = 1;
            break;
        }
        at = (uint64_t)a->addr + a->size;
    }
    if (!found && at + size > dev->heap_end) {
        uint64_t used = 0;
        for (size_t i = 0; i < dev->nallocs; i++)
            used += dev->allocs[i].live ? dev->allocs[i].size : 0;
        weft_dev_fail(dev, WEFT_E_USAGE,
                      "weft_malloc(%u): out of device memory (%llu bytes free below the stack region, "
                      "%llu in one piece at the top)",
                      bytes, (unsigned long long)(dev->heap_end - dev->heap_start - used),
                      (unsigned long long)(at < dev->heap_end ? dev->heap_end - at : 0));
        return 0;
    }
    /* drop freed entries the new block covers; find where it goes */
    size_t j = 0;
    for (size_t i = 0; i < dev->nallocs; i++) {
        const struct alloc *a = &dev->allocs[i];
        if (!a->live && a->addr < at + size && (uint64_t)a->addr + a->size > at)
            continue;
        dev->allocs[j++] = *a;
    }
    dev->nallocs = j;
    while (pos < dev->nallocs && dev->allocs[pos].addr < at)
        pos++;
    if (dev->nallocs == dev->cap_allocs) {
        size_t cap = dev->cap_allocs ? 2 * dev->cap_allocs : 16;
        struct alloc *n = realloc(dev->allocs, cap * sizeof *n);
        if (!n) {
            weft_dev_fail(dev, WEFT_E_INTERNAL, "weft_malloc: out of host memory");
            return 0;
        }
        dev->allocs = n;
        dev->cap_allocs = cap;
    }
    memmove(dev->allocs + pos + 1, dev->allocs + pos, (dev->nallocs - pos) * sizeof *dev->allocs);
    dev->allocs[pos] = (struct alloc){(uint32_t)at, (uint32_t)size, bytes, 1};
    dev->nallocs++;
    if (at + size > dev->heap_next)
        dev->heap_next = (uint32_t)(at + size);
    return (uint32_t)at;
}

/* The allocation holding addr (live or freed), or NULL. */
static const struct alloc *alloc_at(const weft_dev_t *dev, uint32_t addr, int live)
{
    for (size_t i = 0; i < dev->nallocs; i++) {
        const struct alloc *a = &dev->allocs[i];
        if (a->live == live && addr >= a->addr && addr - a->addr < a->size)
            return a;
    }
    return NULL;
}

weft_status_t weft_free(weft_dev_t *dev, uint32_t addr)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (addr == 0) /* like free(NULL): a failed weft_malloc's result */
        return WEFT_OK;
    for (size_t i = 0; i < dev->nallocs; i++) {
        struct alloc *a = &dev->allocs[i];
        if (a->addr != addr)
            continue;
        if (!a->live)
            return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                                "weft_free(0x%08x): already freed (a double free)", addr);
        a->live = 0;
        if (addr + a->size == dev->heap_next) { /* the top block: lower the high-water mark */
            uint32_t top = dev->heap_start;
            for (size_t k = 0; k < dev->nallocs; k++)
                if (dev->allocs[k].live && dev->allocs[k].addr + dev->allocs[k].size > top)
                    top = dev->allocs[k].addr + dev->allocs[k].size;
            dev->heap_next = top;
        }
        return WEFT_OK;
    }
    const struct alloc *in = alloc_at(dev, addr, 1);
    if (in)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                            "weft_free(0x%08x): inside the allocation at 0x%08x (%u bytes), not its "
                                            "start; pass the address weft_malloc returned", addr, in->addr, in->bytes);
    return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                        "weft_free(0x%08x): not an address weft_malloc returned on this device", addr);
}

void weft_set_alloc_check(weft_dev_t *dev, int on) { dev->check_alloc = on != 0; }

weft_status_t weft_check_size(weft_dev_t *dev, uint64_t count, uint64_t bytes_each)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    uint64_t free_bytes = dev->heap_end - dev->heap_start;
    for (size_t i = 0; i < dev->nallocs; i++)
        free_bytes -= dev->allocs[i].live ? dev->allocs[i].size : 0;
    if (bytes_each && count > free_bytes / bytes_each)
        return (weft_status_t)weft_dev_fail(
            dev, WEFT_E_USAGE, "--size too large: %llu items of %llu bytes need more than the %llu bytes of free device memory",
            (unsigned long long)count, (unsigned long long)bytes_each, (unsigned long long)free_bytes);
    return WEFT_OK;
}

static int range_ok(const weft_dev_t *dev, uint32_t addr, size_t bytes)
{
    uint64_t a = addr, base = dev->cfg.mem_base;
    /* no a + bytes: bytes may be SIZE_MAX (issue 19, D9) */
    return a >= base && a - base <= dev->cfg.mem_size && bytes <= dev->cfg.mem_size - (a - base);
}

/* The allocation check (issue 19): [addr, +bytes) inside one live
 * allocation's requested bytes. Returns 1, or records WEFT_E_MEM with what
 * the range hits instead. */
static int alloc_range_ok(weft_dev_t *dev, const char *fn, uint32_t addr, size_t bytes)
{
    const struct alloc *a = alloc_at(dev, addr, 1);
    if (a && addr - a->addr <= a->bytes && bytes <= a->bytes - (addr - a->addr))
        return 1;
    if (a) {
        weft_dev_fail(dev, WEFT_E_MEM,
                      "%s: [0x%08x, +%zu) runs past the end of the allocation at 0x%08x (%u bytes, offset %u)", fn,
                      addr, bytes, a->addr, a->bytes, addr - a->addr);
        return 0;
    }
    const struct alloc *f = alloc_at(dev, addr, 0);
    if (f) {
        weft_dev_fail(dev, WEFT_E_MEM, "%s: [0x%08x, +%zu) is in the freed allocation at 0x%08x (%u bytes)", fn,
                      addr, bytes, f->addr, f->bytes);
        return 0;
    }
    if (dev->elf_loaded && addr < dev->elf.hi && (uint64_t)addr + bytes > dev->elf.lo) {
        weft_dev_fail(dev, WEFT_E_MEM, "%s: [0x%08x, +%zu) overlaps the loaded ELF [0x%08x, 0x%08x)", fn, addr,
                      bytes, dev->elf.lo, dev->elf.hi);
        return 0;
    }
    weft_dev_fail(dev, WEFT_E_MEM, "%s: [0x%08x, +%zu) is not inside an allocation of weft_malloc", fn, addr,
                  bytes);
    return 0;
}

weft_status_t weft_copy_to_dev(weft_dev_t *dev, uint32_t dst, const void *src, size_t bytes)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (bytes == 0)
        return WEFT_OK;
    if (!src)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE, "weft_copy_to_dev: NULL source");
    if (!range_ok(dev, dst, bytes))
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_MEM,
                                            "weft_copy_to_dev: [0x%08x, +%zu) is outside device RAM", dst, bytes);
    if (dev->check_alloc && !alloc_range_ok(dev, "weft_copy_to_dev", dst, bytes))
        return (weft_status_t)dev->status;
    memcpy(dev->ram + (dst - dev->cfg.mem_base), src, bytes);
    return WEFT_OK;
}

weft_status_t weft_copy_from_dev(weft_dev_t *dev, void *dst, uint32_t src, size_t bytes)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (bytes == 0)
        return WEFT_OK;
    if (!dst)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE, "weft_copy_from_dev: NULL destination");
    if (!range_ok(dev, src, bytes))
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_MEM,
                                            "weft_copy_from_dev: [0x%08x, +%zu) is outside device RAM", src, bytes);
    if (dev->check_alloc && !alloc_range_ok(dev, "weft_copy_from_dev", src, bytes))
        return (weft_status_t)dev->status;
    memcpy(dst, dev->ram + (src - dev->cfg.mem_base), bytes);
    return WEFT_OK;
}

/* ---- memory (engine side) -------------------------------------------------- */

uint8_t *weft_mem_ram(weft_dev_t *dev) { return dev->ram; }

static inline uint32_t ld32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

int weft_mem_load(weft_dev_t *dev, uint32_t addr, uint32_t *val)
{
    uint32_t off = addr - dev->cfg.mem_base;
    if ((addr & 3) || off >= dev->cfg.mem_size)
        return WEFT_E_MEM;
    *val = ld32(dev->ram + off);
    return WEFT_OK;
}

static void console_put(weft_dev_t *dev, unsigned core, unsigned warp, unsigned thread, char ch);

static void request_exit(weft_dev_t *dev, uint32_t value)
{
    if (dev->exit_req)
        return; /* the first exit store counts */
    dev->exit_req = 1;
    dev->exit_val = value;
}

int weft_mem_store(weft_dev_t *dev, uint32_t addr, uint32_t val, unsigned byteen, unsigned core,
                   unsigned warp, unsigned thread)
{
    if ((addr & 3) || (byteen & ~0xfu) || byteen == 0)
        return WEFT_E_MEM;
    uint32_t off = addr - dev->cfg.mem_base;
    if (off < dev->cfg.mem_size) {
        uint8_t *p = dev->ram + off;
        for (unsigned i = 0; i < 4; i++)
            if (byteen & (1u << i))
                p[i] = (uint8_t)(val >> (8 * i));
        if (dev->tohost && addr == dev->tohost) {
            uint32_t v = ld32(p);
            if (v != 0) /* zero is "no request" (start-up code clears tohost) */
                request_exit(dev, v);
        }
        return WEFT_OK;
    }
    if (addr == WEFT_IO_CONSOLE) {
        if (!(byteen & 1))
            return WEFT_E_MEM;
        console_put(dev, core, warp, thread, (char)(val & 0xff));
        return WEFT_OK;
    }
    if (addr == WEFT_IO_EXIT) {
        if (byteen != 0xf)
            return WEFT_E_MEM;
        request_exit(dev, val);
        return WEFT_OK;
    }
    return WEFT_E_MEM;
}

int weft_dev_exit_requested(const weft_dev_t *dev) { return dev->exit_req; }
uint32_t weft_dev_exit_value(const weft_dev_t *dev) { return dev->exit_val; }

/* ---- console ---------------------------------------------------------------- */

static void console_emit(unsigned core, unsigned warp, unsigned thread, const char *s, unsigned len)
{
    printf("[c%u w%u t%u] %.*s\n", core, warp, thread, (int)len, s);
}

static void console_put(weft_dev_t *dev, unsigned core, unsigned warp, unsigned thread, char ch)
{
    const weft_config_t *c = &dev->cfg;
    if (core >= c->cores || warp >= c->warps || thread >= c->threads) {
        /* an engine bug; still show the text */
        if (ch != '\n')
            printf("[c%u w%u t%u] %c\n", core, warp, thread, ch);
        return;
    }
    size_t idx = ((size_t)core * c->warps + warp) * c->threads + thread;
    console_line_t *l = dev->console[idx];
    if (!l) {
        l = calloc(1, sizeof *l);
        if (!l) {
            weft_dev_fail(dev, WEFT_E_INTERNAL, "console: out of host memory");
            return;
        }
        dev->console[idx] = l;
    }
    if (ch == '\n') {
        console_emit(core, warp, thread, l->buf, l->len);
        l->len = 0;
        return;
    }
    if (ch == '\r')
        return;
    if (l->len == LINE_MAX_BYTES) { /* overlong line: print what we have */
        console_emit(core, warp, thread, l->buf, l->len);
        l->len = 0;
    }
    l->buf[l->len++] = ch;
}

void weft_dev_console_flush(weft_dev_t *dev)
{
    const weft_config_t *c = &dev->cfg;
    for (size_t i = 0; i < dev->nconsole; i++) {
        console_line_t *l = dev->console[i];
        if (l && l->len) {
            unsigned t = (unsigned)(i % c->threads), w = (unsigned)(i / c->threads % c->warps);
            unsigned k = (unsigned)(i / c->threads / c->warps);
            console_emit(k, w, t, l->buf, l->len);
            l->len = 0;
        }
    }
    fflush(stdout);
}

/* ---- runs ---------------------------------------------------------------------- */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint64_t cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static weft_status_t run_engine(weft_dev_t *dev, const uint32_t desc[10])
{
    uint8_t *slot = dev->ram + (dev->launch_slot - dev->cfg.mem_base);
    memset(slot, 0, LAUNCH_SLOT_BYTES);
    for (unsigned i = 0; i < 10; i++)
        put32(slot + 4 * i, desc[i]);
    memset(dev->ram + (dev->sched - dev->cfg.mem_base), 0, 4u * (1u + dev->cfg.cores));
    dev->exit_req = 0;
    dev->exit_val = 0;
    uint64_t t0 = now_ns(), c0 = cpu_ns();
    int rc = dev->eng->run(dev->eng_self, dev->elf.entry, dev->launch_slot, &dev->stats);
    dev->stats.wall_ns += now_ns() - t0;
    dev->stats.cpu_ns += cpu_ns() - c0;
    dev->stats.launches++;
    weft_dev_console_flush(dev);
    if (rc != WEFT_OK && dev->status == WEFT_OK)
        weft_dev_fail(dev, rc, "engine '%s' failed without a message (status %d)", dev->eng->name, rc);
    if (dev->status == WEFT_OK && dev->exit_req && dev->exit_val != 1) {
        uint32_t v = dev->exit_val;
        if (v & 1)
            weft_dev_fail(dev, WEFT_E_TOHOST, "program reported failure %u through tohost (value 0x%08x)", v >> 1, v);
        else
            weft_dev_fail(dev, WEFT_E_TOHOST, "program wrote 0x%08x to tohost, not an exit code (1 = pass, (n<<1)|1 = fail n)",
                          v);
    }
    return (weft_status_t)dev->status;
}

weft_status_t weft_launch(weft_dev_t *dev, const char *kernel, weft_dim3_t grid, weft_dim3_t block,
                          uint32_t arg)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (!dev->elf_loaded)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_ELF, "weft_launch: no kernel ELF loaded");
    uint32_t entry = 0;
    if (!kernel || !weft_elf_symbol(&dev->elf, kernel, &entry))
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_ELF, "weft_launch: unknown kernel '%s' (no such symbol in the ELF)",
                                            kernel ? kernel : "(null)");
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                            "weft_launch(%s): zero dimension in grid %ux%ux%u or block %ux%ux%u", kernel,
                                            grid.x, grid.y, grid.z, block.x, block.y, block.z);
    /* issue 19 D9: the device runtime multiplies in 32 bits (a 65536x65536
     * grid wrapped to 0 blocks and passed) and fails a block larger than a
     * core's W*T threads only as "tohost failure 1": both are usage errors
     * (the block limit only for ELFs with the runtime's weft_main: a bare
     * kernel reads the descriptor as it likes) */
    const uint64_t gxy = (uint64_t)grid.x * grid.y, bxy = (uint64_t)block.x * block.y; /* < 2^64 */
    const uint64_t nblocks = gxy > UINT32_MAX ? UINT64_MAX : gxy * grid.z;
    const uint64_t nthr = bxy > UINT32_MAX ? UINT64_MAX : bxy * block.z;
    const uint64_t max_block = (uint64_t)dev->cfg.warps * dev->cfg.threads;
    if (nblocks > UINT32_MAX)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                            "weft_launch(%s): grid %ux%ux%u has more than 2^32-1 blocks", kernel,
                                            grid.x, grid.y, grid.z);
    uint32_t rt_main = 0; /* the block limit is the runtime's (sw/runtime/weft_rt.c) */
    if (nthr > max_block && weft_elf_symbol(&dev->elf, "weft_main", &rt_main))
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_USAGE,
                                            "weft_launch(%s): block %ux%ux%u has more threads than a core's "
                                            "%u warps x %u threads", kernel, block.x, block.y, block.z,
                                            dev->cfg.warps, dev->cfg.threads);
    uint32_t desc[10] = {entry, grid.x, grid.y, grid.z, block.x, block.y, block.z, arg,
                         dev->cfg.blocks_dynamic ? 1u : 0u, dev->sched};
    return run_engine(dev, desc);
}

weft_status_t weft_run_bare(weft_dev_t *dev)
{
    if (dev->status)
        return (weft_status_t)dev->status;
    if (!dev->elf_loaded)
        return (weft_status_t)weft_dev_fail(dev, WEFT_E_ELF, "weft_run_bare: no ELF loaded");
    uint32_t desc[10] = {0};
    return run_engine(dev, desc);
}
