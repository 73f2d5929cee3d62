# fault_smem_mixed.S - a shared-memory lw with a global lane (issue 19): lane 2 of warp 0 faults; both engines name the
# same access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: (core 0, warp 0, thread 2, pc 0x8000002c): shared-memory and global lanes in one request
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    li a0, 0x20000000
    add a0, a0, t1
    la t4, buf
    sub t4, t4, a0
    mul t4, t4, t3
    add a0, a0, t4          /* lane 2: buf (global) */
    lw a1, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
