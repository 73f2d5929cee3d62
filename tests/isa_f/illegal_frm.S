# illegal_frm.S - frm = 5 is accepted by the CSR, but an instruction with the
# dynamic rounding mode is then illegal; instructions with a static mode and
# those without a rounding mode still execute.
# expect: 4
# message: illegal instruction 0x003170d3
#include "test_f.h"
START
    fsrmi 5
    frrm a0
    CHECK(1, a0, 5)
    fadd.s f1, f2, f3, rne
    fsgnj.s f1, f2, f3
    fmin.s f1, f2, f3
    fadd.s f1, f2, f3, dyn
    PASS
COMMON_TAIL
