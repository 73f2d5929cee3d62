// weft_ipdom: the per-warp immediate-post-dominator reconvergence stacks
// (leaf module, plain vector ports). See docs/isa.md, split/join.
//
// One operation per cycle on warp wid_i:
//   op_i = 1 push uniform  : push (UNIFORM)
//   op_i = 2 push divergent: push (RECONV, rmask_i) then (ELSE, emask_i, epc_i)
//   op_i = 3 pop           : remove the top entry, shown on top_* this cycle
// The operation is performed when en_i is high. err_ovf_o / err_unf_o say
// combinationally (independent of en_i) that the requested push would
// overflow or the pop would underflow; the operation is then not performed.
// clear_i empties the stack of clear_wid_i (warp ends or is spawned).
// Entry kinds on top_kind_o: 0 UNIFORM, 1 RECONV, 2 ELSE.
module weft_ipdom #(
  parameter int W = 4,
  parameter int T = 4,
  parameter int DEPTH = 8

) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [1:0]    op_i,
  input  logic          en_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] wid_i,
  input  logic [T-1:0]  rmask_i,
  input  logic [T-1:0]  emask_i,
  input  logic [31:0]   epc_i,
  output logic [1:0]    top_kind_o,
  output logic [T-1:0]  top_mask_o,
  output logic [31:0]   top_pc_o,
  output logic          err_ovf_o,
  output logic          err_unf_o,
  input  logic          clear_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] clear_wid_i
);

  localparam int SW = $clog2(DEPTH + 1);
  localparam int EW = 2 + T + 32;

  localparam logic [1:0] OP_PUSHU = 2'd1;
  localparam logic [1:0] OP_PUSHD = 2'd2;
  localparam logic [1:0] OP_POP   = 2'd3;

  logic [EW-1:0] mem_q [W*DEPTH];
  logic [SW-1:0] sp_q [W];
  logic [SW-1:0] sp_d [W];
  logic [SW-1:0] sp;
  logic [EW-1:0] top;
  logic          we0, we1;
  localparam int AW = (W * DEPTH > 1) ? $clog2(W * DEPTH) : 1;
  logic [AW-1:0] wa0, wa1;
  logic [EW-1:0] wd0, wd1;

  assign sp = sp_q[wid_i];

  always_comb begin
    top = '0;
    if (sp != '0) top = mem_q[AW'(32'(wid_i) * DEPTH + 32'(sp) - 1)];
  end
  assign top_kind_o = top[EW-1 -: 2];
  assign top_mask_o = top[32 +: T];
  assign top_pc_o   = top[31:0];

  // (evaluated only for an operation: two statements per branch keep the
  // simulator from turning the if into an expression it evaluates every
  // cycle; issue 17)
  always_comb begin
    if (op_i == 2'd0) begin
      err_ovf_o = 1'b0;
      err_unf_o = 1'b0;
    end else begin
      err_ovf_o = (op_i == OP_PUSHU && 32'(sp) + 1 > DEPTH) ||
                  (op_i == OP_PUSHD && 32'(sp) + 2 > DEPTH);
      err_unf_o = (op_i == OP_POP) && (sp == '0);
    end
  end

  always_comb begin
    we0 = 1'b0;
    we1 = 1'b0;
    wa0 = AW'(32'(wid_i) * DEPTH + 32'(sp));
    wa1 = AW'(32'(wid_i) * DEPTH + 32'(sp) + 1);
    wd0 = {2'd0, T'(0), 32'd0};
    wd1 = {2'd2, emask_i, epc_i};
    for (int w = 0; w < W; w++) sp_d[w] = sp_q[w];
    if (en_i && !err_ovf_o && !err_unf_o) begin
      unique case (op_i)
        OP_PUSHU: begin
          we0 = 1'b1;
          sp_d[wid_i] = sp + 1'b1;
        end
        OP_PUSHD: begin
          we0 = 1'b1;
          we1 = 1'b1;
          wd0 = {2'd1, rmask_i, 32'd0};
          sp_d[wid_i] = sp + SW'(2);
        end
        OP_POP: sp_d[wid_i] = sp - 1'b1;
        default: ;
      endcase
    end
    if (clear_i) sp_d[clear_wid_i] = '0;
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) sp_q[w] <= '0;
      else         sp_q[w] <= sp_d[w];
    end
  end

  always_ff @(posedge clk_i) begin
    if (we0) mem_q[wa0] <= wd0;
    if (we1) mem_q[wa1] <= wd1;
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  `WEFT_ASSERT_INIT(depth_ge_1, DEPTH >= 1 && W >= 1 && T >= 1)
  // stack bounds: 0 <= sp <= DEPTH for every warp (overflow and underflow
  // are reported on err_*_o and never performed)
  for (genvar w = 0; w < W; w++) begin : gen_a_sp
    `WEFT_ASSERT(sp_le_depth, 32'(sp_q[w]) <= DEPTH)
  end
  `WEFT_ASSERT_IF(wid_range, en_i && op_i != 2'd0, 32'(wid_i) < W)
  `WEFT_ASSERT_IF(no_ovf_and_unf, err_ovf_o, !err_unf_o)
  `WEFT_ASSERT_KNOWN(ctrl_known, {en_i, clear_i})
  `WEFT_ASSERT_IF(op_known, en_i, !$isunknown(op_i))
`endif

endmodule
