/* weft_device.h - kernel-side header of the Weft bare-metal runtime.
 *
 * Everything device code needs: the memory map, CSR intrinsics, the SIMT
 * instructions (tmc, wspawn, split, join, bar, pred), structured divergence
 * macros (WEFT_IF / WEFT_ELSE / WEFT_ENDIF, WEFT_WHILE / WEFT_ENDWHILE),
 * CUDA-style block and thread indices, weft_syncthreads() and the console.
 * The ISA is specified in docs/isa.md; sw/README.md explains how to write a
 * kernel with this header.
 *
 * THE ONE RULE OF WEFT DEVICE CODE. Branches, jal and jalr are warp-wide:
 * the leader (lowest active thread) decides for the whole warp. A C `if`,
 * `?:`, `&&`, `||`, `min`-style expression or loop whose outcome differs
 * between the threads of a warp is silently wrong. Every thread-dependent
 * decision must go through WEFT_IF (if/else) or WEFT_WHILE (loops), and
 * value selection through weft_select/weft_min_u32/... (branch-free). Plain
 * C control flow is fine when it is warp-uniform: loops over constants,
 * kernel arguments, blockIdx/blockDim/gridDim. By default (--branch-check
 * on) both engines stop at a branch whose active threads disagree instead
 * of giving wrong results.
 *
 * With --divergence minpc (docs/isa.md "Divergence modes") the hardware
 * keeps a pc per thread and any C control flow is correct without the
 * macros (sw/kernels/plainc); the macros still work there (split, join and
 * pred are no-ops).
 *
 * Compile with GCC in GNU C mode (asm goto, __label__ and statement
 * expressions are used): -march=rv32im -mabi=ilp32 -misa-spec=2.2.
 */
#ifndef WEFT_DEVICE_H
#define WEFT_DEVICE_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------------ */
/* Memory map (docs/isa.md)                                                 */
/* ------------------------------------------------------------------------ */

#define WEFT_RAM_BASE 0x80000000u
#define WEFT_RAM_SIZE (64u << 20)            /* link.ld: __ram_end - __ram_start */
#define WEFT_STACK_STRIDE 4128u              /* per hardware thread: 4 KiB + one 32-byte line */
#define WEFT_STACK_SIZE WEFT_STACK_STRIDE    /* a thread's stack is its whole stride */
#define WEFT_STACK_REGION (16u << 20)        /* top of RAM */
#define WEFT_MAX_HW_THREADS (WEFT_STACK_REGION / WEFT_STACK_STRIDE) /* 4064 */
#define WEFT_CONSOLE_ADDR 0x10000000u        /* byte store prints a character */
#define WEFT_EXIT_ADDR 0x10000004u           /* word store ends the run */

/* Failure codes the runtime stores to WEFT_EXIT_ADDR as (code << 1) | 1. */
#define WEFT_RT_FAIL_BLOCK 1   /* block has 0 threads or more than W*T threads */
#define WEFT_RT_FAIL_THREADS 2 /* C*W*T > WEFT_MAX_HW_THREADS (stacks overlap) */
#define WEFT_RT_FAIL_LAUNCH 3  /* no launch descriptor or null kernel entry */

/* ------------------------------------------------------------------------ */
/* CSRs                                                                     */
/* ------------------------------------------------------------------------ */

#define WEFT_CSR_CYCLE 0xC00
#define WEFT_CSR_CYCLEH 0xC80
#define WEFT_CSR_INSTRET 0xC02
#define WEFT_CSR_INSTRETH 0xC82
#define WEFT_CSR_MCYCLE 0xB00
#define WEFT_CSR_MCYCLEH 0xB80
#define WEFT_CSR_MINSTRET 0xB02
#define WEFT_CSR_MINSTRETH 0xB82
#define WEFT_CSR_MHARTID 0xF14
#define WEFT_CSR_TID 0xCC0
#define WEFT_CSR_WID 0xCC1
#define WEFT_CSR_CID 0xCC2
#define WEFT_CSR_TMASK 0xCC3
#define WEFT_CSR_NTHREADS 0xCC4
#define WEFT_CSR_NWARPS 0xCC5
#define WEFT_CSR_NCORES 0xCC6
#define WEFT_CSR_LAUNCH 0xCC7
/* Performance counters (docs/counters.md): counter k (3..31) at 0xB00 + k,
 * high word 0xB80 + k; issued instructions of warp w at 0xFC0 + w / 0xFE0 + w. */
