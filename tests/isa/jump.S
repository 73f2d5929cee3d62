# jump.S - lui, auipc, jal and jalr: link values (pc + 4), forward and
# backward targets, jalr offsets (positive/negative), bit 0 of the target
# cleared, rd == rs1, rd = x0; the link is written in every lane.
# expect: 0
#include "test.h"
START
    # lui: upper 20 bits, low 12 zero, in every lane
    lui a0, 0xabcde
    TCHECK(a0, 0xabcde000)
    lui a0, 0x80000
    TCHECK(a0, 0x80000000)
    lui a0, 0xfffff
    TCHECK(a0, 0xfffff000)
    lui a0, 0
    TCHECK(a0, 0)
    # auipc: pc + (imm << 12)
1:  auipc a0, 0
    la a1, 1b
    TCHECKR(a0, a1)
2:  auipc a0, 0x12345
    la a1, 2b
    li a2, 0x12345000
    add a1, a1, a2
    TCHECKR(a0, a1)
3:  auipc a0, 0xfffff           # pc - 4096
    la a1, 3b
    li a2, -4096
    add a1, a1, a2
    TCHECKR(a0, a1)
    # jal forward: link = pc + 4 in every lane
    jal a0, 4f
5:  FAIL(1)
4:  la a1, 5b
    TCHECKR(a0, a1)
    # jal backward
    j 7f
6:  jal a3, 8f                   # 6 -> 8
    FAIL(2)
7:  jal a2, 6b                   # 7 -> 6
9:  FAIL(3)
8:  la a1, 9b
    TCHECKR(a2, a1)
    la a1, 6b
    addi a1, a1, 4
    TCHECKR(a3, a1)
    # jal with rd = x0 (j)
    jal x0, 10f
    FAIL(4)
10: li a0, 0
    # jalr: offset, link
    la a1, 11f
    jalr a0, 0(a1)
12: FAIL(5)
11: la a2, 12b
    TCHECKR(a0, a2)
    la a1, 13f
    addi a1, a1, 8
    jalr a0, -8(a1)             # negative offset
14: FAIL(6)
13: la a2, 14b
    TCHECKR(a0, a2)
    la a1, 15f
    addi a1, a1, -12
    jalr a0, 12(a1)             # positive offset
    FAIL(7)
15: la a1, 16f
    addi a1, a1, 1              # bit 0 set: cleared
    jalr a0, 0(a1)
    FAIL(8)
16: la a1, 17f
    jalr a1, 0(a1)              # rd == rs1: target from the old value
18: FAIL(9)
17: la a2, 18b
    TCHECKR(a1, a2)
    la a1, 19f
    jalr x0, 0(a1)              # rd = x0
    FAIL(10)
19: # a call and return
    jal ra, sub1
    TCHECK(a5, 0x55)
    END_CHECKS(11)
    PASS
sub1:
    li a5, 0x55
    ret
COMMON_TAIL
