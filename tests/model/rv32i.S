# rv32i.S - base integer instructions: ALU, shifts, compares, lui/auipc,
# jal/jalr link values, branches, loads with sign/zero extension, stores of
# every width, x0 stays zero, fence is a no-op.
# expect: 0
#include "test.h"
START
    li a1, 0x7fffffff
    addi a2, a1, 1
    CHECK(1, a2, 0x80000000)
    li a1, -5
    li a2, 3
    add a3, a1, a2
    CHECK(2, a3, -2)
    sub a3, a2, a1
    CHECK(3, a3, 8)
    slt a3, a1, a2
    CHECK(4, a3, 1)
    sltu a3, a1, a2
    CHECK(5, a3, 0)
    slti a3, a1, -4
    CHECK(6, a3, 1)
    sltiu a3, a2, -1          # 3 < 0xffffffff
    CHECK(7, a3, 1)
    li a1, 0xf0f0f0f0
    xori a3, a1, -1
    CHECK(8, a3, 0x0f0f0f0f)
    ori a3, a1, 0x0ff
    CHECK(9, a3, 0xf0f0f0ff)
    andi a3, a1, 0x0ff
    CHECK(10, a3, 0xf0)
    li a2, 0x0ff00ff0
    and a3, a1, a2
    CHECK(11, a3, 0x00f000f0)
    or a3, a1, a2
    CHECK(12, a3, 0xfff0fff0)
    xor a3, a1, a2
    CHECK(13, a3, 0xff00ff00)
    # shifts
    li a1, 0x80000001
    slli a3, a1, 4
    CHECK(14, a3, 0x00000010)
    srli a3, a1, 4
    CHECK(15, a3, 0x08000000)
    srai a3, a1, 4
    CHECK(16, a3, 0xf8000000)
    li a2, 36                 # shift amounts use the low 5 bits
    sll a3, a1, a2
    CHECK(17, a3, 0x00000010)
    srl a3, a1, a2
    CHECK(18, a3, 0x08000000)
    sra a3, a1, a2
    CHECK(19, a3, 0xf8000000)
    srai a3, a1, 31
    CHECK(20, a3, -1)
    # lui / auipc
    lui a3, 0xabcde
    CHECK(21, a3, 0xabcde000)
1:  auipc a3, 0
    la a4, 1b
    bne a3, a4, f22
    # x0
    addi x0, x0, 5
    CHECK(23, x0, 0)
    # jal / jalr
    jal ra, 2f
3:  j 4f
2:  la a4, 3b
    bne ra, a4, f24
    la a5, 5f
    addi a5, a5, 1            # jalr clears bit 0
    jalr a6, 0(a5)
55: FAIL(45)
5:  la a4, 55b                # link = address after the jalr
    bne a6, a4, f25
    jr ra
4:
    # jalr with rd == rs1
    la a5, 6f
    jalr a5, 0(a5)
6:  la a4, 6b
    bne a5, a4, f26
    # branches
    li a1, -1
    li a2, 1
    blt a1, a2, 7f
    FAIL(27)
7:  bltu a1, a2, f28
    bge a2, a1, 8f
    FAIL(29)
8:  bgeu a2, a1, f30
    beq a1, a1, 9f
    FAIL(31)
9:  bne a1, a1, f32
    bge a1, a1, 10f
    FAIL(33)
10:
    # loads and stores
    la s0, buf
    li a1, 0x8081fe7f
    sw a1, 0(s0)
    lb a3, 0(s0)
    CHECK(34, a3, 0x7f)
    lb a3, 1(s0)
    CHECK(35, a3, 0xfffffffe)
    lbu a3, 1(s0)
    CHECK(36, a3, 0xfe)
    lh a3, 2(s0)
    CHECK(37, a3, 0xffff8081)
    lhu a3, 2(s0)
    CHECK(38, a3, 0x8081)
    lh a3, 0(s0)
    CHECK(39, a3, 0xfffffe7f)
    sb a1, 5(s0)
    sh a1, 10(s0)
    lw a3, 4(s0)
    CHECK(40, a3, 0x00007f00)
    lw a3, 8(s0)
    CHECK(41, a3, 0xfe7f0000)
    sw a1, -4(s0)             # negative offset
    lw a3, -4(s0)
    CHECK(42, a3, 0x8081fe7f)
    fence
    fence.i
    # a load into x0 still happens and is discarded
    lw x0, 0(s0)
    CHECK(43, x0, 0)
    # csr reads through rs1 = x0 / zimm = 0 forms
    csrrs a3, CSR_NTHREADS, x0
    csrrc a4, CSR_NTHREADS, x0
    bne a3, a4, f44
    csrrsi a4, CSR_NTHREADS, 0
    bne a3, a4, f44
    csrrci a4, CSR_NTHREADS, 0
    bne a3, a4, f44
    PASS
f22: FAIL(22)
f24: FAIL(24)
f25: FAIL(25)
f26: FAIL(26)
f28: FAIL(28)
f30: FAIL(30)
f32: FAIL(32)
f44: FAIL(44)
COMMON_TAIL
    .balign 16
    .space 16
buf: .space 16
