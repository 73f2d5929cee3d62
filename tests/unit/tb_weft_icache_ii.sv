// tb_weft_icache_ii: self-checking unit bench for the initiation interval II
// of rtl/frontend/weft_icache.sv (the front-end throughput knob, make IC_II;
// docs/architecture.md "Front-end throughput").
//
// Stimulus: W warps, each a sequential pc stream with random jumps over twice
// the cache size (hits and misses); a request is presented in most cycles
// (random), by a random warp that has a free insert-queue slot, with that
// slot (so (wid, slot) names one outstanding request). The bench's memory
// accepts line requests with a random ready and answers them in order after
// a random latency of 1..20 cycles. No kills, no flushes, swas_i = 0 (the
// full random bench tb_weft_icache covers those at II = 1; II only gates
// acceptance).
// Checked every cycle:
// - spacing: two accepted requests (req_valid_i && req_ready_o) are at least
//   II cycles apart;
// - req_ready_o exactly: low while s1 waits (the DUT's s1_hold, as at II = 1)
//   or within II - 1 cycles of the last accepted request, high otherwise
//   (so the interval is neither shorter nor longer than II);
// - answers: every answer is an outstanding request and carries the word at
//   its pc; every request is answered (liveness, and nothing outstanding
//   after a drain at the end).
// Coverage (fails if zero): accepted requests exactly II cycles after the
// previous one (the interval is reached: at II = 1 back-to-back requests),
// cycles in which a presented request waited only because of the interval
// (II > 1), hits, misses, s1 stalls.
// Parameter points (W, LINES, LINE_WORDS, MSHRS, HIT_LAT, II): (4,8,4,2,1,1)
// (4,8,4,2,1,2) (4,8,4,2,3,3) (8,16,8,4,2,2) (2,8,4,1,1,4).
// TB_INJECT_FAULT: the bench expects an interval of II + 1 (the DUT's own
// II-spaced requests then fail the spacing and ready checks).
// Runs on Verilator only: Icarus 11 cannot parse the DUT (tb_weft_icache.sv
// says why).
//
// unit-rtl: rtl/frontend/weft_icache.sv
// unit-sims: verilator
module tb_weft_icache_ii_inst #(
  parameter int W     = 4,
  parameter int SW    = 3,
  parameter int LINES = 8,
  parameter int LW    = 4,     // LINE_WORDS
  parameter int MSHRS = 2,
  parameter int WAITS = 4,
  parameter int HL    = 1,     // HIT_LAT
  parameter int II    = 1,
  parameter int SEED  = 1,
  parameter int NCYC  = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  logic quiet;
  `include "tb_common.svh"

  localparam int IW     = (W > 1) ? $clog2(W) : 1;
  localparam int OW     = $clog2(LW);
  localparam int LAW    = 32 - 2 - OW;
  localparam int NS     = 1 << SW;
  localparam int NR     = W * NS;
  localparam int MQ     = 16;
  localparam int MAXAGE = 2000;
  localparam int DRAIN  = 2000;
`ifdef TB_INJECT_FAULT
  localparam int XII    = II + 1;  // the fault: the bench expects a longer interval
