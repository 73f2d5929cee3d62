# fault_sh_misaligned.S - a misaligned sh (issue 19): lane 2 of warp 0 faults; both engines name the
# same access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: misaligned sh at address
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    la a0, buf
    add a0, a0, t1
    add a0, a0, t3          /* lane 2: buf + 9 */
    sh t0, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
