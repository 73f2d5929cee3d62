# fault_smem_range.S - a shared-memory lw beyond its 4096 bytes (issue 19): lane 2 of warp 0 faults; both engines name the
# same access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: out-of-range lw at address 0x20001000 (core 0, warp 0, thread 2, pc
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    li a0, 0x20000000
    add a0, a0, t1
    li t4, 0x1000 - 8
    mul t4, t4, t3
    add a0, a0, t4          /* lane 2: 0x20001000, one past the end */
    lw a1, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
