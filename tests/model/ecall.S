# ecall.S - ecall is illegal in Weft.
# expect: 4
# message: illegal instruction 0x00000073
#include "test.h"
START
    ecall
    PASS
COMMON_TAIL
