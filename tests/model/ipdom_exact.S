# ipdom_exact.S - stack accounting: with --ipdom-depth 2 a divergent split
# (two entries) fits, and so do two nested uniform splits (one entry each).
# args: --ipdom-depth 2 --threads 4
# expect: 0
#include "test.h"
START
    csrr a1, CSR_TID
    andi a2, a1, 1
    SPLIT(a2)
    nop
    JOIN                      # runs twice: ELSE, then RECONV
    li a3, 1
    SPLIT(a3)                 # uniform true
    SPLIT(x0)                 # uniform false
    JOIN
    JOIN
    csrr a5, CSR_TMASK
    CHECK(1, a5, 0xf)
    PASS
COMMON_TAIL
