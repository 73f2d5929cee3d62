/* diverge - divergence stress test.
 *
 * Every thread walks a grid-stride loop over the elements (WEFT_WHILE: the
 * threads have different trip counts because n is not a multiple of the grid
 * threads). Per element it runs
 *   - a data-dependent walk (WEFT_WHILE) with a per-element step limit and an
 *     early exit when the value becomes a multiple of 7, whose body nests
 *     WEFT_IF/WEFT_ELSE three deep;
 *   - a second three-deep WEFT_IF/WEFT_ELSE tree whose leaves hold their own
 *     data-dependent loops (one with an early exit on the first set bit);
 * and folds its results into a per-thread checksum. The host (host.c)
 * computes the same function in plain C.
 *
 * IPDOM budget: the deepest point nests three divergent WEFT_IFs (6 entries)
 * inside the launcher's uniform WEFT_IF (1 entry): 7 of the default 8.
 * WEFT_WHILE uses no stack entry. */
#include "weft_device.h"
#include "diverge.h"

static uint32_t diverge_elem(uint32_t i, uint32_t x)
{
    uint32_t acc = x ^ (i * 0x9e3779b9u);
    uint32_t v = (x & 0xffffu) | 1u;
    uint32_t steps = 0, hit = 0;
    const uint32_t limit = DIVERGE_WALK_MIN + (x >> 27);

    WEFT_WHILE((v != 1u) & (steps < limit) & (hit == 0u)) {
        WEFT_IF(v & 1u) {
            v = 3u * v + 1u;
            WEFT_IF(v & 2u) {
                acc += v;
                WEFT_IF(acc & 4u) {
                    acc ^= acc >> 3;
                } WEFT_ELSE {
                    acc += 0x1234u;
                } WEFT_ENDIF
            } WEFT_ELSE {
                acc ^= v << 5;
            } WEFT_ENDIF
        } WEFT_ELSE {
            v >>= 1;
            acc = acc * 33u + v;
        } WEFT_ENDIF
        hit = (v % 7u) == 0u;
        steps++;
    } WEFT_ENDWHILE

    WEFT_IF(acc & 1u) {
        WEFT_IF(acc & 2u) {
            WEFT_IF(acc & 4u) {
                acc = acc * 3u + steps;
            } WEFT_ELSE {
                const uint32_t trips = (acc >> 3) & 15u;
                uint32_t j = 0;
                WEFT_WHILE(j < trips) {
                    acc += (j * j) ^ steps;
                    j++;
                } WEFT_ENDWHILE
            } WEFT_ENDIF
        } WEFT_ELSE {
            /* First set bit at or above bit 4 (32 if none): early exit. */
            uint32_t b = 4;
            WEFT_WHILE((b < 32u) & (((acc >> (b & 31u)) & 1u) == 0u)) {
                b++;
            } WEFT_ENDWHILE
            acc ^= b * 0x01010101u;
        } WEFT_ENDIF
    } WEFT_ELSE {
        WEFT_IF(acc & 8u) {
            uint32_t k = x & 7u;
            WEFT_WHILE(k != 0u) {
                acc = (acc << 1) | (acc >> 31);
                k--;
            } WEFT_ENDWHILE
        } WEFT_ELSE {
            WEFT_IF(acc & 16u) {
                acc -= x;
            } WEFT_ELSE {
                acc += i;
            } WEFT_ENDIF
        } WEFT_ENDIF
    } WEFT_ENDIF

    return acc ^ (steps << 24) ^ (hit << 31);
}

WEFT_KERNEL void diverge(const void *argp)
{
    const diverge_args_t *arg = argp;
    const uint32_t n = arg->n;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    const uint32_t g = weft_block_linear() * weft_block_threads() + weft_thread_linear();
    const uint32_t stride = gridDim.x * gridDim.y * gridDim.z * weft_block_threads();
    uint32_t sum = DIVERGE_SUM_INIT;
    uint32_t e = g;

    WEFT_WHILE(e < n) {
        const uint32_t r = diverge_elem(e, in[e]);
        out[e] = r;
        sum = sum * DIVERGE_SUM_MUL + r;
        e += stride;
    } WEFT_ENDWHILE
    WEFT_PTR(uint32_t, arg->sum)[g] = sum;
}
