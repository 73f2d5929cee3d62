// tb_weft_scoreboard: self-checking unit bench for rtl/weft_scoreboard.sv.
//
// Registers are 6 bits (x0..x31 = 0..31, f0..f31 = 32..63; rs3 is the
// fused multiply-add's third source). Reference model: one 64-bit busy vector per warp; at the clock edge a clear
// frees clr_rd_i of clr_wid_i and a set marks set_rd_i of set_wid_i busy
// unless it is x0.  Checked every cycle for every warp: ready_o[w] =
// none of the used rs1/rs2/rd registers is busy (RAW on rs1/rs2, WAW on rd).
// Directed: a set is visible from the next cycle; RAW on rs1 and rs2, WAW on
// rd; busy bits are per warp; unused operands never block; clear frees the
// register the cycle after; x0 never becomes busy; a set and a clear of
// different registers of one warp in the same cycle both take effect.
// Random: NCYC cycles, register numbers biased to x0..x7 so hazards are
// frequent, clears biased to registers that are busy.  The illegal set+clear
// of the same register of the same warp in one cycle is never driven.
// The CPI-stack outputs are checked the same way: the model remembers, per
// busy register, whether the set came with set_mem_i; dep_mem_o[w] /
// dep_cmp_o[w] = some used register is busy from the LSU / from another unit.
// Parameter points: W = 1, 2, 4, 8.
//
// unit-rtl: rtl/weft_scoreboard.sv
// unit-sims: verilator icarus
module tb_weft_scoreboard_inst #(
  parameter int W    = 4,
  parameter int SEED = 1,
  parameter int NCYC = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (W > 1) ? $clog2(W) : 1;

  logic            rst_n;
  logic [W*6-1:0]  rs1, rs2, rs3, rd;
  logic [W-1:0]    use1, use2, use3, used;
  logic [W-1:0]    ready;
  logic            set, clr, setm;
  logic [W-1:0]    dmem, dcmp;
  logic [IW-1:0]   set_wid, clr_wid;
  logic [5:0]      set_rd, clr_rd;

  weft_scoreboard #(.W(W)) dut (
    .clk_i(clk), .rst_ni(rst_n), .rs1_i(rs1), .rs2_i(rs2), .rs3_i(rs3), .rd_i(rd),
    .use_rs1_i(use1), .use_rs2_i(use2), .use_rs3_i(use3), .use_rd_i(used), .ready_o(ready),
    .dep_mem_o(dmem), .dep_cmp_o(dcmp),
    .set_i(set), .set_mem_i(setm), .set_wid_i(set_wid), .set_rd_i(set_rd),
    .clr_i(clr), .clr_wid_i(clr_wid), .clr_rd_i(clr_rd)
  );

  logic [63:0] busy [W];
  logic [63:0] memb [W];
  int unsigned nmem, ncmp;
  int unsigned nblocked, nraw1, nraw2, nwaw, nset, nclr;

  always @(posedge clk) begin
    logic e;
    logic b1, b2, b3, bd, em, ec;
    if (!rst_n) begin
      for (int w = 0; w < W; w++) begin busy[w] = '0; memb[w] = '0; end
    end else begin
      for (int w = 0; w < W; w++) begin
        b1 = use1[w] && busy[w][rs1[w*6 +: 6]];
        b2 = use2[w] && busy[w][rs2[w*6 +: 6]];
        b3 = use3[w] && busy[w][rs3[w*6 +: 6]];
        bd = used[w] && busy[w][rd[w*6 +: 6]];
        e = !(b1 || b2 || b3 || bd);
        // (not tb_check: formatting a name per warp per cycle is slow in Icarus)
        tb_checks++;
        if (ready[w] !== e) tb_err($sformatf("ready_o[%0d]: got %b, expected %b", w, ready[w], e));
        em = (b1 && memb[w][rs1[w*6 +: 6]]) || (b2 && memb[w][rs2[w*6 +: 6]]) ||
             (b3 && memb[w][rs3[w*6 +: 6]]) || (bd && memb[w][rd[w*6 +: 6]]);
        ec = (b1 && !memb[w][rs1[w*6 +: 6]]) || (b2 && !memb[w][rs2[w*6 +: 6]]) ||
             (b3 && !memb[w][rs3[w*6 +: 6]]) || (bd && !memb[w][rd[w*6 +: 6]]);
        tb_checks++;
        if (dmem[w] !== em || dcmp[w] !== ec)
          tb_err($sformatf("dep_mem/cmp[%0d]: got %b%b, expected %b%b", w, dmem[w], dcmp[w], em, ec));
        if (em) nmem++;
        if (ec) ncmp++;
        if (!e) nblocked++;
        if (b1) nraw1++;
        if (b2) nraw2++;
        if (b3) nraw3++;
        if (bd) nwaw++;
      end
      if (clr) begin
        busy[clr_wid][clr_rd] = 1'b0;
        nclr++;
      end
