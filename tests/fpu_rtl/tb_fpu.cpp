// tb_fpu.cpp - Verilator testbench of rtl/fpu/weft_fpu.sv (T = 4 lanes).
//
// Drives random warp instructions (random op mix per phase, random rounding
// mode, random thread mask, random pass-through fields) with random operands
// biased to special values, under random in_valid gaps and random out_ready
// back-pressure, many instructions in flight. Every instruction carries a
// unique pc; the reference result of every lane is computed at issue with
// fp32_exec (sim/model/fp32.c, the project's bit-exact model) or, when built
// without it, with the host-FPU oracle host_ref.c. Checks:
//   - every active lane's result bit-exact, out_flags_o = OR of the active
//     lanes' flags
//   - every issued instruction comes out exactly once, with its wid, tmask,
//     rd, wb and fd
//   - an offered result that is not taken stays offered unchanged
//   - latency of a lone instruction = the class latency (LAT_* given on the
//     command line, matching the -G parameters of the build)
//   - one instruction per cycle for a back-to-back stream of one pipelined
//     class with out_ready high
// Prints `PASS <op> <n> vectors` / `FAIL <op> ...` per op (a vector = one
// active lane checked) and exits non-zero on any failure.
//
// Options: --vectors N (per op, default 20000), --seed S, --op NAME (only
// that op), --lat FMA,CVT,DIV,MISC, --xcheck (also compare the reference
// with the host oracle and report disagreements as XREF lines).
#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "Vweft_fpu.h"
#include "verilated.h"

#include "host_ref.h"
#ifdef TB_USE_FP32
#include "fp32.h"
#endif

static const int T = 4;
static const int NOPS = 24;
static const char *const OPN[NOPS] = {
    "fadd", "fsub", "fmul", "fmadd", "fmsub", "fnmsub", "fnmadd", "fdiv", "fsqrt", "fsgnj", "fsgnjn", "fsgnjx",
    "fmin", "fmax", "fcvt.w.s", "fcvt.wu.s", "fcvt.s.w", "fcvt.s.wu", "fmv.x.w", "fmv.w.x", "feq", "flt", "fle",
    "fclass"};

static uint32_t ref_exec(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *fl)
{
#ifdef TB_USE_FP32
    return fp32_exec(op, a, b, c, rm, fl);
#else
    return host_fp32_exec(op, a, b, c, rm, fl);
#endif
}

// ------------------------------------------------------------------ random
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x1234567ull) { if (!s) s = 1; }
    uint64_t next() { s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s * 0x2545F4914F6CDD1Dull; }
    uint32_t u32() { return (uint32_t)(next() >> 32); }
    uint32_t below(uint32_t n) { return (uint32_t)(((next() >> 32) * (uint64_t)n) >> 32); }
    bool pct(unsigned p) { return below(100) < p; }
};

static float fl_of(uint32_t x) { float f; memcpy(&f, &x, 4); return f; }
static uint32_t u_of(float f) { uint32_t x; memcpy(&x, &f, 4); return x; }

static const uint32_t SPECIALS[] = {
    0x00000000, 0x80000000, 0x7f800000, 0xff800000,                          // zeros, infinities
    0x7fc00000, 0xffc00000, 0x7fc00001, 0x7fffffff,                          // quiet NaNs
    0x7f800001, 0xff800001, 0x7fa00000, 0x7fbfffff,                          // signalling NaNs
    0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000, 0x00000003,  // subnormals
    0x00800000, 0x80800000, 0x00800001, 0x7f7fffff, 0xff7fffff, 0x7f7ffffe,  // min/max normal
    0x3f800000, 0xbf800000, 0x40000000, 0x3f000000, 0x3fffffff, 0x3f7fffff,  // ones, near one
    0x4b000000, 0x4b7fffff, 0x4f000000, 0xcf000000, 0x4f800000, 0xcf800000,  // 2^23, 2^31, 2^32
    0x4effffff, 0xceffffff, 0x4f7fffff, 0x5f000000, 0x7f000000, 0x01000000,  // around int range
    0x3effffff, 0xbf000000, 0x3fc00000, 0xbfc00000, 0x40200000, 0x34000000,  // halves, ties
};
static const unsigned NSPECIAL = sizeof SPECIALS / sizeof SPECIALS[0];

