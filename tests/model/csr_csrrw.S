# csr_csrrw.S - csrrw is always illegal, even with rd = x0 and a source of zero.
# expect: 4
# message: illegal instruction
#include "test.h"
START
    csrw CSR_TID, x0
    PASS
COMMON_TAIL
