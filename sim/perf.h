/* perf.h - performance-counter reports of a run: the CPI stack printed in
 * the summary and the JSON / CSV files (docs/counters.md). */
#ifndef WEFT_PERF_H
#define WEFT_PERF_H

#include <stdio.h>

#include "weft.h"

/* Name of hardware counter k (NULL where no counter is defined). */
const char *weft_perf_name(unsigned k);

/* The CPI-stack classes WEFT_CPI_* (report order; idle includes core-idle
 * cycles) come from config/weft.yaml (gen/weft_spec.h). */
const char *weft_cpi_name(unsigned cls);

/* Units (1/WEFT_CPI_UNIT(W) cycle) of class cls on core c. */
uint64_t weft_cpi_units(const weft_perf_t *p, unsigned c, unsigned cls);

/* Checks that every core's stack sums to its counted cycles exactly;
 * returns 0 or -1 with a message in msg. */
int weft_cpi_check(const weft_perf_t *p, char *msg, size_t len);

/* Run description for the reports. */
typedef struct {
    const char *kernel, *engine, *status;
    int exit_code;
    const weft_config_t *cfg;
    const weft_stats_t *stats;
    /* issue 19: why the run stopped, whether it ran to its end, provenance */
    int complete;             /* 0 for every early end (limit, signal, fault) */
    const char *stop_message; /* the FAIL text ("" on a pass) */
    const char *git_commit;   /* git describe --always --dirty at build time */
    const char *build_config; /* build directory name (base, base-xrand, model) */
    int argc;
    char *const *argv;        /* the command line */
    unsigned seed, size;      /* host-program --seed and --size */
    /* where cfg->divergence came from: "option" (--divergence), "elf" (the
     * ELF's .weft.divergence note) or "default" (no note: ipdom); NULL = option */
    const char *divergence_source;
} weft_run_info_t;

/* stop_reason token of an exit code: pass, wrong_result, usage, elf,
 * illegal_instruction, memory_access, cycle_limit, device, cosim_mismatch,
 * internal, tohost_failure, interrupt, assertion. */
const char *weft_stop_reason(int exit_code);

void weft_perf_print(FILE *f, const weft_run_info_t *run);
/* Write the report through out.h (temporary file, renamed when complete);
 * 0, or -1 with "cannot write PATH: reason" in msg. */
int weft_perf_write_json(const char *path, const weft_run_info_t *run, char *msg, size_t len);
int weft_perf_write_csv(const char *path, const weft_run_info_t *run, char *msg, size_t len);

#endif
