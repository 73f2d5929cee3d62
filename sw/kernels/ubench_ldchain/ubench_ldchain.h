/* ubench_ldchain.h - arguments of the dependent-load micro-kernel. */
#ifndef UBENCH_LDCHAIN_H
#define UBENCH_LDCHAIN_H
#include <stdint.h>
typedef struct {
    uint32_t steps; /* loads per thread, each depending on the previous one */
    uint32_t nodes; /* entries of next[] */
    uint32_t next;  /* device address of uint32_t next[nodes] (a permutation) */
    uint32_t out;   /* device address of uint32_t out[threads] (last node reached) */
} ubench_ldchain_args_t;
#endif
