# illegal_funct7.S - SIMT encodings with funct7 other than 0 (SIMT control)
# and 1 (warp primitives, tests/model/warp_illegal.S) are illegal.
# expect: 4
# message: illegal instruction 0x0400000b
#include "test.h"
START
    .insn r 0x0B, 0, 2, x0, x0, x0
    PASS
COMMON_TAIL
