# fault_two_lanes.S - lane 0 loads from an unmapped address and lane 2 from a
# misaligned one (issue 19): the RTL's LSU checks alignment of the whole
# warp before memory sees any lane, so both engines name lane 2.
# expect: 5
# message: misaligned lw at address 0x8000014a (core 0, warp 0, thread 2, pc
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    la a0, buf
    add a0, a0, t1
    xori t3, t0, 2
    seqz t3, t3
    slli t3, t3, 1
    add a0, a0, t3          /* lane 2: buf + 10 */
    seqz t3, t0             /* t3 = (tid == 0) */
    li t4, 0x30000000
    sub t4, t4, a0
    mul t4, t4, t3
    add a0, a0, t4          /* lane 0: 0x30000000 */
    lw a1, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
