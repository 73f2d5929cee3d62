# smem_ld_rd_rs1.S - a shared-memory load whose destination is its own
# address register (lw a0, 0(a0)) on every lane of the warp: each lane must
# load its own word. The model once wrote lane 0's result before checking the
# later lanes' addresses, which it then read from the overwritten register:
# "out-of-range lw" on a correct program (found by the papers' rd_nw).
# expect: 0
#include "test.h"
START
    li s11, 0
    csrr t0, CSR_TID
    slli t1, t0, 2
    li a0, 0x20000000
    add a0, a0, t1          # a0 = shared memory + 4 * tid
    addi t2, t0, 100
    sw t2, 0(a0)            # word[tid] = tid + 100
    lw a0, 0(a0)            # rd == rs1 on every lane
    xor t6, a0, t2
    snez t6, t6
    or s11, s11, t6
    END_CHECKS(1)
    PASS
COMMON_TAIL
