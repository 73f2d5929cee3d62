/* atomics - every RV32A operation under contention: all threads of all
 * warps and cores hit the same words (docs/memory.md, "Atomics"). The host
 * checks every result against what any serial order must give. */
#include "weft_device.h"
#include "atomics.h"

WEFT_KERNEL void atomics(const void *argp)
{
    const atomics_args_t *arg = argp;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    atomics_shared_t *g = WEFT_PTR(atomics_shared_t, arg->shared);
    const uint32_t *vals = WEFT_PTR(const uint32_t, arg->vals);

    WEFT_IF(i < arg->n) {
        const uint32_t v = vals[i];
        WEFT_PTR(uint32_t, arg->tickets)[i] = weft_atomic_add(&g->ticket, 1);
        weft_atomic_add(&g->sum, v);
        weft_atomic_add(&g->hist[v % ATOMICS_BINS], 1);
        weft_atomic_xor(&g->x, v);
        weft_atomic_or(&g->o, v);
        weft_atomic_and(&g->a, v | 0x80000001u);
        weft_atomic_min(&g->mn, v);
        weft_atomic_max(&g->mx, v);
        weft_atomic_minu(&g->mnu, v);
        weft_atomic_maxu(&g->mxu, v);
        WEFT_PTR(uint32_t, arg->swold)[i] = weft_atomic_swap(&g->sw, i + 1);
        /* sc.w without a reservation fails and does not write */
        uint32_t *nolr = WEFT_PTR(uint32_t, arg->nolr);
        WEFT_PTR(uint32_t, arg->scfail)[i] = weft_sc(&nolr[i], 0xdeadbeefu);
        /* lr/sc increment, retried until it succeeds */
        uint32_t done = 0, tries = 0;
        WEFT_WHILE(done == 0) {
            const uint32_t old = weft_lr(&g->lrsc);
            done = weft_sc(&g->lrsc, old + 1) == 0;
            tries++;
        } WEFT_ENDWHILE
        WEFT_PTR(uint32_t, arg->tries)[i] = tries;
    } WEFT_ENDIF
}