static uint32_t rand_mant(Rng &r)
{
    switch (r.below(8)) {
    case 0: return 0;
    case 1: return 0x7fffff;
    case 2: return 1u << r.below(23);
    case 3: return r.u32() & ((1u << r.below(24)) - 1);              // low bits
    case 4: return (r.u32() & 0x7fffff) & ~((1u << r.below(24)) - 1); // high bits
    case 5: return 0x7fffff ^ (1u << r.below(23));
    default: return r.u32() & 0x7fffff;
    }
}

static uint32_t rand_float(Rng &r)
{
    uint32_t s = r.u32() & 0x80000000u, e;
    switch (r.below(12)) {
    case 0: case 1: return SPECIALS[r.below(NSPECIAL)];
    case 2: return s | rand_mant(r);                                      // subnormal / zero
    case 3: e = 0xfd + r.below(2); break;                                 // near overflow
    case 4: e = 1 + r.below(4); break;                                    // near underflow
    case 5: return r.u32();                                               // anything
    case 6: e = 0x40 + r.below(0x80); break;                              // wide range
    default: e = 0x70 + r.below(0x20); break;                             // around 1.0
    }
    return s | (e << 23) | rand_mant(r);
}

// b related to a: same/near exponent (exponent difference 0..3, 22..27),
// negation (cancellation), low-bit perturbation.
static uint32_t related(Rng &r, uint32_t a)
{
    uint32_t ea = (a >> 23) & 0xff, s = r.u32() & 0x80000000u;
    int d;
    switch (r.below(6)) {
    case 0: return a ^ 0x80000000u;
    case 1: return (a ^ 0x80000000u) + (r.below(5) - 2);
    case 2: return a + (r.below(5) - 2);
    case 3: d = (int)r.below(4); break;
    case 4: d = 22 + (int)r.below(6); break;
    default: d = (int)r.below(40) - 20; break;
    }
    if (r.pct(50)) d = -d;
    int eb = (int)ea + d;
    if (eb < 0) eb = 0;
    if (eb > 0xfe) eb = 0xfe;
    return s | ((uint32_t)eb << 23) | rand_mant(r);
}

// Operands for one lane of op.
static void gen_operands(Rng &r, int op, uint32_t &a, uint32_t &b, uint32_t &c)
{
    a = rand_float(r);
    b = r.pct(50) ? related(r, a) : rand_float(r);
    c = rand_float(r);
    switch (op) {
    case 2: case 7:            // fmul, fdiv: products/quotients near the range ends
        if (r.pct(25)) {
            uint32_t eb = (r.pct(50) ? 0x7f + r.below(40) : 0x7f - r.below(40)) & 0xff;
            b = (r.u32() & 0x80000000u) | (eb << 23) | rand_mant(r);
        }
        break;
    case 3: case 4: case 5: case 6:
        if (r.pct(40)) {       // addend close to -(a*b): cancellation, or near it
            float p = fl_of(a) * fl_of(b);
            uint32_t pb = u_of(p);
            if (std::isnan(p) || std::isinf(p)) break;
            switch (r.below(4)) {
            case 0: c = pb ^ ((op == 3 || op == 6) ? 0x80000000u : 0); break;
            case 1: c = (pb ^ ((op == 3 || op == 6) ? 0x80000000u : 0)) + (r.below(7) - 3); break;
            case 2: c = related(r, pb); break;
            default: c = pb + (r.below(3) - 1); break;
            }
        }
        break;
    case 14: case 15:          // to integer: around integers, halves, range ends
        if (r.pct(60)) {
            uint32_t e = 0x7d + r.below(0xa2 - 0x7d);
            a = (r.u32() & 0x80000000u) | (e << 23) | rand_mant(r);
            if (r.pct(20)) a = (a & 0xffc00000u) | (r.pct(50) ? 0x400000u : 0);
        }
        break;
    case 16: case 17: case 19: // integer sources
        switch (r.below(5)) {
        case 0: a = SPECIALS[r.below(NSPECIAL)]; break;
        case 1: a = (r.u32() >> r.below(32)) ^ (r.pct(50) ? 0xffffffffu : 0); break;
        case 2: a = ((2u * r.below(4) + 1) << r.below(8)) << (24 - r.below(3)); break; // ties
        case 3: a = (1u << r.below(32)) + (r.below(5) - 2); break;
        default: a = r.u32(); break;
        }
        break;
    case 8:                    // fsqrt: mostly non-negative
        if (r.pct(75)) a &= 0x7fffffffu;
        break;
    default: break;
    }
    if (op == 15 && r.pct(50)) a &= 0x7fffffffu; // fcvt.wu.s: fewer negatives
}

