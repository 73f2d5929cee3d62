/* harness.c - weft-sim: run a kernel's host program (or a bare ELF) on the
 * RTL or the functional model and print a summary.
 *
 * Exit code: the weft_status_t of the run (0 = PASS; see weft.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "elf.h"
#include "hosts.h"
#include "out.h"
#include "perf.h"
#include "weft.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile sig_atomic_t interrupted;
static char **argv0; /* the command line as given (reachable: no leak report) */
static volatile sig_atomic_t stop_signal; /* the signal that stopped the run */

/* SIGINT, SIGTERM (timeout, batch schedulers) and SIGHUP: stop the run at
 * the next poll, write the outputs marked incomplete, exit 11. A repeat
 * within 2 s is the same request delivered twice (GNU timeout signals the
 * child and then its process group; a terminal's ^C reaches every process
 * of the group) and is ignored; a later one kills at once. */
static volatile sig_atomic_t first_signal_s;
static void on_signal(int sig)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t); /* async-signal-safe */
    if (interrupted) {
        if ((long)t.tv_sec - (long)first_signal_s >= 2) {
            signal(sig, SIG_DFL);
            raise(sig);
        }
        return;
    }
    first_signal_s = (sig_atomic_t)t.tv_sec;
    stop_signal = sig;
    interrupted = 1;
}

#define STR_(x) #x
#define STR(x) STR_(x)
#ifdef WEFT_BUILD_CONFIG
#define BUILD_CONFIG STR(WEFT_BUILD_CONFIG)
#else
#define BUILD_CONFIG "model"
#endif
/* warp rows (issue 20): the RTL's lanes when fewer than the threads per warp */
#ifdef WEFT_LANES
#define LANES_NOTE ", " STR(WEFT_LANES) " lanes (warp rows)"
#else
#define LANES_NOTE ""
#endif

static void usage(FILE *f, const char *prog)
{
    const char *const *e = weft_engines();
    fprintf(f,
            "usage: %s --kernel NAME [options]      run NAME's host program\n"
            "       %s --bare --elf PATH [options]  run an ELF as a bare program (tohost exit)\n"
            "       %s --list | --help\n"
            "\n"
            "  -k, --kernel NAME      registered host program (see --list)\n"
            "  -e, --elf PATH         kernel ELF (default build/sw/NAME.elf)\n"
            "  -b, --bare             run the ELF from its entry without a host program;\n"
            "                         tohost/exit value 1 = pass, (n<<1)|1 = fail n\n"
            "      --engine E         execution engine:",
            prog, prog, prog);
    for (; *e; e++)
        fprintf(f, " %s", *e);
    fprintf(f, " (default %s)\n", weft_engines()[0]);
    /* every knob's line, value names and defaults: config/weft.yaml */
    fputs(WEFT_SPEC_KNOB_USAGE, f);
    fprintf(f,
            "      --no-l2            rtl: no shared L2 (the default except in the quad build)\n"
            "  -l, --list             list the registered host programs\n"
            "  -v, --verbose          more output (repeat for more)\n"
            "  -h, --help             this text\n"
            "\n"
            "Numbers: decimal without leading zeros or 0x hex; no sign, no spaces, no octal\n"
            "(exit 2 otherwise, also when a number is too large for its option).\n"
            "An option marked rtl is refused by the model engine, --x-seed by a build\n"
            "without XRAND=1 (exit 2; config/weft.yaml says where each option applies).\n"
            "Outputs (--perf-json, --perf-csv, --timeline, --commit-trace) are written to\n"
            "PATH.tmp.PID.N and renamed to PATH when complete (--trace: in place, by\n"
            "Verilator); an output that is the input ELF or another output is refused\n"
            "(exit 2); an output that cannot be written is exit 9 with its path.\n"
            "SIGINT, SIGTERM and SIGHUP stop the run: reports written with \"complete\":\n"
            "false and \"stop_reason\": \"interrupt\", exit 11 (a second signal 2 s or more later kills).\n"
            "\n%s",
            WEFT_SPEC_EXIT_USAGE);
}

/* a / b, 0 when b is 0 (summary ratios). */
static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static int bad_usage(const char *prog, const char *fmt, const char *arg)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    usage(stderr, prog);
    return WEFT_E_USAGE;
}

/* "--option takes a, b or c, not 'x'" (exit 2). */
static int bad_enum(const char *prog, const weft_spec_knob_t *k, const char *arg)
{
    fprintf(stderr, "%s: --%s takes %s, not '%s'\n", prog, k->option, k->valid, arg);
    usage(stderr, prog);
    return WEFT_E_USAGE;
}

/* Parse a strict unsigned number into *out (<= max): decimal without
 * leading zeros, or 0x/0X and hex digits; no sign, no spaces, no octal
 * (issue 19, D8). Returns NULL or what is wrong. */
