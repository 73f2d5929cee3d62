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
// Oracles (ORACLES = 1; seed 002 sec. VI-A4): two more pick ports of the
// policy instance, reading this scheduler's own state, pick from other
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

  // The oracles (ORACLES = 1) are pick ports 1 and 2 of the scheduler's own
  // policy instance: the same state by construction, no state of their own
  // to keep in step every cycle (issue 17).  Off (oen_i low) their masks are
  // 0, so their picks are skipped.
  localparam int NP = (ORACLES != 0) ? 3 : 1;
  logic [NP*W-1:0]  p_req;
  logic [NP-1:0]    p_valid;
  logic [NP*IW-1:0] p_idx;
  logic [NP*W-1:0]  p_gnt;

  weft_sched_policy #(.N(W), .CW(CW), .NP(NP)) u_policy (
    .clk_i, .rst_ni,
    .policy_i,
    .req_i     (p_req),
    .ready_i   (valid_i & ready_i),
    .start_i,
    .nact_i,
    .icnt_i    ('0),
    .advance_i (1'b1),
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o   (p_valid),
    .idx_o     (p_idx),
    .gnt_o     (p_gnt)
  );

  assign pick_valid = p_valid[0];
  assign pick_idx   = p_idx[IW-1:0];
  assign pick_gnt   = p_gnt[W-1:0];

  assign pick_ready = |(pick_gnt & ready_i);
  assign issue_o  = pick_valid && pick_ready;
  assign missed_o = pick_valid && !pick_ready;
  assign wid_o    = pick_idx;

  if (ORACLES != 0) begin : gen_oracles
    // osched1 picks from omask1_i, osched2 from omask2_i
    assign p_req = {(stall_i || !oen_i) ? '0 : omask2_i, (stall_i || !oen_i) ? '0 : omask1_i, req};
    logic          o1_valid, o2_valid;
    logic [IW-1:0] o1_idx, o2_idx;
    logic [2*W-1:0] o_gnt_unused;
    assign o1_valid = p_valid[1];
    assign o2_valid = p_valid[2];
    assign o1_idx   = p_idx[IW +: IW];
    assign o2_idx   = p_idx[2*IW +: IW];
    assign o_gnt_unused = p_gnt[W +: 2*W];
    assign odisc_o = o1_valid && (!pick_valid || o1_idx != pick_idx);
    assign oerr_o  = o2_valid && (!pick_valid || o2_idx != pick_idx);
  end else begin : gen_no_oracles
    logic oen_unused;
    assign oen_unused = ^{oen_i, omask1_i, omask2_i};
    assign p_req   = req;
    assign odisc_o = 1'b0;
    assign oerr_o  = 1'b0;
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // the grant is within the request mask and present with a pick (its
  // one-hot shape is its assignment in weft_sched_policy, and issue_o /
  // missed_o are exclusive by theirs: checks that could not fail, removed
  // for simulation speed, issue 17)
  `WEFT_ASSERT(gnt_within_req, (pick_gnt & ~req) == '0)
  `WEFT_ASSERT(gnt_matches_idx, pick_valid == (pick_gnt != '0))
  // an issue is a valid and ready head
  `WEFT_ASSERT_IF(issue_valid_ready, issue_o, valid_i[wid_o] && ready_i[wid_o])
  `WEFT_ASSERT_IF(ready_mode_no_miss, ready_mode_i, !missed_o)
  `WEFT_ASSERT_IF(stall_no_issue, stall_i, !issue_o && !missed_o)
  `WEFT_ASSERT_KNOWN(issue_known, {issue_o, missed_o})
`endif

endmodule
