# warp_minpc.S - tests/isa/warp.S under --divergence minpc (the warp
# primitives act on the current group of threads the same way).
# args: --divergence minpc
# expect: 0
#include "warp.S"
