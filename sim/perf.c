/* perf.c - CPI stack and counter reports (docs/counters.md). */
#include "perf.h"
#include "out.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#define names weft_spec_counter_keys /* config/weft.yaml */

const char *weft_perf_name(unsigned k) { return k < WEFT_PERF_COUNTERS ? names[k] : NULL; }

#define cpi_names weft_spec_cpi_names
#define cpi_keys weft_spec_cpi_keys

const char *weft_cpi_name(unsigned cls) { return cls < WEFT_CPI_N ? cpi_names[cls] : "?"; }

uint64_t weft_cpi_units(const weft_perf_t *p, unsigned c, unsigned cls)
{
    if (cls >= WEFT_CPI_N) return 0;
    const uint64_t *k = p->c[c];
    uint64_t u = k[weft_spec_cpi_counter[cls]];
    if (weft_spec_cpi_plus_cycles[cls] >= 0) u += k[weft_spec_cpi_plus_cycles[cls]] * WEFT_CPI_UNIT(p->warps);
    return u;
}

int weft_cpi_check(const weft_perf_t *p, char *msg, size_t len)
{
    for (unsigned c = 0; c < p->cores; c++) {
        uint64_t sum = 0;
        for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) sum += weft_cpi_units(p, c, cls);
        uint64_t want = p->c[c][WEFT_PC_CYCLES] * WEFT_CPI_UNIT(p->warps);
        if (sum != want || p->c[c][WEFT_PC_ACTIVE] + p->c[c][WEFT_PC_CORE_IDLE] != p->c[c][WEFT_PC_CYCLES]) {
            snprintf(msg, len, "core %u: CPI stack sums to %llu units, expected %llu (%llu counted cycles)", c,
                     (unsigned long long)sum, (unsigned long long)want,
                     (unsigned long long)p->c[c][WEFT_PC_CYCLES]);
            return -1;
        }
    }
    return 0;
}

static uint64_t total(const weft_perf_t *p, unsigned k)
{
    uint64_t s = 0;
    for (unsigned c = 0; c < p->cores; c++) s += p->c[c][k];
    return s;
}

void weft_perf_print(FILE *f, const weft_run_info_t *run)
{
    const weft_perf_t *p = &run->stats->perf;
    if (!p->valid) return;
    const double U = WEFT_CPI_UNIT(p->warps);
    uint64_t cyc = total(p, WEFT_PC_CYCLES), wi = total(p, WEFT_PC_WARP_INSTRS);
    fprintf(f, "  CPI stack       %llu counted core-cycles, %llu warp instrs, CPI %.3f%s\n",
            (unsigned long long)cyc, (unsigned long long)wi, wi ? (double)cyc / (double)wi : 0.0,
            !run->complete ? " (INCOMPLETE: early exit)" : "");
    for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) {
        uint64_t u = 0;
        for (unsigned c = 0; c < p->cores; c++) u += weft_cpi_units(p, c, cls);
        fprintf(f, "    %-20s %12.2f cycles %6.2f%%  CPI %.3f\n", cpi_names[cls], (double)u / U,
                cyc ? 100.0 * (double)u / U / (double)cyc : 0.0, wi ? (double)u / U / (double)wi : 0.0);
    }
    char msg[200];
    if (weft_cpi_check(p, msg, sizeof msg) == 0)
        fprintf(f, "    (sums exactly to the counted cycles; unit 1/%u cycle)\n", WEFT_CPI_UNIT(p->warps));
    else
        fprintf(f, "    STACK SUM ERROR: %s\n", msg);
    uint64_t ld = total(p, WEFT_PC_LOADS);
    fprintf(f, "  memory          %llu loads (avg latency %.1f), %llu stores, %llu B read, %llu B written\n",
            (unsigned long long)ld, ld ? (double)total(p, WEFT_PC_LOAD_LAT) / (double)ld : 0.0,
            (unsigned long long)total(p, WEFT_PC_STORES), (unsigned long long)total(p, WEFT_PC_BYTES_RD),
            (unsigned long long)total(p, WEFT_PC_BYTES_WR));
    fprintf(f, "  icache          %llu accesses, %llu misses\n", (unsigned long long)total(p, WEFT_PC_IC_ACCESS),
            (unsigned long long)total(p, WEFT_PC_IC_MISS));
}

