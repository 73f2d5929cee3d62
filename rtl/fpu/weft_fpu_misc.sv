// weft_fpu_misc: one lane of fsgnj/fsgnjn/fsgnjx, fmin/fmax, feq/flt/fle,
// fclass, fmv.x.w and fmv.w.x (combinational leaf).
//
// RISC-V F 2.2: fmin/fmax return the other operand when one is a NaN, the
// canonical NaN when both are, order -0 < +0, NV on a signalling NaN.
// feq is quiet (NV only on a signalling NaN); flt/fle signal NV on any NaN;
// a comparison with a NaN is false. fclass returns the one-hot class mask
// (bit 0 -inf ... bit 9 quiet NaN). fmv moves the bits unchanged. Unknown
// op codes return 0 without flags. flags_o = {NV, DZ, OF, UF, NX}.
module weft_fpu_misc (
  input  logic        en_i,        // low: nothing computed, outputs 0 (operand isolation;
                                   // in simulation: outputs unchanged, see the disabled branch)
  input  logic [4:0]  op_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] res_o,
  output logic [4:0]  flags_o
);

  // verilator lint_off LATCH
  always_comb begin
    logic a_nan, b_nan, a_snan, b_snan, a_inf, a_zero, a_sub, both_zero;
    logic eq, lt;
    // block locals: a value first, outside the enable (Verilator then
    // keeps them as C++ locals, not model members; see weft_fpu_fma)
    a_nan = '0;
    b_nan = '0;
    a_snan = '0;
    b_snan = '0;
    a_inf = '0;
    a_zero = '0;
    a_sub = '0;
    both_zero = '0;
    eq = '0;
    lt = '0;
    if (en_i) begin
      a_nan  = (a_i[30:23] == 8'hff) && (a_i[22:0] != 23'd0);
      b_nan  = (b_i[30:23] == 8'hff) && (b_i[22:0] != 23'd0);
      a_snan = a_nan && !a_i[22];
      b_snan = b_nan && !b_i[22];
      a_inf  = (a_i[30:23] == 8'hff) && (a_i[22:0] == 23'd0);
      a_zero = (a_i[30:0] == 31'd0);
      a_sub  = (a_i[30:23] == 8'd0) && !a_zero;
      both_zero = (a_i[30:0] == 31'd0) && (b_i[30:0] == 31'd0);
      // ordered comparison of two non-NaN values
      eq = (a_i == b_i) || both_zero;
      if (both_zero)                lt = 1'b0;
      else if (a_i[31] != b_i[31])  lt = a_i[31];
      else if (a_i[31])             lt = a_i[30:0] > b_i[30:0];
      else                          lt = a_i[30:0] < b_i[30:0];

      // (res_o and flags_o written once per evaluation: see weft_fpu_round)
      unique case (op_i)
        weft_fpu_pkg::FSGNJ: begin
          res_o   = {b_i[31], a_i[30:0]};
          flags_o = 5'd0;
        end
        weft_fpu_pkg::FSGNJN: begin
          res_o   = {!b_i[31], a_i[30:0]};
          flags_o = 5'd0;
        end
        weft_fpu_pkg::FSGNJX: begin
          res_o   = {a_i[31] ^ b_i[31], a_i[30:0]};
          flags_o = 5'd0;
        end
        weft_fpu_pkg::FMIN, weft_fpu_pkg::FMAX: begin
          flags_o = {a_snan || b_snan, 4'd0};
          if (a_nan && b_nan) res_o = 32'h7fc0_0000;
          else if (a_nan)     res_o = b_i;
          else if (b_nan)     res_o = a_i;
          else if (both_zero) res_o = (op_i == weft_fpu_pkg::FMIN) ? (a_i | b_i) : (a_i & b_i);
          else if (lt == (op_i == weft_fpu_pkg::FMIN)) res_o = a_i;
          else                res_o = b_i;
        end
        weft_fpu_pkg::FEQ: begin
          flags_o = {a_snan || b_snan, 4'd0};
          res_o   = {31'd0, !a_nan && !b_nan && eq};
        end
        weft_fpu_pkg::FLT: begin
          flags_o = {a_nan || b_nan, 4'd0};
          res_o   = {31'd0, !a_nan && !b_nan && lt};
        end
        weft_fpu_pkg::FLE: begin
          flags_o = {a_nan || b_nan, 4'd0};
          res_o   = {31'd0, !a_nan && !b_nan && (lt || eq)};
        end
        weft_fpu_pkg::FCLASS: begin
          flags_o = 5'd0;
          res_o   = {22'd0,
                     a_nan && a_i[22],                                 // 9 quiet NaN
                     a_snan,                                           // 8 signalling NaN
                     !a_i[31] && a_inf,                                // 7 +inf
                     !a_i[31] && !a_inf && !a_nan && !a_zero && !a_sub, // 6 +normal
                     !a_i[31] && a_sub,                                // 5 +subnormal
                     !a_i[31] && a_zero,                               // 4 +0
                     a_i[31] && a_zero,                                // 3 -0
                     a_i[31] && a_sub,                                 // 2 -subnormal
                     a_i[31] && !a_inf && !a_nan && !a_zero && !a_sub, // 1 -normal
                     a_i[31] && a_inf};                                // 0 -inf
        end
        weft_fpu_pkg::FMV_X_W, weft_fpu_pkg::FMV_W_X: begin
          res_o   = a_i;
          flags_o = 5'd0;
        end
        default: begin
          res_o   = 32'd0;
          flags_o = 5'd0;
        end
      endcase
    end else begin
      // outputs: zeroed for synthesis (no latch); the
      // simulator skips the stores (weft_fpu reads the outputs only while
      // en_i is high; issue 17)
`ifndef VERILATOR
      res_o = '0;
      flags_o = '0;
`endif
    end
  end
  // verilator lint_on LATCH

endmodule
