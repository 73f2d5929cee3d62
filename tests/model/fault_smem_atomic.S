# fault_smem_atomic.S - an atomic to shared memory (issue 19): lane 2 of warp 0 faults; both engines name the
# same access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: out-of-range atomic at address 0x20000000 (core 0, warp 0, thread 0, pc
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    li a0, 0x20000000
    add a0, a0, t1          /* every lane in shared memory */
    .insn r 0x2F, 2, 0x00, a1, a0, t0   /* amoadd.w a1, t0, (a0) */
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
