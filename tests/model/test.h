/* test.h - macros for the hand-written functional-model tests (assembler,
 * preprocessed by gcc). Each test is a bare program: the harness starts warp
 * 0 of every core at _start with a full thread mask; the test ends with
 * PASS (exit value 1) or FAIL(n) (exit value (n << 1) | 1, harness exit
 * code 10) through the exit word at 0x10000004.
 *
 * Header lines read by run.sh:
 *   # expect: CODE       harness exit code (default 0)
 *   # args: ...          extra harness options
 *   # output: TEXT       a line that must appear on stdout (grep -F)
 *   # message: TEXT      text that must appear in the FAIL line (grep -F)
 */
#define CSR_CYCLE    0xC00
#define CSR_INSTRET  0xC02
#define CSR_MHARTID  0xF14
#define CSR_TID      0xCC0
#define CSR_WID      0xCC1
#define CSR_CID      0xCC2
#define CSR_TMASK    0xCC3
#define CSR_NTHREADS 0xCC4
#define CSR_NWARPS   0xCC5
#define CSR_NCORES   0xCC6
#define CSR_LAUNCH   0xCC7

#define IO_CONSOLE 0x10000000
#define IO_EXIT    0x10000004

/* SIMT extension, custom-0 (docs/isa.md). */
#define TMC(rs1)        .insn r 0x0B, 0, 0, x0, rs1, x0
#define WSPAWN(rs1, rs2) .insn r 0x0B, 1, 0, x0, rs1, rs2
#define SPLIT(rs1)      .insn r 0x0B, 2, 0, x0, rs1, x0
#define JOIN            .insn r 0x0B, 3, 0, x0, x0, x0
#define BAR(rs1, rs2)   .insn r 0x0B, 4, 0, x0, rs1, rs2
#define PRED(rs1, rs2)  .insn r 0x0B, 5, 0, x0, rs1, rs2

#define START .section .text.start, "ax"; .globl _start; _start:

/* End the run: pass, or fail with code n (in a register or immediate). */
#define PASS  li t5, 1; li t4, IO_EXIT; sw t5, 0(t4); 99: j 99b
#define FAIL(n) li a0, n; j fail_common

/* Warp-uniform check (the leader decides): reg == val or fail with code n. */
#define CHECK(n, reg, val) li t6, val; beq reg, t6, 98f; FAIL(n); 98:

/* Per-thread check: every active thread compares reg with val and ORs a
 * mismatch into s11 (tested by END_CHECKS). */
#define TCHECK(reg, val) li t6, val; xor t6, t6, reg; snez t6, t6; or s11, s11, t6

/* Collect s11 of every thread of the warp into memory and fail with code n
 * if any thread saw a mismatch. Clobbers t0-t3; needs the warp's full
 * mask to be restorable: call with all threads active. */
#define END_CHECKS(n)                                   \
    csrr t0, CSR_TID; slli t0, t0, 2;                   \
    la t1, tcheck_area; add t1, t1, t0; sw s11, 0(t1);  \
    csrr t3, CSR_TMASK;                                 \
    li t0, 1; TMC(t0);                                  \
    csrr t2, CSR_NTHREADS; la t1, tcheck_area;          \
97: lw t0, 0(t1); bnez t0, 96f; addi t1, t1, 4;         \
    addi t2, t2, -1; bnez t2, 97b;                      \
    TMC(t3); j 95f;                                     \
96: FAIL(n);                                            \
95: li s11, 0

/* Hand a warp-uniform value computed under a partial mask to the full warp:
 * the active threads store it, every thread loads it back later. */
#define PUBLISH(reg) la t6, published; sw reg, 0(t6)
#define FETCH(reg) la t6, published; lw reg, 0(t6)

#define COMMON_TAIL                                     \
fail_common:                                            \
    slli a0, a0, 1; ori a0, a0, 1;                      \
    li t4, IO_EXIT; sw a0, 0(t4);                       \
94: j 94b;                                              \
    .data; .balign 4;                                   \
published: .word 0;                                 \
tcheck_area: .space 128
