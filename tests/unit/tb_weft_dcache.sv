// tb_weft_dcache: self-checking unit bench for rtl/weft_dcache.sv (L1 D-cache
// and coalescer).
//
// Each tb_weft_dcache_inst instance runs one parameter point: NREQ random
// warp requests from an LSU-like driver (cacheable loads with up to 8 in
// flight by tag, stores with random byte enables, atomic adds, uncached
// loads of an I/O window), lane addresses drawn to share words, share lines
// or scatter over a region four times the cache, so that hits, misses,
// merges into in-flight misses, evictions and full MSHRs all occur. The
// bench is also the memory: the warp-wide port applies stores and atomics
// when it accepts them and answers loads and atomics in order after a random
// delay; the fill port reads a line when it accepts it and answers in order
// after a random delay; both ports' ready inputs are random.
// Checked: every load (and atomic) answers exactly once, with its tag, and
// every active lane holds the memory word at the time the cache accepted
// the request (program order: stores and atomics are accepted by memory in
// the same cycle the cache accepts them); no answer for a store; fill
// addresses are line-aligned; the cache is idle at the end. Coverage: load
// hits, fills, merges, store hits, walk stalls must have occurred.
// TB_INJECT_FAULT corrupts one expected load word to prove the bench fails.
// LINES (the walk width, issue 21): the random points run at 1, 2 and 4
// (also with fewer MSHRs than banks); then every instance loads a unit-stride
// warp request over min(T, 4) consecutive lines twice (the second hits) and
// must walk it in ceil(lines / LINES) cycles (ev_walk_o); the top checks
// that the hit's latency falls from LINES 1 to 2 to 4 (T 8, 2-word lines: a
// 4-line request).
//
// unit-rtl: rtl/weft_dcache.sv
// unit-sims: verilator
// tb_weft_dcache: Icarus 11 compiles rtl/weft_dcache.sv but loops at zero
// delay as soon as a request is presented (the loop needs the accept, lead
// line and next-state always_comb blocks: removing any one of them breaks
// it; splitting blocks, packed/flat pending tables and distinct loop
// variables did not); Verilator runs the bench.
module tb_weft_dcache_inst #(
  parameter int T     = 4,
  parameter int SETS  = 4,
  parameter int WAYS  = 2,
  parameter int LW    = 4,      // line words
  parameter int MSHRS = 2,
  parameter int PEND  = 2,
  parameter int SEED  = 1,
  parameter int NREQ  = 800,
  parameter int LINES = 1
) (
  output logic        done_o,
  output logic [31:0] errors_o,
  output int unsigned dir_lat_o     // directed: the hitting request's cycles from acceptance to answer
);
  `include "tb_common.svh"

  localparam int RW = 4 * SETS * WAYS * LW;   // region words (four times the cache)
  localparam int IOW = 16;                    // I/O words at 0x1000_0000
  localparam int NT = 16;                     // tags
  localparam int TW = 4;

  logic            rst_n, valid, ready, we, rsp_valid;
  logic [5:0]      amo;
  logic [T-1:0]    mask;
  logic [T*32-1:0] addr, data, rsp_data;
  logic [T*4-1:0]  be;
  logic [7:0]      tag, rsp_tag;
  logic            m_valid, m_ready, m_we, m_rsp_valid;
  logic [5:0]      m_amo;
  logic [T-1:0]    m_mask;
  logic [T*32-1:0] m_addr, m_data, m_rsp_data;
  logic [T*4-1:0]  m_be;
  logic [7:0]      m_tag, m_rsp_tag;
  logic            f_valid, f_ready, f_rsp_valid;
  logic [31:0]     f_addr;
  logic [LW*32-1:0] f_rsp_data;
  logic [9:0]      ev;
  logic [9:0]      evx;
  logic            busy, m_wid_unused;
  logic [31:0]     m_pc_unused;

  weft_dcache #(.W(2), .T(T), .SETS(SETS), .WAYS(WAYS), .LINE_WORDS(LW), .MSHRS(MSHRS), .PEND(PEND), .LINES(LINES)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .req_valid_i(valid), .req_ready_o(ready), .req_we_i(we), .req_amo_i(amo), .req_mask_i(mask),
    .req_addr_i(addr), .req_byteen_i(be), .req_data_i(data), .req_tag_i(tag), .req_wid_i(1'b0),
    .req_pc_i(32'h0), .rsp_valid_o(rsp_valid), .rsp_tag_o(rsp_tag), .rsp_data_o(rsp_data),
    .mem_req_valid_o(m_valid), .mem_req_ready_i(m_ready), .mem_req_we_o(m_we), .mem_req_amo_o(m_amo),
    .mem_req_mask_o(m_mask), .mem_req_addr_o(m_addr), .mem_req_byteen_o(m_be), .mem_req_data_o(m_data),
    .mem_req_tag_o(m_tag), .mem_req_wid_o(m_wid_unused), .mem_req_pc_o(m_pc_unused), .mem_rsp_valid_i(m_rsp_valid),
    .mem_rsp_tag_i(m_rsp_tag), .mem_rsp_data_i(m_rsp_data),
    .fill_req_valid_o(f_valid), .fill_req_ready_i(f_ready), .fill_req_addr_o(f_addr),
    .fill_rsp_valid_i(f_rsp_valid), .fill_rsp_data_i(f_rsp_data),
    .ev_warp_o(ev[0]), .ev_rd_o(ev[1]), .ev_rdmiss_o(ev[2]), .ev_merge_o(ev[3]), .ev_wr_o(ev[4]),
    .ev_wrhit_o(ev[5]), .ev_stall_o(ev[6]), .ev_bypass_o(ev[7]), .ev_walk_o(ev[8]), .ev_conf_o(ev[9]),
    .evx_o(evx), .busy_o(busy)
  );

  // memory
  logic [31:0] mem [RW];
  logic [31:0] io [IOW];
  // expected answers per tag
  logic [T*32-1:0] exp_data [NT];
  logic [T-1:0]    exp_mask [NT];
  logic [NT-1:0]   out_q;                // tag in flight
  // the ports' in-order answer queues (due cycle, payload)
  localparam int QN = 64;
  logic [63:0]      wq_due [QN];
  logic [7:0]       wq_tag [QN];
  logic [T*32-1:0]  wq_data [QN];
  int unsigned      wq_h, wq_n;
  logic [63:0]      fq_due [QN];
  logic [LW*32-1:0] fq_data [QN];
  int unsigned      fq_h, fq_n;
  logic [63:0]      now;
  int unsigned      evc [10];
  logic             dir_on;
  logic [63:0]      dir_acc, dir_rsp;
  int unsigned      nrsp, nacc;
  logic [T*32-1:0]  tmp_old, tmp_d;
  logic [LW*32-1:0] tmp_l;
  logic             allc, inj_done;

  function automatic int widx(input logic [31:0] a);
    widx = int'((a - 32'h8000_0000) >> 2) % RW;
  endfunction

  // The memory side and the checks, at the rising edge (inputs set at the falling edge).
  always @(posedge clk) begin
    if (rst_n) begin
      now <= now + 1;
      for (int k = 0; k < 10; k++) if (ev[k]) evc[k]++;
      // the lines beyond the first (LINES > 1): load lines, fills, merges, store lines, store hits
      for (int k = 1; k <= 5; k++) begin
        if (evx[2*(k-1) +: 2] != 2'd0 && !ev[k]) tb_err("evx_o without its event");
        evc[k] += int'(evx[2*(k-1) +: 2]);
      end
      if (dir_on && rsp_valid && rsp_tag == 8'd0) dir_rsp <= now;
      if (dir_on && valid && ready) dir_acc <= now;
      // an answer to the LSU side
      if (rsp_valid) begin
        nrsp++;
        if (int'(rsp_tag) >= NT || !out_q[TW'(rsp_tag)]) tb_err($sformatf("answer with tag %0d not in flight", rsp_tag));
        else begin
          for (int t = 0; t < T; t++)
            if (exp_mask[TW'(rsp_tag)][t])
              tb_check($sformatf("tag %0d lane %0d", rsp_tag, t), 64'(rsp_data[t*32 +: 32]),
                       64'(exp_data[TW'(rsp_tag)][t*32 +: 32]));
          out_q[TW'(rsp_tag)] <= 1'b0;
        end
      end
      // the LSU-side acceptance: the expected answer is memory now
      if (valid && ready) begin
        nacc++;
        if (!we && !amo[5]) begin
          exp_mask[TW'(tag)] <= mask;
          for (int t = 0; t < T; t++)
            exp_data[TW'(tag)][t*32 +: 32] <= addr[t*32 + 31] ? mem[widx(addr[t*32 +: 32])]
                                                         : io[int'(addr[t*32 + 2 +: 4])];
          out_q[TW'(tag)] <= 1'b1;
`ifdef TB_INJECT_FAULT
          if (nacc > NREQ / 2 && !inj_done) begin
            inj_done = 1'b1;
            for (int t = T - 1; t >= 0; t--)
              if (mask[t]) exp_data[TW'(tag)][t*32 +: 32] <= (addr[t*32 + 31] ? mem[widx(addr[t*32 +: 32])]
                                                                       : io[int'(addr[t*32 + 2 +: 4])]) ^ 32'h1;
          end
`endif
        end
        if (amo[5]) begin
          exp_mask[TW'(tag)] <= mask;
          out_q[TW'(tag)] <= 1'b1;
        end
      end
      // a load whose active lanes are all cacheable must not use the warp port
      allc = 1'b1;
      for (int t = 0; t < T; t++) if (m_mask[t] && !m_addr[t*32 + 31]) allc = 1'b0;
      if (m_valid && m_ready && !m_we && !m_amo[5] && allc) tb_err("a cacheable load on the warp port");
      // the warp port: stores and atomics take effect now
      if (m_valid && m_ready) begin
        if (!(valid && ready)) tb_err("warp port accepted without the LSU request being accepted");
        if (m_amo[5]) begin
          tmp_old = '0;
          for (int t = 0; t < T; t++)
            if (m_mask[t]) begin
              tmp_old[t*32 +: 32] = mem[widx(m_addr[t*32 +: 32])];
              mem[widx(m_addr[t*32 +: 32])] = mem[widx(m_addr[t*32 +: 32])] + m_data[t*32 +: 32];
            end
          exp_data[TW'(m_tag)] <= tmp_old;
          wq_due[(wq_h + wq_n) % QN] <= now + {32'd0, 32'd2 + nacc % 32'd7};
          wq_tag[(wq_h + wq_n) % QN] <= m_tag;
          wq_data[(wq_h + wq_n) % QN] <= tmp_old;
          wq_n = wq_n + 1;
        end else if (m_we) begin
          for (int t = 0; t < T; t++)
            if (m_mask[t])
              for (int b = 0; b < 4; b++)
                if (m_be[t*4 + b]) begin
                  if (m_addr[t*32 + 31]) mem[widx(m_addr[t*32 +: 32])][b*8 +: 8] = m_data[t*32 + b*8 +: 8];
                  else io[int'(m_addr[t*32 + 2 +: 4])][b*8 +: 8] = m_data[t*32 + b*8 +: 8];
                end
        end else begin
          for (int t = 0; t < T; t++)
            tmp_d[t*32 +: 32] = m_addr[t*32 + 31] ? mem[widx(m_addr[t*32 +: 32])] : io[int'(m_addr[t*32 + 2 +: 4])];
          wq_due[(wq_h + wq_n) % QN] <= now + {32'd0, 32'd2 + nacc % 32'd5};
          wq_tag[(wq_h + wq_n) % QN] <= m_tag;
          wq_data[(wq_h + wq_n) % QN] <= tmp_d;
          wq_n = wq_n + 1;
        end
      end
      if (m_rsp_valid) begin wq_h = (wq_h + 1) % QN; wq_n = wq_n - 1; end
      // the fill port: the line is read now
      if (f_valid && f_ready) begin
        if (f_addr[2 + $clog2(LW) - 1:0] != '0) tb_err($sformatf("fill address %h not line-aligned", f_addr));
        for (int k = 0; k < LW; k++) tmp_l[k*32 +: 32] = mem[widx(f_addr + 32'(4 * k))];
        fq_due[(fq_h + fq_n) % QN] <= now + {32'd0, 32'd3 + nacc % 32'd9};
        fq_data[(fq_h + fq_n) % QN] <= tmp_l;
        fq_n = fq_n + 1;
      end
      if (f_rsp_valid) begin fq_h = (fq_h + 1) % QN; fq_n = fq_n - 1; end
    end
  end

  // port inputs at the falling edge: random readiness, in-order answers when due
  always @(negedge clk) begin
    logic c;
    tb_chance(80, c); m_ready <= c;
    tb_chance(70, c); f_ready <= c;
    m_rsp_valid <= wq_n != 0 && wq_due[wq_h] <= now;
    m_rsp_tag   <= wq_tag[wq_h];
    m_rsp_data  <= wq_data[wq_h];
    f_rsp_valid <= fq_n != 0 && fq_due[fq_h] <= now;
    f_rsp_data  <= fq_data[fq_h];
  end

  initial begin
    int unsigned r, w0, k, ntag, nl, wk0;
    logic c;
    tb_name = $sformatf("T=%0d SETS=%0d WAYS=%0d LW=%0d MSHRS=%0d PEND=%0d LINES=%0d", T, SETS, WAYS, LW, MSHRS, PEND, LINES);
    dir_on = 1'b0; dir_lat_o = 0;
    tb_seed(SEED);
    now = 0; inj_done = 1'b0; wq_h = 0; wq_n = 0; fq_h = 0; fq_n = 0; out_q = '0; nrsp = 0; nacc = 0;
    for (int i = 0; i < 10; i++) evc[i] = 0;
    for (int i = 0; i < RW; i++) begin tb_rand(r); mem[i] = r; end
    for (int i = 0; i < IOW; i++) begin tb_rand(r); io[i] = r; end
    valid = 1'b0; we = 1'b0; amo = '0; mask = '0; addr = '0; data = '0; be = '0; tag = '0;
    rst_n = 1'b0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    for (int n = 0; n < NREQ; n++) begin
      // a free tag (loads and atomics answer by tag)
      ntag = 0;
      while (out_q == '1) @(negedge clk);
      for (int i = NT - 1; i >= 0; i--) if (!out_q[i]) ntag = i;
      tb_below(100, r);
      we = 1'b0; amo = '0;
      if (r < 55)      k = 0;   // cacheable load
      else if (r < 88) k = 1;   // store
      else if (r < 94) k = 2;   // atomic add
      else             k = 3;   // uncached load
      if (k == 1) we = 1'b1;
      if (k == 2) amo = 6'h20;
      mask = '0;
      while (mask == '0)
        for (int t = 0; t < T; t++) begin tb_chance(75, c); mask[t] = c; end
      tb_below(RW, w0);
      for (int t = 0; t < T; t++) begin
        tb_below(4, r);
        if (k == 3) begin tb_below(IOW, r); addr[t*32 +: 32] = 32'h1000_0000 + 32'(4 * r); end
        else if (r == 0) addr[t*32 +: 32] = 32'h8000_0000 + 32'(4 * w0);                       // same word
        else if (r == 1) addr[t*32 +: 32] = 32'h8000_0000 + 32'(4 * ((w0 + t) % RW));          // same line(s)
        else begin tb_below(RW, r); addr[t*32 +: 32] = 32'h8000_0000 + 32'(4 * r); end         // anywhere
        tb_rand(r); data[t*32 +: 32] = r;
        tb_below(3, r);
        be[t*4 +: 4] = (k != 1 || r != 0) ? 4'hf : 4'(1 << (r % 4));
        if (k == 1 && r == 1) be[t*4 +: 4] = 4'h3;
      end
      tag = 8'(ntag);
      valid = 1'b1;
      @(negedge clk);
      while (!(valid && ready_seen)) @(negedge clk);
      valid = 1'b0;
      tb_below(3, r);
      repeat (r) @(negedge clk);
    end
    // drain
    k = 0;
    while ((out_q != '0 || busy) && k < 20000) begin @(negedge clk); k++; end
    if (out_q != '0) tb_err("loads never answered");
    if (busy) tb_err("busy_o at the end");
    if (evc[1] == evc[2] + evc[3]) tb_err("coverage: no load hit");
    if (evc[2] == 0) tb_err("coverage: no fill");
    if (evc[3] == 0) tb_err("coverage: no merge into an in-flight miss");
    if (evc[5] == 0) tb_err("coverage: no store hit");
    if (evc[6] == 0) tb_err("coverage: no walk stall");
    // a walk cycle serves 1..LINES lines (atomics' lines are walked but not counted as lines)
    if (LINES == 1 && evc[8] < evc[1] + evc[4]) tb_err("fewer walk cycles than lines at LINES 1");
    if (evc[1] + evc[4] > LINES * evc[8]) tb_err("more than LINES lines per walk cycle");
    if (LINES > 1 && evc[8] >= evc[1] + evc[4]) tb_err("coverage: no walk cycle served two lines");
    if (evc[9] == 0) tb_err("coverage: no bank conflict");
    // directed: a unit-stride load over nl consecutive lines (banks 0, 1, ...), twice; the second hits
    nl = (T >= 4) ? 4 : T;
    for (int rep = 0; rep < 2; rep++) begin
      while (out_q[0] || busy) @(negedge clk);
      dir_on = 1'b1;
      we = 1'b0; amo = '0; mask = '1; tag = 8'd0;
      for (int t = 0; t < T; t++) addr[t*32 +: 32] = 32'h8000_0000 + 32'(4 * ((t % nl) * LW + t / nl));
      wk0 = evc[8];
      valid = 1'b1;
      @(negedge clk);
      while (!(valid && ready_seen)) @(negedge clk);
      valid = 1'b0;
      k = 0;
      while ((out_q[0] || busy) && k < 1000) begin @(negedge clk); k++; end
      @(negedge clk);
      if (rep == 1) begin
        k = evc[8] - wk0;
        w0 = (nl + LINES - 1) / LINES;
        tb_check("directed walk cycles", {32'd0, k}, {32'd0, w0});
        dir_lat_o = int'(dir_rsp - dir_acc);
      end
      dir_on = 1'b0;
    end
    if (inj_done) $display("  info %s: fault injected", tb_name);
    $display("  info %s: %0d checks, %0d answers; load lines %0d, fills %0d, merges %0d, store lines %0d (hits %0d), stalls %0d, warp-port %0d, walk cycles %0d, bank-conflict cycles %0d; directed hit latency %0d",
             tb_name, tb_checks, nrsp, evc[1], evc[2], evc[3], evc[4], evc[5], evc[6], evc[7], evc[8], evc[9], dir_lat_o);
    errors_o = tb_errors;
    done_o = 1'b1;
  end

  // whether the request presented since the last falling edge was accepted
  logic ready_seen;
  always @(posedge clk) ready_seen <= valid && ready;
endmodule

module tb_weft_dcache;
  logic        d0, d1, d2, d3, d4, d5, d6, d7, d8;
  logic [31:0] e0, e1, e2, e3, e4, e5, e6, e7, e8;
  int unsigned l0, l1, l2, l3, l4, l5, l6, l7, l8;   // directed latencies (l6..l8 compared)

  tb_weft_dcache_inst #(.T(4), .SETS(4), .WAYS(2), .LW(4), .MSHRS(2), .PEND(2), .SEED(31)) u_p0 (.done_o(d0), .errors_o(e0), .dir_lat_o(l0));
  tb_weft_dcache_inst #(.T(8), .SETS(8), .WAYS(4), .LW(8), .MSHRS(4), .PEND(4), .SEED(32)) u_p1 (.done_o(d1), .errors_o(e1), .dir_lat_o(l1));
  tb_weft_dcache_inst #(.T(2), .SETS(2), .WAYS(1), .LW(2), .MSHRS(2), .PEND(2), .SEED(33)) u_p2 (.done_o(d2), .errors_o(e2), .dir_lat_o(l2));
  // walk width (issue 21): 2 and 4 banks, also with fewer MSHRs than banks
  tb_weft_dcache_inst #(.T(4), .SETS(4), .WAYS(2), .LW(4), .MSHRS(2), .PEND(2), .SEED(34), .LINES(2)) u_p3 (.done_o(d3), .errors_o(e3), .dir_lat_o(l3));
  tb_weft_dcache_inst #(.T(8), .SETS(8), .WAYS(4), .LW(2), .MSHRS(2), .PEND(4), .SEED(35), .LINES(4)) u_p4 (.done_o(d4), .errors_o(e4), .dir_lat_o(l4));
  tb_weft_dcache_inst #(.T(16), .SETS(16), .WAYS(2), .LW(4), .MSHRS(4), .PEND(2), .SEED(36), .LINES(4)) u_p5 (.done_o(d5), .errors_o(e5), .dir_lat_o(l5));
  // the directed latency at 1, 2, 4 lines per cycle (T 8, 2-word lines: a 4-line request)
  tb_weft_dcache_inst #(.T(8), .SETS(8), .WAYS(4), .LW(2), .MSHRS(4), .PEND(4), .SEED(37), .NREQ(300), .LINES(1)) u_w1 (.done_o(d6), .errors_o(e6), .dir_lat_o(l6));
  tb_weft_dcache_inst #(.T(8), .SETS(8), .WAYS(4), .LW(2), .MSHRS(4), .PEND(4), .SEED(37), .NREQ(300), .LINES(2)) u_w2 (.done_o(d7), .errors_o(e7), .dir_lat_o(l7));
  tb_weft_dcache_inst #(.T(8), .SETS(8), .WAYS(4), .LW(2), .MSHRS(4), .PEND(4), .SEED(37), .NREQ(300), .LINES(4)) u_w4 (.done_o(d8), .errors_o(e8), .dir_lat_o(l8));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1 && d4 === 1'b1 && d5 === 1'b1 &&
          d6 === 1'b1 && d7 === 1'b1 && d8 === 1'b1);
    $display("  info directed hit latency per point: %0d %0d %0d %0d %0d %0d; 4 lines at LINES 1 / 2 / 4: %0d / %0d / %0d cycles",
             l0, l1, l2, l3, l4, l5, l6, l7, l8);
    if (e0 != 0)      $display("FAIL tb_weft_dcache: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_dcache: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_dcache: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_dcache: %s", u_p3.tb_first);
    else if (e4 != 0) $display("FAIL tb_weft_dcache: %s", u_p4.tb_first);
    else if (e5 != 0) $display("FAIL tb_weft_dcache: %s", u_p5.tb_first);
    else if (e6 != 0) $display("FAIL tb_weft_dcache: %s", u_w1.tb_first);
    else if (e7 != 0) $display("FAIL tb_weft_dcache: %s", u_w2.tb_first);
    else if (e8 != 0) $display("FAIL tb_weft_dcache: %s", u_w4.tb_first);
    else if (!(l8 < l7 && l7 < l6 && l6 - l8 == 3))
      $display("FAIL tb_weft_dcache: a 4-line hit takes %0d / %0d / %0d cycles at LINES 1 / 2 / 4 (want falling, 3 fewer at 4)", l6, l7, l8);
    else              $display("PASS tb_weft_dcache");
    $finish;
  end

  initial begin
    #(64'd200_000_000);
    $display("FAIL tb_weft_dcache: timeout");
    $finish;
  end
endmodule
