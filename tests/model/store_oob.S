# store_oob.S - a store just past the exit word is out of range.
# expect: 5
# message: out-of-range sw at address 0x10000008
#include "test.h"
START
    li a0, IO_EXIT
    sw a0, 4(a0)
    PASS
COMMON_TAIL
