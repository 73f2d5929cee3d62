/* smem_bank - shared-memory bank conflicts: in round r thread h of a block
 * stores to and loads back word h * stride + (r mod stride) of shared
 * memory (its own words: no two threads share one), for `rounds` rounds. With word-interleaved banks, stride 1 puts a warp's
 * lanes in different banks; a stride that is a multiple of the bank count
 * puts them all in one bank (T-way conflict); other strides land in between
 * (docs/memory.md). Each thread sums what it read back. */
#include "weft_device.h"
#include "smem_bank.h"

static WEFT_SHARED uint32_t words[SMEM_BANK_WORDS];

WEFT_KERNEL void smem_bank(const void *argp)
{
    const smem_bank_args_t *arg = argp;
    const uint32_t h = threadIdx.x, stride = arg->stride;
    volatile uint32_t *w = words;   /* every store and load goes to shared memory */
    uint32_t sum = 0;
    for (uint32_t r = 0; r < arg->rounds; r++) {   /* uniform */
        const uint32_t i = h * stride + r % stride;
        w[i] = h * 3u + r;
        sum += w[i];
    }
    WEFT_PTR(uint32_t, arg->out)[blockIdx.x * blockDim.x + h] = sum;
}
