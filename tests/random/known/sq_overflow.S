/* tools/rigen.py --seed 46360695 --length 200: exit 9 "commit trace: store queue overflow (core 0)" under --cosim on build/base (passes without --cosim and on the model). Kept as a reproducer. */
#define TMC(rs1)         .insn r 0x0B, 0, 0, x0, rs1, x0
#define WSPAWN(rs1, rs2) .insn r 0x0B, 1, 0, x0, rs1, rs2
#define SPLIT(rs1)       .insn r 0x0B, 2, 0, x0, rs1, x0
#define JOIN             .insn r 0x0B, 3, 0, x0, x0, x0
#define BAR(rs1, rs2)    .insn r 0x0B, 4, 0, x0, rs1, rs2
#define PRED(rs1, rs2)   .insn r 0x0B, 5, 0, x0, rs1, rs2
    .section .text.start, "ax"
    .globl _start
_start:
    li x24, 64
    la x25, warp_entry
    WSPAWN(x24, x25)
warp_entry:
    csrr x24, 0xf14
    slli x24, x24, 8
    la x8, scratch
    add x8, x8, x24
    la x9, rotable
    csrr x25, 0xcc5
    li x26, 64
    bltu x26, x25, 1f
    mv x26, x25
1:
    csrr x25, 0xcc5
    csrr x24, 0xcc4
    mul x25, x25, x24
    sw x25, 4(x8)
    csrr x24, 0xcc2
    mul x24, x24, x25
    slli x24, x24, 4
    la x25, slots
    add x24, x24, x25
    sw x24, 0(x8)
    csrr x24, 0xf14
    slli x24, x24, 4
    add x24, x24, x25
    sw x24, 8(x8)
    sw x0, 12(x8)
    li x2, -1985759661
    csrr x24, 0xf14
    add x2, x2, x24
    li x3, 32
    li x4, 32767
    li x5, -2
    csrr x24, 0xf14
    sll x5, x5, x24
    li x6, 128
    li x7, 128
    csrr x24, 0xf14
    xor x7, x7, x24
    li x10, -2147483647
    li x11, 1
    csrr x24, 0xf14
    xor x11, x11, x24
    li x12, 1598936202
    csrr x24, 0xf14
    xor x12, x12, x24
    li x13, -34526066
    li x14, 32
    csrr x24, 0xf14
    sll x14, x14, x24
    li x15, 31
    li x16, -2
    csrr x24, 0xf14
    sll x16, x16, x24
    li x17, 1551524676
    csrr x24, 0xf14
    add x17, x17, x24
    li x28, -2
    li x29, 1431655765
    csrr x24, 0xf14
    mul x29, x29, x24
    li x30, 255
    csrr x24, 0xf14
    sll x30, x30, x24
    li x31, -281612589
    csrr x24, 0xf14
    xor x31, x31, x24
    sw x12, 16(x8)
    sw x13, 20(x8)
    sw x16, 24(x8)
    sw x3, 28(x8)
    sw x4, 32(x8)
    sw x3, 36(x8)
    sw x30, 40(x8)
    sw x15, 44(x8)
    sw x7, 48(x8)
    sw x28, 52(x8)
    sw x2, 56(x8)
    sw x15, 60(x8)
    sw x29, 64(x8)
    sw x11, 68(x8)
    sw x31, 72(x8)
    sw x13, 76(x8)
    sw x31, 80(x8)
    sw x30, 84(x8)
    sw x15, 88(x8)
    sw x31, 92(x8)
    sw x29, 96(x8)
    sw x4, 100(x8)
    sw x31, 104(x8)
    sw x30, 108(x8)
    sw x11, 112(x8)
    sw x7, 116(x8)
    sw x3, 120(x8)
    sw x13, 124(x8)
    sw x16, 128(x8)
    sw x30, 132(x8)
    sw x16, 136(x8)
    sw x4, 140(x8)
    sw x31, 144(x8)
    sw x17, 148(x8)
    sw x29, 152(x8)
    sw x14, 156(x8)
    sw x31, 160(x8)
    sw x5, 164(x8)
    sw x28, 168(x8)
    sw x14, 172(x8)
    sw x11, 176(x8)
    sw x16, 180(x8)
    sw x2, 184(x8)
    sw x30, 188(x8)
    sw x13, 192(x8)
    sw x28, 196(x8)
    sw x17, 200(x8)
    sw x31, 204(x8)
    sw x29, 208(x8)
    sw x29, 212(x8)
    sw x12, 216(x8)
    sw x7, 220(x8)
    sw x2, 224(x8)
    sw x13, 228(x8)
    sw x5, 232(x8)
    sw x5, 236(x8)
    sw x4, 240(x8)
    sw x3, 244(x8)
    sw x4, 248(x8)
    sw x3, 252(x8)
    lui x17, 0x13dcb
    andi x24, x17, 236
    add x24, x24, x8
    sw x17, 16(x24)
    addi x4, x7, 2047
    slti x29, x29, 14
    csrrsi x12, 0xcc5, 0
    slli x13, x29, 1
    addi x12, x13, -1618
    sltu x6, x10, x0
    nop
    slti x16, x30, 2047
    lw x24, 4(x8)
    remu x24, x12, x24
    slli x24, x24, 4
    lw x25, 0(x8)
    add x24, x24, x25
    lh x29, 4(x24)
    and x31, x16, x6
    srai x16, x31, 8
    csrrs x14, 0xcc0, x0
    sltu x16, x0, x16
    slli x14, x14, 0
    li x23, 3
