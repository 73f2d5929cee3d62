# wspawn_bar.S - wspawn starts inactive warps 1..n-1 at a pc with a full
# mask and leaves active ones alone; bar waits until n warps of the core
# arrived (id taken mod NUM_BARRIERS); n <= 1 passes at once; ended warps
# can be spawned again.
# args: --warps 4 --threads 4
# expect: 0
#include "test.h"
START
    li a1, 1
    BAR(x0, a1)               # n <= 1: no wait
    BAR(x0, x0)
    li a1, 4
    la a2, worker
    WSPAWN(a1, a2)
    la a2, bad
    WSPAWN(a1, a2)            # warps 1..3 are active: no effect
    li a1, 99
    la a2, bad
worker:
    csrr a3, CSR_WID
    csrr a5, CSR_TMASK
    CHECK(1, a5, 0xf)
    la t0, slots
    slli t1, a3, 2
    add t0, t0, t1
    addi t2, a3, 1
    sw t2, 0(t0)
    li a4, 5                  # barrier 5 mod 4 = 1
    li a5, 4
    BAR(a4, a5)
    # every warp stored before the barrier released anyone
    la t0, slots
    lw t1, 0(t0)
    CHECK(2, t1, 1)
    lw t1, 4(t0)
    CHECK(3, t1, 2)
    lw t1, 8(t0)
    CHECK(4, t1, 3)
    lw t1, 12(t0)
    CHECK(5, t1, 4)
    li a4, 1                  # the same barrier again (id 1)
    BAR(a4, a5)
    bnez a3, endw
    # warp 0: wait until warps 1..3 have ended, then respawn warp 1
    la t0, endslots
1:  lw t1, 4(t0)
    lw t2, 8(t0)
    add t1, t1, t2
    lw t2, 12(t0)
    add t1, t1, t2
    li t2, 3
    bne t1, t2, 1b
    li t1, 100                # let the last worker reach its tmc 0
2:  addi t1, t1, -1
    bnez t1, 2b
    li a1, 2
    la a2, second
    WSPAWN(a1, a2)
    li a4, 2
    li a5, 2
    BAR(a4, a5)
    la t0, flag
    lw t1, 0(t0)
    CHECK(6, t1, 0x55)
    PASS
endw:
    slli t1, a3, 2
    la t2, endslots
    add t2, t2, t1
    li t3, 1
    sw t3, 0(t2)
    TMC(x0)
second:
    csrr a3, CSR_WID
    CHECK(7, a3, 1)
    csrr a5, CSR_TMASK
    CHECK(8, a5, 0xf)
    la t0, flag
    li t1, 0x55
    sw t1, 0(t0)
    li a4, 2
    li a5, 2
    BAR(a4, a5)
    TMC(x0)
bad:
    FAIL(9)
COMMON_TAIL
    .balign 4
slots: .space 16
endslots: .space 16
flag: .word 0