/* The harness event structs hold their uint64_t events in the order of
 * config/weft.yaml's harness_counters groups (checked here). */
_Static_assert(sizeof(weft_dram_stats_t) == WEFT_SPEC_DRAM_N * sizeof(uint64_t), "weft_dram_stats_t vs weft.yaml dram");
_Static_assert(offsetof(weft_dcache_stats_t, fills) - offsetof(weft_dcache_stats_t, warp_requests) ==
                   (WEFT_SPEC_DCACHE_N - 1) * sizeof(uint64_t), "weft_dcache_stats_t vs weft.yaml dcache");
_Static_assert(offsetof(weft_l2_stats_t, grants) == WEFT_SPEC_L2_N * sizeof(uint64_t), "weft_l2_stats_t vs weft.yaml l2");

static const char *const stop_reasons[] = {
    "pass", "wrong_result", "usage", "elf", "illegal_instruction", "memory_access", "cycle_limit",
    "device", "cosim_mismatch", "internal", "tohost_failure", "interrupt", "assertion",
    "watchdog", "stack_overflow",
};
_Static_assert(sizeof stop_reasons / sizeof *stop_reasons == WEFT_E_STACK + 1, "stop_reasons vs exit codes");

const char *weft_stop_reason(int code)
{
    return code >= 0 && code <= WEFT_E_STACK ? stop_reasons[code] : "internal";
}

/* ", \"key\": value" for n consecutive events */
static void json_events(FILE *f, const uint64_t *v, const char *const *keys, unsigned n)
{
    for (unsigned i = 0; i < n; i++) fprintf(f, ", \"%s\": %llu", keys[i], (unsigned long long)v[i]);
}

/* The oracle counters (osched1 discrepancies, osched2 errors) of a run that
 * did not evaluate the oracles (--oracles, weft_oracles_on) are written as
 * null (JSON) or empty (CSV), not as a false 0. */
static int oracle_counter_valid(const weft_config_t *cfg, unsigned k)
{
    return (k != WEFT_PC_DISCREPANCIES && k != WEFT_PC_ERRORS) || weft_oracles_on(cfg);
}

static int open_fail(const char *path, char *msg, size_t len)
{
    snprintf(msg, len, "cannot write %s: %s", path, strerror(errno));
    return -1;
}

