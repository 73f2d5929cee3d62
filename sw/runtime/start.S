/* start.S - entry of every Weft device program (kernel ELFs and bare tests).
 *
 * A launch (or a bare run) starts warp 0 of every core at _start with a full
 * thread mask. Every thread:
 *   1. sets gp (small-data base) and its own stack:
 *        sp = __ram_end - mhartid * WEFT_STACK_STRIDE (4 KiB + 32 B)
 *      (docs/isa.md: thread g's stack top at RAM_END - g * 4128). The
 *      stride is skewed by one 32-byte line so that the same stack offset
 *      of consecutive threads falls in consecutive cache sets instead of
 *      one set (docs/memory.md "Stack layout"). sp is written once, with
 *      its final value: the stack guard (docs/isa.md) checks every write
 *      of sp against the thread's own stack;
 *   2. warp 0 only: sets perf-reset-lock, so that the counters of a
 *      benchmark's launches accumulate (weft_perf_init clears it; this is
 *      before any other warp exists, so a kernel's own write comes later;
 *      docs/counters.md); then wspawn nwarps, _start - starts warps 1..W-1 here with a
 *      full mask. The spawned warps come through the same code, see wid != 0
 *      and do not spawn again (wid is the same for every thread of a warp, so
 *      the branch is warp-uniform);
 *   3. calls weft_main() (the kernel launcher in weft_rt.c, or a bare
 *      program's own main);
 *   4. ends the warp with tmc 0 if weft_main returns.
 *
 * Nothing here clears .bss: the harness zero-fills it when it loads the ELF,
 * and threads clearing it concurrently would race with each other.
 */

#define CSR_MHARTID 0xF14
#define CSR_WID     0xCC1
#define CSR_NWARPS  0xCC5
#define CSR_PERF_RLOCK 0x7C1
/* WEFT_STACK_STRIDE = 4128 = (1 << 12) + (1 << 5): g * stride by two shifts */
#define STACK_SHIFT_HI 12
#define STACK_SHIFT_LO 5

    .section .text.start, "ax", @progbits
    .globl  _start
    .type   _start, @function
_start:
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop

    csrr    t0, CSR_MHARTID
    slli    t1, t0, STACK_SHIFT_HI
    slli    t0, t0, STACK_SHIFT_LO
    add     t0, t0, t1                      /* g * WEFT_STACK_STRIDE */
    la      t1, __ram_end
    sub     sp, t1, t0                      /* the only write of sp here */

    csrr    t1, CSR_WID
    bnez    t1, 1f                          /* spawned warps: no spawn */
    csrwi   CSR_PERF_RLOCK, 1               /* counters survive the next launch's reset */
    csrr    t2, CSR_NWARPS
    la      t3, _start
    .insn r 0x0B, 1, 0, x0, t2, t3          /* wspawn nwarps, _start */
1:
    call    weft_main

    .insn r 0x0B, 0, 0, x0, x0, x0          /* tmc 0: end the warp */
2:  j       2b                              /* not reached */
    .size   _start, . - _start

/* riscv-tests style exit word for bare programs: a word store to tohost ends
 * the run (1 = pass, (n << 1) | 1 = fail n). */
/* The stack layout this start-up code sets up, for the harness: with this
 * symbol (value = the stride) in the ELF, both engines check every write of
 * sp against the thread's own stack (docs/isa.md "Stack guard"). Bare
 * programs with their own start-up code do not define it: no check. */
    .globl  __weft_stack_guard
    .set    __weft_stack_guard, 4128

    .section .data.tohost, "aw", @progbits
    .balign 4
    .globl  tohost
    .type   tohost, @object
tohost:
    .word   0
    .size   tohost, 4
