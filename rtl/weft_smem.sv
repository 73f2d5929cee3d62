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
module weft_smem #(
  parameter int T = 4,
  parameter int WORDS = 1024,    // a power of two
  parameter int BANKS = 4,       // a power of two, at most WORDS
  parameter int WW = $clog2(WORDS)   // word-index width (derived; do not override)
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
  output logic            rsp_valid_o,
  output logic [7:0]      rsp_tag_o,
  output logic [T*32-1:0] rsp_data_o,
  output logic            access_o,
  output logic            conflict_o
);

  localparam int BW = (BANKS > 1) ? $clog2(BANKS) : 1;
  localparam int ROWS = WORDS / BANKS;
  localparam int RW = (ROWS > 1) ? $clog2(ROWS) : 1;

  logic            busy_q, we_q, first_q, rsp_q;
  logic [T-1:0]    pend_q, serve;
  logic [T*WW-1:0] word_q;
  logic [T*4-1:0]  be_q;
  logic [T*32-1:0] data_q, res_q;
  logic [7:0]      tag_q;
  logic [BANKS*32-1:0] rdata;       // each bank's read word this pass
  logic [BANKS*WW-1:0] bword;       // each bank's chosen word
  logic [BANKS-1:0]    bact;        // the bank has a pending lane this pass

  logic fire;
  assign req_ready_o = !busy_q;
  assign fire        = req_valid_i && req_ready_o;
  assign access_o    = fire;
  assign conflict_o  = busy_q && !first_q;

  function automatic logic [BW-1:0] bank_of(input logic [WW-1:0] w);
    bank_of = (BANKS > 1) ? BW'(w % WW'(BANKS)) : '0;
  endfunction

  // Per bank, the lowest pending lane's word.
  always_comb begin
    bact  = '0;
    bword = '0;
    for (int b = 0; b < BANKS; b++)
      for (int t = T - 1; t >= 0; t--)
        if (pend_q[t] && 32'(bank_of(word_q[t*WW +: WW])) == b) begin
          bact[b] = 1'b1;
          bword[b*WW +: WW] = word_q[t*WW +: WW];
        end
    for (int t = 0; t < T; t++)
      serve[t] = pend_q[t] && word_q[t*WW +: WW] == bword[32'(bank_of(word_q[t*WW +: WW]))*WW +: WW];
  end

  for (genvar b = 0; b < BANKS; b++) begin : g_bank
    logic [31:0]   mem_q [ROWS];
    logic [RW-1:0] row;
    logic [31:0]   wdata;
    logic          wr;
    assign row = (ROWS > 1) ? RW'(bword[b*WW +: WW] / WW'(BANKS)) : '0;
    assign rdata[b*32 +: 32] = mem_q[row];
    always_comb begin
      wdata = mem_q[row];
      wr    = 1'b0;
      for (int t = 0; t < T; t++)
        if (serve[t] && 32'(bank_of(word_q[t*WW +: WW])) == b && we_q) begin
          wr = 1'b1;
          for (int k = 0; k < 4; k++)
            if (be_q[t*4 + k]) wdata[k*8 +: 8] = data_q[t*32 + k*8 +: 8];
        end
    end
    always_ff @(posedge clk_i) begin
      if (busy_q && bact[b] && wr) mem_q[row] <= wdata;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      rsp_q  <= 1'b0;
      pend_q <= '0;
    end else begin
      rsp_q <= 1'b0;
      if (fire) begin
        busy_q  <= |req_mask_i;
        pend_q  <= req_mask_i;
        first_q <= 1'b1;
        // a load with no active lane answers at once
        rsp_q   <= !req_we_i && !(|req_mask_i);
      end else if (busy_q) begin
        pend_q  <= pend_q & ~serve;
        first_q <= 1'b0;
        if ((pend_q & ~serve) == '0) begin
          busy_q <= 1'b0;
          rsp_q  <= !we_q;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (fire) begin
      we_q <= req_we_i; word_q <= req_word_i; be_q <= req_byteen_i; data_q <= req_data_i;
      tag_q <= req_tag_i;
    end
    for (int t = 0; t < T; t++)
      if (busy_q && serve[t]) res_q[t*32 +: 32] <= rdata[32'(bank_of(word_q[t*WW +: WW]))*32 +: 32];
  end

  assign rsp_valid_o = rsp_q;
  assign rsp_tag_o   = tag_q;
  assign rsp_data_o  = res_q;

endmodule
