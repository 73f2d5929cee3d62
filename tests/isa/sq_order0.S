# sq_order0.S - tests/isa/sq_order.S without the store queue (the reference).
# args: --store-queue 0
#include "sq_order.S"