// ------------------------------------------------------------------ bench
struct Instr {
    uint32_t pc;
    int op, rm;
    unsigned tmask, wid, rd, wb, fd;
    uint32_t a[T], b[T], c[T], exp[T];
    unsigned flags;
    uint64_t issued;
};

struct OpStat {
    uint64_t vectors = 0, instrs = 0, errors = 0, xref = 0;
    // coverage of the reference results of issued active lanes:
    // flags NX UF OF DZ NV, then result zero, subnormal, inf, NaN, per rm
    uint64_t cov[10] = {0}, rm[5] = {0};
};

struct Bench {
    Vweft_fpu *top;
    Rng rng;
    uint64_t cycle = 0;
    uint32_t next_pc = 0x1000;
    std::unordered_map<uint32_t, Instr> inflight;
    OpStat st[NOPS];
    uint64_t errors = 0, xref_total = 0;
    int lat[4] = {4, 5, 16, 1}; // FMA CVT DIV MISC
    bool xcheck = false;
    // offered-but-not-taken tracking
    bool prev_stall = false;
    uint32_t prev_pc = 0;
    uint32_t prev_data[T] = {0, 0, 0, 0};
    unsigned prev_flags = 0;

    explicit Bench(uint64_t seed) : rng(seed) {
        top = new Vweft_fpu;
        top->clk_i = 0;
        top->rst_ni = 0;
        top->in_valid_i = 0;
        top->out_ready_i = 0;
        for (int i = 0; i < 4; i++) tick_raw();
        top->rst_ni = 1;
    }
    ~Bench() { top->final(); delete top; }

    void tick_raw() {
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        cycle++;
    }

    static int op_class(int op) {
        if (op <= 6) return 0;
        if (op == 7 || op == 8) return 2;
        if (op >= 14 && op <= 17) return 1;
        return 3;
    }

