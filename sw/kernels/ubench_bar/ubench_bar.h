/* ubench_bar.h - arguments of the barrier-heavy micro-kernel. */
#ifndef UBENCH_BAR_H
#define UBENCH_BAR_H
#include <stdint.h>
typedef struct {
    uint32_t rounds;  /* barrier rounds */
    uint32_t scratch; /* device address of uint32_t scratch[threads] */
    uint32_t out;     /* device address of uint32_t out[threads] */
} ubench_bar_args_t;
#endif
