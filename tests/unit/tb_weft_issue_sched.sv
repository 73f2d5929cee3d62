// tb_weft_issue_sched: self-checking unit bench for
// rtl/sched/weft_issue_sched.sv.
//
// Reference model: the policy state (last pick, reset W-1), the candidate set
// (valid_i in unready mode, valid_i & ready_i in ready mode, nothing while
// stall_i) and the pick rules (0 fixed, 1 lrr).  The state advances on every
// pick (issued or missed).  Checked every cycle: issue_o, missed_o and wid_o
// (when a pick exists).  Model-independent properties, also checked every
// cycle: stall_i gives neither issue nor miss; issue_o implies
// valid&ready of wid_o, missed_o implies valid&!ready of wid_o; ready mode
// never misses and issues whenever some warp is valid&ready.
// Directed: unready mode loses a cycle when the candidate is not ready even
// though another warp is (fixed and lrr); ready mode issues the ready warp;
// lrr in unready mode advances past a missed candidate; stall.
// Random: NCYC cycles with mode/policy phases, random valid/ready/stall.
// Coverage: the bench fails unless unready mode lost at least one cycle
// while some warp was valid&ready.
// Parameter points: W = 1, 3, 4, 8.
//
// unit-rtl: rtl/gen/weft_spec_pkg.sv rtl/sched/weft_sched_policy.sv rtl/sched/weft_issue_sched.sv
// unit-sims: verilator icarus
module tb_weft_issue_sched_inst #(
  parameter int W    = 4,
  parameter int SEED = 1,
  parameter int NCYC = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (W > 1) ? $clog2(W) : 1;

  logic          rst_n, mode, stall;
  logic [1:0]    policy;
  logic [W-1:0]  valid, ready;
  logic          issue, missed, odisc, oerr;
  logic [IW-1:0] wid;

  weft_issue_sched #(.W(W)) dut (
    .clk_i(clk), .rst_ni(rst_n), .policy_i({{(weft_spec_pkg::SCHED_POLICY_W - 2){1'b0}}, policy}), .ready_mode_i(mode),
    .start_i({W{1'b0}}), .nact_i({(W*7){1'b0}}),
    .stall_i(stall), .valid_i(valid), .ready_i(ready),
    .issue_o(issue), .wid_o(wid), .missed_o(missed), .oen_i(1'b1),
    .omask1_i(mode ? (valid & ready) : valid), .omask2_i(mode ? (valid & ~ready) : '0),
    .odisc_o(odisc), .oerr_o(oerr)
  );

  int          last;
  int unsigned nissue, nmiss, nlost_unready, nstall;

  function automatic int pick(input logic [1:0] pol, input logic [W-1:0] r, input int l);
    int p;
    p = -1;
    for (int i = W - 1; i >= 0; i--) if (r[i]) p = i;
    if (pol != 2'd0) begin
      for (int i = W - 1; i >= 0; i--) if (r[i] && i > l) p = i;
    end
    pick = p;
  endfunction

  always @(posedge clk) begin
    int p;
    logic [W-1:0] req;
    logic e_issue, e_miss;
    if (!rst_n) begin
      last = W - 1;
    end else begin
      req = stall ? '0 : (mode ? (valid & ready) : valid);
      p = pick(policy, req, last);
      e_issue = (p >= 0) && ready[p];
      e_miss = (p >= 0) && !ready[p];
`ifdef TB_INJECT_FAULT
      // Deliberately wrong model: unready mode skips unready candidates.
      if (!mode && !stall) begin
        p = pick(policy, valid & ready, last);
        e_issue = p >= 0;
        e_miss = 1'b0;
      end
`endif
      tb_check("issue_o", 64'(issue), 64'(e_issue));
      tb_check("missed_o", 64'(missed), 64'(e_miss));
      if (p >= 0) tb_check("wid_o", 64'(wid), 64'(p));
      // Model-independent properties.
      if (stall && (issue || missed)) tb_err("issue_o/missed_o while stall_i");
      if (issue && !(valid[wid] && ready[wid])) tb_err("issued a warp that is not valid&ready");
      if (missed && !(valid[wid] && !ready[wid])) tb_err("missed_o names a warp that is not valid&!ready");
      if (mode && missed) tb_err("ready mode lost a cycle");
      // Oracles follow the scheduler's state: one that picks from the same
      // mask never deviates; one whose mask excludes every real candidate
      // deviates whenever its mask is not empty.
      if (odisc) tb_err("osched1 with the scheduler's own mask reported a discrepancy");
      if (!stall && oerr != (mode && |(valid & ~ready))) tb_err("osched2 error output wrong");
      if (mode && !stall && issue != |(valid & ready)) tb_err("ready mode did not issue although a warp was valid&ready");
      if (issue) nissue++;
      if (missed) nmiss++;
      if (!mode && !stall && !issue && |(valid & ready)) nlost_unready++;
      if (stall && |valid) nstall++;
      if (p >= 0) last = p;
    end
  end

  task automatic drive(input logic [1:0] pol, input logic md, input logic st,
                       input logic [W-1:0] v, input logic [W-1:0] r);
    policy = pol; mode = md; stall = st; valid = v; ready = r;
    @(negedge clk);
  endtask

  logic [W-1:0] all1, rv, rr;
  int unsigned  pv, pr;
  logic         md, st, pf;
  logic [1:0]   pol;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("W=%0d", W);
    tb_seed(SEED);
    nissue = 0; nmiss = 0; nlost_unready = 0; nstall = 0;
    all1 = '1;
    rst_n = 1'b0;
    drive(2'd0, 1'b0, 1'b0, '0, '0);
    drive(2'd0, 1'b0, 1'b0, '0, '0);
    rst_n = 1'b1;

    if (W >= 2) begin
      // Unready mode, fixed: warp 0 valid but not ready, warp 1 valid&ready:
      // the cycle is lost.
      drive(2'd0, 1'b0, 1'b0, W'(3), W'(2));
      drive(2'd0, 1'b0, 1'b0, W'(3), W'(2));
      tb_check("unready/fixed misses", 64'(missed), 64'd1);
      tb_check("unready/fixed does not issue", 64'(issue), 64'd0);
      // Ready mode: warp 1 issues.
      drive(2'd0, 1'b1, 1'b0, W'(3), W'(2));
      tb_check("ready/fixed issues", 64'(issue), 64'd1);
      tb_check("ready/fixed wid", 64'(wid), 64'd1);
      // lrr unready: all valid, none ready: every cycle is a miss and the
      // pick still rotates.
      for (int i = 0; i < 2 * W; i++) drive(2'd1, 1'b0, 1'b0, all1, '0);
      // Stall: nothing happens.
      drive(2'd1, 1'b1, 1'b1, all1, all1);
      tb_check("stall: no issue", 64'(issue), 64'd0);
    end

    pv = 50; pr = 50; md = 1'b0; pol = 2'd1;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 250 == 0) begin
        tb_below(91, pv);
        pv += 10;
        tb_below(91, pr);
        pr += 10;
        tb_chance(50, md);
        tb_chance(33, pf);
        pol = pf ? 2'd0 : 2'd1;
      end
      for (int i = 0; i < W; i++) begin
        tb_chance(pv, rv[i]);
        tb_chance(pr, rr[i]);
      end
      tb_chance(3, st);
      drive(pol, md, st, rv, rr);
    end
    drive(2'd0, 1'b0, 1'b0, '0, '0);

    if (nissue == 0 || nmiss == 0 || (W > 1 && nlost_unready == 0) || nstall == 0)
      tb_err($sformatf("coverage hole: issued=%0d missed=%0d unready-lost-with-ready-warp=%0d stalled=%0d",
                       nissue, nmiss, nlost_unready, nstall));
    $display("  info %s: %0d checks, issued=%0d missed=%0d unready-lost-with-ready-warp=%0d stalled=%0d",
             tb_name, tb_checks, nissue, nmiss, nlost_unready, nstall);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_issue_sched;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_issue_sched_inst #(.W(1), .SEED(41)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_issue_sched_inst #(.W(3), .SEED(42)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_issue_sched_inst #(.W(4), .SEED(43)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_issue_sched_inst #(.W(8), .SEED(44)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_issue_sched: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_issue_sched: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_issue_sched: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_issue_sched: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_issue_sched");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_issue_sched: timeout");
    $finish;
  end
endmodule
