// weft_fpu_cvt: one lane of fcvt.w.s, fcvt.wu.s, fcvt.s.w, fcvt.s.wu
// (combinational leaf; weft_fpu registers its inputs and its result).
//
// Float to integer: the magnitude is split into a 33-bit integer part, a
// guard bit and a sticky bit, rounded in the requested mode and range
// checked. Out of range, infinities and NaNs return the saturated value
// with NV only (NaN and +inf: the maximum; -inf and too negative: the
// minimum, 0 for wu); otherwise NX when inexact. A negative value that
// rounds to 0 is fine for wu (result 0, NX).
// Integer to float: magnitude, 32-bit leading-zero count, one rounding by
// weft_fpu_round (NX only; no overflow or underflow is possible).
// The integer source comes in a_i. flags_o = {NV, DZ, OF, UF, NX}.
module weft_fpu_cvt (
  input  logic        en_i,        // low: nothing computed, outputs 0 (operand isolation)
  input  logic [4:0]  op_i,
  input  logic [2:0]  rm_i,
  input  logic [31:0] a_i,
  output logic [31:0] res_o,
  output logic [4:0]  flags_o
);

  function automatic logic [4:0] lzc32(input logic [31:0] x);
    logic found;
    lzc32 = 5'd31;
    found = 1'b0;
    for (int i = 31; i >= 0; i--) begin
      if (!found && x[i]) begin
        lzc32 = 5'(31 - i);
        found = 1'b1;
      end
    end
  endfunction

  logic        r_sign, r_sticky;
  logic [12:0] r_exp;
  logic [26:0] r_sig;
  logic [31:0] r_res;
  logic [4:0]  r_flags;

  weft_fpu_round u_round (
    .en_i    (en_i && !to_int),
    .sign_i  (r_sign),
    .exp_i   (r_exp),
    .sig_i   (r_sig),
    .sticky_i(r_sticky),
    .rm_i    (rm_i),
    .res_o   (r_res),
    .flags_o (r_flags)
  );

  logic [31:0] f2i_res, i2f_mag;
  logic [4:0]  f2i_flags;
  logic        to_int, unsigned_op;

  assign to_int      = (op_i == weft_fpu_pkg::FCVT_W_S) || (op_i == weft_fpu_pkg::FCVT_WU_S);
  assign unsigned_op = (op_i != weft_fpu_pkg::FCVT_S_W);   // only used for s.w / s.wu

  // ---- float to integer
  // verilator lint_off LATCH
  always_comb begin
    logic        sgn, nan, inc, g, s, nv;
    logic [7:0]  e;
    logic [23:0] m;
    logic [49:0] t;
    logic [5:0]  sh;
    logic [32:0] ip, mag;
    logic [31:0] val;
    // block locals: a value first, outside the enable (Verilator then
    // keeps them as C++ locals, not model members; see weft_fpu_fma)
    sgn = '0;
    nan = '0;
    inc = '0;
    g = '0;
    s = '0;
    nv = '0;
    e = '0;
    m = '0;
    t = '0;
    sh = '0;
    ip = '0;
    mag = '0;
    val = '0;
    if (en_i && to_int) begin
      sgn = a_i[31];
      e   = a_i[30:23];
      m   = {e != 8'd0, a_i[22:0]};
      nan = (e == 8'hff) && (a_i[22:0] != 23'd0);
      // value = m * 2^(e - 150); integer part for e <= 158 (below 2^33).
      if (e >= 8'd150) begin
        sh = '0;
        t  = '0;
        g  = 1'b0;
        s  = 1'b0;
        if (e <= 8'd158) ip = 33'(m) << (e - 8'd150);
        else             ip = {1'b1, 32'd0};         // >= 2^32: out of range anyway
      end else begin
        sh = (e < 8'd124) ? 6'd26 : 6'(8'd150 - e);
        t  = {m, 26'd0} >> sh;
        ip = {9'd0, t[49:26]};
        g  = t[25];
        s  = |t[24:0];
      end
      unique case (rm_i)
        weft_fpu_pkg::RTZ: inc = 1'b0;
        weft_fpu_pkg::RDN: inc = sgn & (g | s);
        weft_fpu_pkg::RUP: inc = !sgn & (g | s);
        weft_fpu_pkg::RMM: inc = g;
        default:           inc = g & (s | ip[0]);    // RNE
      endcase
      mag = ip + {32'd0, inc};
      if (e == 8'hff || e > 8'd158) nv = 1'b1;
      else if (op_i == weft_fpu_pkg::FCVT_WU_S) nv = sgn ? (mag != 33'd0) : mag[32];
      else nv = sgn ? (mag > 33'h0_8000_0000) : (mag > 33'h0_7fff_ffff);
      val = sgn ? (~mag[31:0] + 32'd1) : mag[31:0];
      if (nv) begin
        f2i_flags = 5'b10000;                              // NV only
        if (op_i == weft_fpu_pkg::FCVT_WU_S) f2i_res = (sgn && !nan) ? 32'd0 : 32'hffff_ffff;
        else                                 f2i_res = (sgn && !nan) ? 32'h8000_0000 : 32'h7fff_ffff;
      end else begin
        f2i_flags = {4'd0, g | s};                         // NX when inexact
        f2i_res   = val;
      end
    end else begin
      // results: zeroed for synthesis (no latch); the
      // simulator skips the stores (read only while this half is enabled;
      // issue 17)
`ifndef VERILATOR
      f2i_flags = '0;
      f2i_res = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  // ---- integer to float
  // verilator lint_off LATCH
  always_comb begin
    logic [4:0]  lz;
    logic [31:0] nrm;
    // block locals: a value first, outside the enable (Verilator then
    // keeps them as C++ locals, not model members; see weft_fpu_fma)
    lz = '0;
    nrm = '0;
    if (en_i && !to_int) begin
      r_sign   = !unsigned_op && a_i[31];
      i2f_mag  = r_sign ? (~a_i + 32'd1) : a_i;
      lz       = lzc32(i2f_mag);
      nrm      = i2f_mag << lz;
      r_exp    = 13'd31 - {8'd0, lz};
      r_sig    = nrm[31:5];
      r_sticky = |nrm[4:0];
    end else begin
      // results: zeroed for synthesis (no latch); the
      // simulator skips the stores (read only while this half is enabled;
      // issue 17)
`ifndef VERILATOR
      r_sign = '0;
      i2f_mag = '0;
      r_exp = '0;
      r_sig = '0;
      r_sticky = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  // (continuous assignments: an always_comb reading the rounder's output
  // can make Icarus 11 loop at time 0 while the operands are still X;
  // en_i first: 0 while disabled without reading the halves' results)
  assign res_o   = !en_i ? 32'd0 : to_int ? f2i_res : (i2f_mag == 32'd0) ? 32'd0 : r_res;
  assign flags_o = !en_i ? 5'd0 : to_int ? f2i_flags : (i2f_mag == 32'd0) ? 5'd0 : r_flags;

endmodule
