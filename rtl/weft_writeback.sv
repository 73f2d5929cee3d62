// weft_writeback: commit arbitration. Picks one of N functional-unit results
// per cycle (loose round-robin, so no unit starves); the chosen unit's
// result is written to the register file, frees its destination in the
// scoreboard and counts as committed. ready_o[i] is high for the unit whose
// result is taken this cycle (one-hot, 0 without a commit); fire_o says that
// some result commits. The result fields are selected by weft_execute with
// ready_o (issue 17: a module port carrying the N units' fields as one
// vector made the simulator build that concatenation, twenty words of data
// alone, every cycle). The arbiter names its constant policy (POLICY), so it
// keeps only the last grant, not the GTO ages and activation order that
// no lrr pick reads (issue 17).
module weft_writeback #(
  parameter int unsigned N = 4
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              halt_i,
  input  logic [N-1:0]      valid_i,
  output logic [N-1:0]      ready_o,
  output logic              fire_o
);

  localparam int unsigned NW = (N > 1) ? $clog2(N) : 1;
  logic          sel_valid;
  logic [NW-1:0] sel;
  logic [N-1:0]  gnt;

  weft_sched_policy #(.N(N), .POLICY(32'(weft_spec_pkg::SCHED_POLICY_LRR))) u_arb (
    .clk_i, .rst_ni,
    .policy_i  (weft_spec_pkg::SCHED_POLICY_LRR),
    .req_i     (halt_i ? '0 : valid_i),
    .ready_i   (valid_i),
    .start_i   ('0),
    .nact_i    ('0),
    .icnt_i    ('0),
    .advance_i (1'b1),
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o   (sel_valid),
    .idx_o     (sel),
    .gnt_o     (gnt)
  );

  assign fire_o  = sel_valid;
  assign ready_o = gnt;
  logic unused_sel;
  assign unused_sel = ^sel;

endmodule
