// Warp rows (issue 20, seed 001 ch. 4): a warp of T threads executes on
// L lanes (T a multiple of L) in R = T/L rows of L threads.
//
// weft_rowseq: the row sequencer in front of one execution unit. It takes a
// T-wide warp instruction (in_*: thread mask, N operand vectors of T x 32
// bits, XW bits of side fields that every row carries unchanged) and hands
// the unit one L-wide row per cycle (out_*), row 0 in the cycle the
// instruction arrives (straight from the register-file read), rows 1..R-1
// from a copy of the operands taken then. in_ready_o is high when no
// instruction is being sequenced and the unit takes row 0 now; it does not
// depend on in_valid_i. out_last_o marks row R-1 (row 0 when R == 1).
//
// weft_rowcol: the row collector behind one execution unit. It takes the
// unit's L-wide result rows in order (rows 0..R-1 of one instruction, then
// the next instruction's) and offers the T-wide result when the last row is
// offered: rows 0..R-2 come from a register, row R-1 straight from the unit,
// which holds it until out_ready_i (the unit's backpressure is the
// writeback's). in_or_i is ORed over the rows (FPU exception flags).
//
// With R == 1 both are wires (no register, no mux): an L = T build is the
// build without rows, cycle for cycle and gate for gate.
module weft_rowseq #(
  parameter int T = 4,
  parameter int L = 4,
  parameter int N = 2,
  parameter int XW = 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [T-1:0]      in_tmask_i,
  input  logic [N*T*32-1:0] in_ops_i,
  input  logic [XW-1:0]     in_x_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [L-1:0]      out_tmask_o,
  output logic [N*L*32-1:0] out_ops_o,
  output logic [XW-1:0]     out_x_o,
  output logic [N*T*32-1:0] out_held_o,    // the T-wide operands while busy_o (R == 1: in_ops_i)
  output logic              out_last_o,
  output logic              busy_o         // rows 1..R-1 of an instruction are pending
);
  localparam int R  = T / L;
  localparam int RW = (R > 1) ? $clog2(R) : 1;

  if (R == 1) begin : gen_wire
    assign in_ready_o  = out_ready_i;
    assign out_valid_o = in_valid_i;
    assign out_tmask_o = in_tmask_i;
    assign out_ops_o   = in_ops_i;
    assign out_x_o     = in_x_i;
    assign out_held_o  = in_ops_i;
    assign out_last_o  = 1'b1;
    assign busy_o      = 1'b0;
    logic unused;
    assign unused = ^{clk_i, rst_ni};
  end else begin : gen_rows
    logic              busy_q;
    logic [RW-1:0]     row_q, row;
    logic [T-1:0]      tmask_q, tmask;
    logic [N*T*32-1:0] ops_q, ops;
    logic [XW-1:0]     x_q;
    logic              take;

    assign in_ready_o  = !busy_q && out_ready_i;
    assign out_valid_o = busy_q || in_valid_i;
    assign take        = !busy_q && in_valid_i && out_ready_i;
    assign row   = busy_q ? row_q : '0;
    assign tmask = busy_q ? tmask_q : in_tmask_i;
    assign ops   = busy_q ? ops_q : in_ops_i;
    assign out_x_o    = busy_q ? x_q : in_x_i;
    assign out_last_o = busy_q && row_q == RW'(R - 1);
    assign busy_o     = busy_q;
    assign out_held_o = ops_q;

    always_comb begin
      out_tmask_o = tmask[32'(row) * L +: L];
      for (int k = 0; k < N; k++)
        out_ops_o[k*L*32 +: L*32] = ops[k*T*32 + 32'(row) * L * 32 +: L*32];
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        busy_q <= 1'b0;
        row_q  <= '0;
      end else if (take) begin
        busy_q <= 1'b1;
        row_q  <= RW'(1);
      end else if (busy_q && out_ready_i) begin
        if (row_q == RW'(R - 1)) busy_q <= 1'b0;
        row_q <= row_q + RW'(1);
      end
    end

    always_ff @(posedge clk_i) begin
      if (take) begin
        tmask_q <= in_tmask_i;
        ops_q   <= in_ops_i;
        x_q     <= in_x_i;
      end
    end
  end
endmodule

