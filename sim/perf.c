/* perf.c - CPI stack and counter reports (docs/counters.md). */
#include "perf.h"

#include <string.h>

static const char *const names[WEFT_PERF_COUNTERS] = {
    [WEFT_PC_CYCLES] = "cycles",
    [WEFT_PC_ACTIVE] = "active_cycles",
    [WEFT_PC_CORE_IDLE] = "core_idle_cycles",
    [WEFT_PC_WARP_INSTRS] = "warp_instrs",
    [WEFT_PC_THREAD_INSTRS] = "thread_instrs",
    [WEFT_PC_BASE] = "cpi_base",
    [WEFT_PC_IDLE] = "cpi_idle_warp",
    [WEFT_PC_SYNC] = "cpi_sync_control",
    [WEFT_PC_EMPTY] = "cpi_empty_ibuffer",
    [WEFT_PC_MISSED] = "cpi_missed_schedule",
    [WEFT_PC_MEM_DATA] = "cpi_memory_data",
    [WEFT_PC_MEM_STRUCT] = "cpi_memory_structural",
    [WEFT_PC_COMP_DATA] = "cpi_compute_data",
    [WEFT_PC_COMP_STRUCT] = "cpi_compute_structural",
    [WEFT_PC_IC_ACCESS] = "icache_accesses",
    [WEFT_PC_IC_MISS] = "icache_misses",
    [WEFT_PC_LOADS] = "load_requests",
    [WEFT_PC_STORES] = "store_requests",
    [WEFT_PC_LOAD_LAT] = "load_latency_sum",
    [WEFT_PC_BYTES_RD] = "bytes_read",
    [WEFT_PC_BYTES_WR] = "bytes_written",
    [WEFT_PC_FLUSHES] = "flushes",
    [WEFT_PC_ST_LOOKUPS] = "stall_table_lookups",
    [WEFT_PC_ST_HITS] = "stall_table_hits",
    [WEFT_PC_MISSED_CYCLES] = "missed_schedule_cycles",
    [WEFT_PC_ST_AVOIDED] = "stall_table_avoided_flushes",
    [WEFT_PC_SWAS_NOPS] = "swas_nops",
    [WEFT_PC_DISCREPANCIES] = "osched1_discrepancies",
    [WEFT_PC_ERRORS] = "osched2_errors",
};

const char *weft_perf_name(unsigned k) { return k < WEFT_PERF_COUNTERS ? names[k] : NULL; }

static const char *const cpi_names[WEFT_CPI_N] = {
    "base", "idle", "sync & control", "empty ibuffer", "missed schedule", "memory data",
    "memory structural", "compute data", "compute structural",
};
static const char *const cpi_keys[WEFT_CPI_N] = {
    "base", "idle", "sync_control", "empty_ibuffer", "missed_schedule", "memory_data",
    "memory_structural", "compute_data", "compute_structural",
};

const char *weft_cpi_name(unsigned cls) { return cls < WEFT_CPI_N ? cpi_names[cls] : "?"; }

uint64_t weft_cpi_units(const weft_perf_t *p, unsigned c, unsigned cls)
{
    const uint64_t *k = p->c[c];
    switch (cls) {
    case WEFT_CPI_BASE: return k[WEFT_PC_BASE];
    case WEFT_CPI_IDLE: return k[WEFT_PC_IDLE] + k[WEFT_PC_CORE_IDLE] * WEFT_CPI_UNIT(p->warps);
    case WEFT_CPI_SYNC: return k[WEFT_PC_SYNC];
    case WEFT_CPI_EMPTY: return k[WEFT_PC_EMPTY];
    case WEFT_CPI_MISSED: return k[WEFT_PC_MISSED];
    case WEFT_CPI_MEM_DATA: return k[WEFT_PC_MEM_DATA];
    case WEFT_CPI_MEM_STRUCT: return k[WEFT_PC_MEM_STRUCT];
    case WEFT_CPI_COMP_DATA: return k[WEFT_PC_COMP_DATA];
    case WEFT_CPI_COMP_STRUCT: return k[WEFT_PC_COMP_STRUCT];
    default: return 0;
    }
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
            run->stats->incomplete ? " (INCOMPLETE: early exit)" : "");
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