static const char too_large[] = "number too large";

static const char *parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || !*s)
        return "expected a number";
    unsigned base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
        if (!*p)
            return "expected a number (hex digits after 0x)";
    } else if (p[0] == '0' && p[1]) {
        return "expected a number (a leading 0 is not allowed: no octal; write decimal or 0x hex)";
    }
    uint64_t v = 0;
    for (; *p; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9') d = (unsigned)(*p - '0');
        else if (base == 16 && *p >= 'a' && *p <= 'f') d = (unsigned)(*p - 'a' + 10);
        else if (base == 16 && *p >= 'A' && *p <= 'F') d = (unsigned)(*p - 'A' + 10);
        else return "expected a number (unsigned decimal or 0x hex; no sign, no spaces)";
        if (v > (UINT64_MAX - d) / base)
            return too_large;
        v = v * base + d;
    }
    if (v > max)
        return too_large;
    *out = v;
    return NULL;
}

/* Make variables of this build that an option may need (config/weft.yaml
 * `build:`; the Makefile adds -DWEFT_<NAME>=1). */
#ifdef WEFT_XRAND
#define HAVE_XRAND 1
#else
#define HAVE_XRAND 0
#endif
static int build_has(const char *flag) { return strcmp(flag, "XRAND") == 0 ? HAVE_XRAND : 0; }

/* Does --option apply to engine and to this build (config/weft.yaml's
 * engine and build of the option)? Prints why not (issue 19). */