#define WEFT_CSR_PERF_LOCK 0x7C0   /* 1 = counters frozen */
#define WEFT_CSR_PERF_RLOCK 0x7C1  /* 1 = counters survive the next launch's reset */
#define WEFT_PERF_FIRST 3
#define WEFT_PERF_LAST 31
#define WEFT_PERF_DUMP_WORDS 64    /* 32-bit words per core written by weft_perf_dump */

/* Read a CSR whose value changes while the thread runs (counters, tmask):
 * volatile, never merged or moved across other volatile asm. */
#define weft_csr_read_volatile(csr)                                           \
    __extension__({                                                           \
        uint32_t weft_v_;                                                     \
        __asm__ volatile("csrr %0, %1" : "=r"(weft_v_) : "i"(csr) : "memory"); \
        weft_v_;                                                              \
    })

/* Read a CSR that is constant for the life of the thread (ids, counts,
 * launch): not volatile, so GCC may reuse one read. */
#define weft_csr_read_const(csr)                                  \
    __extension__({                                               \
        uint32_t weft_v_;                                         \
        __asm__("csrr %0, %1" : "=r"(weft_v_) : "i"(csr));        \
        weft_v_;                                                  \
    })

static inline uint32_t weft_mhartid(void) { return weft_csr_read_const(WEFT_CSR_MHARTID); }
static inline uint32_t weft_tid(void) { return weft_csr_read_const(WEFT_CSR_TID); }
static inline uint32_t weft_wid(void) { return weft_csr_read_const(WEFT_CSR_WID); }
static inline uint32_t weft_cid(void) { return weft_csr_read_const(WEFT_CSR_CID); }
static inline uint32_t weft_nthreads(void) { return weft_csr_read_const(WEFT_CSR_NTHREADS); }
static inline uint32_t weft_nwarps(void) { return weft_csr_read_const(WEFT_CSR_NWARPS); }
static inline uint32_t weft_ncores(void) { return weft_csr_read_const(WEFT_CSR_NCORES); }
static inline uint32_t weft_launch_addr(void) { return weft_csr_read_const(WEFT_CSR_LAUNCH); }
static inline uint32_t weft_tmask(void) { return weft_csr_read_volatile(WEFT_CSR_TMASK); }
static inline uint32_t weft_cycle(void) { return weft_csr_read_volatile(WEFT_CSR_CYCLE); }
static inline uint32_t weft_cycleh(void) { return weft_csr_read_volatile(WEFT_CSR_CYCLEH); }
static inline uint32_t weft_mcycle(void) { return weft_csr_read_volatile(WEFT_CSR_MCYCLE); }
static inline uint32_t weft_mcycleh(void) { return weft_csr_read_volatile(WEFT_CSR_MCYCLEH); }
static inline uint32_t weft_instret(void) { return weft_csr_read_volatile(WEFT_CSR_INSTRET); }
static inline uint32_t weft_instreth(void) { return weft_csr_read_volatile(WEFT_CSR_INSTRETH); }
static inline uint32_t weft_minstret(void) { return weft_csr_read_volatile(WEFT_CSR_MINSTRET); }
static inline uint32_t weft_minstreth(void) { return weft_csr_read_volatile(WEFT_CSR_MINSTRETH); }

/* 64-bit counters. cycle is per core and instret per warp, so every thread
 * of a warp reads the same values and the retry loop is warp-uniform. */
