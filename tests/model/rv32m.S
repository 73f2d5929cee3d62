# rv32m.S - multiply and divide, with the RISC-V corner cases: division by
# zero (quotient all ones, remainder = dividend) and signed overflow
# (INT_MIN / -1 = INT_MIN, remainder 0); signs of quotient and remainder.
# expect: 0
#include "test.h"
#define T3(n, op, a, b, r) li a1, a; li a2, b; op a3, a1, a2; CHECK(n, a3, r)
START
    T3(1, mul, 7, -3, -21)
    T3(2, mul, 0x12345678, 0x9abcdef0, 0x242d2080)
    T3(3, mulh, 0x12345678, 0x9abcdef0, 0xf8cc93d6)
    T3(4, mulhu, 0x12345678, 0x9abcdef0, 0x0b00ea4e)
    T3(5, mulhsu, 0x12345678, 0x9abcdef0, 0x0b00ea4e)
    T3(6, mulhsu, -1, -1, -1)
    T3(7, mulh, -1, -1, 0)
    T3(8, mulhu, -1, -1, 0xfffffffe)
    T3(9, mulh, 0x80000000, 0x80000000, 0x40000000)
    T3(10, mulhsu, 0x80000000, 0xffffffff, 0x80000000)
    T3(11, div, 20, 6, 3)
    T3(12, div, -20, 6, -3)
    T3(13, div, 20, -6, -3)
    T3(14, div, -20, -6, 3)
    T3(15, rem, 20, 6, 2)
    T3(16, rem, -20, 6, -2)
    T3(17, rem, 20, -6, 2)
    T3(18, rem, -20, -6, -2)
    T3(19, divu, -20, 6, 0x2aaaaaa7)
    T3(20, remu, -20, 6, 2)
    T3(21, div, 5, 0, -1)
    T3(22, div, -5, 0, -1)
    T3(23, divu, 5, 0, 0xffffffff)
    T3(24, rem, 5, 0, 5)
    T3(25, rem, -5, 0, -5)
    T3(26, remu, 0xfffffff0, 0, 0xfffffff0)
    T3(27, div, 0x80000000, -1, 0x80000000)
    T3(28, rem, 0x80000000, -1, 0)
    T3(29, divu, 0x80000000, -1, 0)
    T3(30, remu, 0x80000000, -1, 0x80000000)
    T3(31, div, 0x80000000, 1, 0x80000000)
    T3(32, div, 0, 0, -1)
    T3(33, remu, 0, 0, 0)
    # rd == rs1 == rs2
    li a1, -7
    mul a1, a1, a1
    CHECK(34, a1, 49)
    PASS
COMMON_TAIL
