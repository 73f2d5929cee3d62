// weft_smem: per-core banked shared memory (docs/memory.md, "Shared memory").
//
// WORDS 32-bit words in BANKS banks, word-interleaved (bank = word index mod
// BANKS, row = word index / BANKS); each bank is one single-ported array.
// A warp request (one at a time; ready while idle) is served in passes of one
// cycle: in a pass every bank serves the word of its lowest pending lane, and
// every pending lane of that bank that names the same word is served with it
// (a broadcast for loads; stores to one word in one pass are merged in lane
// order, so the highest lane's bytes win, as in lane-order execution). A
// request whose lanes hit k different words of one bank takes k passes: the
// bank-conflict serialization. A load answers with its tag in the cycle
// after its last pass; a store has no response (the LSU completes it at
// acceptance: later requests wait behind it).
// access_o pulses when a request is accepted, conflict_o in every pass after
// a request's first (the extra cycles that bank conflicts cost).
//
// Atomics (req_amo_i = {1, funct5}: the RV32A AMOs, lr.w, sc.w; full words):
// in a pass every bank serves only its lowest pending lane (no broadcast),
// reading the word, writing op(old, data) in the same cycle and answering
// the old word (sc.w: 0 on success, 1 on failure), so the lanes of one word
// execute one after the other in lane order and a request takes, per bank,
// as many passes as it has active lanes there. Reservations (lr.w/sc.w) are
// per thread (warp req_wid_i, lane), one word each: lr.w sets it, sc.w
// succeeds only if its own names the word and clears it either way, and
// every write of a word (store, AMO, successful sc.w) clears every
// reservation of that word; reset (every launch) clears them all.
module weft_smem #(
  parameter int T = 4,
  parameter int W = 4,           // warps (lr.w reservations per warp and lane)
  parameter int WORDS = 1024,    // a power of two
  parameter int BANKS = 4,       // a power of two, at most WORDS
  parameter int WW = $clog2(WORDS),   // word-index width (derived; do not override)
  parameter int IW = (W > 1) ? $clog2(W) : 1   // warp-id width (derived; do not override)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            req_valid_i,
  output logic            req_ready_o,
  input  logic            req_we_i,
  input  logic [T-1:0]    req_mask_i,
  input  logic [T*WW-1:0] req_word_i,     // word index per lane
  input  logic [T*4-1:0]  req_byteen_i,
  input  logic [T*32-1:0] req_data_i,     // store data in its byte lanes
  input  logic [7:0]      req_tag_i,
  input  logic [5:0]      req_amo_i,      // {atomic, funct5}; 0 = plain load/store
  input  logic [IW-1:0]   req_wid_i,      // the warp (atomics: its reservations)
  output logic            rsp_valid_o,
  output logic [7:0]      rsp_tag_o,
  output logic [T*32-1:0] rsp_data_o,
  output logic            access_o,
  output logic            conflict_o
);

  localparam int BW = (BANKS > 1) ? $clog2(BANKS) : 1;
  localparam int ROWS = WORDS / BANKS;
  localparam int RW = (ROWS > 1) ? $clog2(ROWS) : 1;
  localparam int LW = (T > 1) ? $clog2(T) : 1;
  localparam logic [4:0] F5_LR = 5'h02, F5_SC = 5'h03;

  // The request's fields are one register, q_q (QO_* below: the lane data
  // first, at a word boundary), loaded by one assignment: as eight
  // registers under one enable the simulator tested the enable once per
  // register (issue 17, fourteenth session).
  localparam int QO_WD = T * 32, QO_BE = QO_WD + T * WW, QO_TAG = QO_BE + T * 4, QO_WE = QO_TAG + 8,
                 QO_AMO = QO_WE + 1, QO_F5 = QO_AMO + 1, QO_WID = QO_F5 + 5, QQW = QO_WID + IW;
  logic [QQW-1:0]  q_q;
  logic            busy_q, we_q, first_q, rsp_q;
  logic [T-1:0]    pend_q, serve;
  logic [T*WW-1:0] word_q;
  logic [T*4-1:0]  be_q;
  logic [T*32-1:0] data_q, res_q;
  logic [7:0]      tag_q;
  logic [BANKS*32-1:0] rdata;       // each bank's read word this pass
  logic [BANKS*WW-1:0] bword;       // each bank's chosen word
  logic [BANKS-1:0]    bact;        // the bank has a pending lane this pass
  logic [BANKS*LW-1:0] blane;       // each bank's lowest pending lane
  logic [BANKS-1:0]    bwr;         // the bank writes its word this pass
  logic [BANKS-1:0]    bscok;       // atomics: the bank's sc.w succeeds
  logic                amo_q;
  logic [4:0]          f5_q;
  logic [IW-1:0]       wid_q;
  assign data_q = q_q[0 +: T * 32];
  assign word_q = q_q[QO_WD +: T * WW];
  assign be_q   = q_q[QO_BE +: T * 4];
  assign tag_q  = q_q[QO_TAG +: 8];
  assign we_q   = q_q[QO_WE];
  assign amo_q  = q_q[QO_AMO];
  assign f5_q   = q_q[QO_F5 +: 5];
  assign wid_q  = q_q[QO_WID +: IW];
  logic [W*T-1:0]      rv_q;        // reservations: valid, per (warp, lane)
  logic [W*T*WW-1:0]   rvw_q;       // ... and their words

  logic fire;
  assign req_ready_o = !busy_q;
  assign fire        = req_valid_i && req_ready_o;
  assign access_o    = fire;
  assign conflict_o  = busy_q && !first_q;

  function automatic logic [BW-1:0] bank_of(input logic [WW-1:0] w);
    bank_of = (BANKS > 1) ? BW'(w % WW'(BANKS)) : '0;
  endfunction

  // The word an AMO writes back (sim/amo.h, weft_amo_new).
  function automatic logic [31:0] amo_new(input logic [4:0] f5, input logic [31:0] old,
                                          input logic [31:0] src);
    unique case (f5)
      5'h00:   amo_new = old + src;
      5'h01:   amo_new = src;
      5'h04:   amo_new = old ^ src;
      5'h08:   amo_new = old | src;
      5'h0c:   amo_new = old & src;
      5'h10:   amo_new = ($signed(old) < $signed(src)) ? old : src;
      5'h14:   amo_new = ($signed(old) > $signed(src)) ? old : src;
      5'h18:   amo_new = (old < src) ? old : src;
      5'h1c:   amo_new = (old > src) ? old : src;
      default: amo_new = old;
    endcase
  endfunction

  // Per bank, the lowest pending lane and its word; an atomic serves only
  // that lane, a load or store every pending lane naming the same word.
  // Evaluated only while a request is being served (busy_q; an idle unit
  // has no pending lane, and every use of these signals is under busy_q):
  // the simulator skips the bank selection in idle cycles (issue 17).
  always_comb begin
    bact  = '0;
    bword = '0;
    blane = '0;
    serve = '0;
    bscok = '0;
    if (busy_q) begin
      for (int b = 0; b < BANKS; b++)
        for (int t = T - 1; t >= 0; t--)
          if (pend_q[t] && 32'(bank_of(word_q[t*WW +: WW])) == b) begin
            bact[b] = 1'b1;
            bword[b*WW +: WW] = word_q[t*WW +: WW];
            blane[b*LW +: LW] = LW'(t);
          end
      for (int t = 0; t < T; t++)
        serve[t] = pend_q[t] && (amo_q ? (32'(blane[32'(bank_of(word_q[t*WW +: WW]))*LW +: LW]) == t)
                                       : (word_q[t*WW +: WW] == bword[32'(bank_of(word_q[t*WW +: WW]))*WW +: WW]));
      // sc.w: the serving lane's own reservation names the word (atomics only)
      if (amo_q) begin
        for (int b = 0; b < BANKS; b++)
          bscok[b] = rv_q[32'(wid_q) * T + 32'(blane[b*LW +: LW])] &&
                     rvw_q[(32'(wid_q) * T + 32'(blane[b*LW +: LW]))*WW +: WW] == bword[b*WW +: WW];
      end
    end
  end

  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    logic [31:0]   mem_q [ROWS];
    logic [RW-1:0] row;
    logic [31:0]   wdata;
    logic          wr;
    logic [31:0]   adata;   // atomics: the serving lane's operand
    logic          scok;
    assign row = (ROWS > 1) ? RW'(bword[b*WW +: WW] / WW'(BANKS)) : '0;
    assign scok  = bscok[b];
    // (the read word, the write word and the atomic operand only while the
    // bank serves a lane: rdata, wr and wdata are used only under busy_q &&
    // bact[b]; the simulator reads no bank in an idle cycle, issue 17)
    always_comb begin
      rdata[b*32 +: 32] = '0;
      wdata = '0;
      wr    = 1'b0;
      adata = '0;
      if (busy_q && bact[b]) begin
        rdata[b*32 +: 32] = mem_q[row];
        adata = data_q[32'(blane[b*LW +: LW])*32 +: 32];
        wdata = mem_q[row];
        if (amo_q) begin
          wr    = (f5_q == F5_SC) ? scok : (f5_q != F5_LR);
          wdata = (f5_q == F5_SC) ? adata : amo_new(f5_q, mem_q[row], adata);
        end else begin
          for (int t = 0; t < T; t++)
            if (serve[t] && 32'(bank_of(word_q[t*WW +: WW])) == b && we_q) begin
              wr = 1'b1;
              for (int k = 0; k < 4; k++)
                if (be_q[t*4 + k]) wdata[k*8 +: 8] = data_q[t*32 + k*8 +: 8];
            end
        end
      end
    end
    assign bwr[b] = wr;   // (wr is 0 unless busy_q && bact[b])
    always_ff @(posedge clk_i) begin
      if (wr) mem_q[row] <= wdata;
    end
  end

  // (busy_q and pend_q are each loaded by one assignment, in a cycle that
  // takes a request, serves one or resets: a register assigned twice that
  // also reads itself costs the simulator a shadow copy every cycle;
  // issue 17. serve is 0 while idle.)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || fire || busy_q) begin
      busy_q <= rst_ni && (fire ? |req_mask_i : (pend_q & ~serve) != '0);
      pend_q <= !rst_ni ? '0 : fire ? req_mask_i : (pend_q & ~serve);
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rsp_q  <= 1'b0;
    end else begin
      rsp_q <= 1'b0;
      if (fire) begin
        first_q <= 1'b1;
        // a load with no active lane answers at once
        rsp_q   <= !req_we_i && !(|req_mask_i);
      end else if (busy_q) begin
        first_q <= 1'b0;
        if ((pend_q & ~serve) == '0) rsp_q <= !we_q;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (fire) q_q <= {req_wid_i, req_amo_i[4:0], req_amo_i[5], req_we_i, req_tag_i, req_byteen_i, req_word_i, req_data_i};
    if (busy_q) begin
      for (int t = 0; t < T; t++)
        if (serve[t])
          res_q[t*32 +: 32] <= (amo_q && f5_q == F5_SC) ? 32'(!bscok[32'(bank_of(word_q[t*WW +: WW]))])
                                                        : rdata[32'(bank_of(word_q[t*WW +: WW]))*32 +: 32];
    end
  end

  // Reservations: a written word clears every reservation of it; the
  // serving lane's sc.w clears its own, its lr.w sets it.
  // (one test of reset and busy_q for all of them, not one per
  // reservation and cycle; issue 17)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) rv_q <= '0;
    else if (busy_q) begin
      for (int r = 0; r < W * T; r++) begin
        logic hit;
        hit = 1'b0;
        for (int b = 0; b < BANKS; b++)
          if (bwr[b] && bword[b*WW +: WW] == rvw_q[r*WW +: WW]) hit = 1'b1;
        if (amo_q && r / T == 32'(wid_q) && serve[r % T] && f5_q == F5_LR) begin
          rv_q[r]  <= 1'b1;
          rvw_q[r*WW +: WW] <= word_q[(r % T)*WW +: WW];
        end else if ((amo_q && r / T == 32'(wid_q) && serve[r % T] && f5_q == F5_SC) || hit) begin
          rv_q[r] <= 1'b0;
        end
      end
    end
  end

  assign rsp_valid_o = rsp_q;
  assign rsp_tag_o   = tag_q;
  assign rsp_data_o  = res_q;

endmodule
