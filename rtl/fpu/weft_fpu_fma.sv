// weft_fpu_fma: first half of one lane of fadd/fsub/fmul/fmadd/fmsub/
// fnmsub/fnmadd (combinational leaf): special cases, product, alignment and
// exact sum. weft_fpu_fma_norm finishes the lane (normalization, rounding);
// weft_fpu puts a pipeline register between the two when LAT_FMA >= 2.
//
// Every operation is x*y + z with one rounding: fadd/fsub use y = 1.0 and
// z = +-b, fmul uses z = a zero with the sign of the product (so that the
// sign of an exact zero product is kept in every rounding mode), fnmsub
// negates the product, fnmadd negates product and addend.
//
// Datapath: subnormal multiplicands are normalized (a five-stage shifter
// that also gives the leading-zero count), so the 48-bit product P has its
// leading one at bit 46 or 47. The
// addend is aligned to P in a 99-bit window (P at bits 72:25) and added or
// subtracted exactly (sum_o, sign_o, exp_o). When the addend lies more than
// 49 bits above P's lsb, P is replaced by a single 1 far below the addend's
// lsb (< 1/4 ulp of the addend: same rounding); when the addend lies wholly
// more than 2 bits below P, it is replaced by a single 1 below P's lsb (P is
// exact to 48 bits, so only its sign matters). weft_fpu_fma_norm normalizes the sum with a
// 99-bit leading-zero count and rounds it once.
//
// Special cases (RISC-V F 2.2): any NaN operand gives the canonical NaN
// 0x7fc00000, NV if one is signalling; inf*0 is NV even with a quiet-NaN
// addend; inf - inf is NV; an exact zero sum is +0 (-0 in RDN) unless both
// terms are zeros of the same sign (the zero sum is resolved in
// weft_fpu_fma_norm). Flags are {NV, DZ, OF, UF, NX}.
module weft_fpu_fma (
  input  logic        en_i,        // low: nothing computed, outputs 0 (operand isolation;
                                   // in simulation: outputs unchanged, see the disabled branch)
  input  logic [4:0]  op_i,
  input  logic [2:0]  rm_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  // to weft_fpu_fma_norm (directly or through a pipeline register)
  output logic        special_o,   // the result is spres_o/spflags_o
  output logic [31:0] spres_o,
  output logic [4:0]  spflags_o,
  output logic        sign_o,      // sign of the sum
  output logic [12:0] exp_o,       // weight of sum_o[0] (two's complement)
  output logic [98:0] sum_o        // exact magnitude (with sticky stand-ins)
);

  logic        special;
  logic [31:0] sp_res;
  logic [4:0]  sp_flags;

  // verilator lint_off LATCH
  always_comb begin
    logic [31:0] x, y, z;
    logic        is_addsub, neg_prod, neg_add;
    logic        x_nan, y_nan, z_nan, x_snan, y_snan, z_snan;
    logic        x_inf, y_inf, z_inf, x_zero, y_zero, z_zero;
    logic        ps, cs, sub, inf_zero;
    logic [23:0] mx, my, mz, mxn, myn;
    logic [4:0]  lzx, lzy;
    logic signed [12:0] ex, ey, ez, ep, ec, d, wb;
    logic [47:0] p;
    logic [98:0] pw, cw;
    logic [99:0] diff;
    logic [23:0] nx4, nx3, nx2, nx1, ny4, ny3, ny2, ny1;
    // Every block local gets a value first, outside the enable (0; also
    // what synthesis keeps while disabled): Verilator then makes them C++
    // locals of the evaluation function (registers, no stores to the model)
    // instead of model members; a local first written under the enable
    // stays a member (issue 17). The outputs keep their values while
    // disabled in the simulator (read only while en_i is high).
    x = '0;
    y = '0;
    z = '0;
    is_addsub = '0;
    neg_prod = '0;
    neg_add = '0;
    x_nan = '0;
    y_nan = '0;
    z_nan = '0;
    x_snan = '0;
    y_snan = '0;
    z_snan = '0;
    x_inf = '0;
    y_inf = '0;
    z_inf = '0;
    x_zero = '0;
    y_zero = '0;
    z_zero = '0;
    ps = '0;
    cs = '0;
    sub = '0;
    inf_zero = '0;
    mx = '0;
    my = '0;
    mz = '0;
    mxn = '0;
    myn = '0;
    lzx = '0;
    lzy = '0;
    ex = '0;
    ey = '0;
    ez = '0;
    ep = '0;
    ec = '0;
    d = '0;
    wb = '0;
    p = '0;
    pw = '0;
    cw = '0;
    diff = '0;
    nx4 = '0;
    nx3 = '0;
    nx2 = '0;
    nx1 = '0;
    ny4 = '0;
    ny3 = '0;
    ny2 = '0;
    ny1 = '0;
    if (en_i) begin

      is_addsub = (op_i == weft_fpu_pkg::FADD) || (op_i == weft_fpu_pkg::FSUB);
      neg_prod  = (op_i == weft_fpu_pkg::FNMSUB) || (op_i == weft_fpu_pkg::FNMADD);
      neg_add   = (op_i == weft_fpu_pkg::FSUB) || (op_i == weft_fpu_pkg::FMSUB) ||
                  (op_i == weft_fpu_pkg::FNMADD);
      x = a_i;
      y = is_addsub ? 32'h3f80_0000 : b_i;
      if (is_addsub)                       z = b_i;
      else if (op_i == weft_fpu_pkg::FMUL) z = {a_i[31] ^ b_i[31], 31'd0};
      else                                 z = c_i;

      x_nan  = (x[30:23] == 8'hff) && (x[22:0] != 23'd0);
      y_nan  = (y[30:23] == 8'hff) && (y[22:0] != 23'd0);
      z_nan  = (z[30:23] == 8'hff) && (z[22:0] != 23'd0);
      x_snan = x_nan && !x[22];
      y_snan = y_nan && !y[22];
      z_snan = z_nan && !z[22];
      x_inf  = (x[30:23] == 8'hff) && (x[22:0] == 23'd0);
      y_inf  = (y[30:23] == 8'hff) && (y[22:0] == 23'd0);
      z_inf  = (z[30:23] == 8'hff) && (z[22:0] == 23'd0);
      x_zero = (x[30:0] == 31'd0);
      y_zero = (y[30:0] == 31'd0);
      z_zero = (z[30:0] == 31'd0);
      ps     = x[31] ^ y[31] ^ neg_prod;
      cs     = z[31] ^ neg_add;
      sub    = ps ^ cs;
      inf_zero = (x_inf && y_zero) || (x_zero && y_inf);

      // ---- special cases
      // (each of special/sp_res/sp_flags written once: see weft_fpu_round)
      if (x_nan || y_nan || z_nan || inf_zero) begin
        special  = 1'b1;
        sp_res   = 32'h7fc0_0000;
        sp_flags = {x_snan || y_snan || z_snan || inf_zero, 4'd0};
      end else if ((x_inf || y_inf) && z_inf && sub) begin
        special  = 1'b1;
        sp_res   = 32'h7fc0_0000;
        sp_flags = 5'b10000;
      end else if (x_inf || y_inf) begin
        special  = 1'b1;
        sp_res   = {ps, 8'hff, 23'd0};
        sp_flags = 5'd0;
      end else if (z_inf) begin
        special  = 1'b1;
        sp_res   = {cs, 8'hff, 23'd0};
        sp_flags = 5'd0;
      end else if (x_zero || y_zero) begin
        special  = 1'b1;
        sp_res   = z_zero ? {sub ? (rm_i == weft_fpu_pkg::RDN) : ps, 31'd0} : {cs, z[30:0]};
        sp_flags = 5'd0;
      end else begin
        special  = 1'b0;
        sp_res   = 32'h7fc0_0000;
        sp_flags = 5'd0;
      end

      // ---- finite nonzero product (the addend may be zero)
      mx  = {x[30:23] != 8'd0, x[22:0]};
      my  = {y[30:23] != 8'd0, y[22:0]};
      mz  = {z[30:23] != 8'd0, z[22:0]};
      // normalize the significands: five stages (16, 8, 4, 2, 1) each
      // shift when their top bits are zero and give one bit of the
      // leading-zero count (a fixed sequence of selects; a zero significand,
      // only for a zero operand, whose result is a special case, gives 31)
      lzx[4] = (mx[23:8] == '0);
      nx4    = lzx[4] ? {mx[7:0], 16'd0} : mx;
      lzx[3] = (nx4[23:16] == '0);
      nx3    = lzx[3] ? {nx4[15:0], 8'd0} : nx4;
      lzx[2] = (nx3[23:20] == '0);
      nx2    = lzx[2] ? {nx3[19:0], 4'd0} : nx3;
      lzx[1] = (nx2[23:22] == '0);
      nx1    = lzx[1] ? {nx2[21:0], 2'd0} : nx2;
      lzx[0] = !nx1[23];
      mxn    = lzx[0] ? {nx1[22:0], 1'b0} : nx1;
      lzy[4] = (my[23:8] == '0);
      ny4    = lzy[4] ? {my[7:0], 16'd0} : my;
      lzy[3] = (ny4[23:16] == '0);
      ny3    = lzy[3] ? {ny4[15:0], 8'd0} : ny4;
      lzy[2] = (ny3[23:20] == '0);
      ny2    = lzy[2] ? {ny3[19:0], 4'd0} : ny3;
      lzy[1] = (ny2[23:22] == '0);
      ny1    = lzy[1] ? {ny2[21:0], 2'd0} : ny2;
      lzy[0] = !ny1[23];
      myn    = lzy[0] ? {ny1[22:0], 1'b0} : ny1;
      // biased exponents with subnormals at 1, minus the normalizing shift
      ex  = {5'd0, x[30:23] | {7'd0, x[30:23] == 8'd0}} - 13'(lzx);
      ey  = {5'd0, y[30:23] | {7'd0, y[30:23] == 8'd0}} - 13'(lzy);
      ez  = {5'd0, z[30:23] | {7'd0, z[30:23] == 8'd0}};
      p   = 48'(mxn) * 48'(myn);
      ep  = ex + ey - 13'sd300;          // weight of p[0]
      ec  = ez - 13'sd150;               // weight of mz[0]
      d   = ec - ep;
      if (!z_zero && d > 13'sd49) begin
        pw = 99'd1;
        cw = {mz, 75'd0};
        wb = ec - 13'sd75;
      end else begin
        pw = {26'd0, p, 25'd0};
        if (z_zero)            cw = '0;
        else if (d < -13'sd25) cw = 99'd1;
        else                   cw = 99'(mz) << (7'(d) + 7'd25);
        wb = ep - 13'sd25;
      end
      diff = {1'b0, pw} - {1'b0, cw};
      if (!sub) begin
        sum_o  = pw + cw;
        sign_o = ps;
      end else if (diff[99]) begin
        sum_o  = 99'(-diff);
        sign_o = cs;
      end else begin
        sum_o  = diff[98:0];
        sign_o = ps;
      end
      exp_o = wb;
    end else begin
      // outputs: zeroed for synthesis (no latch); the simulator skips the
      // stores (weft_fpu reads the outputs only while en_i is high; issue 17)
`ifndef VERILATOR
      special = '0;
      sp_res = '0;
      sp_flags = '0;
      sum_o = '0;
      sign_o = '0;
      exp_o = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  assign special_o = special;
  assign spres_o   = sp_res;
  assign spflags_o = sp_flags;

endmodule
