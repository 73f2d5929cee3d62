// weft_icache: the I-cache stage: a set-associative (WAYS = 1: direct-mapped),
// pipelined, non-blocking instruction cache (docs/architecture.md,
// docs/scheduling.md). LINES lines in LINES / WAYS sets; a fill replaces the
// way of a round-robin pointer per set.
//
// Pipeline. Cycle t: a request (warp, insert-queue slot, pc) is accepted
// (req_valid_i && req_ready_o) and the data word is read from every way's
// data array (synchronous read). Cycle t+1 (stage s1): the tags are compared. A hit is
// answered on rsp_* in that cycle. A miss is known in that cycle too
// (miss_valid_o, one cycle after the request, as SWaS needs): the line goes
// to an MSHR and, unless swas_i, the request waits there as a "waiter"; when
// the line arrives (memory answers line requests in order) it is written
// into the arrays and kept in the MSHR, which answers its waiters one per
// cycle on rsp_* (hit under miss: other warps' hits go on meanwhile, so
// answers of one warp can come back out of order; the insert queue of
// weft_iqueue puts them back in order by slot). With swas_i a miss has no
// waiter: the warp is suspended and fetches the pc again after fill_o
// reports its line (seed 002 sec. V-B).
//
// rsp_* is always accepted (the insert-queue slot was allocated at fetch).
// A waiter answer has priority over an s1 hit; the hit then waits in s1 and
// no request is accepted (req_ready_o low). s1 also waits when a miss finds
// no MSHR (all MSHRS busy) or no free waiter entry in its line's MSHR.
//
// kill_i[w] drops every pending request of warp w (in s1 and in the MSHRs):
// its instructions were flushed. The line fills go on. A request of warp w
// must not be presented in a cycle with kill_i[w] (fetch masks it).
// flush_i (fence.i) invalidates every line; fills already requested still
// complete.
//
// Hit latency (HIT_LAT >= 1, docs/architecture.md "Front-end depth"): every
// answer, a hit of s1 or a waiter of an MSHR, passes HIT_LAT - 1 more
// registers (the answer stages s2..) before rsp_*: a hit requested in cycle t
// is answered in t + HIT_LAT. The stages never stall (rsp_* is always
// accepted); kill_i drops a killed warp's answers in them as in s1. A miss is
// still reported one cycle after its request (miss_valid_o from s1). With
// HIT_LAT = 1 there is no answer stage and the cache is cycle for cycle the
// one described above. pend_o also covers a waiter's answer still in the
// answer stages (the miss is not answered until it leaves them).
//
// Initiation interval (II >= 1, docs/architecture.md "Front-end throughput"):
// after accepting a request the cache accepts no other for II - 1 cycles
// (req_ready_o low), as a cache that is not pipelined for requests (one tag
// lookup every II cycles). Only request acceptance is throttled: s1, the
// answer stages, the MSHRs and their waiter answers run as with II = 1.
// With II = 1 there is no interval register and the cache is cycle for cycle
// the one described above.
//
// Invariants: each accepted request of a warp not killed gets exactly one
// answer on rsp_* (or, with swas_i and a miss, exactly one miss_valid_o and
// no answer); answers carry the word at the request's pc.
module weft_icache #(
  parameter int unsigned W = 4,
  parameter int unsigned SW = 3,               // insert-queue slot id bits
  parameter int unsigned LINES = 128,
  parameter int unsigned WAYS = 1,             // a power of two; LINES / WAYS >= 2 sets
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned MSHRS = 4,
  parameter int unsigned WAITS = 8,            // waiters per MSHR
  parameter int unsigned HIT_LAT = 1,          // cycles from a request to its hit answer (>= 1)
  parameter int unsigned II = 1,               // cycles from an accepted request to the next one (>= 1)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned OW = $clog2(LINE_WORDS),  // word offset bits
  localparam int unsigned SETS = LINES / WAYS,
  localparam int unsigned XW = $clog2(SETS),        // set index bits
  localparam int unsigned WB = (WAYS > 1) ? $clog2(WAYS) : 1,
  localparam int unsigned TW = 32 - 2 - OW - XW,    // tag bits
  localparam int unsigned LAW = 32 - 2 - OW,        // line address bits
  localparam int unsigned MW = (MSHRS > 1) ? $clog2(MSHRS) : 1,
  localparam int unsigned KW = (WAITS > 1) ? $clog2(WAITS) : 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          swas_i,      // misses are reported, not waited for
  input  logic          flush_i,     // invalidate every line (fence.i)
  input  logic [W-1:0]  kill_i,      // drop the pending requests of these warps
  // from fetch
  input  logic          req_valid_i,
  output logic          req_ready_o,
  input  logic [IW-1:0] req_wid_i,
  input  logic [SW-1:0] req_slot_i,
  input  logic [31:0]   req_pc_i,
  // answers (always accepted)
  output logic          rsp_valid_o,
  output logic [IW-1:0] rsp_wid_o,
  output logic [SW-1:0] rsp_slot_o,
  output logic [31:0]   rsp_instr_o,
  // a request missed (this cycle, one cycle after it was accepted)
  output logic          miss_valid_o,
  output logic [IW-1:0] miss_wid_o,
  output logic [SW-1:0] miss_slot_o,
  // a line arrived from memory this cycle
  output logic          fill_o,
  output logic [LAW-1:0] fill_line_o,
  // memory (line requests, answers in request order)
  output logic          mem_req_valid_o,
  input  logic          mem_req_ready_i,
  output logic [31:0]   mem_req_addr_o,
  input  logic          mem_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] mem_rsp_data_i,
  // warps with a request waiting in an MSHR
  output logic [W-1:0]  pend_o
);

  localparam logic [1:0] M_FREE = 2'd0, M_REQ = 2'd1, M_WAIT = 2'd2, M_FILLED = 2'd3;

  logic [TW-1:0]    tag_q [LINES];      // line (way * SETS + set)
  logic [LINES-1:0] lvalid_q;
  logic [WB-1:0]    rr_q [SETS];        // the next victim way of each set

  // stage s1
  logic          s1_valid_q;
  // (the request's warp, slot and pc are one register, s1_q = {slot, wid,
  // pc}, loaded by one assignment: as three registers under one enable the
  // simulator tested the enable once per register; issue 17, fourteenth
  // session)
  logic [SW+IW+31:0] s1_q;
  logic [IW-1:0] s1_wid_q;
  logic [SW-1:0] s1_slot_q;
  logic [31:0]   s1_pc_q;
  assign s1_pc_q   = s1_q[31:0];
  assign s1_wid_q  = s1_q[32 +: IW];
  assign s1_slot_q = s1_q[32 + IW +: SW];
  logic [WAYS*32-1:0] word_q;           // the word of every way

  // MSHRs
  logic [1:0]     m_st_q [MSHRS];
  logic [1:0]     m_st_d [MSHRS];
  logic [LAW-1:0] m_line_q [MSHRS];
  logic [LINE_WORDS*32-1:0] m_buf_q [MSHRS];
  logic [WAITS-1:0] m_wv_q [MSHRS];
  logic [WAITS-1:0] m_wv_d [MSHRS];
  logic [IW-1:0]  m_wwid_q [MSHRS*WAITS];
  logic [SW-1:0]  m_wslot_q [MSHRS*WAITS];
  logic [OW-1:0]  m_woff_q [MSHRS*WAITS];
  // memory answer order: MSHR ids in request order
  logic [MW-1:0]  ord_q [MSHRS];
  logic [MW:0]    ord_cnt_q;

  logic [XW-1:0]  s1_idx;
  logic [TW-1:0]  s1_tag;
  logic [LAW-1:0] s1_line;
  logic           s1_live, hit;
  logic           dlv_valid;
  logic [MW-1:0]  dlv_m;
  logic [KW-1:0]  dlv_k;
  logic           match_found, free_found, wfree_found;
  logic [MW-1:0]  match_m, free_m;
  logic [KW-1:0]  wfree_k;
  logic           can_miss, s1_done, s1_hold;
  logic           req_fire;
  logic           mreq_found;
  logic [MW-1:0]  mreq_m;
  logic           fill;
  logic [MW-1:0]  fill_m;
  logic [XW-1:0]  fill_set;
  logic [WB-1:0]  fill_way, hway;
  logic [$clog2(LINES)-1:0] fill_loc;
  logic [WAITS-1:0] wkill [MSHRS];
  logic [MW-1:0]  alloc_m;           // the MSHR a missing s1 request goes to
  logic [1:0]     pc_lo_unused;
  assign alloc_m = match_found ? match_m : free_m;
  assign pc_lo_unused = s1_pc_q[1:0];

  assign s1_idx  = s1_pc_q[2+OW +: XW];
  assign s1_tag  = s1_pc_q[31 -: TW];
  assign s1_line = s1_pc_q[31 -: LAW];
  assign s1_live = s1_valid_q && !kill_i[s1_wid_q];
  // (the tag compare only with a request in s1: every use of hit and hway
  // is under s1_live; issue 17)
  always_comb begin
    hit  = 1'b0;
    hway = '0;
    if (s1_valid_q)
      for (int w = 0; w < WAYS; w++)
        if (lvalid_q[w*SETS + 32'(s1_idx)] && tag_q[w*SETS + 32'(s1_idx)] == s1_tag) begin
          hit = 1'b1;
          hway = WB'(w);
        end
  end

  assign fill     = mem_rsp_valid_i && ord_cnt_q != '0;
  assign fill_m   = ord_q[0];
  assign fill_set = m_line_q[fill_m][XW-1:0];
  assign fill_way = (WAYS > 1) ? rr_q[fill_set] : '0;
  assign fill_loc = $clog2(LINES)'(32'(fill_way) * SETS + 32'(fill_set));

  // (simulation speed, issue 17: the searches below run only when their
  // result can matter; the defaults are what the full search gives then)
  logic m_anyw;                         // some MSHR has a waiter
  // Some MSHR is not free (registered). A free MSHR has no waiter and no
  // line request or fill outstanding, so without one (the usual state: the
  // cache hits) the MSHR logic below is skipped; its outputs are then what
  // it gives for all-free MSHRs (issue 17; the same function).
  logic m_act_q, m_act_d;
  logic s1_miss;                        // s1's request goes to an MSHR this cycle
  always_comb begin
    m_anyw = 1'b0;
    if (m_act_q)
      for (int m = 0; m < MSHRS; m++) m_anyw = m_anyw || (m_wv_q[m] != '0);
  end

  always_comb begin
    // A waiter to answer: the first live waiter of the first filled MSHR
    // (none without a waiter).
    dlv_valid = 1'b0;
    dlv_m     = '0;
    dlv_k     = '0;
    if (m_anyw) begin
      for (int m = MSHRS - 1; m >= 0; m--) begin
        if (m_st_q[m] == M_FILLED && (m_wv_q[m] & ~wkill[m]) != '0) begin
          dlv_valid = 1'b1;
          dlv_m     = MW'(m);
          for (int k = WAITS - 1; k >= 0; k--)
            if (m_wv_q[m][k] && !kill_i[m_wwid_q[m*WAITS+k]]) dlv_k = KW'(k);
        end
      end
    end
  end

  always_comb begin
    // The MSHR of s1's line, a free MSHR, a free waiter entry: used only
    // when s1 holds a live request that missed.
    match_found = 1'b0;
    match_m     = '0;
    free_found  = 1'b0;
    free_m      = '0;
    wfree_found = 1'b0;
    wfree_k     = '0;
    if (s1_live && !hit) begin
      for (int m = MSHRS - 1; m >= 0; m--) begin
        // (SWaS: a filled MSHR does not count, its fill_o is past; the line
        // was evicted again and is fetched anew, so the warp sees a fill.)
        if (m_st_q[m] != M_FREE && !(swas_i && m_st_q[m] == M_FILLED) && m_line_q[m] == s1_line) begin
          match_found = 1'b1;
          match_m     = MW'(m);
        end
        if (m_st_q[m] == M_FREE) begin
          free_found = 1'b1;
          free_m     = MW'(m);
        end
      end
      for (int k = WAITS - 1; k >= 0; k--) begin
        if (match_found ? !m_wv_q[match_m][k] : 1'b1) begin
          wfree_found = 1'b1;
          wfree_k     = KW'(k);
        end
      end
    end
  end

  always_comb begin
    // The first MSHR whose line request is still to be sent.
    mreq_found = 1'b0;
    mreq_m     = '0;
    if (m_act_q) begin
      for (int m = MSHRS - 1; m >= 0; m--) begin
        if (m_st_q[m] == M_REQ) begin
          mreq_found = 1'b1;
          mreq_m     = MW'(m);
        end
      end
    end
  end

  // Waiters of each MSHR dropped by kill_i this cycle (none without a kill).
  // (built in a local and written once per MSHR: Icarus 11 loops on a
  // vector cleared and then set bit by bit that another always_comb reads)
  always_comb begin
    logic [WAITS-1:0] wk;
    for (int m = 0; m < MSHRS; m++) begin
      wk = '0;
      if (kill_i != '0 && m_anyw)   // (read only with a waiter)
        for (int k = 0; k < WAITS; k++) wk[k] = kill_i[m_wwid_q[m*WAITS+k]];
      wkill[m] = wk;
    end
  end

  // s1 retires this cycle (hit answered, or miss handed to an MSHR).
  assign can_miss = swas_i ? (match_found || free_found) : (match_found ? wfree_found : free_found);
  assign s1_done  = s1_live && (hit ? !dlv_valid : can_miss);
  assign s1_hold  = s1_live && !s1_done;
  logic ii_busy;                        // within II - 1 cycles of an accepted request
  assign req_ready_o = !s1_hold && !ii_busy;
  assign req_fire    = req_valid_i && req_ready_o;
  if (II > 1) begin : gen_ii
    localparam int unsigned IIW = $clog2(II);
    logic [IIW-1:0] ii_q;               // cycles left before the next request may be accepted
    assign ii_busy = ii_q != '0;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) ii_q <= '0;
      else if (req_fire) ii_q <= IIW'(II - 1);
      else if (ii_q != '0) ii_q <= ii_q - 1'b1;
    end
  end else begin : gen_noii
    assign ii_busy = 1'b0;
  end

  // The answer of this cycle (a waiter first, else an s1 hit); with
  // HIT_LAT > 1 it enters the answer stages instead of leaving on rsp_*.
  logic          a_valid;
  logic [IW-1:0] a_wid;
  logic [SW-1:0] a_slot;
  logic [31:0]   a_instr;
  assign a_valid = dlv_valid || (s1_live && hit);
  assign a_wid   = dlv_valid ? m_wwid_q[32'(dlv_m)*WAITS + 32'(dlv_k)] : s1_wid_q;
  assign a_slot  = dlv_valid ? m_wslot_q[32'(dlv_m)*WAITS + 32'(dlv_k)] : s1_slot_q;
  // (the waiter's word is selected only with a waiter answer: as a `?:` the
  // simulator copied the whole MSHR line every cycle; issue 17)
  always_comb begin
    a_instr = word_q[32*hway +: 32];
    if (dlv_valid) a_instr = m_buf_q[dlv_m][32*m_woff_q[32'(dlv_m)*WAITS + 32'(dlv_k)] +: 32];
  end

  logic [W-1:0] mpend;                  // warps with a waiter in an MSHR
  logic [W-1:0] spend;                  // ... or a waiter's answer in an answer stage
  if (HIT_LAT > 1) begin : gen_ans
    localparam int unsigned D = HIT_LAT - 1;
    logic [D-1:0]  p_valid_q, p_miss_q;
    logic [IW-1:0] p_wid_q [D];
    logic [SW-1:0] p_slot_q [D];
    logic [31:0]   p_instr_q [D];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        p_valid_q <= '0;
      end else begin
        p_valid_q[0] <= a_valid;
        for (int i = 1; i < D; i++) p_valid_q[i] <= p_valid_q[i-1] && !kill_i[p_wid_q[i-1]];
      end
      p_miss_q[0]  <= dlv_valid;
      p_wid_q[0]   <= a_wid;
      p_slot_q[0]  <= a_slot;
      p_instr_q[0] <= a_instr;
      for (int i = 1; i < D; i++) begin
        p_miss_q[i]  <= p_miss_q[i-1];
        p_wid_q[i]   <= p_wid_q[i-1];
        p_slot_q[i]  <= p_slot_q[i-1];
        p_instr_q[i] <= p_instr_q[i-1];
      end
    end
    always_comb begin
      spend = '0;
      for (int i = 0; i < D; i++)
        if (p_valid_q[i] && p_miss_q[i]) spend[p_wid_q[i]] = 1'b1;
    end
    assign rsp_valid_o = p_valid_q[D-1] && !kill_i[p_wid_q[D-1]];
    assign rsp_wid_o   = p_wid_q[D-1];
    assign rsp_slot_o  = p_slot_q[D-1];
    assign rsp_instr_o = p_instr_q[D-1];
  end else begin : gen_noans
    assign spend       = '0;
    assign rsp_valid_o = a_valid;
    assign rsp_wid_o   = a_wid;
    assign rsp_slot_o  = a_slot;
    assign rsp_instr_o = a_instr;
  end

  assign miss_valid_o = s1_done && !hit;
  assign miss_wid_o   = s1_wid_q;
  assign miss_slot_o  = s1_slot_q;
  assign fill_o       = fill;
  assign fill_line_o  = m_line_q[fill_m];

  assign mem_req_valid_o = mreq_found;
  assign mem_req_addr_o  = {m_line_q[mreq_m], {(OW+2){1'b0}}};

  always_comb begin
    mpend = '0;
    if (m_anyw)
      for (int m = 0; m < MSHRS; m++)
        for (int k = 0; k < WAITS; k++)
          if (m_wv_q[m][k]) mpend[m_wwid_q[m*WAITS+k]] = 1'b1;
  end
  assign pend_o = mpend | spend;

  // MSHR state and waiters (evaluated and written only while an MSHR is in
  // use or gets one: m_act_q, s1_miss).
  assign s1_miss = s1_done && !hit;
  always_comb begin
    for (int m = 0; m < MSHRS; m++) begin
      m_st_d[m] = m_st_q[m];
      m_wv_d[m] = m_wv_q[m];
    end
    m_act_d = 1'b0;
    if (m_act_q || s1_miss) begin
      for (int m = 0; m < MSHRS; m++) m_wv_d[m] = m_wv_q[m] & ~wkill[m];
      if (dlv_valid) m_wv_d[dlv_m][dlv_k] = 1'b0;
      if (mreq_found && mem_req_ready_i) m_st_d[mreq_m] = M_WAIT;
      if (fill) m_st_d[fill_m] = M_FILLED;
      if (s1_miss) begin
        if (!match_found) m_st_d[free_m] = M_REQ;
        if (!swas_i) m_wv_d[alloc_m][wfree_k] = 1'b1;
      end
      for (int m = 0; m < MSHRS; m++)
        if (m_st_q[m] == M_FILLED && m_wv_d[m] == '0) m_st_d[m] = M_FREE;
      for (int m = 0; m < MSHRS; m++) m_act_d = m_act_d || (m_st_d[m] != M_FREE);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      lvalid_q   <= '0;
      ord_cnt_q  <= '0;
      m_act_q    <= 1'b0;
      for (int i = 0; i < SETS; i++) rr_q[i] <= '0;
      for (int m = 0; m < MSHRS; m++) begin
        m_st_q[m] <= M_FREE;
        m_wv_q[m] <= '0;
      end
    end else begin
      if (req_fire)     s1_valid_q <= 1'b1;
      else if (!s1_hold) s1_valid_q <= 1'b0;
      if (flush_i) lvalid_q <= '0;
      else if (fill) lvalid_q[fill_loc] <= 1'b1;
      if (fill && WAYS > 1) rr_q[fill_set] <= rr_q[fill_set] + 1'b1;
      if (m_act_q || s1_miss) begin
        m_act_q <= m_act_d;
        for (int m = 0; m < MSHRS; m++) begin
          m_st_q[m] <= m_st_d[m];
          m_wv_q[m] <= m_wv_d[m];
        end
        ord_cnt_q <= ord_cnt_q + (MW+1)'(mreq_found && mem_req_ready_i) - (MW+1)'(fill);
      end
    end
  end

  // Memory answer order queue (shift register; head at index 0).
  always_ff @(posedge clk_i) begin
    if (fill || (mreq_found && mem_req_ready_i)) begin   // (only when it moves)
      for (int i = 0; i < MSHRS; i++) begin
        if (fill) begin
          if (i + 1 < MSHRS) ord_q[i] <= ord_q[i + 1];
          if (mreq_found && mem_req_ready_i && 32'(i) == 32'(ord_cnt_q) - 1) ord_q[i] <= mreq_m;
        end else if (mreq_found && mem_req_ready_i && 32'(i) == 32'(ord_cnt_q)) begin
          ord_q[i] <= mreq_m;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) begin
      s1_q <= {req_slot_i, req_wid_i, req_pc_i};
      // A fill of the requested line in this cycle: the array read returns
      // the old data while the tag compare of the next cycle sees the new
      // tag, so take the word from the fill.
      // (every way: the line is in none but the one being filled)
      if (fill && m_line_q[fill_m] == req_pc_i[31 -: LAW])
        word_q <= {WAYS{mem_rsp_data_i[32*req_pc_i[2 +: OW] +: 32]}};
      else
        word_q <= way_word;
    end else if (fill && m_line_q[fill_m] == s1_line) begin
      // s1 waits while its own line arrives: take the word from the fill.
      word_q <= {WAYS{mem_rsp_data_i[32*s1_pc_q[2 +: OW] +: 32]}};
    end
    if (fill) begin
      tag_q[fill_loc]  <= m_line_q[fill_m][LAW-1 -: TW];
      m_buf_q[fill_m] <= mem_rsp_data_i;
    end
    if (s1_done && !hit && !match_found) m_line_q[free_m] <= s1_line;
    if (s1_done && !hit && !swas_i) begin
      m_wwid_q[32'(alloc_m)*WAITS + 32'(wfree_k)]  <= s1_wid_q;
      m_wslot_q[32'(alloc_m)*WAITS + 32'(wfree_k)] <= s1_slot_q;
      m_woff_q[32'(alloc_m)*WAITS + 32'(wfree_k)]  <= s1_pc_q[2 +: OW];
    end
  end

  // One data array per way (one read and one write port each).
  logic [WAYS*32-1:0] way_word;         // the requested word of every way (combinational read)
  for (genvar w = 0; w < WAYS; w++) begin : gen_way
    logic [31:0] data_mem [SETS*LINE_WORDS];
    assign way_word[32*w +: 32] = data_mem[req_pc_i[2 +: OW+XW]];
    always_ff @(posedge clk_i) begin
      if (fill && fill_way == WB'(w))
        for (int i = 0; i < LINE_WORDS; i++) data_mem[{fill_set, OW'(i)}] <= mem_rsp_data_i[32*i +: 32];
    end
  end

endmodule
