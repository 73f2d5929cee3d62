/* ubench_alu.h - arguments of the independent-ALU micro-kernel. */
#ifndef UBENCH_ALU_H
#define UBENCH_ALU_H
#include <stdint.h>
typedef struct {
    uint32_t iters; /* loop iterations (8 independent chains of 4 ops each) */
    uint32_t out;   /* device address of uint32_t out[threads] */
} ubench_alu_args_t;

/* One step of chain k; shared by kernel and host (the reference). */
#define UBENCH_ALU_STEP(x, k) ((x) = (((x) ^ ((x) << 3)) + 0x9e3779b9u + (k)) ^ ((x) >> 5))
#endif