static int option_applies(const char *prog, const char *option, const char *engine)
{
    /* --no-l2 is the negation of --l2 */
    const char *knob = strcmp(option, "no-l2") == 0 ? "l2" : option;
    for (unsigned i = 0; i < WEFT_SPEC_OPTION_N; i++) {
        const weft_spec_option_t *o = &weft_spec_options[i];
        if (strcmp(o->option, knob) != 0)
            continue;
        if (strcmp(o->engine, "all") != 0 && strcmp(o->engine, engine) != 0) {
            fprintf(stderr, "%s: --%s applies to the %s engine only, not to the %s engine (config/weft.yaml)\n",
                    prog, option, o->engine, engine);
            return 0;
        }
        if (o->build && !build_has(o->build)) {
            fprintf(stderr, "%s: --%s needs a build made with %s=1 (make sim %s=1); this build (%s) has none\n",
                    prog, option, o->build, o->build, BUILD_CONFIG);
            return 0;
        }
        return 1;
    }
    return 1; /* options of the harness itself (--kernel, --list, ...) */
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const weft_host_entry_t *find_host(const char *name)
{
    for (const weft_host_entry_t *h = weft_hosts; h->name; h++)
        if (strcmp(h->name, name) == 0)
            return h;
    return NULL;
}

enum {
    OPT_ENGINE = 256, OPT_CORES, OPT_WARPS, OPT_THREADS, OPT_IPDOM, OPT_BARRIERS, OPT_MAX_CYCLES,
    OPT_MEM_LATENCY, OPT_TRACE, OPT_SIZE, OPT_SEED, OPT_COMMIT_TRACE, OPT_COSIM,
    OPT_FETCH_POLICY, OPT_ISSUE_POLICY, OPT_ISSUE_READY, OPT_FRONTEND, OPT_BPR, OPT_STALL_TABLE, OPT_SWAS, OPT_BLOCKS, OPT_DIVERGENCE, OPT_BRANCH_CHECK, OPT_L2, OPT_NO_L2, OPT_L2_SIZE, OPT_L2_WAYS, OPT_L2_LINE, OPT_L2_LAT, OPT_L2_PORTS, OPT_ARBITER, OPT_X_SEED, OPT_WATCHDOG, OPT_STORE_QUEUE,
    OPT_WARMUP, OPT_PERF_JSON, OPT_PERF_CSV, OPT_TIMELINE,
    OPT_DRAM, OPT_DRAM_BANKS, OPT_DRAM_BW, OPT_DRAM_TCL, OPT_DRAM_TRCD, OPT_DRAM_TRP, OPT_DRAM_ROW, OPT_DRAM_LINE, OPT_DRAM_QUEUE,
    OPT_MEM_PRESET, OPT_ORACLES,
};

int main(int argc, char **argv)
{
    const char *prog = "weft-sim";
    /* the command line as given (GNU getopt_long permutes argv); freed first
     * so that the option fuzzer (tests/fuzz) can call main repeatedly */
    free(argv0);
    argv0 = malloc(((size_t)argc + 1) * sizeof *argv0);
    if (!argv0) {
        fprintf(stderr, "%s: out of host memory\n", prog);
        return WEFT_E_INTERNAL;
    }
    memcpy(argv0, argv, ((size_t)argc + 1) * sizeof *argv0);
    const char *kernel = NULL, *elf = NULL, *engine = weft_engines()[0];
    int bare = 0, list = 0;
    const char *perf_json = NULL, *perf_csv = NULL;
    weft_config_t cfg;
    weft_config_default(&cfg);
    weft_host_args_t args = {0, 1, 0, NULL};
    /* --divergence auto (the default): the ELF's .weft.divergence note, ipdom
     * without one (issue 16 done-when; resolved here, the engines see 0/1) */
    int div_auto = 1;
    static const struct option opts[] = {
        {"kernel", required_argument, 0, 'k'},
        {"elf", required_argument, 0, 'e'},
        {"bare", no_argument, 0, 'b'},
        {"engine", required_argument, 0, OPT_ENGINE},
        {"cores", required_argument, 0, OPT_CORES},
        {"warps", required_argument, 0, OPT_WARPS},
        {"threads", required_argument, 0, OPT_THREADS},
        {"ipdom-depth", required_argument, 0, OPT_IPDOM},
        {"barriers", required_argument, 0, OPT_BARRIERS},
        {"max-cycles", required_argument, 0, OPT_MAX_CYCLES},
        {"mem-latency", required_argument, 0, OPT_MEM_LATENCY},
        {"trace", required_argument, 0, OPT_TRACE},
        {"commit-trace", required_argument, 0, OPT_COMMIT_TRACE},
        {"cosim", no_argument, 0, OPT_COSIM},
        {"fetch-policy", required_argument, 0, OPT_FETCH_POLICY},
        {"issue-policy", required_argument, 0, OPT_ISSUE_POLICY},
        {"issue-ready", required_argument, 0, OPT_ISSUE_READY},
        {"frontend", required_argument, 0, OPT_FRONTEND},
        {"bpr", required_argument, 0, OPT_BPR},
        {"swas", required_argument, 0, OPT_SWAS},
        {"blocks", required_argument, 0, OPT_BLOCKS},
        {"divergence", required_argument, 0, OPT_DIVERGENCE},
        {"branch-check", required_argument, 0, OPT_BRANCH_CHECK},
        {"l2", no_argument, 0, OPT_L2},
        {"no-l2", no_argument, 0, OPT_NO_L2},
        {"l2-size", required_argument, 0, OPT_L2_SIZE},
        {"l2-ways", required_argument, 0, OPT_L2_WAYS},
        {"l2-line", required_argument, 0, OPT_L2_LINE},
        {"l2-lat", required_argument, 0, OPT_L2_LAT},
        {"l2-ports", required_argument, 0, OPT_L2_PORTS},
        {"arbiter", required_argument, 0, OPT_ARBITER},
        {"stall-table", required_argument, 0, OPT_STALL_TABLE},
        {"x-seed", required_argument, 0, OPT_X_SEED},
        {"watchdog", required_argument, 0, OPT_WATCHDOG},
        {"store-queue", required_argument, 0, OPT_STORE_QUEUE},
        {"oracles", required_argument, 0, OPT_ORACLES},
        {"warmup-cycles", required_argument, 0, OPT_WARMUP},
        {"perf-json", required_argument, 0, OPT_PERF_JSON},
        {"perf-csv", required_argument, 0, OPT_PERF_CSV},
        {"timeline", required_argument, 0, OPT_TIMELINE},
        {"dram", no_argument, 0, OPT_DRAM},
        {"dram-banks", required_argument, 0, OPT_DRAM_BANKS},
        {"dram-bw", required_argument, 0, OPT_DRAM_BW},
        {"dram-tcl", required_argument, 0, OPT_DRAM_TCL},
        {"dram-trcd", required_argument, 0, OPT_DRAM_TRCD},
        {"dram-trp", required_argument, 0, OPT_DRAM_TRP},
        {"dram-row", required_argument, 0, OPT_DRAM_ROW},
        {"dram-line", required_argument, 0, OPT_DRAM_LINE},
        {"dram-queue", required_argument, 0, OPT_DRAM_QUEUE},
        {"mem-preset", required_argument, 0, OPT_MEM_PRESET},
        {"size", required_argument, 0, OPT_SIZE},
        {"seed", required_argument, 0, OPT_SEED},
        {"list", no_argument, 0, 'l'},
        {"verbose", no_argument, 0, 'v'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    opterr = 0;
    int ch, li = -1;
    /* which long options were given: checked against config/weft.yaml's
     * engine and build of each option after the loop (issue 19) */
    unsigned char given[sizeof opts / sizeof opts[0]] = {0};
    while ((ch = getopt_long(argc, argv, ":k:e:blvh", opts, &li)) != -1) {
        uint64_t v = 0;
        if (li >= 0 && ch != '?' && ch != ':')
            given[li] = 1;
        li = -1;
        const char *a = optarg;
        switch (ch) {
        case 'k': kernel = a; break;
        case 'e': elf = a; break;
        case 'b': bare = 1; break;
        case 'l': list = 1; break;
        case 'v': cfg.verbose++; args.verbose++; break;
        case 'h': usage(stdout, prog); return 0;
        case OPT_ENGINE: {
            int ok = 0;
            for (const char *const *e = weft_engines(); *e; e++)
                ok |= strcmp(*e, a) == 0;
            if (!ok) {
                if (strcmp(a, "rtl") == 0)
                    return bad_usage(prog, "--engine %s: this build has no RTL engine (build with Verilator)", a);
                return bad_usage(prog, "--engine %s: unknown engine", a);
            }
            engine = a;
            break;
        }
#define NUM(field, max, name)                                                  \
    {                                                                          \
        const char *why_ = parse_u64(a, (max), &v);                            \
        if (why_) {                                                            \
            fprintf(stderr, "%s: --" name " %s: %s", prog, a, why_);           \
            if (why_ == too_large)                                             \
                fprintf(stderr, " (at most %llu)", (unsigned long long)(max)); \
            fputc('\n', stderr);                                               \
            return WEFT_E_USAGE;                                               \
        }                                                                      \
        field = v;                                                             \
    }                                                                          \
    break
        case OPT_CORES: NUM(cfg.cores, UINT_MAX, "cores");
        case OPT_WARPS: NUM(cfg.warps, UINT_MAX, "warps");
        case OPT_THREADS: NUM(cfg.threads, UINT_MAX, "threads");
        case OPT_IPDOM: NUM(cfg.ipdom_depth, UINT_MAX, "ipdom-depth");
        case OPT_BARRIERS: NUM(cfg.barriers, UINT_MAX, "barriers");
        case OPT_MAX_CYCLES: NUM(cfg.max_cycles, UINT64_MAX, "max-cycles");
        case OPT_MEM_LATENCY: NUM(cfg.mem_latency, UINT_MAX, "mem-latency");
        case OPT_STALL_TABLE: NUM(cfg.stall_table, UINT_MAX, "stall-table");
        case OPT_X_SEED: NUM(cfg.x_seed, UINT_MAX, "x-seed");
        case OPT_WATCHDOG: NUM(cfg.watchdog, UINT64_MAX, "watchdog");
        case OPT_STORE_QUEUE: NUM(cfg.store_queue, WEFT_MAX_STORE_QUEUE, "store-queue");
        case OPT_WARMUP: NUM(cfg.warmup_cycles, UINT64_MAX, "warmup-cycles");
        case OPT_DRAM_BANKS: NUM(cfg.dram_banks, 1024, "dram-banks");
        case OPT_DRAM_BW: NUM(cfg.dram_bw, 4096, "dram-bw");
        case OPT_DRAM_TCL: NUM(cfg.dram_tcl, 100000, "dram-tcl");
        case OPT_DRAM_TRCD: NUM(cfg.dram_trcd, 100000, "dram-trcd");
        case OPT_DRAM_TRP: NUM(cfg.dram_trp, 100000, "dram-trp");
        case OPT_DRAM_ROW: NUM(cfg.dram_row, 1u << 24, "dram-row");
        case OPT_DRAM_LINE: NUM(cfg.dram_line, 4096, "dram-line");
        case OPT_DRAM_QUEUE: NUM(cfg.dram_queue, 4096, "dram-queue");
        case OPT_L2_SIZE: NUM(cfg.l2_size, 1u << 26, "l2-size");
        case OPT_L2_WAYS: NUM(cfg.l2_ways, 64, "l2-ways");
        case OPT_L2_LINE: NUM(cfg.l2_line, 4096, "l2-line");
        case OPT_L2_LAT: NUM(cfg.l2_lat, 100000, "l2-lat");
        case OPT_L2_PORTS: NUM(cfg.l2_ports, 64, "l2-ports");
        case OPT_SIZE: NUM(args.size, UINT_MAX, "size");
        case OPT_SEED: NUM(args.seed, UINT_MAX, "seed");
#undef NUM
/* An enum knob of config/weft.yaml: its value names (gen/weft_spec.h). */
#define ENUM(knob, field)                                                      \
    {                                                                          \
        const int code_ = weft_spec_knob_code(knob, a);                        \
        if (code_ < 0)                                                         \
            return bad_enum(prog, &weft_spec_knobs[knob], a);                  \
        field = (unsigned)code_;                                               \
    }                                                                          \
    break
        case OPT_TRACE: cfg.trace_path = a; break;
        case OPT_PERF_JSON: perf_json = a; break;
        case OPT_PERF_CSV: perf_csv = a; break;
        case OPT_TIMELINE: cfg.timeline_path = a; break;
        case OPT_COMMIT_TRACE: cfg.commit_trace_path = a; break;
        case OPT_COSIM: cfg.cosim = 1; break;
        case OPT_DRAM: cfg.dram = 1; break;
        case OPT_L2: cfg.l2 = 1; break;
        case OPT_NO_L2: cfg.l2 = 0; break;
        case OPT_ARBITER: ENUM(WEFT_KNOB_ARBITER, cfg.l2_fixed);
        case OPT_FETCH_POLICY: ENUM(WEFT_KNOB_FETCH_POLICY, cfg.fetch_policy);
        case OPT_ISSUE_POLICY: ENUM(WEFT_KNOB_ISSUE_POLICY, cfg.issue_policy);
        case OPT_ISSUE_READY: ENUM(WEFT_KNOB_ISSUE_READY, cfg.issue_ready);
        case OPT_FRONTEND: ENUM(WEFT_KNOB_FRONTEND, cfg.frontend);
        case OPT_BPR: ENUM(WEFT_KNOB_BPR, cfg.bpr);
        case OPT_SWAS: ENUM(WEFT_KNOB_SWAS, cfg.swas);
        case OPT_BLOCKS: ENUM(WEFT_KNOB_BLOCKS, cfg.blocks_dynamic);
        case OPT_DIVERGENCE:
            div_auto = strcmp(a, "auto") == 0;
            if (div_auto)
                break;
            ENUM(WEFT_KNOB_DIVERGENCE, cfg.divergence);
        case OPT_BRANCH_CHECK: ENUM(WEFT_KNOB_BRANCH_CHECK, cfg.branch_check);
        case OPT_ORACLES: ENUM(WEFT_KNOB_ORACLES, cfg.oracles);
        case OPT_MEM_PRESET: { /* sets the L2/DRAM options here; later options override */
            const int code_ = weft_spec_knob_code(WEFT_KNOB_MEM_PRESET, a);
            if (code_ < 0)
                return bad_enum(prog, &weft_spec_knobs[WEFT_KNOB_MEM_PRESET], a);
            weft_mem_preset_apply(&cfg, (unsigned)code_);
            break;
        }
#undef ENUM
        case ':':
            return bad_usage(prog, "option %s needs an argument", argv[optind - 1]);
        case '?':
        default: {
            char o[64];
            if (optopt > 0 && optopt < 128)
                snprintf(o, sizeof o, "-%c", optopt);
            else
                snprintf(o, sizeof o, "%s", argv[optind - 1]);
            return bad_usage(prog, "unknown option %s", o);
        }
        }
    }
    if (optind < argc)
        return bad_usage(prog, "unexpected argument '%s'", argv[optind]);
    for (unsigned i = 0; opts[i].name; i++)
        if (given[i] && !option_applies(prog, opts[i].name, engine))
            return WEFT_E_USAGE;

    if (list) {
        for (const weft_host_entry_t *h = weft_hosts; h->name; h++)
            printf("%s\n", h->name);
        return 0;
    }

    const weft_host_entry_t *host = NULL;
    char elfbuf[4096];
    if (!bare) {
        if (!kernel)
            return bad_usage(prog, "%s", "need --kernel NAME (or --bare --elf PATH)");
        host = find_host(kernel);
        if (!host) {
            fprintf(stderr, "%s: unknown kernel '%s'; registered:", prog, kernel);
            for (const weft_host_entry_t *h = weft_hosts; h->name; h++)
                fprintf(stderr, " %s", h->name);
            fprintf(stderr, "%s\n", weft_hosts[0].name ? "" : " (none)");
            return WEFT_E_USAGE;
        }
    } else if (!elf && !kernel) {
        return bad_usage(prog, "%s", "--bare needs --elf PATH (or --kernel NAME for build/sw/NAME.elf)");
    }
    if (!elf) {
        snprintf(elfbuf, sizeof elfbuf, "build/sw/%s.elf", kernel);
        elf = elfbuf;
    }
    const char *name = kernel;
    if (!name) {
        name = strrchr(elf, '/');
        name = name ? name + 1 : elf;
    }
    args.elf_path = elf;

#ifdef WEFT_FUZZ_OPTIONS
    /* tests/fuzz: the option parser and its checks only (no files, no run) */
    return WEFT_OK;
#endif
    /* the divergence mode: explicit --divergence, else the ELF's note */
    const char *div_source = "option";
    if (div_auto) {
        char derr[400];
        int m = weft_elf_divergence(elf, derr, sizeof derr);
        if (m == -2) {
            fprintf(stderr, "%s: %s\n", prog, derr);
            printf("FAIL (%s)\n", derr);
            return WEFT_E_ELF;
        }
        cfg.divergence = m >= 0 ? (unsigned)m : WEFT_DIVERGENCE_IPDOM;
        div_source = m >= 0 ? "elf" : "default";
    }
    /* Output files are checked before the run, so that a bad path costs
     * nothing: a temporary file is created next to each and removed again
     * (out.h), so an existing file is not touched. An output that names the
     * input ELF or another output is refused (issue 19, D1). */
    const char *outs[] = {perf_json, perf_csv, cfg.timeline_path, cfg.commit_trace_path, cfg.trace_path};
    const char *const out_opt[] = {"--perf-json", "--perf-csv", "--timeline", "--commit-trace", "--trace"};
    for (unsigned i = 0; i < 5; i++) {
        if (!outs[i]) continue;
        if (weft_same_file(outs[i], elf)) {
            fprintf(stderr, "%s: %s '%s' is the input ELF; refusing to overwrite it\n", prog, out_opt[i], outs[i]);
            return WEFT_E_USAGE;
        }
        for (unsigned j = 0; j < i; j++)
            if (outs[j] && weft_same_file(outs[i], outs[j])) {
                fprintf(stderr, "%s: %s and %s name the same file '%s'\n", prog, out_opt[j], out_opt[i], outs[i]);
                return WEFT_E_USAGE;
            }
        weft_out_t o;
        if (!weft_out_open(&o, outs[i])) {
            fprintf(stderr, "%s: cannot write %s '%s': %s\n", prog, out_opt[i], outs[i], strerror(errno));
            return WEFT_E_USAGE;
        }
        weft_out_abort(&o);
    }

    weft_dev_t *dev = weft_open(&cfg, engine);
    if (!dev) {
        printf("FAIL (cannot open the %s device)\n", engine);
        return WEFT_E_USAGE;
    }
    const weft_config_t *c = weft_config(dev);

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* a second request later than 2 s kills at once (on_signal) */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    weft_set_interrupt_flag(dev, &interrupted);

    if (cfg.verbose)
        fprintf(stderr, "weft-sim: %s engine, %ux%ux%u, IPDOM depth %u, %u barriers, %u MiB RAM, ELF %s%s\n",
                weft_engine_name(dev), c->cores, c->warps, c->threads, c->ipdom_depth, c->barriers,
                c->mem_size >> 20, elf, bare ? " (bare)" : "");
    double t0 = now_s();
    int host_rc = WEFT_OK;
    if (weft_load_elf(dev, elf) == WEFT_OK) {
        if (bare)
            weft_run_bare(dev);
        else
            host_rc = host->fn(dev, &args);
    }
    double wall = now_s() - t0;
    fflush(stdout);

    int status = weft_status(dev);
    char reason[700];
    reason[0] = 0;
    const char *signame = stop_signal == SIGTERM ? "SIGTERM" : stop_signal == SIGHUP ? "SIGHUP" : "SIGINT";
    if (status == WEFT_E_INTERRUPTED) {
        snprintf(reason, sizeof reason, "interrupted by %s", signame);
    } else if (status) {
        snprintf(reason, sizeof reason, "%s", weft_error(dev));
    } else if (interrupted) {
        status = WEFT_E_INTERRUPTED;
        snprintf(reason, sizeof reason, "interrupted by %s", signame);
    } else if (host_rc == WEFT_E_CHECK) {
        status = WEFT_E_CHECK;
        snprintf(reason, sizeof reason, "wrong results");
    } else if (host_rc) {
        status = host_rc > 0 && host_rc <= WEFT_E_STACK ? host_rc : WEFT_E_INTERNAL;
        snprintf(reason, sizeof reason, "host program returned %d", host_rc);
    }
    if (status)
        printf("FAIL (%s)\n", reason);
    else
        printf("PASS\n");

    const weft_stats_t *s = weft_stats(dev);
    int model = strcmp(weft_engine_name(dev), "model") == 0;
    double ewall = s->wall_ns * 1e-9;
    uint64_t cycles = model ? s->steps : s->cycles;
    printf("  kernel          %s%s\n", name, bare ? " (bare)" : "");
    printf("  engine          %s\n", weft_engine_name(dev));
    printf("  configuration   %ux%ux%u (cores x warps x threads)%s%s%s\n", c->cores, c->warps, c->threads,
           model ? "" : LANES_NOTE, c->blocks_dynamic ? ", dynamic blocks" : "",
           c->divergence ? ", divergence minpc" : "");
    if (c->mem_preset != WEFT_MEM_PRESET_FIXED)
        printf("  memory preset   %s: L2 %u KiB %u-way %u B lines, DRAM %u banks tCL/tRCD/tRP %u/%u/%u, %u B/cycle\n",
               weft_spec_knob_name(WEFT_KNOB_MEM_PRESET, c->mem_preset), c->l2_size >> 10, c->l2_ways, c->l2_line,
               c->dram_banks, c->dram_tcl, c->dram_trcd, c->dram_trp, c->dram_bw);
    if (!model) {
        printf("  knobs           fetch %s, issue %s %s, front end %s, bpr %s%s%s\n",
               weft_spec_knob_name(WEFT_KNOB_FETCH_POLICY, c->fetch_policy),
               weft_spec_knob_name(WEFT_KNOB_ISSUE_POLICY, c->issue_policy),
               weft_spec_knob_name(WEFT_KNOB_ISSUE_READY, c->issue_ready),
               weft_spec_knob_name(WEFT_KNOB_FRONTEND, c->frontend), weft_spec_knob_name(WEFT_KNOB_BPR, c->bpr),
               c->swas ? ", swas" : "", c->cosim ? ", cosim" : "");
        printf("  stall table     %s", c->stall_table ? "on" : "off");
        if (c->stall_table) printf(", %llu lookups, %llu hits", (unsigned long long)s->st_lookups,
                                   (unsigned long long)s->st_hits);
        printf("; flushes %llu\n", (unsigned long long)s->flushes);
        if (s->smem_requests)
            printf("  shared memory   %llu warp requests, %llu bank-conflict cycles (%.2f extra cycles per request)\n",
                   (unsigned long long)s->smem_requests, (unsigned long long)s->smem_conflict_cycles,
                   ratio(s->smem_conflict_cycles, s->smem_requests));
        if (s->perf.valid) {
            uint64_t k[4] = {0, 0, 0, 0};
            for (unsigned i = 0; i < s->perf.cores; i++) {
                k[0] += s->perf.c[i][WEFT_PC_SWAS_NOPS];
                k[1] += s->perf.c[i][WEFT_PC_DISCREPANCIES];
                k[2] += s->perf.c[i][WEFT_PC_ERRORS];
                k[3] += s->perf.c[i][WEFT_PC_ST_AVOIDED];
            }
            if (weft_oracles_on(c))
                printf("  oracles         %llu discrepancies (osched1), %llu errors (osched2); "
                       "SWaS NOPs %llu; stall-table avoided flushes %llu\n",
                       (unsigned long long)k[1], (unsigned long long)k[2], (unsigned long long)k[0],
                       (unsigned long long)k[3]);
            else
                printf("  oracles         not evaluated (--oracles %s); "
                       "SWaS NOPs %llu; stall-table avoided flushes %llu\n",
                       weft_spec_knob_name(WEFT_KNOB_ORACLES, c->oracles), (unsigned long long)k[0],
                       (unsigned long long)k[3]);
        }
    }
    printf("  divergence      %s (%s)\n", weft_spec_knob_name(WEFT_KNOB_DIVERGENCE, c->divergence),
           strcmp(div_source, "option") == 0 ? "--divergence"
           : strcmp(div_source, "elf") == 0  ? "from the ELF's .weft.divergence note"
                                              : "default: the ELF has no .weft.divergence note");
    printf("  launches        %llu\n", (unsigned long long)s->launches);
    printf("  cycles          %llu%s\n", (unsigned long long)cycles, model ? " (model steps)" : "");
    printf("  warp instrs     %llu\n", (unsigned long long)s->warp_instrs);
    printf("  thread instrs   %llu\n", (unsigned long long)s->thread_instrs);
    printf("  warp IPC        %.3f\n", cycles ? (double)s->warp_instrs / (double)cycles : 0.0);
    if (!model)
        printf("  missed sched.   %llu (core-cycles with a ready warp and no issue)\n",
               (unsigned long long)s->missed_schedules);
    /* complete: the program ran to its end (a pass, wrong results or a
     * tohost failure); every limit, signal or fault is an early end */
    int complete = !s->incomplete && (status == WEFT_OK || status == WEFT_E_CHECK || status == WEFT_E_TOHOST);
    weft_run_info_t run = {name, weft_engine_name(dev), status ? "FAIL" : "PASS", status, c, s,
                           complete, reason, weft_git_commit, BUILD_CONFIG, argc, argv0, args.seed, args.size,
                           div_source};
    weft_perf_print(stdout, &run);
    if (!model && c->dram) {
        const weft_dram_stats_t *d = &s->dram;
        uint64_t acc = d->row_hits + d->row_empty + d->row_conflicts;
        printf("  DRAM            %llu reads (avg %.1f cycles), %llu writes, %llu B read, %llu B written;\n"
               "                  row hits %.1f%%, empty %.1f%%, conflicts %.1f%%; bus busy %.1f%%\n",
               (unsigned long long)d->reads, d->reads ? (double)d->read_latency_sum / (double)d->reads : 0.0,
               (unsigned long long)d->writes, (unsigned long long)d->bytes_read, (unsigned long long)d->bytes_written,
               acc ? 100.0 * (double)d->row_hits / (double)acc : 0.0, acc ? 100.0 * (double)d->row_empty / (double)acc : 0.0,
               acc ? 100.0 * (double)d->row_conflicts / (double)acc : 0.0,
               s->cycles ? 100.0 * (double)d->busy_cycles / (double)s->cycles : 0.0);
    }
    if (!model && s->dcache.sets) {
        const weft_dcache_stats_t *l = &s->dcache;
        const uint64_t hits = l->rd_lines - l->rd_misses - l->rd_merges;
        printf("  L1 D-cache      %u B (%u sets x %u ways x %u B, %u bank%s), %u MSHRs: %llu load lines, %llu hits (%.1f%%),\n"
               "                  %llu misses (%llu fills), %llu merged into in-flight misses, %llu walk stall cycles;\n"
               "                  %llu store lines (%llu present); coalescer %.2f lines per warp request; "
               "%llu warp-port requests\n",
               l->sets * l->ways * l->line_bytes, l->sets, l->ways, l->line_bytes, l->banks, l->banks == 1 ? "" : "s",
               l->mshrs,
               (unsigned long long)l->rd_lines, (unsigned long long)hits, 100.0 * ratio(hits, l->rd_lines),
               (unsigned long long)l->rd_misses, (unsigned long long)l->fills, (unsigned long long)l->rd_merges,
               (unsigned long long)l->stall_cycles, (unsigned long long)l->wr_lines, (unsigned long long)l->wr_hits,
               ratio(l->rd_lines + l->wr_lines, l->warp_requests), (unsigned long long)l->port_requests);
    }
    if (!model && c->l2) {
        const weft_l2_stats_t *l = &s->l2;
        printf("  L2              %llu accesses, %llu hits (%.1f%%), %llu misses, %llu writebacks; %s arbiter,\n"
               "                  contended %llu cycles; grants per core",
               (unsigned long long)l->accesses, (unsigned long long)l->hits, 100.0 * ratio(l->hits, l->accesses),
               (unsigned long long)l->misses,
               (unsigned long long)l->writebacks, c->l2_fixed ? "fixed-priority" : "round-robin",
               (unsigned long long)l->contended_cycles);
        for (unsigned k = 0; k < c->cores && k < WEFT_L2_MAX_CORES; k++)
            printf(" %llu", (unsigned long long)l->grants[k]);
        printf("\n");
    }
    if (s->perf.valid) {
        char msg[200];
        if (weft_cpi_check(&s->perf, msg, sizeof msg) != 0 && status == WEFT_OK) {
            fprintf(stderr, "%s: internal error: %s\n", prog, msg);
            status = WEFT_E_INTERNAL;
        }
    } else if (perf_json || perf_csv || cfg.timeline_path) {
        fprintf(stderr, "%s: note: the %s engine has no cycle-level counters; the files hold instruction counts only\n",
                prog, weft_engine_name(dev));
    }
    char msg[600];
    if (perf_json && weft_perf_write_json(perf_json, &run, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        if (!status) status = WEFT_E_INTERNAL;
    }
    if (perf_csv && weft_perf_write_csv(perf_csv, &run, msg, sizeof msg) != 0) {
        fprintf(stderr, "%s: %s\n", prog, msg);
        if (!status) status = WEFT_E_INTERNAL;
    }
    printf("  wall seconds    %.3f (engine %.3f)\n", wall, ewall);
    if (model)
        printf("  speed           %.1f M thread-instrs/s\n",
               ewall > 0 ? (double)s->thread_instrs / ewall / 1e6 : 0.0);
    else
        printf("  speed           %.1f kHz simulated\n", ewall > 0 ? (double)cycles / ewall / 1e3 : 0.0);
    /* the same per CPU-second of this process (load-independent; issue 17) */
    double ecpu = s->cpu_ns * 1e-9;
    if (model)
        printf("  cpu speed       %.1f M thread-instrs/s (engine cpu %.3f s)\n",
               ecpu > 0 ? (double)s->thread_instrs / ecpu / 1e6 : 0.0, ecpu);
    else
        printf("  cpu speed       %.1f kHz simulated (engine cpu %.3f s)\n",
               ecpu > 0 ? (double)cycles / ecpu / 1e3 : 0.0, ecpu);
    /* the engines' trace files are committed here (exit 9 on an I/O error) */
    if (weft_close(dev) != WEFT_OK && !status)
        status = WEFT_E_INTERNAL;
    if (fflush(stdout) != 0 && !status) {
        fprintf(stderr, "%s: cannot write the standard output\n", prog);
        status = WEFT_E_INTERNAL;
    }
    return status;
}
