# shamt5.S - slli with shamt[5] set is reserved in RV32: illegal.
# expect: 4
# message: illegal instruction 0x02051513
#include "test.h"
START
    .word 0x02051513
    PASS
COMMON_TAIL
