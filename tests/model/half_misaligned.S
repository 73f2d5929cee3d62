# half_misaligned.S - lh on an odd address is misaligned.
# expect: 5
# message: misaligned lh
#include "test.h"
START
    la a0, buf
    lh a1, 1(a0)
    PASS
COMMON_TAIL
buf: .space 16
