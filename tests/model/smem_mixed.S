# smem_mixed.S - a warp access whose lanes mix shared (0x2000_0000) and
# global addresses is an access error (docs/memory.md).
# expect: 5
#include "test.h"
START
    csrr t0, CSR_TID
    li s0, 0x20000000
    beqz t0, 1f               # (a plain branch: only the leader's value counts)
1:  la s1, buf
    slli t1, t0, 2
    add s1, s1, t1            # lanes: buf + 4*tid
    li t2, 0x20000000
    sub t3, s0, s1            # lane 0 gets the shared address, the others global
    snez t4, t0
    addi t4, t4, -1           # -1 for lane 0, 0 otherwise
    and t3, t3, t4
    add s1, s1, t3
    lw a0, 0(s1)
    PASS
COMMON_TAIL
buf: .space 128
