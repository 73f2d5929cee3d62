# load_ram_end.S - a load just past the end of RAM (64 MiB at 0x80000000),
# an address the RTL's L1 D-cache treats as cacheable: exit 5. The rtl
# engine learns of it from the line fill, which names no warp or lane.
# expect: 5
# message: out-of-range lw at address 0x84000000 (core 0, warp 0, thread 0, pc 0x80000004)
#include "test.h"
START
    li a0, 0x84000000
    lw a1, 0(a0)
    PASS
COMMON_TAIL
