# commit.S - a short F program for tests/fpu/commit_test.c (the model's
# commit records of F instructions). Run as a bare program on 1x1x4.
    .section .text.start, "ax"
    .globl _start
_start:
    csrr a0, 0xCC0              # tid
    fcvt.s.w f0, a0             # f0 = tid: FP write of f0
    lui t0, 0x40400
    fmv.w.x f1, t0              # 3.0
    fdiv.s f2, f0, f1           # lane 0: 0 exact, lane 1: 1/3 NX, lane 3: 1.0 exact
    fsflags a2, x0              # reads fflags into a2, clears them
    feq.s a1, f2, f2            # integer destination
    la t1, buf
    slli t2, a0, 2
    add t1, t1, t2
    fsw f2, 0(t1)
    flw f31, 0(t1)
    .insn r 0x0B, 0, 0, x0, x0, x0  # tmc 0
    .data
    .balign 16
buf: .space 128
