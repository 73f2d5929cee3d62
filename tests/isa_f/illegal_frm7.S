# illegal_frm7.S - frm = 7 (via fcsr) and a dynamic-rounding conversion: illegal.
# expect: 4
# message: illegal instruction
#include "test_f.h"
START
    li t0, 0xe0
    fscsr t0
    fcvt.w.s a0, f1, dyn
    PASS
COMMON_TAIL
