// weft_ibuffer: one instruction queue per warp between decode and issue.
//
// push_i writes entry push_data_i into the queue of push_wid_i; it is only
// legal when full_o[push_wid_i] is low (decode checks it: push_ready_o).
// Every queue's head is visible on heads_o (EW bits per warp, warp 0 in the
// low bits) with valid_o; pop_i removes the head of pop_wid_i.
// flush_i[w] empties queue w.
// SWaS NOPs (seed 002 sec. IV-B): an entry can be a NOP (push_nop_i;
// nop_o[w] says the head of w is one); nopify_i[w] turns every entry of w
// into a NOP; fill_i[w] makes queue w full of NOPs (warp start).
module weft_ibuffer #(
  parameter int unsigned W = 4,
  parameter int unsigned EW = 64,
  parameter int unsigned DEPTH = 2,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned CW = $clog2(DEPTH + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            push_i,
  input  logic [IW-1:0]   push_wid_i,
  input  logic [EW-1:0]   push_data_i,
  input  logic            push_nop_i,
  output logic            push_ready_o,
  input  logic            pop_i,
  input  logic [IW-1:0]   pop_wid_i,
  input  logic [W-1:0]    flush_i,
  input  logic [W-1:0]    nopify_i,
  input  logic [W-1:0]    fill_i,
  output logic [W-1:0]    nop_o,
  output logic [W*EW-1:0] heads_o,
  output logic [W-1:0]    valid_o,
  output logic [W-1:0]    full_o,
  output logic [W*CW-1:0] count_o
);

  logic [W-1:0] empty;

  for (genvar w = 0; w < W; w++) begin : gen_q
    weft_fifo #(.WIDTH(EW), .DEPTH(DEPTH)) u_q (
      .clk_i, .rst_ni,
      .flush_i (flush_i[w]),
      .push_i  (push_i && push_wid_i == IW'(w)),
      .data_i  (push_data_i),
      .pop_i   (pop_i && pop_wid_i == IW'(w)),
      .flag_i  (push_nop_i),
      .mark_i  (nopify_i[w]),
      .fill_i  (fill_i[w]),
      .head_flag_o (nop_o[w]),
      .head_o  (heads_o[w*EW +: EW]),
      .empty_o (empty[w]),
      .full_o  (full_o[w]),
      .count_o (count_o[w*CW +: CW])
    );
  end

  assign valid_o      = ~empty;
  assign push_ready_o = !full_o[push_wid_i];

endmodule
