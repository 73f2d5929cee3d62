/* model.c - the Weft functional model (see model.h and docs/model.md).
 *
 * Speed: instructions are decoded once per PC into a compact form kept in
 * lazily allocated 4 KiB pages (a store into a page that holds decoded
 * instructions invalidates the word's entry). Registers are kept per warp
 * as [reg][thread] rows so an instruction is one tight loop over the active
 * lanes (a plain 0..T-1 loop when the mask is full). RAM is accessed through
 * the device's RAM pointer with one range check; only the console/exit
 * addresses and the tohost word go through weft_mem_store().
 */
#include "model.h"

#include "fp32.h"
#include "amo.h"
#include "fault.h"
#include "gen/weft_spec.h" /* counter index space (config/weft.yaml) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the functional model assumes a little-endian host"
#endif

#define LIKELY(x) __builtin_expect(!!(x), 1)
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#define COLD __attribute__((cold, noinline))

#define PAGE_SHIFT 12
#define PAGE_INSNS (1u << (PAGE_SHIFT - 2))
#define RD_SINK 32 /* register row that absorbs writes to x0 */
#define NREGS 33

enum {
    OP_UNDECODED = 0,
    OP_ILLEGAL,
    OP_NOP,
    OP_LUI, OP_AUIPC, OP_JAL, OP_JALR,
    OP_BEQ, OP_BNE, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU,
    OP_LB, OP_LH, OP_LW, OP_LBU, OP_LHU,
    OP_SB, OP_SH, OP_SW,
    OP_ADDI, OP_SLTI, OP_SLTIU, OP_XORI, OP_ORI, OP_ANDI, OP_SLLI, OP_SRLI, OP_SRAI,
    OP_ADD, OP_SUB, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_SRA, OP_OR, OP_AND,
    OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU,
    OP_CSR,
    OP_TMC, OP_WSPAWN, OP_SPLIT, OP_JOIN, OP_BAR, OP_PRED,
    /* RV32F: imm of OP_FP = fpop | rs3 << 8 | rm << 16 (rm 7 = dynamic); flw/fsw */
    OP_FLW, OP_FSW, OP_FP,
    OP_AMO,   /* RV32A: imm = funct5 (sim/amo.h) */
    OP_WARP,  /* warp primitives (custom-0 funct7 1): imm = funct3 (vote 0..2, shfl 4..7) */
};

enum { /* CSR kinds (decoded imm of OP_CSR) */
    CSR_CYCLE, CSR_CYCLEH, CSR_INSTRET, CSR_INSTRETH, CSR_MHARTID, CSR_TID, CSR_WID, CSR_CID,
    CSR_TMASK, CSR_NTHREADS, CSR_NWARPS, CSR_NCORES, CSR_LAUNCH,
    CSR_PERF,       /* a performance counter: timing, read from the RTL in co-simulation, else 0 */
    CSR_PLOCK, CSR_PRLOCK, /* perf-lock, perf-reset-lock (read/write) */
    CSR_FFLAGS, CSR_FRM, CSR_FCSR, /* RV32F, per warp (read/write) */
};

enum { IPDOM_UNIFORM, IPDOM_RECONV, IPDOM_ELSE };

typedef struct {
    uint8_t op, rd, rs1, rs2;
    int32_t imm;
} dinst_t;

typedef struct {
    uint32_t pc;
    uint32_t mask;
    uint32_t kind;
} ipdom_t;

typedef struct {
    uint32_t pc;
    uint32_t tmask;
    uint32_t nact;     /* popcount(tmask) */
    int32_t bar;       /* barrier waited at, -1 = none */
    unsigned sp;       /* IPDOM entries in use */
    uint64_t instret;
    ipdom_t *ipdom;
    uint32_t *x;       /* NREGS rows of T threads */
    uint32_t *f;       /* 32 FP register rows of T threads */
    uint32_t fflags;   /* accumulated exception flags of the warp (docs/isa.md: per warp) */
    uint32_t frm;      /* dynamic rounding mode of the warp */
    /* divergence minpc (docs/isa.md "Divergence modes"): live threads, and per
     * thread its pc and call depth (tpc of the threads in tmask = pc) */
    uint32_t live;
    uint32_t barwait;  /* threads parked at a bar (at its pc) until every live thread is */
    uint32_t arrive;   /* 1: every live thread was parked; the next bar is the warp's arrival */
    uint32_t *tpc;
    uint8_t *tdep;
} mwarp_t;

typedef struct {
    mwarp_t *w;
    uint64_t active;   /* warps that have not ended */
    uint64_t runnable; /* active and not waiting at a barrier */
    unsigned rr;       /* round-robin pointer: next warp to consider */
    uint32_t *bar_count;
    uint64_t cycle;    /* co-simulation cycle value (model_set_cycle) */
    int cycle_set;
    uint32_t rtl_val;  /* co-simulation: the RTL's value of a counter read (model_set_rtl_value) */
    uint8_t plock, prlock; /* perf-lock, perf-reset-lock (kept across launches like the RTL) */
    int amo_set;       /* co-simulation: memory's answer to the next atomic (model_set_amo_rsp) */
    weft_resv_t sresv; /* lr.w reservations of this core's shared memory, hart = w * T + t */
    uint32_t amo_rsp[MODEL_MAX_THREADS];
} mcore_t;

struct model {
    weft_dev_t *dev;
    unsigned C, W, T, depth, nbar;
    int minpc;         /* divergence mode minpc (cfg->divergence) */
    int bcheck;        /* ipdom: a branch/jalr whose active threads disagree is an error (cfg->branch_check) */
    uint32_t full;     /* (1 << T) - 1 */
    uint32_t base, size;
    uint8_t *ram;
    int shadow;
    uint32_t tohost_off; /* RAM offset of the tohost word, or ~0 */
    int stack_guard;     /* weft_dev_stack_guard at the last reset: check writes of sp */
    uint32_t launch;
    mcore_t *cores;
    dinst_t **pages;   /* size >> PAGE_SHIFT decoded pages */
    uint32_t npages;
    uint64_t step;     /* scheduler steps in this run (the cycle CSR) */
    uint64_t warp_instrs, thread_instrs;
    uint64_t active_warps;
    int io;            /* an IO/tohost store happened this step */
    FILE *trace;       /* commit trace (trace_out.f), NULL = off */
    weft_out_t trace_out;
    /* storage */
    mwarp_t *warps;
    uint32_t *regs;
    uint32_t *fregs;
    uint32_t *tpcs;
    uint8_t *tdeps;
    ipdom_t *ipdoms;
    uint32_t *bars;
    weft_resv_t resv;  /* lr.w reservations per hart (standalone runs) */
    uint32_t *sresv;   /* the cores' shared-memory reservation words (mcore_t.sresv) */
    uint8_t *smem;     /* per-core shared memory, C x WEFT_SMEM_BYTES (kept across launches) */
};

/* ---- decode ------------------------------------------------------------- */

static int32_t sext(uint32_t v, unsigned bits) { return (int32_t)(v << (32 - bits)) >> (32 - bits); }

static int csr_kind(uint32_t addr)
{
    switch (addr) {
    case 0xC00: case 0xB00: return CSR_CYCLE;
    case 0xC80: case 0xB80: return CSR_CYCLEH;
    case 0xC02: case 0xB02: return CSR_INSTRET;
    case 0xC82: case 0xB82: return CSR_INSTRETH;
    case 0xF14: return CSR_MHARTID;
    case 0xCC0: return CSR_TID;
    case 0xCC1: return CSR_WID;
    case 0xCC2: return CSR_CID;
    case 0xCC3: return CSR_TMASK;
    case 0xCC4: return CSR_NTHREADS;
    case 0xCC5: return CSR_NWARPS;
    case 0xCC6: return CSR_NCORES;
    case 0xCC7: return CSR_LAUNCH;
    case 0x001: return CSR_FFLAGS;
    case 0x002: return CSR_FRM;
    case 0x003: return CSR_FCSR;
    case 0x7C0: return CSR_PLOCK;
    case 0x7C1: return CSR_PRLOCK;
    default:
        /* counters 3..31 at 0xB00/0xC00 + k (high words + 0x80), per-warp 0xFC0..0xFFF */
        if (((addr >> 8) == 0xB || (addr >> 8) == 0xC) && ((addr >> 5) & 3) == 0 && (addr & 31) >= 3 &&
            (addr & 31) <= 31)
            return CSR_PERF;
        if ((addr >> 6) == 0x3F) return CSR_PERF;
        /* counters 32.. of config/weft.yaml: 0xDC0 + (k - 32) / 0xDE0 + .. (k < 64), 0xEC0 / 0xEE0 (k < 96) */
        if (((addr >> 6) == 0x37 || (addr >> 6) == 0x3B) &&
            ((addr >> 8) == 0xD ? 32u : 64u) + (addr & 31) < WEFT_PERF_COUNTERS)
            return CSR_PERF;
        return -1;
    }
}

