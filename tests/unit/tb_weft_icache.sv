// tb_weft_icache: self-checking unit bench for rtl/frontend/weft_icache.sv.
//
// Memory: the word at byte address a is hashw(a) (a bijection, so every word
// is distinct); the bench's memory accepts line requests with a random ready,
// answers them in request order after a random latency of 1..40 cycles with
// the LINE_WORDS words of the line, and drives junk data when not answering.
// Requests: per warp a sequential pc stream with random jumps over a span of
// 1..8 times the cache size (several lines per cache index, so conflict
// evictions and refills happen); the slot of a request is a slot of its warp
// with no request outstanding (as the insert queue allocates them), so
// (wid, slot) names one outstanding request.  kill_i (one random warp, never
// the warp of a presented request), flush_i (rarely, or in short storms),
// memory ready and latency are random, with per-phase rates; in a cycle with
// a fill the request sometimes "chases" it (a word of the line arriving),
// sometimes with flush_i, so a request finds its line filled in an MSHR but
// not valid in the cache.
//
// Reference model (stepped at each rising edge after the comparisons):
// - requests: the one in s1 (the last accepted until it is answered, reported
//   missing, or killed) and the waiters (missed, waiting in an MSHR);
// - the cache contents (lines filled, dropped by flush_i; a fill in a flush
//   cycle is lost) and so hit/miss of the request in s1;
// - the MSHRs abstractly (line, REQ/MEM/FILLED, number of waiters): a miss
//   joins the MSHR of its line (not a FILLED one with swas_i) or takes a free
//   one; a FILLED MSHR is freed the edge after its last waiter is gone.
// Checked every cycle: rsp_valid_o (a live waiter of a filled line is
// answered, else a hit in s1), the answer is an outstanding request of the
// right kind (waiter of a filled line, or the s1 request) whose warp is not
// killed in this cycle, rsp_instr_o = word at its pc (so no answer twice, none
// for a request never made, none after a kill); miss_valid_o exactly when s1
// misses and can go to an MSHR (free MSHR, or its line's MSHR with a free
// waiter entry), with s1's wid/slot; req_ready_o low exactly when s1 waits
// (hit behind a waiter answer, no MSHR, no waiter entry); pend_o[w] = the
// model has a waiter of w; mem_req_valid_o = an MSHR still has to send its
// line request and mem_req_addr_o is that line; fill_o = memory answers, with
// fill_line_o = the line requested first.  With swas_i a miss has no waiter
// (no answer), the warp is suspended (no request) until fill_o reports its
// line, which must come at or after the miss cycle.  Liveness: every request
// is answered and every SWaS miss filled within MAXAGE cycles, and after a
// drain at the end nothing is left outstanding.
// Coverage (fails if zero): hits, misses, merged misses (into an MSHR still
// waiting for memory), s1 stalls; where the mode allows them: answers out of
// request order for one warp, kills that dropped a waiter, waiter answers, a
// miss joining a FILLED MSHR (no swas), swas miss reports, a swas miss while
// its line's MSHR is FILLED (it must take a new MSHR and see a new fill_o).
// Parameter points (W, SW, LINES, LINE_WORDS, MSHRS, WAITS, swas):
// (4,3,8,4,2,4,0) (8,3,16,8,4,8,0) (2,2,8,4,1,2,0) (4,3,8,8,2,4,1),
// (3,2,16,4,3,3, swas toggled per phase once nothing is in flight), all
// direct-mapped, and two set-associative points: 8 lines in 2 ways
// (4,3,8,4,2,4,0) and 16 lines in 4 ways (3,2,16,4,3,3, swas toggled).
// HIT_LAT (the front-end depth): points 0, 4 and 5 also run a second DUT
// with HIT_LAT = 3, 2 and 4 on the same inputs, whose answers must be the
// first DUT's delayed by HIT_LAT - 1 cycles (dropped by a kill in between),
// with every other output equal in the same cycle and pend_o covering the
// waiter answers in the answer stages (gen_hl below; coverage: answers,
// waiter answers and kills inside the answer stages).
// TB_INJECT_FAULT: the model does not drop waiters on a kill.
// Runs on Verilator only (run.sh SIMS): Icarus 11 cannot run the DUT; the
// bench itself is Icarus-clean (same log as Verilator on a patched DUT).
//
// unit-rtl: rtl/frontend/weft_icache.sv
// unit-sims: verilator
// tb_weft_icache: Icarus 11 does not parse `parameter int unsigned` (syntax
// error), which rtl/frontend/weft_icache.sv uses in its parameter list; with
// that patched, Icarus still hangs in a zero-delay loop in the always_comb
// that writes and reads back m_st_d/m_wv_d, and leaves `assign fill_m =
// ord_q[0]` at X.
module tb_weft_icache_inst #(
  parameter int W     = 4,
  parameter int SW    = 3,
  parameter int LINES = 8,
  parameter int WAYS  = 1,     // the model mirrors the round-robin victim of each set
  parameter int LW    = 4,     // LINE_WORDS
  parameter int MSHRS = 2,
  parameter int WAITS = 4,
  parameter int SWAS  = 0,     // 0 off, 1 on, 2 toggled per phase
  parameter int SEED  = 1,
  parameter int NCYC  = 6000,
  parameter int HL    = 1      // > 1: also a DUT with HIT_LAT = HL, checked against this one (below)
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW     = (W > 1) ? $clog2(W) : 1;
  localparam int OW     = $clog2(LW);
  localparam int SETS   = LINES / WAYS;
  localparam int XW     = $clog2(SETS);
  localparam int LAW    = 32 - 2 - OW;
  localparam int NS     = 1 << SW;           // slots per warp
  localparam int NR     = W * NS;            // request table: wid*NS + slot
  localparam int MQ     = 16;                // memory queue capacity
  localparam int MAXAGE = 3000;
  localparam int DRAIN  = 3000;
  localparam int PHASE  = 400;
  localparam int MAXSPANL = 4096 / (LW * 4); // span at most 4 kB (in lines)
  localparam logic [31:0] BASE = 32'hA5A4_0000;

  localparam logic [1:0] R_FREE = 2'd0, R_S1 = 2'd1, R_WAIT = 2'd2;
  localparam logic [1:0] E_FREE = 2'd0, E_REQ = 2'd1, E_MEM = 2'd2, E_FILLED = 2'd3;

  logic             rst_n, swas, flush, req_valid, req_ready;
  logic [W-1:0]     kill, pend;
  logic [IW-1:0]    req_wid, rsp_wid, miss_wid;
  logic [SW-1:0]    req_slot, rsp_slot, miss_slot;
  logic [31:0]      req_pc, rsp_instr, mreq_addr;
  logic             rsp_valid, miss_valid, fill, mreq_valid, mreq_ready, mrsp_valid;
  logic [LAW-1:0]   fill_line;
  logic [LW*32-1:0] mrsp_data;

  weft_icache #(.W(W), .SW(SW), .LINES(LINES), .WAYS(WAYS), .LINE_WORDS(LW), .MSHRS(MSHRS), .WAITS(WAITS)) dut (
    .clk_i(clk), .rst_ni(rst_n), .swas_i(swas), .flush_i(flush), .kill_i(kill),
    .req_valid_i(req_valid), .req_ready_o(req_ready), .req_wid_i(req_wid),
    .req_slot_i(req_slot), .req_pc_i(req_pc),
    .rsp_valid_o(rsp_valid), .rsp_wid_o(rsp_wid), .rsp_slot_o(rsp_slot), .rsp_instr_o(rsp_instr),
    .miss_valid_o(miss_valid), .miss_wid_o(miss_wid), .miss_slot_o(miss_slot),
    .fill_o(fill), .fill_line_o(fill_line),
    .mem_req_valid_o(mreq_valid), .mem_req_ready_i(mreq_ready), .mem_req_addr_o(mreq_addr),
    .mem_rsp_valid_i(mrsp_valid), .mem_rsp_data_i(mrsp_data),
    .pend_o(pend)
  );

  // HIT_LAT (the front-end depth, docs/architecture.md): a second DUT with
  // HIT_LAT = HL on the same inputs. Its answers must be the first DUT's
  // (checked by the model below) delayed by HL - 1 cycles, an answer being
  // dropped when its warp is killed in any cycle after it left the first
  // DUT's s1/MSHR (kill_i in the answer stages), and everything else
  // (misses one cycle after the request, req_ready_o, fills, line requests)
  // the same in the same cycle; pend_o[w] also covers a waiter's answer of w
  // in the answer stages. Coverage: answers through the stages, waiter
  // answers among them, answers dropped by a kill inside the stages.
  int unsigned n2_ans, n2_wans, n2_kill;   // HL > 1 coverage
  if (HL > 1) begin : gen_hl
    localparam int D = HL - 1;
    logic          rsp_valid2, miss_valid2, req_ready2, fill2, mreq_valid2;
    logic [IW-1:0] rsp_wid2, miss_wid2;
    logic [SW-1:0] rsp_slot2, miss_slot2;
    logic [31:0]   rsp_instr2, mreq_addr2;
    logic [LAW-1:0] fill_line2;
    logic [W-1:0]  pend2;
    logic          dv [D];
    logic          dm [D];
    logic [IW-1:0] dw [D];
    logic [SW-1:0] ds [D];
    logic [31:0]   di [D];
    weft_icache #(.W(W), .SW(SW), .LINES(LINES), .WAYS(WAYS), .LINE_WORDS(LW), .MSHRS(MSHRS), .WAITS(WAITS),
                  .HIT_LAT(HL)) dut2 (
      .clk_i(clk), .rst_ni(rst_n), .swas_i(swas), .flush_i(flush), .kill_i(kill),
      .req_valid_i(req_valid), .req_ready_o(req_ready2), .req_wid_i(req_wid),
      .req_slot_i(req_slot), .req_pc_i(req_pc),
      .rsp_valid_o(rsp_valid2), .rsp_wid_o(rsp_wid2), .rsp_slot_o(rsp_slot2), .rsp_instr_o(rsp_instr2),
      .miss_valid_o(miss_valid2), .miss_wid_o(miss_wid2), .miss_slot_o(miss_slot2),
      .fill_o(fill2), .fill_line_o(fill_line2),
      .mem_req_valid_o(mreq_valid2), .mem_req_ready_i(mreq_ready), .mem_req_addr_o(mreq_addr2),
      .mem_rsp_valid_i(mrsp_valid), .mem_rsp_data_i(mrsp_data),
      .pend_o(pend2)
    );
    always @(posedge clk) begin
      logic e;
      logic [W-1:0] ep;
      if (!rst_n) begin
        for (int i = 0; i < D; i++) dv[i] = 1'b0;
        n2_ans = 0; n2_wans = 0; n2_kill = 0;
      end else begin
        e = dv[D-1] && !kill[dw[D-1]];
        tb_checks += 5;
        if (rsp_valid2 !== e)
          tb_err($sformatf("HIT_LAT %0d: rsp_valid_o %b, expected %b (the HIT_LAT 1 answer %0d cycles ago)",
                           HL, rsp_valid2, e, D));
        else if (e && (rsp_wid2 !== dw[D-1] || rsp_slot2 !== ds[D-1] || rsp_instr2 !== di[D-1]))
          tb_err($sformatf("HIT_LAT %0d: answer wid=%0d slot=%0d instr=0x%h, expected wid=%0d slot=%0d instr=0x%h",
                           HL, rsp_wid2, rsp_slot2, rsp_instr2, dw[D-1], ds[D-1], di[D-1]));
        if (e) begin
          n2_ans++;
          if (dm[D-1]) n2_wans++;
        end
        if (miss_valid2 !== miss_valid || (miss_valid && (miss_wid2 !== miss_wid || miss_slot2 !== miss_slot)))
          tb_err($sformatf("HIT_LAT %0d: miss_valid_o %b wid %0d slot %0d, HIT_LAT 1: %b wid %0d slot %0d",
                           HL, miss_valid2, miss_wid2, miss_slot2, miss_valid, miss_wid, miss_slot));
        if (req_ready2 !== req_ready)
          tb_err($sformatf("HIT_LAT %0d: req_ready_o %b, HIT_LAT 1: %b", HL, req_ready2, req_ready));
        if (fill2 !== fill || (fill && fill_line2 !== fill_line) || mreq_valid2 !== mreq_valid ||
            (mreq_valid && mreq_addr2 !== mreq_addr))
          tb_err($sformatf("HIT_LAT %0d: fill/line request differ from HIT_LAT 1", HL));
        ep = pend;
        for (int i = 0; i < D; i++) if (dv[i] && dm[i]) ep[dw[i]] = 1'b1;
        if (pend2 !== ep) tb_err($sformatf("HIT_LAT %0d: pend_o %b, expected %b", HL, pend2, ep));
        // step the answer stages
        for (int i = D - 1; i > 0; i--) begin
          if (dv[i-1] && kill[dw[i-1]]) n2_kill++;
          dv[i] = dv[i-1] && !kill[dw[i-1]];
          dm[i] = dm[i-1]; dw[i] = dw[i-1]; ds[i] = ds[i-1]; di[i] = di[i-1];
        end
        if (dv[D-1] && kill[dw[D-1]]) n2_kill++;
        dv[0] = rsp_valid === 1'b1;
        dm[0] = dut.dlv_valid;
        dw[0] = rsp_wid; ds[0] = rsp_slot; di[0] = rsp_instr;
      end
    end
  end else begin : gen_nohl
    initial begin
      n2_ans = 0; n2_wans = 0; n2_kill = 0;
    end
  end

  // Memory contents: a bijection of the address.
  function automatic logic [31:0] hashw(input logic [31:0] a);
    logic [31:0] x;
    x = a * 32'h9E3779B1;
    x = x ^ (x >> 15);
    x = x * 32'h85EBCA77;
    x = x ^ (x >> 13);
    return x;
  endfunction

  function automatic logic [LW*32-1:0] line_data(input logic [LAW-1:0] l);
    logic [LW*32-1:0] d;
    for (int i = 0; i < LW; i++) d[32*i +: 32] = hashw({l, OW'(i), 2'b00});
    return d;
  endfunction

  // ---------------------------------------------------------------- model
  logic [1:0]     rq_st  [NR];     // request state
  logic [31:0]    rq_pc  [NR];
  int             rq_e   [NR];     // MSHR of a waiter
  int unsigned    rq_seq [NR];     // order of acceptance within the warp
  int unsigned    rq_t   [NR];     // acceptance cycle
  int             s1;              // request in s1, -1 if none
  int unsigned    wseq [W];
  logic [31:0]    wpc  [W];        // next sequential pc of each warp
  logic [1:0]     me_st   [MSHRS];
  logic [1:0]     me_st0  [MSHRS];
  logic [LAW-1:0] me_line [MSHRS];
  int             me_nw   [MSHRS];
  logic           c_v    [LINES];      // way * SETS + set
  logic [LAW-1:0] c_line [LINES];
  int unsigned    c_rr   [SETS];
  int unsigned    fv;
  logic [LAW-1:0] mq_line [MQ];
  int unsigned    mq_due  [MQ];
  int             mq_n;
  logic           sp_v    [NR];    // SWaS miss waiting for fill_o of sp_line
  logic [LAW-1:0] sp_line [NR];
  int unsigned    sp_t    [NR];
  int unsigned    cyc;
  int unsigned    lat_nx;          // latency of a line request accepted this cycle

  int unsigned n_acc, n_hit, n_miss, n_merge, n_wans, n_ooo, n_kill, n_killw, n_kills1;
  int unsigned n_stall, n_st_dlv, n_st_mshr, n_st_wait, n_swas, n_fill, n_evict, n_flush;
  int unsigned n_byp, n_ownfill, n_mreq, n_filledjoin, n_toggle, n_swasfilled, n_fillflush;

  always @(posedge clk) begin
    int r, em, ef, er, nused, mr, wi;
    logic e, dlv, s1_live, s1_hit, canm, s1_done, exp_miss, exp_ready, anyw;
    logic [LAW-1:0] s1_line, fl;
    if (!rst_n) begin
      for (int i = 0; i < NR; i++) begin
        rq_st[i] = R_FREE;
        sp_v[i] = 1'b0;
      end
      for (int i = 0; i < MSHRS; i++) begin
        me_st[i] = E_FREE;
        me_nw[i] = 0;
      end
      for (int i = 0; i < LINES; i++) c_v[i] = 1'b0;
      for (int i = 0; i < SETS; i++) c_rr[i] = 0;
      for (int i = 0; i < W; i++) begin
        wseq[i] = 0;
        wpc[i] = BASE;
      end
      s1 = -1;
      mq_n = 0;
      cyc = 0;
    end else begin
      cyc++;
      for (int i = 0; i < MSHRS; i++) me_st0[i] = me_st[i];

      // pend_o: warps with a waiter.
      for (int i = 0; i < W; i++) begin
        e = 1'b0;
        for (int j = 0; j < NS; j++) if (rq_st[i*NS+j] == R_WAIT) e = 1'b1;
        tb_checks++;
        if (pend[i] !== e) tb_err($sformatf("pend_o[%0d]: got %b, expected %b", i, pend[i], e));
      end

      // Line request: an MSHR that has not sent its request yet.
      er = -1;
      e = 1'b0;
      for (int i = 0; i < MSHRS; i++) begin
        if (me_st[i] == E_REQ) begin
          e = 1'b1;
          if (me_line[i] == mreq_addr[31 -: LAW]) er = i;
        end
      end
      tb_checks++;
      if (mreq_valid !== e)
        tb_err($sformatf("mem_req_valid_o: got %b, expected %b", mreq_valid, e));
      else if (e && (er < 0 || mreq_addr[OW+1:0] != '0))
        tb_err($sformatf("mem_req_addr_o 0x%h is not a line still to be requested", mreq_addr));

      // Line fill: the oldest line request.
      ef = -1;
      fl = mq_line[0];
      tb_checks++;
      if (fill !== mrsp_valid) tb_err($sformatf("fill_o: got %b, expected %b", fill, mrsp_valid));
      if (mrsp_valid) begin
        tb_checks++;
        if (fill_line !== fl) tb_err($sformatf("fill_line_o: got 0x%h, expected 0x%h", fill_line, fl));
        for (int i = 0; i < MSHRS; i++) if (me_st[i] == E_MEM && me_line[i] == fl) ef = i;
        if (ef < 0) tb_err($sformatf("model: fill of line 0x%h without an MSHR", fl));
      end

      // A waiter answer is due: a waiter of a filled line whose warp is not killed.
      dlv = 1'b0;
      for (int i = 0; i < NR; i++)
        if (rq_st[i] == R_WAIT && me_st[rq_e[i]] == E_FILLED && !kill[i / NS]) dlv = 1'b1;

      // s1: hit, or miss and an MSHR/waiter entry for it.
      s1_live = 1'b0;
      s1_hit = 1'b0;
      canm = 1'b0;
      em = -1;
      s1_line = '0;
      if (s1 >= 0) begin
        s1_line = rq_pc[s1][31 -: LAW];
        s1_live = !kill[s1 / NS];
        s1_hit = 1'b0;
        for (int w = 0; w < WAYS; w++)
          if (c_v[w*SETS + int'(s1_line[XW-1:0])] && c_line[w*SETS + int'(s1_line[XW-1:0])] == s1_line) s1_hit = 1'b1;
        nused = 0;
        for (int i = 0; i < MSHRS; i++) begin
          if (me_st[i] != E_FREE) nused++;
          if (me_st[i] != E_FREE && !(swas && me_st[i] == E_FILLED) && me_line[i] == s1_line) begin
            if (em >= 0) tb_err($sformatf("model: two MSHRs for line 0x%h", s1_line));
            em = i;
          end
        end
        if (em >= 0) canm = swas || me_nw[em] < WAITS;
        else canm = nused < MSHRS;
      end
      exp_miss  = s1_live && !s1_hit && canm;
      s1_done   = s1_live && (s1_hit ? !dlv : canm);
      exp_ready = !(s1_live && !s1_done);
      tb_checks += 3;
      if (rsp_valid !== (dlv || (s1_live && s1_hit)))
        tb_err($sformatf("rsp_valid_o: got %b, expected %b (waiter due %b, s1 live %b hit %b)",
                         rsp_valid, dlv || (s1_live && s1_hit), dlv, s1_live, s1_hit));
      if (miss_valid !== exp_miss)
        tb_err($sformatf("miss_valid_o: got %b, expected %b (s1 live %b hit %b, MSHR/waiter entry free %b)",
                         miss_valid, exp_miss, s1_live, s1_hit, canm));
      if (req_ready !== exp_ready)
        tb_err($sformatf("req_ready_o: got %b, expected %b", req_ready, exp_ready));
      if (!exp_ready) begin
        n_stall++;
        if (s1_hit) n_st_dlv++;
        else if (em >= 0) n_st_wait++;
        else n_st_mshr++;
      end

      // The answer.
      if (rsp_valid === 1'b1) begin
        r = -1;
        if (int'(rsp_wid) < W) r = int'(rsp_wid) * NS + int'(rsp_slot);
        if (r < 0 || rq_st[r] == R_FREE)
          tb_err($sformatf("answer wid=%0d slot=%0d: no such request outstanding", rsp_wid, rsp_slot));
        else if (kill[r / NS])
          tb_err($sformatf("answer wid=%0d slot=%0d in the cycle its warp is killed", rsp_wid, rsp_slot));
        else if (dlv && !(rq_st[r] == R_WAIT && me_st[rq_e[r]] == E_FILLED))
          tb_err($sformatf("answer wid=%0d slot=%0d pc=0x%h: expected a waiter of a filled line",
                           rsp_wid, rsp_slot, rq_pc[r]));
        else if (!dlv && r != s1)
          tb_err($sformatf("answer wid=%0d slot=%0d pc=0x%h: expected the request in s1",
                           rsp_wid, rsp_slot, rq_pc[r]));
        else begin
          tb_checks++;
          if (rsp_instr !== hashw(rq_pc[r]))
            tb_err($sformatf("answer wid=%0d slot=%0d pc=0x%h: instr 0x%h, expected 0x%h",
                             rsp_wid, rsp_slot, rq_pc[r], rsp_instr, hashw(rq_pc[r])));
          anyw = 1'b0;
          for (int j = 0; j < NS; j++) begin
            wi = (r / NS) * NS + j;
            if (wi != r && rq_st[wi] != R_FREE && rq_seq[wi] < rq_seq[r]) anyw = 1'b1;
          end
          if (anyw) n_ooo++;
          if (rq_st[r] == R_WAIT) begin
            me_nw[rq_e[r]]--;
            n_wans++;
          end else begin
            n_hit++;
            s1 = -1;
          end
          rq_st[r] = R_FREE;
        end
      end

      // The miss of s1.
      mr = -1;
      if (exp_miss) begin
        tb_checks++;
        if (miss_valid === 1'b1 && (int'(miss_wid) != s1 / NS || int'(miss_slot) != s1 % NS))
          tb_err($sformatf("miss wid=%0d slot=%0d: expected wid=%0d slot=%0d",
                           miss_wid, miss_slot, s1 / NS, s1 % NS));
        n_miss++;
        if (em >= 0) begin
          if (me_st[em] != E_FILLED) n_merge++;
          else n_filledjoin++;
        end else begin
          // (SWaS: an MSHR that just filled the line does not count.)
          for (int i = 0; i < MSHRS; i++) if (me_st[i] == E_FILLED && me_line[i] == s1_line) n_swasfilled++;
          for (int i = MSHRS - 1; i >= 0; i--) if (me_st[i] == E_FREE) em = i;
          me_st[em] = E_REQ;
          me_line[em] = s1_line;
          me_nw[em] = 0;
        end
        if (swas) begin
          rq_st[s1] = R_FREE;
          sp_v[s1] = 1'b1;
          sp_line[s1] = s1_line;
          sp_t[s1] = cyc;
          n_swas++;
        end else begin
          rq_st[s1] = R_WAIT;
          rq_e[s1] = em;
          me_nw[em]++;
        end
        mr = s1;
        s1 = -1;
      end
      // (Only after an error above: keep the model going.)
      if (s1 >= 0 && s1_done) begin
        rq_st[s1] = R_FREE;
        s1 = -1;
      end

      // Kills drop s1 and the waiters of the warp.
      for (int i = 0; i < W; i++) begin
        if (kill[i]) begin
          n_kill++;
          anyw = 1'b0;
          for (int j = 0; j < NS; j++) begin
            wi = i * NS + j;
            if (rq_st[wi] == R_WAIT) begin
`ifndef TB_INJECT_FAULT
              me_nw[rq_e[wi]]--;
              rq_st[wi] = R_FREE;
`endif
              anyw = 1'b1;
            end else if (rq_st[wi] == R_S1) begin
              rq_st[wi] = R_FREE;
              n_kills1++;
            end
          end
          if (s1 >= 0 && s1 / NS == i) s1 = -1;
          if (anyw) n_killw++;
        end
      end

      // Memory: the fill, the cache, the line request.
      if (mrsp_valid) begin
        if (ef >= 0) me_st[ef] = E_FILLED;
        for (int i = 0; i < MQ - 1; i++) begin
          mq_line[i] = mq_line[i + 1];
          mq_due[i] = mq_due[i + 1];
        end
        mq_n--;
        n_fill++;
        fv = c_rr[int'(fl[XW-1:0])] * SETS + int'(fl[XW-1:0]);
        c_rr[int'(fl[XW-1:0])] = (c_rr[int'(fl[XW-1:0])] + 1) % WAYS;
        if (c_v[fv] && c_line[fv] != fl) n_evict++;
        c_v[fv] = 1'b1;
        c_line[fv] = fl;
        for (int i = 0; i < NR; i++) if (sp_v[i] && sp_line[i] == fl) sp_v[i] = 1'b0;
        if (s1 >= 0 && s1_line == fl) n_ownfill++;
        if (req_valid && req_ready && req_pc[31 -: LAW] == fl) n_byp++;
      end
      if (flush) begin
        for (int i = 0; i < LINES; i++) c_v[i] = 1'b0;
        n_flush++;
        if (mrsp_valid) n_fillflush++;
      end
      if (mreq_valid && mreq_ready && er >= 0) begin
        me_st[er] = E_MEM;
        if (mq_n >= MQ) tb_err("model: memory queue overflow");
        else begin
          mq_line[mq_n] = me_line[er];
          mq_due[mq_n] = cyc + lat_nx;
          mq_n++;
        end
        n_mreq++;
      end

      // A FILLED MSHR without waiters is freed.
      for (int i = 0; i < MSHRS; i++)
        if (me_st0[i] == E_FILLED && me_nw[i] == 0) me_st[i] = E_FREE;

      // The accepted request goes to s1.
      if (req_valid && req_ready === 1'b1) begin
        r = int'(req_wid) * NS + int'(req_slot);
        if (rq_st[r] != R_FREE) tb_err($sformatf("bench: slot %0d of warp %0d reused", req_slot, req_wid));
        rq_st[r] = R_S1;
        rq_pc[r] = req_pc;
        rq_seq[r] = wseq[req_wid];
        wseq[req_wid]++;
        rq_t[r] = cyc;
        s1 = r;
        wpc[req_wid] = req_pc + 32'd4;
        n_acc++;
      end
      // SWaS: the warp fetches the missed pc again after the fill.
      if (mr >= 0 && swas) wpc[mr / NS] = rq_pc[mr];

      // Liveness.
      if (cyc % 64 == 0) begin
        for (int i = 0; i < NR; i++) begin
          if (rq_st[i] != R_FREE && cyc - rq_t[i] > MAXAGE)
            tb_err($sformatf("request wid=%0d slot=%0d pc=0x%h accepted at cycle %0d: no answer",
                             i / NS, i % NS, rq_pc[i], rq_t[i]));
          if (sp_v[i] && cyc - sp_t[i] > MAXAGE)
            tb_err($sformatf("SWaS miss wid=%0d slot=%0d at cycle %0d: line 0x%h never filled",
                             i / NS, i % NS, sp_t[i], sp_line[i]));
        end
      end
    end
  end

  // ------------------------------------------------------------- stimulus
  int unsigned x, ph_chase, ph_req, ph_seq, ph_mrdy, ph_lat, ph_kill, ph_flush, ph_spanb;
  logic        chase, chfl, b, sq, ok, fr, quiet, want_toggle, draining;
  int          w, sl, c;
  logic [W-1:0] kv;
  logic [31:0] pc;
  string       swas_s;

  // The model has nothing in flight (no request, no MSHR, no line request).
  task automatic check_quiet(output logic q);
    q = (s1 < 0) && (mq_n == 0);
    for (int i = 0; i < NR; i++) if (rq_st[i] != R_FREE || sp_v[i]) q = 1'b0;
    for (int i = 0; i < MSHRS; i++) if (me_st[i] != E_FREE) q = 1'b0;
  endtask

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    if (SWAS == 2) swas_s = "toggled";
    else swas_s = $sformatf("%0d", SWAS);
    tb_name = $sformatf("W=%0d SW=%0d LINES=%0d WAYS=%0d LINE_WORDS=%0d MSHRS=%0d WAITS=%0d swas=%0s",
                        W, SW, LINES, WAYS, LW, MSHRS, WAITS, swas_s);
    tb_seed(SEED);
    n_acc = 0; n_hit = 0; n_miss = 0; n_merge = 0; n_wans = 0; n_ooo = 0; n_kill = 0; n_killw = 0;
    n_kills1 = 0; n_stall = 0; n_st_dlv = 0; n_st_mshr = 0; n_st_wait = 0; n_swas = 0; n_fill = 0;
    n_evict = 0; n_flush = 0; n_byp = 0; n_ownfill = 0; n_mreq = 0; n_filledjoin = 0; n_toggle = 0;
    n_swasfilled = 0; n_fillflush = 0;
    swas = (SWAS == 1);
    flush = 1'b0; kill = '0; req_valid = 1'b0; req_wid = '0; req_slot = '0; req_pc = '0;
    mreq_ready = 1'b0; mrsp_valid = 1'b0; mrsp_data = '0; lat_nx = 1;
    ph_chase = 0; ph_req = 0; ph_seq = 0; ph_mrdy = 100; ph_lat = 1; ph_kill = 0; ph_flush = 0;
    ph_spanb = LINES * LW * 4;
    want_toggle = 1'b0;
    draining = 1'b0;
    rst_n = 1'b0;
    @(negedge clk);
    @(negedge clk);
    rst_n = 1'b1;

    c = 0;
    quiet = 1'b0;
    while (c < NCYC || (!quiet && c < NCYC + DRAIN)) begin
      draining = c >= NCYC;
      if (c % PHASE == 0 && !draining) begin
        tb_below(71, x);
        ph_req = 30 + x;                 // request rate 30..100 %
        tb_below(46, x);
        ph_seq = 50 + x;                 // sequential pc 50..95 %
        tb_below(81, x);
        ph_mrdy = 20 + x;                // memory ready 20..100 %
        tb_below(40, x);
        ph_lat = 1 + x;                  // latency 1..ph_lat
        tb_below(7, x);
        ph_kill = x;                     // kill 0..6 %
        tb_below(6, x);
        ph_flush = x;                    // flush 0..5 per mille
        tb_below(4, x);
        if (x == 0) begin                // or a flush storm: 3..8 %
          tb_below(51, x);
          ph_flush = 30 + x;
        end
        tb_below(4, x);
        ph_chase = 10 * (x + 1);         // chase a fill 10..40 %
        tb_below(8, x);
        ph_spanb = (x + 1) * LINES;      // span in lines: 1..8 caches, at most 4 kB
        if (ph_spanb > MAXSPANL) ph_spanb = MAXSPANL;
        ph_spanb = ph_spanb * LW * 4;
        if (SWAS == 2 && c > 0) want_toggle = 1'b1;
      end
      if (draining) begin
        ph_req = 0;
        ph_kill = 0;
        ph_flush = 0;
        ph_chase = 0;
        ph_mrdy = 100;
      end
      // Memory.
      tb_chance(ph_mrdy, mreq_ready);
      tb_below(ph_lat, x);
      lat_nx = x + 1;
      tb_rand(x);
      if (mq_n > 0 && mq_due[0] <= cyc + 1) begin
        mrsp_valid = 1'b1;
        mrsp_data = line_data(mq_line[0]);
      end else begin
        mrsp_valid = 1'b0;
        mrsp_data = {LW{x}};
      end
      // Chase a fill: request a word of the line arriving in this cycle,
      // sometimes with a flush (the line is then not valid next cycle).
      tb_chance(ph_chase, chase);
      chase = chase && mrsp_valid;
      tb_chance(40, chfl);
      // Kill one random warp.
      kv = '0;
      tb_chance(ph_kill, b);
      tb_below(W, x);
      if (b) kv[x] = 1'b1;
      // A request: the first eligible warp from a random one (not killed,
      // not suspended by a SWaS miss, a free slot), a free slot from a random one.
      tb_chance(ph_req, b);
      if (want_toggle) b = 1'b0;
      tb_below(W, x);
      w = -1;
      for (int i = 0; i < W; i++) begin
        ok = !kv[(int'(x) + i) % W];
        fr = 1'b0;
        for (int j = 0; j < NS; j++) begin
          if (sp_v[((int'(x) + i) % W) * NS + j]) ok = 1'b0;
          if (rq_st[((int'(x) + i) % W) * NS + j] == R_FREE) fr = 1'b1;
        end
        if (w < 0 && ok && fr) w = (int'(x) + i) % W;
      end
      tb_below(NS, x);
      sl = -1;
      if (w >= 0)
        for (int j = 0; j < NS; j++)
          if (sl < 0 && rq_st[w * NS + (int'(x) + j) % NS] == R_FREE) sl = (int'(x) + j) % NS;
      tb_chance(ph_seq, sq);
      tb_rand(x);
      if (w >= 0 && sq) pc = wpc[w];
      else pc = BASE + ((x % ph_spanb) & ~32'd3);
      pc = BASE + ((pc - BASE) % ph_spanb);
      if (chase) pc = {mq_line[0], x[OW+1:2], 2'b00};
      if (b && w >= 0) begin
        req_valid = 1'b1;
        req_wid = IW'(w);
        req_slot = SW'(sl);
        req_pc = pc;
      end else begin
        // Junk on the idle request port.
        req_valid = 1'b0;
        req_wid = IW'(x);
        req_slot = SW'(x >> 8);
        req_pc = x;
      end
      kill = kv;
      tb_below(1000, x);
      flush = x < ph_flush || (chase && chfl);
      // SWaS toggle once nothing is in flight.
      check_quiet(quiet);
      if (want_toggle && quiet) begin
        swas = !swas;
        want_toggle = 1'b0;
        n_toggle++;
      end
      @(negedge clk);
      c++;
      check_quiet(quiet);
    end
    req_valid = 1'b0;
    kill = '0;
    flush = 1'b0;
    mrsp_valid = 1'b0;
    @(negedge clk);
    check_quiet(quiet);
    if (!quiet) tb_err($sformatf("not drained after %0d cycles: requests or line fills still outstanding", DRAIN));

    if (n_hit == 0 || n_miss == 0 || n_merge == 0 || n_stall == 0)
      tb_err($sformatf("coverage hole: hits=%0d misses=%0d merged=%0d s1-stalls=%0d",
                       n_hit, n_miss, n_merge, n_stall));
    if (SWAS != 1 && (n_ooo == 0 || n_killw == 0 || n_wans == 0))
      tb_err($sformatf("coverage hole: out-of-order=%0d kills-dropping-waiters=%0d waiter-answers=%0d",
                       n_ooo, n_killw, n_wans));
    if (SWAS != 0 && (n_swas == 0 || n_swasfilled == 0))
      tb_err($sformatf("coverage hole: swas-misses=%0d swas-miss-beside-filled-mshr=%0d", n_swas, n_swasfilled));
    if (SWAS != 1 && n_filledjoin == 0) tb_err("coverage hole: no miss joined a filled MSHR");
    if (SWAS == 2 && n_toggle < 2) tb_err($sformatf("coverage hole: swas toggled %0d times", n_toggle));
    if (HL > 1 && (n2_ans == 0 || n2_kill == 0 || (SWAS != 1 && n2_wans == 0)))
      tb_err($sformatf("coverage hole: HIT_LAT %0d answers=%0d waiter-answers=%0d killed-in-answer-stages=%0d",
                       HL, n2_ans, n2_wans, n2_kill));
    if (HL > 1)
      $display("  info %s: HIT_LAT %0d: answers=%0d waiter-answers=%0d killed-in-answer-stages=%0d",
               tb_name, HL, n2_ans, n2_wans, n2_kill);
    $display("  info %s: %0d checks, %0d cycles, accepted=%0d hits=%0d misses=%0d merged=%0d joined-filled=%0d",
             tb_name, tb_checks, cyc, n_acc, n_hit, n_miss, n_merge, n_filledjoin);
    $display("  info %s: waiter-answers=%0d out-of-order=%0d kills=%0d kills-dropping-waiters=%0d kills-of-s1=%0d",
             tb_name, n_wans, n_ooo, n_kill, n_killw, n_kills1);
    $display("  info %s: s1-stalls=%0d (behind-waiter=%0d no-mshr=%0d no-waiter-entry=%0d) swas-misses=%0d toggles=%0d",
             tb_name, n_stall, n_st_dlv, n_st_mshr, n_st_wait, n_swas, n_toggle);
    $display("  info %s: line-requests=%0d fills=%0d evictions=%0d flushes=%0d (in a fill cycle %0d) fill-bypass=%0d s1-own-fill=%0d",
             tb_name, n_mreq, n_fill, n_evict, n_flush, n_fillflush, n_byp, n_ownfill);
    $display("  info %s: swas-miss-beside-filled-mshr=%0d", tb_name, n_swasfilled);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_icache;
  logic        d0, d1, d2, d3, d4, d5, d6;
  logic [31:0] e0, e1, e2, e3, e4, e5, e6;

  tb_weft_icache_inst #(.W(4), .SW(3), .LINES(8), .LW(4), .MSHRS(2), .WAITS(4), .SWAS(0), .SEED(71), .HL(3))
    u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_icache_inst #(.W(8), .SW(3), .LINES(16), .LW(8), .MSHRS(4), .WAITS(8), .SWAS(0), .SEED(72))
    u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_icache_inst #(.W(2), .SW(2), .LINES(8), .LW(4), .MSHRS(1), .WAITS(2), .SWAS(0), .SEED(73))
    u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_icache_inst #(.W(4), .SW(3), .LINES(8), .LW(8), .MSHRS(2), .WAITS(4), .SWAS(1), .SEED(74))
    u_p3 (.done_o(d3), .errors_o(e3));
  tb_weft_icache_inst #(.W(3), .SW(2), .LINES(16), .LW(4), .MSHRS(3), .WAITS(3), .SWAS(2), .SEED(75), .HL(2))
    u_p4 (.done_o(d4), .errors_o(e4));
  tb_weft_icache_inst #(.W(4), .SW(3), .LINES(8), .WAYS(2), .LW(4), .MSHRS(2), .WAITS(4), .SWAS(0), .SEED(76), .HL(4))
    u_p5 (.done_o(d5), .errors_o(e5));
  tb_weft_icache_inst #(.W(3), .SW(2), .LINES(16), .WAYS(4), .LW(4), .MSHRS(3), .WAITS(3), .SWAS(2), .SEED(77))
    u_p6 (.done_o(d6), .errors_o(e6));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1 && d4 === 1'b1 && d5 === 1'b1 && d6 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_icache: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_icache: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_icache: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_icache: %s", u_p3.tb_first);
    else if (e4 != 0) $display("FAIL tb_weft_icache: %s", u_p4.tb_first);
    else if (e5 != 0) $display("FAIL tb_weft_icache: %s", u_p5.tb_first);
    else if (e6 != 0) $display("FAIL tb_weft_icache: %s", u_p6.tb_first);
    else              $display("PASS tb_weft_icache");
    $finish;
  end

  initial begin
    #(64'd2_000_000);
    $display("FAIL tb_weft_icache: timeout");
    $finish;
  end
endmodule
