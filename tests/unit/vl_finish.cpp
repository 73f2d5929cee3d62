// vl_finish.cpp: quiet $finish for the Verilator unit benches (built with
// -DVL_USER_FINISH), so a bench's own PASS/FAIL line is the last line it
// prints on both simulators (Verilator 5.006 otherwise adds
// "- file:line: Verilog $finish").
#include "verilated.h"

void vl_finish(const char* filename, int linenum, const char* hier) VL_MT_UNSAFE {
    (void)filename;
    (void)linenum;
    (void)hier;
    Verilated::threadContextp()->gotFinish(true);
}
