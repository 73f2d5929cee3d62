// weft_issue_sched: the issue scheduler (leaf module, plain vector ports).
//
// valid_i[w]: warp w has an instruction at the head of its buffer.
// ready_i[w]: that instruction's operands are free in the scoreboard and its
//             functional unit can accept it (dispatch).
// ready_mode_i = 0 (unready, Vortex baseline, seed 000 sec. 3.1.2): the
//   policy picks one candidate among valid_i; if it is not ready the cycle is
//   lost (missed_o). The policy state advances on every pick.
// ready_mode_i = 1 (ready, seed 000 sec. 3.2.1): the policy picks among
//   valid_i & ready_i, so a cycle is lost only when no warp is ready.
// issue_o is high when the picked warp issues; wid_o names it.
// Policies: every one of weft_sched_policy except icount (a fetch policy;
// here it has no counts and degenerates to its round-robin tie-break).
// start_i (launch order, gtlo) and nact_i (active threads of each head
// instruction, pta) feed the policy; GTO ages count valid & ready warps.
module weft_issue_sched #(
  parameter int W = 4,
  parameter int CW = 7
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [2:0]    policy_i,
  input  logic          ready_mode_i,
  input  logic          stall_i,     // hold everything (core halted)
  input  logic [W-1:0]  valid_i,
  input  logic [W-1:0]  ready_i,
  input  logic [W-1:0]  start_i,
  input  logic [W*CW-1:0] nact_i,
  output logic          issue_o,
  output logic [((W > 1) ? $clog2(W) : 1)-1:0] wid_o,
  output logic          missed_o
);

  localparam int IW = (W > 1) ? $clog2(W) : 1;

  logic [W-1:0]  req;
  logic          pick_valid;
  logic [IW-1:0] pick_idx;
  logic [W-1:0]  pick_gnt;
  logic          pick_ready;

  assign req = stall_i ? '0 : (ready_mode_i ? (valid_i & ready_i) : valid_i);

  weft_sched_policy #(.N(W), .CW(CW)) u_policy (
    .clk_i, .rst_ni,
    .policy_i,
    .req_i     (req),
    .ready_i   (valid_i & ready_i),
    .start_i,
    .nact_i,
    .icnt_i    ('0),
    .advance_i (1'b1),
    .valid_o   (pick_valid),
    .idx_o     (pick_idx),
    .gnt_o     (pick_gnt)
  );

  assign pick_ready = |(pick_gnt & ready_i);
  assign issue_o  = pick_valid && pick_ready;
  assign missed_o = pick_valid && !pick_ready;
  assign wid_o    = pick_idx;

endmodule
