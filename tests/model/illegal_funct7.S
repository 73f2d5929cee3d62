# illegal_funct7.S - SIMT encodings with funct7 != 0 are illegal.
# expect: 4
# message: illegal instruction 0x0200000b
#include "test.h"
START
    .insn r 0x0B, 0, 1, x0, x0, x0
    PASS
COMMON_TAIL
