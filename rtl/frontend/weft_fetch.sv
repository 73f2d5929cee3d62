// weft_fetch: the fetch stage. It keeps the state of every warp (active,
// next pc, thread mask, front-end stall) and asks the warp scheduler which
// warp to fetch next.
//
// Front end `stall` (Vortex baseline, seed 000 sec. 3.1.2): a fetched warp is
// stalled until decode says its instruction cannot change control flow
// (dec_*), or, for a control instruction, until it resolves in the ALU
// (br_*) or the SFU (sfu_*; a barrier resolves when it is released,
// release_i). After a fetch the next pc is pc + 4; a resolve overwrites it.
// A warp whose thread mask becomes zero ends (active = 0).
// Front end `nss` (no-stall scheduling, seed 000 sec. 3.3.1): a fetched warp
// stays fetchable; when decode sees a control instruction the warp stalls
// until it resolves, and it is not fetched in the cycle its control
// instruction is being decoded (dec_ctrl_*), so no younger instruction of it
// is ever in flight (the I-cache stage holds one request, in order).
// Front end `pnt` (static predict-not-taken, seed 002 sec. V-B): branches
// and jumps do not stall the warp; it keeps fetching pc + 4. When one
// resolves taken (br_taken_i) the warp is redirected and its younger
// instructions are discarded by the caller (kill_o: instruction buffer and
// I-cache stage); SIMT instructions still stall as in nss.
// Stall table (stall_table_i, seed 000 sec. 3.3.2): with nss or pnt, a fetch
// whose pc the table knows as a stalling (control) instruction stalls the
// warp as the stall front end would, until decode shows it is not control or
// it resolves; decode teaches the table every control instruction.
// Back-pressure mask (bpr_i, seed 000 sec. 3.3.3): a warp whose instruction
// buffer has no room for one more instruction (ibuf_block_i) is not fetched;
// without it, decode waits for the full buffer and blocks every warp.
// In-flight limit: a warp whose insert queue is full (iq_full_i) is not
// fetched. With nss and pnt several instructions of a warp can be in flight;
// the caller flushes them when decode finds a control instruction that
// stalls (nss, and SIMT instructions under pnt), and fetch then goes on from
// the resolved pc.
// SWaS (swas_i, seed 002 sec. IV-V): the issue stage's pick is also the
// fetch pick (ext_valid_i / ext_wid_i); the warp scheduler is not used.
// Branches are predicted not taken as in pnt and SIMT instructions do not
// stall fetch (they redirect it when they complete, like a taken branch).
// An I-cache miss (miss_valid_i, one cycle after the request) suspends the
// warp and rewinds its pc to the missed instruction; the fill of that line
// (fill_i) ends the suspension. A redirect also ends it (the missed fetch was
// on the wrong path).
// Divergence minpc (divergence_i; docs/isa.md "Divergence modes",
// docs/architecture.md): every warp also keeps its live threads, each
// thread's pc and call depth, the threads parked at a bar and the pc at which
// its current group started (gs). A fetch at pc X carries the group's mask
// plus every waiting thread whose pc lies in (gs, X] (the group ran through
// that pc, so the thread joins it there; a pure function of X, so refetches
// and flushes need no undo). A resolving branch (br_*: each lane's next pc)
// or SIMT instruction (sfu_*) gives the new per-thread pcs; the warp's next
// pc is then the lowest pc among the live, not parked threads of the deepest
// call level, and its mask every such thread at that pc (Collange, Simty,
// CARRV 2017). A branch that does not redirect under pnt/SWaS (every lane at
// pc + 4) only updates the call depths.
// Handshake to the I-cache stage: req_valid_o / req_ready_i; the request
// carries the warp id, pc and the warp's thread mask at fetch time (valid for
// the instruction because instructions fetched after one that changes the
// mask are flushed, or, under SWaS, turned into NOPs).
module weft_fetch #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned ST_ENTRIES = 128,
  parameter int unsigned LAW = 25,       // line address bits (I-cache)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          halt_i,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] policy_i,
  input  logic [W*7-1:0] icnt_i,         // per warp: fetched, not issued (icount)
  input  logic [weft_spec_pkg::FRONTEND_W-1:0] frontend_i,  // config/weft.yaml: stall, nss, pnt
  input  logic          dec_is_branch_i, // the decoded instruction is a branch or jump
  input  logic          bpr_i,
  input  logic          stall_table_i,
  input  logic [31:2]   dec_pc_i,        // pc of the instruction entering the buffer
  output logic          st_lookup_o,     // statistics: stall-table lookup / hit this cycle
  output logic          st_hit_o,
  input  logic [W-1:0]  ibuf_block_i,    // no room in the warp's instruction buffer
  input  logic [W-1:0]  iq_full_i,       // the warp's insert queue is full
  input  logic          dec_flush_i,     // decode flushes warp dec_wid_i's younger fetches
  // SWaS
  input  logic          swas_i,
  // divergence minpc
  input  logic          divergence_i,    // 0 ipdom, 1 minpc
  input  logic [T-1:0]  br_tmask_i,      // the resolving branch's mask
  input  logic [T*32-1:0] br_lpc_i,      // ... each lane's next pc
  input  logic [1:0]    br_link_i,       // ... {call, return}
  input  logic [T-1:0]  sfu_gmask_i,     // the SIMT instruction's own mask
  input  logic          sfu_park_i,      // ... a bar that parks its threads (pc = its own)
  output logic [W*T-1:0] live_o,         // live threads per warp (to the SFU)
  output logic [W-1:0]  arrive_o,        // the warp's next bar is its arrival (to the SFU)
  input  logic          ext_valid_i,     // the issue stage picked warp ext_wid_i
  input  logic [IW-1:0] ext_wid_i,
  input  logic          miss_valid_i,    // the I-cache missed a request of miss_wid_i
  input  logic [IW-1:0] miss_wid_i,
  input  logic          fill_i,          // the I-cache received line fill_line_i
  input  logic [LAW-1:0] fill_line_i,
  input  logic          redirect_i,      // SWaS: a SIMT instruction redirects (sfu_*)
  output logic [W-1:0]  susp_o,          // SWaS: suspended by a miss
  output logic          st_avoid_o,      // statistics: a stall-table hit proved right (flush avoided)
  input  logic          dec_ctrl_valid_i, // a control instruction is in decode
  input  logic [IW-1:0] dec_ctrl_wid_i,
  // launch
  input  logic          start_i,
  input  logic [31:0]   start_pc_i,
  // to the I-cache stage
  output logic          req_valid_o,
  input  logic          req_ready_i,
  output logic [IW-1:0] req_wid_o,
  output logic [31:0]   req_pc_o,
  output logic [T-1:0]  req_tmask_o,
  // from decode: an instruction entered the instruction buffer
  input  logic          dec_valid_i,
  input  logic [IW-1:0] dec_wid_i,
  input  logic          dec_is_ctrl_i,
  // from the ALU: a branch or jump resolved
  input  logic          br_valid_i,
  input  logic [IW-1:0] br_wid_i,
  input  logic [31:0]   br_pc_i,
  input  logic          br_taken_i,
  input  logic [31:0]   br_src_pc_i,     // pc of the resolving branch
  output logic          kill_o,          // pnt: discard warp kill_wid_o's younger instructions
  output logic [IW-1:0] kill_wid_o,
  // from the SFU: a SIMT instruction completed
  input  logic          sfu_valid_i,
  input  logic [IW-1:0] sfu_wid_i,
  input  logic [31:0]   sfu_pc_i,
  input  logic [T-1:0]  sfu_tmask_i,
  input  logic          sfu_resolve_i,   // unstall (not for a waiting barrier)
  input  logic [W-1:0]  spawn_i,         // warps to start at spawn_pc_i
  input  logic [31:0]   spawn_pc_i,
  input  logic [W-1:0]  release_i,       // barrier released these warps
  // state
  output logic [W-1:0]  active_o,
  output logic [W-1:0]  stalled_o,
  output logic [W-1:0]  fetchable_o      // may be fetched this cycle (before selection)
);

  logic [W-1:0]  active_q, active_d;
  logic [W-1:0]  stalled_q, stalled_d;
  logic [31:0]   pc_q [W];
  logic [31:0]   pc_d [W];
  logic [T-1:0]  tmask_q [W];
  logic [T-1:0]  tmask_d [W];
  logic [W-1:0]  fetchable;
  logic          sel_valid;
  logic [IW-1:0] sel_wid;
  logic          fire;

  logic [W-1:0] ctrl_now, kill_mask;
  logic [W-1:0]   susp_q, susp_d;     // SWaS: suspended by an I-cache miss
  logic [LAW-1:0] susp_line_q [W];
  logic [LAW-1:0] susp_line_d [W];
  // pc of the warp's last fetch: SWaS refetches it after a miss, and the
  // stall table's prediction (pstall) is for the instruction at it. (One
  // register for both: the stall-table pc was a second copy written at the
  // same fetches with the same value, read only after such a write;
  // issue 17, fourteenth session.)
  logic [31:0]    last_pc_q [W];
  logic [31:0]    last_pc_d [W];
  logic [W-1:0]   last_ok_q, last_ok_d; // ... not redirected since
  logic [W-1:0] pstall_q, pstall_d;   // stalled by a stall-table prediction
  logic         st_hit;
  // divergence minpc state
  localparam int unsigned DW = 8;       // call depth bits (saturating)
  logic [T-1:0]   live_q [W];
  logic [T-1:0]   live_d [W];
  logic [T-1:0]   barw_q [W];
  logic [T-1:0]   barw_d [W];
  logic [W-1:0]   arrive_q, arrive_d;
  logic [31:0]    gs_q [W];
  logic [31:0]    gs_d [W];
  logic [31:0]    tpc_q [W*T];   // thread t of warp w at w*T + t
  logic [DW-1:0]  tdep_q [W*T];
  // the resolution of this cycle (one of br_* / sfu_*)
  logic           r_valid, r_apply;
  logic [IW-1:0]  r_wid;
  logic [T-1:0]   r_g, r_m, r_live, r_barw, r_elig, r_mask;
  logic           r_arrive;
  logic [31:0]    r_npc [T];
  logic [DW-1:0]  r_dep [T];
  logic [31:0]    r_bpc;
  logic [T-1:0]   f_merge;

  weft_stall_table #(.ENTRIES(ST_ENTRIES)) u_stall_table (
    .clk_i, .rst_ni,
    .lookup_pc_i (pc_q[sel_wid][31:2]),
    .hit_o       (st_hit),
    .learn_i     (stall_table_i && dec_valid_i && dec_is_ctrl_i),
    .learn_pc_i  (dec_pc_i)
  );
  assign st_lookup_o = stall_table_i && frontend_i != weft_spec_pkg::FRONTEND_STALL && !swas_i && fire;
  assign st_hit_o    = st_lookup_o && st_hit;
  assign st_avoid_o  = dec_valid_i && dec_is_ctrl_i && pstall_q[dec_wid_i] && !swas_i;
  logic         pnt;
  // SWaS predicts not taken whatever the front-end knob says.
  assign pnt    = (frontend_i == weft_spec_pkg::FRONTEND_PNT) || swas_i;
  assign kill_o = pnt && br_valid_i && br_taken_i;
  assign kill_wid_o = br_wid_i;
  always_comb begin
    ctrl_now  = '0;
    kill_mask = '0;
    if (dec_ctrl_valid_i && !(pnt && dec_is_branch_i)) ctrl_now[dec_ctrl_wid_i] = 1'b1;
    if (kill_o) kill_mask[br_wid_i] = 1'b1;
  end
  assign fetchable = halt_i ? '0 :
                     swas_i ? (active_q & ~susp_q) :
                              (active_q & ~stalled_q & ~ctrl_now & ~kill_mask & ~iq_full_i &
                               ~(bpr_i ? ibuf_block_i : '0));

  logic [W-1:0]   starting;
  logic [W*7-1:0] nact;
  // (the active-thread counts only for the policies that read them: pta,
  // ptalow; issue 17)
  always_comb begin
    starting = spawn_i | W'(start_i);
    nact     = '0;
    if (policy_i == weft_spec_pkg::SCHED_POLICY_PTA || policy_i == weft_spec_pkg::SCHED_POLICY_PTALOW)
      for (int w = 0; w < W; w++) nact[w*7 +: 7] = 7'($countones(tmask_q[w]));
  end

  weft_warp_sched #(.W(W), .CW(7)) u_warp_sched (
    .clk_i, .rst_ni,
    .policy_i,
    .fetchable_i (fetchable),
    .accept_i    (fire && !swas_i),
    .start_i     (starting),
    .nact_i      (nact),
    .icnt_i,
    .valid_o     (sel_valid),
    .wid_o       (sel_wid)
  );

  logic          f_valid;
  logic [IW-1:0] f_wid;
  assign f_valid     = swas_i ? (ext_valid_i && !halt_i) : sel_valid;
  assign f_wid       = swas_i ? ext_wid_i : sel_wid;
  assign req_valid_o = f_valid;
  assign req_wid_o   = f_wid;
  assign req_pc_o    = pc_q[f_wid];
  assign req_tmask_o = tmask_q[f_wid] | f_merge;
  // minpc: waiting threads the group reaches at this pc (none in ipdom mode)
  // (evaluated only in minpc mode and for a valid pick)
  always_comb begin
    f_merge = '0;
    if (divergence_i && f_valid) begin
      for (int t = 0; t < T; t++)
        f_merge[t] = live_q[f_wid][t] && !barw_q[f_wid][t] && !tmask_q[f_wid][t] &&
                     tpc_q[32'(f_wid)*T + t] > gs_q[f_wid] && tpc_q[32'(f_wid)*T + t] <= pc_q[f_wid] &&
                     tpc_q[32'(f_wid)*T + t][1:0] == pc_q[f_wid][1:0];
    end
  end
  always_comb begin
    for (int w = 0; w < W; w++) live_o[w*T +: T] = live_q[w];
  end
  assign arrive_o = arrive_q;

  // minpc resolution: new per-thread pcs and depths, then the selection.
  always_comb begin
    logic          found;
    logic [DW-1:0] bdep, ldep;
    logic          lfound;
    found   = 1'b0;
    bdep    = '0;
    ldep    = '0;
    lfound  = 1'b0;
    r_valid = divergence_i && (br_valid_i || sfu_valid_i);
    r_wid   = br_valid_i ? br_wid_i : sfu_wid_i;
    // (the rest only in a cycle with a resolution: every use of r_* below is
    // under r_valid, or under sfu_valid_i in minpc mode, which implies it)
    r_g      = '0;
    r_m      = '0;
    r_apply  = 1'b0;
    r_live   = '0;
    r_barw   = '0;
    r_arrive = 1'b0;
    r_elig   = '0;
    r_mask   = '0;
    r_bpc    = '0;
    for (int t = 0; t < T; t++) begin
      r_npc[t] = '0;
      r_dep[t] = '0;
    end
    if (r_valid) begin
      r_g     = br_valid_i ? br_tmask_i : sfu_gmask_i;
      r_m     = br_valid_i ? br_tmask_i : sfu_tmask_i;
      // a branch redirects unless it is predicted right (pnt/SWaS, every lane at pc + 4)
      r_apply = r_valid && (!br_valid_i || !pnt || br_taken_i);
      for (int t = 0; t < T; t++)
        if (r_g[t] && !lfound) begin
          ldep   = tdep_q[32'(r_wid)*T + t];
          lfound = 1'b1;
        end
      for (int t = 0; t < T; t++) begin
        r_live[t] = (live_q[r_wid][t] && !r_g[t]) || r_m[t];
        r_npc[t]  = tpc_q[32'(r_wid)*T + t];
        r_dep[t]  = tdep_q[32'(r_wid)*T + t];
        if (r_m[t]) r_npc[t] = br_valid_i ? br_lpc_i[t*32 +: 32] : sfu_pc_i;
        if (br_valid_i && r_g[t]) begin
          if (br_link_i[1] && r_dep[t] != '1) r_dep[t] = r_dep[t] + 1'b1;
          else if (br_link_i[0] && r_dep[t] != '0) r_dep[t] = r_dep[t] - 1'b1;
        end
        if (!br_valid_i && r_m[t] && !r_g[t]) r_dep[t] = ldep;
      end
      r_barw   = barw_q[r_wid] | ((!br_valid_i && sfu_park_i) ? r_g : '0);
      r_arrive = br_valid_i ? arrive_q[r_wid] : 1'b0;
      r_elig   = r_live & ~r_barw;
      if (r_elig == '0) begin   // every live thread is parked: the warp's arrival comes next
        r_barw   = '0;
        r_arrive = 1'b1;
        r_elig   = r_live;
      end
      for (int t = 0; t < T; t++)
        if (r_elig[t] && (!found || r_dep[t] > bdep || (r_dep[t] == bdep && r_npc[t] < r_bpc))) begin
          found = 1'b1;
          bdep  = r_dep[t];
          r_bpc = r_npc[t];
        end
      for (int t = 0; t < T; t++) r_mask[t] = r_elig[t] && r_npc[t] == r_bpc;
    end
  end
  assign fire        = f_valid && req_ready_i;
  assign susp_o      = susp_q;
  assign active_o    = active_q;
  assign stalled_o   = stalled_q;
  assign fetchable_o = fetchable;

  always_comb begin
    active_d  = active_q;
    stalled_d = stalled_q;
    pstall_d  = pstall_q;
    for (int w = 0; w < W; w++) begin
      pc_d[w]    = pc_q[w];
      tmask_d[w] = tmask_q[w];
    end
    susp_d    = susp_q;
    last_ok_d = last_ok_q;
    arrive_d  = arrive_q;
    for (int w = 0; w < W; w++) begin
      live_d[w] = live_q[w];
      barw_d[w] = barw_q[w];
      gs_d[w]   = gs_q[w];
    end
    for (int w = 0; w < W; w++) begin
      susp_line_d[w] = susp_line_q[w];
      last_pc_d[w]   = last_pc_q[w];
    end
    if (fire) begin
      if (!swas_i && (frontend_i == weft_spec_pkg::FRONTEND_STALL || st_hit_o)) stalled_d[f_wid] = 1'b1;
      pstall_d[f_wid]    = st_hit_o;
      pc_d[f_wid]        = pc_q[f_wid] + 32'd4;
      last_pc_d[f_wid]   = pc_q[f_wid];
      last_ok_d[f_wid]   = 1'b1;
    end
    if (dec_valid_i && !swas_i) begin
      stalled_d[dec_wid_i] = dec_is_ctrl_i && !(pnt && dec_is_branch_i && !pstall_q[dec_wid_i]);
      // A predicted stall outlives decode only for a branch under pnt (which
      // would not stall otherwise); SIMT instructions stall anyway.
      if (!(dec_is_ctrl_i && dec_is_branch_i)) pstall_d[dec_wid_i] = 1'b0;
      // Younger fetches of a stalling control instruction are flushed: fetch
      // would go on after it (the resolve overwrites the pc anyway).
      if (dec_flush_i) pc_d[dec_wid_i] = {dec_pc_i, 2'b00} + 32'd4;
    end
    // SWaS: a miss suspends the warp and refetches the missed instruction
    // once its line is in (unless a redirect made that fetch wrong-path).
    if (fill_i)
      for (int w = 0; w < W; w++)
        if (susp_q[w] && susp_line_q[w] == fill_line_i) susp_d[w] = 1'b0;
    if (swas_i && miss_valid_i && last_ok_q[miss_wid_i]) begin
      susp_d[miss_wid_i]      = !(fill_i && fill_line_i == last_pc_q[miss_wid_i][31 -: LAW]);
      susp_line_d[miss_wid_i] = last_pc_q[miss_wid_i][31 -: LAW];
      pc_d[miss_wid_i]        = last_pc_q[miss_wid_i];
      last_ok_d[miss_wid_i]   = 1'b0;
    end
    if (br_valid_i && (!pnt || br_taken_i)) begin
      stalled_d[br_wid_i] = 1'b0;
      pstall_d[br_wid_i]  = 1'b0;
      pc_d[br_wid_i]      = br_pc_i;
      if (swas_i) begin
        susp_d[br_wid_i]    = 1'b0;
        last_ok_d[br_wid_i] = 1'b0;
      end
    end else if (br_valid_i && pstall_q[br_wid_i] && last_pc_q[br_wid_i] == br_src_pc_i) begin
      // pnt: the branch the table stalled on fell through; fetch goes on at
      // pc + 4, which is already the warp's next pc.
      stalled_d[br_wid_i] = 1'b0;
      pstall_d[br_wid_i]  = 1'b0;
    end
    if (sfu_valid_i) begin
      pc_d[sfu_wid_i]    = sfu_pc_i;
      tmask_d[sfu_wid_i] = sfu_tmask_i;
      if (divergence_i ? (r_live == '0) : (sfu_tmask_i == '0)) active_d[sfu_wid_i] = 1'b0;
      if (sfu_resolve_i) stalled_d[sfu_wid_i] = 1'b0;
      if (redirect_i) begin
        susp_d[sfu_wid_i]    = 1'b0;
        last_ok_d[sfu_wid_i] = 1'b0;
      end
    end
    // minpc: the resolution (after the ipdom-mode updates above, which it
    // overrides for pc and mask)
    if (r_valid) begin
      if (r_apply) begin
        live_d[r_wid]   = r_live;
        barw_d[r_wid]   = r_barw;
        arrive_d[r_wid] = r_arrive;
        gs_d[r_wid]     = r_bpc;
        pc_d[r_wid]     = r_bpc;
        tmask_d[r_wid]  = r_mask;
      end
    end
    // (a barrier release as one vector operation, the spawn loop only with a
    // spawn; issue 17)
    stalled_d = stalled_d & ~release_i;
    if (spawn_i != '0)
    for (int w = 0; w < W; w++) begin
      if (spawn_i[w]) begin
        active_d[w]  = 1'b1;
        stalled_d[w] = 1'b0;
        susp_d[w]    = 1'b0;
        last_ok_d[w] = 1'b0;
        pc_d[w]      = spawn_pc_i;
        tmask_d[w]   = '1;
        live_d[w]    = '1;
        barw_d[w]    = '0;
        arrive_d[w]  = 1'b0;
        gs_d[w]      = spawn_pc_i;
      end
    end
    if (start_i) begin
      active_d[0]  = 1'b1;
      stalled_d[0] = 1'b0;
      susp_d[0]    = 1'b0;
      last_ok_d[0] = 1'b0;
      pc_d[0]      = start_pc_i;
      tmask_d[0]   = '1;
      live_d[0]    = '1;
      barw_d[0]    = '0;
      arrive_d[0]  = 1'b0;
      gs_d[0]      = start_pc_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q  <= '0;
      stalled_q <= '0;
      pstall_q  <= '0;
      susp_q    <= '0;
      last_ok_q <= '0;
      arrive_q  <= '0;
      for (int w = 0; w < W; w++) begin
        live_q[w] <= '0;
        barw_q[w] <= '0;
      end
    end else begin
      active_q  <= active_d;
      stalled_q <= stalled_d;
      pstall_q  <= pstall_d;
      susp_q    <= susp_d;
      last_ok_q <= last_ok_d;
      arrive_q  <= arrive_d;
      for (int w = 0; w < W; w++) begin
        live_q[w] <= live_d[w];
        barw_q[w] <= barw_d[w];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      pc_q[w]        <= pc_d[w];
      tmask_q[w]     <= tmask_d[w];
      susp_line_q[w] <= susp_line_d[w];
      last_pc_q[w]   <= last_pc_d[w];
      gs_q[w]        <= gs_d[w];
    end
  end
  // Per-thread pcs and call depths (minpc): written only by a resolution,
  // a spawn or a start of the warp (a start or spawn wins over a resolution,
  // as in the order of the updates above), so an idle cycle touches none of
  // the W*T entries. (One block per warp: Verilator unrolls the lane loop.)
  for (genvar w = 0; w < W; w++) begin : gen_tpc
    logic w_start, w_res;
    assign w_start = spawn_i[w] || (start_i && w == 0);
    assign w_res   = r_valid && r_wid == IW'(w);
    always_ff @(posedge clk_i) begin
      if (w_start) begin
        for (int t = 0; t < T; t++) begin
          tpc_q[w*T + t]  <= (start_i && w == 0) ? start_pc_i : spawn_pc_i;
          tdep_q[w*T + t] <= '0;
        end
      end else if (w_res) begin
        for (int t = 0; t < T; t++) tdep_q[w*T + t] <= r_dep[t];
        if (r_apply)
          for (int t = 0; t < T; t++) tpc_q[w*T + t] <= r_npc[t];
      end
    end
  end

endmodule
