/* test.h - macros for the directed ISA tests (tests/isa). Each test is a
 * bare program for any configuration: the harness starts warp 0 of every
 * core at _start with a full mask; START lets only core 0 run the test (the
 * other cores end at once). PASS stores 1 and
 * FAIL(n) stores (n << 1) | 1 to the exit word 0x10000004.
 *
 * Per-thread checks: every active thread ORs a mismatch into s11
 * (TCHECK / TCHECKR); END_CHECKS(n) publishes each lane's s11 in
 * tcheck_area[tid], the warp scans all T entries (so a wrong value in any
 * lane fails the test with code n) and clears them. END_CHECKS needs no
 * particular mask but checks only the lanes that stored, i.e. the active
 * ones; the tests call it with the full mask.
 */
#define CSR_CYCLE    0xC00
#define CSR_CYCLEH   0xC80
#define CSR_MCYCLE   0xB00
#define CSR_MCYCLEH  0xB80
#define CSR_INSTRET  0xC02
#define CSR_INSTRETH 0xC82
#define CSR_MINSTRET 0xB02
#define CSR_MINSTRETH 0xB82
#define CSR_MHARTID  0xF14
#define CSR_TID      0xCC0
#define CSR_WID      0xCC1
#define CSR_CID      0xCC2
#define CSR_TMASK    0xCC3
#define CSR_NTHREADS 0xCC4
#define CSR_NWARPS   0xCC5
#define CSR_NCORES   0xCC6
#define CSR_LAUNCH   0xCC7

#define IO_EXIT    0x10000004

#define TMC(rs1)         .insn r 0x0B, 0, 0, x0, rs1, x0
#define WSPAWN(rs1, rs2) .insn r 0x0B, 1, 0, x0, rs1, rs2
#define SPLIT(rs1)       .insn r 0x0B, 2, 0, x0, rs1, x0
#define JOIN             .insn r 0x0B, 3, 0, x0, x0, x0
#define BAR(rs1, rs2)    .insn r 0x0B, 4, 0, x0, rs1, rs2
#define PRED(rs1, rs2)   .insn r 0x0B, 5, 0, x0, rs1, rs2

#define START .section .text.start, "ax"; .globl _start; _start: \
    csrr t0, CSR_CID; beqz t0, 93f; TMC(x0); 93: li s11, 0

#define PASS  li t5, 1; li t4, IO_EXIT; sw t5, 0(t4); 99: j 99b
#define FAIL(n) li a0, n; j fail_common

/* Warp-uniform check (the leader decides). */
#define CHECK(n, reg, val) li t6, val; beq reg, t6, 98f; FAIL(n); 98:
/* Per-thread checks into s11. */
#define TCHECK(reg, val) li t6, val; xor t6, t6, reg; snez t6, t6; or s11, s11, t6
#define TCHECKR(reg, exp) xor t6, exp, reg; snez t6, t6; or s11, s11, t6

#define END_CHECKS(n)                                   \
    csrr t0, CSR_TID; slli t0, t0, 2;                   \
    la t1, tcheck_area; add t1, t1, t0; sw s11, 0(t1);  \
    csrr t2, CSR_NTHREADS; la t1, tcheck_area; li t3, 0; \
97: lw t0, 0(t1); or t3, t3, t0; addi t1, t1, 4;         \
    addi t2, t2, -1; bnez t2, 97b;                      \
    csrr t0, CSR_TID; slli t0, t0, 2;                   \
    la t1, tcheck_area; add t1, t1, t0; sw x0, 0(t1);   \
    beqz t3, 95f; FAIL(n);                              \
95: li s11, 0

#define COMMON_TAIL                                     \
fail_common:                                            \
    slli a0, a0, 1; ori a0, a0, 1;                      \
    li t4, IO_EXIT; sw a0, 0(t4);                       \
94: j 94b;                                              \
    .data; .balign 64;                                  \
tcheck_area: .space 256
