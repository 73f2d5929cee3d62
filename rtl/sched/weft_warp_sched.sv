// weft_warp_sched: the warp scheduler of the fetch stage (leaf module, plain
// vector ports). It picks the warp whose next instruction is fetched, by any
// policy of weft_sched_policy (docs/scheduling.md), icount included.
//
// fetchable_i[w]: warp w is active, not stalled by the front end, not masked
//                 by back-pressure.
// accept_i:       the I-cache stage takes a request this cycle.
// start_i[w]:     warp w starts this cycle (launch order for gtlo).
// nact_i/icnt_i:  per warp, CW bits each: active threads (pta) and
//                 instructions fetched but not issued (icount).
// valid_o/wid_o:  the pick; it is sent (fires) when accept_i is high, and
//                 only a fired pick advances the policy state. The GTO ages
//                 count fetchable warps as ready.
module weft_warp_sched #(
  parameter int W = 4,
  parameter int CW = 7
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] policy_i,
  input  logic [W-1:0]  fetchable_i,
  input  logic          accept_i,
  input  logic [W-1:0]  start_i,
  input  logic [W*CW-1:0] nact_i,
  input  logic [W*CW-1:0] icnt_i,
  output logic          valid_o,
  output logic [((W > 1) ? $clog2(W) : 1)-1:0] wid_o
);

  logic [W-1:0] gnt_unused;

  weft_sched_policy #(.N(W), .CW(CW)) u_policy (
    .clk_i, .rst_ni,
    .policy_i,
    .req_i     (fetchable_i),
    .ready_i   (fetchable_i),
    .start_i,
    .nact_i,
    .icnt_i,
    .advance_i (accept_i),
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o,
    .idx_o     (wid_o),
    .gnt_o     (gnt_unused)
  );

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // the fetch pick is a fetchable warp (that a pick exists whenever one is
  // and the grant's one-hot shape are weft_sched_policy's assignments of
  // valid_o and gnt_o: checks that could not fail, removed for simulation
  // speed, issue 17)
  `WEFT_ASSERT_IF(pick_fetchable, valid_o, fetchable_i[wid_o])
  `WEFT_ASSERT(gnt_within_fetchable, (gnt_unused & ~fetchable_i) == '0)
`endif

endmodule
