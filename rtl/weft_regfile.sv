// weft_regfile: the registers, for W warps of T threads: 32 integer and 32
// FP registers per thread, numbered 0..63 (6 bits: bit 5 = FP file). Three
// combinational read ports (all T lanes of one warp; the third serves the
// fused multiply-add's rs3) for issue and one write port (lane mask) for
// writeback. x0 (register 0) reads as zero and is never written; f0
// (register 32) is an ordinary register. A write and a read of the same register in one cycle read the old
// value (the scoreboard keeps such an instruction from issuing).
// clear_i[w] (a warp starts) makes every register of warp w read as zero
// until it is written: a valid bit per register and lane, so a warp never
// sees values left by an earlier launch and the state is the same as the
// functional model's.
//
// Warp rows (issue 20, L < T): the read ports are L lanes wide. rd_row_i is
// the row r of the warp (seed 001 ch. 4: an offset added to the warp's base
// register address): the ports give lanes r*L .. r*L+L-1 of the three
// registers. With L = T (R = 1) there is no row and no row multiplexer.
// The write port stays T wide (one commit per warp instruction).
module weft_regfile #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned L = T,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned AW = $clog2(W * 64),
  localparam int unsigned R = T / L,
  localparam int unsigned RW = (R > 1) ? $clog2(R) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [W-1:0]    clear_i,
  input  logic [IW-1:0]   rd_wid_i,
  input  logic [5:0]      rs1_i,
  input  logic [5:0]      rs2_i,
  input  logic [5:0]      rs3_i,
  input  logic [RW-1:0]   rd_row_i,
  output logic [L*32-1:0] rs1_data_o,
  output logic [L*32-1:0] rs2_data_o,
  output logic [L*32-1:0] rs3_data_o,
  input  logic            we_i,
  input  logic [IW-1:0]   wr_wid_i,
  input  logic [5:0]      wr_rd_i,
  input  logic [T-1:0]    wr_mask_i,
  input  logic [T*32-1:0] wr_data_i
);

  logic [AW-1:0] ra1, ra2, ra3, wa;

  assign ra1 = AW'(32'(rd_wid_i) * 64 + 32'(rs1_i));
  assign ra2 = AW'(32'(rd_wid_i) * 64 + 32'(rs2_i));
  assign ra3 = AW'(32'(rd_wid_i) * 64 + 32'(rs3_i));
  assign wa  = AW'(32'(wr_wid_i) * 64 + 32'(wr_rd_i));

  logic [T*32-1:0] d1, d2, d3;

  for (genvar t = 0; t < T; t++) begin : gen_lane
    logic [31:0] mem [W*64];
    logic [63:0] valid_q [W];
    logic [63:0] valid_d [W];
    logic        v1, v2, v3;
    assign v1 = valid_q[rd_wid_i][rs1_i];
    assign v2 = valid_q[rd_wid_i][rs2_i];
    assign v3 = valid_q[rd_wid_i][rs3_i];
    assign d1[t*32 +: 32] = (rs1_i == 6'd0 || !v1) ? 32'd0 : mem[ra1];
    assign d2[t*32 +: 32] = (rs2_i == 6'd0 || !v2) ? 32'd0 : mem[ra2];
    assign d3[t*32 +: 32] = (rs3_i == 6'd0 || !v3) ? 32'd0 : mem[ra3];
    // (the written warp's bit set at its index and the clears only when a
    // warp starts: the simulator no longer compares every warp with the
    // written one each cycle, issue 17; the logic is the same)
    always_comb begin
      for (int w = 0; w < W; w++) valid_d[w] = valid_q[w];
      if (we_i && wr_mask_i[t]) valid_d[wr_wid_i][wr_rd_i] = 1'b1;
      if (clear_i != '0)
        for (int w = 0; w < W; w++) if (clear_i[w]) valid_d[w] = '0;
    end
    always_ff @(posedge clk_i) begin
      for (int w = 0; w < W; w++) begin
        if (!rst_ni) valid_q[w] <= '0;
        else         valid_q[w] <= valid_d[w];
      end
    end
    always_ff @(posedge clk_i) begin
      if (we_i && wr_mask_i[t] && wr_rd_i != 6'd0) mem[wa] <= wr_data_i[t*32 +: 32];
    end
  end


  if (R == 1) begin : gen_no_rows
    assign rs1_data_o = d1;
    assign rs2_data_o = d2;
    assign rs3_data_o = d3;
    logic unused_row;
    assign unused_row = ^rd_row_i;
  end else begin : gen_rows
    assign rs1_data_o = d1[32'(rd_row_i) * L * 32 +: L*32];
    assign rs2_data_o = d2[32'(rd_row_i) * L * 32 +: L*32];
    assign rs3_data_o = d3[32'(rd_row_i) * L * 32 +: L*32];
  end

endmodule
