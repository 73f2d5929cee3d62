/* diverge_c - the diverge kernel (sw/kernels/diverge) written as a CUDA
 * programmer would, in plain C: the same grid-stride loop, walk and branch
 * tree with ordinary if/else, while/for loops and && in the conditions, no
 * WEFT_IF/WEFT_WHILE (issue 16 item 5). Correct with --divergence minpc;
 * the default command stops it at its first divergent branch. The host
 * program is diverge's (diverge_host_run), which checks every element and
 * every thread's checksum. */
#include "weft_device.h"
#include "../diverge/diverge.h"

static uint32_t diverge_c_elem(uint32_t i, uint32_t x)
{
    uint32_t acc = x ^ (i * 0x9e3779b9u);
    uint32_t v = (x & 0xffffu) | 1u;
    uint32_t steps = 0, hit = 0;
    const uint32_t limit = DIVERGE_WALK_MIN + (x >> 27);

    while (v != 1u && steps < limit && !hit) {
        if (v & 1u) {
            v = 3u * v + 1u;
            if (v & 2u) {
                acc += v;
                if (acc & 4u)
                    acc ^= acc >> 3;
                else
                    acc += 0x1234u;
            } else {
                acc ^= v << 5;
            }
        } else {
            v >>= 1;
            acc = acc * 33u + v;
        }
        hit = (v % 7u) == 0u;
        steps++;
    }

    if (acc & 1u) {
        if (acc & 2u) {
            if (acc & 4u) {
                acc = acc * 3u + steps;
            } else {
                const uint32_t trips = (acc >> 3) & 15u;
                for (uint32_t j = 0; j < trips; j++)
                    acc += (j * j) ^ steps;
            }
        } else {
            uint32_t b = 4;
            while (b < 32u && ((acc >> b) & 1u) == 0u)
                b++;
            acc ^= b * 0x01010101u;
        }
    } else {
        if (acc & 8u) {
            for (uint32_t k = x & 7u; k != 0u; k--)
                acc = (acc << 1) | (acc >> 31);
        } else {
            if (acc & 16u)
                acc -= x;
            else
                acc += i;
        }
    }
    return acc ^ (steps << 24) ^ (hit << 31);
}

WEFT_KERNEL void diverge_c(const void *argp)
{
    const diverge_args_t *arg = argp;
    const uint32_t n = arg->n;
    const uint32_t *in = WEFT_PTR(const uint32_t, arg->in);
    uint32_t *out = WEFT_PTR(uint32_t, arg->out);
    const uint32_t g = weft_block_linear() * weft_block_threads() + weft_thread_linear();
    const uint32_t stride = gridDim.x * gridDim.y * gridDim.z * weft_block_threads();
    uint32_t sum = DIVERGE_SUM_INIT;

    for (uint32_t e = g; e < n; e += stride) {
        const uint32_t r = diverge_c_elem(e, in[e]);
        out[e] = r;
        sum = sum * DIVERGE_SUM_MUL + r;
    }
    WEFT_PTR(uint32_t, arg->sum)[g] = sum;
}