static dinst_t decode(uint32_t in)
{
    dinst_t d = {OP_ILLEGAL, 0, 0, 0, 0};
    unsigned opc = in & 0x7f, rd = (in >> 7) & 31, f3 = (in >> 12) & 7;
    unsigned rs1 = (in >> 15) & 31, rs2 = (in >> 20) & 31, f7 = in >> 25;
    int32_t imm_i = (int32_t)in >> 20;
    int32_t imm_s = sext(((in >> 25) << 5) | ((in >> 7) & 31), 12);
    int32_t imm_b = sext(((in >> 31) << 12) | (((in >> 7) & 1) << 11) | (((in >> 25) & 0x3f) << 5) |
                             (((in >> 8) & 0xf) << 1), 13);
    int32_t imm_j = sext(((in >> 31) << 20) | (((in >> 12) & 0xff) << 12) | (((in >> 20) & 1) << 11) |
                             (((in >> 21) & 0x3ff) << 1), 21);
    d.rd = (uint8_t)(rd ? rd : RD_SINK);
    d.rs1 = (uint8_t)rs1;
    d.rs2 = (uint8_t)rs2;
    switch (opc) {
    case 0x37: d.op = OP_LUI; d.imm = (int32_t)(in & 0xfffff000u); break;
    case 0x17: d.op = OP_AUIPC; d.imm = (int32_t)(in & 0xfffff000u); break;
    case 0x6f: d.op = OP_JAL; d.imm = imm_j; break;
    case 0x67:
        if (f3 == 0) { d.op = OP_JALR; d.imm = imm_i; }
        break;
    case 0x63: {
        static const uint8_t br[8] = {OP_BEQ, OP_BNE, OP_ILLEGAL, OP_ILLEGAL, OP_BLT, OP_BGE, OP_BLTU, OP_BGEU};
        d.op = br[f3];
        d.imm = imm_b;
        break;
    }
    case 0x03: {
        static const uint8_t ld[8] = {OP_LB, OP_LH, OP_LW, OP_ILLEGAL, OP_LBU, OP_LHU, OP_ILLEGAL, OP_ILLEGAL};
        d.op = ld[f3];
        d.imm = imm_i;
        break;
    }
    case 0x23: {
        static const uint8_t st[8] = {OP_SB, OP_SH, OP_SW, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL, OP_ILLEGAL};
        d.op = st[f3];
        d.imm = imm_s;
        break;
    }
    case 0x13:
        d.imm = imm_i;
        switch (f3) {
        case 0: d.op = OP_ADDI; break;
        case 2: d.op = OP_SLTI; break;
        case 3: d.op = OP_SLTIU; break;
        case 4: d.op = OP_XORI; break;
        case 6: d.op = OP_ORI; break;
        case 7: d.op = OP_ANDI; break;
        case 1: if (f7 == 0) { d.op = OP_SLLI; d.imm = (int32_t)rs2; } break;
        case 5:
            if (f7 == 0) { d.op = OP_SRLI; d.imm = (int32_t)rs2; }
            else if (f7 == 0x20) { d.op = OP_SRAI; d.imm = (int32_t)rs2; }
            break;
        }
        break;
    case 0x33:
        if (f7 == 0) {
            static const uint8_t r[8] = {OP_ADD, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_OR, OP_AND};
            d.op = r[f3];
        } else if (f7 == 0x20) {
            if (f3 == 0) d.op = OP_SUB;
            else if (f3 == 5) d.op = OP_SRA;
        } else if (f7 == 1) {
            static const uint8_t r[8] = {OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU};
            d.op = r[f3];
        }
        break;
    case 0x0f:
        if (f3 == 0 || f3 == 1) d.op = OP_NOP; /* fence, fence.i */
        break;
    case 0x73: {
        /* reads: csrrs/csrrc with rs1 = x0, csrrsi/csrrci with zimm = 0;
         * writes (csrrw(i) always, csrrs/csrrc(i) with a non-zero source)
         * only to perf-lock and perf-reset-lock. imm: kind | f3 << 8 | rs1 << 11 */
        int k = csr_kind(in >> 20);
        int wr = (f3 == 1 || f3 == 5) || ((f3 == 2 || f3 == 3 || f3 == 6 || f3 == 7) && rs1 != 0);
        int rd_ok = (f3 == 2 || f3 == 3 || f3 == 6 || f3 == 7) && rs1 == 0 && k >= 0;
        if (rd_ok || (wr && (k == CSR_PLOCK || k == CSR_PRLOCK || k == CSR_FFLAGS || k == CSR_FRM || k == CSR_FCSR))) {
            d.op = OP_CSR;
            d.imm = k | (int32_t)(f3 << 8) | (int32_t)(rs1 << 11);
        }
        break;
    }
    case 0x2f: { /* RV32A (aq/rl ignored) */
        const unsigned f5 = in >> 27;
        const int ok = f3 == 2 && (f5 == WEFT_AMO_LR ? rs2 == 0
                                   : f5 == WEFT_AMO_SC || f5 == WEFT_AMO_SWAP || f5 == WEFT_AMO_ADD ||
                                     f5 == WEFT_AMO_XOR || f5 == WEFT_AMO_AND || f5 == WEFT_AMO_OR ||
                                     f5 == WEFT_AMO_MIN || f5 == WEFT_AMO_MAX || f5 == WEFT_AMO_MINU ||
                                     f5 == WEFT_AMO_MAXU);
        if (ok) { d.op = OP_AMO; d.imm = (int32_t)f5; }
        break;
    }
    case 0x07: /* flw */
        if (f3 == 2) { d.op = OP_FLW; d.rd = (uint8_t)rd; d.imm = imm_i; }
        break;
    case 0x27: /* fsw */
        if (f3 == 2) { d.op = OP_FSW; d.imm = imm_s; }
        break;
    case 0x43: case 0x47: case 0x4b: case 0x4f: /* fmadd fmsub fnmsub fnmadd (.s: fmt 00) */
        if (((in >> 25) & 3) == 0 && f3 != 5 && f3 != 6) {
            static const uint8_t r4[4] = {FPOP_FMADD, FPOP_FMSUB, FPOP_FNMSUB, FPOP_FNMADD};
            d.op = OP_FP;
            d.rd = (uint8_t)rd;
            d.imm = (int32_t)(r4[(opc >> 2) & 3] | ((in >> 27) << 8) | (f3 << 16));
        }
        break;
    case 0x53: { /* OP-FP, fmt 00 (.s) */
        int fop = -1, frd = 1, rm_used = 1;
        switch (f7) {
        case 0x00: fop = FPOP_FADD; break;
        case 0x04: fop = FPOP_FSUB; break;
        case 0x08: fop = FPOP_FMUL; break;
        case 0x0c: fop = FPOP_FDIV; break;
        case 0x2c: if (rs2 == 0) fop = FPOP_FSQRT; break;
        case 0x10: rm_used = 0; if (f3 <= 2) fop = FPOP_FSGNJ + (int)f3; break;
        case 0x14: rm_used = 0; if (f3 <= 1) fop = FPOP_FMIN + (int)f3; break;
        case 0x60: frd = 0; if (rs2 <= 1) fop = FPOP_FCVT_W_S + (int)rs2; break;
        case 0x68: if (rs2 <= 1) fop = FPOP_FCVT_S_W + (int)rs2; break;
        case 0x70:
            frd = 0; rm_used = 0;
            if (rs2 == 0 && f3 == 0) fop = FPOP_FMV_X_W;
            else if (rs2 == 0 && f3 == 1) fop = FPOP_FCLASS;
            break;
        case 0x78: rm_used = 0; if (rs2 == 0 && f3 == 0) fop = FPOP_FMV_W_X; break;
        case 0x50:
            frd = 0; rm_used = 0;
            if (f3 <= 2) fop = f3 == 0 ? FPOP_FLE : f3 == 1 ? FPOP_FLT : FPOP_FEQ;
            break;
        default: break;
        }
        if (fop < 0 || (rm_used && (f3 == 5 || f3 == 6))) /* static rm 5, 6: reserved */
            break;
        d.op = OP_FP;
        if (frd)
            d.rd = (uint8_t)rd; /* f0 is a real register */
        d.imm = (int32_t)((uint32_t)fop | ((rm_used ? f3 : 0) << 16));
        break;
    }
    case 0x0b:
        if (f7 == 1 && f3 != 3 && (f3 >= 4 || rs2 == 0)) { /* vote.any/all/ballot, shfl.idx/up/down/xor */
            d.op = OP_WARP;
            d.imm = (int32_t)f3;
        } else if (f7 == 0 && f3 <= 5) {
            static const uint8_t s[6] = {OP_TMC, OP_WSPAWN, OP_SPLIT, OP_JOIN, OP_BAR, OP_PRED};
            d.op = s[f3];
        }
        break;
    default:
        break;
    }
    return d;
}

/* ---- memory helpers --------------------------------------------------------- */

static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint16_t ld16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}
static inline void st32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void st16(uint8_t *p, uint16_t v) { memcpy(p, &v, 2); }

static inline void invalidate(model_t *m, uint32_t off)
{
    dinst_t *pg = m->pages[off >> PAGE_SHIFT];
    if (UNLIKELY(pg != NULL))
        pg[(off >> 2) & (PAGE_INSNS - 1)].op = OP_UNDECODED;
}

/* ---- errors --------------------------------------------------------------- */

static const char *op_name(unsigned op)
{
    switch (op) {
    case OP_LB: return "lb";
    case OP_LH: return "lh";
    case OP_LW: return "lw";
    case OP_LBU: return "lbu";
    case OP_LHU: return "lhu";
    case OP_SB: return "sb";
    case OP_SH: return "sh";
    case OP_SW: return "sw";
    case OP_FLW: return "flw";
    case OP_FSW: return "fsw";
    case OP_AMO: return "atomic";
    default: return "access";
    }
}

static inline unsigned op_width(unsigned op)
{
    return (op == OP_LW || op == OP_SW || op == OP_FLW || op == OP_FSW || op == OP_AMO) ? 4
           : (op == OP_LH || op == OP_LHU || op == OP_SH) ? 2 : 1;
}

static COLD int mem_fault(model_t *m, unsigned c, unsigned w, unsigned t, unsigned op, uint32_t addr,
                          uint32_t pc)
{
    unsigned width = op_width(op);
    /* wording shared with the rtl engine (sim/fault.h) */
    return weft_dev_fail(m->dev, WEFT_E_MEM, "%s %s at address 0x%08x (core %u, warp %u, thread %u, pc 0x%08x)%s",
                         weft_fault_kind(addr, width), op_name(op), addr, c, w, t, pc,
                         weft_fault_why(addr, width, op == OP_AMO));
}

/* The lane the RTL's LSU rejects (rtl/weft_lsu.sv), or -1: the lowest
 * active lane that is misaligned or, when any active lane addresses the
 * shared-memory window, that is outside it or beyond its size (atomic only
 * names the access in messages: atomics are allowed there). */
