// weft_fpu_fma_norm: second half of one FMA lane (combinational leaf):
// normalizes the exact sum of weft_fpu_fma with a 99-bit leading-zero count
// and rounds it once with weft_fpu_round; an exact zero sum is +0 (-0 in
// RDN); a special case passes spres_i/spflags_i through.
// flags_o = {NV, DZ, OF, UF, NX}.
module weft_fpu_fma_norm (
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

  function automatic logic [6:0] lzc99(input logic [98:0] x);
    logic found;
    lzc99 = 7'd99;
    found = 1'b0;
    for (int i = 98; i >= 0; i--) begin
      if (!found && x[i]) begin
        lzc99 = 7'(98 - i);
        found = 1'b1;
      end
    end
  endfunction

  logic [6:0]  lz;
  logic [98:0] nrm;
  logic [12:0] r_exp;
  logic [31:0] r_res;
  logic [4:0]  r_flags;
  logic        zero_sum;

  // continuous assignments (see the Icarus note in weft_fpu_round)
  assign lz       = lzc99(sum_i);
  assign nrm      = sum_i << lz;
  assign r_exp    = exp_i + 13'd98 - {6'd0, lz};
  assign zero_sum = (sum_i == '0);

  weft_fpu_round u_round (
    .sign_i  (sign_i),
    .exp_i   (r_exp),
    .sig_i   (nrm[98:72]),
    .sticky_i(|nrm[71:0]),
    .rm_i    (rm_i),
    .res_o   (r_res),
    .flags_o (r_flags)
  );

  assign res_o   = special_i ? spres_i : zero_sum ? {rm_i == weft_fpu_pkg::RDN, 31'd0} : r_res;
  assign flags_o = special_i ? spflags_i : zero_sum ? 5'd0 : r_flags;

endmodule
