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
  logic [31:0]    last_pc_q [W];      // SWaS: pc of the last fetch
  logic [31:0]    last_pc_d [W];
  logic [W-1:0]   last_ok_q, last_ok_d; // ... not redirected since
  logic [W-1:0] pstall_q, pstall_d;   // stalled by a stall-table prediction
  logic [31:0]  pstall_pc_q [W];      // ... of the instruction at this pc
  logic [31:0]  pstall_pc_d [W];
  logic         st_hit;

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
  always_comb begin
    starting = spawn_i | W'(start_i);
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
  assign req_tmask_o = tmask_q[f_wid];
  assign fire        = f_valid && req_ready_i;
  assign susp_o      = susp_q;
  assign active_o    = active_q;
  assign stalled_o   = stalled_q;
  assign fetchable_o = fetchable;

  always_comb begin
    active_d  = active_q;
    stalled_d = stalled_q;
    pstall_d  = pstall_q;
    for (int w = 0; w < W; w++) pstall_pc_d[w] = pstall_pc_q[w];
    for (int w = 0; w < W; w++) begin
      pc_d[w]    = pc_q[w];
      tmask_d[w] = tmask_q[w];
    end
    susp_d    = susp_q;
    last_ok_d = last_ok_q;
    for (int w = 0; w < W; w++) begin
      susp_line_d[w] = susp_line_q[w];
      last_pc_d[w]   = last_pc_q[w];
    end
    if (fire) begin
      if (!swas_i && (frontend_i == weft_spec_pkg::FRONTEND_STALL || st_hit_o)) stalled_d[f_wid] = 1'b1;
      pstall_d[f_wid]    = st_hit_o;
      pstall_pc_d[f_wid] = pc_q[f_wid];
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
    end else if (br_valid_i && pstall_q[br_wid_i] && pstall_pc_q[br_wid_i] == br_src_pc_i) begin
      // pnt: the branch the table stalled on fell through; fetch goes on at
      // pc + 4, which is already the warp's next pc.
      stalled_d[br_wid_i] = 1'b0;
      pstall_d[br_wid_i]  = 1'b0;
    end
    if (sfu_valid_i) begin
      pc_d[sfu_wid_i]    = sfu_pc_i;
      tmask_d[sfu_wid_i] = sfu_tmask_i;
      if (sfu_tmask_i == '0) active_d[sfu_wid_i] = 1'b0;
      if (sfu_resolve_i) stalled_d[sfu_wid_i] = 1'b0;
      if (redirect_i) begin
        susp_d[sfu_wid_i]    = 1'b0;
        last_ok_d[sfu_wid_i] = 1'b0;
      end
    end
    for (int w = 0; w < W; w++) begin
      if (release_i[w]) stalled_d[w] = 1'b0;
      if (spawn_i[w]) begin
        active_d[w]  = 1'b1;
        stalled_d[w] = 1'b0;
        susp_d[w]    = 1'b0;
        last_ok_d[w] = 1'b0;
        pc_d[w]      = spawn_pc_i;
        tmask_d[w]   = '1;
      end
    end
    if (start_i) begin
      active_d[0]  = 1'b1;
      stalled_d[0] = 1'b0;
      susp_d[0]    = 1'b0;
      last_ok_d[0] = 1'b0;
      pc_d[0]      = start_pc_i;
      tmask_d[0]   = '1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      active_q  <= '0;
      stalled_q <= '0;
      pstall_q  <= '0;
      susp_q    <= '0;
      last_ok_q <= '0;
    end else begin
      active_q  <= active_d;
      stalled_q <= stalled_d;
      pstall_q  <= pstall_d;
      susp_q    <= susp_d;
      last_ok_q <= last_ok_d;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      pc_q[w]        <= pc_d[w];
      tmask_q[w]     <= tmask_d[w];
      pstall_pc_q[w] <= pstall_pc_d[w];
      susp_line_q[w] <= susp_line_d[w];
      last_pc_q[w]   <= last_pc_d[w];
    end
  end

endmodule