static COLD int lsu_reject(uint32_t mask, const uint32_t *a, uint32_t imm, unsigned width, int atomic,
                           uint32_t *ax, int *smem)
{
    (void)atomic;
    *smem = 0;
    for (uint32_t mm = mask; mm; mm &= mm - 1)
        *smem |= ((a[__builtin_ctz(mm)] + imm) >> 24) == (WEFT_SMEM_BASE >> 24);
    for (uint32_t mm = mask; mm; mm &= mm - 1) {
        const unsigned x = (unsigned)__builtin_ctz(mm);
        const uint32_t v = a[x] + imm;
        if ((v & (width - 1)) || (*smem && ((v >> 24) != (WEFT_SMEM_BASE >> 24) ||
                                            (v & 0xffffffu) > WEFT_SMEM_BYTES - width))) {
            *ax = v;
            return (int)x;
        }
    }
    return -1;
}

/* An access of lane t faulted (or broke the shared-memory rule): report the
 * lane the RTL reports, so that both engines name the same one: a lane the
 * LSU rejects (lowest first) before an out-of-range lane (memory sees the
 * lanes in order, the first that fails is t). intact: the lanes' addresses
 * a[] + imm are still the instruction's (a load whose rd is its rs1 has
 * overwritten those of the lanes before t). */
static COLD int access_fault(model_t *m, unsigned c, unsigned w, unsigned t, unsigned op, uint32_t mask,
                             const uint32_t *a, uint32_t imm, uint32_t addr, uint32_t pc, int intact)
{
    const unsigned width = op_width(op);
    uint32_t ax = 0;
    int smem = 0, x = -1;
    if (intact || t == (unsigned)__builtin_ctz(mask))
        x = lsu_reject(mask, a, imm, width, op == OP_AMO, &ax, &smem);
    if (x < 0)
        return mem_fault(m, c, w, t, op, addr, pc);
    return weft_dev_fail(m->dev, WEFT_E_MEM, "%s %s at address 0x%08x (core %u, warp %u, thread %u, pc 0x%08x)%s",
                         weft_fault_kind(ax, width), op_name(op), ax, c, w, (unsigned)x, pc,
                         smem ? weft_fault_smem_why(ax, width, op == OP_AMO) : "");
}

static COLD int fetch_fault(model_t *m, unsigned c, unsigned w, uint32_t pc)
{
    return weft_dev_fail(m->dev, WEFT_E_MEM, "%s instruction fetch at pc 0x%08x (core %u, warp %u)",
                         (pc & 3) ? "misaligned" : "out-of-range", pc, c, w);
}

static COLD int illegal(model_t *m, unsigned c, unsigned w, uint32_t pc)
{
    uint32_t word = ld32(m->ram + (pc - m->base));
    return weft_dev_fail(m->dev, WEFT_E_ILLEGAL, "illegal instruction 0x%08x at pc 0x%08x (core %u, warp %u)", word,
                         pc, c, w);
}

/* The stack guard (docs/isa.md): after an instruction that wrote x2, every
 * active thread's sp must lie in its own stack [top - stride, top]. */
static COLD int stack_check(model_t *m, unsigned c, unsigned w, uint32_t mask, uint32_t pc)
{
    const uint32_t *sp = m->cores[c].w[w].x + 2 * m->T;
    for (unsigned t = 0; t < m->T; t++) {
        if (!(mask >> t & 1)) continue;
        const uint64_t g = ((uint64_t)c * m->W + w) * m->T + t;
        const uint32_t hi = WEFT_STACK_TOP - (uint32_t)(g * WEFT_STACK_STRIDE);
        if (hi - sp[t] > WEFT_STACK_STRIDE)
            return weft_dev_stack_fail(m->dev, c, w, t, sp[t], pc);
    }
    return WEFT_OK;
}

static COLD int deadlock(model_t *m, unsigned c, uint32_t pc)
{
    mcore_t *core = &m->cores[c];
    char buf[300];
    size_t n = 0;
    buf[0] = 0;
    for (unsigned w = 0; w < m->W && n < sizeof buf - 48; w++)
        if (core->active & (1ull << w))
            n += (size_t)snprintf(buf + n, sizeof buf - n, " w%u@bar%d(pc 0x%08x)", w, core->w[w].bar,
                                  core->w[w].pc - 4);
    return weft_dev_fail(m->dev, WEFT_E_DEVICE,
                         "barrier deadlock on core %u: every active warp waits at a barrier (last arrival pc 0x%08x);"
                         " waiting:%s",
                         c, pc, buf);
}

/* ---- warps ------------------------------------------------------------------ */

