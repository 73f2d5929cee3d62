/* diverge_ref.h - one element of diverge in plain C: the host's reference
 * of diverge_elem (sw/kernels/diverge/kernel.c, written with the WEFT_IF /
 * WEFT_WHILE macros) and the element function of the plain-C kernel
 * diverge_c (issue 16), which runs it with --divergence minpc. */
#ifndef DIVERGE_REF_H
#define DIVERGE_REF_H

#include <stdint.h>
#include "diverge.h"

static inline uint32_t diverge_ref(uint32_t i, uint32_t x)
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

#endif
