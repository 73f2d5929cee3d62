# load_io.S - the console is write-only: loading from it is out of range.
# expect: 5
# message: out-of-range lb at address 0x10000000
#include "test.h"
START
    li a0, IO_CONSOLE
    lb a1, 0(a0)
    PASS
COMMON_TAIL
