// weft_fpu_round: rounds an exact (or sticky-jammed) magnitude to binary32
// and packs it (combinational leaf, shared by fma, cvt and div/sqrt).
//
// Input value: (-1)^sign_i * sig_i * 2^(exp_i - 26) plus "something nonzero
// below sig_i[0]" when sticky_i is set. sig_i[26] must be 1 (normalized), so
// exp_i is the unbiased exponent of the leading one (two's complement, 13
// bits: any value the callers produce, -512..+511, is fine).
//
// Rounding at the binary32 lsb (sig_i[3] for a normal result), or after a
// right shift with sticky for a subnormal result (no flush to zero); all
// five RISC-V modes (RNE RTZ RDN RUP RMM; other codes round to nearest
// even). Overflow returns infinity or the largest finite number as the mode
// demands, with OF and NX. Tininess is detected after rounding (RISC-V,
// IEEE 754-2008 7.5): the value rounded to 24 bits with an unbounded
// exponent is below 2^-126; UF is raised when tiny and inexact.
// flags_o: {NV, DZ, OF, UF, NX} with NV = DZ = 0. A zero magnitude is an illegal input (callers
// handle exact zeros themselves).
// Icarus 11 note (all always_comb blocks of rtl/fpu/): every variable is
// written exactly once per evaluation and never through a bit-select;
// Icarus may otherwise re-trigger the block forever within one time step.
// en_i low: nothing is computed and res_o/flags_o are 0 (operand isolation:
// the simulator skips the block and the netlist does not toggle). The
// Verilated model keeps their last value instead (no stores while disabled):
// every instance (fma_norm, cvt, divsqrt) reads them only while en_i is high.
module weft_fpu_round (
  input  logic        en_i,
  input  logic        sign_i,
  input  logic [12:0] exp_i,
  input  logic [26:0] sig_i,
  input  logic        sticky_i,
  input  logic [2:0]  rm_i,
  output logic [31:0] res_o,
  output logic [4:0]  flags_o
);

  // Round-up decision for one rounding mode.
  function automatic logic rinc(input logic [2:0] rm, input logic sgn,
                                input logic lsb, input logic g, input logic s);
    unique case (rm)
      weft_fpu_pkg::RTZ: rinc = 1'b0;
      weft_fpu_pkg::RDN: rinc = sgn & (g | s);
      weft_fpu_pkg::RUP: rinc = !sgn & (g | s);
      weft_fpu_pkg::RMM: rinc = g;
      weft_fpu_pkg::RNE: rinc = g & (s | lsb);
      default:           rinc = g & (s | lsb);      // unused codes: RNE
    endcase
  endfunction

  // verilator lint_off LATCH
  always_comb begin
    logic signed [13:0] be;      // biased exponent of the leading one
    logic signed [13:0] ef;      // biased exponent after rounding (normal)
    logic [53:0] t;
    logic [23:0] m;
    logic [24:0] mr;
    logic [5:0]  sh;
    logic        g, s, inc, inc_n, tiny, inexact, ovf, normal;
    logic [31:0] res_ovf;
    // the block locals first get a value outside the enable (Verilator then
    // keeps them as C++ locals, not model members; see weft_fpu_fma)
    be = '0;
    ef = '0;
    t = '0;
    m = '0;
    mr = '0;
    sh = '0;
    g = '0;
    s = '0;
    inc = '0;
    inc_n = '0;
    tiny = '0;
    inexact = '0;
    ovf = '0;
    normal = '0;
    res_ovf = '0;
    if (en_i) begin

      be     = 14'($signed(exp_i)) + 14'sd127;
      normal = (be > 14'sd0);
      // Rounding at the normal position: used for normal results and for the
      // after-rounding tininess test.
      inc_n  = rinc(rm_i, sign_i, sig_i[3], sig_i[2], (|sig_i[1:0]) | sticky_i);
      if (normal) begin
        sh = '0;
        t  = '0;
        m = sig_i[26:3];
        g = sig_i[2];
        s = (|sig_i[1:0]) | sticky_i;
      end else begin
        // Subnormal: shift right by 1 - be (>= 1); 28 or more leaves nothing
        // but sticky.
        if (be < -14'sd26) sh = 6'd28;
        else               sh = 6'(14'sd1 - be);
        t = {sig_i, 27'd0} >> sh;
        m = t[53:30];
        g = t[29];
        s = (|t[28:0]) | sticky_i;
      end
      inc     = rinc(rm_i, sign_i, m[0], g, s);
      mr      = {1'b0, m} + {24'd0, inc};
      inexact = g | s;
      ef      = be + (mr[24] ? 14'sd1 : 14'sd0);
      ovf     = normal && (ef >= 14'sd255);
      tiny    = !normal && !((be == 14'sd0) && (&sig_i[26:3]) && inc_n);

      unique case (rm_i)
        weft_fpu_pkg::RTZ: res_ovf = {sign_i, 8'hfe, 23'h7fffff};
        weft_fpu_pkg::RDN: res_ovf = sign_i ? 32'hff80_0000 : 32'h7f7f_ffff;
        weft_fpu_pkg::RUP: res_ovf = sign_i ? 32'hff7f_ffff : 32'h7f80_0000;
        default:           res_ovf = {sign_i, 8'hff, 23'd0};   // RNE, RMM
      endcase
      // mr[23] of a subnormal: rounded up to 2^-126 (exponent field 1)
      res_o   = ovf ? res_ovf : normal ? {sign_i, ef[7:0], mr[22:0]} : {sign_i, 7'd0, mr[23:0]};
      flags_o = ovf ? 5'b00101 : {3'b000, tiny & inexact, inexact};   // {NV DZ OF UF NX}
    end else begin
      // outputs: zeroed for synthesis (no latch); the
      // simulator skips the stores (every instance's reader uses res_o and
      // flags_o only while en_i is high; issue 17)
`ifndef VERILATOR
      res_o = '0;
      flags_o = '0;
`endif
    end
  end
  // verilator lint_on LATCH

endmodule
