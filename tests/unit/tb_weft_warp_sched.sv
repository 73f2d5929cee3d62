// tb_weft_warp_sched: self-checking unit bench for
// rtl/sched/weft_warp_sched.sv (the fetch warp scheduler).
//
// Reference model: last fired warp (reset W-1) and the pick rules
// (0 fixed = lowest fetchable warp; 1 lrr = first fetchable warp after the
// last fired one, wrapping).  Checked every cycle: valid_o and wid_o (when
// valid).  Only a fired pick (valid_o && accept_i) moves the state.
// Directed: an unaccepted pick is offered again (state held), accepted picks
// rotate through all warps, no fetchable warp gives valid_o = 0 and accept_i
// then has no effect, fixed always offers the lowest warp.  Random: NCYC
// cycles of random fetchable masks (dense and sparse phases), random
// accept_i and policy changes.  Fairness: under lrr a warp that stays
// fetchable fires within W fired picks.
// Parameter points: W = 1, 4, 8.
//
// unit-rtl: rtl/gen/weft_spec_pkg.sv rtl/sched/weft_sched_policy.sv rtl/sched/weft_warp_sched.sv
// unit-sims: verilator icarus
module tb_weft_warp_sched_inst #(
  parameter int W    = 4,
  parameter int SEED = 1,
  parameter int NCYC = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (W > 1) ? $clog2(W) : 1;

  logic          rst_n, accept;
  logic [1:0]    policy;
  logic [W-1:0]  fetchable;
  logic          valid;
  logic [IW-1:0] wid;

  weft_warp_sched #(.W(W)) dut (
    .clk_i(clk), .rst_ni(rst_n), .policy_i({{(weft_spec_pkg::SCHED_POLICY_W - 2){1'b0}}, policy}), .fetchable_i(fetchable),
    .accept_i(accept), .start_i({W{1'b0}}), .nact_i({(W*7){1'b0}}), .icnt_i({(W*7){1'b0}}),
    .valid_o(valid), .wid_o(wid)
  );

  int          last;
  int          wait_cnt [W];
  int unsigned nfire, nstall, nidle;

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
    if (!rst_n) begin
      last = W - 1;
      for (int i = 0; i < W; i++) wait_cnt[i] = 0;
    end else begin
      p = pick(policy, fetchable, last);
      tb_check("valid_o", 64'(valid), 64'(p >= 0));
      if (p >= 0) tb_check("wid_o", 64'(wid), 64'(p));
      if (p >= 0 && accept) begin
        for (int i = 0; i < W; i++) begin
          if (i == p || !fetchable[i] || policy != 2'd1) wait_cnt[i] = 0;
          else begin
            wait_cnt[i]++;
            if (wait_cnt[i] >= W) tb_err($sformatf("lrr starvation: warp %0d waited %0d fired picks", i, wait_cnt[i]));
          end
        end
        last = p;
`ifdef TB_INJECT_FAULT
        // Deliberately wrong model: an unaccepted pick also advances.
      end else if (p >= 0) begin
        last = p;
`endif
      end
      if (p >= 0 && accept) nfire++;
      if (p >= 0 && !accept) nstall++;
      if (p < 0) nidle++;
    end
  end

  task automatic drive(input logic [1:0] pol, input logic [W-1:0] f, input logic a);
    policy = pol; fetchable = f; accept = a;
    @(negedge clk);
  endtask

  logic [W-1:0] all1, rf;
  int unsigned  dens;
  logic         ra;
  int           exp_i;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("W=%0d", W);
    tb_seed(SEED);
    nfire = 0; nstall = 0; nidle = 0;
    all1 = '1;
    rst_n = 1'b0;
    drive(2'd1, '0, 1'b0);
    drive(2'd1, '0, 1'b0);
    rst_n = 1'b1;

    // Unaccepted picks are offered again.
    drive(2'd1, all1, 1'b0);
    drive(2'd1, all1, 1'b0);
    tb_check("lrr pick held while not accepted", 64'(wid), 64'd0);
    // Accepted picks rotate 0..W-1 and wrap.
    for (int i = 0; i < 2 * W + 1; i++) begin
      exp_i = i % W;
      tb_check($sformatf("lrr rotation step %0d", i), 64'(wid), 64'(exp_i));
      drive(2'd1, all1, 1'b1);
    end
    // Nothing fetchable: accept has no effect on the state.
    drive(2'd1, '0, 1'b1);
    drive(2'd1, all1, 1'b0);
    exp_i = (2 * W + 1) % W;
    tb_check("lrr after accept without pick", 64'(wid), 64'(exp_i));
    // Fixed offers the lowest fetchable warp.
    drive(2'd0, all1, 1'b1);
    tb_check("fixed pick", 64'(wid), 64'd0);

    dens = 50;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 250 == 0) begin
        tb_below(91, dens);
        dens += 5;
      end
      for (int i = 0; i < W; i++) tb_chance(dens, rf[i]);
      tb_chance(70, ra);
      drive((c / 700) % 3 == 2 ? 2'd0 : 2'd1, rf, ra);
    end
    drive(2'd1, '0, 1'b0);

    if (nfire == 0 || nstall == 0 || nidle == 0)
      tb_err($sformatf("coverage hole: fired=%0d not-accepted=%0d idle=%0d", nfire, nstall, nidle));
    $display("  info %s: %0d checks, fired=%0d not-accepted=%0d idle=%0d",
             tb_name, tb_checks, nfire, nstall, nidle);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_warp_sched;
  logic        d0, d1, d2;
  logic [31:0] e0, e1, e2;

  tb_weft_warp_sched_inst #(.W(1), .SEED(31)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_warp_sched_inst #(.W(4), .SEED(32)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_warp_sched_inst #(.W(8), .SEED(33)) u_p2 (.done_o(d2), .errors_o(e2));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_warp_sched: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_warp_sched: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_warp_sched: %s", u_p2.tb_first);
    else              $display("PASS tb_weft_warp_sched");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_warp_sched: timeout");
    $finish;
  end
endmodule
