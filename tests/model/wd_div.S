# wd_div.S - three dependent divisions (33 cycles each on the RTL, no commit
# in between): passes; tests/robust/diag.sh runs it with a --watchdog
# shorter than a division to see the watchdog stop it (exit 13) and name
# the warp stalled on the scoreboard.
#include "test.h"
START
    li a0, 1000000
    li a1, 3
    div a0, a0, a1
    div a0, a0, a1
    div a0, a0, a1
    li a1, 37037
    CHECK(1, a0, 37037)
    PASS
COMMON_TAIL
