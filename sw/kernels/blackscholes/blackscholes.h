/* blackscholes.h - argument block of the blackscholes kernel (kernel.c and host.c). */
#ifndef BLACKSCHOLES_H
#define BLACKSCHOLES_H

#include <stdint.h>

typedef struct {
    uint32_t n;          /* options */
    uint32_t s, k, t;    /* device addresses of float spot[n], strike[n], years[n] */
    uint32_t r, v;       /* float rate[n], volatility[n] */
    uint32_t call, put;  /* float call[n], put[n] (outputs) */
} blackscholes_args_t;

/* Cumulative normal distribution: Abramowitz & Stegun 26.2.17 (as in the
 * PARSEC and CUDA SDK Black-Scholes benchmarks). */
#define BS_A1 0.31938153f
#define BS_A2 -0.356563782f
#define BS_A3 1.781477937f
#define BS_A4 -1.821255978f
#define BS_A5 1.330274429f
#define BS_P 0.2316419f
#define BS_RSQRT2PI 0.39894228040143267794f

#endif
