# step.S - program for api_test.c's model_step_warp checks.
#include "../test.h"
START
    csrr a1, CSR_TID          # 0
    addi a2, a1, 100          # 4
    la a3, buf                # 8, 12
    slli a4, a1, 2            # 16
    add a3, a3, a4            # 20
    sw a2, 0(a3)              # 24
    sb a2, 1(a3)              # 28
    li t0, 0x5
    TMC(t0)                   # 36
    li t0, 0
    TMC(t0)                   # 44
    .data
    .balign 64
buf: .space 128
