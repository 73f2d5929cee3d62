// fpga/sim/tb.cpp - Verilator testbench of fpga/weft_fpga_top.sv (make fpga-sim).
//
// Clocks the FPGA top exactly as the board would (the top makes its own
// power-on reset and start pulse), decodes the UART line ftdi_rxd (8N1,
// UART_DIV clock cycles per bit, the top's CLK_HZ / BAUD) and watches the
// LEDs. Passes (exit 0) when the UART says "WEFT PASS\r\n" and the LEDs show
// done + pass (led[3], led[1]) without fail (led[2]); fails on "WEFT FAIL",
// on a fail LED or when max_cycles (+max-cycles+N, default 5,000,000) pass.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "Vweft_fpga_top.h"
#include "verilated.h"

#ifndef UART_DIV
#define UART_DIV 108
#endif

int main(int argc, char **argv) {
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv);
    Vweft_fpga_top top{&ctx, "fpga"};
    uint64_t max_cycles = 5000000;
    const char *mc = ctx.commandArgsPlusMatch("max-cycles+");
    if (mc && *mc) max_cycles = std::strtoull(mc + std::strlen("+max-cycles+"), nullptr, 10);

    std::string msg;
    uint64_t done_cycle = 0, cycle = 0;
    // UART receiver: after a falling edge, sample the middle of every bit.
    bool in_char = false;
    uint64_t t0 = 0;
    unsigned bitn = 0, byte = 0;
    int prev = 1;
    top.clk_25mhz = 0;
    top.eval();
    for (cycle = 0; cycle < max_cycles; cycle++) {
        top.clk_25mhz = 1;
        top.eval();
        top.clk_25mhz = 0;
        top.eval();
        int rx = top.ftdi_rxd;
        if (!in_char) {
            if (prev == 1 && rx == 0) { in_char = true; t0 = cycle; bitn = 0; byte = 0; }
        } else {
            uint64_t mid = t0 + UART_DIV / 2 + (uint64_t)(bitn) * UART_DIV;
            if (cycle == mid) {
                if (bitn == 0 && rx != 0) in_char = false;            // glitch, not a start bit
                else if (bitn >= 1 && bitn <= 8) byte |= (unsigned)rx << (bitn - 1);
                else if (bitn == 9) {
                    if (rx != 1) { std::printf("fpga-sim: UART framing error at cycle %llu\n", (unsigned long long)cycle); return 1; }
                    msg.push_back((char)byte);
                    in_char = false;
                }
                bitn++;
            }
        }
        prev = rx;
        if (!done_cycle && (top.led >> 3 & 1)) done_cycle = cycle;
        if (!msg.empty() && msg.back() == '\n') break;
    }
    std::string shown;
    for (char ch : msg) shown += ch == '\r' ? std::string("\\r") : ch == '\n' ? std::string("\\n") : std::string(1, ch);
    unsigned led = top.led;
    std::printf("fpga-sim: program done at cycle %llu, message complete at cycle %llu, LEDs 0x%02x "
                "(done %u pass %u fail %u code %u), UART \"%s\"\n",
                (unsigned long long)done_cycle, (unsigned long long)cycle, led, led >> 3 & 1, led >> 1 & 1,
                led >> 2 & 1, led >> 4 & 15, shown.c_str());
    top.final();
    bool ok = msg == "WEFT PASS\r\n" && (led & 0xe) == 0xa;
    std::printf("fpga-sim: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