static inline uint64_t weft_cycle64(void)
{
    uint32_t hi, lo, hi2;
    do {
        hi = weft_cycleh();
        lo = weft_cycle();
        hi2 = weft_cycleh();
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t weft_instret64(void)
{
    uint32_t hi, lo, hi2;
    do {
        hi = weft_instreth();
        lo = weft_instret();
        hi2 = weft_instreth();
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

/* perf-lock / perf-reset-lock (the core's, written once per warp). */
static inline void weft_perf_lock(uint32_t on)
{
    __asm__ volatile("csrw %0, %1" : : "i"(WEFT_CSR_PERF_LOCK), "r"(on) : "memory");
}
static inline void weft_perf_reset_lock(uint32_t on)
{
    __asm__ volatile("csrw %0, %1" : : "i"(WEFT_CSR_PERF_RLOCK), "r"(on) : "memory");
}

/* 64-bit read of performance counter k (a compile-time constant). */
#define weft_perf_read(k)                                                           \
    __extension__({                                                                 \
        uint32_t weft_h_, weft_l_, weft_h2_;                                        \
        do {                                                                        \
            weft_h_ = weft_csr_read_volatile(0xB80 + (k));                          \
            weft_l_ = weft_csr_read_volatile(0xB00 + (k));                          \
            weft_h2_ = weft_csr_read_volatile(0xB80 + (k));                         \
        } while (weft_h_ != weft_h2_);                                              \
        ((uint64_t)weft_h_ << 32) | weft_l_;                                        \
    })

/* ------------------------------------------------------------------------ */
/* SIMT instructions: custom-0 (0x0B), R-type, funct7 = 0, rd = x0          */
/* ------------------------------------------------------------------------ */

/* tmask := mask & ((1<<T)-1) (leader's value). A zero mask ends the warp. */
static inline void weft_tmc(uint32_t mask)
{
    __asm__ volatile(".insn r 0x0B, 0, 0, x0, %0, x0" : : "r"(mask) : "memory");
}

/* Start warps 1 .. min(n, W)-1 that are not active at pc, full mask. */
static inline void weft_wspawn(uint32_t n, void (*pc)(void))
{
    __asm__ volatile(".insn r 0x0B, 1, 0, x0, %0, %1" : : "r"(n), "r"(pc) : "memory");
}

/* Raw split/join. Do not pair a raw split with a C `if`: GCC may put code
 * between them or test another register. Use WEFT_IF, which emits the split
 * and the branch on the same register as one asm statement. */
static inline void weft_split(uint32_t pred)
{
    __asm__ volatile(".insn r 0x0B, 2, 0, x0, %0, x0" : : "r"(pred) : "memory");
}

static inline void weft_join(void)
{
    __asm__ volatile(".insn r 0x0B, 3, 0, x0, x0, x0" : : : "memory");
}

/* Wait at barrier id (mod NUM_BARRIERS) until n warps of this core arrived.
 * Warp-level: a warp counts once whatever its mask. */
static inline void weft_bar(uint32_t id, uint32_t nwarps)
{
    __asm__ volatile(".insn r 0x0B, 4, 0, x0, %0, %1" : : "r"(id), "r"(nwarps) : "memory");
}

/* ------------------------------------------------------------------------ */
/* RV32A atomics (executed at the memory side, lanes in lane order;         */
/* docs/isa.md, docs/memory.md). Every active lane performs its own access. */
/* Emitted with .insn so the kernels' -march stays rv32im(f).               */
/* ------------------------------------------------------------------------ */

#define WEFT_AMO_INSN(name, funct7)                                                         \
    static inline uint32_t name(volatile uint32_t *p, uint32_t v)                         \
    {                                                                                       \
        uint32_t r;                                                                         \
        __asm__ volatile(".insn r 0x2F, 2, " #funct7 ", %0, %1, %2"                         \
                         : "=r"(r) : "r"(p), "r"(v) : "memory");                           \
        return r;                                                                           \
    }
/* Each returns the word's old value and writes op(old, v). */
WEFT_AMO_INSN(weft_atomic_add, 0x00)
WEFT_AMO_INSN(weft_atomic_swap, 0x04)
WEFT_AMO_INSN(weft_atomic_xor, 0x10)
WEFT_AMO_INSN(weft_atomic_or, 0x20)
WEFT_AMO_INSN(weft_atomic_and, 0x30)
WEFT_AMO_INSN(weft_atomic_min, 0x40)   /* signed */
WEFT_AMO_INSN(weft_atomic_max, 0x50)
WEFT_AMO_INSN(weft_atomic_minu, 0x60)
WEFT_AMO_INSN(weft_atomic_maxu, 0x70)
/* sc.w: writes v if this thread's lr.w reservation of p still holds;
 * returns 0 on success, 1 on failure. */
WEFT_AMO_INSN(weft_sc, 0x0C)
#undef WEFT_AMO_INSN

/* Shared memory (docs/memory.md): `static WEFT_SHARED uint32_t tile[256];`
 * puts a variable in the core's banked shared memory (4 KiB at 0x20000000,
 * one copy per core, shared by all warps of the core, like CUDA's
 * __shared__). Contents are undefined at launch; synchronise with
 * weft_syncthreads() between writing and reading other threads' words.
 * The weft_atomic_* functions, weft_lr and weft_sc work there too (lanes in
 * lane order, per-core reservations; docs/memory.md): the per-block
 * histogram pattern (sw/kernels/smemhist). */
#define WEFT_SHARED __attribute__((section(".shared"), aligned(4)))

/* lr.w: load p and reserve it for this thread. */
static inline uint32_t weft_lr(volatile uint32_t *p)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x2F, 2, 0x08, %0, %1, x0" : "=r"(r) : "r"(p) : "memory");
    return r;
}

/* Raw pred: tmask := active & (cond != 0), or restore_mask if that is empty.
 * Use WEFT_WHILE rather than this. */
static inline void weft_pred(uint32_t cond, uint32_t restore_mask)
{
    __asm__ volatile(".insn r 0x0B, 5, 0, x0, %0, %1" : : "r"(cond), "r"(restore_mask) : "memory");
}

/* ------------------------------------------------------------------------ */
/* Structured divergence                                                    */
/* ------------------------------------------------------------------------ */

/* WEFT_IF(cond) { ... } [WEFT_ELSE { ... }] WEFT_ENDIF
 *
 * Expands to (P = threads with cond != 0, N = the others):
 *
 *       p = (cond) != 0
 *       split p              one asm statement: nothing can come between
 *       bnez  p, THEN        the split and the branch on the same register
 *       ELSE-body            (N threads, second)
 *       j JOIN
 *   THEN:
 *       THEN-body            (P threads, first)
 *   JOIN:
 *       join
 *
 * The P threads run first and reach the join, which sends the N threads back
 * to the branch right after the split; they re-test their own p (0), run the
 * ELSE body and reach the join again, which restores the full mask. A
 * uniform condition pushes one UNIFORM entry that the join pops. A divergent
 * WEFT_IF holds two of the IPDOM_DEPTH (default 8) stack entries until its
 * WEFT_ENDIF, and the launcher itself holds up to two around the kernel call,
 * so kernels can nest WEFT_IF three deep on the default configuration.
 *
 * cond must be branch-free C: combine comparisons with & and |, not && or
 * || (GCC turns those into warp-wide branches). Never leave the region with
 * return, break, continue or goto (the join would be skipped), and never call
 * weft_syncthreads() inside it. The braces after WEFT_IF/WEFT_ELSE are
 * optional; the bodies are ordinary C blocks. */
#define WEFT_IF(cond)                                                         \
    {                                                                         \
        __label__ weft_then_;                                                 \
        uint32_t weft_p_ = (cond) ? 1u : 0u;                                  \
        __asm__ goto(".insn r 0x0B, 2, 0, x0, %0, x0\n\t"                     \
                     "bnez %0, %l[weft_then_]"                                \
                     : : "r"(weft_p_) : "memory" : weft_then_);               \
        if (0) {                                                              \
        weft_then_:;

#define WEFT_ELSE \
        } else {

#define WEFT_ENDIF                                                            \
        }                                                                     \
        __asm__ volatile(".insn r 0x0B, 3, 0, x0, x0, x0" : : : "memory");    \
    }

/* WEFT_WHILE(cond) { body } WEFT_ENDWHILE
 *
 * A loop whose trip count differs per thread. Expands to:
 *
 *       saved = tmask                     (CSR 0xCC3, before the loop)
 *   TOP:
 *       c = (cond) != 0
 *       pred c, saved                     one asm statement: threads with c == 0
 *       beqz c, EXIT                      are parked; if none is left, tmask :=
 *       body                              saved and the leader's c is 0
 *       j TOP
 *   EXIT:
 *
 * A thread whose cond becomes false stops at the pred, its registers frozen
 * with its exit state (c == 0 in the tested register). When no active thread
 * wants another iteration, pred restores the saved mask, the branch (leader's
 * c == 0) leaves the loop, and every thread continues after it with its own
 * state. No IPDOM stack entry is used; loops and WEFT_IFs nest freely.
 *
 * Same rules as WEFT_IF: cond branch-free; no break, return or goto out of
 * the body (put early exits into cond, e.g. `(i < n) & !found`); `continue`
 * is fine (it re-tests cond); no weft_syncthreads() inside. */
#define WEFT_WHILE(cond)                                                      \
    {                                                                         \
        __label__ weft_exit_;                                                 \
        const uint32_t weft_saved_ = weft_tmask();                            \
        for (;;) {                                                            \
            uint32_t weft_c_ = (cond) ? 1u : 0u;                              \
            __asm__ goto(".insn r 0x0B, 5, 0, x0, %0, %1\n\t"                 \
                         "beqz %0, %l[weft_exit_]"                            \
                         : : "r"(weft_c_), "r"(weft_saved_) : "memory"        \
                         : weft_exit_);

#define WEFT_ENDWHILE                                                         \
        }                                                                     \
    weft_exit_:;                                                              \
    }

/* Branch-free selection and min/max. The empty asm hides the mask from GCC,
 * which would otherwise turn the expression back into a branch. */
static inline uint32_t weft_select(uint32_t cond, uint32_t a, uint32_t b)
{
    uint32_t m = 0u - (uint32_t)(cond != 0);
    __asm__("" : "+r"(m));
    return (a & m) | (b & ~m);
}

static inline int32_t weft_select_i32(uint32_t cond, int32_t a, int32_t b)
{
    return (int32_t)weft_select(cond, (uint32_t)a, (uint32_t)b);
}

static inline uint32_t weft_min_u32(uint32_t a, uint32_t b) { return weft_select(a < b, a, b); }
static inline uint32_t weft_max_u32(uint32_t a, uint32_t b) { return weft_select(a > b, a, b); }
static inline int32_t weft_min_i32(int32_t a, int32_t b) { return weft_select_i32(a < b, a, b); }
static inline int32_t weft_max_i32(int32_t a, int32_t b) { return weft_select_i32(a > b, a, b); }

/* Clamp v into [lo, hi] (lo <= hi). */
static inline int32_t weft_clamp_i32(int32_t v, int32_t lo, int32_t hi)
{
    return weft_min_i32(weft_max_i32(v, lo), hi);
}

/* ------------------------------------------------------------------------ */
/* Warp primitives (custom-0 funct7 = 1; docs/isa.md "Warp primitives"):    */
/* CUDA's __any_sync / __all_sync / __ballot_sync / __shfl*_sync over the   */
/* active threads of the warp (T = weft_nthreads() lanes; the mask is the   */
/* current tmask, there is no membermask argument). Deterministic where     */
/* CUDA is undefined: a shuffle whose source lane is inactive, out of its   */
/* segment or >= T returns the calling thread's own value.                  */
/* volatile: they depend on which threads are active, so GCC must not move  */
/* them across WEFT_IF/WEFT_ENDIF or merge two of them.                     */
/* ------------------------------------------------------------------------ */

/* 1 in every active thread if any / all active threads have pred != 0. */
static inline uint32_t weft_any(uint32_t pred)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0B, 0, 1, %0, %1, x0" : "=r"(r) : "r"(pred));
    return r;
}
static inline uint32_t weft_all(uint32_t pred)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0B, 1, 1, %0, %1, x0" : "=r"(r) : "r"(pred));
    return r;
}
/* Bit t set: thread t is active and its pred != 0. */
static inline uint32_t weft_ballot(uint32_t pred)
{
    uint32_t r;
    __asm__ volatile(".insn r 0x0B, 2, 1, %0, %1, x0" : "=r"(r) : "r"(pred));
    return r;
}

/* rs2 of a shuffle: b (lane, delta or lane mask) in bits 7:0, the segment
 * width in bits 15:8 (0 = the whole warp). Values above 255 are clamped to
 * 255 (branch-free), which keeps CUDA's result: a delta or mask that large
 * leaves every lane with its own value, and a width >= T is the whole warp. */
static inline uint32_t weft_shfl_arg_(uint32_t b, uint32_t width)
{
    return (weft_min_u32(width, 255u) << 8) | weft_min_u32(b, 255u);
}
#define WEFT_SHFL_INSN(name, funct3, bexpr)                                              \
    static inline uint32_t name##_w(uint32_t v, uint32_t b, uint32_t width)              \
    {                                                                                      \
        uint32_t r;                                                                        \
        __asm__ volatile(".insn r 0x0B, " #funct3 ", 1, %0, %1, %2"                       \
                         : "=r"(r) : "r"(v), "r"(weft_shfl_arg_((bexpr), width)));          \
        return r;                                                                          \
    }                                                                                      \
    static inline uint32_t name(uint32_t v, uint32_t b) { return name##_w(v, b, 0u); }
/* weft_shfl(v, lane): v of lane (lane % width) of the caller's segment. */
WEFT_SHFL_INSN(weft_shfl, 4, b & 255u)
/* weft_shfl_up(v, d): v of lane - d; the first d lanes of a segment keep v. */
WEFT_SHFL_INSN(weft_shfl_up, 5, b)
/* weft_shfl_down(v, d): v of lane + d; the last d lanes of a segment keep v. */
WEFT_SHFL_INSN(weft_shfl_down, 6, b)
/* weft_shfl_xor(v, m): v of lane ^ m; a lane in a later segment (or >= T)
 * keeps v, an earlier segment is read (CUDA). */
WEFT_SHFL_INSN(weft_shfl_xor, 7, b)
#undef WEFT_SHFL_INSN

/* Sum of v over the warp by an xor butterfly (log2 T shuffles); every
 * thread gets the sum. Needs all T threads active (an inactive partner
 * returns the caller's own value, which would be counted twice): give the
 * threads without data v = 0 instead of masking them off, as in CUDA. */
static inline uint32_t weft_warp_sum(uint32_t v)
{
    const uint32_t n = weft_nthreads();
    for (uint32_t m = 1; m < n; m <<= 1)
        v += weft_shfl_xor(v, m);
    return v;
}

/* ------------------------------------------------------------------------ */
/* Launch descriptor and per-thread context                                 */
/* ------------------------------------------------------------------------ */

typedef struct {
    uint32_t x, y, z;
} weft_dim3_t;

/* Launch descriptor at CSR launch (docs/isa.md). */
typedef struct {
    uint32_t entry;   /* void f(const void *arg) */
    weft_dim3_t grid; /* blocks */
    weft_dim3_t block;/* threads per block */
    uint32_t arg;
    uint32_t flags;   /* bit 0: dynamic block distribution */
    uint32_t sched;   /* dynamic distribution: device address of the next-block
                         counter (word 0, zero at launch) and one word per core */
} weft_launch_t;

#define WEFT_LAUNCH_DYNAMIC 1u

static inline const weft_launch_t *weft_launch_desc(void)
{
    return (const weft_launch_t *)(uintptr_t)weft_launch_addr();
}

/* Per-hardware-thread context. The launcher keeps it in its own stack frame
 * (each thread has its own stack) and points the tp register (x4) at it for
 * the whole launch; GCC never allocates tp, so kernels must not write it. */
typedef struct {
    weft_dim3_t thread_idx;  /* threadIdx */
    weft_dim3_t block_idx;   /* blockIdx: changes per block */
    weft_dim3_t block_dim;   /* blockDim */
    weft_dim3_t grid_dim;    /* gridDim */
    uint32_t block_threads;  /* blockDim.x * blockDim.y * blockDim.z */
    uint32_t thread_linear;  /* linear thread index in the block (= wid*T + tid) */
    uint32_t block_linear;   /* linear block index (x fastest) */
    uint32_t sync_warps;     /* warps in the block: ceil(block_threads / T) */
} weft_ctx_t;

static inline const weft_ctx_t *weft_ctx(void)
{
    const weft_ctx_t *c;
    __asm__("mv %0, tp" : "=r"(c));
    return c;
}

#ifndef WEFT_NO_CUDA_NAMES
#define threadIdx (weft_ctx()->thread_idx)
#define blockIdx (weft_ctx()->block_idx)
#define blockDim (weft_ctx()->block_dim)
#define gridDim (weft_ctx()->grid_dim)
#endif

/* Linear ids, x fastest. */
static inline uint32_t weft_thread_linear(void) { return weft_ctx()->thread_linear; }
static inline uint32_t weft_block_linear(void) { return weft_ctx()->block_linear; }
static inline uint32_t weft_block_threads(void) { return weft_ctx()->block_threads; }

/* __syncthreads: every warp that holds threads of the block waits at barrier
 * 0 until all of them arrived. Call it in warp-uniform code only (outside
 * WEFT_IF/WEFT_WHILE bodies) and the same number of times in every thread. */
static inline void weft_syncthreads(void)
{
    weft_bar(0, weft_ctx()->sync_warps);
}

/* Barrier id the launcher uses between blocks; kernels use id 0. */
#define WEFT_BAR_SYNCTHREADS 0u
#define WEFT_BAR_BLOCK_END 1u

/* Device address (uint32_t field of an argument struct) to pointer. */
#define WEFT_PTR(type, addr) ((type *)(uintptr_t)(addr))

/* Mark a kernel entry point: `WEFT_KERNEL void name(const void *arg)`. */
#define WEFT_KERNEL __attribute__((used, noinline))

/* ------------------------------------------------------------------------ */
/* Console and exit (sw/runtime/weft_lib.c)                                 */
/* ------------------------------------------------------------------------ */

/* One character. The harness buffers per thread and prefixes each line with
 * [cC wW tT], so threads of a warp may print at the same time. */
static inline void weft_putchar(int c)
{
    *(volatile uint8_t *)(uintptr_t)WEFT_CONSOLE_ADDR = (uint8_t)c;
}

/* All of these are divergence-safe: threads may pass different values. */
void weft_print(const char *s);        /* the string, no newline */
void weft_puts(const char *s);         /* the string and '\n' (like C puts) */
void weft_print_dec(int32_t v);        /* signed decimal, no newline */
void weft_print_udec(uint32_t v);      /* unsigned decimal */
void weft_print_hex(uint32_t v);       /* "0x" and 8 hex digits */

/* End the whole run: 1 = pass, (code << 1) | 1 = failure `code`. */
static inline void weft_exit(uint32_t value)
{
    *(volatile uint32_t *)(uintptr_t)WEFT_EXIT_ADDR = value;
}

static inline void weft_fail(uint32_t code)
{
    weft_exit((code << 1) | 1u);
}

/* Entry called by start.S on every thread after the stack is set up: the
 * kernel launcher (weft_rt.c), or a bare program's own main. */
void weft_main(void);

/* Bare programs: riscv-tests style exit word (start.S). */
extern volatile uint32_t tohost;

#endif /* WEFT_DEVICE_H */
