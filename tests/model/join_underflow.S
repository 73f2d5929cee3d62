# join_underflow.S - join with an empty IPDOM stack.
# expect: 7
# message: IPDOM stack underflow: join at pc 0x80000004 (core 0, warp 0)
#include "test.h"
START
    nop
    JOIN
    PASS
COMMON_TAIL
