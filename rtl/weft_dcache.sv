// weft_dcache: per-core L1 data cache with a coalescer (docs/memory.md,
// "L1 D-cache"), between the LSU's warp-wide port and the core's memory ports.
//
// Geometry: SETS sets x WAYS ways of LINE_WORDS-word lines (round-robin
// replacement per set), MSHRS misses in flight, PEND warp loads waiting for
// data. SETS = 0 removes the cache: the LSU's requests pass straight through.
//
// One warp request at a time: a cacheable load is taken while the cache is
// idle (or its current request finishes this cycle) and a waiting-load entry
// is free. The coalescer walks it LINES lines per cycle (the walk width,
// default 1): the arrays are LINES banks selected by the low bits of the line
// address (= the low bits of the set index); in a cycle every bank serves the
// line of its lowest remaining lane, with every remaining lane in the same
// line. Lanes whose line is in a bank that serves another line wait for a
// later cycle (a bank conflict). With LINES = 1 a warp access costs as many
// cycles as it touches distinct lines; the event outputs count the lines
// (ev_*_o: at least one; evx_o: the lines beyond the first, per event).
// Misses of one cycle allocate MSHRs in bank order; a bank whose miss finds
// no free MSHR waits (the banks before it proceed).
// - cacheable load (every active lane in DRAM, address bit 31 set): a hit
//   copies the lanes' words into the request's waiting-load entry; a miss
//   merges into the MSHR of its line or allocates one (no free MSHR: the
//   walk waits). The entry answers with the LSU's tag once its last lane has
//   data (hits can answer before older misses).
// - store: write-through, no write allocation. While the cache is idle and
//   every fill has been sent, the LSU's warp store goes straight to the
//   warp-wide port and is accepted when memory accepts it (memory applies
//   it; the LSU completes the store then); its lines are walked next and
//   those present are updated in lane order (the highest lane's bytes win).
// - atomic: to the warp-wide port (executed at the memory side); its lines
//   are invalidated here.
// - load with a lane outside DRAM (I/O): to the warp-wide port, uncached.
// Misses go out on the line port in allocation order (MSHRs form a FIFO and
// memory answers fills in order). Ordering: a warp-port request waits until
// every allocated MSHR has been sent, and the next warp request starts only
// after the current one is finished, so memory sees this core's loads and
// stores in program order. A store or atomic to a line whose fill is in
// flight marks the MSHR no-fill: the fill still answers the loads merged
// before it (they are older) but is not installed, and later loads of that
// line wait until it retires. A cycle with a fill response does no walk
// step (the fill writes the arrays).
// Not coherent between cores (the GPU convention): a core can read a stale
// line that another core wrote in the same launch; a reset (every launch)
// empties the cache. Atomics bypass it.
// All outputs to memory come from registers, the cache's or the LSU's
// request stage (the harness samples them without settling); ev_*_o are the
// events of the previous cycle.
module weft_dcache #(
  parameter int W = 4,
  parameter int T = 4,
  parameter int SETS = 32,        // 0 = no cache; else a power of two >= 2
  parameter int WAYS = 4,         // a power of two
  parameter int LINE_WORDS = 8,   // a power of two >= 2
  parameter int MSHRS = 4,        // a power of two
  parameter int PEND = 4,         // a power of two
  parameter int LINES = 1         // walk width: banks, lines per cycle (1, 2, 4; <= SETS)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // from the LSU
  input  logic            req_valid_i,
  output logic            req_ready_o,
  input  logic            req_we_i,
  input  logic [5:0]      req_amo_i,
  input  logic [T-1:0]    req_mask_i,
  input  logic [T*32-1:0] req_addr_i,
  input  logic [T*4-1:0]  req_byteen_i,
  input  logic [T*32-1:0] req_data_i,
  input  logic [7:0]      req_tag_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] req_wid_i,
  input  logic [31:0]     req_pc_i,
  // to the LSU
  output logic            rsp_valid_o,
  output logic [7:0]      rsp_tag_o,
  output logic [T*32-1:0] rsp_data_o,
  // warp-wide memory port (stores, atomics, uncached loads)
  output logic            mem_req_valid_o,
  input  logic            mem_req_ready_i,
  output logic            mem_req_we_o,
  output logic [5:0]      mem_req_amo_o,
  output logic [T-1:0]    mem_req_mask_o,
  output logic [T*32-1:0] mem_req_addr_o,
  output logic [T*4-1:0]  mem_req_byteen_o,
  output logic [T*32-1:0] mem_req_data_o,
  output logic [7:0]      mem_req_tag_o,
  output logic [((W > 1) ? $clog2(W) : 1)-1:0] mem_req_wid_o,
  output logic [31:0]     mem_req_pc_o,
  input  logic            mem_rsp_valid_i,
  input  logic [7:0]      mem_rsp_tag_i,
  input  logic [T*32-1:0] mem_rsp_data_i,
  // line fill port
  output logic            fill_req_valid_o,
  input  logic            fill_req_ready_i,
  output logic [31:0]     fill_req_addr_o,
  input  logic            fill_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] fill_rsp_data_i,
  // events of the previous cycle
  output logic            ev_warp_o,      // a cacheable warp load or store accepted
  output logic            ev_rd_o,        // a load line looked up
  output logic            ev_rdmiss_o,    // ... missed and allocated an MSHR (a fill)
  output logic            ev_merge_o,     // ... missed and merged into an MSHR
  output logic            ev_wr_o,        // a store line looked up
  output logic            ev_wrhit_o,     // ... present (updated)
  output logic            ev_stall_o,     // the walk waited (MSHRs full, no-fill line)
  output logic            ev_bypass_o,    // a warp request sent to the warp port
  output logic            ev_walk_o,      // the walk served at least one line
  output logic            ev_conf_o,      // ... and left a lane whose bank served another line
  output logic [9:0]      evx_o,          // lines beyond the first of rd, rdmiss, merge, wr, wrhit (2 bits each)
  output logic            busy_o
);


  if (SETS == 0) begin : gen_none
    assign req_ready_o      = mem_req_ready_i;
    assign mem_req_valid_o  = req_valid_i;
    assign mem_req_we_o     = req_we_i;
    assign mem_req_amo_o    = req_amo_i;
    assign mem_req_mask_o   = req_mask_i;
    assign mem_req_addr_o   = req_addr_i;
    assign mem_req_byteen_o = req_byteen_i;
    assign mem_req_data_o   = req_data_i;
    assign mem_req_tag_o    = req_tag_i;
    assign mem_req_wid_o    = req_wid_i;
    assign mem_req_pc_o     = req_pc_i;
    assign rsp_valid_o      = mem_rsp_valid_i;
    assign rsp_tag_o        = mem_rsp_tag_i;
    assign rsp_data_o       = mem_rsp_data_i;
    assign fill_req_valid_o = 1'b0;
    assign fill_req_addr_o  = '0;
    assign {ev_warp_o, ev_rd_o, ev_rdmiss_o, ev_merge_o, ev_wr_o, ev_wrhit_o, ev_stall_o, ev_bypass_o} = '0;
    assign {ev_walk_o, ev_conf_o} = '0;
    assign evx_o            = '0;
    assign busy_o           = 1'b0;
    logic unused;
    assign unused = ^{clk_i, rst_ni, fill_req_ready_i, fill_rsp_valid_i, fill_rsp_data_i};
  end else begin : gen_cache
    localparam int OB  = $clog2(LINE_WORDS);           // word-in-line bits
    localparam int SB  = $clog2(SETS);
    localparam int LAW = 30 - OB;                      // line address: addr[31:2+OB]
    localparam int TW  = LAW - SB;                     // tag bits
    localparam int WW  = (WAYS > 1) ? $clog2(WAYS) : 1;
    localparam int MW  = (MSHRS > 1) ? $clog2(MSHRS) : 1;
    localparam int PW  = (PEND > 1) ? $clog2(PEND) : 1;
    localparam int NL  = SETS * WAYS;
    localparam int NLW = $clog2(SETS * WAYS);
    localparam int MCW = MW + 1;
    localparam int LOB = 2 + OB;                       // byte-in-line bits
    localparam int LB  = LINE_WORDS * 32;
    localparam int BB  = (LINES > 1) ? $clog2(LINES) : 1;   // bank bits
    localparam logic [1:0] K_LOAD = 2'd0, K_STORE = 2'd1, K_AMO = 2'd2, K_UNC = 2'd3;

    // cache arrays: valid bits and replacement pointers in flip-flops; tags
    // and lines in one tag and one data array per bank (g_mem: bank b holds
    // the sets whose low BB bits are b, at the index bidx()), each with one
    // write port and its reads at one line, so that synthesis sees LINES
    // memories of one write port each, not one memory of LINES write ports
    // (docs/synthesis.md section 10)
    localparam int NLB  = NL / LINES;                  // lines per bank
    localparam int NLBW = (NLB > 1) ? $clog2(NLB) : 1;
    logic [NL-1:0]   val_q, val_d;
    logic [WW-1:0]   rr_q [SETS];
    // write ports, one per bank (a store line of bank b; a fill uses the
    // port of its set's bank, fb: a fill cycle does no walk step)
    logic [LINES-1:0]     arr_we;
    logic [LINES*NLW-1:0] arr_idx;
    logic [LINES*TW-1:0]  arr_tag;
    logic [LINES*LB-1:0]  arr_line;
    logic            rr_inc;

    // MSHRs: a FIFO (allocated at tail, sent at sent, filled at head)
    logic [MSHRS-1:0] m_v_q, m_v_d, m_nofill_q, m_nofill_d;
    logic [LAW-1:0]   m_line_q [MSHRS];
    logic [MW-1:0]    m_head_q, m_head_d, m_tail_q, m_tail_d, m_sent_q, m_sent_d;
    logic [MW:0]      m_cnt_q, m_cnt_d, m_uns_q, m_uns_d;

    // waiting loads
    logic [PEND-1:0]  p_v_q, p_v_d, p_open_q, p_open_d;
    // packed, so that the next-state block writes parts of them without a
    // read-modify-write of a memory word (which Icarus re-triggers forever)
    logic [PEND*T-1:0]         p_wait_q, p_wait_d;     // entry e, lane t: bit e*T + t
    logic [7:0]                p_tag_q [PEND];
    logic [PEND*T*32-1:0]      p_data_q, p_data_d;     // word (e*T + t)
    logic [PEND*T*MW-1:0]      p_m_q, p_m_d;           // MSHR of lane t of entry e
    logic [31:0]               cp;                     // c_p_q * T

    // the request being walked
    // (its fields are one register, c_q, loaded by one assignment at an
    // acceptance: as five registers the simulator tested the acceptance
    // once per register; issue 17, fourteenth session)
    localparam int CO_DA = T * 32, CO_BE = 2 * T * 32, CO_K = CO_BE + T * 4, CO_P = CO_K + 2, CQW = CO_P + PW;
    logic             c_v_q, c_v_d;
    logic [CQW-1:0]   c_q;
    logic [1:0]       c_kind_q;
    logic [T-1:0]     c_rem_q, c_rem_d;
    logic [T*32-1:0]  c_addr_q, c_data_q;
    logic [T*4-1:0]   c_be_q;
    logic [PW-1:0]    c_p_q;
    assign c_addr_q = c_q[0 +: T * 32];
    assign c_data_q = c_q[CO_DA +: T * 32];
    assign c_be_q   = c_q[CO_BE +: T * 4];
    assign c_kind_q = c_q[CO_K +: 2];
    assign c_p_q    = c_q[CO_P +: PW];

    logic [9:0]       ev_d, ev_q;
    logic [9:0]       evx_d, evx_q;
    // the set bits of v below bit b (b = LINES: all of them; at most 4)
    function automatic logic [2:0] nbelow(input logic [LINES-1:0] v, input int b);
      nbelow = '0;
      for (int i = 0; i < LINES; i++) if (i < b && v[i]) nbelow = nbelow + 3'd1;
    endfunction
    // events beyond the first (0..3)
    function automatic logic [1:0] xtra(input logic [LINES-1:0] v);
      xtra = (nbelow(v, LINES) > 3'd1) ? 2'(nbelow(v, LINES) - 3'd1) : 2'd0;
    endfunction
    // the index in its bank's arrays of line index i (set * WAYS + way; the
    // set's low BB bits name the bank)
    function automatic logic [NLBW-1:0] bidx(input logic [NLW-1:0] i);
      bidx = NLBW'((32'(i) / (WAYS * LINES)) * WAYS + 32'(i) % WAYS);
    endfunction

    // ---------------------------------------------------------------- accept
    logic            p_free, acc;
    logic [PW-1:0]   p_free_idx;
    logic [T-1:0]    cacheable;
    logic [1:0]      acc_kind;
    always_comb begin
      p_free = 1'b0;
      p_free_idx = '0;
      for (int e = PEND - 1; e >= 0; e--)
        if (!p_v_q[e]) begin p_free = 1'b1; p_free_idx = PW'(e); end
      // the request's kind only while one is shown (req_ready_o, direct and
      // acc are used only with req_valid_i; the simulator skips the lane
      // loop otherwise, issue 17)
      cacheable = '0;
      acc_kind  = K_LOAD;
      if (req_valid_i) begin
        for (int t = 0; t < T; t++) cacheable[t] = req_addr_i[t*32 + 31];
        if (req_amo_i[5])                       acc_kind = K_AMO;
        else if (req_we_i)                      acc_kind = K_STORE;
        else if ((req_mask_i & ~cacheable) != '0) acc_kind = K_UNC;
      end
    end
    // A store, atomic or uncached load goes to the warp port straight from
    // the LSU's (registered) request while the cache is idle and every fill
    // has been sent; it is accepted when memory accepts it (the LSU completes
    // a store then), and its lines are walked afterwards. A cacheable load is
    // taken while idle or in the cycle the current request finishes.
    logic port_kind, direct;
    assign port_kind   = acc_kind != K_LOAD;
    assign direct      = req_valid_i && port_kind && !c_v_q && m_uns_q == '0;
    assign req_ready_o = port_kind ? (!c_v_q && m_uns_q == '0 && mem_req_ready_i) : ((!c_v_q || c_done) && p_free);
    assign acc = req_valid_i && req_ready_o;

    // ---------------------------------------------------------------- walk
    // LINES banks (bank = the line address's low BB bits, part of the set
    // index): bank b serves the line of its lowest remaining lane (b_laddr)
    // with every remaining lane in that line (b_same). LINES = 1: one bank,
    // the lowest remaining lane names the line (the one-line-per-cycle walk).
    logic [LINES-1:0]      b_lead;
    logic [LINES*LAW-1:0]  b_laddr;
    logic [LINES*T-1:0]    b_rem;       // remaining lanes whose line is in bank b
    logic [LINES*T-1:0]    b_same;
    logic [LINES-1:0]      b_hit, b_mhit;
    logic [LINES*LB-1:0]   b_hline;     // the line bank b hit (read only on a hit)
    logic [LINES*MW-1:0]   b_midx;
    logic [LINES*NLW-1:0]  b_hidx;
    // (Separate blocks: no always_comb reads a variable it sets twice, which
    // Icarus would re-trigger forever.)
    // (Only while a request is walked: c_rem_q is 0 otherwise, so are these,
    // and the simulator skips the lane loops in an idle cycle; issue 17.)
    always_comb begin
      b_lead = '0;
      b_laddr = '0;
      if (c_v_q) begin
        for (int b = 0; b < LINES; b++)
          for (int t = T - 1; t >= 0; t--)
            if (c_rem_q[t] && (LINES == 1 || 32'(c_addr_q[t*32 + 2 + OB +: BB]) == b)) begin
              b_lead[b] = 1'b1;
              b_laddr[b*LAW +: LAW] = c_addr_q[t*32 + 2 + OB +: LAW];
            end
      end
    end
    always_comb begin
      b_rem = '0;
      if (c_v_q) begin
        for (int b = 0; b < LINES; b++)
          for (int t = 0; t < T; t++)
            b_rem[b*T + t] = c_rem_q[t] && (LINES == 1 || 32'(c_addr_q[t*32 + 2 + OB +: BB]) == b);
      end
    end
    // The lookup of a bank is used only while it has lanes left (b_lead: every
    // use is under its step/ld_*); otherwise it is 0 and not evaluated in
    // simulation (issue 17).
    always_comb begin
      b_same = '0;
      b_mhit = '0;
      b_midx = '0;
      for (int b = 0; b < LINES; b++)
        if (b_lead[b]) begin
          for (int t = 0; t < T; t++)
            b_same[b*T + t] = c_rem_q[t] && c_addr_q[t*32 + 2 + OB +: LAW] == b_laddr[b*LAW +: LAW];
          for (int m = 0; m < MSHRS; m++)
            if (m_v_q[m] && m_line_q[m] == b_laddr[b*LAW +: LAW]) begin b_mhit[b] = 1'b1; b_midx[b*MW +: MW] = MW'(m); end
        end
    end
    // a bank's arrays: its tag lookup, its hit line, its write port
    for (genvar b = 0; b < LINES; b++) begin : g_mem
      logic [TW-1:0]   tag_q  [NLB];
      logic [LB-1:0]   data_q [NLB];
      logic            hit;
      logic [WW-1:0]   hway;
      logic [NLBW-1:0] widx;
      always_comb begin
        hit = 1'b0;
        hway = '0;
        if (b_lead[b]) begin
          for (int w = 0; w < WAYS; w++)
            if (val_q[32'(b_laddr[b*LAW +: SB]) * WAYS + w] &&
                tag_q[(32'(b_laddr[b*LAW +: SB]) / LINES) * WAYS + w] == b_laddr[b*LAW + SB +: TW]) begin
              hit = 1'b1; hway = WW'(w);
            end
        end
      end
      assign b_hit[b] = hit;
      assign b_hidx[b*NLW +: NLW] = NLW'(32'(b_laddr[b*LAW +: SB]) * WAYS + 32'(hway));
      if (LINES == 1) begin : gen_one
        // (one bank: the next-state block reads the hit line from data_q
        // where it uses it, as before the banks had arrays of their own)
        assign b_hline = '0;
        assign widx = arr_idx[b*NLW +: NLW];
      end else begin : gen_banked
        // the hit line, read only on a hit (0 otherwise: the simulator
        // copies no line in a cycle without a hit; issue 17)
        logic [LB-1:0] line;
        always_comb begin
          line = '0;
          if (hit) line = data_q[(32'(b_laddr[b*LAW +: SB]) / LINES) * WAYS + 32'(hway)];
        end
        assign b_hline[b*LB +: LB] = line;
        assign widx = bidx(arr_idx[b*NLW +: NLW]);
      end
      always_ff @(posedge clk_i) begin
        if (arr_we[b]) begin
          tag_q[widx]  <= arr_tag[b*TW +: TW];
          data_q[widx] <= arr_line[b*LB +: LB];
        end
      end
    end

    // ---------------------------------------------------------------- walk decision
    // Per bank: a load line hits, merges into its line's MSHR, or allocates
    // one; misses of one cycle allocate in bank order, so bank b may allocate
    // while fewer than MSHRS - m_cnt_q banks below it want to. A store or
    // atomic line always steps. A cycle with a fill response does no step.
    logic [LINES-1:0] b_walk, b_want, ld_hit, ld_merge, ld_alloc, b_step, b_stall, b_conf;
    logic [LINES*T-1:0] b_served;
    logic [T-1:0]     served;
    logic             step, stall, c_done;
    for (genvar b = 0; b < LINES; b++) begin : g_dec
      assign b_walk[b]   = c_v_q && b_lead[b] && !fill_rsp_valid_i;
      assign b_want[b]   = b_walk[b] && c_kind_q == K_LOAD && !b_hit[b] && !b_mhit[b];
      assign ld_hit[b]   = b_walk[b] && c_kind_q == K_LOAD && b_hit[b];
      assign ld_merge[b] = b_walk[b] && c_kind_q == K_LOAD && !b_hit[b] && b_mhit[b] &&
                           !m_nofill_q[b_midx[b*MW +: MW]];
      assign ld_alloc[b] = b_want[b] && 32'(m_cnt_q) + 32'(nbelow(b_want, b)) < MSHRS;
      assign b_step[b]   = b_walk[b] && (c_kind_q != K_LOAD || ld_hit[b] || ld_merge[b] || ld_alloc[b]);
      assign b_stall[b]  = b_walk[b] && !b_step[b];
      // a lane of this bank left for a later cycle although the bank served a line
      assign b_conf[b]   = b_step[b] && (b_rem[b*T +: T] & ~b_same[b*T +: T]) != '0;
      assign b_served[b*T +: T] = b_step[b] ? b_same[b*T +: T] : '0;
    end
    always_comb begin
      served = '0;
      for (int b = 0; b < LINES; b++) served = served | b_served[b*T +: T];
    end
    assign step   = b_step != '0;
    assign stall  = b_stall != '0;
    assign c_done = c_v_q && (c_rem_q & ~served) == '0;

    assign cp = 32'(c_p_q) * T;

    // ---------------------------------------------------------------- next state
    logic            r_found;
    logic [PW-1:0]   r_idx;
    logic [MW-1:0]   fh;
    logic [SB-1:0]   fset;
    logic [NLW-1:0]  fidx;
    logic [MW-1:0]   b_mnew [LINES];   // the MSHR bank b allocates
    for (genvar b = 0; b < LINES; b++) begin : g_mnew
      assign b_mnew[b] = m_tail_q + MW'(nbelow(b_want, b));
    end
    assign fh   = m_head_q;                              // the MSHR a fill answers
    assign fset = m_line_q[m_head_q][SB-1:0];
    assign fidx = NLW'(32'(fset) * WAYS + ((WAYS > 1) ? 32'(rr_q[fset]) : 0));   // its victim way
    logic [BB-1:0]   fb;                                 // its bank (write port)
    if (LINES == 1) begin : gen_fb1
      assign fb = '0;
    end else begin : gen_fbn
      assign fb = fset[BB-1:0];
    end
    always_comb begin
      c_v_d = c_v_q;
      c_rem_d = c_rem_q;
      val_d = val_q;
      m_v_d = m_v_q;
      m_nofill_d = m_nofill_q;
      m_head_d = m_head_q;
      m_tail_d = m_tail_q + MW'(nbelow(ld_alloc, LINES));
      m_sent_d = m_sent_q;
      // MSHRs in use: + allocations, - a fill; not yet sent: + allocations, - a send
      m_cnt_d = m_cnt_q + MCW'(nbelow(ld_alloc, LINES)) - MCW'(fill_rsp_valid_i);
      m_uns_d = m_uns_q + MCW'(nbelow(ld_alloc, LINES)) - MCW'(fill_req_valid_o && fill_req_ready_i);
      p_v_d = p_v_q;
      p_open_d = p_open_q;
      p_wait_d = p_wait_q;
      p_data_d = p_data_q;
      p_m_d = p_m_q;
      arr_we = '0;
      arr_idx = '0;
      arr_tag = '0;
      arr_line = '0;
      rr_inc = 1'b0;
      ev_d = '0;

      // a fill: install (unless no-fill) and answer the lanes waiting on it
      // (write port fb, its bank's; a fill cycle does no walk step)
      if (fill_rsp_valid_i) begin
        if (!m_nofill_q[fh]) begin
          arr_we[fb] = 1'b1;
          rr_inc = 1'b1;
          arr_idx[32'(fb)*NLW +: NLW] = fidx;
          arr_tag[32'(fb)*TW +: TW] = m_line_q[fh][LAW-1:SB];
          arr_line[32'(fb)*LB +: LB] = fill_rsp_data_i;
          val_d[fidx] = 1'b1;
        end
        for (int e = 0; e < PEND; e++)
          for (int t = 0; t < T; t++)
            if (p_v_q[e] && p_wait_q[e*T + t] && p_m_q[(e*T + t)*MW +: MW] == fh) begin
              p_wait_d[e*T + t] = 1'b0;
              for (int k = 0; k < LINE_WORDS; k++)
                if (p_data_q[(e*T + t)*32 +: OB] == OB'(k)) p_data_d[(e*T + t)*32 +: 32] = fill_rsp_data_i[k*32 +: 32];
            end
        m_nofill_d[fh] = 1'b0;
        m_v_d[fh] = 1'b0;
        m_head_d = m_head_q + 1'b1;
      end

      // the walk steps of the current request, one per bank that steps (its
      // lanes are disjoint from the other banks'; its set, and so its array
      // index and write port b, are its own)
      for (int b = 0; b < LINES; b++) begin
        if (ld_hit[b])
          for (int t = 0; t < T; t++)
            if (b_same[b*T + t])
              for (int k = 0; k < LINE_WORDS; k++)
                if (c_addr_q[t*32 + 2 +: OB] == OB'(k)) p_data_d[(cp + t)*32 +: 32] = (LINES == 1) ? g_mem[0].data_q[NLBW'(b_hidx[b*NLW +: NLW])][k*32 +: 32] : b_hline[b*LB + k*32 +: 32];
        if (ld_merge[b] || ld_alloc[b])
          for (int t = 0; t < T; t++)
            if (b_same[b*T + t]) begin
              p_wait_d[cp + t] = 1'b1;    // no fill this cycle (the walk waits)
              p_m_d[(cp + t)*MW +: MW] = ld_merge[b] ? b_midx[b*MW +: MW] : b_mnew[b];
              p_data_d[(cp + t)*32 +: 32] = 32'(c_addr_q[t*32 + 2 +: OB]);   // word offset, until filled
            end
        if (ld_alloc[b]) begin
          m_v_d[b_mnew[b]] = 1'b1;
          m_nofill_d[b_mnew[b]] = 1'b0;
        end
        if (b_step[b] && c_kind_q != K_LOAD) begin   // K_STORE, K_AMO (K_UNC has no lanes to walk)
          if (b_mhit[b]) m_nofill_d[b_midx[b*MW +: MW]] = 1'b1;
          if (b_hit[b] && c_kind_q == K_AMO) val_d[b_hidx[b*NLW +: NLW]] = 1'b0;
          if (b_hit[b] && c_kind_q == K_STORE) begin
            arr_we[b] = 1'b1;
            arr_idx[b*NLW +: NLW] = b_hidx[b*NLW +: NLW];
            arr_tag[b*TW +: TW] = b_laddr[b*LAW + SB +: TW];
            arr_line[b*LB +: LB] = (LINES == 1) ? g_mem[0].data_q[NLBW'(b_hidx[b*NLW +: NLW])] : b_hline[b*LB +: LB];
            for (int k = 0; k < LINE_WORDS; k++)
              for (int t = 0; t < T; t++)
                if (b_same[b*T + t] && c_addr_q[t*32 + 2 +: OB] == OB'(k))
                  for (int y = 0; y < 4; y++)
                    if (c_be_q[t*4 + y]) arr_line[b*LB + k*32 + y*8 +: 8] = c_data_q[t*32 + y*8 +: 8];
          end
        end
      end
      ev_d[1] = (ld_hit | ld_merge | ld_alloc) != '0;
      ev_d[2] = ld_alloc != '0;
      ev_d[3] = ld_merge != '0;
      ev_d[4] = c_kind_q == K_STORE && step;
      ev_d[5] = c_kind_q == K_STORE && (b_step & b_hit) != '0;
      if (step) c_rem_d = c_rem_q & ~served;
      ev_d[6] = stall;
      ev_d[8] = step;
      ev_d[9] = b_conf != '0;

      // the line port
      if (fill_req_valid_o && fill_req_ready_i) begin
        m_sent_d = m_sent_q + 1'b1;
      end
      ev_d[7] = acc && port_kind;

      // the lines beyond the first of each line event (LINES > 1)
      evx_d = {xtra(b_step & b_hit & {LINES{c_kind_q == K_STORE}}), xtra(b_step & {LINES{c_kind_q == K_STORE}}),
               xtra(ld_merge), xtra(ld_alloc), xtra(ld_hit | ld_merge | ld_alloc)};
      // the request is finished
      if (c_done) begin
        c_v_d = 1'b0;
        if (c_kind_q == K_LOAD) p_open_d[c_p_q] = 1'b0;
      end

      // answer: the warp port's responses first, else a complete waiting load
      if (!mem_rsp_valid_i && r_found) p_v_d[r_idx] = 1'b0;

      // accept
      if (acc) begin
        c_rem_d = (acc_kind == K_UNC) ? '0 : (acc_kind == K_LOAD) ? req_mask_i : (req_mask_i & cacheable);
        c_v_d = acc_kind != K_UNC && (acc_kind == K_LOAD ? req_mask_i : (req_mask_i & cacheable)) != '0;
        ev_d[0] = (acc_kind == K_LOAD || acc_kind == K_STORE);
        if (acc_kind == K_LOAD) begin
          p_v_d[p_free_idx] = 1'b1;
          p_open_d[p_free_idx] = 1'b1;
          p_wait_d[32'(p_free_idx) * T +: T] = '0;
        end
      end
    end

    // the lowest complete waiting load (answered when the warp port is quiet)
    always_comb begin
      r_found = 1'b0;
      r_idx = '0;
      if (p_v_q != '0) begin
        for (int e = PEND - 1; e >= 0; e--)
          if (p_v_q[e] && !p_open_q[e] && p_wait_q[e*T +: T] == '0) begin r_found = 1'b1; r_idx = PW'(e); end
      end
    end
    assign rsp_valid_o = mem_rsp_valid_i || r_found;
    assign rsp_tag_o   = mem_rsp_valid_i ? mem_rsp_tag_i : p_tag_q[r_idx];
    // (the data is read only with rsp_valid_o: 0 otherwise, and the
    // simulator skips the waiting-load word select in a quiet cycle)
    always_comb begin
      rsp_data_o = '0;
      if (mem_rsp_valid_i) rsp_data_o = mem_rsp_data_i;
      else if (r_found) rsp_data_o = p_data_q[32'(r_idx) * T * 32 +: T * 32];
    end

    // ports to memory: from registers only
    assign fill_req_valid_o = m_uns_q != '0;
    assign fill_req_addr_o  = {m_line_q[m_sent_q], LOB'(0)};
    assign mem_req_valid_o  = direct;
    assign mem_req_we_o     = req_we_i;
    assign mem_req_amo_o    = req_amo_i;
    assign mem_req_mask_o   = req_mask_i;
    assign mem_req_addr_o   = req_addr_i;
    assign mem_req_byteen_o = req_byteen_i;
    assign mem_req_data_o   = req_data_i;
    assign mem_req_tag_o    = req_tag_i;
    assign mem_req_wid_o    = req_wid_i;
    assign mem_req_pc_o     = req_pc_i;
    assign {ev_conf_o, ev_walk_o, ev_bypass_o, ev_stall_o, ev_wrhit_o, ev_wr_o, ev_merge_o, ev_rdmiss_o, ev_rd_o, ev_warp_o} = ev_q;
    assign evx_o = evx_q;
    assign busy_o = c_v_q || p_v_q != '0 || m_v_q != '0;

    // ---------------------------------------------------------------- registers
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        val_q    <= '0;
        c_v_q    <= 1'b0;
        c_rem_q  <= '0;
        p_v_q    <= '0;
        p_open_q <= '0;
        m_v_q    <= '0;
        m_nofill_q <= '0;
        m_head_q <= '0;
        m_tail_q <= '0;
        m_sent_q <= '0;
        m_cnt_q  <= '0;
        m_uns_q  <= '0;
        ev_q     <= '0;
        evx_q    <= '0;
        for (int s = 0; s < SETS; s++) rr_q[s] <= '0;
      end else begin
        val_q    <= val_d;
        c_v_q    <= c_v_d;
        c_rem_q  <= c_rem_d;
        p_v_q    <= p_v_d;
        p_open_q <= p_open_d;
        m_v_q    <= m_v_d;
        m_nofill_q <= m_nofill_d;
        m_head_q <= m_head_d;
        m_tail_q <= m_tail_d;
        m_sent_q <= m_sent_d;
        m_cnt_q  <= m_cnt_d;
        m_uns_q  <= m_uns_d;
        ev_q     <= ev_d;
        evx_q    <= evx_d;
        if (rr_inc) rr_q[fset] <= rr_q[fset] + 1'b1;
      end
    end

    always_ff @(posedge clk_i) begin
      for (int b = 0; b < LINES; b++)
        if (ld_alloc[b]) m_line_q[b_mnew[b]] <= b_laddr[b*LAW +: LAW];
      p_wait_q <= p_wait_d;
      p_data_q <= p_data_d;
      p_m_q    <= p_m_d;
      if (acc) begin
        if (acc_kind == K_LOAD) p_tag_q[p_free_idx] <= req_tag_i;
        c_q <= {p_free_idx, acc_kind, req_byteen_i, req_data_i, req_addr_i};
      end
    end
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  `WEFT_ASSERT_KNOWN(valid_known, {req_valid_i, rsp_valid_o, mem_req_valid_o, mem_rsp_valid_i,
                                   fill_req_valid_o, fill_rsp_valid_i})
  if (SETS > 0) begin : gen_a_cache
    `WEFT_ASSERT_INIT(pow2_geometry, (SETS & (SETS - 1)) == 0 && SETS >= 2 && (WAYS & (WAYS - 1)) == 0 &&
                      (MSHRS & (MSHRS - 1)) == 0 && (PEND & (PEND - 1)) == 0 &&
                      (LINE_WORDS & (LINE_WORDS - 1)) == 0 && LINE_WORDS >= 2)
    `WEFT_ASSERT_INIT(walk_width, (LINES == 1 || LINES == 2 || LINES == 4) && LINES <= SETS)
    // MSHR occupancy: allocated <= MSHRS, unsent <= allocated
    `WEFT_ASSERT(mshr_cnt_le_mshrs, 32'(gen_cache.m_cnt_q) <= MSHRS)
    `WEFT_ASSERT(mshr_unsent_le_cnt, gen_cache.m_uns_q <= gen_cache.m_cnt_q)
    // a fill answers an MSHR that was sent
    `WEFT_ASSERT_IF(fill_rsp_outstanding, fill_rsp_valid_i, gen_cache.m_cnt_q > gen_cache.m_uns_q)
    // the line port request comes from registers and holds until taken
    `WEFT_ASSERT_STABLE_HS(fill_req_hold, fill_req_valid_o, fill_req_ready_i, fill_req_addr_o)
    // a warp-port request is sent only when every miss has been sent (order)
    `WEFT_ASSERT_IF(direct_after_fills, mem_req_valid_o, gen_cache.m_uns_q == '0)
  end
`endif

endmodule