int weft_perf_write_json(const char *path, const weft_run_info_t *run, char *msg, size_t len)
{
    weft_out_t o;
    FILE *f = weft_out_open(&o, path);
    if (!f) return open_fail(path, msg, len);
    const weft_config_t *cfg = run->cfg;
    const weft_stats_t *s = run->stats;
    const weft_perf_t *p = &s->perf;
    fprintf(f, "{\n  \"format\": \"weft-perf-1\",\n  \"kernel\": ");
    weft_json_str(f, run->kernel);
    fprintf(f, ",\n  \"engine\": ");
    weft_json_str(f, run->engine);
    fprintf(f, ",\n  \"status\": ");
    weft_json_str(f, run->status);
    fprintf(f, ",\n  \"exit_code\": %d,\n  \"complete\": %s,\n", run->exit_code, run->complete ? "true" : "false");
    fprintf(f, "  \"stop_reason\": \"%s\",\n  \"stop_message\": ", weft_stop_reason(run->exit_code));
    weft_json_str(f, run->stop_message);
    fprintf(f, ",\n  \"provenance\": {\"git_commit\": ");
    weft_json_str(f, run->git_commit);
    fprintf(f, ", \"build_config\": ");
    weft_json_str(f, run->build_config);
    fprintf(f, ", \"command_line\": [");
    for (int i = 0; i < run->argc; i++) {
        if (i) fputs(", ", f);
        weft_json_str(f, run->argv[i]);
    }
    fprintf(f, "], \"seed\": %u, \"size\": %u, \"x_seed\": %u, \"max_cycles\": %llu},\n", run->seed, run->size,
            cfg->x_seed, (unsigned long long)cfg->max_cycles);
    /* lanes: the RTL's lanes per core (warp rows, issue 20; threads when none) */
#ifdef WEFT_LANES
    unsigned lanes = WEFT_LANES;
#else
    unsigned lanes = cfg->threads;
#endif
    fprintf(f, "  \"config\": {\"cores\": %u, \"warps\": %u, \"threads\": %u, \"lanes\": %u, \"mem_latency\": %u},\n",
            cfg->cores, cfg->warps, cfg->threads, lanes, cfg->mem_latency);
    fprintf(f,
            "  \"knobs\": {\"fetch_policy\": \"%s\", \"issue_policy\": \"%s\", \"issue_ready\": \"%s\", "
            "\"frontend\": \"%s\", \"bpr\": %s, \"stall_table\": %u, \"swas\": %s, \"blocks\": \"%s\", \"warmup_cycles\": %llu, "
            "\"mem_preset\": \"%s\", \"oracles\": \"%s\", \"store_queue\": %u},\n",
            weft_spec_knob_name(WEFT_KNOB_FETCH_POLICY, cfg->fetch_policy),
            weft_spec_knob_name(WEFT_KNOB_ISSUE_POLICY, cfg->issue_policy),
            weft_spec_knob_name(WEFT_KNOB_ISSUE_READY, cfg->issue_ready),
            weft_spec_knob_name(WEFT_KNOB_FRONTEND, cfg->frontend), cfg->bpr ? "true" : "false", cfg->stall_table,
            cfg->swas ? "true" : "false", weft_spec_knob_name(WEFT_KNOB_BLOCKS, cfg->blocks_dynamic),
            (unsigned long long)cfg->warmup_cycles, weft_spec_knob_name(WEFT_KNOB_MEM_PRESET, cfg->mem_preset),
            weft_spec_knob_name(WEFT_KNOB_ORACLES, cfg->oracles), cfg->store_queue);
    fprintf(f, "  \"divergence\": {\"mode\": \"%s\", \"source\": \"%s\"},\n",
            weft_spec_knob_name(WEFT_KNOB_DIVERGENCE, cfg->divergence),
            run->divergence_source ? run->divergence_source : "option");
    fprintf(f, "  \"smem\": {\"requests\": %llu, \"conflict_cycles\": %llu},\n",
            (unsigned long long)s->smem_requests, (unsigned long long)s->smem_conflict_cycles);
    fprintf(f, "  \"cycles\": %llu,\n  \"launches\": %llu,\n  \"warp_instrs\": %llu,\n  \"thread_instrs\": %llu,\n",
            (unsigned long long)s->cycles, (unsigned long long)s->launches, (unsigned long long)s->warp_instrs,
            (unsigned long long)s->thread_instrs);
    if (cfg->dram) {
        fprintf(f,
                "  \"dram\": {\"banks\": %u, \"bw\": %u, \"tcl\": %u, \"trcd\": %u, \"trp\": %u, \"row\": %u, "
                "\"line\": %u",
                cfg->dram_banks, cfg->dram_bw, cfg->dram_tcl, cfg->dram_trcd, cfg->dram_trp, cfg->dram_row,
                cfg->dram_line);
        json_events(f, &s->dram.reads, weft_spec_dram_keys, WEFT_SPEC_DRAM_N);
        fprintf(f, "},\n");
    }
    if (s->dcache.sets) {
        const weft_dcache_stats_t *l = &s->dcache;
        fprintf(f, "  \"dcache\": {\"sets\": %u, \"ways\": %u, \"line\": %u, \"mshrs\": %u, \"banks\": %u", l->sets,
                l->ways, l->line_bytes, l->mshrs, l->banks);
        json_events(f, &l->warp_requests, weft_spec_dcache_keys, WEFT_SPEC_DCACHE_N);
        fprintf(f, "},\n");
    }
    if (cfg->l2) {
        const weft_l2_stats_t *l = &s->l2;
        fprintf(f, "  \"l2\": {\"size\": %u, \"ways\": %u, \"line\": %u, \"lat\": %u, \"ports\": %u, \"arbiter\": \"%s\"",
                cfg->l2_size, cfg->l2_ways, cfg->l2_line, cfg->l2_lat, cfg->l2_ports,
                weft_spec_knob_name(WEFT_KNOB_ARBITER, (unsigned)cfg->l2_fixed));
        json_events(f, &l->accesses, weft_spec_l2_keys, WEFT_SPEC_L2_N);
        const uint64_t *arr[WEFT_SPEC_L2_CORE_N] = {l->grants, l->grants_contended, l->waits};
        for (unsigned i = 0; i < WEFT_SPEC_L2_CORE_N; i++) {
            fprintf(f, ", \"%s\": [", weft_spec_l2_core_keys[i]);
            for (unsigned k = 0; k < cfg->cores && k < WEFT_L2_MAX_CORES; k++)
                fprintf(f, "%s%llu", k ? ", " : "", (unsigned long long)arr[i][k]);
            fprintf(f, "]");
        }
        fprintf(f, "},\n");
    }
    fprintf(f, "  \"counters_valid\": %s,\n", p->valid ? "true" : "false");
    fprintf(f, "  \"cpi_unit\": %u,\n", p->valid ? WEFT_CPI_UNIT(p->warps) : 0);
    fprintf(f, "  \"cores\": [");
    for (unsigned c = 0; p->valid && c < p->cores; c++) {
        fprintf(f, "%s\n    {\"core\": %u,\n     \"counters\": {", c ? "," : "", c);
        int first = 1;
        for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++) {
            if (!names[k]) continue;
            if (!oracle_counter_valid(cfg, k))
                fprintf(f, "%s\"%s\": null", first ? "" : ", ", names[k]);   /* not evaluated */
            else
                fprintf(f, "%s\"%s\": %llu", first ? "" : ", ", names[k], (unsigned long long)p->c[c][k]);
            first = 0;
        }
        fprintf(f, "},\n     \"warp_issued\": [");
        for (unsigned w = 0; w < p->warps && w < WEFT_PERF_MAX_WARPS; w++)
            fprintf(f, "%s%llu", w ? ", " : "", (unsigned long long)p->warp_issued[c][w]);
        fprintf(f, "],\n     \"cpi_units\": {");
        for (unsigned cls = 0; cls < WEFT_CPI_N; cls++)
            fprintf(f, "%s\"%s\": %llu", cls ? ", " : "", cpi_keys[cls],
                    (unsigned long long)weft_cpi_units(p, c, cls));
        fprintf(f, "}}");
    }
    fprintf(f, "\n  ]\n}\n");
    return weft_out_commit(&o, msg, len);
}

