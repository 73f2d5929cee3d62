# smem_oob.S - shared memory is 4 KiB: 0x20001000 is out of range.
# expect: 5
#include "test.h"
START
    li s0, 0x20001000
    lw a0, 0(s0)
    PASS
COMMON_TAIL
