// tb_weft_sched_policy: self-checking unit bench for
// rtl/sched/weft_sched_policy.sv.
//
// Reference model: the last-grant register (reset N-1) and the two pick rules
// (0 fixed = lowest requester; 1 lrr = first requester strictly after the
// last grant, wrapping); the other policies are checked cycle for cycle
// against a C reference by tests/sched/run.sh.  Checked every cycle:
// valid_o, idx_o (when valid), gnt_o (one-hot at idx_o, zero without
// requests, a subset of req_i).  The
// state moves only when advance_i is high in a cycle with a grant.
// Directed: first lrr grant after reset is requester 0; wrap-around
// 0,1,..,N-1,0 with all requesting; advance without a request (no grant)
// keeps the state; a grant without advance keeps the state (same pick
// repeats); fixed ignores the state.  Random: NCYC cycles of random requests
// (dense and sparse phases), random advance and policy switches.  A fairness
// check: with lrr and advance on every grant, a requester that keeps
// requesting is granted within N grants.
// Parameter points: N = 1, 3 (not a power of two), 4, 8.
//
// unit-rtl: rtl/gen/weft_spec_pkg.sv rtl/sched/weft_sched_policy.sv
// unit-sims: verilator icarus
module tb_weft_sched_policy_inst #(
  parameter int N    = 4,
  parameter int SEED = 1,
  parameter int NCYC = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (N > 1) ? $clog2(N) : 1;

  logic          rst_n, adv;
  logic [weft_spec_pkg::SCHED_POLICY_W-1:0]    policy;
  logic [N-1:0]  req;
  logic          valid;
  logic [IW-1:0] idx;
  logic [N-1:0]  gnt;

  weft_sched_policy #(.N(N)) dut (
    .clk_i(clk), .rst_ni(rst_n), .policy_i(policy), .req_i(req), .advance_i(adv), .upd_ext_i(1'b0), .upd_any_i(1'b0), .upd_idx_i('0),
    .ready_i(req), .start_i({N{1'b0}}), .nact_i({(N*7){1'b0}}), .icnt_i({(N*7){1'b0}}),
    .valid_o(valid), .idx_o(idx), .gnt_o(gnt)
  );

  // Model.
  int          last;
  int          wait_cnt [N];   // lrr grants since requester i was last granted while requesting
  int unsigned ngrant, nadv_nogrant, nwrap, nhold;

  function automatic int pick(input logic [weft_spec_pkg::SCHED_POLICY_W-1:0] pol, input logic [N-1:0] r, input int l);
    int p;
    p = -1;
    for (int i = N - 1; i >= 0; i--) if (r[i]) p = i;
    if (pol != weft_spec_pkg::SCHED_POLICY_FIXED) begin
`ifdef TB_INJECT_FAULT
      // Deliberately wrong model: lrr may re-grant the last winner.
      for (int i = N - 1; i >= 0; i--) if (r[i] && i >= l) p = i;
`else
      for (int i = N - 1; i >= 0; i--) if (r[i] && i > l) p = i;
`endif
    end
    pick = p;
  endfunction

  always @(posedge clk) begin
    int p;
    if (!rst_n) begin
      last = N - 1;
      for (int i = 0; i < N; i++) wait_cnt[i] = 0;
    end else begin
      p = pick(policy, req, last);
      tb_check("valid_o", 64'(valid), 64'(p >= 0));
      if (p >= 0) begin
        tb_check("idx_o", 64'(idx), 64'(p));
        tb_check("gnt_o", 64'(gnt), 64'(1) << p);
      end else begin
        tb_check("gnt_o (no request)", 64'(gnt), 64'd0);
      end
      // Fairness (independent of the pick model).
      if (p >= 0 && adv && policy == weft_spec_pkg::SCHED_POLICY_LRR) begin
        for (int i = 0; i < N; i++) begin
          if (i == p || !req[i]) wait_cnt[i] = 0;
          else begin
            wait_cnt[i]++;
            if (wait_cnt[i] >= N) tb_err($sformatf("lrr starvation: requester %0d waited %0d grants", i, wait_cnt[i]));
          end
        end
      end else if (p >= 0 && adv) begin
        for (int i = 0; i < N; i++) wait_cnt[i] = 0;
      end
      if (p >= 0) ngrant++;
      if (p < 0 && adv) nadv_nogrant++;
      if (p >= 0 && !adv) nhold++;
      if (p >= 0 && adv && policy == weft_spec_pkg::SCHED_POLICY_LRR && p <= last) nwrap++;
      if (adv && p >= 0) begin
        last = p;
      end
    end
  end

  task automatic drive(input logic [weft_spec_pkg::SCHED_POLICY_W-1:0] pol, input logic [N-1:0] r, input logic a);
    policy = pol; req = r; adv = a;
    @(negedge clk);
  endtask

  logic [N-1:0] all1, rr;
  int unsigned dens;
  logic        ra;
  int          exp_i;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("N=%0d", N);
    tb_seed(SEED);
    ngrant = 0; nadv_nogrant = 0; nwrap = 0; nhold = 0;
    all1 = '1;
    rst_n = 1'b0;
    drive(weft_spec_pkg::SCHED_POLICY_LRR, '0, 1'b0);
    drive(weft_spec_pkg::SCHED_POLICY_LRR, '0, 1'b0);
    rst_n = 1'b1;

    // First lrr grant after reset: requester 0.
    drive(weft_spec_pkg::SCHED_POLICY_LRR, all1, 1'b0);
    tb_check("lrr first pick after reset", 64'(idx), 64'd0);
    // Wrap-around: 0, 1, ..., N-1, 0, 1 with everyone requesting.
    for (int i = 0; i < N + 2; i++) begin
      exp_i = i % N;
      tb_check($sformatf("lrr wrap pick %0d", i), 64'(idx), 64'(exp_i));
      drive(weft_spec_pkg::SCHED_POLICY_LRR, all1, 1'b1);
    end
    // Now last = 1 % N.  Advance without a request: no grant, state kept.
    drive(weft_spec_pkg::SCHED_POLICY_LRR, '0, 1'b1);
    drive(weft_spec_pkg::SCHED_POLICY_LRR, '0, 1'b1);
    drive(weft_spec_pkg::SCHED_POLICY_LRR, all1, 1'b0);
    exp_i = 2 % N;
    tb_check("lrr pick after advance without grant", 64'(idx), 64'(exp_i));
    // Grant without advance: same pick repeats.
    drive(weft_spec_pkg::SCHED_POLICY_LRR, all1, 1'b0);
    tb_check("lrr pick repeats without advance", 64'(idx), 64'(exp_i));
    // Fixed ignores the state.
    drive(weft_spec_pkg::SCHED_POLICY_FIXED, all1, 1'b1);
    tb_check("fixed pick", 64'(idx), 64'd0);
    // Single requester at the top index, lrr wraps to it and back.
    drive(weft_spec_pkg::SCHED_POLICY_LRR, N'(1) << (N - 1), 1'b1);
    drive(weft_spec_pkg::SCHED_POLICY_LRR, all1, 1'b0);
    tb_check("lrr after granting N-1 wraps to 0", 64'(idx), 64'd0);

    // Random phase.
    dens = 50;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 250 == 0) begin
        tb_below(91, dens);
        dens += 5;
      end
      for (int i = 0; i < N; i++) tb_chance(dens, rr[i]);
      tb_chance(80, ra);
      drive((c / 500) % 3 == 1 ? weft_spec_pkg::SCHED_POLICY_FIXED : weft_spec_pkg::SCHED_POLICY_LRR, rr, ra);
    end
    drive(weft_spec_pkg::SCHED_POLICY_LRR, '0, 1'b0);

    if (ngrant == 0 || nadv_nogrant == 0 || nhold == 0 || (N > 1 && nwrap == 0))
      tb_err($sformatf("coverage hole: grants=%0d adv-without-grant=%0d grant-without-adv=%0d wraps=%0d",
                       ngrant, nadv_nogrant, nhold, nwrap));
    $display("  info %s: %0d checks, grants=%0d adv-without-grant=%0d grant-without-adv=%0d lrr-wraps=%0d",
             tb_name, tb_checks, ngrant, nadv_nogrant, nhold, nwrap);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_sched_policy;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_sched_policy_inst #(.N(1), .SEED(21)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_sched_policy_inst #(.N(3), .SEED(22)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_sched_policy_inst #(.N(4), .SEED(23)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_sched_policy_inst #(.N(8), .SEED(24)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_sched_policy: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_sched_policy: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_sched_policy: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_sched_policy: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_sched_policy");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_sched_policy: timeout");
    $finish;
  end
endmodule