    void error(const Instr *in, const char *fmt, ...) __attribute__((format(printf, 3, 4))) {
        char buf[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        errors++;
        if (in) st[in->op].errors++;
        if (errors <= 20) printf("ERROR cycle %" PRIu64 ": %s\n", cycle, buf);
    }

    Instr make(int op) {
        Instr in;
        memset(&in, 0, sizeof in);
        in.pc = next_pc;
        next_pc += 4;
        in.op = op;
        in.rm = (int)rng.below(5);
        unsigned m = rng.below(100);
        in.tmask = m < 15 ? 0xf : m < 17 ? 0 : rng.below(16);
        in.wid = rng.below(4);
        in.rd = rng.below(32);
        in.wb = rng.below(2);
        in.fd = rng.below(2);
        in.flags = 0;
        for (int t = 0; t < T; t++) {
            gen_operands(rng, op, in.a[t], in.b[t], in.c[t]);
            unsigned f = 0;
            in.exp[t] = ref_exec(op, in.a[t], in.b[t], in.c[t], in.rm, &f);
            if (in.tmask >> t & 1) {
                in.flags |= f;
                OpStat &o = st[op];
                for (int k = 0; k < 5; k++) o.cov[k] += f >> k & 1;
                uint32_t x = in.exp[t] & 0x7fffffffu;
                if (op <= 8 || op == 16 || op == 17) {
                    o.cov[5] += x == 0;
                    o.cov[6] += x != 0 && x < 0x00800000u;
                    o.cov[7] += x == 0x7f800000u;
                    o.cov[8] += x > 0x7f800000u;
                }
                o.rm[in.rm]++;
            }
            if (xcheck) {
                unsigned hf = 0;
                uint32_t h = host_fp32_exec(op, in.a[t], in.b[t], in.c[t], in.rm, &hf);
                if (h != in.exp[t] || hf != f) {
                    st[op].xref++;
                    if (++xref_total <= 20)
                        printf("XREF %s rm=%d a=%08x b=%08x c=%08x: ref %08x/%02x host %08x/%02x\n", OPN[op], in.rm,
                               in.a[t], in.b[t], in.c[t], in.exp[t], f, h, hf);
                }
            }
        }
        return in;
    }

    void drive(const Instr *in) {
        top->in_valid_i = in != nullptr;
        if (!in) return;
        top->in_wid_i = in->wid;
        top->in_pc_i = in->pc;
        top->in_tmask_i = in->tmask;
        top->in_op_i = in->op;
        top->in_rm_i = in->rm;
        top->in_rd_i = in->rd;
        top->in_wb_i = in->wb;
        top->in_fd_i = in->fd;
        for (int t = 0; t < T; t++) {
            top->in_a_i[t] = in->a[t];
            top->in_b_i[t] = in->b[t];
            top->in_c_i[t] = in->c[t];
        }
    }

    // One cycle: inputs already driven; check the output, clock.
    // Returns whether the input was accepted; *out_pc gets the pc of a
    // result taken this cycle (0 if none).
    bool step(const Instr *in, bool ready, uint32_t *out_pc) {
        top->out_ready_i = ready;
        top->clk_i = 0;
        top->eval();
        bool acc = in && top->in_ready_o;
        *out_pc = 0;
        if (prev_stall) {
            bool same = top->out_valid_o && top->out_pc_o == prev_pc && top->out_flags_o == prev_flags;
            for (int t = 0; t < T && same; t++) same = top->out_data_o[t] == prev_data[t];
            if (!same) error(nullptr, "offered result (pc %08x) changed or withdrawn before it was taken", prev_pc);
        }
        if (top->out_valid_o) {
            uint32_t pc = top->out_pc_o;
            prev_stall = !ready;
            prev_pc = pc;
            prev_flags = top->out_flags_o;
            for (int t = 0; t < T; t++) prev_data[t] = top->out_data_o[t];
            if (ready) {
                *out_pc = pc;
                check_out(pc);
            }
        } else {
            prev_stall = false;
        }
        if (acc) {
            Instr c = *in;
            c.issued = cycle;
            inflight[c.pc] = c;
        }
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        cycle++;
        return acc;
    }

    void check_out(uint32_t pc) {
        auto it = inflight.find(pc);
        if (it == inflight.end()) {
            error(nullptr, "result with pc %08x that is not in flight (lost or duplicated)", pc);
            return;
        }
        const Instr &in = it->second;
        if (top->out_wid_o != in.wid || top->out_tmask_o != in.tmask || top->out_rd_o != in.rd ||
            top->out_wb_o != in.wb || top->out_fd_o != in.fd)
            error(&in, "pc %08x %s: pass-through fields differ (wid %u/%u tmask %x/%x rd %u/%u wb %u/%u fd %u/%u)",
                  pc, OPN[in.op], top->out_wid_o, in.wid, top->out_tmask_o, in.tmask, top->out_rd_o, in.rd,
                  top->out_wb_o, in.wb, top->out_fd_o, in.fd);
        for (int t = 0; t < T; t++) {
            if (!(in.tmask >> t & 1)) continue;
            st[in.op].vectors++;
            uint32_t got = top->out_data_o[t];
            if (got != in.exp[t])
                error(&in, "%s rm=%d lane %d a=%08x b=%08x c=%08x: got %08x expected %08x", OPN[in.op], in.rm, t,
                      in.a[t], in.b[t], in.c[t], got, in.exp[t]);
        }
        if (top->out_flags_o != in.flags) {
            error(&in, "%s rm=%d tmask=%x: flags %02x expected %02x", OPN[in.op], in.rm, in.tmask, top->out_flags_o,
                  in.flags);
            for (int t = 0; t < T && errors <= 20; t++) {
                unsigned f = 0;
                ref_exec(in.op, in.a[t], in.b[t], in.c[t], in.rm, &f);
                printf("      lane %d a=%08x b=%08x c=%08x flags %02x\n", t, in.a[t], in.b[t], in.c[t], f);
            }
        }
        st[in.op].instrs++;
        inflight.erase(it);
    }

    void drain(uint64_t limit) {
        uint32_t pc;
        drive(nullptr);
        uint64_t start = cycle;
        while (!inflight.empty() && cycle - start < limit) step(nullptr, rng.pct(70), &pc);
        if (!inflight.empty())
            error(nullptr, "%zu instruction(s) never came out (first pc %08x)", inflight.size(),
                  inflight.begin()->second.pc);
        inflight.clear();
    }

    // A lone instruction must come out exactly LAT cycles after its dispatch.
    void latency_probe(int op) {
        drain(1000);
        Instr in = make(op);
        uint32_t pc;
        drive(&in);
        if (!step(&in, true, &pc)) { error(&in, "%s: idle unit did not accept", OPN[op]); drain(1000); return; }
        drive(nullptr);
        int want = lat[op_class(op)];
        for (int n = 1; n <= 300; n++) {
            step(nullptr, true, &pc);
            if (pc == in.pc) {
                if (n != want) error(&in, "%s: latency %d, expected %d", OPN[op], n, want);
                return;
            }
        }
        error(&in, "%s: lone instruction did not finish", OPN[op]);
    }

    // Back-to-back stream of one pipelined class with out_ready high.
    void throughput_probe(int op) {
        drain(1000);
        int n = 64, acc = 0;
        uint32_t pc;
        for (int i = 0; i < n; i++) {
            Instr in = make(op);
            drive(&in);
            if (step(&in, true, &pc)) acc++;
        }
        if (acc != n) error(nullptr, "%s: %d of %d back-to-back instructions accepted", OPN[op], acc, n);
        drain(1000);
    }

    // Random phase: ops drawn from `mix` (op with weight), until `vectors`
    // active lanes of `focus` have been issued.
    void random_phase(int focus, uint64_t vectors) {
        uint64_t issued_lanes = 0;
        bool have = false;
        Instr cur;
        unsigned in_pct = 100, ready_pct = 100;
        uint32_t pc;
        while (issued_lanes < vectors) {
            if ((cycle & 63) == 0) {
                static const unsigned IP[] = {100, 90, 60, 30};
                static const unsigned RP[] = {100, 100, 80, 50, 20, 5};
                in_pct = IP[rng.below(4)];
                ready_pct = RP[rng.below(6)];
            }
            if (!have && rng.pct(in_pct)) {
                int op = focus;
                if (focus < 0 || rng.pct(20)) op = (int)rng.below(NOPS);
                cur = make(op);
                have = true;
            }
            drive(have ? &cur : nullptr);
            if (step(have ? &cur : nullptr, rng.pct(ready_pct), &pc)) {
                if (cur.op == focus || focus < 0) issued_lanes += __builtin_popcount(cur.tmask);
                have = false;
            }
        }
        drain(100000);
    }
};

int main(int argc, char **argv)
{
    uint64_t vectors = 20000, seed = 1;
    int only = -1;
    Verilated::commandArgs(argc, argv);
    int lat[4] = {4, 5, 16, 1};
    bool xcheck = false;
    for (int i = 1; i < argc; i++) {
        std::string s = argv[i];
        if (s == "--vectors" && i + 1 < argc) vectors = strtoull(argv[++i], nullptr, 0);
        else if (s == "--seed" && i + 1 < argc) seed = strtoull(argv[++i], nullptr, 0);
        else if (s == "--xcheck") xcheck = true;
        else if (s == "--lat" && i + 1 < argc) {
            if (sscanf(argv[++i], "%d,%d,%d,%d", &lat[0], &lat[1], &lat[2], &lat[3]) != 4) {
                fprintf(stderr, "tb_fpu: --lat FMA,CVT,DIV,MISC\n");
                return 2;
            }
        } else if (s == "--op" && i + 1 < argc) {
            std::string n = argv[++i];
            for (int k = 0; k < NOPS; k++)
                if (n == OPN[k]) only = k;
            if (only < 0) { fprintf(stderr, "tb_fpu: unknown op %s\n", n.c_str()); return 2; }
        } else if (s[0] != '+') {
            fprintf(stderr, "usage: tb_fpu [--vectors N] [--seed S] [--op NAME] [--lat F,C,D,M] [--xcheck]\n");
            return 2;
        }
    }
    Bench b(seed);
    memcpy(b.lat, lat, sizeof lat);
    b.xcheck = xcheck;
#ifdef TB_USE_FP32
    printf("reference: fp32_exec (sim/model/fp32.c)%s\n", xcheck ? ", cross-checked with the host oracle" : "");
#else
    printf("reference: host oracle (tests/fpu_rtl/host_ref.c)\n");
#endif
    for (int op = 0; op < NOPS; op++) {
        if (only >= 0 && op != only) continue;
        b.latency_probe(op);
        if (Bench::op_class(op) != 2) b.throughput_probe(op);
        b.random_phase(op, vectors);
    }
    if (only < 0) b.random_phase(-1, vectors); // everything mixed
    int fails = 0;
    for (int op = 0; op < NOPS; op++) {
        if (only >= 0 && op != only) continue;
        const OpStat &s = b.st[op];
        bool ok = s.errors == 0 && s.vectors >= vectors;
        if (!ok) fails++;
        printf("%s %s %" PRIu64 " vectors %" PRIu64 " instructions", ok ? "PASS" : "FAIL", OPN[op], s.vectors,
               s.instrs);
        if (s.errors) printf(" %" PRIu64 " errors", s.errors);
        if (xcheck) printf(" %" PRIu64 " host-oracle disagreements", s.xref);
        printf("\n");
        printf("  info %s lanes with NX %" PRIu64 " UF %" PRIu64 " OF %" PRIu64 " DZ %" PRIu64 " NV %" PRIu64
               "; results zero %" PRIu64 " subnormal %" PRIu64 " inf %" PRIu64 " NaN %" PRIu64
               "; rm RNE..RMM %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
               OPN[op], s.cov[0], s.cov[1], s.cov[2], s.cov[3], s.cov[4], s.cov[5], s.cov[6], s.cov[7], s.cov[8],
               s.rm[0], s.rm[1], s.rm[2], s.rm[3], s.rm[4]);
    }
    uint64_t perr = 0;
    for (int op = 0; op < NOPS; op++) perr += b.st[op].errors;
    bool proto_ok = b.errors == perr; // errors not attributed to one op
    printf("%s protocol (exactly-once, stable offers) %" PRIu64 " cycles\n", proto_ok ? "PASS" : "FAIL", b.cycle);
    if (!proto_ok) fails++;
    return fails ? 1 : 0;
}
