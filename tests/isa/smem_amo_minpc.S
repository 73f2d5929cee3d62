# smem_amo_minpc.S - tests/isa/smem_amo.S under --divergence minpc.
# args: --divergence minpc
# expect: 0
#include "smem_amo.S"
