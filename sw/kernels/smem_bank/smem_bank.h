/* smem_bank.h - argument block of the smem_bank kernel. */
#ifndef SMEM_BANK_H
#define SMEM_BANK_H

#include <stdint.h>

#define SMEM_BANK_WORDS 1024u   /* the whole 4 KiB of shared memory */

typedef struct {
    uint32_t stride;   /* words between neighbouring threads' words */
    uint32_t rounds;   /* store + load pairs per thread */
    uint32_t out;      /* device address of uint32_t out[threads] */
} smem_bank_args_t;

#endif
