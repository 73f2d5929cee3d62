# fault_smem_store_mixed.S - a sw whose lane 2 addresses shared memory and
# whose other lanes address global memory (issue 19): the RTL's LSU rejects
# the request, blaming the lowest global lane (0); the model does the same
# (it used to store every lane).
# expect: 5
# message: out-of-range sw at address 0x80000140 (core 0, warp 0, thread 0, pc 0x8000002c): shared-memory and global lanes in one request
#include "test.h"
START
    csrr t0, CSR_TID
    slli t1, t0, 2          /* t1 = 4 * tid */
    xori t3, t0, 2
    seqz t3, t3             /* t3 = (tid == 2) */
    la a0, buf
    add a0, a0, t1
    li t4, 0x20000000
    sub t4, t4, a0
    mul t4, t4, t3
    add a0, a0, t4          /* lane 2: 0x20000000 (shared) */
    sw t0, 0(a0)
    PASS
COMMON_TAIL
    .balign 64
buf: .space 64
