# chain.S - the ALU result latency as the harness sees it (make ALU_LAT,
# docs/architecture.md "ALU result latency"): one warp runs 32 dependent
# addi between two reads of the cycle counter and ends with FAIL(cycles), so
# the run reports "failure N" with N = 32 x the dependent-issue distance
# (ALU_LAT + 1) when fetch keeps up (run with --frontend nss). Not a model
# test: its exit value is a cycle count (tests/alulat/run.sh checks it).
#include "test.h"
START
    li a1, 0
    csrr t0, CSR_CYCLE
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    addi a1, a1, 1
    csrr t1, CSR_CYCLE
    sub a0, t1, t0
    j fail_common
COMMON_TAIL
