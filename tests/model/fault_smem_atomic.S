# fault_smem_atomic.S - an atomic to shared memory beyond its 4096 bytes
# (atomics are allowed there since issue 16 item 4; the range rule is that
# of loads and stores): lane 2 of warp 0 faults; both engines name the same
# access, address, thread and pc (tests/robust/faults.sh compares them).
# expect: 5
# message: out-of-range atomic at address 0x20001000 (core 0, warp 0, thread 2, pc
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    li t4, 0xff8
    mul t4, t4, t3          /* lane 2: 0x20000008 + 0xff8 = 0x20001000 */
    li a0, 0x20000000
    add a0, a0, t1          /* every lane in shared memory */
    add a0, a0, t4
    .insn r 0x2F, 2, 0x00, a1, a0, t0   /* amoadd.w a1, t0, (a0) */
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
