# fault_lw_oob.S - an out-of-range lw (issue 19): lane 2 of warp 0 faults; both engines name the
# same access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: out-of-range lw at address 0x30000008 (core 0, warp 0, thread 2, pc
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    la a0, buf
    add a0, a0, t1
    li t4, 0x30000008
    sub t4, t4, a0
    mul t4, t4, t3
    add a0, a0, t4          /* lane 2: 0x30000008 (unmapped, uncached) */
    lw a1, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
