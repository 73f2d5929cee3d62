# console.S - byte stores to 0x10000000 print per thread with the
# [cC wW tT] prefix; an unfinished line is printed at the end of the run.
# args: --threads 2
# output: [c0 w0 t1] hi 1
# output: [c0 w0 t0] hi 0
# output: [c0 w0 t1] tail
# expect: 0
#include "test.h"
START
    li s0, IO_CONSOLE
    csrr a1, CSR_TID
    li a2, 'h'
    sb a2, 0(s0)
    li a2, 'i'
    sb a2, 0(s0)
    li a2, ' '
    sb a2, 0(s0)
    addi a2, a1, '0'
    sb a2, 0(s0)
    li a2, '\n'
    sw a2, 0(s0)              # a word store prints its low byte
    li a2, 2
    TMC(a2)
    li a2, 't'
    sb a2, 0(s0)
    li a2, 'a'
    sb a2, 0(s0)
    li a2, 'i'
    sb a2, 0(s0)
    li a2, 'l'
    sb a2, 0(s0)
    TMC(x0)
COMMON_TAIL