int weft_perf_write_json(const char *path, const weft_run_info_t *run)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    const weft_config_t *cfg = run->cfg;
    const weft_stats_t *s = run->stats;
    const weft_perf_t *p = &s->perf;
    static const char *const pol[] = {"fixed", "lrr", "gto", "gtlrr", "gtlo", "pta", "icount", "?"};
    static const char *const fe[] = {"stall", "nss", "pnt", "?"};
    fprintf(f, "{\n  \"format\": \"weft-perf-1\",\n  \"kernel\": \"%s\",\n  \"engine\": \"%s\",\n", run->kernel,
            run->engine);
    fprintf(f, "  \"status\": \"%s\",\n  \"exit_code\": %d,\n  \"complete\": %s,\n", run->status, run->exit_code,
            s->incomplete ? "false" : "true");
    fprintf(f, "  \"config\": {\"cores\": %u, \"warps\": %u, \"threads\": %u, \"mem_latency\": %u},\n", cfg->cores,
            cfg->warps, cfg->threads, cfg->mem_latency);
    fprintf(f,
            "  \"knobs\": {\"fetch_policy\": \"%s\", \"issue_policy\": \"%s\", \"issue_ready\": \"%s\", "
            "\"frontend\": \"%s\", \"bpr\": %s, \"stall_table\": %u, \"swas\": %s, \"blocks\": \"%s\", \"warmup_cycles\": %llu},\n",
            pol[cfg->fetch_policy & 7], pol[cfg->issue_policy & 7], cfg->issue_ready ? "ready" : "unready",
            fe[cfg->frontend & 3], cfg->bpr ? "true" : "false", cfg->stall_table, cfg->swas ? "true" : "false",
            cfg->blocks_dynamic ? "dynamic" : "static", (unsigned long long)cfg->warmup_cycles);
    fprintf(f, "  \"smem\": {\"requests\": %llu, \"conflict_cycles\": %llu},\n",
            (unsigned long long)s->smem_requests, (unsigned long long)s->smem_conflict_cycles);
    fprintf(f, "  \"cycles\": %llu,\n  \"launches\": %llu,\n  \"warp_instrs\": %llu,\n  \"thread_instrs\": %llu,\n",
            (unsigned long long)s->cycles, (unsigned long long)s->launches, (unsigned long long)s->warp_instrs,
            (unsigned long long)s->thread_instrs);
    if (cfg->dram) {
        const weft_dram_stats_t *d = &s->dram;
        fprintf(f,
                "  \"dram\": {\"banks\": %u, \"bw\": %u, \"tcl\": %u, \"trcd\": %u, \"trp\": %u, \"row\": %u, "
                "\"line\": %u, \"reads\": %llu, \"writes\": %llu, \"bytes_read\": %llu, \"bytes_written\": %llu, "
                "\"row_hits\": %llu, \"row_empty\": %llu, \"row_conflicts\": %llu, \"read_latency_sum\": %llu, "
                "\"busy_cycles\": %llu},\n",
                cfg->dram_banks, cfg->dram_bw, cfg->dram_tcl, cfg->dram_trcd, cfg->dram_trp, cfg->dram_row,
                cfg->dram_line, (unsigned long long)d->reads, (unsigned long long)d->writes,
                (unsigned long long)d->bytes_read, (unsigned long long)d->bytes_written,
                (unsigned long long)d->row_hits, (unsigned long long)d->row_empty,
                (unsigned long long)d->row_conflicts, (unsigned long long)d->read_latency_sum,
                (unsigned long long)d->busy_cycles);
    }
    if (s->dcache.sets) {
        const weft_dcache_stats_t *l = &s->dcache;
        fprintf(f,
                "  \"dcache\": {\"sets\": %u, \"ways\": %u, \"line\": %u, \"mshrs\": %u, "
                "\"warp_requests\": %llu, \"load_lines\": %llu, \"load_misses\": %llu, \"load_merges\": %llu, "
                "\"store_lines\": %llu, \"store_hits\": %llu, \"stall_cycles\": %llu, \"port_requests\": %llu, "
                "\"fills\": %llu},\n",
                l->sets, l->ways, l->line_bytes, l->mshrs, (unsigned long long)l->warp_requests,
                (unsigned long long)l->rd_lines, (unsigned long long)l->rd_misses, (unsigned long long)l->rd_merges,
                (unsigned long long)l->wr_lines, (unsigned long long)l->wr_hits, (unsigned long long)l->stall_cycles,
                (unsigned long long)l->port_requests, (unsigned long long)l->fills);
    }
    if (cfg->l2) {
        const weft_l2_stats_t *l = &s->l2;
        fprintf(f,
                "  \"l2\": {\"size\": %u, \"ways\": %u, \"line\": %u, \"lat\": %u, \"ports\": %u, \"arbiter\": \"%s\", "
                "\"accesses\": %llu, \"hits\": %llu, \"misses\": %llu, \"writebacks\": %llu, \"contended_cycles\": %llu",
                cfg->l2_size, cfg->l2_ways, cfg->l2_line, cfg->l2_lat, cfg->l2_ports, cfg->l2_fixed ? "fixed" : "rr",
                (unsigned long long)l->accesses, (unsigned long long)l->hits, (unsigned long long)l->misses,
                (unsigned long long)l->writebacks, (unsigned long long)l->contended_cycles);
        const uint64_t *arr[3] = {l->grants, l->grants_contended, l->waits};
        static const char *const nm[3] = {"grants", "grants_contended", "waits"};
        for (unsigned i = 0; i < 3; i++) {
            fprintf(f, ", \"%s\": [", nm[i]);
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
    return fclose(f) == 0 ? 0 : -1;
}

int weft_perf_write_csv(const char *path, const weft_run_info_t *run)
{
    FILE *f = fopen(path, "w");
    if (!f) return -1;
    const weft_perf_t *p = &run->stats->perf;
    fprintf(f, "kernel,core");
    for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++)
        if (names[k]) fprintf(f, ",%s", names[k]);
    for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) fprintf(f, ",stack_%s_cycles", cpi_keys[cls]);
    fprintf(f, ",complete\n");
    for (unsigned c = 0; p->valid && c <= p->cores; c++) {
        /* one row per core, then the sum over cores ("all") */
        if (c < p->cores) fprintf(f, "%s,%u", run->kernel, c);
        else fprintf(f, "%s,all", run->kernel);
        for (unsigned k = 0; k < WEFT_PERF_COUNTERS; k++)
            if (names[k]) fprintf(f, ",%llu", (unsigned long long)(c < p->cores ? p->c[c][k] : total(p, k)));
        for (unsigned cls = 0; cls < WEFT_CPI_N; cls++) {
            uint64_t u = 0;
            for (unsigned d = 0; d < p->cores; d++)
                if (c == p->cores || d == c) u += weft_cpi_units(p, d, cls);
            fprintf(f, ",%.6f", (double)u / WEFT_CPI_UNIT(p->warps));
        }
        fprintf(f, ",%d\n", run->stats->incomplete ? 0 : 1);
    }
    return fclose(f) == 0 ? 0 : -1;
}
