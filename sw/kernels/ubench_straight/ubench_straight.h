/* ubench_straight.h - arguments of the straight-line micro-kernel. */
#ifndef UBENCH_STRAIGHT_H
#define UBENCH_STRAIGHT_H
#include <stdint.h>
typedef struct {
    uint32_t out; /* device address of uint32_t out[threads] */
} ubench_straight_args_t;

#define UBENCH_S_STEP(x, k) ((x) = ((x) ^ ((x) << 7)) + 0x7f4a7c15u + (k))
#define UBENCH_S_ROUND(a, r)                                                              \
    UBENCH_S_STEP(a[0], r); UBENCH_S_STEP(a[1], r + 1); UBENCH_S_STEP(a[2], r + 2);        \
    UBENCH_S_STEP(a[3], r + 3); UBENCH_S_STEP(a[4], r + 4); UBENCH_S_STEP(a[5], r + 5);    \
    UBENCH_S_STEP(a[6], r + 6); UBENCH_S_STEP(a[7], r + 7)
#define UBENCH_S_ROUND4(a, r) UBENCH_S_ROUND(a, r); UBENCH_S_ROUND(a, r + 8); UBENCH_S_ROUND(a, r + 16); \
    UBENCH_S_ROUND(a, r + 24)
/* 32 rounds x 8 chains x 3 instructions: about 770 instructions, no branch */
#define UBENCH_S_BODY(a) UBENCH_S_ROUND4(a, 0); UBENCH_S_ROUND4(a, 32); UBENCH_S_ROUND4(a, 64);     \
    UBENCH_S_ROUND4(a, 96); UBENCH_S_ROUND4(a, 128); UBENCH_S_ROUND4(a, 160); UBENCH_S_ROUND4(a, 192); \
    UBENCH_S_ROUND4(a, 224)
#endif
