// weft_muldiv: RV32M unit, T lanes, one warp instruction at a time.
//
// mul/mulh/mulhsu/mulhu finish MUL_LAT cycles after dispatch; div/divu/rem/
// remu run a radix-2 restoring divider on every lane for 32 cycles (the
// result is offered 33 cycles after dispatch). Division by zero and the
// signed overflow case follow the RISC-V spec (quotient all ones / remainder
// the dividend; -2^31 / -1 = -2^31 remainder 0). Results are held until
// writeback takes them (out_ready_i); the unit then accepts the next one.
module weft_muldiv #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned MUL_LAT = 2,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [IW-1:0]   in_wid_i,
  input  logic [31:0]     in_pc_i,
  input  logic [T-1:0]    in_tmask_i,
  input  logic [2:0]      in_op_i,
  input  logic [4:0]      in_rd_i,
  input  logic            in_wb_i,
  input  logic [T*32-1:0] in_rs1_i,
  input  logic [T*32-1:0] in_rs2_i,
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [IW-1:0]   out_wid_o,
  output logic [31:0]     out_pc_o,
  output logic [T-1:0]    out_tmask_o,
  output logic [4:0]      out_rd_o,
  output logic            out_wb_o,
  output logic [T*32-1:0] out_data_o
);

  logic            v_q;
  logic [5:0]      cnt_q, cnt_d;
  logic [IW-1:0]   wid_q;
  logic [31:0]     pc_q;
  logic [T-1:0]    tmask_q;
  logic [2:0]      op_q;
  logic [4:0]      rd_q;
  logic            wb_q;
  logic [T*32-1:0] a_q, b_q;
  logic [T*32-1:0] quo_q, quo_d;
  logic [T*33-1:0] rem_q, rem_d;
  logic [T*32-1:0] div_q, div_d;   // |divisor|
  logic            fire_in, fire_out, is_div;

  assign is_div     = in_op_i[2];
  assign out_valid_o = v_q && (cnt_q == '0);
  assign fire_out   = out_valid_o && out_ready_i;
  assign in_ready_o = !v_q || fire_out;
  assign fire_in    = in_valid_i && in_ready_o;

  function automatic logic [31:0] abs32(input logic [31:0] x, input logic sgn);
    abs32 = (sgn && x[31]) ? (~x + 32'd1) : x;
  endfunction

  always_comb begin
    logic [32:0] r;
    r     = '0;
    cnt_d = cnt_q;
    quo_d = quo_q;
    rem_d = rem_q;
    div_d = div_q;
    if (fire_in) begin
      cnt_d = is_div ? 6'd33 : 6'(MUL_LAT - 1);
      for (int t = 0; t < T; t++) begin
        quo_d[t*32 +: 32] = abs32(in_rs1_i[t*32 +: 32], !in_op_i[0]);
        div_d[t*32 +: 32] = abs32(in_rs2_i[t*32 +: 32], !in_op_i[0]);
        rem_d[t*33 +: 33] = '0;
      end
    end else if (v_q && cnt_q != '0) begin
      cnt_d = cnt_q - 1'b1;
      if (op_q[2] && cnt_q != 6'd1) begin
        for (int t = 0; t < T; t++) begin
          r = {rem_q[t*33 +: 32], quo_q[t*32 + 31]};
          if (r >= {1'b0, div_q[t*32 +: 32]}) begin
            rem_d[t*33 +: 33] = r - {1'b0, div_q[t*32 +: 32]};
            quo_d[t*32 +: 32] = {quo_q[t*32 +: 31], 1'b1};
          end else begin
            rem_d[t*33 +: 33] = r;
            quo_d[t*32 +: 32] = {quo_q[t*32 +: 31], 1'b0};
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      v_q   <= 1'b0;
      cnt_q <= '0;
    end else begin
      if (fire_in) v_q <= 1'b1;
      else if (fire_out) v_q <= 1'b0;
      cnt_q <= cnt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (fire_in) begin
      wid_q <= in_wid_i; pc_q <= in_pc_i; tmask_q <= in_tmask_i; op_q <= in_op_i;
      rd_q <= in_rd_i; wb_q <= in_wb_i; a_q <= in_rs1_i; b_q <= in_rs2_i;
    end
    quo_q <= quo_d;
    rem_q <= rem_d;
    div_q <= div_d;
  end

  // the result lanes are computed only while a result is offered (0
  // otherwise; writeback reads them only with out_valid_o; issue 17)
  always_comb begin
    logic [31:0] a, b, q, r, res;
    logic [63:0] p;
    logic        sa, sb;
    a = '0;
    b = '0;
    q = '0;
    r = '0;
    res = '0;
    p = '0;
    sa = 1'b0;
    sb = 1'b0;
    out_data_o = '0;
    if (out_valid_o) for (int t = 0; t < T; t++) begin
      a = a_q[t*32 +: 32];
      b = b_q[t*32 +: 32];
      q = quo_q[t*32 +: 32];
      r = rem_q[t*33 +: 32];
      sa = a[31];
      sb = b[31];
      res = '0;
      p = '0;
      unique case (op_q)
        3'd0: begin p = a * b; res = p[31:0]; end
        3'd1: begin p = 64'($signed({{32{sa}}, a}) * $signed({{32{sb}}, b})); res = p[63:32]; end
        3'd2: begin p = 64'($signed({{32{sa}}, a}) * $signed({32'd0, b})); res = p[63:32]; end
        3'd3: begin p = {32'd0, a} * {32'd0, b}; res = p[63:32]; end
        3'd4: res = (b == 0) ? 32'hFFFF_FFFF : ((sa ^ sb) ? (~q + 32'd1) : q);
        3'd5: res = (b == 0) ? 32'hFFFF_FFFF : q;
        3'd6: res = (b == 0) ? a : (sa ? (~r + 32'd1) : r);
        default: res = (b == 0) ? a : r;
      endcase
      out_data_o[t*32 +: 32] = res;
    end
  end

  assign out_wid_o   = wid_q;
  assign out_pc_o    = pc_q;
  assign out_tmask_o = tmask_q;
  assign out_rd_o    = rd_q;
  assign out_wb_o    = wb_q;

endmodule
