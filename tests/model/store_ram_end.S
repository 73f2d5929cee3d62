# store_ram_end.S - a word store straddling the end of RAM (0x83fffffe, halfword ok, word misaligned) and at RAM end.
# expect: 5
# message: out-of-range sh at address 0x84000000
#include "test.h"
START
    li a0, 0x83fffffe
    sh a0, 0(a0)
    sh a0, 2(a0)
    PASS
COMMON_TAIL
