// vl_fast.h - included before every C++ file of the Verilated model
// (Makefile: -include in the model's -CFLAGS; issue 17, build side,
// docs/performance.md "Build-side measurements (thirteenth session)").
//
// Verilator's $countones of up to 32 bits, VL_COUNTONES_I in
// verilated_funcs.h (5.006 and 5.048 alike), is a 15-operation
// shift-and-mask count that gcc does not turn into a popcnt instruction;
// sgemm calls it about 12 times per simulated cycle (2% of the host
// instructions). The model's calls are redirected here: with -mpopcnt
// (SIM_MARCH=-march=x86-64-v2 or later, or -march=native) the popcnt
// instruction, else the bit-parallel count with one multiply (12
// operations, the one libgcc uses). Same result for every 32-bit value
// (both count the ones of lhs, which Verilator passes clean).
//
// verilated.h (with its include guard) is read first, so Verilator's own
// definition and its callers in the runtime headers keep the original
// name; only the model's code, read after this file, sees the macro.
#ifndef WEFT_VL_FAST_H
#define WEFT_VL_FAST_H
#include "verilated.h"

static inline IData weft_countones_i(IData lhs) VL_PURE {
#ifdef __POPCNT__
    return static_cast<IData>(__builtin_popcount(lhs));
#else
    IData r = lhs - ((lhs >> 1) & 0x55555555U);
    r = (r & 0x33333333U) + ((r >> 2) & 0x33333333U);
    r = (r + (r >> 4)) & 0x0f0f0f0fU;
    return (r * 0x01010101U) >> 24;
#endif
}
#define VL_COUNTONES_I(lhs) weft_countones_i(lhs)
#endif
