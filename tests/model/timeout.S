# timeout.S - a program that never ends hits --max-cycles.
# args: --max-cycles 1000
# expect: 6
# message: cycle limit exceeded: 1000 model steps
#include "test.h"
START
1:  j 1b
COMMON_TAIL
