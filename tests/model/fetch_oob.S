# fetch_oob.S - jumping outside RAM stops the run at the fetch.
# expect: 5
# message: out-of-range instruction fetch at pc 0x20000000
#include "test.h"
START
    li a0, 0x20000000
    jr a0
COMMON_TAIL
