// weft_warp_sched: the warp scheduler of the fetch stage (leaf module, plain
// vector ports). It picks the warp whose next instruction is fetched.
//
// fetchable_i[w]: warp w is active, not stalled by the front end and not
//                 waiting at a barrier.
// accept_i:       the I-cache stage takes a request this cycle.
// valid_o/wid_o:  the pick; it is sent (fires) when accept_i is high, and
//                 only a fired pick advances the policy state.
module weft_warp_sched #(
  parameter int W = 4

) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [1:0]    policy_i,
  input  logic [W-1:0]  fetchable_i,
  input  logic          accept_i,
  output logic          valid_o,
  output logic [((W > 1) ? $clog2(W) : 1)-1:0] wid_o
);


  logic [W-1:0] gnt_unused;

  weft_sched_policy #(.N(W)) u_policy (
    .clk_i, .rst_ni,
    .policy_i,
    .req_i     (fetchable_i),
    .advance_i (accept_i),
    .valid_o,
    .idx_o     (wid_o),
    .gnt_o     (gnt_unused)
  );

endmodule