L1:
    csrrsi x29, 0xb82, 0
    lb x2, 176(x8)
    csrrc x3, 0xc82, x0
    csrrci x28, 0xb02, 0
    andi x24, x3, 239
    add x24, x24, x8
    lb x15, 16(x24)
    csrrs x28, 0xcc0, x0
    remu x31, x28, x31
    fence
    or x13, x13, x2
    slt x7, x28, x13
    SPLIT(x7)
    beqz x7, L2
    divu x3, x13, x4
    nop
    addi x17, x7, 1753
    sb x17, 242(x8)
    bne x5, x3, L4
    sltiu x5, x29, -2048
    slli x15, x5, 1
    lw x10, 436(x9)
    lh x3, 214(x8)
L4:
    j L3
L2:
    bne x17, x4, L5
    sb x10, 164(x8)
    nop
    and x10, x10, x2
    sh x31, 248(x8)
L5:
    sw x14, 164(x8)
    auipc x7, 0xcadc4
L3:
    JOIN
    addi x23, x23, -1
    bnez x23, L1
    mulhsu x30, x14, x30
    sh x15, 110(x8)
    srai x6, x3, 1
    li x5, 65535
    csrr x23, 0xcc3
    mv x22, x30
    andi x22, x22, 3
    addi x22, x22, 1
L6:
    mulhsu x4, x30, x2
    addi x13, x2, 1896
    lhu x13, 198(x8)
    srl x31, x13, x31
    srl x2, x2, x31
    slti x15, x2, 1759
    csrr x21, 0xcc3
    li x24, 0x9aa1f415
    and x24, x24, x21
    bnez x24, L7
    mv x24, x21
L7:
    TMC(x24)
    bne x31, x13, L8
    ori x13, x2, 888
    andi x24, x3, 238
    add x24, x24, x8
    sh x2, 16(x24)
    csrrs x11, 0xcc0, x0
L8:
    bne x3, x31, L9
    andi x24, x3, 239
    add x24, x24, x8
    lbu x6, 16(x24)
    xor x2, x10, x11
L9:
    andi x24, x11, 239
    add x24, x24, x8
    sb x0, 16(x24)
    sb x6, 120(x8)
    csrrsi x30, 0xcc4, 0
    andi x24, x6, 238
    add x24, x24, x8
    lh x6, 16(x24)
    TMC(x21)
    addi x22, x22, -1
    PRED(x22, x23)
    bnez x22, L6
    TMC(x0)
    lw x0, 1(x0)
    .data
    .balign 64
