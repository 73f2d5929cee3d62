# exit_fail.S - the exit word at 0x10000004: (3 << 1) | 1 fails with 3.
# expect: 10
# message: failure 3
#include "test.h"
START
    FAIL(3)
COMMON_TAIL