int weft_perf_write_csv(const char *path, const weft_run_info_t *run, char *msg, size_t len)
{
    weft_out_t o;
    FILE *f = weft_out_open(&o, path);
    if (!f) return open_fail(path, msg, len);
    const weft_perf_t *p = &run->stats->perf;
    fprintf(f, "kernel,core");
    for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++)
        if (names[k]) fprintf(f, ",%s", names[k]);
    for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) fprintf(f, ",stack_%s_cycles", cpi_keys[cls]);
    fprintf(f, ",complete,stop_reason,exit_code\n");
    if (!p->valid) {
        /* no cycle-level counters (the model engine): one row "all" with
         * the counters left empty, so that the file still says how the run
         * ended */
        weft_csv_field(f, run->kernel);
        fprintf(f, ",all");
        for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++) {
            if (!names[k]) continue;
            fputc(',', f);
            if (k == WEFT_PC_WARP_INSTRS) fprintf(f, "%llu", (unsigned long long)run->stats->warp_instrs);
            if (k == WEFT_PC_THREAD_INSTRS) fprintf(f, "%llu", (unsigned long long)run->stats->thread_instrs);
        }
        for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) fputc(',', f);
        fprintf(f, ",%d,%s,%d\n", run->complete, weft_stop_reason(run->exit_code), run->exit_code);
    }
    for (unsigned c = 0; p->valid && c <= p->cores; c++) {
        /* one row per core, then the sum over cores ("all") */
        weft_csv_field(f, run->kernel);
        if (c < p->cores) fprintf(f, ",%u", c);
        else fprintf(f, ",all");
        for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++) {
            if (!names[k]) continue;
            if (!oracle_counter_valid(run->cfg, k)) fputc(',', f);   /* not evaluated: empty */
            else fprintf(f, ",%llu", (unsigned long long)(c < p->cores ? p->c[c][k] : total(p, k)));
        }
        for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) {
            uint64_t u = 0;
            for (unsigned d = 0; d < p->cores; d++)
                if (c == p->cores || d == c) u += weft_cpi_units(p, d, cls);
            fprintf(f, ",%.6f", (double)u / WEFT_CPI_UNIT(p->warps));
        }
        fprintf(f, ",%d,%s,%d\n", run->complete, weft_stop_reason(run->exit_code), run->exit_code);
    }
    return weft_out_commit(&o, msg, len);
}
