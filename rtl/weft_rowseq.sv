// Warp rows (issue 20, seed 001 ch. 4): a warp of T threads executes on
// L lanes (T a multiple of L) in R = T/L rows of L threads.
//
// weft_rowseq: the row sequencer in front of one execution unit. It takes a
// warp instruction at dispatch (in_*: thread mask, XW bits of side fields
// that every row carries unchanged, AW bits of register-file read address)
// and hands the unit one L-wide row per cycle (out_*). The operands come
// from the register file's L-wide read ports (rd_ops_i), which read one row
// (the row offset selects the lanes, seed 001 ch. 4): row 0 in the dispatch
// cycle (issue's own read), rows 1..R-1 when the sequencer asks for the
// port (rd_req_o: rows pending and the unit takes a row now) and is granted
// it (rd_gnt_i, same cycle; several sequencers share the ports). No copy of
// the operands is kept: a row is read in the cycle the unit takes it.
// in_ready_o is high when no instruction is being sequenced and the unit
// takes row 0 now; it does not depend on in_valid_i. out_last_o marks row
// R-1 (row 0 when R == 1). busy_o and rd_ra_o (the read address of the
// rows still to read) let issue hold back a younger instruction that would
// overwrite one of those registers (write-after-read).
//
// weft_rowcol: the row collector behind one execution unit. It takes the
// unit's L-wide result rows in order (rows 0..R-1 of one instruction, then
// the next instruction's) and offers the T-wide result when the last row is
// offered: rows 0..R-2 come from a register, row R-1 straight from the unit,
// which holds it until out_ready_i (the unit's backpressure is the
// writeback's). in_or_i is ORed over the rows (FPU exception flags).
//
// With R == 1 both are wires (no register, no mux, rd_req_o = 0): an L = T
// build is the build without rows, cycle for cycle and gate for gate.
module weft_rowseq #(
  parameter int T = 4,
  parameter int L = 4,
  parameter int N = 2,
  parameter int XW = 1,
  parameter int AW = 1,
  localparam int RW = (T / L > 1) ? $clog2(T / L) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  logic [T-1:0]      in_tmask_i,
  input  logic [XW-1:0]     in_x_i,
  input  logic [AW-1:0]     in_ra_i,
  // register-file row port (shared; rows 1..R-1)
  output logic              rd_req_o,
  input  logic              rd_gnt_i,
  output logic [RW-1:0]     rd_row_o,
  output logic [AW-1:0]     rd_ra_o,
  input  logic [N*L*32-1:0] rd_ops_i,
  // to the unit
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [L-1:0]      out_tmask_o,
  output logic [N*L*32-1:0] out_ops_o,
  output logic [XW-1:0]     out_x_o,
  output logic              out_last_o,
  output logic              busy_o         // rows 1..R-1 of an instruction are pending
);
  localparam int R  = T / L;

  assign out_ops_o = rd_ops_i;

  if (R == 1) begin : gen_wire
    assign in_ready_o  = out_ready_i;
    assign out_valid_o = in_valid_i;
    assign out_tmask_o = in_tmask_i;
    assign out_x_o     = in_x_i;
    assign out_last_o  = 1'b1;
    assign busy_o      = 1'b0;
    assign rd_req_o    = 1'b0;
    assign rd_row_o    = '0;
    assign rd_ra_o     = in_ra_i;
    logic unused;
    assign unused = ^{clk_i, rst_ni, rd_gnt_i};
  end else begin : gen_rows
    logic              busy_q;
    logic [RW-1:0]     row_q, row;
    logic [T-1:0]      tmask_q, tmask;
    logic [XW-1:0]     x_q;
    logic [AW-1:0]     ra_q;
    logic              take, step;

    assign in_ready_o  = !busy_q && out_ready_i;
    assign rd_req_o    = busy_q && out_ready_i;
    assign step        = busy_q && out_ready_i && rd_gnt_i;
    assign out_valid_o = busy_q ? rd_gnt_i : in_valid_i;
    assign take        = !busy_q && in_valid_i && out_ready_i;
    assign row   = busy_q ? row_q : '0;
    assign tmask = busy_q ? tmask_q : in_tmask_i;
    assign out_x_o    = busy_q ? x_q : in_x_i;
    assign out_last_o = busy_q && row_q == RW'(R - 1);
    assign busy_o     = busy_q;
    assign rd_row_o   = row_q;
    assign rd_ra_o    = ra_q;
    assign out_tmask_o = tmask[32'(row) * L +: L];

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        busy_q <= 1'b0;
        row_q  <= '0;
      end else if (take) begin
        busy_q <= 1'b1;
        row_q  <= RW'(1);
      end else if (step) begin
        if (row_q == RW'(R - 1)) busy_q <= 1'b0;
        row_q <= row_q + RW'(1);
      end
    end

    always_ff @(posedge clk_i) begin
      if (take) begin
        tmask_q <= in_tmask_i;
        x_q     <= in_x_i;
        ra_q    <= in_ra_i;
      end
    end
  end
endmodule
