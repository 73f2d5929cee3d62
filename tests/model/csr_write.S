# csr_write.S - a CSR instruction that would write (csrrs with rs1 != x0) is illegal.
# expect: 4
# message: illegal instruction
#include "test.h"
START
    li a1, 1
    csrrs a0, CSR_TID, a1
    PASS
COMMON_TAIL
