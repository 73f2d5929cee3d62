# misfetch_jr.S - a jr to a pc that is not a multiple of 4 (issue 19 D5;
# Weft has no C extension): both engines stop at the fetch, exit 5.
# expect: 5
# message: misaligned instruction fetch at pc 0x80000012 (core 0, warp 0
#include "test.h"
START
    la a0, 1f
    addi a0, a0, 2
    jr a0
1:  PASS
COMMON_TAIL
