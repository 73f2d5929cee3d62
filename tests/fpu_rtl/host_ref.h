/* host_ref.h - an independent second opinion for the FPU tests: RV32F
 * results computed with the host's x86-64 SSE arithmetic (fenv rounding
 * modes and exception flags; x86 detects tininess after rounding like
 * RISC-V). RMM, which x86 lacks, is derived from the RNE/RTZ/RUP/RDN results
 * and an exact tie test. Same interface as fp32_exec (sim/model/fp32.h). */
#ifndef WEFT_HOST_REF_H
#define WEFT_HOST_REF_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
uint32_t host_fp32_exec(int op, uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags);
#ifdef __cplusplus
}
#endif
#endif
