# launch.S - program for api_test.c: thread 0 copies the launch descriptor
# into the buffer given as its arg and calls the kernel through the entry
# field; every thread records its mhartid.
#include "../test.h"
START
    csrr a0, CSR_LAUNCH
    lw s0, 28(a0)             # arg: result buffer
    csrr a1, CSR_MHARTID
    addi t0, a1, 16
    slli t0, t0, 2
    add t0, t0, s0
    addi t1, a1, 1
    sw t1, 0(t0)              # buf[16 + g] = g + 1
    li t0, 1
    TMC(t0)
    li t2, 9
    mv t3, a0
    mv t4, s0
1:  lw t1, 0(t3)
    sw t1, 0(t4)
    addi t3, t3, 4
    addi t4, t4, 4
    addi t2, t2, -1
    bnez t2, 1b
    sw a0, 36(s0)             # buf[9] = launch pointer
    lw t1, 0(a0)
    mv a0, s0
    jalr t1
    TMC(x0)

    .globl kernel_a
kernel_a:
    li t2, 0x600d
    sw t2, 40(a0)
    ret
    .globl kernel_b
kernel_b:
    li t2, 0xb
    sw t2, 40(a0)
    li t2, IO_CONSOLE
    li t3, 'k'
    sb t3, 0(t2)
    ret
