# sq_order1.S - tests/isa/sq_order.S with a 1-entry store queue per warp.
# args: --store-queue 1
#include "sq_order.S"