`ifdef TB_INJECT_FAULT
      // Deliberately wrong model: x0 can become busy.
      if (set) begin
`else
      if (set && set_rd != 6'd0) begin
`endif
        busy[set_wid][set_rd] = 1'b1;
        memb[set_wid][set_rd] = setm;
        nset++;
      end
    end
  end

  task automatic drive_ops(input logic s, input logic [IW-1:0] sw, input logic [5:0] sr,
                           input logic c, input logic [IW-1:0] cw, input logic [5:0] cr);
    set = s; set_wid = sw; set_rd = sr; setm = 1'b0;
    clr = c; clr_wid = cw; clr_rd = cr;
  endtask

  // Head instruction of warp w.
  task automatic head(input int w, input logic [5:0] r1, input logic [5:0] r2, input logic [5:0] d,
                      input logic u1, input logic u2, input logic ud);
    rs1[w*6 +: 6] = r1; rs2[w*6 +: 6] = r2; rd[w*6 +: 6] = d;
    use1[w] = u1; use2[w] = u2; used[w] = ud; use3[w] = 1'b0;
  endtask

  // Random register number, biased to x0..x7 / f0..f7 so hazards are frequent.
  task automatic rreg(output logic [5:0] r);
    logic        near, f;
    int unsigned v;
    tb_chance(80, near);
    tb_chance(30, f);
    if (near) tb_below(8, v);
    else      tb_below(32, v);
    r = {f, 5'(v)};
  endtask

  int w1, sw, sr, cw, cr;
  logic [5:0] h1, h2, h3, hd;
  logic u1, u2, u3, ud;
  int unsigned rv;
  logic [W*6-1:0] n_rs1, n_rs2, n_rs3, n_rd;
  logic [W-1:0]   n_u1, n_u2, n_u3, n_ud;
  int unsigned nraw3;
  logic s, c;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("W=%0d", W);
    tb_seed(SEED);
    nmem = 0; ncmp = 0;
    nblocked = 0; nraw1 = 0; nraw2 = 0; nwaw = 0; nset = 0; nclr = 0;
    w1 = (W > 1) ? 1 : 0;
    rs1 = '0; rs2 = '0; rs3 = '0; rd = '0; use1 = '0; use2 = '0; use3 = '0; used = '0; nraw3 = 0;
    drive_ops(1'b0, 0, 0, 1'b0, 0, 0);
    rst_n = 1'b0;
    @(negedge clk);
    @(negedge clk);
    rst_n = 1'b1;

    // Warp 0 reads x5 (rs1); in the cycle of the set it is still ready.
    head(0, 5, 0, 0, 1'b1, 1'b0, 1'b0);
    if (W > 1) head(w1, 5, 5, 5, 1'b1, 1'b1, 1'b1);
    drive_ops(1'b1, 0, 5, 1'b0, 0, 0);
    #1 tb_check("ready in the cycle of the set", 64'(ready[0]), 64'd1);
    @(negedge clk);
    drive_ops(1'b0, 0, 0, 1'b0, 0, 0);
    #1 tb_check("RAW rs1 blocks", 64'(ready[0]), 64'd0);
    if (W > 1) tb_check("other warp not blocked", 64'(ready[w1]), 64'd1);
    head(0, 0, 5, 0, 1'b0, 1'b1, 1'b0);
    #1 tb_check("RAW rs2 blocks", 64'(ready[0]), 64'd0);
    head(0, 0, 0, 5, 1'b0, 1'b0, 1'b1);
    #1 tb_check("WAW rd blocks", 64'(ready[0]), 64'd0);
    head(0, 5, 5, 5, 1'b0, 1'b0, 1'b0);
    #1 tb_check("unused operands do not block", 64'(ready[0]), 64'd1);
    head(0, 5, 0, 0, 1'b1, 1'b0, 1'b0);
    @(negedge clk);
    // Clear x5 and set x6 in the same cycle.
    drive_ops(1'b1, 0, 6, 1'b1, 0, 5);
    @(negedge clk);
    drive_ops(1'b0, 0, 0, 1'b0, 0, 0);
    #1 tb_check("cleared register is free", 64'(ready[0]), 64'd1);
    head(0, 6, 0, 0, 1'b1, 1'b0, 1'b0);
    #1 tb_check("register set with a clear is busy", 64'(ready[0]), 64'd0);
    // x0 never becomes busy.
    drive_ops(1'b1, 0, 0, 1'b1, 0, 6);
    @(negedge clk);
    head(0, 0, 0, 0, 1'b1, 1'b1, 1'b1);
    drive_ops(1'b0, 0, 0, 1'b0, 0, 0);
    #1 tb_check("x0 is never busy", 64'(ready[0]), 64'd1);
    @(negedge clk);

    for (int n = 0; n < NCYC; n++) begin
      // One random draw per statement: argument evaluation order differs
      // between simulators.
      // Build all heads in temporaries and apply them at once.
      for (int w = 0; w < W; w++) begin
        rreg(h1); rreg(h2); rreg(h3); rreg(hd);
        tb_chance(70, u1); tb_chance(50, u2); tb_chance(20, u3); tb_chance(60, ud);
        n_rs1[w*6 +: 6] = h1; n_rs2[w*6 +: 6] = h2; n_rs3[w*6 +: 6] = h3; n_rd[w*6 +: 6] = hd;
        n_u1[w] = u1; n_u2[w] = u2; n_u3[w] = u3; n_ud[w] = ud;
      end
      rs1 = n_rs1; rs2 = n_rs2; rs3 = n_rs3; rd = n_rd; use1 = n_u1; use2 = n_u2; use3 = n_u3; used = n_ud;
      tb_chance(45, s);
      tb_below(W, rv);
      sw = int'(rv);
      rreg(h1);
      sr = int'(h1);
      tb_chance(45, c);
      tb_below(W, rv);
      cw = int'(rv);
      rreg(h1);
      cr = int'(h1);
      // Prefer clearing a register that is busy.
      for (int k = 0; k < 64; k++) if (busy[cw][(k + n) % 64]) cr = (k + n) % 64;
      if (s && c && sw == cw && sr == cr && sr != 0) c = 1'b0;
      drive_ops(s, IW'(sw), 6'(sr), c, IW'(cw), 6'(cr));
      tb_chance(50, setm);
      @(negedge clk);
    end
    drive_ops(1'b0, 0, 0, 1'b0, 0, 0);
    @(negedge clk);

    if (nmem == 0 || ncmp == 0 || nraw3 == 0)
      tb_err($sformatf("coverage hole: dep_mem=%0d dep_cmp=%0d raw-rs3=%0d", nmem, ncmp, nraw3));
    if (nblocked == 0 || nraw1 == 0 || nraw2 == 0 || nwaw == 0)
      tb_err($sformatf("coverage hole: blocked=%0d raw-rs1=%0d raw-rs2=%0d waw=%0d",
                       nblocked, nraw1, nraw2, nwaw));
    $display("  info %s: %0d checks, sets=%0d clears=%0d blocked=%0d raw-rs1=%0d raw-rs2=%0d waw=%0d",
             tb_name, tb_checks, nset, nclr, nblocked, nraw1, nraw2, nwaw);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_scoreboard;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_scoreboard_inst #(.W(1), .SEED(51)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_scoreboard_inst #(.W(2), .SEED(52)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_scoreboard_inst #(.W(4), .SEED(53)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_scoreboard_inst #(.W(8), .SEED(54)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_scoreboard: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_scoreboard: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_scoreboard: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_scoreboard: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_scoreboard");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_scoreboard: timeout");
    $finish;
  end
endmodule
