// weft_scoreboard: per-warp busy bits of the 64 registers (x0..x31 =
// 0..31, f0..f31 = 32..63; leaf module, plain vector ports).
//
// A register is busy from the cycle after an instruction that writes it
// issues until the cycle after that instruction writes back. x0 is never busy.
// For every warp w the head instruction of its buffer is described by
// rs1/rs2/rs3/rd fields packed in the *_i vectors (6 bits per warp) and use bits;
// ready_o[w] is high when none of the registers it reads or writes is busy
// (RAW and WAW hazards). set_i marks set_rd_i of warp set_wid_i busy at issue;
// clr_i frees clr_rd_i of clr_wid_i at writeback. A set and a clear of the
// same register of the same warp in one cycle is illegal (WAW check forbids).
// For the CPI stack, each busy register also remembers whether the LSU
// produces it (set_mem_i at issue); dep_mem_o[w] / dep_cmp_o[w] tell that the
// head of warp w waits for a register pending from the LSU / another unit.
module weft_scoreboard #(
  parameter int W = 4

) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [W*6-1:0] rs1_i,
  input  logic [W*6-1:0] rs2_i,
  input  logic [W*6-1:0] rs3_i,
  input  logic [W*6-1:0] rd_i,
  input  logic [W-1:0]  use_rs1_i,
  input  logic [W-1:0]  use_rs2_i,
  input  logic [W-1:0]  use_rs3_i,
  input  logic [W-1:0]  use_rd_i,
  output logic [W-1:0]  ready_o,
  output logic [W-1:0]  dep_mem_o,
  output logic [W-1:0]  dep_cmp_o,
  input  logic          set_i,
  input  logic          set_mem_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] set_wid_i,
  input  logic [5:0]    set_rd_i,
  input  logic          clr_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] clr_wid_i,
  input  logic [5:0]    clr_rd_i
);

  logic [63:0] busy_q [W];
  logic [63:0] busy_d [W];
  logic [63:0] mem_q [W];
  logic [63:0] mem_d [W];

  always_comb begin
    for (int w = 0; w < W; w++) begin
      logic [5:0] a1, a2, a3, ad;
      logic       b1, b2, b3, bd;
      a1 = rs1_i[w*6 +: 6];
      a2 = rs2_i[w*6 +: 6];
      a3 = rs3_i[w*6 +: 6];
      ad = rd_i[w*6 +: 6];
      b1 = use_rs1_i[w] && busy_q[w][a1];
      b2 = use_rs2_i[w] && busy_q[w][a2];
      b3 = use_rs3_i[w] && busy_q[w][a3];
      bd = use_rd_i[w]  && busy_q[w][ad];
      ready_o[w]   = !(b1 || b2 || b3 || bd);
      // the causes only for a head that waits (the simulator skips the
      // mem_q look-ups of a ready head, issue 17; the logic is the same)
      dep_mem_o[w] = 1'b0;
      dep_cmp_o[w] = 1'b0;
      if (!ready_o[w]) begin
        dep_mem_o[w] = (b1 && mem_q[w][a1]) || (b2 && mem_q[w][a2]) || (b3 && mem_q[w][a3]) || (bd && mem_q[w][ad]);
        dep_cmp_o[w] = (b1 && !mem_q[w][a1]) || (b2 && !mem_q[w][a2]) || (b3 && !mem_q[w][a3]) ||
                       (bd && !mem_q[w][ad]);
      end
    end
  end

  // (the cleared and the set register written at their warp's index: the
  // simulator no longer compares every warp with both each cycle, issue 17)
  always_comb begin
    for (int w = 0; w < W; w++) begin
      busy_d[w] = busy_q[w];
      mem_d[w]  = mem_q[w];
    end
    if (clr_i) busy_d[clr_wid_i][clr_rd_i] = 1'b0;
    if (set_i && set_rd_i != 6'd0) begin
      busy_d[set_wid_i][set_rd_i] = 1'b1;
      mem_d[set_wid_i][set_rd_i]  = set_mem_i;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) busy_q[w] <= '0;
      else         busy_q[w] <= busy_d[w];
      mem_q[w] <= mem_d[w];   // meaningful only where busy
    end
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  // illegal use (the header): a set and a clear of the same register
  `WEFT_ASSERT_IF(no_set_clr_same, set_i && clr_i,
                 !(set_wid_i == clr_wid_i && set_rd_i == clr_rd_i && set_rd_i != 6'd0))
  `WEFT_ASSERT_IF(set_wid_range, set_i, 32'(set_wid_i) < W)
  `WEFT_ASSERT_IF(clr_wid_range, clr_i, 32'(clr_wid_i) < W)
  // (Not asserted: a set of a register that is already busy. The module
  // allows it; weft_core's WAW check never issues such an instruction, and
  // tests/unit/tb_weft_scoreboard.sv drives it on purpose.)
  `WEFT_ASSERT_KNOWN(ctrl_known, {set_i, clr_i})
  for (genvar w = 0; w < W; w++) begin : gen_a_x0
    `WEFT_ASSERT(x0_never_busy, !busy_q[w][0])
  end
`endif

endmodule
