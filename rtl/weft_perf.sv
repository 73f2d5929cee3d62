// weft_perf: the performance counters of one core, its time-proportional
// CPI stack and the perf-lock / perf-reset-lock CSRs (docs/counters.md).
//
// Counting. A cycle counts when the launch runs (run_i: start or some core
// busy), no lock is set (perf-lock CSR, lock_i from the harness for warm-up)
// and the core is not halted by an error. A counted cycle of this core is
// either active (start_i or busy_i) or core-idle (another core still runs).
//
// CPI stack (seed 000 sec. 5.3). A counted active cycle is worth U = 12*W
// units. If a warp instruction issues, all U go to base. Otherwise each warp
// slot gets 12 units: an inactive warp -> idle; a head instruction that is
// ready but was not picked -> missed schedule; a head that is not ready ->
// split evenly among its causes (sync & control: an older branch unresolved
// or a drain wait; memory data / compute data: a source or destination
// register pending from the LSU / another unit; memory / compute structural:
// its unit cannot accept) -- 1..4 causes, so 12, 6, 4 or 3 units each; an
// empty buffer -> empty ibuffer if fetch may fetch the warp, else sync &
// control (it waits in fetch for decode, a branch, a barrier or a SIMT
// instruction). Every counted active cycle therefore adds exactly U units,
// and a core-idle cycle is counted apart (core_idle); the stack of a core
// sums to U * (active + core_idle) = U * counted cycles (checked by tests).
//
// Locks. perf-lock freezes every counter. perf-reset-lock keeps the counters
// (and perf-lock) through rst_ni, so counters accumulate across launches;
// it is itself cleared only by clear_i (the harness's power-on clear), since
// reset cannot control what reset clears (seed 000 sec. 4.1).
//
// CSR port: csr_addr_i selects csr_rdata_o (combinational); csr_we_i writes
// the lock CSRs. dbg_idx_i selects dbg_data_o for the harness (index k =
// counter k of docs/counters.md; 32 + w = issued instructions of warp w).
module weft_perf #(
  parameter int W = 4,
  parameter int T = 4
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            clear_i,       // power-on clear (also clears the locks)
  input  logic            lock_i,        // external perf-lock (warm-up)
  input  logic            run_i,         // the launch runs (start or some core busy)
  input  logic            start_i,
  input  logic            busy_i,        // this core has active warps or work in flight
  input  logic            halt_i,
  // events of this cycle
  input  logic            issue_i,       // a warp instruction issued
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] issue_wid_i,
  // warp rows (issue 20): the issue slot is held by the rows of warp
  // slot_wid_i's last instruction; the cycle is that instruction's issue
  // time (base, like its issue cycle; never 1 with T = L)
  input  logic            slot_i,
  input  logic [((W > 1) ? $clog2(W) : 1)-1:0] slot_wid_i,
  input  logic            commit_i,
  input  logic [T-1:0]    commit_tmask_i,
  input  logic            ic_access_i,
  input  logic            ic_miss_i,
  input  logic            ld_req_i,
  input  logic            st_req_i,
  input  logic [T-1:0]    req_mask_i,
  input  logic [T*4-1:0]  req_byteen_i,
  input  logic            ld_rsp_i,
  input  logic            flush_i,
  input  logic            st_lookup_i,
  input  logic            st_hit_i,
  input  logic            missed_i,
  input  logic            st_avoid_i,    // a stall-table hit proved right (flush avoided)
  input  logic            nop_i,         // SWaS: a NOP left a buffer (not an instruction)
  input  logic            odisc_i,       // osched1 discrepancy this cycle
  input  logic            oerr_i,        // osched2 error this cycle
  // D-cache events of the previous cycle (weft_dcache ev_*_o; bit b counts
  // into counter PERF_DC_EV_FIRST + b of config/weft.yaml)
  input  logic [weft_spec_pkg::PERF_DC_EV_N-1:0] dc_ev_i,
  // ... and how many more of event b this cycle (DC_LINES > 1: lines of one walk cycle)
  input  logic [2*weft_spec_pkg::PERF_DC_EV_N-1:0] dc_evx_i,
  // per-warp state of this cycle
  input  logic [W-1:0]    w_active_i,
  input  logic [W-1:0]    w_head_i,      // a head instruction is in the buffer
  input  logic [W-1:0]    w_ready_i,     // ... and could issue
  input  logic [W-1:0]    w_ctrl_i,      // ... waits for a branch or a drain
  input  logic [W-1:0]    w_dmem_i,      // ... needs a register pending from the LSU
  input  logic [W-1:0]    w_dcmp_i,      // ... needs a register pending from another unit
  input  logic [W-1:0]    w_smem_i,      // ... needs the LSU, which cannot accept
  input  logic [W-1:0]    w_scmp_i,      // ... needs another unit, which cannot accept
  input  logic [W-1:0]    w_fetchable_i, // fetch may fetch the warp
  // CSRs
  input  logic [11:0]     csr_addr_i,
  output logic [31:0]     csr_rdata_o,
  input  logic            csr_we_i,
  input  logic [31:0]     csr_wdata_i,
  // harness
  input  logic [weft_spec_pkg::PERF_DBG_IDX_W-1:0] dbg_idx_i,
  output logic [63:0]     dbg_data_o,
  output logic            reset_lock_o,
  output logic [W*weft_spec_pkg::WSTATE_W-1:0] wstate_o       // per-warp state code (docs/counters.md)
);

  // Counter index space and indices from config/weft.yaml (CSR
  // mhpmcounterK = 0xB00 + K, high word 0xB80 + K).
  localparam int NC = weft_spec_pkg::PERF_NC;
  localparam int IW = (W > 1) ? $clog2(W) : 1;
  localparam int WB = weft_spec_pkg::PERF_WARP_ISSUED_BASE;
  localparam int SW = weft_spec_pkg::WSTATE_W;
  localparam int KW = (NC > 1) ? $clog2(NC) : 1;

  localparam int K_CYCLES = weft_spec_pkg::PC_CYCLES, K_ACTIVE = weft_spec_pkg::PC_ACTIVE,
                 K_CIDLE = weft_spec_pkg::PC_CORE_IDLE, K_WINSTR = weft_spec_pkg::PC_WARP_INSTRS,
                 K_TINSTR = weft_spec_pkg::PC_THREAD_INSTRS, K_BASE = weft_spec_pkg::PC_BASE,
                 K_IDLE = weft_spec_pkg::PC_IDLE, K_SYNC = weft_spec_pkg::PC_SYNC,
                 K_EMPTY = weft_spec_pkg::PC_EMPTY, K_MISSED = weft_spec_pkg::PC_MISSED,
                 K_MDATA = weft_spec_pkg::PC_MEM_DATA, K_MSTRUCT = weft_spec_pkg::PC_MEM_STRUCT,
                 K_CDATA = weft_spec_pkg::PC_COMP_DATA, K_CSTRUCT = weft_spec_pkg::PC_COMP_STRUCT,
                 K_ICACC = weft_spec_pkg::PC_IC_ACCESS, K_ICMISS = weft_spec_pkg::PC_IC_MISS,
                 K_LDREQ = weft_spec_pkg::PC_LOADS, K_STREQ = weft_spec_pkg::PC_STORES,
                 K_LDLAT = weft_spec_pkg::PC_LOAD_LAT, K_BRD = weft_spec_pkg::PC_BYTES_RD,
                 K_BWR = weft_spec_pkg::PC_BYTES_WR, K_FLUSH = weft_spec_pkg::PC_FLUSHES,
                 K_STLOOK = weft_spec_pkg::PC_ST_LOOKUPS, K_STHIT = weft_spec_pkg::PC_ST_HITS,
                 K_MISSCYC = weft_spec_pkg::PC_MISSED_CYCLES, K_STAVOID = weft_spec_pkg::PC_ST_AVOIDED,
                 K_NOP = weft_spec_pkg::PC_SWAS_NOPS, K_ODISC = weft_spec_pkg::PC_DISCREPANCIES,
                 K_OERR = weft_spec_pkg::PC_ERRORS;

  logic        lock_q, rlock_q;
  logic [63:0] cnt_q [NC];
  logic [63:0] wiss_q [W];
  logic [15:0] ld_out_q;                 // outstanding loads (for the latency sum)
  logic        en, act, rst_cnt;

  assign en      = run_i && !lock_q && !lock_i && !halt_i;
  assign act     = start_i || busy_i;
  assign rst_cnt = clear_i || (!rst_ni && !rlock_q);

  // ---------------------------------------------------------------- CPI shares
  logic [15:0] sh_idle, sh_sync, sh_empty, sh_missed, sh_mdata, sh_mstruct, sh_cdata, sh_cstruct;
  logic [W*SW-1:0] wstate;

  // The per-warp state (wstate_o, every cycle) and the CPI shares, which are
  // only used in a counted active cycle without an issue: computed only
  // then, so a cycle that issues evaluates no share (simulation speed,
  // issue 17; the logic is the same).
  logic share_en;
  assign share_en = en && act && !issue_i && !slot_i;

  // (the warp whose rows hold the issue slot is tested inside the loop: a
  // write at a variable offset would cost the simulator a read-modify-write
  // of the vector every cycle)
  always_comb begin
    for (int w = 0; w < W; w++) begin
      if (slot_i && slot_wid_i == IW'(w))
        // warp rows: the warp whose rows hold the issue slot is issuing
        wstate[w*SW +: SW] = weft_spec_pkg::WSTATE_ISSUE;
      else if (!w_active_i[w])
        wstate[w*SW +: SW] = weft_spec_pkg::WSTATE_IDLE;
      else if (w_head_i[w] && w_ready_i[w])
        wstate[w*SW +: SW] = (issue_i && issue_wid_i == IW'(w)) ? weft_spec_pkg::WSTATE_ISSUE
                                                                   : weft_spec_pkg::WSTATE_READY;
      else if (w_head_i[w])
        // not ready: memory, compute, else sync & control (also when no
        // cause is named, which cannot happen: see the shares below)
        wstate[w*SW +: SW] = (w_dmem_i[w] || w_smem_i[w]) ? weft_spec_pkg::WSTATE_MEM
                           : (w_dcmp_i[w] || w_scmp_i[w]) ? weft_spec_pkg::WSTATE_COMP
                                                          : weft_spec_pkg::WSTATE_SYNC;
      else if (w_fetchable_i[w])
        wstate[w*SW +: SW] = weft_spec_pkg::WSTATE_EMPTY;
      else
        wstate[w*SW +: SW] = weft_spec_pkg::WSTATE_SYNC;
    end
  end

  always_comb begin
    sh_idle = '0; sh_sync = '0; sh_empty = '0; sh_missed = '0;
    sh_mdata = '0; sh_mstruct = '0; sh_cdata = '0; sh_cstruct = '0;
    if (share_en) begin
      for (int w = 0; w < W; w++) begin
        logic [2:0] k;
        logic [3:0] part;
        logic       dm, dc, sm, sc, ct;
        ct = w_ctrl_i[w];
        dm = w_dmem_i[w];
        dc = w_dcmp_i[w];
        sm = w_smem_i[w];
        sc = w_scmp_i[w];
        k = 3'(ct) + 3'(dm) + 3'(dc) + 3'(sm || sc);
        case (k)
          3'd1:    part = 4'd12;
          3'd2:    part = 4'd6;
          3'd3:    part = 4'd4;
          default: part = 4'd3;
        endcase
        if (!w_active_i[w]) begin
          sh_idle = sh_idle + 16'd12;
        end else if (w_head_i[w] && w_ready_i[w]) begin
          sh_missed = sh_missed + 16'd12;
        end else if (w_head_i[w] && k != 3'd0) begin
          if (ct) sh_sync    = sh_sync    + 16'(part);
          if (dm) sh_mdata   = sh_mdata   + 16'(part);
          if (dc) sh_cdata   = sh_cdata   + 16'(part);
          if (sm) sh_mstruct = sh_mstruct + 16'(part);
          if (sc) sh_cstruct = sh_cstruct + 16'(part);
        end else if (w_head_i[w]) begin
          // not ready without a named cause cannot happen (weft_core's ready
          // term is the conjunction of these causes); count it as control.
          sh_sync = sh_sync + 16'd12;
        end else if (w_fetchable_i[w]) begin
          sh_empty = sh_empty + 16'd12;
        end else begin
          sh_sync = sh_sync + 16'd12;
        end
      end
`ifdef WEFT_PLANT_ASSERT
      // planted bug (make PLANT=1, tests/run.sh fault group): one CPI unit
      // too many once the core has been active for 100 cycles
      if (cnt_q[K_ACTIVE] >= 64'd100) sh_idle = sh_idle + 16'd1;
`endif
    end
  end

  assign wstate_o = wstate;

  // ---------------------------------------------------------------- counters
  logic [7:0]  nthr;
  logic [15:0] nbytes;
  always_comb begin
    nthr = '0;
    nbytes = '0;
    if (commit_i) nthr = 8'($countones(commit_tmask_i));
    if (ld_req_i || st_req_i) begin
      for (int t = 0; t < T; t++)
        if (req_mask_i[t]) nbytes = nbytes + 16'($countones(req_byteen_i[t*4 +: 4]));
    end
  end

  // Each counter is its own register, loaded only when it moves (mv, by
  // step: 1 for an event counter): no per-cycle copy of the whole counter
  // array in simulation, and no per-counter increment to clear and compare
  // every cycle (issue 17). An increment of 0 leaves a counter unchanged.
  logic cnt_act, cnt_share;
  assign cnt_act   = en && act;
  assign cnt_share = cnt_act && !issue_i && !slot_i;
  // Groups: a counter of a group can move only when its group's enable is
  // set, so each counter tests its own enable only then (the simulator
  // tests one group enable instead of every counter's in most cycles;
  // issue 17). The CPI shares are 0 outside a share cycle, the rare events
  // (memory requests, flushes, stall table, SWaS, oracles, D-cache and
  // store queue) are 0 in most cycles.
  logic grp_share, grp_rare;
  assign grp_share = rst_cnt || cnt_share;
  assign grp_rare  = rst_cnt || (en && (ld_req_i || st_req_i || flush_i || st_lookup_i || st_hit_i ||
                                        missed_i || st_avoid_i || nop_i || odisc_i || oerr_i ||
                                        dc_ev_i != '0));

  for (genvar k = 0; k < NC; k++) begin : gen_cnt
    logic [63:0] q;
    logic [15:0] step;
    logic        mv;
    if (k == K_CYCLES)        begin : g_cyc    assign mv = en;                              assign step = 16'd1; end
    else if (k == K_ACTIVE)   begin : g_act    assign mv = cnt_act;                         assign step = 16'd1; end
    else if (k == K_CIDLE)    begin : g_cidle  assign mv = en && !act;                      assign step = 16'd1; end
    else if (k == K_BASE)     begin : g_base   assign mv = cnt_act && (issue_i || slot_i);  assign step = 16'(12 * W); end
    else if (k == K_IDLE)     begin : g_idle   assign mv = sh_idle != '0;       assign step = sh_idle; end
    else if (k == K_SYNC)     begin : g_sync   assign mv = sh_sync != '0;       assign step = sh_sync; end
    else if (k == K_EMPTY)    begin : g_empty  assign mv = sh_empty != '0;      assign step = sh_empty; end
    else if (k == K_MISSED)   begin : g_missed assign mv = sh_missed != '0;     assign step = sh_missed; end
    else if (k == K_MDATA)    begin : g_mdata  assign mv = sh_mdata != '0;      assign step = sh_mdata; end
    else if (k == K_MSTRUCT)  begin : g_mstr   assign mv = sh_mstruct != '0;    assign step = sh_mstruct; end
    else if (k == K_CDATA)    begin : g_cdata  assign mv = sh_cdata != '0;      assign step = sh_cdata; end
    else if (k == K_CSTRUCT)  begin : g_cstr   assign mv = sh_cstruct != '0;    assign step = sh_cstruct; end
    else if (k == K_WINSTR)   begin : g_winstr assign mv = en && commit_i;                  assign step = 16'd1; end
    else if (k == K_TINSTR)   begin : g_tinstr assign mv = en && commit_i;                  assign step = 16'(nthr); end
    else if (k == K_ICACC)    begin : g_icacc  assign mv = en && ic_access_i;               assign step = 16'd1; end
    else if (k == K_ICMISS)   begin : g_icmiss assign mv = en && ic_miss_i;                 assign step = 16'd1; end
    else if (k == K_LDREQ)    begin : g_ldreq  assign mv = en && ld_req_i;                  assign step = 16'd1; end
    else if (k == K_BRD)      begin : g_brd    assign mv = en && ld_req_i;                  assign step = nbytes; end
    else if (k == K_STREQ)    begin : g_streq  assign mv = en && st_req_i;                  assign step = 16'd1; end
    else if (k == K_BWR)      begin : g_bwr    assign mv = en && st_req_i;                  assign step = nbytes; end
    // Little's law: the sum over cycles of outstanding loads is the sum of
    // their latencies (request cycle to response cycle).
    else if (k == K_LDLAT)    begin : g_ldlat  assign mv = en && (ld_out_q != '0);          assign step = ld_out_q; end
    else if (k == K_FLUSH)    begin : g_flush  assign mv = en && flush_i;                   assign step = 16'd1; end
    else if (k == K_STLOOK)   begin : g_stlook assign mv = en && st_lookup_i;               assign step = 16'd1; end
    else if (k == K_STHIT)    begin : g_sthit  assign mv = en && st_hit_i;                  assign step = 16'd1; end
    else if (k == K_MISSCYC)  begin : g_miss   assign mv = en && missed_i;                  assign step = 16'd1; end
    else if (k == K_STAVOID)  begin : g_stav   assign mv = en && st_avoid_i;                assign step = 16'd1; end
    else if (k == K_NOP)      begin : g_nop    assign mv = en && nop_i;                     assign step = 16'd1; end
    else if (k == K_ODISC)    begin : g_odisc  assign mv = en && odisc_i;                   assign step = 16'd1; end
    else if (k == K_OERR)     begin : g_oerr   assign mv = en && oerr_i;                    assign step = 16'd1; end
    else if (k >= weft_spec_pkg::PERF_DC_EV_FIRST &&
             k < weft_spec_pkg::PERF_DC_EV_FIRST + weft_spec_pkg::PERF_DC_EV_N) begin : g_dc
      assign mv = en && dc_ev_i[k - weft_spec_pkg::PERF_DC_EV_FIRST];
      assign step = 16'd1 + 16'(dc_evx_i[2*(k - weft_spec_pkg::PERF_DC_EV_FIRST) +: 2]);
    end
    else                      begin : g_none   assign mv = 1'b0;                            assign step = 16'd0; end
    logic grp;
    if (k == K_IDLE || k == K_SYNC || k == K_EMPTY || k == K_MISSED || k == K_MDATA || k == K_MSTRUCT ||
        k == K_CDATA || k == K_CSTRUCT) begin : g_grp_share
      assign grp = grp_share;
    end else if (k == K_LDREQ || k == K_BRD || k == K_STREQ || k == K_BWR || k == K_FLUSH || k == K_STLOOK ||
                 k == K_STHIT || k == K_MISSCYC || k == K_STAVOID || k == K_NOP || k == K_ODISC ||
                 k == K_OERR || (k >= weft_spec_pkg::PERF_DC_EV_FIRST &&
                                 k < weft_spec_pkg::PERF_DC_EV_FIRST + weft_spec_pkg::PERF_DC_EV_N)) begin : g_grp_rare
      assign grp = grp_rare;
    end else begin : g_grp_all
      assign grp = 1'b1;
    end
    always_ff @(posedge clk_i) begin
      if (grp) begin
        if (rst_cnt || mv) q <= rst_cnt ? '0 : q + 64'(step);
      end
    end
    assign cnt_q[k] = q;
  end

  for (genvar w = 0; w < W; w++) begin : gen_wiss
    logic [63:0] q;
    always_ff @(posedge clk_i) begin
      if (rst_cnt || (en && issue_i && issue_wid_i == IW'(w))) q <= rst_cnt ? '0 : q + 64'd1;
    end
    assign wiss_q[w] = q;
  end

  // Outstanding loads of this launch (not a counter: reset with the core).
  // (one assignment: no simulator shadow copy, issue 17)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || clear_i || ld_req_i || ld_rsp_i)
      ld_out_q <= (!rst_ni || clear_i) ? '0 : ld_out_q + 16'(ld_req_i) - 16'(ld_rsp_i);
  end

  // ---------------------------------------------------------------- locks
  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      lock_q  <= 1'b0;
      rlock_q <= 1'b0;
    end else begin
      if (!rst_ni && !rlock_q) lock_q <= 1'b0;
      else if (rst_ni && csr_we_i && csr_addr_i == weft_pkg::CSR_PERF_LOCK) lock_q <= csr_wdata_i[0];
      if (rst_ni && csr_we_i && csr_addr_i == weft_pkg::CSR_PERF_RLOCK) rlock_q <= csr_wdata_i[0];
    end
  end
  assign reset_lock_o = rlock_q;
  logic wdata_hi_unused;
  assign wdata_hi_unused = ^csr_wdata_i[31:1];

  // ---------------------------------------------------------------- reads
  always_comb begin
    logic [63:0] v;
    logic [4:0]  k;
    int unsigned kx;
    k = csr_addr_i[4:0];
    kx = 0;
    v = '0;
    csr_rdata_o = '0;
    if (csr_addr_i == weft_pkg::CSR_PERF_LOCK) csr_rdata_o = 32'(lock_q);
    else if (csr_addr_i == weft_pkg::CSR_PERF_RLOCK) csr_rdata_o = 32'(rlock_q);
    else begin
      if (csr_addr_i[11:6] == 6'b1111_11) begin
        // 0xFC0 + w (low) / 0xFE0 + w (high): issued instructions of warp w
        if (32'(k) < W) v = wiss_q[k[IW-1:0]];
        csr_rdata_o = csr_addr_i[5] ? v[63:32] : v[31:0];
      end else if (csr_addr_i[11:6] == 6'b1101_11 || csr_addr_i[11:6] == 6'b1110_11) begin
        // counters k >= 32 (config/weft.yaml): 0xDC0 + (k - 32) (low) /
        // 0xDE0 + (k - 32) (high) for k = 32..63, 0xEC0 / 0xEE0 for 64..95
        kx = ((csr_addr_i[11:8] == 4'hD) ? 32'd32 : 32'd64) + 32'(k);
        if (kx < NC) v = cnt_q[KW'(kx)];
        csr_rdata_o = csr_addr_i[5] ? v[63:32] : v[31:0];
      end else begin
        // 0xB00 + k / 0xC00 + k (low), 0xB80 + k / 0xC80 + k (high)
        if (32'(k) < NC) v = cnt_q[KW'(k)];
        csr_rdata_o = csr_addr_i[7] ? v[63:32] : v[31:0];
      end
    end
  end

  always_comb begin
    dbg_data_o = '0;
    if (32'(dbg_idx_i) >= WB) begin
      if (32'(dbg_idx_i) - WB < W) dbg_data_o = wiss_q[IW'(32'(dbg_idx_i) - WB)];
    end else if (32'(dbg_idx_i) < NC) dbg_data_o = cnt_q[KW'(dbg_idx_i)];
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  // Every counted active cycle adds exactly 12*W CPI units: all to base when
  // an instruction issues, else the per-warp shares must sum to 12*W.
  logic [15:0] a_sh_sum;
  assign a_sh_sum = sh_idle + sh_sync + sh_empty + sh_missed + sh_mdata + sh_mstruct + sh_cdata + sh_cstruct;
  `WEFT_ASSERT_IF(cpi_share_sum, en && act && !issue_i && !slot_i, a_sh_sum == 16'(12 * W))
  `WEFT_ASSERT_KNOWN(issue_known, issue_i)
  `WEFT_ASSERT_IF(slot_no_issue, slot_i, !issue_i)
  `WEFT_ASSERT_KNOWN(commit_known, commit_i)
  `WEFT_ASSERT_IF(issue_wid_range, issue_i, 32'(issue_wid_i) < W)
  // an issuing warp is active and its head instruction was ready
  `WEFT_ASSERT_IF(issue_from_ready, issue_i, w_active_i[issue_wid_i] && w_head_i[issue_wid_i] && w_ready_i[issue_wid_i])
`endif

endmodule
