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
// Oracles (ORACLES = 1; seed 002 sec. VI-A4): two more instances of the
// policy follow this scheduler's state (upd_ext_i) but pick from other
// masks: osched1 from omask1_i (every warp the intended policy may pick if
// buffers always held ready instructions), osched2 from omask2_i (the same,
// less the warps in a predictable front-end gap). A cycle in which an
// oracle's pick differs from this scheduler's pick (pick_o, whether it issues
// or not) is a discrepancy (odisc_o) or an error (oerr_o). Because the
// oracles share the state, a deviation is counted in the cycle it happens,
// once. ORACLES = 0 removes them (outputs 0).
module weft_issue_sched #(
  parameter int W = 4,
  parameter int CW = 7,
  parameter int ORACLES = 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] policy_i,
  input  logic          ready_mode_i,
  input  logic          stall_i,     // hold everything (core halted)
  input  logic [W-1:0]  valid_i,
  input  logic [W-1:0]  ready_i,
  input  logic [W-1:0]  start_i,
  input  logic [W*CW-1:0] nact_i,
  output logic          issue_o,
  output logic [((W > 1) ? $clog2(W) : 1)-1:0] wid_o,
  output logic          missed_o,
  // oracles (oen_i: evaluate them; static during a launch. Off: no request,
  // no state change, so the simulator skips their pick logic; issue 17)
  input  logic          oen_i,
  input  logic [W-1:0]  omask1_i,
  input  logic [W-1:0]  omask2_i,
  output logic          odisc_o,
  output logic          oerr_o
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
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o   (pick_valid),
    .idx_o     (pick_idx),
    .gnt_o     (pick_gnt)
  );

  assign pick_ready = |(pick_gnt & ready_i);
  assign issue_o  = pick_valid && pick_ready;
  assign missed_o = pick_valid && !pick_ready;
  assign wid_o    = pick_idx;

  if (ORACLES != 0) begin : gen_oracles
    logic          o1_valid, o2_valid;
    // (the update the oracles follow only while they are evaluated: with
    // oen_i low nothing moves their state anyway, advance_i = 0, and the
    // simulator skips their update grant)
    logic          o_upd;
    assign o_upd = oen_i && pick_valid;
    logic [IW-1:0] o1_idx, o2_idx;
    logic [W-1:0]  o1_gnt_unused, o2_gnt_unused;
    weft_sched_policy #(.N(W), .CW(CW)) u_osched1 (
      .clk_i, .rst_ni, .policy_i,
      .req_i ((stall_i || !oen_i) ? '0 : omask1_i), .ready_i (valid_i & ready_i), .start_i, .nact_i,
      .icnt_i ('0), .advance_i (oen_i),
      .upd_ext_i (1'b1), .upd_any_i (o_upd), .upd_idx_i (pick_idx),
      .valid_o (o1_valid), .idx_o (o1_idx), .gnt_o (o1_gnt_unused)
    );
    weft_sched_policy #(.N(W), .CW(CW)) u_osched2 (
      .clk_i, .rst_ni, .policy_i,
      .req_i ((stall_i || !oen_i) ? '0 : omask2_i), .ready_i (valid_i & ready_i), .start_i, .nact_i,
      .icnt_i ('0), .advance_i (oen_i),
      .upd_ext_i (1'b1), .upd_any_i (o_upd), .upd_idx_i (pick_idx),
      .valid_o (o2_valid), .idx_o (o2_idx), .gnt_o (o2_gnt_unused)
    );
    assign odisc_o = o1_valid && (!pick_valid || o1_idx != pick_idx);
    assign oerr_o  = o2_valid && (!pick_valid || o2_idx != pick_idx);
  end else begin : gen_no_oracles
    logic oen_unused;
    assign oen_unused = oen_i;
    assign odisc_o = 1'b0;
    assign oerr_o  = 1'b0;
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // the grant is one-hot (or zero) and within the request mask
  `WEFT_ASSERT_ONEHOT0(gnt_onehot0, pick_gnt)
  `WEFT_ASSERT(gnt_within_req, (pick_gnt & ~req) == '0)
  `WEFT_ASSERT(gnt_matches_idx, pick_valid == (pick_gnt != '0))
  // an issue is a valid and ready head; a cycle issues or misses, not both
  `WEFT_ASSERT_IF(issue_valid_ready, issue_o, valid_i[wid_o] && ready_i[wid_o])
  `WEFT_ASSERT_IF(issue_xor_missed, issue_o, !missed_o)
  `WEFT_ASSERT_IF(ready_mode_no_miss, ready_mode_i, !missed_o)
  `WEFT_ASSERT_IF(stall_no_issue, stall_i, !issue_o && !missed_o)
  `WEFT_ASSERT_KNOWN(issue_known, {issue_o, missed_o})
`endif

endmodule
