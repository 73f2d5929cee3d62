// weft_sched_policy: picks one requester out of a mask (leaf module, plain
// vector ports), shared by the warp (fetch) scheduler, the issue scheduler
// and the writeback arbiter.
//
// POLICY (runtime input, so one research build covers all policies):
//   0 fixed : find-first, lowest index wins (Vortex's fetch baseline)
//   1 lrr   : loose round-robin, the first requester after the last grant
// Contract: gnt_o is one-hot (or zero when req_i is zero) and is a pure
// function of req_i and the state; the state (last grant) moves only when
// advance_i is high in a cycle with a grant, so a caller that picks without
// using the pick (an unready candidate) decides itself whether that counts.
module weft_sched_policy #(
  parameter int N = 4

) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [1:0]    policy_i,
  input  logic [N-1:0]  req_i,
  input  logic          advance_i,
  output logic          valid_o,
  output logic [((N > 1) ? $clog2(N) : 1)-1:0] idx_o,
  output logic [N-1:0]  gnt_o
);

  localparam int IW = (N > 1) ? $clog2(N) : 1;

  localparam logic [1:0] P_FIXED = 2'd0;

  logic [IW-1:0] last_q, last_d;
  logic [IW-1:0] ff_idx, rr_idx;
  logic          any;
  logic          rr_found;

  always_comb begin
    any    = |req_i;
    ff_idx = '0;
    for (int i = N - 1; i >= 0; i--) begin
      if (req_i[i]) ff_idx = IW'(i);
    end
    // First requester strictly after last_q, wrapping around.
    rr_idx   = ff_idx;
    rr_found = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (!rr_found && (32'(i) > 32'(last_q)) && req_i[i]) begin
        rr_idx   = IW'(i);
        rr_found = 1'b1;
      end
    end
  end

  always_comb begin
    valid_o = any;
    idx_o   = (policy_i == P_FIXED) ? ff_idx : rr_idx;
    gnt_o   = '0;
    if (any) gnt_o[idx_o] = 1'b1;
    last_d  = last_q;
    if (advance_i && any) last_d = idx_o;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) last_q <= IW'(N - 1);
    else         last_q <= last_d;
  end

endmodule