`else
  localparam int XII    = II;
`endif
  localparam logic [31:0] BASE = 32'h5A50_0000;

  logic             rst_n, req_valid, req_ready;
  logic [W-1:0]     pend;
  logic [IW-1:0]    req_wid, rsp_wid, miss_wid;
  logic [SW-1:0]    req_slot, rsp_slot, miss_slot;
  logic [31:0]      req_pc, rsp_instr, mreq_addr;
  logic             rsp_valid, miss_valid, fill, mreq_valid, mreq_ready, mrsp_valid;
  logic [LAW-1:0]   fill_line;
  logic [LW*32-1:0] mrsp_data;

  weft_icache #(.W(W), .SW(SW), .LINES(LINES), .WAYS(1), .LINE_WORDS(LW), .MSHRS(MSHRS), .WAITS(WAITS),
                .HIT_LAT(HL), .II(II)) dut (
    .clk_i(clk), .rst_ni(rst_n), .swas_i(1'b0), .flush_i(1'b0), .kill_i('0),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_wid_i(req_wid),
    .req_slot_i(req_slot), .req_pc_i(req_pc),
    .rsp_valid_o(rsp_valid), .rsp_wid_o(rsp_wid), .rsp_slot_o(rsp_slot), .rsp_instr_o(rsp_instr),
    .miss_valid_o(miss_valid), .miss_wid_o(miss_wid), .miss_slot_o(miss_slot),
    .fill_o(fill), .fill_line_o(fill_line),
    .mem_req_valid_o(mreq_valid), .mem_req_ready_i(mreq_ready), .mem_req_addr_o(mreq_addr),
    .mem_rsp_valid_i(mrsp_valid), .mem_rsp_data_i(mrsp_data),
    .pend_o(pend)
  );

  function automatic logic [31:0] hashw(input logic [31:0] a);
    return (a * 32'h9E37_79B1) ^ 32'h5BD1_E995;
  endfunction

  // model state
  logic        out_v [NR];          // (wid, slot) outstanding
  logic [31:0] out_pc [NR];
  int          out_age [NR];
  logic [31:0] wpc [W];             // next pc of each warp
  logic [31:0] mq_addr [MQ];        // memory: line requests in order, ready cycle
  longint      mq_due [MQ];
  int          mq_n;
  longint      cyc, last_acc;
  int unsigned n_acc, n_tight, n_iiwait, n_hit, n_miss, n_stall;  // n_hit: answers, n_miss: misses
  logic        stim_go;

  task automatic check_quiet(output logic q);
    q = 1'b1;
    for (int i = 0; i < NR; i++) if (out_v[i]) q = 1'b0;
    if (mq_n != 0) q = 1'b0;
  endtask

  // checks at the rising edge (pre-edge outputs), then the model steps
  always @(posedge clk) begin
    if (!rst_n) begin
      cyc = 0;
      last_acc = -1000;
      mq_n = 0;
      for (int i = 0; i < NR; i++) begin out_v[i] = 1'b0; out_age[i] = 0; end
      n_acc = 0; n_tight = 0; n_iiwait = 0; n_hit = 0; n_miss = 0; n_stall = 0;
    end else begin
      logic exp_ready, win;
      int r;
      cyc++;
      win = (cyc - last_acc) < longint'(XII);
      exp_ready = !dut.s1_hold && !win;
      tb_checks += 3;
      if (req_ready !== exp_ready)
        tb_err($sformatf("cycle %0d: req_ready_o %b, expected %b (s1 waits %b, %0d cycles after the last accepted request, II %0d)",
                         cyc, req_ready, exp_ready, dut.s1_hold, cyc - last_acc, XII));
      // pend_o[w]: w has a request waiting (so outstanding; before this cycle's answer)
      for (int w = 0; w < W; w++)
        if (pend[w]) begin
          logic any;
          any = 1'b0;
          for (int k = 0; k < NS; k++) if (out_v[w * NS + k]) any = 1'b1;
          if (!any) tb_err($sformatf("cycle %0d: pend_o[%0d] with nothing outstanding", cyc, w));
        end
      if (dut.s1_hold) n_stall++;
      if (req_valid && !dut.s1_hold && win) n_iiwait++;
      if (req_valid && req_ready) begin
        if (cyc - last_acc < longint'(XII))
          tb_err($sformatf("cycle %0d: a request accepted %0d cycles after the previous one (II %0d)",
                           cyc, cyc - last_acc, XII));
        if (cyc - last_acc == longint'(XII)) n_tight++;
        last_acc = cyc;
        n_acc++;
        r = int'(req_wid) * NS + int'(req_slot);
        if (out_v[r]) tb_err($sformatf("cycle %0d: bench reused an outstanding slot", cyc));
        out_v[r] = 1'b1;
        out_pc[r] = req_pc;
        out_age[r] = 0;
      end
      if (rsp_valid) begin
        r = int'(rsp_wid) * NS + int'(rsp_slot);
        if (!out_v[r])
          tb_err($sformatf("cycle %0d: answer for wid %0d slot %0d, no such request outstanding", cyc, rsp_wid, rsp_slot));
        else if (rsp_instr !== hashw(out_pc[r]))
          tb_err($sformatf("cycle %0d: answer 0x%h for pc 0x%h, expected 0x%h", cyc, rsp_instr, out_pc[r], hashw(out_pc[r])));
        out_v[r] = 1'b0;
        n_hit++;
      end
      if (miss_valid) begin
        n_miss++;
        if (!out_v[int'(miss_wid) * NS + int'(miss_slot)])
          tb_err($sformatf("cycle %0d: miss reported for wid %0d slot %0d, no such request outstanding", cyc, miss_wid, miss_slot));
      end
      // a line arrives: the one requested first
      tb_checks += 2;
      if (fill !== mrsp_valid || (mrsp_valid && fill_line !== mq_addr[0][31:2+OW]))
        tb_err($sformatf("cycle %0d: fill_o %b line 0x%h, memory answers %b line 0x%h", cyc, fill, fill_line,
                         mrsp_valid, mq_addr[0][31:2+OW]));
      for (int i = 0; i < NR; i++)
        if (out_v[i]) begin
          out_age[i]++;
          if (out_age[i] == MAXAGE) tb_err($sformatf("request wid %0d slot %0d not answered in %0d cycles", i / NS, i % NS, MAXAGE));
        end
      // memory: a line request accepted this cycle
      if (mreq_valid && mreq_ready) begin
        int unsigned lat;
        if (mq_n == MQ) tb_err("memory queue overflow");
        else begin
          tb_below(20, lat);
          mq_addr[mq_n] = mreq_addr;
          mq_due[mq_n] = cyc + 1 + longint'(lat);
          if (mq_n > 0 && mq_due[mq_n] < mq_due[mq_n-1]) mq_due[mq_n] = mq_due[mq_n-1];
          mq_n++;
        end
      end
      if (mrsp_valid) begin
        for (int i = 1; i < MQ; i++) begin mq_addr[i-1] = mq_addr[i]; mq_due[i-1] = mq_due[i]; end
        mq_n--;
      end
    end
  end

  // stimulus at the falling edge
  always @(negedge clk) begin
    if (rst_n) begin
      logic go, rdy;
      int unsigned x, w, s;
      // memory
      tb_chance(70, rdy);
      mreq_ready = rdy;
      mrsp_valid = 1'b0;
      if (mq_n > 0 && mq_due[0] <= cyc + 1) begin
        mrsp_valid = 1'b1;
        for (int i = 0; i < LW; i++) mrsp_data[32*i +: 32] = hashw({mq_addr[0][31:2+OW], OW'(i), 2'b00});
      end else begin
        tb_rand(x);
        mrsp_data = {LW{x}};
      end
      // a request (a random warp with a free slot): held until accepted
      if (!held) begin
        req_valid = 1'b0;
        tb_chance(85, go);
        if (go && stim_go) begin
          tb_below(W, w);
          for (int k = 0; k < W && !req_valid; k++) begin
            int ww;
            ww = (int'(w) + k) % W;
            for (int ss = 0; ss < NS && !req_valid; ss++)
              if (!out_v[ww * NS + ss]) begin
                req_valid = 1'b1;
                req_wid = IW'(ww);
                req_slot = SW'(ss);
                req_pc = wpc[ww];
                tb_chance(8, go);
                if (go) begin
                  tb_below(2 * LINES * LW, s);
                  wpc[ww] = BASE + 32'(s) * 4;
                end else begin
                  wpc[ww] = wpc[ww] + 4;
                end
              end
          end
        end
      end
    end
  end
  // a presented request stays until accepted (valid/ready)
  logic held;
  always @(posedge clk) held = rst_n && req_valid && !req_ready;

  initial begin
    tb_seed(SEED);
    tb_name = $sformatf("W%0d LINES%0d LW%0d MSHRS%0d HIT_LAT%0d II%0d", W, LINES, LW, MSHRS, HL, II);
    done_o = 1'b0;
    rst_n = 1'b0;
    req_valid = 1'b0;
    req_wid = '0; req_slot = '0; req_pc = '0;
    mreq_ready = 1'b0; mrsp_valid = 1'b0; mrsp_data = '0;
    stim_go = 1'b1;
    for (int w = 0; w < W; w++) wpc[w] = BASE + 32'(w) * 32'(LW) * 4 * 3;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    repeat (NCYC) @(negedge clk);
    stim_go = 1'b0;
    repeat (DRAIN) @(negedge clk);
    check_quiet(quiet);
    if (!quiet) tb_err($sformatf("not drained after %0d cycles", DRAIN));
    if (n_tight == 0 || n_hit == 0 || n_miss == 0 || n_stall == 0 || (II > 1 && n_iiwait == 0))
      tb_err($sformatf("coverage hole: accepted at exactly II=%0d cycles=%0d waits for the interval=%0d answers=%0d misses=%0d s1-stalls=%0d",
                       II, n_tight, n_iiwait, n_hit, n_miss, n_stall));
    $display("  info %s: %0d checks, accepted=%0d (%0d exactly II cycles after the previous) interval-waits=%0d answers=%0d misses=%0d s1-stalls=%0d",
             tb_name, tb_checks, n_acc, n_tight, n_iiwait, n_hit, n_miss, n_stall);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_icache_ii;
  logic        d0, d1, d2, d3, d4;
  logic [31:0] e0, e1, e2, e3, e4;

  tb_weft_icache_ii_inst #(.W(4), .LINES(8), .LW(4), .MSHRS(2), .HL(1), .II(1), .SEED(91)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_icache_ii_inst #(.W(4), .LINES(8), .LW(4), .MSHRS(2), .HL(1), .II(2), .SEED(92)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_icache_ii_inst #(.W(4), .LINES(8), .LW(4), .MSHRS(2), .HL(3), .II(3), .SEED(93)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_icache_ii_inst #(.W(8), .LINES(16), .LW(8), .MSHRS(4), .WAITS(8), .HL(2), .II(2), .SEED(94)) u_p3 (.done_o(d3), .errors_o(e3));
  tb_weft_icache_ii_inst #(.W(2), .SW(2), .LINES(8), .LW(4), .MSHRS(1), .WAITS(2), .HL(1), .II(4), .SEED(95)) u_p4 (.done_o(d4), .errors_o(e4));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1 && d4 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_icache_ii: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_icache_ii: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_icache_ii: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_icache_ii: %s", u_p3.tb_first);
    else if (e4 != 0) $display("FAIL tb_weft_icache_ii: %s", u_p4.tb_first);
    else              $display("PASS tb_weft_icache_ii");
    $finish;
  end

  initial begin
    #(64'd2_000_000);
    $display("FAIL tb_weft_icache_ii: timeout");
    $finish;
  end
endmodule
