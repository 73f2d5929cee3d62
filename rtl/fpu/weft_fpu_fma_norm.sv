// weft_fpu_fma_norm: second half of one FMA lane (combinational leaf):
// normalizes the exact sum of weft_fpu_fma (logarithmic shifter that also
// yields the leading-zero count) and rounds it once with weft_fpu_round; an exact zero sum is +0 (-0 in
// RDN); a special case passes spres_i/spflags_i through.
// flags_o = {NV, DZ, OF, UF, NX}.
module weft_fpu_fma_norm (
  input  logic        en_i,        // low: nothing computed, outputs 0 (operand isolation)
  input  logic [2:0]  rm_i,
  input  logic        special_i,
  input  logic [31:0] spres_i,
  input  logic [4:0]  spflags_i,
  input  logic        sign_i,
  input  logic [12:0] exp_i,      // weight of sum_i[0]
  input  logic [98:0] sum_i,
  output logic [31:0] res_o,
  output logic [4:0]  flags_o
);

  logic [6:0]   lz;
  logic [127:0] nrm;
  logic [12:0] r_exp;
  logic [31:0] r_res;
  logic [4:0]  r_flags;
  logic        zero_sum;

  // Logarithmic normalizer: seven stages (64, 32, ..., 1) each shift the
  // value left when its top 2^k bits are zero and give bit k of the
  // leading-zero count; the value ends with its leading one at bit 127, so
  // the sum is zero exactly when bit 127 is clear. Only while enabled
  // (zeroed for synthesis; the simulator skips the stores: read only while
  // en_i is high; issue 17). The block locals first get a value outside the
  // enable (Verilator then keeps them as C++ locals, not model members; see
  // weft_fpu_fma).
  // verilator lint_off LATCH
  always_comb begin
    logic [127:0] v6, v5, v4, v3, v2, v1, v0, x;
    logic [6:0]   n;
    n  = '0;
    v0 = '0;
    v6 = '0;
    v5 = '0;
    v4 = '0;
    v3 = '0;
    v2 = '0;
    v1 = '0;
    x  = '0;
    if (en_i) begin
      x        = {sum_i, 29'd0};
      n[6]     = (x[127:64] == '0);
      v6       = n[6] ? {x[63:0], 64'd0} : x;
      n[5]     = (v6[127:96] == '0);
      v5       = n[5] ? {v6[95:0], 32'd0} : v6;
      n[4]     = (v5[127:112] == '0);
      v4       = n[4] ? {v5[111:0], 16'd0} : v5;
      n[3]     = (v4[127:120] == '0);
      v3       = n[3] ? {v4[119:0], 8'd0} : v4;
      n[2]     = (v3[127:124] == '0);
      v2       = n[2] ? {v3[123:0], 4'd0} : v3;
      n[1]     = (v2[127:126] == '0);
      v1       = n[1] ? {v2[125:0], 2'd0} : v2;
      n[0]     = !v1[127];
      v0       = n[0] ? {v1[126:0], 1'b0} : v1;
      lz       = n;
      nrm      = v0;
      zero_sum = !v0[127];
    end else begin
`ifndef VERILATOR
      lz       = '0;
      nrm      = '0;
      zero_sum = 1'b0;
`endif
    end
  end
  // verilator lint_on LATCH
  assign r_exp    = exp_i + 13'd98 - {6'd0, lz};

  weft_fpu_round u_round (
    .en_i    (en_i),
    .sign_i  (sign_i),
    .exp_i   (r_exp),
    .sig_i   (nrm[127:101]),
    .sticky_i(|nrm[100:0]),
    .rm_i    (rm_i),
    .res_o   (r_res),
    .flags_o (r_flags)
  );

  // (en_i first: a disabled lane's outputs are 0 without evaluating the
  // special/zero-sum selection, which the simulator would otherwise do
  // every cycle; issue 17)
  assign res_o   = !en_i ? 32'd0 : special_i ? spres_i : zero_sum ? {rm_i == weft_fpu_pkg::RDN, 31'd0} : r_res;
  assign flags_o = !en_i ? 5'd0 : special_i ? spflags_i : zero_sum ? 5'd0 : r_flags;

endmodule
