// weft_sfu: the special-function unit: SIMT control (tmc, wspawn, split,
// join, bar, pred; docs/isa.md), the IPDOM stacks, the barriers of the core
// and the CSR reads.
//
// One warp instruction at a time, latency one cycle: the instruction is
// latched at dispatch and completes when writeback takes it (out_ready_i).
// Only at that moment does it change state (stack, barrier, fetch update),
// so every instruction acts exactly once. A SIMT instruction sends the warp's
// next pc and thread mask to fetch (fetch_*); a barrier that is not yet full
// leaves the warp stalled in fetch until the last warp arrives (release_o).
// Errors (IPDOM overflow/underflow, barrier deadlock) raise err_valid_o and
// the instruction never completes.
// Divergence minpc (divergence_i, docs/isa.md "Divergence modes"): split,
// join and pred change nothing (no IPDOM stack operation); tmc sends its new
// mask and weft_fetch applies it to the warp's live threads (fetch_gmask_o is
// the instruction's own mask); a bar whose mask is not every live thread of
// the warp (live_i) and that is not the warp's arrival (arrive_i) parks its
// threads at the bar (fetch_park_o, pc = the bar's own pc) without counting.
// Warp primitives (op[4]: vote.any/all/ballot, shfl.idx/up/down/xor;
// docs/isa.md "Warp primitives") are computed across the lanes in the same
// cycle from the latched operands and write rd like a CSR read; they send
// nothing to fetch.
module weft_sfu #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned IPDOM_DEPTH = 8,
  parameter int unsigned BARRIERS = 4,
  parameter int unsigned CORE_ID_W = 8,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned BW = (BARRIERS > 1) ? $clog2(BARRIERS) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [CORE_ID_W-1:0] core_id_i,
  input  logic [31:0]     num_cores_i,
  input  logic [31:0]     launch_i,
  input  logic [63:0]     cycle_i,
  input  logic [W-1:0]    active_i,
  input  logic            divergence_i, // 0 ipdom, 1 minpc
  input  logic [W*T-1:0]  live_i,       // minpc: live threads of each warp (weft_fetch)
  input  logic [W-1:0]    arrive_i,     // minpc: the warp's next bar is its arrival
  // performance-counter CSRs (weft_perf)
  output logic [11:0]     perf_addr_o,
  input  logic [31:0]     perf_rdata_i,
  output logic            perf_we_o,
  output logic [31:0]     perf_wdata_o,
  // RV32F state per warp: fflags accumulate the flags of committing FP
  // results; frm feeds the dynamic rounding mode at issue
  input  logic [W-1:0]    fp_clear_i,   // warp starts: fflags = frm = 0
  input  logic [4:0]      commit_flags_i,
  output logic [W*3-1:0]  frm_o,
  output logic [7:0]      commit_fcsr_o, // fcsr of the committing warp after the commit
  input  logic            commit_i,     // a warp instruction committed
  input  logic [IW-1:0]   commit_wid_i,
  // from dispatch
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [IW-1:0]   in_wid_i,
  input  logic [31:0]     in_pc_i,
  input  logic [T-1:0]    in_tmask_i,
  input  logic [4:0]      in_op_i,
  input  logic [4:0]      in_rd_i,
  input  logic            in_wb_i,
  input  logic [31:0]     in_imm_i,
  input  logic [T*32-1:0] in_rs1_i,
  input  logic [T*32-1:0] in_rs2_i,
  // to writeback
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [IW-1:0]   out_wid_o,
  output logic [31:0]     out_pc_o,
  output logic [T-1:0]    out_tmask_o,
  output logic [4:0]      out_rd_o,
  output logic            out_wb_o,
  output logic [T*32-1:0] out_data_o,
  // to fetch
  output logic            fetch_valid_o,
  output logic [IW-1:0]   fetch_wid_o,
  output logic [31:0]     fetch_pc_o,
  output logic [T-1:0]    fetch_tmask_o,
  output logic            fetch_resolve_o,
  output logic [T-1:0]    fetch_gmask_o,  // minpc: the instruction's own mask
  output logic            fetch_park_o,   // minpc: a bar parks its threads
  output logic [W-1:0]    spawn_o,
  output logic [31:0]     spawn_pc_o,
  output logic [W-1:0]    release_o,
  output logic            icache_flush_o,
  // errors
  output logic            err_valid_o,
  output logic [2:0]      err_cause_o,
  output logic [IW-1:0]   err_wid_o,
  output logic [31:0]     err_pc_o
);

  logic            v_q;
  logic [IW-1:0]   wid_q;
  logic [31:0]     pc_q, imm_q;
  logic [T-1:0]    tmask_q;
  logic [4:0]      op_q, rd_q;
  logic            wb_q;
  logic [T*32-1:0] a_q, b_q;

  logic [63:0]     instret_q [W];
  logic [63:0]     instret_at_q;   // the warp's instret when this instruction was dispatched
  logic [W-1:0]    bar_mask_q [BARRIERS];
  logic [W-1:0]    bar_wait_q;
  logic [31:0]     bar_cnt_q [BARRIERS];

  logic            fire_in, fire_out;
  logic [31:0]     lead_a, lead_b;
  logic [T-1:0]    pmask, nmask;
  logic [1:0]      ip_op;
  logic [1:0]      top_kind;
  logic [T-1:0]    top_mask;
  logic [31:0]     top_pc;
  logic            ip_ovf, ip_unf;
  logic            deadlock;
  logic [BW-1:0]   bar_id;
  logic            bar_done;
  logic            bar_arrive;     // the bar counts as the warp's arrival

  assign fire_in    = in_valid_i && in_ready_o;
  assign in_ready_o = !v_q || fire_out;
  assign fire_out   = v_q && out_ready_i && !ip_ovf && !ip_unf;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) v_q <= 1'b0;
    else if (fire_in) v_q <= 1'b1;
    else if (fire_out) v_q <= 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (fire_in) begin
      wid_q <= in_wid_i; pc_q <= in_pc_i; tmask_q <= in_tmask_i; op_q <= in_op_i;
      rd_q <= in_rd_i; wb_q <= in_wb_i; imm_q <= in_imm_i; a_q <= in_rs1_i; b_q <= in_rs2_i;
      // instret reads drain the warp first, so at dispatch this counts every
      // older instruction and none younger (younger ones may commit before
      // this one leaves the unit).
      instret_at_q <= instret_q[in_wid_i];
    end
  end

  // Leader operands and split predicate masks (computed only while an
  // instruction is held: every reader is gated by v_q or fire_out; issue 17).
  always_comb begin
    if (v_q) begin
      lead_a = a_q[31:0];
      lead_b = b_q[31:0];
      for (int t = T - 1; t >= 0; t--) begin
        if (tmask_q[t]) begin
          lead_a = a_q[t*32 +: 32];
          lead_b = b_q[t*32 +: 32];
        end
      end
      for (int t = 0; t < T; t++) pmask[t] = tmask_q[t] && (a_q[t*32 +: 32] != 32'd0);
    end else begin
      lead_a = '0;
      lead_b = '0;
      pmask  = '0;
    end
    nmask = tmask_q & ~pmask;
  end

  // IPDOM stacks: operate only when the instruction completes.
  always_comb begin
    ip_op = 2'd0;
    if (v_q && !divergence_i) begin
      if (op_q == weft_pkg::SFU_SPLIT) ip_op = (pmask != '0 && nmask != '0) ? 2'd2 : 2'd1;
      if (op_q == weft_pkg::SFU_JOIN)  ip_op = 2'd3;
    end
  end

  weft_ipdom #(.W(W), .T(T), .DEPTH(IPDOM_DEPTH)) u_ipdom (
    .clk_i, .rst_ni,
    .op_i        (ip_op),
    .en_i        (fire_out),
    .wid_i       (wid_q),
    .rmask_i     (tmask_q),
    .emask_i     (nmask),
    .epc_i       (pc_q + 32'd4),
    .top_kind_o  (top_kind),
    .top_mask_o  (top_mask),
    .top_pc_o    (top_pc),
    .err_ovf_o   (ip_ovf),
    .err_unf_o   (ip_unf),
    .clear_i     (fetch_valid_o && fetch_tmask_o == '0),
    .clear_wid_i (wid_q)
  );

  // Fetch update.
  // (the barrier tests only for a held bar, the fetch update only while an
  // instruction is held: every reader is gated by fire_out or fetch_valid_o
  // and a bar; 0 otherwise for synthesis and Icarus, unchanged in the
  // simulator, which otherwise turns the if into expressions it evaluates
  // every cycle; issue 17)
  assign bar_id = BW'(lead_a);
  // verilator lint_off LATCH
  always_comb begin
    if (v_q && op_q == weft_pkg::SFU_BAR) begin
      bar_done   = (bar_cnt_q[bar_id] + 32'd1 >= lead_b);
      bar_arrive = !divergence_i || arrive_i[wid_q] || (tmask_q == live_i[32'(wid_q)*T +: T]);
    end else begin
`ifndef VERILATOR
      bar_done   = 1'b0;
      bar_arrive = 1'b0;
`endif
    end
  end
  // verilator lint_on LATCH
  assign fetch_gmask_o = tmask_q;

  always_comb begin
    fetch_valid_o   = 1'b0;
    fetch_wid_o     = '0;
    fetch_pc_o      = '0;
    fetch_tmask_o   = '0;
    fetch_resolve_o = 1'b0;
    fetch_park_o    = 1'b0;
    spawn_o         = '0;
    spawn_pc_o      = '0;
    if (v_q) begin
      fetch_valid_o   = fire_out && (op_q != weft_pkg::SFU_CSR) && !op_q[4];
      fetch_park_o    = divergence_i && op_q == weft_pkg::SFU_BAR && !bar_arrive;
      fetch_wid_o     = wid_q;
      fetch_pc_o      = pc_q + 32'd4;
      fetch_tmask_o   = tmask_q;
      fetch_resolve_o = 1'b1;
      spawn_o         = '0;
      spawn_pc_o      = lead_b;
      unique case (op_q)
        weft_pkg::SFU_TMC: fetch_tmask_o = T'(lead_a);
        weft_pkg::SFU_WSPAWN: begin
          for (int w = 1; w < W; w++) begin
            if (32'(w) < lead_a && !active_i[w]) spawn_o[w] = fire_out;
          end
        end
        weft_pkg::SFU_SPLIT: if (!divergence_i && pmask != '0 && nmask != '0) fetch_tmask_o = pmask;
        weft_pkg::SFU_JOIN: begin
          if (divergence_i) begin
            // minpc: no stack
          end else if (top_kind == 2'd2) begin
            fetch_tmask_o = top_mask;
            fetch_pc_o    = top_pc;
          end else if (top_kind == 2'd1) begin
            fetch_tmask_o = top_mask;
          end
        end
        weft_pkg::SFU_BAR: begin
          fetch_resolve_o = bar_done || !bar_arrive;
          if (!bar_arrive) fetch_pc_o = pc_q;
        end
        weft_pkg::SFU_PRED: if (!divergence_i) fetch_tmask_o = (pmask != '0) ? pmask : T'(lead_b);
        default: ;
      endcase
    end
  end

  // Barriers.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int b = 0; b < BARRIERS; b++) begin
        bar_mask_q[b] <= '0;
        bar_cnt_q[b]  <= '0;
      end
      bar_wait_q <= '0;
    end else if (fire_out && op_q == weft_pkg::SFU_BAR && bar_arrive) begin
      if (bar_done) begin
        bar_mask_q[bar_id] <= '0;
        bar_cnt_q[bar_id]  <= '0;
        bar_wait_q         <= bar_wait_q & ~bar_mask_q[bar_id];
      end else begin
        bar_mask_q[bar_id][wid_q] <= 1'b1;
        bar_cnt_q[bar_id]         <= bar_cnt_q[bar_id] + 32'd1;
        bar_wait_q[wid_q]         <= 1'b1;
      end
    end
  end

  assign icache_flush_o = fire_out && (op_q == weft_pkg::SFU_FENCEI);
  assign release_o = (fire_out && op_q == weft_pkg::SFU_BAR && bar_arrive && bar_done) ? bar_mask_q[bar_id] : '0;
  assign deadlock  = (active_i != '0) && ((active_i & ~bar_wait_q) == '0);

  // Per-warp committed-instruction counters (instret).
  // (one indexed write: a write per warp in a loop costs the simulator a
  // pending-write flag per warp and cycle; issue 17)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int w = 0; w < W; w++) instret_q[w] <= '0;
    end else if (commit_i) begin
      instret_q[commit_wid_i] <= instret_q[commit_wid_i] + 64'd1;
    end
  end

  // CSR writes (fflags, frm, fcsr, perf-lock, perf-reset-lock; decode makes
  // every other write illegal): csrrw / csrrs / csrrc and the immediate
  // forms, with the source of the lowest active lane; they act when the
  // instruction completes.
  logic [31:0] csr_src, csr_old, csr_new;
  logic [2:0]  csr_f3;
  logic        csr_we, csr_fp;
  logic [W*5-1:0] fflags_q, fflags_d;
  logic [W*3-1:0] frm_q, frm_d;
  assign csr_f3       = imm_q[19:17];
  assign csr_src      = csr_f3[2] ? 32'(imm_q[16:12]) : lead_a;
  // (the write decode only for a held CSR instruction; csr_fp is read only
  // with csr_we and keeps its value in the simulator otherwise, issue 17)
  // verilator lint_off LATCH
  always_comb begin
    if (v_q && op_q == weft_pkg::SFU_CSR) begin
      csr_we = fire_out && (csr_f3[1:0] == 2'b01 || imm_q[16:12] != 5'd0);
      csr_fp = imm_q[11:0] == weft_pkg::CSR_FFLAGS || imm_q[11:0] == weft_pkg::CSR_FRM ||
               imm_q[11:0] == weft_pkg::CSR_FCSR;
    end else begin
      csr_we = 1'b0;
`ifndef VERILATOR
      csr_fp = 1'b0;
`endif
    end
  end
  // verilator lint_on LATCH
  // (read only while an instruction is held: csr_old feeds out_data_o,
  // csr_new the writes under csr_we; zero otherwise, issue 17)
  always_comb begin
    if (v_q) begin
      unique case (imm_q[11:0])
        weft_pkg::CSR_FFLAGS: csr_old = 32'(fflags_q[32'(wid_q)*5 +: 5]);
        weft_pkg::CSR_FRM:    csr_old = 32'(frm_q[32'(wid_q)*3 +: 3]);
        weft_pkg::CSR_FCSR:   csr_old = {24'd0, frm_q[32'(wid_q)*3 +: 3], fflags_q[32'(wid_q)*5 +: 5]};
        default:              csr_old = perf_rdata_i;
      endcase
      unique case (csr_f3[1:0])
        2'b01:   csr_new = csr_src;
        2'b10:   csr_new = csr_old | csr_src;
        default: csr_new = csr_old & ~csr_src;
      endcase
    end else begin
      csr_old = '0;
      csr_new = '0;
    end
  end
  assign perf_addr_o  = imm_q[11:0];
  assign perf_we_o    = csr_we && !csr_fp;
  assign perf_wdata_o = csr_new;

  // fflags/frm of every warp, one packed vector each (per-warp fields of 5
  // and 3 bits): the next value is this cycle's changes applied to the old
  // one (a clear wins over the CSR write, which wins over the flags of a
  // committing result of the same warp); one register each (issue 17: an
  // array of per-warp registers written in a loop costs the simulator a
  // pending-write flag per element and cycle).
  // (the registers change only with a committing result that raises
  // flags, an FP CSR write or a warp start: the next value is built and
  // loaded only then; ORing no flags changes nothing; issue 17)
  logic fp_upd, fp_flags;
  assign fp_flags = commit_i && (commit_flags_i != 5'd0);
  assign fp_upd   = fp_flags || (csr_we && csr_fp) || (fp_clear_i != '0);
  // verilator lint_off LATCH
  always_comb begin
    if (fp_upd) begin
      fflags_d = fflags_q;
      frm_d    = frm_q;
      if (fp_flags && !(csr_we && csr_fp && commit_wid_i == wid_q))
        fflags_d[32'(commit_wid_i)*5 +: 5] = fflags_q[32'(commit_wid_i)*5 +: 5] | commit_flags_i;
      if (csr_we && csr_fp) begin
        if (imm_q[11:0] != weft_pkg::CSR_FRM)    fflags_d[32'(wid_q)*5 +: 5] = csr_new[4:0];
        if (imm_q[11:0] == weft_pkg::CSR_FRM)    frm_d[32'(wid_q)*3 +: 3]    = csr_new[2:0];
        if (imm_q[11:0] == weft_pkg::CSR_FCSR)   frm_d[32'(wid_q)*3 +: 3]    = csr_new[7:5];
      end
      if (fp_clear_i != '0) begin
        for (int w = 0; w < W; w++) begin
          if (fp_clear_i[w]) begin
            fflags_d[w*5 +: 5] = '0;
            frm_d[w*3 +: 3]    = '0;
          end
        end
      end
    end else begin
`ifndef VERILATOR
      fflags_d = fflags_q;
      frm_d    = frm_q;
`endif
    end
  end
  // verilator lint_on LATCH

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      fflags_q <= '0;
      frm_q    <= '0;
    end else if (fp_upd) begin
      fflags_q <= fflags_d;
      frm_q    <= frm_d;
    end
  end

  assign frm_o = frm_q;
  // fcsr after the committing instruction (co-simulation record; only in a
  // commit cycle, 0 otherwise: read with the commit only, issue 17)
  always_comb begin
    commit_fcsr_o = '0;
    if (commit_i) begin
      commit_fcsr_o = {frm_q[32'(commit_wid_i)*3 +: 3], fflags_q[32'(commit_wid_i)*5 +: 5] | commit_flags_i};
      if (csr_we && csr_fp) begin   // this commit is the CSR write
        if (imm_q[11:0] == weft_pkg::CSR_FFLAGS) commit_fcsr_o = {frm_q[32'(wid_q)*3 +: 3], csr_new[4:0]};
        else if (imm_q[11:0] == weft_pkg::CSR_FRM) commit_fcsr_o = {csr_new[2:0], fflags_q[32'(wid_q)*5 +: 5]};
        else commit_fcsr_o = csr_new[7:0];
      end
    end
  end

  // Warp primitives. vote: pmask (active lanes with rs1 != 0). shfl: lane t
  // reads rs1 of source lane j, computed from its own rs2 (b = rs2[7:0]:
  // lane, delta or xor mask; rs2[15:8]: width) within its segment of s lanes
  // (s = the largest power of two <= min(width or T if 0, T)); a source lane
  // out of range, >= T or inactive gives the lane its own rs1.
  // The warp primitives and the CSR reads are computed only while an
  // instruction is held (out_data_o is 0 otherwise: writeback reads it only
  // with out_valid_o; issue 17).
  logic [T*32-1:0] warp_data;
  always_comb begin
    if (v_q && op_q[4]) begin
      for (int t = 0; t < T; t++) begin
        logic [8:0]  sb, sw, seg, smask, sbase, spos, j;
        logic        ok;
        logic [31:0] r;
        sb = {1'b0, b_q[t*32 +: 8]};
        sw = {1'b0, b_q[t*32 + 8 +: 8]};
        if (sw == 9'd0 || 32'(sw) > T) sw = 9'(T);
        seg = 9'd1;
        for (int k = 0; k < 9; k++) if (sw[k]) seg = 9'd1 << k;
        smask = seg - 9'd1;
        sbase = 9'(t) & ~smask;
        spos  = 9'(t) & smask;
        unique case (op_q)
          weft_pkg::SFU_SHIDX:  begin j = sbase | (sb & smask); ok = 1'b1; end
          weft_pkg::SFU_SHUP:   begin j = 9'(t) - sb;           ok = (sb <= spos); end
          weft_pkg::SFU_SHDOWN: begin j = 9'(t) + sb;           ok = (spos + sb < seg); end
          weft_pkg::SFU_SHXOR:  begin j = 9'(t) ^ sb;           ok = (j < sbase + seg); end
          default:              begin j = 9'(t);                ok = 1'b0; end
        endcase
        r = a_q[t*32 +: 32];
        for (int u = 0; u < T; u++)
          if (ok && j == 9'(u) && tmask_q[u]) r = a_q[u*32 +: 32];
        unique case (op_q)
          weft_pkg::SFU_VANY: r = 32'(pmask != '0);
          weft_pkg::SFU_VALL: r = 32'(pmask == tmask_q);
          weft_pkg::SFU_VBAL: r = 32'(pmask);
          default: ;
        endcase
        warp_data[t*32 +: 32] = r;
      end
    end else begin
      warp_data = '0;
    end
  end

  // CSR reads (and the warp primitives' results).
  always_comb begin
    if (!v_q) begin
      out_data_o = '0;
    end else if (op_q[4]) begin
      out_data_o = warp_data;
    end else begin
      for (int t = 0; t < T; t++) begin
        unique case (imm_q[11:0])
          weft_pkg::CSR_CYCLE, weft_pkg::CSR_MCYCLE:       out_data_o[t*32 +: 32] = cycle_i[31:0];
          weft_pkg::CSR_CYCLEH, weft_pkg::CSR_MCYCLEH:     out_data_o[t*32 +: 32] = cycle_i[63:32];
          weft_pkg::CSR_INSTRET, weft_pkg::CSR_MINSTRET:   out_data_o[t*32 +: 32] = instret_at_q[31:0];
          weft_pkg::CSR_INSTRETH, weft_pkg::CSR_MINSTRETH: out_data_o[t*32 +: 32] = instret_at_q[63:32];
          weft_pkg::CSR_MHARTID: out_data_o[t*32 +: 32] = (32'(core_id_i) * W + 32'(wid_q)) * T + 32'(t);
          weft_pkg::CSR_TID:      out_data_o[t*32 +: 32] = 32'(t);
          weft_pkg::CSR_WID:      out_data_o[t*32 +: 32] = 32'(wid_q);
          weft_pkg::CSR_CID:      out_data_o[t*32 +: 32] = 32'(core_id_i);
          weft_pkg::CSR_TMASK:    out_data_o[t*32 +: 32] = 32'(tmask_q);
          weft_pkg::CSR_NTHREADS: out_data_o[t*32 +: 32] = T;
          weft_pkg::CSR_NWARPS:   out_data_o[t*32 +: 32] = W;
          weft_pkg::CSR_NCORES:   out_data_o[t*32 +: 32] = num_cores_i;
          weft_pkg::CSR_LAUNCH:   out_data_o[t*32 +: 32] = launch_i;
          default:                out_data_o[t*32 +: 32] = csr_old;   // fflags, frm, fcsr, counters, locks
        endcase
      end
    end
  end

  assign out_valid_o = v_q && !ip_ovf && !ip_unf;
  assign out_wid_o   = wid_q;
  assign out_pc_o    = pc_q;
  assign out_tmask_o = tmask_q;
  assign out_rd_o    = rd_q;
  assign out_wb_o    = wb_q;

  // (err_wid_o/err_pc_o are read only with err_valid_o)
  always_comb begin
    err_valid_o = 1'b0;
    err_cause_o = '0;
    err_wid_o   = '0;
    err_pc_o    = '0;
    if (v_q && ip_ovf) begin
      err_wid_o = wid_q; err_pc_o = pc_q;
      err_valid_o = 1'b1; err_cause_o = weft_pkg::ERR_IPDOM_OVF;
    end else if (v_q && ip_unf) begin
      err_wid_o = wid_q; err_pc_o = pc_q;
      err_valid_o = 1'b1; err_cause_o = weft_pkg::ERR_IPDOM_UNF;
    end else if (deadlock) begin
      err_valid_o = 1'b1; err_cause_o = weft_pkg::ERR_BAR_DEADLK;
      err_wid_o = '0; err_pc_o = '0;
    end
  end

endmodule
