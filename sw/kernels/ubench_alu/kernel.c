/* ubench_alu - micro-kernel for the CPI stack (docs/counters.md): eight
 * independent ALU chains per thread in a long unrolled loop body, so a warp
 * always has an instruction whose operands are ready; with enough warps the
 * stack is dominated by base. */
#include "weft_device.h"
#include "ubench_alu.h"

WEFT_KERNEL void ubench_alu(const void *argp)
{
    const ubench_alu_args_t *arg = argp;
    const uint32_t g = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t a0 = g, a1 = g + 1, a2 = g + 2, a3 = g + 3, a4 = g + 4, a5 = g + 5, a6 = g + 6, a7 = g + 7;
    for (uint32_t i = 0; i < arg->iters; i++) {
        UBENCH_ALU_STEP(a0, 0); UBENCH_ALU_STEP(a1, 1); UBENCH_ALU_STEP(a2, 2); UBENCH_ALU_STEP(a3, 3);
        UBENCH_ALU_STEP(a4, 4); UBENCH_ALU_STEP(a5, 5); UBENCH_ALU_STEP(a6, 6); UBENCH_ALU_STEP(a7, 7);
    }
    WEFT_PTR(uint32_t, arg->out)[g] = a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7;
}
