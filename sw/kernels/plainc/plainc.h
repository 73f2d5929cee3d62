/* plainc.h - argument block of the plainc kernel and the per-element
 * function that kernel.c and host.c both compile (plain C, no Weft macros).
 *
 * plainc is the divergence test of issue 16: every kind of thread-dependent
 * control flow a C programmer writes (if/else, && and ||, ?:, loops with
 * thread-dependent bounds, break, continue, early return, switch, calls,
 * recursion, function pointers), with no WEFT_IF/WEFT_WHILE. It is correct
 * only in divergence mode minpc (per-thread pcs in hardware, docs/isa.md),
 * which its ELF asks for (.weft.divergence, sw/sw.mk DK_NOTE), so the default
 * command runs it in minpc; with --divergence ipdom the engines stop it at
 * its first divergent branch (docs/isa.md "Divergence modes"). */
#ifndef PLAINC_H
#define PLAINC_H

#include <stdint.h>

typedef struct {
    uint32_t n;   /* elements */
    uint32_t in;  /* device address of uint32_t in[n] */
    uint32_t out; /* device address of uint32_t out[n] (output) */
} plainc_args_t;

/* Compiled for the device (kernel.c) and the host (host.c). PLAINC_NOINLINE
 * keeps the calls real calls on the device. */
#ifndef PLAINC_NOINLINE
#define PLAINC_NOINLINE __attribute__((noinline))
#endif

static PLAINC_NOINLINE uint32_t plainc_fib(uint32_t k) /* recursion, thread-dependent depth */
{
    if (k < 2u)
        return k;
    return plainc_fib(k - 1u) + plainc_fib(k - 2u);
}

static PLAINC_NOINLINE uint32_t plainc_op_add(uint32_t a, uint32_t b) { return a + b; }
static PLAINC_NOINLINE uint32_t plainc_op_xor(uint32_t a, uint32_t b) { return a ^ (b << 3); }
static PLAINC_NOINLINE uint32_t plainc_op_mul(uint32_t a, uint32_t b) { return a * (b | 1u); }
static PLAINC_NOINLINE uint32_t plainc_op_rot(uint32_t a, uint32_t b)
{
    const uint32_t s = b & 31u;
    return s ? (a << s) | (a >> (32u - s)) : a;
}

static PLAINC_NOINLINE uint32_t plainc_find(uint32_t x) /* early returns from a loop */
{
    for (uint32_t b = 0; b < 32u; b++) {
        if ((x >> b) & 1u)
            return b;
        if (b > (x & 15u))
            return 100u + b;
    }
    return 99u;
}

static PLAINC_NOINLINE uint32_t plainc_elem(uint32_t i, uint32_t x)
{
    uint32_t (*const ops[4])(uint32_t, uint32_t) = {plainc_op_add, plainc_op_xor, plainc_op_mul, plainc_op_rot};
    uint32_t acc = x ^ i;

    /* if / else with && and || */
    if ((x & 3u) == 1u && (i & 1u))
        acc += 0x1111u;
    else if ((x & 12u) == 4u || i % 3u == 0u)
        acc ^= 0x2222u;
    else
        acc -= 7u;

    /* ?: and a min written with a branch */
    const uint32_t lim = (x >> 8) & 31u;
    const uint32_t m = lim < 20u ? lim : 20u;
    acc += (x & 0x10u) ? m * 3u : m + 5u;

    /* loop with a thread-dependent bound, continue and break */
    for (uint32_t k = 0; k < m; k++) {
        if ((k ^ x) & 1u)
            continue;
        acc = acc * 17u + k;
        if (((acc >> 5) & 15u) == 3u)
            break;
    }

    /* while with a data-dependent exit */
    uint32_t v = (x >> 16) | 1u, steps = 0;
    while (v != 1u && steps < 24u) {
        v = (v & 1u) ? 3u * v + 1u : v >> 1;
        steps++;
    }
    acc += steps;

    /* switch (no jump table: -fno-jump-tables), fall-through included */
    switch ((x >> 4) & 7u) {
    case 0: acc += 1u; break;
    case 1: acc ^= 0xffu; /* fall through */
    case 2: acc += 2u; break;
    case 3: acc = ~acc; break;
    case 5: acc *= 5u; break;
    default: acc -= 3u; break;
    }

    /* calls: a function pointer chosen per thread, recursion, early return */
    acc = ops[(x >> 12) & 3u](acc, i);
    acc += plainc_fib((x >> 20) & 7u);
    acc ^= plainc_find(x ^ (i << 2)) << 24;
    return acc;
}

#endif