rotable:
    .word 0x00000020, 0x00000021, 0x00000020, 0x535d88e7, 0x7fffffff, 0x00000001, 0x00000080, 0x00000020
    .word 0x6014ebeb, 0x80000001, 0x0000ffff, 0xaaaaaaaa, 0x0000001f, 0xfffffffe, 0x00000002, 0x912f3e89
    .word 0x50056ed2, 0xaaaaaaaa, 0xd28769ca, 0xffffffff, 0xb37dd74e, 0x0000ffff, 0x870220a5, 0x00007fff
    .word 0x0d259877, 0x00000080, 0x1325abbd, 0x00007fff, 0x00000080, 0xef2e3aae, 0xff4eddac, 0x0000001f
    .word 0x00007fff, 0x5db3898c, 0x2038e40e, 0x80000000, 0xb35986a5, 0x00008000, 0x7f7813e9, 0x00007fff
    .word 0x00000000, 0xaaaaaaaa, 0x00000002, 0x61c7da48, 0x9efa17a4, 0xf7b55b42, 0x55555555, 0x510fe69d
    .word 0x2c274a7a, 0x80000001, 0x163ec6af, 0x73de1d81, 0x0000ffff, 0xa4ec8e6f, 0xb7b4f958, 0x00008000
    .word 0x7fffffff, 0x0000ffff, 0xaaaaaaaa, 0x71596304, 0x00000001, 0x3095a42f, 0xdb99e902, 0x7f75e552
    .word 0x55555555, 0x8e9fe49d, 0x00000080, 0x00000002, 0xaaaaaaaa, 0x36dfc54a, 0x80000001, 0xa6a4667d
    .word 0x40882c93, 0x2ca24777, 0x9dccce88, 0x00007fff, 0x80000000, 0x5d0af7c8, 0x00000021, 0x7fffffff
    .word 0x31af4183, 0x00000000, 0x00000080, 0x00000001, 0x55555555, 0xa4b7c868, 0x4898e411, 0x00008000
    .word 0x7fffffff, 0x5c266957, 0x0000ffff, 0x17eb54b1, 0x10289d0c, 0xaaaaaaaa, 0x92be64d0, 0xaaaaaaaa
    .word 0xf24c674b, 0x82884ac7, 0x3f8cd1d1, 0xaaaaaaaa, 0x415a7a5f, 0x45528b0e, 0x00000020, 0x00000000
    .word 0x0dabb89e, 0xefed4e82, 0x59e69a68, 0x80000000, 0x23229424, 0x948a7aa3, 0xfffffffe, 0xf65b0df0
    .word 0xffffffff, 0x98d4782a, 0x00000021, 0x00000080, 0x00007fff, 0xfffffffe, 0x5265e5fc, 0x55555555
    .word 0x00007fff, 0xf288ae5a, 0x041e6040, 0x80000001, 0x00008000, 0x4c51eb7b, 0x00007fff, 0x0000001f
    .word 0x80000000, 0x0a9069ab, 0x000000ff, 0x73787885, 0x80000001, 0xaaaaaaaa, 0x00000002, 0xf2e4b121
    .word 0x2f9c97ae, 0x00000020, 0x1ea14f74, 0x0000ffff, 0xd6fc5f61, 0xec611430, 0x0000001f, 0x80000001
    .word 0xaaaaaaaa, 0x80000000, 0xcdd4d774, 0x00000001, 0xfffffffe, 0xe4ba2599, 0x00000080, 0x00008000
    .word 0x334c71b3, 0x00000020, 0x0000001f, 0xfab56311, 0xa7ae89b4, 0x00000002, 0x88018e1c, 0xffffffff
    .word 0x80000001, 0x0b640aad, 0x0000ffff, 0x00000080, 0x9f392ff0, 0x1d663a8d, 0x00000001, 0x00008000
    .word 0x00000021, 0x1c125d2d, 0x2aeb9c41, 0x00000000, 0x101d4561, 0x00008000, 0x34d329e0, 0x00000000
    .word 0x7c41e8df, 0x00007fff, 0x46e21421, 0x00008000, 0x0000001f, 0x00000001, 0x7fffffff, 0xfffffffe
    .word 0x00000001, 0xcddf64c8, 0xf7654859, 0xdb363fe6, 0x2d3e0261, 0x54e785c7, 0x12eff500, 0x00000000
    .word 0x00000000, 0xffffffff, 0x8ebfc592, 0xffffffff, 0x1b0ecd74, 0x55555555, 0x0000ffff, 0xf23f6a34
    .word 0x00000000, 0xee2b5efa, 0x11f861e9, 0x7fffffff, 0x7fffffff, 0xafe96207, 0xa0a29680, 0x00000020
    .word 0x7fffffff, 0x03007de2, 0x7fffffff, 0x00000002, 0x00000001, 0x00000020, 0x78a0b939, 0x4af5a507
    .word 0x80000000, 0xdfe85d11, 0x23bd1b48, 0x0000001f, 0x80000000, 0x00000002, 0x00000021, 0x00008000
    .word 0xffffffff, 0x4764b4e8, 0x80000000, 0x00008000, 0x00000021, 0xc614c303, 0x00000002, 0x6c3ddf9f
    .word 0xe48cf413, 0xa2340bba, 0x767490a2, 0x7cc53757, 0x00000001, 0xfffffffe, 0x00000020, 0x069a0b00
    .word 0xaaaaaaaa, 0x00007fff, 0x00000080, 0xbc8a2049, 0xeb098f76, 0xd56db9c5, 0x00000021, 0xffffffff
    .word 0x000000ff, 0x103d7ae9, 0x00007fff, 0x00000001, 0xbe36f86d, 0x000000ff, 0x00000020, 0x00000002
    .bss
    .balign 64
slots: .space 16384
scratch: .space 262144
