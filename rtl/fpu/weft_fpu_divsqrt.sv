// weft_fpu_divsqrt: one lane of fdiv/fsqrt, an iterative radix-2 restoring
// digit recurrence with K steps per cycle (sequential leaf; the sequence of
// load/step/fin pulses comes from weft_fpu, shared by all lanes).
//
//   load_i   (1 cycle)  unpack a_i/b_i, normalize subnormals, resolve the
//                       special cases, initialise the recurrence
//   step_i   (cycles)   step_i[j] enables sub-step j of this cycle; the
//                       controller enables exactly 26 sub-steps in total
//   fin_i    (1 cycle)  round the 26 result bits (+ sticky = remainder != 0)
//                       into res_o/flags_o, held until the next fin_i
//
// Division: 24-bit normalized mantissas ma/mb, q = floor(ma*2^25/mb) has
// its leading one at bit 25 (ma >= mb) or 24. Square root: the exponent is
// made even and the mantissa scaled to M in [2^50, 2^52); q = isqrt(M) has
// its leading one at bit 25. Both are exact plus a sticky bit, so the one
// rounding in weft_fpu_round is correctly rounded in every mode.
// Special cases (RISC-V F 2.2): NaN operands give the canonical NaN (NV if
// signalling); 0/0, inf/inf and sqrt of a negative nonzero value are NV;
// x/0 for finite nonzero x is DZ and infinity; sqrt(-0) = -0.
// flags_o = {NV, DZ, OF, UF, NX}. step_i/fin_i without a preceding load_i
// produce garbage, not an error.
module weft_fpu_divsqrt #(
  parameter int K = 2
) (
  input  logic         clk_i,
  input  logic         load_i,
  input  logic [K-1:0] step_i,
  input  logic         fin_i,
  input  logic         sqrt_i,
  input  logic [2:0]   rm_i,
  input  logic [31:0]  a_i,
  input  logic [31:0]  b_i,
  output logic [31:0]  res_o,
  output logic [4:0]   flags_o
);

  function automatic logic [4:0] lzc24(input logic [23:0] x);
    logic found;
    lzc24 = 5'd24;
    found = 1'b0;
    for (int i = 23; i >= 0; i--) begin
      if (!found && x[i]) begin
        lzc24 = 5'(23 - i);
        found = 1'b1;
      end
    end
  endfunction

  // state (loaded by load_i, stepped by step_i, rounded by fin_i)
  logic        spec_q, ld_spec;
  logic [31:0] spres_q, ld_spres;
  logic [4:0]  spflg_q, ld_spflg;
  logic        sqrt_q, sign_q, ld_sign;
  logic [2:0]  rm_q;
  logic [12:0] exp_q, ld_exp;
  logic [29:0] rem_q, ld_rem;
  logic [25:0] quo_q;
  logic [23:0] div_q, ld_div;
  logic [51:0] rad_q, ld_rad;
  logic [31:0] res_q;
  logic [4:0]  flg_q;

  logic        r_sticky;
  logic [12:0] r_exp;
  logic [26:0] r_sig;
  logic [31:0] r_res;
  logic [4:0]  r_flags;

  weft_fpu_round u_round (
    .en_i    (fin_i),
    .sign_i  (sign_q),
    .exp_i   (r_exp),
    .sig_i   (r_sig),
    .sticky_i(r_sticky),
    .rm_i    (rm_q),
    .res_o   (r_res),
    .flags_o (r_flags)
  );

  // ---- load: unpack, special cases, initial state
  // verilator lint_off LATCH
  always_comb begin
    logic        a_nan, b_nan, a_snan, b_snan, a_inf, b_inf, a_zero, b_zero;
    logic [23:0] ma, mb, man, mbn;
    logic [4:0]  lza, lzb;
    logic signed [12:0] ea, eb, e0, eh;
    logic        sg;
    // block locals: a value first, outside the enable (Verilator then
    // keeps them as C++ locals, not model members; see weft_fpu_fma)
    a_nan = '0;
    b_nan = '0;
    a_snan = '0;
    b_snan = '0;
    a_inf = '0;
    b_inf = '0;
    a_zero = '0;
    b_zero = '0;
    ma = '0;
    mb = '0;
    man = '0;
    mbn = '0;
    lza = '0;
    lzb = '0;
    ea = '0;
    eb = '0;
    e0 = '0;
    eh = '0;
    sg = '0;
    if (load_i) begin
      a_nan  = (a_i[30:23] == 8'hff) && (a_i[22:0] != 23'd0);
      b_nan  = (b_i[30:23] == 8'hff) && (b_i[22:0] != 23'd0);
      a_snan = a_nan && !a_i[22];
      b_snan = b_nan && !b_i[22];
      a_inf  = (a_i[30:23] == 8'hff) && (a_i[22:0] == 23'd0);
      b_inf  = (b_i[30:23] == 8'hff) && (b_i[22:0] == 23'd0);
      a_zero = (a_i[30:0] == 31'd0);
      b_zero = (b_i[30:0] == 31'd0);
      ma  = {a_i[30:23] != 8'd0, a_i[22:0]};
      mb  = {b_i[30:23] != 8'd0, b_i[22:0]};
      lza = lzc24(ma);
      lzb = lzc24(mb);
      man = ma << lza;
      mbn = mb << lzb;
      // unbiased exponents of the normalized mantissas (value = m * 2^(e-23))
      ea  = {5'd0, a_i[30:23] | {7'd0, a_i[30:23] == 8'd0}} - {8'd0, lza} - 13'sd127;
      eb  = {5'd0, b_i[30:23] | {7'd0, b_i[30:23] == 8'd0}} - {8'd0, lzb} - 13'sd127;
      e0  = ea - 13'sd23;

      // (every variable written once per evaluation: see weft_fpu_round)
      sg       = sqrt_i ? a_i[31] : (a_i[31] ^ b_i[31]);
      ld_sign  = sg;
      ld_div   = mbn;
      if (sqrt_i) begin
        ld_rem = '0;
        ld_spec  = a_nan || a_zero || a_i[31] || a_inf;
        ld_spres = (a_zero || (a_inf && !a_i[31])) ? a_i : 32'h7fc0_0000;
        ld_spflg = {a_snan || (a_i[31] && !a_nan && !a_zero), 4'd0};
        // make the exponent of m*2^e0 even, M = m' * 2^26 in [2^50, 2^52)
        if (e0[0]) begin
          ld_rad = {1'b0, man, 27'd0};
          eh     = (e0 - 13'sd1) >>> 1;
        end else begin
          ld_rad = {man, 28'd0};
          eh     = (e0 - 13'sd2) >>> 1;
        end
        ld_exp = eh + 13'sd12;
      end else begin
        ld_spec = a_nan || b_nan || a_inf || b_inf || a_zero || b_zero;
        if (a_nan || b_nan) begin
          ld_spres = 32'h7fc0_0000;
          ld_spflg = {a_snan || b_snan, 4'd0};
        end else if ((a_inf && b_inf) || (a_zero && b_zero)) begin
          ld_spres = 32'h7fc0_0000;
          ld_spflg = 5'b10000;                 // NV
        end else if (a_inf || b_zero) begin
          ld_spres = {sg, 8'hff, 23'd0};
          ld_spflg = {1'b0, b_zero && !a_inf, 3'd0};   // DZ for finite / 0
        end else begin                         // b inf or a zero (or not special)
          ld_spres = {sg, 31'd0};
          ld_spflg = 5'd0;
        end
        ld_rem = {6'd0, man};
        ld_rad = '0;
        eh     = '0;
        ld_exp = ea - eb;
      end
    end else begin
      // load values: zeroed for synthesis (no latch); the
      // simulator skips the stores (read only under load_i; issue 17)
`ifndef VERILATOR
      ld_sign = '0;
      ld_div = '0;
      ld_rem = '0;
      ld_spec = '0;
      ld_spres = '0;
      ld_spflg = '0;
      ld_rad = '0;
      ld_exp = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  // ---- recurrence steps and final rounding
  // K radix-2 steps of the recurrence on {rem, quo, rad}; step j only when
  // en[j]. (A function: its locals are rewritten step by step, which an
  // always_comb must not do with variables it reads under Icarus 11.)
  function automatic logic [107:0] steps(input logic sq, input logic [K-1:0] en,
                                         input logic [29:0] rem, input logic [25:0] quo,
                                         input logic [51:0] rad, input logic [23:0] dv);
    logic [29:0] r, x, trial;
    logic [25:0] q;
    logic [51:0] rd;
    r  = rem;
    q  = quo;
    rd = rad;
    for (int j = 0; j < K; j++) begin
      if (en[j]) begin
        // sqrt: bring down two radicand bits, trial 4q+1; div: the divisor
        x     = sq ? {r[27:0], rd[51:50]} : r;
        trial = sq ? {2'b00, q, 2'b01} : {6'd0, dv};
        if (sq) rd = {rd[49:0], 2'b00};
        if (x >= trial) begin
          x = x - trial;
          q = {q[24:0], 1'b1};
        end else begin
          q = {q[24:0], 1'b0};
        end
        r = sq ? x : {x[28:0], 1'b0};
      end
    end
    steps = {r, q, rd};
  endfunction

  // rounding inputs (used in the fin cycle only: zero otherwise; the
  // simulator skips the stores, issue 17)
  // verilator lint_off LATCH
  always_comb begin
    if (!fin_i) begin
`ifndef VERILATOR
      r_sticky = 1'b0;
      r_exp    = '0;
      r_sig    = '0;
`endif
    end else if (sqrt_q || quo_q[25]) begin
      r_sticky = (rem_q != '0);
      r_exp    = exp_q;
      r_sig    = {quo_q, 1'b0};
    end else begin
      r_sticky = (rem_q != '0);
      r_exp    = exp_q - 13'd1;
      r_sig    = {quo_q[24:0], 2'b00};
    end
  end

  // next value of the recurrence registers, in a load or step cycle only
  // (zero otherwise for synthesis; the simulator skips the stores)
  logic [29:0] rem_n;
  logic [25:0] quo_n;
  logic [51:0] rad_n;
  logic        rec_en;
  assign rec_en = load_i || (step_i != '0);
  always_comb begin
    if (load_i) begin
      rem_n = ld_rem;
      quo_n = 26'd0;
      rad_n = ld_rad;
    end else if (step_i != '0) begin
      {rem_n, quo_n, rad_n} = steps(sqrt_q, step_i, rem_q, quo_q, rad_q, div_q);
    end else begin
`ifndef VERILATOR
      rem_n = '0;
      quo_n = '0;
      rad_n = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  // Each register group is loaded only when it changes (load, a step, fin):
  // an idle lane evaluates no recurrence step in simulation, and each
  // register has one assignment (no shadow copy in Verilator; issue 17).
  always_ff @(posedge clk_i) begin
    if (load_i) begin
      spec_q  <= ld_spec;
      spres_q <= ld_spres;
      spflg_q <= ld_spflg;
      sqrt_q  <= sqrt_i;
      sign_q  <= ld_sign;
      rm_q    <= rm_i;
      exp_q   <= ld_exp;
      div_q   <= ld_div;
    end
    if (rec_en) begin
      rem_q <= rem_n;
      quo_q <= quo_n;
      rad_q <= rad_n;
    end
    if (fin_i) begin
      res_q <= spec_q ? spres_q : r_res;
      flg_q <= spec_q ? spflg_q : r_flags;
    end
  end

  assign res_o   = res_q;
  assign flags_o = flg_q;

endmodule