static inline uint32_t popcount32(uint32_t v) /* no libgcc call without -mpopcnt */
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return (((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static inline void set_mask(mwarp_t *wp, uint32_t mask)
{
    wp->tmask = mask;
    wp->nact = popcount32(mask);
}

static void warp_start(model_t *m, mcore_t *core, unsigned w, uint32_t pc)
{
    mwarp_t *wp = &core->w[w];
    memset(wp->x, 0, (size_t)NREGS * m->T * sizeof wp->x[0]); /* registers read 0 at warp start (as the RTL) */
    memset(wp->f, 0, (size_t)32 * m->T * sizeof wp->f[0]);
    wp->fflags = 0;
    wp->frm = 0;
    wp->pc = pc;
    set_mask(wp, m->full);
    wp->live = m->full;
    wp->barwait = 0;
    wp->arrive = 0;
    for (unsigned t = 0; t < m->T; t++) {
        wp->tpc[t] = pc;
        wp->tdep[t] = 0;
    }
    wp->bar = -1;
    wp->sp = 0;
    core->active |= 1ull << w;
    core->runnable |= 1ull << w;
    m->active_warps++;
}

/* The warp ends (tmask 0). Returns an error if the rest of its core is now
 * deadlocked at barriers. */
static int warp_end(model_t *m, unsigned c, unsigned w, uint32_t pc)
{
    mcore_t *core = &m->cores[c];
    mwarp_t *wp = &core->w[w];
    wp->tmask = 0;
    wp->nact = 0;
    wp->live = 0;
    wp->barwait = 0;
    wp->arrive = 0;
    wp->sp = 0;
    core->active &= ~(1ull << w);
    core->runnable &= ~(1ull << w);
    m->active_warps--;
    if (core->active && !core->runnable)
        return deadlock(m, c, pc);
    return WEFT_OK;
}

/* Shared memory: the address of a lane's access in core c's shared memory,
 * or NULL. A warp access belongs to the space of its lowest active lane;
 * when the lowest lane itself asks, every active lane must be in the window,
 * aligned and in range (else the whole access faults, like the RTL's LSU). */
static COLD uint8_t *smem_ptr(model_t *m, unsigned c, uint32_t mask, const uint32_t *a, uint32_t imm,
                              uint32_t addr, unsigned width)
{
    const unsigned l = (unsigned)__builtin_ctz(mask);
    if (((a[l] + imm) >> 24) != (WEFT_SMEM_BASE >> 24)) return NULL;
    if ((addr >> 24) != (WEFT_SMEM_BASE >> 24)) return NULL;
    if (addr == a[l] + imm)
        for (uint32_t mm = mask; mm; mm &= mm - 1) {
            const uint32_t x = a[__builtin_ctz(mm)] + imm;
            if ((x >> 24) != (WEFT_SMEM_BASE >> 24) || (x & (width - 1)) || (x & 0xffffffu) > WEFT_SMEM_BYTES - width)
                return NULL;
        }
    const uint32_t off = addr & 0xffffffu;
    if ((addr & (width - 1)) || off > WEFT_SMEM_BYTES - width) return NULL;
    return m->smem + (size_t)c * WEFT_SMEM_BYTES + off;
}

/* Store slow path: shared memory, the tohost word, the console and exit
 * addresses, and out-of-range addresses. addr is word aligned; mask, a and
 * imm give every lane's address (the shared-memory rule of the RTL's LSU:
 * a request with a lane in the window has all its lanes there). */
static COLD int store_slow(model_t *m, unsigned c, unsigned w, unsigned t, unsigned op, uint32_t mask,
                           const uint32_t *a, uint32_t imm, uint32_t eaddr, uint32_t addr, uint32_t data,
                           unsigned byteen, uint32_t pc)
{
    uint32_t off = addr - m->base;
    if ((eaddr >> 24) == (WEFT_SMEM_BASE >> 24)) {
        uint32_t ax;
        int smem;
        if ((addr & 0xffffffu) > WEFT_SMEM_BYTES - 4 || lsu_reject(mask, a, imm, op_width(op), 0, &ax, &smem) >= 0)
            return access_fault(m, c, w, t, op, mask, a, imm, eaddr, pc, 1);
        uint8_t *p = m->smem + (size_t)c * WEFT_SMEM_BYTES + (addr & 0xffffffu);
        for (unsigned i = 0; i < 4; i++)
            if (byteen & (1u << i))
                p[i] = (uint8_t)(data >> (8 * i));
        weft_resv_clear_word(&m->cores[c].sresv, addr);
        return WEFT_OK;
    }
    if (m->shadow) {
        if (off < m->size) {
            uint8_t *p = m->ram + off;
            for (unsigned i = 0; i < 4; i++)
                if (byteen & (1u << i))
                    p[i] = (uint8_t)(data >> (8 * i));
            invalidate(m, off);
            return WEFT_OK;
        }
        if ((addr == WEFT_IO_CONSOLE && (byteen & 1)) || (addr == WEFT_IO_EXIT && byteen == 0xf))
            return WEFT_OK;
        return access_fault(m, c, w, t, op, mask, a, imm, eaddr, pc, 1);
    }
    if (weft_mem_store(m->dev, addr, data, byteen, c, w, t) != WEFT_OK)
        return access_fault(m, c, w, t, op, mask, a, imm, eaddr, pc, 1);
    if (off < m->size)
        invalidate(m, off);
    m->io = 1;
    return WEFT_OK;
}

static COLD dinst_t *new_page(model_t *m, uint32_t off)
{
    dinst_t *pg = calloc(PAGE_INSNS, sizeof *pg);
    if (!pg) {
        weft_dev_fail(m->dev, WEFT_E_INTERNAL, "model: out of host memory for decoded instructions");
        return NULL;
    }
    m->pages[off >> PAGE_SHIFT] = pg;
    return pg;
}

/* ---- execute one warp instruction --------------------------------------------- */

#define X(r) (x + (size_t)(r) * T)
#define FR(r) (wp->f + (size_t)(r) * T)

/* Run stmt for every active lane t. */
#define LANES(...)                                                        \
    do {                                                                  \
        if (mask == full) {                                               \
            for (unsigned t = 0; t < T; t++) {                            \
                __VA_ARGS__;                                              \
            }                                                             \
        } else {                                                          \
            uint32_t mm_ = mask;                                          \
            do {                                                          \
                unsigned t = (unsigned)__builtin_ctz(mm_);                \
                __VA_ARGS__;                                              \
                mm_ &= mm_ - 1;                                           \
            } while (mm_);                                                \
        }                                                                 \
    } while (0)

/* Register-register and register-immediate ALU operations have no side
 * effects, so under a partial mask every lane is computed and the result
 * merged by the mask: no data-dependent branches. */
#define ALU_LANES(...)                                                    \
    do {                                                                  \
        if (mask == full && T > 8) {                                      \
            for (unsigned t = 0; t < T; t++)                              \
                d[t] = (__VA_ARGS__);                                     \
        } else {                                                          \
            for (unsigned t = 0; t < T; t++) {                            \
                const uint32_t r_ = (__VA_ARGS__);                        \
                const uint32_t k_ = 0u - ((mask >> t) & 1u);              \
                d[t] = (r_ & k_) | (d[t] & ~k_);                          \
            }                                                             \
        }                                                                 \
    } while (0)

#define ALU_RR(expr)                                                      \
    do {                                                                  \
        uint32_t *d = X(di.rd);                                           \
        const uint32_t *a = X(di.rs1), *b = X(di.rs2);                    \
        ALU_LANES(expr);                                                  \
    } while (0)

#define ALU_RI(expr)                                                      \
    do {                                                                  \
        uint32_t *d = X(di.rd);                                           \
        const uint32_t *a = X(di.rs1);                                    \
        const uint32_t imm = (uint32_t)di.imm;                            \
        (void)imm;                                                        \
        ALU_LANES(expr);                                                  \
    } while (0)

#define LOAD(width, expr) LOAD_TO(X(di.rd), width, expr)
#define LOAD_TO(DROW, width, expr)                                                         \
    do {                                                                                   \
        uint32_t *d = (DROW);                                                              \
        const uint32_t *a = X(di.rs1);                                                     \
        const uint32_t imm = (uint32_t)di.imm;                                             \
        /* rd == rs1: the lanes' addresses from before the load (a lane's */              \
        /* result must not change the address checks of the later lanes) */               \
        uint32_t a_before_[MODEL_MAX_THREADS];                                             \
        if ((const uint32_t *)d == a) {                                                    \
            memcpy(a_before_, a, (size_t)T * sizeof *a);                                   \
            a = a_before_;                                                                 \
        }                                                                                  \
        LANES({                                                                            \
            uint32_t addr = a[t] + imm, off = addr - base;                                 \
            const uint8_t *p = ram + off;                                                  \
            if (UNLIKELY((addr & ((width) - 1)) || off > size - (width)))                  \
                if (!(p = smem_ptr(m, c, mask, a, imm, addr, (width))))                   \
                    return access_fault(m, c, w, t, di.op, mask, a, imm, addr, pc, 1);     \
            d[t] = (expr);                                                                 \
        });                                                                                \
    } while (0)

#define STORE(width, STFAST, SHIFTED, BYTEEN) STORE_FROM(X(di.rs2), width, STFAST, SHIFTED, BYTEEN)
#define STORE_FROM(SROW, width, STFAST, SHIFTED, BYTEEN)                                   \
    do {                                                                                   \
        const uint32_t *a = X(di.rs1), *b = (SROW);                                        \
        const uint32_t imm = (uint32_t)di.imm;                                             \
        LANES({                                                                            \
            uint32_t addr = a[t] + imm, off = addr - base, v = b[t];                       \
            if (UNLIKELY(addr & ((width) - 1)))                                            \
                return access_fault(m, c, w, t, di.op, mask, a, imm, addr, pc, 1);         \
            if (UNLIKELY(m->resv.count)) weft_resv_clear_word(&m->resv, addr);           \
            if (LIKELY(off <= size - (width) && (off & ~3u) != m->tohost_off)) {           \
                STFAST;                                                                    \
                invalidate(m, off & ~3u);                                                  \
            } else {                                                                       \
                int rc_ = store_slow(m, c, w, t, di.op, mask, a, imm, addr, addr & ~3u, (SHIFTED), \
                                     (BYTEEN), pc);                                        \
                if (rc_)                                                                   \
                    return rc_;                                                            \
            }                                                                              \
            if (rec) {                                                                     \
                rec->st_mask |= 1u << t;                                                   \
                rec->st_addr[t] = addr & ~3u;                                              \
                rec->st_data[t] = (SHIFTED);                                               \
                rec->st_byteen[t] = (uint8_t)(BYTEEN);                                     \
            }                                                                              \
        });                                                                                \
    } while (0)

#define BRANCH(cond)                                                      \
    do {                                                                  \
        if (UNLIKELY(m->minpc)) { /* per thread (docs/isa.md) */          \
            for (unsigned t = 0; t < T; t++)                              \
                if (mask >> t & 1) {                                      \
                    uint32_t av = X(di.rs1)[t], bv = X(di.rs2)[t];        \
                    wp->tpc[t] = (cond) ? pc + (uint32_t)di.imm : pc + 4; \
                }                                                         \
            lanes_pc = 1;                                                 \
            break;                                                        \
        }                                                                 \
        unsigned l = (unsigned)__builtin_ctz(mask);                       \
        uint32_t av = X(di.rs1)[l], bv = X(di.rs2)[l];                    \
        const int lt = (cond);                                            \
        npc = lt ? pc + (uint32_t)di.imm : npc;                           \
        if (m->bcheck && (mask & (mask - 1)) && di.imm != 4) {            \
            uint32_t off = 0;                                             \
            for (unsigned t = 0; t < T; t++)                              \
                if (mask >> t & 1) {                                      \
                    uint32_t av = X(di.rs1)[t], bv = X(di.rs2)[t];        \
                    off |= (uint32_t)((cond) != lt) << t;                 \
                }                                                         \
            if (UNLIKELY(off))                                            \
                return divergent_branch(m, c, w, pc, off);                \
        }                                                                 \
    } while (0)

/* ipdom with the branch check: a branch or jalr on which the active threads
 * disagree (the threads of off do not go where the leader goes). The RTL's
 * weft_alu reports the same (sim/diag.c, cause 0) with the same text. */
static COLD int divergent_branch(model_t *m, unsigned c, unsigned w, uint32_t pc, uint32_t off)
{
    return weft_dev_fail(m->dev, WEFT_E_DEVICE, WEFT_DIVBR_FMT, pc, c, w, off);
}

/* Divergence minpc: the call depth of the threads of mask after a jal/jalr
 * (rd x1/x5: a call, +1; else jalr with rs1 x1/x5: a return, -1; saturating
 * at 0 and MINPC_DEPTH_MAX), the RISC-V return-address hints. */
#define MINPC_DEPTH_MAX 255u
static inline void minpc_depth(mwarp_t *wp, uint32_t mask, const dinst_t *di, unsigned T)
{
    int call = di->rd == 1 || di->rd == 5;
    int ret = !call && di->op == OP_JALR && (di->rs1 == 1 || di->rs1 == 5);
    if (!call && !ret)
        return;
    for (unsigned t = 0; t < T; t++)
        if (mask >> t & 1) {
            uint8_t d = wp->tdep[t];
            wp->tdep[t] = call ? (uint8_t)(d < MINPC_DEPTH_MAX ? d + 1 : d) : (uint8_t)(d ? d - 1 : 0);
        }
}

/* Divergence minpc: the warp's next pc and thread mask from the per-thread
 * pcs: among the live threads the deepest call level, at that level the
 * lowest pc; the mask is every live thread at that pc (whatever its depth).
 * Collange, "Simty: generalized SIMT execution on RISC-V", CARRV 2017. */
static inline void minpc_select(mwarp_t *wp, unsigned T)
{
    uint32_t bpc = 0, mask = 0;
    int bdep = -1;
    uint32_t elig = wp->live & ~wp->barwait; /* threads parked at a bar wait for the others */
    if (!elig) { /* every live thread is parked at a bar: the selected group's
                    bar is executed again as the warp's arrival */
        wp->barwait = 0;
        wp->arrive = 1;
        elig = wp->live;
    }
    for (unsigned t = 0; t < T; t++)
        if (elig >> t & 1) {
            int d = wp->tdep[t];
            if (d > bdep || (d == bdep && wp->tpc[t] < bpc)) {
                bdep = d;
                bpc = wp->tpc[t];
            }
        }
    for (unsigned t = 0; t < T; t++)
        if ((elig >> t & 1) && wp->tpc[t] == bpc)
            mask |= 1u << t;
    wp->pc = bpc;
    set_mask(wp, mask);
}

/* T is a parameter so that the run loops below can be specialised for the
 * common warp widths (the lane loops then have a constant trip count). */
static inline __attribute__((always_inline)) int exec_t(model_t *m, unsigned c, unsigned w, model_commit_t *rec,
                                                        const unsigned T)
{
    mcore_t *core = &m->cores[c];
    mwarp_t *wp = &core->w[w];
    const uint32_t full = T == 32 ? 0xffffffffu : (1u << T) - 1;
    const uint32_t base = m->base, size = m->size;
    uint8_t *const ram = m->ram;
    uint32_t *const x = wp->x;
    const uint32_t pc = wp->pc;
    const uint32_t mask = wp->tmask;
    const uint32_t nact = wp->nact;
    uint32_t npc = pc + 4;
    int lanes_pc = 0; /* minpc: wp->tpc of the threads of mask already holds their next pc */
    int fwb = -1; /* F instructions: 1 = wrote FP register di.rd, 0 = integer register di.rd */

    /* fetch */
    uint32_t poff = pc - base;
    if (UNLIKELY((pc & 3) || poff >= size))
        return fetch_fault(m, c, w, pc);
    dinst_t *pg = m->pages[poff >> PAGE_SHIFT];
    if (UNLIKELY(!pg)) {
        pg = new_page(m, poff);
        if (!pg)
            return WEFT_E_INTERNAL;
    }
    dinst_t *dp = &pg[(poff >> 2) & (PAGE_INSNS - 1)];
    if (UNLIKELY(dp->op == OP_UNDECODED))
        *dp = decode(ld32(ram + poff));
    const dinst_t di = *dp;

    if (rec) {
        memset(rec, 0, sizeof *rec);
        rec->core = c;
        rec->warp = w;
        rec->pc = pc;
        rec->instr = ld32(ram + poff);
        rec->tmask = mask;
        rec->fcsr = (wp->frm << 5) | wp->fflags; /* updated below if the instruction changes it */
    }

    switch (di.op) {
    case OP_NOP: break;
    case OP_LUI: { uint32_t *d = X(di.rd); const uint32_t v = (uint32_t)di.imm; LANES(d[t] = v); break; }
    case OP_AUIPC: { uint32_t *d = X(di.rd); const uint32_t v = pc + (uint32_t)di.imm; LANES(d[t] = v); break; }
    case OP_JAL: {
        uint32_t *d = X(di.rd);
        LANES(d[t] = pc + 4);
        npc = pc + (uint32_t)di.imm;
        if (UNLIKELY(m->minpc))
            minpc_depth(wp, mask, &di, T);
        break;
    }
    case OP_JALR: {
        if (UNLIKELY(m->minpc)) { /* per-thread targets, read before rd is written */
            const uint32_t *a = X(di.rs1);
            for (unsigned t = 0; t < T; t++)
                if (mask >> t & 1)
                    wp->tpc[t] = (a[t] + (uint32_t)di.imm) & ~1u;
            lanes_pc = 1;
            uint32_t *d = X(di.rd);
            LANES(d[t] = pc + 4);
            minpc_depth(wp, mask, &di, T);
            break;
        }
        unsigned l = (unsigned)__builtin_ctz(mask);
        uint32_t target = (X(di.rs1)[l] + (uint32_t)di.imm) & ~1u;
        if (m->bcheck && (mask & (mask - 1))) {
            uint32_t off = 0;
            const uint32_t *a = X(di.rs1);
            for (unsigned t = 0; t < T; t++)
                if (mask >> t & 1)
                    off |= (uint32_t)(((a[t] + (uint32_t)di.imm) & ~1u) != target) << t;
            if (UNLIKELY(off))
                return divergent_branch(m, c, w, pc, off);
        }
        uint32_t *d = X(di.rd);
        LANES(d[t] = pc + 4);
        npc = target;
        break;
    }
    case OP_BEQ: BRANCH(av == bv); break;
    case OP_BNE: BRANCH(av != bv); break;
    case OP_BLT: BRANCH((int32_t)av < (int32_t)bv); break;
    case OP_BGE: BRANCH((int32_t)av >= (int32_t)bv); break;
    case OP_BLTU: BRANCH(av < bv); break;
    case OP_BGEU: BRANCH(av >= bv); break;

    case OP_LB: LOAD(1, (uint32_t)(int32_t)(int8_t)*p); break;
    case OP_LBU: LOAD(1, (uint32_t)*p); break;
    case OP_LH: LOAD(2, (uint32_t)(int32_t)(int16_t)ld16(p)); break;
    case OP_LHU: LOAD(2, (uint32_t)ld16(p)); break;
    case OP_LW: LOAD(4, ld32(p)); break;
    case OP_SB: STORE(1, ram[off] = (uint8_t)v, (v & 0xffu) << (8 * (addr & 3)), 1u << (addr & 3)); break;
    case OP_SH: STORE(2, st16(ram + off, (uint16_t)v), (v & 0xffffu) << (8 * (addr & 2)), 3u << (addr & 2)); break;
    case OP_SW: STORE(4, st32(ram + off, v), v, 0xfu); break;

    case OP_ADDI: ALU_RI(a[t] + imm); break;
    case OP_SLTI: ALU_RI((int32_t)a[t] < (int32_t)imm); break;
    case OP_SLTIU: ALU_RI(a[t] < imm); break;
    case OP_XORI: ALU_RI(a[t] ^ imm); break;
    case OP_ORI: ALU_RI(a[t] | imm); break;
    case OP_ANDI: ALU_RI(a[t] & imm); break;
    case OP_SLLI: ALU_RI(a[t] << imm); break;
    case OP_SRLI: ALU_RI(a[t] >> imm); break;
    case OP_SRAI: ALU_RI((uint32_t)((int32_t)a[t] >> imm)); break;

    case OP_ADD: ALU_RR(a[t] + b[t]); break;
    case OP_SUB: ALU_RR(a[t] - b[t]); break;
    case OP_SLL: ALU_RR(a[t] << (b[t] & 31)); break;
    case OP_SLT: ALU_RR((int32_t)a[t] < (int32_t)b[t]); break;
    case OP_SLTU: ALU_RR(a[t] < b[t]); break;
    case OP_XOR: ALU_RR(a[t] ^ b[t]); break;
    case OP_SRL: ALU_RR(a[t] >> (b[t] & 31)); break;
    case OP_SRA: ALU_RR((uint32_t)((int32_t)a[t] >> (b[t] & 31))); break;
    case OP_OR: ALU_RR(a[t] | b[t]); break;
    case OP_AND: ALU_RR(a[t] & b[t]); break;

    case OP_MUL: ALU_RR(a[t] * b[t]); break;
    case OP_MULH: ALU_RR((uint32_t)(((int64_t)(int32_t)a[t] * (int64_t)(int32_t)b[t]) >> 32)); break;
    case OP_MULHSU: ALU_RR((uint32_t)(((int64_t)(int32_t)a[t] * (int64_t)(uint64_t)b[t]) >> 32)); break;
    case OP_MULHU: ALU_RR((uint32_t)(((uint64_t)a[t] * (uint64_t)b[t]) >> 32)); break;
    case OP_DIV:
        ALU_RR(b[t] == 0 ? 0xffffffffu
               : (a[t] == 0x80000000u && b[t] == 0xffffffffu) ? 0x80000000u
               : (uint32_t)((int32_t)a[t] / (int32_t)b[t]));
        break;
    case OP_DIVU: ALU_RR(b[t] == 0 ? 0xffffffffu : a[t] / b[t]); break;
    case OP_REM:
        ALU_RR(b[t] == 0 ? a[t]
               : (a[t] == 0x80000000u && b[t] == 0xffffffffu) ? 0u
               : (uint32_t)((int32_t)a[t] % (int32_t)b[t]));
        break;
    case OP_REMU: ALU_RR(b[t] == 0 ? a[t] : a[t] % b[t]); break;

    case OP_FLW: LOAD_TO(FR(di.rd), 4, ld32(p)); fwb = 1; break;
    case OP_FSW: STORE_FROM(FR(di.rs2), 4, st32(ram + off, v), v, 0xfu); break;
    case OP_AMO: {
        const unsigned f5 = (unsigned)di.imm;
        const uint32_t *a = X(di.rs1), *b = X(di.rs2);
        uint32_t *d = X(di.rd);
        uint32_t res[MODEL_MAX_THREADS];
        uint8_t *const mem = m->shadow ? weft_mem_ram(m->dev) : ram;   /* co-simulation: memory's words */
        if (UNLIKELY((a[__builtin_ctz(mask)] >> 24) == (WEFT_SMEM_BASE >> 24))) {
            /* Shared memory (rtl/weft_smem.sv): every active lane in the
             * window, aligned and in range (else the access error, lowest
             * such lane); the lanes execute in lane order on the core's
             * words, with the core's own reservations. Memory never sees
             * it, so no atomic record for co-simulation: its rd values are
             * compared like a load's. */
            uint32_t ax;
            int sm;
            const int bad = lsu_reject(mask, a, 0, 4, 1, &ax, &sm);
            if (UNLIKELY(bad >= 0))
                return access_fault(m, c, w, (unsigned)bad, di.op, mask, a, 0, ax, pc, 1);
            uint8_t *const sbase = m->smem + (size_t)c * WEFT_SMEM_BYTES;
            weft_resv_t *const sr = &core->sresv;
            LANES({
                const uint32_t addr = a[t];
                uint8_t *const p = sbase + (addr & 0xffffffu);
                const unsigned hart = w * T + t;
                const uint32_t old = ld32(p);
                if (f5 == WEFT_AMO_LR) {
                    weft_resv_set(sr, hart, addr);
                    res[t] = old;
                } else if (f5 == WEFT_AMO_SC) {
                    const int ok = weft_resv_take(sr, hart, addr);
                    res[t] = !ok;
                    if (ok) {
                        weft_resv_clear_word(sr, addr);
                        st32(p, b[t]);
                    }
                } else {
                    res[t] = old;
                    weft_resv_clear_word(sr, addr);
                    st32(p, weft_amo_new(f5, old, b[t]));
                }
            });
            LANES(d[t] = res[t]);
            break;
        }
        LANES({
            uint32_t addr = a[t], off = addr - base;
            if (UNLIKELY((addr & 3) || off > size - 4))
                return access_fault(m, c, w, t, di.op, mask, a, 0, addr, pc, 1);
            if (rec) {
                rec->amo_mask |= 1u << t;
                rec->amo_addr[t] = addr;
                rec->amo_src[t] = b[t];
            }
            if (core->amo_set) {
                /* Co-simulation: memory executed it (in memory order); its
                 * words are copied into the model's memory. */
                res[t] = core->amo_rsp[t];
                memcpy(ram + off, mem + off, 4);
            } else {
                const unsigned hart = (c * m->W + w) * T + t;
                const uint32_t old = ld32(ram + off);
                if (f5 == WEFT_AMO_LR) {
                    weft_resv_set(&m->resv, hart, addr);
                    res[t] = old;
                } else if (f5 == WEFT_AMO_SC) {
                    const int ok = weft_resv_take(&m->resv, hart, addr);
                    res[t] = !ok;
                    if (ok) {
                        weft_resv_clear_word(&m->resv, addr);
                        st32(ram + off, b[t]);
                    }
                } else {
                    res[t] = old;
                    weft_resv_clear_word(&m->resv, addr);
                    st32(ram + off, weft_amo_new(f5, old, b[t]));
                }
            }
            invalidate(m, off);
        });
        core->amo_set = 0;
        LANES(d[t] = res[t]);
        if (rec) rec->amo = 0x20u | f5;
        break;
    }
    case OP_FP: {
        const int fop = di.imm & 0xff;
        int rm = (di.imm >> 16) & 7;
        if (rm == 7) {
            rm = (int)wp->frm;
            if (UNLIKELY(rm > 4)) /* dynamic rounding mode with frm 5..7 */
                return illegal(m, c, w, pc);
        }
        const int int_src = fop == FPOP_FCVT_S_W || fop == FPOP_FCVT_S_WU || fop == FPOP_FMV_W_X;
        const int int_dst = fop == FPOP_FCVT_W_S || fop == FPOP_FCVT_WU_S || fop == FPOP_FMV_X_W ||
                            fop == FPOP_FEQ || fop == FPOP_FLT || fop == FPOP_FLE || fop == FPOP_FCLASS;
        const uint32_t *a = int_src ? X(di.rs1) : FR(di.rs1), *b = FR(di.rs2), *cc = FR((di.imm >> 8) & 31);
        uint32_t *d = int_dst ? X(di.rd) : FR(di.rd);
        unsigned acc = 0;
        LANES({
            unsigned fl;
            d[t] = fp32_exec(fop, a[t], b[t], cc[t], rm, &fl);
            acc |= fl;
            if (rec)
                rec->lane_fflags[t] = (uint8_t)fl;
        });
        wp->fflags |= acc; /* per warp: the OR of the active lanes' flags */
        fwb = int_dst ? 0 : 1;
        break;
    }

    case OP_CSR: {
        uint32_t *d = X(di.rd);
        uint64_t cyc = core->cycle_set ? core->cycle : m->step;
        uint32_t v = 0;
        switch (di.imm & 0xff) {
        case CSR_CYCLE: v = (uint32_t)cyc; break;
        case CSR_CYCLEH: v = (uint32_t)(cyc >> 32); break;
        case CSR_INSTRET: v = (uint32_t)wp->instret; break;
        case CSR_INSTRETH: v = (uint32_t)(wp->instret >> 32); break;
        case CSR_MHARTID: {
            const uint32_t g = (c * m->W + w) * T;
            LANES(d[t] = g + t);
            goto csr_done;
        }
        case CSR_TID: LANES(d[t] = t); goto csr_done;
        case CSR_WID: v = w; break;
        case CSR_CID: v = c; break;
        case CSR_TMASK: v = mask; break;
        case CSR_NTHREADS: v = T; break;
        case CSR_NWARPS: v = m->W; break;
        case CSR_NCORES: v = m->C; break;
        case CSR_LAUNCH: v = m->launch; break;
        case CSR_PERF: v = core->cycle_set ? core->rtl_val : 0; break;
        case CSR_FFLAGS:
        case CSR_FRM:
        case CSR_FCSR: { /* per warp; a write takes the leader's source (docs/isa.md) */
            const unsigned kind = (unsigned)di.imm & 0xff;
            const unsigned f3 = (unsigned)(di.imm >> 8) & 7, src_reg = (unsigned)(di.imm >> 11) & 31;
            const uint32_t src = (f3 & 4) ? src_reg : X(di.rs1)[__builtin_ctz(mask)];
            v = kind == CSR_FFLAGS ? wp->fflags : kind == CSR_FRM ? wp->frm : (wp->frm << 5) | wp->fflags;
            const uint32_t nv = (f3 & 3) == 1 ? src : (f3 & 3) == 2 ? (v | src) : (v & ~src);
            if (kind != CSR_FRM)
                wp->fflags = nv & 0x1f;
            if (kind == CSR_FRM)
                wp->frm = nv & 7;
            else if (kind == CSR_FCSR)
                wp->frm = (nv >> 5) & 7;
            break;
        }
        case CSR_PLOCK:
        case CSR_PRLOCK: {
            uint8_t *lk = (di.imm & 0xff) == CSR_PLOCK ? &core->plock : &core->prlock;
            const unsigned f3 = (unsigned)(di.imm >> 8) & 7, src_reg = (unsigned)(di.imm >> 11) & 31;
            const uint32_t src = (f3 & 4) ? src_reg : X(di.rs1)[__builtin_ctz(mask)];
            const int wr = (f3 & 3) == 1 || src_reg != 0;
            v = *lk;
            if (wr) {
                uint32_t nv = (f3 & 3) == 1 ? src : (f3 & 3) == 2 ? (v | src) : (v & ~src);
                *lk = (uint8_t)(nv & 1);
            }
            break;
        }
        }
        LANES(d[t] = v);
    csr_done:
        break;
    }

    case OP_WARP: { /* docs/isa.md "Warp primitives"; rtl/weft_sfu.sv computes the same */
        const uint32_t *a = X(di.rs1), *b = X(di.rs2);
        uint32_t *d = X(di.rd);
        uint32_t res[MODEL_MAX_THREADS];
        const unsigned f3 = (unsigned)di.imm;
        if (f3 <= 2) { /* vote: p = active lanes with rs1 != 0 */
            uint32_t p = 0;
            for (unsigned t = 0; t < T; t++)
                p |= (uint32_t)(a[t] != 0) << t;
            p &= mask;
            const uint32_t v = f3 == 0 ? (p != 0) : f3 == 1 ? (p == mask) : p;
            LANES(d[t] = v);
            break;
        }
        LANES({
            /* b = rs2[7:0] (lane, delta, xor mask), width = rs2[15:8]; the
             * segment: s = the largest power of two <= min(width (0: T), T) */
            const unsigned sb = b[t] & 0xffu;
            unsigned sw = (b[t] >> 8) & 0xffu, s = 1;
            if (sw == 0 || sw > T)
                sw = T;
            while (s * 2 <= sw)
                s *= 2;
            const unsigned base = t & ~(s - 1), pos = t & (s - 1);
            unsigned j = t;
            int ok;
            switch (f3) {
            case 4: j = base | (sb & (s - 1)); ok = 1; break;           /* idx */
            case 5: j = t - sb; ok = sb <= pos; break;                  /* up */
            case 6: j = t + sb; ok = pos + sb < s; break;               /* down */
            default: j = t ^ sb; ok = j < base + s; break;              /* xor */
            }
            res[t] = (ok && j < T && (mask >> j & 1)) ? a[j] : a[t];
        });
        LANES(d[t] = res[t]);
        break;
    }

    case OP_TMC: {
        unsigned l = (unsigned)__builtin_ctz(mask);
        uint32_t nm = X(di.rs1)[l] & full;
        if (UNLIKELY(m->minpc)) {
            /* the threads of the group not in nm end; those of nm continue at
             * pc + 4 (threads that join from outside the group take the
             * leader's depth); other live threads keep waiting */
            const uint8_t d = wp->tdep[l];
            wp->live = (wp->live & ~mask) | nm;
            for (unsigned t = 0; t < T; t++)
                if (nm >> t & 1) {
                    wp->tpc[t] = pc + 4;
                    if (!(mask >> t & 1))
                        wp->tdep[t] = d;
                }
            lanes_pc = 1;
            nm = wp->live; /* the warp ends when no thread is left */
        }
        if (nm) {
            set_mask(wp, nm);
        } else {
            m->warp_instrs++;
            m->thread_instrs += nact;
            wp->instret++;
            wp->pc = npc;
            int rc = warp_end(m, c, w, pc);
            if (rec) {
                rec->next_pc = npc;
                rec->next_tmask = 0;
            }
            return rc;
        }
        break;
    }
    case OP_WSPAWN: {
        unsigned l = (unsigned)__builtin_ctz(mask);
        uint32_t n = X(di.rs1)[l], spc = X(di.rs2)[l];
        uint32_t lim = n < m->W ? n : m->W;
        for (uint32_t v = 1; v < lim; v++)
            if (!(core->active & (1ull << v)))
                warp_start(m, core, v, spc);
        break;
    }
    case OP_SPLIT: {
        if (m->minpc) /* no-op: reconvergence is implicit (docs/isa.md) */
            break;
        const uint32_t *a = X(di.rs1);
        uint32_t p = 0;
        for (unsigned t = 0; t < T; t++)
            p |= (uint32_t)(a[t] != 0) << t;
        p &= mask;
        uint32_t nmask = mask & ~p;
        if (p && nmask) {
            if (UNLIKELY(wp->sp + 2 > m->depth))
                return weft_dev_fail(m->dev, WEFT_E_DEVICE,
                                     "IPDOM stack overflow (depth %u) at divergent split, pc 0x%08x (core %u, warp %u)",
                                     m->depth, pc, c, w);
            wp->ipdom[wp->sp++] = (ipdom_t){0, mask, IPDOM_RECONV};
            wp->ipdom[wp->sp++] = (ipdom_t){pc + 4, nmask, IPDOM_ELSE};
            set_mask(wp, p);
        } else {
            if (UNLIKELY(wp->sp + 1 > m->depth))
                return weft_dev_fail(m->dev, WEFT_E_DEVICE,
                                     "IPDOM stack overflow (depth %u) at uniform split, pc 0x%08x (core %u, warp %u)",
                                     m->depth, pc, c, w);
            wp->ipdom[wp->sp++] = (ipdom_t){0, 0, IPDOM_UNIFORM};
        }
        break;
    }
    case OP_JOIN: {
        if (m->minpc)
            break;
        if (UNLIKELY(wp->sp == 0))
            return weft_dev_fail(m->dev, WEFT_E_DEVICE, "IPDOM stack underflow: join at pc 0x%08x (core %u, warp %u)",
                                 pc, c, w);
        ipdom_t e = wp->ipdom[--wp->sp];
        if (e.kind == IPDOM_ELSE) {
            set_mask(wp, e.mask);
            npc = e.pc;
        } else if (e.kind == IPDOM_RECONV) {
            set_mask(wp, e.mask);
        }
        break;
    }
    case OP_BAR: {
        if (UNLIKELY(m->minpc)) {
            /* docs/isa.md: a group that is not the whole warp parks at the bar
             * (its pc) until every live thread is parked; then the selected
             * group executes its bar again as the warp's arrival */
            if (!wp->arrive && mask != wp->live) {
                wp->barwait |= mask;
                for (unsigned t = 0; t < T; t++)
                    if (mask >> t & 1)
                        wp->tpc[t] = pc;
                lanes_pc = 1;
                break;
            }
            wp->arrive = 0;
        }
        unsigned l = (unsigned)__builtin_ctz(mask);
        uint32_t id = X(di.rs1)[l] % m->nbar, n = X(di.rs2)[l];
        if (n > 1) {
            if (++core->bar_count[id] >= n) { /* the last arrival releases the waiting warps */
                core->bar_count[id] = 0;
                for (unsigned v = 0; v < m->W; v++)
                    if (core->w[v].bar == (int32_t)id) {
                        core->w[v].bar = -1;
                        core->runnable |= 1ull << v;
                    }
            } else {
                wp->bar = (int32_t)id;
                core->runnable &= ~(1ull << w);
                if (rec)
                    rec->waiting = 1;
                if (!core->runnable) {
                    wp->pc = npc;
                    return deadlock(m, c, pc);
                }
            }
        }
        break;
    }
    case OP_PRED: {
        if (m->minpc) /* no-op: the threads leave the loop by their own branch */
            break;
        const uint32_t *a = X(di.rs1);
        uint32_t p = 0;
        for (unsigned t = 0; t < T; t++)
            p |= (uint32_t)(a[t] != 0) << t;
        p &= mask;
        if (p) {
            set_mask(wp, p);
        } else {
            unsigned l = (unsigned)__builtin_ctz(mask);
            uint32_t nm = X(di.rs2)[l] & full;
            if (nm) {
                set_mask(wp, nm);
            } else {
                m->warp_instrs++;
                m->thread_instrs += nact;
                wp->instret++;
                wp->pc = npc;
                int rc = warp_end(m, c, w, pc);
                if (rec) {
                    rec->next_pc = npc;
                    rec->next_tmask = 0;
                }
                return rc;
            }
        }
        break;
    }

    case OP_ILLEGAL:
    default:
        return illegal(m, c, w, pc);
    }

    m->warp_instrs++;
    m->thread_instrs += nact;
    wp->instret++;
    wp->pc = npc;
    if (UNLIKELY(m->minpc)) {
        if (!lanes_pc)
            for (unsigned t = 0; t < T; t++)
                if (mask >> t & 1)
                    wp->tpc[t] = npc;
        minpc_select(wp, T);
    }
    if (UNLIKELY(di.rd == 2) && m->stack_guard && fwb != 1 &&
        ((di.op >= OP_LUI && di.op <= OP_JALR) || (di.op >= OP_LB && di.op <= OP_LHU) ||
         (di.op >= OP_ADDI && di.op <= OP_CSR) || di.op == OP_AMO || di.op == OP_WARP || fwb == 0)) {
        int rc = stack_check(m, c, w, mask, pc);
        if (rc)
            return rc;
    }
    if (rec) {
        int writes = (di.op >= OP_LUI && di.op <= OP_JALR) || (di.op >= OP_LB && di.op <= OP_LHU) ||
                     (di.op >= OP_ADDI && di.op <= OP_CSR) || di.op == OP_AMO || di.op == OP_WARP;
        if (fwb == 1) {
            rec->rd = di.rd;
            rec->rd_fp = 1;
            const uint32_t *d = FR(di.rd);
            LANES(rec->rd_val[t] = d[t]);
        } else if ((writes || fwb == 0) && di.rd != RD_SINK) {
            rec->rd = di.rd;
            const uint32_t *d = X(di.rd);
            LANES(rec->rd_val[t] = d[t]);
        }
        rec->fcsr = (wp->frm << 5) | wp->fflags;
        rec->next_pc = wp->pc;
        rec->next_tmask = wp->tmask;
    }
    return WEFT_OK;
}

/* ---- commit trace --------------------------------------------------------------- */

/* One line per committed warp instruction:
 *   cC wW PC INSTR m=TMASK [xRD=V0,V1,..] [st ADDR:DATA/BE,..] [-> m=NEXT]
 * values of inactive threads are '-'; NEXT appears when the mask changed. */
static void trace_commit(model_t *m, const model_commit_t *r)
{
    FILE *f = m->trace;
    fprintf(f, "c%u w%u %08x %08x m=%x", r->core, r->warp, r->pc, r->instr, r->tmask);
    if (r->rd || r->rd_fp) {
        fprintf(f, " %c%u=", r->rd_fp ? 'f' : 'x', r->rd);
        for (unsigned t = 0; t < m->T; t++)
            if (r->tmask >> t & 1)
                fprintf(f, "%s%x", t ? "," : "", r->rd_val[t]);
            else
                fprintf(f, "%s-", t ? "," : "");
    }
    if (r->st_mask) {
        fprintf(f, " st");
        for (unsigned t = 0; t < m->T; t++)
            if (r->st_mask >> t & 1)
                fprintf(f, "%s%08x:%08x/%x", t ? "," : " ", r->st_addr[t], r->st_data[t], r->st_byteen[t]);
            else
                fprintf(f, "%s-", t ? "," : " ");
    }
    if (r->next_tmask != r->tmask)
        fprintf(f, " -> m=%x", r->next_tmask);
    if (r->waiting)
        fprintf(f, " bar");
    fputc('\n', f);
}

static __attribute__((noinline)) int exec_traced(model_t *m, unsigned c, unsigned w)
{
    model_commit_t r;
    int rc = exec_t(m, c, w, &r, m->T);
    if (rc == WEFT_OK)
        trace_commit(m, &r);
    return rc;
}

/* ---- public API ------------------------------------------------------------- */

int model_step_warp(model_t *m, unsigned core, unsigned warp, model_commit_t *rec)
{
    if (core >= m->C || warp >= m->W || !(m->cores[core].runnable & (1ull << warp)))
        return weft_dev_fail(m->dev, WEFT_E_INTERNAL, "model_step_warp: core %u warp %u is not runnable", core, warp);
    return exec_t(m, core, warp, rec, m->T);
}

/* The scheduler: each step, every core in order executes one instruction of
 * its next runnable warp (round robin from the warp after the last one). */
static inline __attribute__((always_inline)) int run_loop(model_t *m, uint64_t max_steps, const unsigned T)
{
    int rc = WEFT_OK;
    const unsigned C = m->C, W = m->W;
    const uint64_t s0 = m->step;
    while (m->active_warps) {
        if (UNLIKELY(max_steps && m->step - s0 >= max_steps))
            return weft_dev_fail(m->dev, WEFT_E_TIMEOUT,
                                 "cycle limit exceeded: %llu model steps, %llu warps still active",
                                 (unsigned long long)max_steps, (unsigned long long)m->active_warps);
        for (unsigned c = 0; c < C; c++) {
            mcore_t *core = &m->cores[c];
            uint64_t r = core->runnable;
            if (!r)
                continue;
            uint64_t hi = core->rr < 64 ? r & (~0ull << core->rr) : 0;
            unsigned w = (unsigned)__builtin_ctzll(hi ? hi : r);
            rc = UNLIKELY(m->trace != NULL) ? exec_traced(m, c, w) : exec_t(m, c, w, NULL, T);
            if (UNLIKELY(rc))
                return rc;
            core->rr = w + 1 == W ? 0 : w + 1;
        }
        m->step++;
        if (UNLIKELY(m->io)) {
            m->io = 0;
            if (weft_dev_exit_requested(m->dev))
                break;
        }
        if (UNLIKELY((m->step & 0xffff) == 0) && weft_dev_interrupted(m->dev))
            return weft_status(m->dev);
    }
    return WEFT_OK;
}

static __attribute__((noinline)) int run_t4(model_t *m, uint64_t max) { return run_loop(m, max, 4); }
static __attribute__((noinline)) int run_t8(model_t *m, uint64_t max) { return run_loop(m, max, 8); }
static __attribute__((noinline)) int run_t16(model_t *m, uint64_t max) { return run_loop(m, max, 16); }
static __attribute__((noinline)) int run_t32(model_t *m, uint64_t max) { return run_loop(m, max, 32); }
static __attribute__((noinline)) int run_tn(model_t *m, uint64_t max) { return run_loop(m, max, m->T); }

int model_run(model_t *m, uint64_t max_steps, weft_stats_t *stats)
{
    uint64_t w0 = m->warp_instrs, t0 = m->thread_instrs, s0 = m->step;
    int rc;
    switch (m->T) {
    case 4: rc = run_t4(m, max_steps); break;
    case 8: rc = run_t8(m, max_steps); break;
    case 16: rc = run_t16(m, max_steps); break;
    case 32: rc = run_t32(m, max_steps); break;
    default: rc = run_tn(m, max_steps); break;
    }
    if (m->trace)
        fflush(m->trace);
    stats->steps += m->step - s0;
    stats->warp_instrs += m->warp_instrs - w0;
    stats->thread_instrs += m->thread_instrs - t0;
    return rc ? rc : (int)weft_status(m->dev);
}

model_t *model_create(weft_dev_t *dev)
{
    const weft_config_t *cfg = weft_config(dev);
    if (cfg->threads < 1 || cfg->threads > MODEL_MAX_THREADS || cfg->warps < 1 || cfg->warps > MODEL_MAX_WARPS ||
        cfg->cores < 1 || cfg->ipdom_depth < 1 || cfg->barriers < 1) {
        weft_dev_fail(dev, WEFT_E_USAGE, "model: unsupported configuration %ux%ux%u (threads 1..%d, warps 1..%d)",
                      cfg->cores, cfg->warps, cfg->threads, MODEL_MAX_THREADS, MODEL_MAX_WARPS);
        return NULL;
    }
    model_t *m = calloc(1, sizeof *m);
    if (!m)
        goto oom;
    m->dev = dev;
    m->C = cfg->cores;
    m->W = cfg->warps;
    m->T = cfg->threads;
    m->depth = cfg->ipdom_depth;
    m->minpc = cfg->divergence == WEFT_DIVERGENCE_MINPC;
    m->bcheck = !m->minpc && cfg->branch_check;
    m->nbar = cfg->barriers;
    m->full = m->T == 32 ? 0xffffffffu : (1u << m->T) - 1;
    m->base = cfg->mem_base;
    m->size = cfg->mem_size;
    m->ram = weft_mem_ram(dev);
    m->tohost_off = ~0u;
    if (cfg->commit_trace_path) {
        m->trace = weft_out_open(&m->trace_out, cfg->commit_trace_path);
        if (!m->trace) {
            weft_dev_fail(dev, WEFT_E_USAGE, "model: cannot write the commit trace '%s'", cfg->commit_trace_path);
            free(m);
            return NULL;
        }
    }
    size_t nw = (size_t)m->C * m->W;
    m->cores = calloc(m->C, sizeof *m->cores);
    m->warps = calloc(nw, sizeof *m->warps);
    m->regs = calloc(nw * NREGS * m->T, sizeof *m->regs);
    m->fregs = calloc(nw * 32 * m->T, sizeof *m->fregs);
    m->ipdoms = calloc(nw * m->depth, sizeof *m->ipdoms);
    m->tpcs = calloc(nw * m->T, sizeof *m->tpcs);
    m->tdeps = calloc(nw * m->T, sizeof *m->tdeps);
    m->bars = calloc((size_t)m->C * m->nbar, sizeof *m->bars);
    m->npages = (m->size + (1u << PAGE_SHIFT) - 1) >> PAGE_SHIFT;
    m->pages = calloc(m->npages, sizeof *m->pages);
    m->resv.n = m->C * m->W * m->T;
    m->resv.r = calloc(m->resv.n, sizeof *m->resv.r);
    m->smem = calloc((size_t)m->C, WEFT_SMEM_BYTES);
    m->sresv = calloc(m->resv.n, sizeof *m->sresv);
    if (!m->smem || !m->sresv || !m->resv.r || !m->cores || !m->warps || !m->regs || !m->fregs || !m->ipdoms || !m->tpcs || !m->tdeps || !m->bars || !m->pages)
        goto oom;
    for (unsigned c = 0; c < m->C; c++) {
        m->cores[c].sresv.n = m->W * m->T;
        m->cores[c].sresv.r = m->sresv + (size_t)c * m->W * m->T;
        m->cores[c].w = m->warps + (size_t)c * m->W;
        m->cores[c].bar_count = m->bars + (size_t)c * m->nbar;
        for (unsigned w = 0; w < m->W; w++) {
            size_t i = (size_t)c * m->W + w;
            m->warps[i].x = m->regs + i * NREGS * m->T;
            m->warps[i].f = m->fregs + i * 32 * m->T;
            m->warps[i].ipdom = m->ipdoms + i * m->depth;
            m->warps[i].tpc = m->tpcs + i * m->T;
            m->warps[i].tdep = m->tdeps + i * m->T;
        }
    }
    return m;
oom:
    weft_dev_fail(dev, WEFT_E_INTERNAL, "model: out of host memory");
    model_destroy(m);
    return NULL;
}

void model_destroy(model_t *m)
{
    if (!m)
        return;
    if (m->trace)
        weft_dev_out_commit(m->dev, &m->trace_out);
    if (m->pages)
        for (uint32_t i = 0; i < m->npages; i++)
            free(m->pages[i]);
    free(m->pages);
    free(m->cores);
    free(m->warps);
    free(m->regs);
    free(m->fregs);
    free(m->ipdoms);
    free(m->tpcs);
    free(m->tdeps);
    free(m->bars);
    free(m->resv.r);
    free(m->smem);
    free(m->sresv);
    free(m);
}

void model_reset(model_t *m, uint32_t start_pc, uint32_t launch_ptr)
{
    size_t nw = (size_t)m->C * m->W;
    memset(m->regs, 0, nw * NREGS * m->T * sizeof *m->regs);
    memset(m->fregs, 0, nw * 32 * m->T * sizeof *m->fregs);
    memset(m->bars, 0, (size_t)m->C * m->nbar * sizeof *m->bars);
    for (uint32_t i = 0; i < m->npages; i++)
        if (m->pages[i])
            memset(m->pages[i], 0, PAGE_INSNS * sizeof(dinst_t));
    m->active_warps = 0;
    for (unsigned c = 0; c < m->C; c++) {
        mcore_t *core = &m->cores[c];
        core->active = core->runnable = 0;
        core->rr = 0;
        core->cycle = 0;
        core->cycle_set = 0;
        if (!core->prlock) core->plock = 0;   /* the RTL keeps both under perf-reset-lock */
        for (unsigned w = 0; w < m->W; w++) {
            mwarp_t *wp = &core->w[w];
            wp->pc = 0;
            wp->tmask = wp->nact = 0;
            wp->live = 0;
            wp->barwait = 0;
            wp->arrive = 0;
            wp->bar = -1;
            wp->sp = 0;
            wp->instret = 0;
            wp->fflags = 0;
            wp->frm = 0;
        }
        warp_start(m, core, 0, start_pc);
    }
    m->launch = launch_ptr;
    m->step = 0;
    weft_resv_reset(&m->resv);
    for (unsigned c = 0; c < m->C; c++) {
        m->cores[c].amo_set = 0;
        weft_resv_reset(&m->cores[c].sresv);
    }
    m->io = 0;
    uint32_t th = weft_symbol(m->dev, "tohost");
    m->tohost_off = th && th - m->base < m->size ? th - m->base : ~0u;
    m->stack_guard = weft_dev_stack_guard(m->dev);
}

int model_warp_active(const model_t *m, unsigned c, unsigned w)
{
    return c < m->C && w < m->W && (m->cores[c].active >> w & 1);
}
int model_warp_runnable(const model_t *m, unsigned c, unsigned w)
{
    return c < m->C && w < m->W && (m->cores[c].runnable >> w & 1);
}
uint32_t model_warp_pc(const model_t *m, unsigned c, unsigned w) { return m->cores[c].w[w].pc; }
uint32_t model_warp_tmask(const model_t *m, unsigned c, unsigned w) { return m->cores[c].w[w].tmask; }
unsigned model_warp_ipdom_size(const model_t *m, unsigned c, unsigned w) { return m->cores[c].w[w].sp; }
uint32_t model_reg(const model_t *m, unsigned c, unsigned w, unsigned t, unsigned r)
{
    if (c >= m->C || w >= m->W || t >= m->T || r >= 32)
        return 0;
    return m->cores[c].w[w].x[(size_t)r * m->T + t];
}
uint32_t model_freg(const model_t *m, unsigned c, unsigned w, unsigned t, unsigned r)
{
    if (c >= m->C || w >= m->W || t >= m->T || r >= 32)
        return 0;
    return m->cores[c].w[w].f[(size_t)r * m->T + t];
}
uint32_t model_warp_fcsr(const model_t *m, unsigned c, unsigned w)
{
    if (c >= m->C || w >= m->W)
        return 0;
    return (m->cores[c].w[w].frm << 5) | m->cores[c].w[w].fflags;
}
int model_done(const model_t *m) { return m->active_warps == 0; }

void model_set_cycle(model_t *m, unsigned c, uint64_t cycle)
{
    if (c < m->C) {
        m->cores[c].cycle = cycle;
        m->cores[c].cycle_set = 1;
    }
}

void model_set_rtl_value(model_t *m, unsigned c, uint32_t v)
{
    if (c < m->C) m->cores[c].rtl_val = v;
}

void model_set_amo_rsp(model_t *m, unsigned c, const uint32_t *rsp)
{
    if (c >= m->C) return;
    memcpy(m->cores[c].amo_rsp, rsp, sizeof m->cores[c].amo_rsp);
    m->cores[c].amo_set = 1;
}

void model_set_shadow_ram(model_t *m, uint8_t *ram)
{
    m->shadow = ram != NULL;
    m->ram = ram ? ram : weft_mem_ram(m->dev);
}

/* ---- engine ------------------------------------------------------------------ */

static int eng_create(weft_dev_t *dev, void **self)
{
    *self = NULL;
    if (weft_config(dev)->mem_preset != WEFT_MEM_PRESET_FIXED)
        return weft_dev_fail(dev, WEFT_E_USAGE, "--mem-preset %s needs the rtl engine (the model has no timing)",
                             weft_spec_knob_name(WEFT_KNOB_MEM_PRESET, weft_config(dev)->mem_preset));
    model_t *m = model_create(dev);
    *self = m;
    return m ? WEFT_OK : weft_status(dev);
}

static int eng_run(void *self, uint32_t start_pc, uint32_t launch_ptr, weft_stats_t *stats)
{
    model_t *m = self;
    model_reset(m, start_pc, launch_ptr);
    return model_run(m, weft_config(m->dev)->max_cycles, stats);
}

static void eng_destroy(void *self) { model_destroy(self); }

const weft_engine_ops_t weft_engine_model = {
    .name = "model",
    .create = eng_create,
    .run = eng_run,
    .destroy = eng_destroy,
};
