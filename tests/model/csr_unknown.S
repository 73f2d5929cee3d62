# csr_unknown.S - reading a CSR not listed in docs/isa.md (mstatus) is illegal.
# expect: 4
# message: illegal instruction 0x30002573
#include "test.h"
START
    csrr a0, 0x300
    PASS
COMMON_TAIL
