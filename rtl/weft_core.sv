// weft_core: one SIMT core (streaming multiprocessor) of W warps x T threads.
//
//   fetch (warp scheduler) -> I-cache stage -> decode -> instruction buffers
//   -> issue (scoreboard, issue scheduler, register read, dispatch)
//   -> ALU | MUL/DIV | LSU | SFU (SIMT + CSR) -> writeback (commit)
//
// One warp instruction issues and one commits per cycle at most. Memory is
// outside the core: instruction lines through imem_*, warp-wide data
// accesses through dmem_*. The first error (illegal instruction, misaligned
// access, IPDOM overflow/underflow, barrier deadlock) halts the core and is
// held on err_*. commit_* describes every committed warp instruction (the
// commit trace). See docs/architecture.md.
module weft_core #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned CORE_ID = 0,
  parameter int unsigned NUM_CORES = 1,
  parameter int unsigned IBUF_DEPTH = 2,
  parameter int unsigned IPDOM_DEPTH = 8,
  parameter int unsigned BARRIERS = 4,
  parameter int unsigned IC_LINES = 128,
  parameter int unsigned IC_WAYS = 1,      // I-cache associativity (1 = direct-mapped)
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned LSU_SLOTS = 8,
  parameter int unsigned SMEM_BYTES = 4096,    // shared memory per core (0 = none)
  parameter int unsigned SMEM_BANKS = 0,       // 0 = T banks
  parameter int unsigned MUL_LAT = 2,
  parameter int unsigned ST_ENTRIES = 128,
  parameter int unsigned FPU = 1,          // 0: no FPU; F instructions are illegal
  parameter int unsigned FP_LAT_FMA = 4,   // seed 002 sec. VI-A
  parameter int unsigned FP_LAT_CVT = 5,
  parameter int unsigned FP_LAT_DIV = 16,
  parameter int unsigned IQ_DEPTH = 8,     // insert-queue slots per warp (seed 000 sec. 3.3.1)
  parameter int unsigned IC_MSHRS = 4,     // I-cache misses in flight
  parameter int unsigned IC_WAITS = 8,     // requests waiting per I-cache miss
  parameter int unsigned ORACLES = 1,      // SWaS oracle schedulers (simulation)
  parameter int unsigned DC_SETS = 32,     // L1 D-cache sets (0 = no D-cache), weft_dcache
  parameter int unsigned DC_WAYS = 4,
  parameter int unsigned DC_MSHRS = 4,
  parameter int unsigned DC_PEND = 4,      // warp loads waiting for D-cache data
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // knobs
  input  logic [2:0]      fetch_policy_i,
  input  logic [2:0]      issue_policy_i,
  input  logic            issue_ready_i,
  input  logic [1:0]      frontend_i,
  input  logic            bpr_i,
  input  logic            stall_table_i,
  input  logic            swas_i,
  // launch
  input  logic            start_i,
  input  logic [31:0]     start_pc_i,
  input  logic [31:0]     launch_i,
  output logic            busy_o,
  // instruction memory
  output logic            imem_req_valid_o,
  input  logic            imem_req_ready_i,
  output logic [31:0]     imem_req_addr_o,
  input  logic            imem_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] imem_rsp_data_i,
  // data memory
  output logic            dmem_req_valid_o,
  input  logic            dmem_req_ready_i,
  output logic            dmem_req_we_o,
  output logic [5:0]      dmem_req_amo_o,
  output logic [T-1:0]    dmem_req_mask_o,
  output logic [T*32-1:0] dmem_req_addr_o,
  output logic [T*4-1:0]  dmem_req_byteen_o,
  output logic [T*32-1:0] dmem_req_data_o,
  output logic [7:0]      dmem_req_tag_o,
  output logic [IW-1:0]   dmem_req_wid_o,
  output logic [31:0]     dmem_req_pc_o,
  input  logic            dmem_rsp_valid_i,
  input  logic [7:0]      dmem_rsp_tag_i,
  input  logic [T*32-1:0] dmem_rsp_data_i,
  // D-cache line fills (LINE_WORDS words, answered in request order)
  output logic            dfill_req_valid_o,
  input  logic            dfill_req_ready_i,
  output logic [31:0]     dfill_req_addr_o,
  input  logic            dfill_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] dfill_rsp_data_i,
  // commit trace
  output logic            commit_valid_o,
  output logic [IW-1:0]   commit_wid_o,
  output logic [31:0]     commit_pc_o,
  output logic [T-1:0]    commit_tmask_o,
  output logic            commit_wb_o,
  output logic [4:0]      commit_rd_o,
  output logic            commit_fd_o,    // rd is an FP register
  output logic [7:0]      commit_fcsr_o,  // the warp's fcsr after the instruction
  output logic [4:0]      commit_flags_o, // FP flags raised by the instruction (OR of its lanes)
  output logic [T*32-1:0] commit_data_o,
  // errors
  output logic            err_valid_o,
  output logic [2:0]      err_cause_o,
  output logic [IW-1:0]   err_wid_o,
  output logic [31:0]     err_pc_o,
  output logic [31:0]     err_info_o,
  // statistics
  output logic [63:0]     cycles_o,
  output logic            icache_miss_o,
  output logic            issue_missed_o,
  output logic            st_lookup_o,
  output logic            st_hit_o,
  output logic            flush_o,        // pnt: a taken branch discarded younger instructions
  output logic            smem_access_o,  // shared memory: a warp request accepted
  output logic            smem_conflict_o,// shared memory: a bank-conflict cycle
  output logic [7:0]      dcache_ev_o,    // D-cache events of the previous cycle (weft_dcache)
  // performance counters (weft_perf, docs/counters.md)
  input  logic            perf_clear_i,   // power-on clear of counters and locks
  input  logic            perf_lock_i,    // hold perf-lock (warm-up)
  input  logic            run_i,          // the launch runs on some core
  input  logic [weft_spec_pkg::PERF_DBG_IDX_W-1:0] perf_idx_i,
  output logic [63:0]     perf_data_o,
  output logic            perf_rlock_o,
  output logic [W*3-1:0]  wstate_o
);

  localparam int unsigned EW = T + 32 + weft_pkg::DEC_W;   // ibuffer entry
  localparam int unsigned CW = $clog2(IBUF_DEPTH + 1);
  localparam int unsigned SW = (IQ_DEPTH > 1) ? $clog2(IQ_DEPTH) : 1;
  localparam int unsigned QCW = $clog2(IQ_DEPTH + 1);
  localparam int unsigned LAW = 32 - 2 - $clog2(LINE_WORDS);
  // oracle gap after a redirect or an answered miss: the refetch, its
  // I-cache answer with decode, and the cycle its buffer shows it
  localparam int unsigned GAP = 3;

`ifdef VERILATOR
  // The field positions in weft_pkg must match dec_t.
  initial begin
    weft_pkg::dec_t probe;
    probe = '0;
    probe.rs1 = 5'h1f;
    if ($bits(weft_pkg::dec_t) != weft_pkg::DEC_W || probe[weft_pkg::DEC_RS1 +: 5] != 5'h1f)
      $fatal(1, "weft_pkg: DEC_W or field positions do not match dec_t");
  end
`endif

  // ---------------------------------------------------------------- state
  logic            halt_q;
  logic            err_q;
  logic [2:0]      err_cause_q;
  logic [IW-1:0]   err_wid_q;
  logic [31:0]     err_pc_q, err_info_q;
  logic [63:0]     cycles_q;
  logic [7:0]      inflight_q [W];

  // ---------------------------------------------------------------- fetch
  logic [W-1:0]    active, stalled_unused, fetchable;
  logic            f_req_valid, f_req_ready;
  logic [IW-1:0]   f_req_wid;
  logic [31:0]     f_req_pc;
  logic [T-1:0]    f_req_tmask;
  logic            br_valid, br_taken;
  logic [31:0]     br_src_pc;
  logic [IW-1:0]   br_wid;
  logic [31:0]     br_pc;
  logic            kill;
  logic [IW-1:0]   kill_wid;
  logic            d_is_branch;
  logic [W-1:0]    br_pend_q;      // a branch of the warp issued and has not resolved
  logic [W-1:0]    sfu_pend_q;     // SWaS: a SIMT instruction of the warp issued, not completed
  logic            sfu_f_valid, sfu_f_resolve;
  logic [IW-1:0]   sfu_f_wid;
  logic [31:0]     sfu_f_pc, spawn_pc;
  logic [T-1:0]    sfu_f_tmask;
  logic [W-1:0]    spawn, release_w;
  logic            icache_flush;
  logic            d_push;

  // ---------------------------------------------------------------- decode
  logic            ic_valid, ic_ready;
  logic [IW-1:0]   ic_wid;
  logic [31:0]     ic_pc, ic_instr;
  logic [T-1:0]    ic_tmask;
  weft_pkg::dec_t  d_dec;
  logic            ic_nop;
  logic [31:0]     d_instr;
  // I-cache <-> insert queues
  logic            c_rsp_valid, c_miss_valid, c_fill;
  logic [IW-1:0]   c_rsp_wid, c_miss_wid;
  logic [SW-1:0]   c_rsp_slot, c_miss_slot;
  logic [31:0]     c_rsp_instr;
  logic [LAW-1:0]  c_fill_line;
  logic [W-1:0]    c_pend;
  logic [W*SW-1:0] iq_slot;
  logic [W-1:0]    iq_full;
  logic [W*QCW-1:0] iq_count;
  logic [W-1:0]    iq_flush, iq_nopify, ic_kill;
  logic            dec_flush, st_avoid;
  logic [W-1:0]    susp;
  logic            swas_pick;
  logic [W-1:0]    ib_nop;

  // Flushes (docs/scheduling.md). Not under SWaS: a taken branch (pnt)
  // empties the warp's buffer and insert queue; a decoded control
  // instruction that stalls (nss, SIMT under pnt) empties its insert queue
  // (the younger fetches). Under SWaS the same instructions become NOPs, and
  // so do those after a SIMT instruction when it completes (a redirect).
  assign dec_flush = d_push && !swas_i && d_dec.is_ctrl && !(frontend_i == 2'd2 && d_is_branch);
  always_comb begin
    iq_flush  = starting;
    iq_nopify = '0;
    if (!swas_i && kill) iq_flush[kill_wid] = 1'b1;
    if (dec_flush) iq_flush[ic_wid] = 1'b1;
    if (swas_i && kill) iq_nopify[kill_wid] = 1'b1;
    if (swas_i && sfu_f_valid) iq_nopify[sfu_f_wid] = 1'b1;
  end
  // The I-cache drops the killed warps' pending requests; a decode flush
  // reaches it one cycle later (no combinational path from decode back into
  // the I-cache answer). An answer of the flushed warp in that cycle finds
  // an empty queue and the warp stalled, so it is ignored.
  logic [W-1:0] dec_kill_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) dec_kill_q <= '0;
    else dec_kill_q <= dec_flush ? (W'(1) << ic_wid) : '0;
  end
  assign ic_kill = starting | dec_kill_q | ((!swas_i && kill) ? (W'(1) << kill_wid) : '0);

  // A flush that discards something: the warp had younger instructions in
  // its buffer or insert queue when its branch resolved taken (or, nss, when
  // its control instruction was decoded).
  assign flush_o = (kill && (ib_count[32'(kill_wid)*CW +: CW] != '0 || iq_count[32'(kill_wid)*QCW +: QCW] != '0)) ||
                   (dec_flush && iq_count[32'(ic_wid)*QCW +: QCW] > QCW'(1));

  weft_fetch #(.W(W), .T(T), .ST_ENTRIES(ST_ENTRIES), .LAW(LAW)) u_fetch (
    .clk_i, .rst_ni,
    .halt_i        (halt_q),
    .policy_i      (fetch_policy_i),
    .icnt_i        (icnt),
    .frontend_i,
    .bpr_i,
    .ibuf_block_i     (ib_block),
    .iq_full_i        (iq_full),
    .dec_flush_i      (dec_flush),
    .swas_i,
    .ext_valid_i      (swas_pick),
    .ext_wid_i        (is_wid),
    .miss_valid_i     (c_miss_valid),
    .miss_wid_i       (c_miss_wid),
    .fill_i           (c_fill),
    .fill_line_i      (c_fill_line),
    .redirect_i       (swas_i && sfu_f_valid),
    .susp_o           (susp),
    .st_avoid_o       (st_avoid),
    .dec_ctrl_valid_i (ic_valid && d_dec.is_ctrl),
    .dec_is_branch_i  (d_is_branch),
    .dec_ctrl_wid_i   (ic_wid),
    .start_i, .start_pc_i,
    .req_valid_o   (f_req_valid),
    .req_ready_i   (f_req_ready),
    .req_wid_o     (f_req_wid),
    .req_pc_o      (f_req_pc),
    .req_tmask_o   (f_req_tmask),
    .dec_valid_i   (d_push),
    .dec_wid_i     (ic_wid),
    .dec_is_ctrl_i (d_dec.is_ctrl),
    .br_valid_i    (br_valid),
    .br_wid_i      (br_wid),
    .br_pc_i       (br_pc),
    .br_taken_i    (br_taken),
    .br_src_pc_i   (br_src_pc),
    .stall_table_i,
    .dec_pc_i      (ic_pc[31:2]),
    .st_lookup_o   (st_lookup_o),
    .st_hit_o      (st_hit_o),
    .kill_o        (kill),
    .kill_wid_o    (kill_wid),
    .sfu_valid_i   (sfu_f_valid),
    .sfu_wid_i     (sfu_f_wid),
    .sfu_pc_i      (sfu_f_pc),
    .sfu_tmask_i   (sfu_f_tmask),
    .sfu_resolve_i (sfu_f_resolve),
    .spawn_i       (spawn),
    .spawn_pc_i    (spawn_pc),
    .release_i     (release_w),
    .active_o      (active),
    .stalled_o     (stalled_unused),
    .fetchable_o   (fetchable)
  );

  weft_icache #(.W(W), .SW(SW), .LINES(IC_LINES), .WAYS(IC_WAYS), .LINE_WORDS(LINE_WORDS),
                .MSHRS(IC_MSHRS), .WAITS(IC_WAITS)) u_icache (
    .clk_i, .rst_ni,
    .swas_i,
    .flush_i         (icache_flush),
    .kill_i          (ic_kill),
    .req_valid_i     (f_req_valid),
    .req_ready_o     (f_req_ready),
    .req_wid_i       (f_req_wid),
    .req_slot_i      (iq_slot[32'(f_req_wid)*SW +: SW]),
    .req_pc_i        (f_req_pc),
    .rsp_valid_o     (c_rsp_valid),
    .rsp_wid_o       (c_rsp_wid),
    .rsp_slot_o      (c_rsp_slot),
    .rsp_instr_o     (c_rsp_instr),
    .miss_valid_o    (c_miss_valid),
    .miss_wid_o      (c_miss_wid),
    .miss_slot_o     (c_miss_slot),
    .fill_o          (c_fill),
    .fill_line_o     (c_fill_line),
    .mem_req_valid_o (imem_req_valid_o),
    .mem_req_ready_i (imem_req_ready_i),
    .mem_req_addr_o  (imem_req_addr_o),
    .mem_rsp_valid_i (imem_rsp_valid_i),
    .mem_rsp_data_i  (imem_rsp_data_i),
    .pend_o          (c_pend)
  );
  assign icache_miss_o = c_miss_valid;

  weft_iqueue #(.W(W), .T(T), .DEPTH(IQ_DEPTH)) u_iqueue (
    .clk_i, .rst_ni,
    .bpr_i,
    .ib_full_i     (ib_block),
    .alloc_i       (f_req_valid && f_req_ready),
    .alloc_wid_i   (f_req_wid),
    .alloc_pc_i    (f_req_pc),
    .alloc_tmask_i (f_req_tmask),
    .slot_o        (iq_slot),
    .full_o        (iq_full),
    .count_o       (iq_count),
    .rsp_valid_i   (c_rsp_valid),
    .rsp_wid_i     (c_rsp_wid),
    .rsp_slot_i    (c_rsp_slot),
    .rsp_instr_i   (c_rsp_instr),
    .nop_valid_i   (swas_i && c_miss_valid),
    .nop_wid_i     (c_miss_wid),
    .nop_slot_i    (c_miss_slot),
    .flush_i       (iq_flush),
    .nopify_i      (iq_nopify),
    .out_valid_o   (ic_valid),
    .out_ready_i   (ic_ready),
    .out_wid_o     (ic_wid),
    .out_pc_o      (ic_pc),
    .out_tmask_o   (ic_tmask),
    .out_instr_o   (ic_instr),
    .out_nop_o     (ic_nop)
  );

  // A SWaS NOP is decoded as addi x0, x0, 0 and marked in the buffer; it
  // never dispatches.
  assign d_instr = ic_nop ? 32'h0000_0013 : ic_instr;

  weft_decode u_decode (
    .instr_i (d_instr),
    .dec_o   (d_dec)
  );

  // Branches and jumps (predicted not taken by the pnt front end).
  assign d_is_branch = !d_dec.illegal && d_dec.fu == weft_pkg::FU_ALU && d_dec.is_ctrl;

  // ---------------------------------------------------------------- ibuffer
  logic [W*EW-1:0] ib_heads;
  logic [W-1:0]    ib_valid, ib_full_unused;
  logic [W*CW-1:0] ib_count;
  logic [W-1:0]    ib_block;
  logic [W*7-1:0]  icnt;          // fetched, not issued, per warp
  logic [W*7-1:0]  head_nact;     // active threads of each head instruction
  logic [W-1:0]    starting;
  logic            ib_push_ready;
  logic            is_issue;
  logic [IW-1:0]   is_wid;

  assign ic_ready = ib_push_ready;
  assign d_push   = ic_valid && ib_push_ready;

  weft_ibuffer #(.W(W), .EW(EW), .DEPTH(IBUF_DEPTH)) u_ibuffer (
    .clk_i, .rst_ni,
    .push_i       (d_push),
    .push_wid_i   (ic_wid),
    .push_data_i  ({ic_tmask, ic_pc, d_dec}),
    .push_nop_i   (ic_nop),
    .push_ready_o (ib_push_ready),
    .pop_i        (is_issue),
    .pop_wid_i    (is_wid),
    .flush_i      ((kill && !swas_i) ? (W'(1) << kill_wid) : '0),
    .nopify_i     (iq_nopify),
    .fill_i       (swas_i ? starting : '0),
    .nop_o        (ib_nop),
    .heads_o      (ib_heads),
    .valid_o      (ib_valid),
    .full_o       (ib_full_unused),
    .count_o      (ib_count)
  );

  // icount: fetched and not issued (insert queue and buffer).
  always_comb begin
    starting = spawn | W'(start_i);
    for (int w = 0; w < W; w++) begin
      icnt[w*7 +: 7] = 7'(32'(ib_count[w*CW +: CW]) + 32'(iq_count[w*QCW +: QCW]));
      head_nact[w*7 +: 7] = 7'($countones(ib_heads[w*EW + weft_pkg::DEC_W + 32 +: T]));
    end
  end

  // Back-pressure mask (seed 000 sec. 3.3.3): the warp's buffer is full.
  always_comb begin
    for (int w = 0; w < W; w++)
      ib_block[w] = 32'(ib_count[w*CW +: CW]) >= IBUF_DEPTH;
  end

  // ---------------------------------------------------------------- issue
  logic [W*6-1:0]  sb_rs1, sb_rs2, sb_rs3, sb_rd;
  logic [W-1:0]    sb_use_rs1, sb_use_rs2, sb_use_rs3, sb_use_rd, sb_ready;
  logic [W-1:0]    fcsr_pend_q;    // an fflags/frm/fcsr instruction of the warp is in flight
  logic [W-1:0]    w_dyn_bad;      // head: dynamic rounding mode with frm 5..7 (illegal)
  logic [W*3-1:0]  frm;            // per-warp frm (SFU)
  logic            fpu_in_ready;
  logic [W-1:0]    w_ready;
  logic [W-1:0]    sb_dmem, sb_dcmp, w_ctrl, w_smem, w_scmp;
  logic            issue_pick_missed_unused;
  logic            alu_in_ready, mdu_in_ready, lsu_in_ready, sfu_in_ready;
  weft_pkg::dec_t  is_dec;
  logic [31:0]     is_pc;
  logic [T-1:0]    is_tmask;
  logic [T*32-1:0] rs1_data, rs2_data, rs3_data;
  logic            wb_fire;
  logic [IW-1:0]   wb_wid;
  logic [5:0]      wb_rd;
  logic [4:0]      wb_flags;
  logic            wb_wb;
  logic [T-1:0]    wb_tmask;
  logic [T*32-1:0] wb_data;
  logic [31:0]     wb_pc;

  for (genvar w = 0; w < W; w++) begin : gen_head
    logic [weft_pkg::DEC_W-1:0] d;
    logic [1:0]                 fu;
    logic                       fu_ok, fp, fp_wait;
    assign d  = ib_heads[w*EW +: weft_pkg::DEC_W];
    assign fu = d[weft_pkg::DEC_FU +: 2];
    assign fp = d[weft_pkg::DEC_FPU];
    assign sb_rs1[w*6 +: 6] = {d[weft_pkg::DEC_RS1_F], d[weft_pkg::DEC_RS1 +: 5]};
    assign sb_rs2[w*6 +: 6] = {d[weft_pkg::DEC_RS2_F], d[weft_pkg::DEC_RS2 +: 5]};
    assign sb_rs3[w*6 +: 6] = {1'b1, d[weft_pkg::DEC_RS3 +: 5]};
    assign sb_rd[w*6 +: 6]  = {d[weft_pkg::DEC_RD_F], d[weft_pkg::DEC_RD +: 5]};
    assign sb_use_rs1[w]    = d[weft_pkg::DEC_USE_RS1];
    assign sb_use_rs2[w]    = d[weft_pkg::DEC_USE_RS2];
    assign sb_use_rs3[w]    = d[weft_pkg::DEC_USE_RS3];
    assign sb_use_rd[w]     = d[weft_pkg::DEC_WB];
    always_comb begin
      if (fp) fu_ok = fpu_in_ready;
      else begin
        unique case (fu)
          weft_pkg::FU_ALU: fu_ok = alu_in_ready;
          weft_pkg::FU_MDU: fu_ok = mdu_in_ready;
          weft_pkg::FU_LSU: fu_ok = lsu_in_ready;
          default:          fu_ok = sfu_in_ready;
        endcase
      end
    end
    // FP instructions and fflags/frm/fcsr accesses wait while an
    // fflags/frm/fcsr instruction of the warp is in flight (frm and the flags
    // are read and written in order).
    assign fp_wait = (fp || d[weft_pkg::DEC_FCSR]) && fcsr_pend_q[w];
    assign w_dyn_bad[w] = fp && d[weft_pkg::DEC_RM +: 3] == 3'd7 && frm[w*3 +: 3] > 3'd4;
    // stall causes of a head that is not ready (CPI stack, weft_perf)
    assign w_ctrl[w] = br_pend_q[w] || sfu_pend_q[w] || fp_wait || (d[weft_pkg::DEC_DRAIN] && inflight_q[w] != '0);
    assign w_smem[w] = !fu_ok && !fp && fu == weft_pkg::FU_LSU && !d[weft_pkg::DEC_ILLEGAL];
    assign w_scmp[w] = !fu_ok && (fp || fu != weft_pkg::FU_LSU) && !d[weft_pkg::DEC_ILLEGAL];
    // A younger instruction never issues before an older branch of its warp
    // resolves (only pnt and SWaS fetch past a branch), nor, under SWaS,
    // before an older SIMT instruction completes.
    assign w_ready[w] = !br_pend_q[w] && !sfu_pend_q[w] && !fp_wait &&
                        (d[weft_pkg::DEC_ILLEGAL] || w_dyn_bad[w] || (FPU == 0 && fp) ||
                         (sb_ready[w] && fu_ok && (!d[weft_pkg::DEC_DRAIN] || inflight_q[w] == '0)));
  end

  weft_scoreboard #(.W(W)) u_scoreboard (
    .clk_i, .rst_ni,
    .rs1_i     (sb_rs1),
    .rs2_i     (sb_rs2),
    .rs3_i     (sb_rs3),
    .rd_i      (sb_rd),
    .use_rs1_i (sb_use_rs1),
    .use_rs2_i (sb_use_rs2),
    .use_rs3_i (sb_use_rs3),
    .use_rd_i  (sb_use_rd),
    .ready_o   (sb_ready),
    .dep_mem_o (sb_dmem),
    .dep_cmp_o (sb_dcmp),
    .set_i     (dispatch && is_dec.wb),
    .set_mem_i (is_dec.fu == weft_pkg::FU_LSU && !is_dec.fpu),
    .set_wid_i (is_wid),
    .set_rd_i  ({is_dec.rd_f, is_dec.rd}),
    .clr_i     (wb_fire && wb_wb),
    .clr_wid_i (wb_wid),
    .clr_rd_i  (wb_rd)
  );

  // SWaS (seed 002 sec. V-C): one pick per cycle issues the head of the
  // warp's buffer (an instruction, or a NOP that only leaves the buffer) and
  // fetches the warp's next instruction. A warp suspended by an I-cache miss
  // is not picked, and nothing is picked while the I-cache cannot take the
  // fetch. NOPs are always ready.
  logic [W-1:0] is_valid, is_ready, o_headok, o_gap, gap_ev;
  logic [1:0]   gap_q [W];
  logic         odisc, oerr;
  // (A warp whose fetch misses in this cycle is suspended from the next;
  // it is not picked now either, or it would fetch past the missed pc.)
  // A warp waiting for an older branch or SIMT instruction (a barrier) is not
  // a candidate either: with the buffers always full, a greedy policy in
  // unready mode would otherwise keep picking a warp blocked at a barrier
  // and never let the others reach it (in the other front ends such a warp's
  // buffer runs empty because fetch stalls).
  logic [W-1:0] ctrl_wait;
  assign ctrl_wait = swas_i ? (br_pend_q | sfu_pend_q) : '0;
  assign is_valid = swas_i ? (ib_valid & active & ~susp & ~ctrl_wait & {W{f_req_ready}} &
                              ~(c_miss_valid ? (W'(1) << c_miss_wid) : '0)) : ib_valid;
  assign is_ready = swas_i ? (w_ready | ib_nop) : w_ready;
  assign swas_pick = swas_i && is_issue;

  // Oracles (seed 002 sec. VI-A4): osched1 may pick any active warp whose
  // buffer holds a ready instruction or would if fetch kept up (an empty
  // buffer counts as ready; a present head as in the issue mode; under SWaS
  // a warp waiting for a control instruction is not a candidate); osched2
  // also leaves out the warps in a predictable front-end gap: under SWaS the
  // warps suspended by a miss or missing in this cycle (and all while the
  // I-cache cannot take a fetch); otherwise a warp with an I-cache miss outstanding, or within GAP
  // cycles of its answer or of a redirect (taken branch, resolved control
  // instruction, barrier release).
  always_comb begin
    for (int w = 0; w < W; w++) begin
      o_headok[w] = !ctrl_wait[w] && (!ib_valid[w] || !issue_ready_i || is_ready[w]);
      gap_ev[w]   = (kill && kill_wid == IW'(w)) || (br_valid && br_wid == IW'(w)) ||
                    (sfu_f_valid && sfu_f_wid == IW'(w)) || release_w[w] ||
                    (c_rsp_valid && c_rsp_wid == IW'(w) && c_pend[w]);
      o_gap[w]    = swas_i ? (susp[w] || !f_req_ready || (c_miss_valid && c_miss_wid == IW'(w)))
                           : (c_pend[w] || gap_ev[w] || gap_q[w] != 2'd0);
    end
  end
  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) gap_q[w] <= '0;
      else if (gap_ev[w]) gap_q[w] <= 2'(GAP);
      else if (gap_q[w] != 2'd0) gap_q[w] <= gap_q[w] - 2'd1;
    end
  end

  weft_issue_sched #(.W(W), .CW(7), .ORACLES(ORACLES)) u_issue_sched (
    .clk_i, .rst_ni,
    .policy_i     (issue_policy_i),
    .ready_mode_i (issue_ready_i),
    .stall_i      (halt_q),
    .valid_i      (is_valid),
    .ready_i      (is_ready),
    .start_i      (starting),
    .nact_i       (head_nact),
    .issue_o      (is_issue),
    .wid_o        (is_wid),
    .missed_o     (issue_pick_missed_unused),
    .omask1_i     (active & o_headok),
    .omask2_i     (active & o_headok & ~o_gap),
    .odisc_o      (odisc),
    .oerr_o       (oerr)
  );

  // Missed schedule (seed 000 sec. 5): some warp had a ready instruction at
  // the head of its buffer and nothing issued. With ready issue this never
  // happens (tests check it); with unready issue it is the cost of picking
  // an unready candidate.
  assign issue_missed_o = !halt_q && |(is_valid & is_ready) && !is_issue;

  always_comb begin
    logic [EW-1:0] e;
    e        = ib_heads[32'(is_wid)*EW +: EW];
    is_dec   = e[weft_pkg::DEC_W-1:0];
    is_pc    = e[weft_pkg::DEC_W +: 32];
    is_tmask = e[weft_pkg::DEC_W + 32 +: T];
  end

  weft_regfile #(.W(W), .T(T)) u_regfile (
    .clk_i, .rst_ni,
    .clear_i    (spawn | W'(start_i)),
    .rd_wid_i   (is_wid),
    .rs1_i      ({is_dec.rs1_f, is_dec.rs1}),
    .rs2_i      ({is_dec.rs2_f, is_dec.rs2}),
    .rs3_i      ({1'b1, is_dec.rs3}),
    .rs1_data_o (rs1_data),
    .rs2_data_o (rs2_data),
    .rs3_data_o (rs3_data),
    .we_i       (wb_fire && wb_wb),
    .wr_wid_i   (wb_wid),
    .wr_rd_i    (wb_rd),
    .wr_mask_i  (wb_tmask),
    .wr_data_i  (wb_data)
  );

  // The dynamic rounding mode of the issuing instruction; frm 5..7 makes it
  // illegal (like a reserved static rm, which decode rejects).
  logic       is_dyn_bad, is_illegal;
  logic [2:0] is_rm;
  assign is_rm      = (is_dec.rm == 3'd7) ? frm[32'(is_wid)*3 +: 3] : is_dec.rm;
  assign is_dyn_bad = is_dec.fpu && is_dec.rm == 3'd7 && is_rm > 3'd4;
  assign is_illegal = is_dec.illegal || is_dyn_bad || (FPU == 0 && is_dec.fpu);

  logic dispatch, is_nop;
  assign is_nop   = ib_nop[is_wid];
  assign dispatch = is_issue && !is_illegal && !is_nop;

  // ---------------------------------------------------------------- execute
  logic            alu_v, mdu_v, lsu_v, sfu_v, fpu_v;
  logic            alu_rdy, mdu_rdy, lsu_rdy, sfu_rdy, fpu_rdy;
  logic [IW-1:0]   alu_wid, mdu_wid, lsu_wid, sfu_wid, fpu_wid;
  logic [31:0]     alu_pc, mdu_pc, lsu_pc, sfu_pc, fpu_pc;
  logic [T-1:0]    alu_tm, mdu_tm, lsu_tm, sfu_tm, fpu_tm;
  logic [4:0]      alu_rd, mdu_rd, sfu_rd, fpu_rd;
  logic [5:0]      lsu_rd;
  logic            alu_wb, mdu_wb, lsu_wb, sfu_wb, fpu_wb, fpu_fd;
  logic [T*32-1:0] alu_d, mdu_d, lsu_d, sfu_d, fpu_d;
  logic [4:0]      fpu_flags;
  logic            lsu_busy_unused, dc_busy;
  // the LSU's warp-wide port, into the D-cache
  logic            l_req_valid, l_req_ready, l_req_we, l_rsp_valid;
  logic [5:0]      l_req_amo;
  logic [T-1:0]    l_req_mask;
  logic [T*32-1:0] l_req_addr, l_req_data, l_rsp_data;
  logic [T*4-1:0]  l_req_byteen;
  logic [7:0]      l_req_tag, l_rsp_tag;
  logic [IW-1:0]   l_req_wid;
  logic [31:0]     l_req_pc;
  logic [11:0]     perf_addr;
  logic [31:0]     perf_rdata, perf_wdata;
  logic            perf_we;
  logic            lsu_err, sfu_err;
  logic [IW-1:0]   lsu_err_wid, sfu_err_wid;
  logic [31:0]     lsu_err_pc, lsu_err_addr, sfu_err_pc;
  logic [2:0]      sfu_err_cause;

  weft_alu #(.W(W), .T(T)) u_alu (
    .clk_i, .rst_ni,
    .in_valid_i   (dispatch && is_dec.fu == weft_pkg::FU_ALU && !is_dec.fpu),
    .in_ready_o   (alu_in_ready),
    .in_wid_i     (is_wid),
    .in_pc_i      (is_pc),
    .in_tmask_i   (is_tmask),
    .in_op_i      (is_dec.op),
    .in_rd_i      (is_dec.rd),
    .in_wb_i      (is_dec.wb),
    .in_use_imm_i (is_dec.use_imm),
    .in_imm_i     (is_dec.imm),
    .in_rs1_i     (rs1_data),
    .in_rs2_i     (rs2_data),
    .out_valid_o  (alu_v),
    .out_ready_i  (alu_rdy),
    .out_wid_o    (alu_wid),
    .out_pc_o     (alu_pc),
    .out_tmask_o  (alu_tm),
    .out_rd_o     (alu_rd),
    .out_wb_o     (alu_wb),
    .out_data_o   (alu_d),
    .br_valid_o   (br_valid),
    .br_wid_o     (br_wid),
    .br_pc_o      (br_pc),
    .br_taken_o   (br_taken),
    .br_src_pc_o  (br_src_pc)
  );

  weft_muldiv #(.W(W), .T(T), .MUL_LAT(MUL_LAT)) u_muldiv (
    .clk_i, .rst_ni,
    .in_valid_i  (dispatch && is_dec.fu == weft_pkg::FU_MDU && !is_dec.fpu),
    .in_ready_o  (mdu_in_ready),
    .in_wid_i    (is_wid),
    .in_pc_i     (is_pc),
    .in_tmask_i  (is_tmask),
    .in_op_i     (is_dec.op[2:0]),
    .in_rd_i     (is_dec.rd),
    .in_wb_i     (is_dec.wb),
    .in_rs1_i    (rs1_data),
    .in_rs2_i    (rs2_data),
    .out_valid_o (mdu_v),
    .out_ready_i (mdu_rdy),
    .out_wid_o   (mdu_wid),
    .out_pc_o    (mdu_pc),
    .out_tmask_o (mdu_tm),
    .out_rd_o    (mdu_rd),
    .out_wb_o    (mdu_wb),
    .out_data_o  (mdu_d)
  );

  weft_lsu #(.W(W), .T(T), .SLOTS(LSU_SLOTS), .SMEM_BYTES(SMEM_BYTES),
             .SMEM_BANKS(SMEM_BANKS == 0 ? T : SMEM_BANKS)) u_lsu (
    .clk_i, .rst_ni,
    .in_valid_i       (dispatch && is_dec.fu == weft_pkg::FU_LSU && !is_dec.fpu),
    .in_ready_o       (lsu_in_ready),
    .in_wid_i         (is_wid),
    .in_pc_i          (is_pc),
    .in_tmask_i       (is_tmask),
    .in_op_i          (is_dec.op),
    .in_amo_i         (is_dec.instr[31:27]),
    .in_rd_i          ({is_dec.rd_f, is_dec.rd}),
    .in_wb_i          (is_dec.wb),
    .in_imm_i         (is_dec.imm),
    .in_rs1_i         (rs1_data),
    .in_rs2_i         (rs2_data),
    .mem_req_valid_o  (l_req_valid),
    .mem_req_ready_i  (l_req_ready && !halt_q),
    .mem_req_we_o     (l_req_we),
    .mem_req_amo_o    (l_req_amo),
    .mem_req_mask_o   (l_req_mask),
    .mem_req_addr_o   (l_req_addr),
    .mem_req_byteen_o (l_req_byteen),
    .mem_req_data_o   (l_req_data),
    .mem_req_tag_o    (l_req_tag),
    .mem_req_wid_o    (l_req_wid),
    .mem_req_pc_o     (l_req_pc),
    .mem_rsp_valid_i  (l_rsp_valid),
    .mem_rsp_tag_i    (l_rsp_tag),
    .mem_rsp_data_i   (l_rsp_data),
    .out_valid_o      (lsu_v),
    .out_ready_i      (lsu_rdy),
    .out_wid_o        (lsu_wid),
    .out_pc_o         (lsu_pc),
    .out_tmask_o      (lsu_tm),
    .out_rd_o         (lsu_rd),
    .out_wb_o         (lsu_wb),
    .out_data_o       (lsu_d),
    .smem_access_o    (smem_access_o),
    .smem_conflict_o  (smem_conflict_o),
    .busy_o           (lsu_busy_unused),
    .err_valid_o      (lsu_err),
    .err_wid_o        (lsu_err_wid),
    .err_pc_o         (lsu_err_pc),
    .err_addr_o       (lsu_err_addr)
  );

  // L1 D-cache and coalescer between the LSU and the memory ports
  weft_dcache #(.W(W), .T(T), .SETS(DC_SETS), .WAYS(DC_WAYS), .LINE_WORDS(LINE_WORDS),
                .MSHRS(DC_MSHRS), .PEND(DC_PEND)) u_dcache (
    .clk_i, .rst_ni,
    .req_valid_i      (l_req_valid && !halt_q),
    .req_ready_o      (l_req_ready),
    .req_we_i         (l_req_we),
    .req_amo_i        (l_req_amo),
    .req_mask_i       (l_req_mask),
    .req_addr_i       (l_req_addr),
    .req_byteen_i     (l_req_byteen),
    .req_data_i       (l_req_data),
    .req_tag_i        (l_req_tag),
    .req_wid_i        (l_req_wid),
    .req_pc_i         (l_req_pc),
    .rsp_valid_o      (l_rsp_valid),
    .rsp_tag_o        (l_rsp_tag),
    .rsp_data_o       (l_rsp_data),
    .mem_req_valid_o  (dmem_req_valid_o),
    .mem_req_ready_i  (dmem_req_ready_i),
    .mem_req_we_o     (dmem_req_we_o),
    .mem_req_amo_o    (dmem_req_amo_o),
    .mem_req_mask_o   (dmem_req_mask_o),
    .mem_req_addr_o   (dmem_req_addr_o),
    .mem_req_byteen_o (dmem_req_byteen_o),
    .mem_req_data_o   (dmem_req_data_o),
    .mem_req_tag_o    (dmem_req_tag_o),
    .mem_req_wid_o    (dmem_req_wid_o),
    .mem_req_pc_o     (dmem_req_pc_o),
    .mem_rsp_valid_i  (dmem_rsp_valid_i),
    .mem_rsp_tag_i    (dmem_rsp_tag_i),
    .mem_rsp_data_i   (dmem_rsp_data_i),
    .fill_req_valid_o (dfill_req_valid_o),
    .fill_req_ready_i (dfill_req_ready_i),
    .fill_req_addr_o  (dfill_req_addr_o),
    .fill_rsp_valid_i (dfill_rsp_valid_i),
    .fill_rsp_data_i  (dfill_rsp_data_i),
    .ev_warp_o        (dcache_ev_o[0]),
    .ev_rd_o          (dcache_ev_o[1]),
    .ev_rdmiss_o      (dcache_ev_o[2]),
    .ev_merge_o       (dcache_ev_o[3]),
    .ev_wr_o          (dcache_ev_o[4]),
    .ev_wrhit_o       (dcache_ev_o[5]),
    .ev_stall_o       (dcache_ev_o[6]),
    .ev_bypass_o      (dcache_ev_o[7]),
    .busy_o           (dc_busy)
  );

  weft_sfu #(.W(W), .T(T), .IPDOM_DEPTH(IPDOM_DEPTH), .BARRIERS(BARRIERS)) u_sfu (
    .clk_i, .rst_ni,
    .core_id_i       (8'(CORE_ID)),
    .num_cores_i     (NUM_CORES),
    .launch_i,
    .perf_addr_o     (perf_addr),
    .perf_rdata_i    (perf_rdata),
    .perf_we_o       (perf_we),
    .perf_wdata_o    (perf_wdata),
    .cycle_i         (cycles_q),
    .fp_clear_i      (spawn | W'(start_i)),
    .commit_flags_i  (wb_flags),
    .frm_o           (frm),
    .commit_fcsr_o   (commit_fcsr_o),
    .active_i        (active),
    .commit_i        (wb_fire),
    .commit_wid_i    (wb_wid),
    .in_valid_i      (dispatch && is_dec.fu == weft_pkg::FU_SFU && !is_dec.fpu),
    .in_ready_o      (sfu_in_ready),
    .in_wid_i        (is_wid),
    .in_pc_i         (is_pc),
    .in_tmask_i      (is_tmask),
    .in_op_i         (is_dec.op),
    .in_rd_i         (is_dec.rd),
    .in_wb_i         (is_dec.wb),
    .in_imm_i        (is_dec.imm),
    .in_rs1_i        (rs1_data),
    .in_rs2_i        (rs2_data),
    .out_valid_o     (sfu_v),
    .out_ready_i     (sfu_rdy),
    .out_wid_o       (sfu_wid),
    .out_pc_o        (sfu_pc),
    .out_tmask_o     (sfu_tm),
    .out_rd_o        (sfu_rd),
    .out_wb_o        (sfu_wb),
    .out_data_o      (sfu_d),
    .fetch_valid_o   (sfu_f_valid),
    .fetch_wid_o     (sfu_f_wid),
    .fetch_pc_o      (sfu_f_pc),
    .fetch_tmask_o   (sfu_f_tmask),
    .fetch_resolve_o (sfu_f_resolve),
    .spawn_o         (spawn),
    .spawn_pc_o      (spawn_pc),
    .release_o       (release_w),
    .icache_flush_o  (icache_flush),
    .err_valid_o     (sfu_err),
    .err_cause_o     (sfu_err_cause),
    .err_wid_o       (sfu_err_wid),
    .err_pc_o        (sfu_err_pc)
  );

  // ---------------------------------------------------------------- FPU
  if (FPU != 0) begin : gen_fpu
    weft_fpu #(.W(W), .T(T), .LAT_FMA(FP_LAT_FMA), .LAT_CVT(FP_LAT_CVT), .LAT_DIV(FP_LAT_DIV)) u_fpu (
      .clk_i, .rst_ni,
      .in_valid_i  (dispatch && is_dec.fpu),
      .in_ready_o  (fpu_in_ready),
      .in_wid_i    (is_wid),
      .in_pc_i     (is_pc),
      .in_tmask_i  (is_tmask),
      .in_op_i     (is_dec.op),
      .in_rm_i     (is_rm),
      .in_rd_i     (is_dec.rd),
      .in_wb_i     (is_dec.wb),
      .in_fd_i     (is_dec.rd_f),
      .in_a_i      (rs1_data),
      .in_b_i      (rs2_data),
      .in_c_i      (rs3_data),
      .out_valid_o (fpu_v),
      .out_ready_i (fpu_rdy),
      .out_wid_o   (fpu_wid),
      .out_pc_o    (fpu_pc),
      .out_tmask_o (fpu_tm),
      .out_rd_o    (fpu_rd),
      .out_wb_o    (fpu_wb),
      .out_fd_o    (fpu_fd),
      .out_data_o  (fpu_d),
      .out_flags_o (fpu_flags)
    );
  end else begin : gen_no_fpu
    assign fpu_in_ready = 1'b0;
    assign fpu_v     = 1'b0;
    assign fpu_wid   = '0;
    assign fpu_pc    = '0;
    assign fpu_tm    = '0;
    assign fpu_rd    = '0;
    assign fpu_wb    = 1'b0;
    assign fpu_fd    = 1'b0;
    assign fpu_d     = '0;
    assign fpu_flags = '0;
    logic fpu_rdy_unused;
    assign fpu_rdy_unused = fpu_rdy;
  end

  // fflags/frm/fcsr instructions in flight (they go to the SFU and drain, so
  // the SFU's next completion of the warp is theirs)
  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) fcsr_pend_q[w] <= 1'b0;
      else if (dispatch && is_dec.fcsr && is_wid == IW'(w)) fcsr_pend_q[w] <= 1'b1;
      else if (sfu_v && sfu_rdy && sfu_wid == IW'(w)) fcsr_pend_q[w] <= 1'b0;
    end
  end

  // ---------------------------------------------------------------- counters
  weft_perf #(.W(W), .T(T)) u_perf (
    .clk_i, .rst_ni,
    .clear_i        (perf_clear_i),
    .lock_i         (perf_lock_i),
    .run_i          (run_i),
    .start_i        (start_i),
    .busy_i         (busy_o),
    .halt_i         (halt_q),
    .issue_i        (dispatch),
    .issue_wid_i    (is_wid),
    .commit_i       (wb_fire),
    .commit_tmask_i (wb_tmask),
    .ic_access_i    (f_req_valid && f_req_ready),
    .ic_miss_i      (icache_miss_o),
    .ld_req_i       (l_req_valid && l_req_ready && !halt_q && !l_req_we),
    .st_req_i       (l_req_valid && l_req_ready && !halt_q && l_req_we),
    .req_mask_i     (l_req_mask),
    .req_byteen_i   (l_req_byteen),
    .ld_rsp_i       (l_rsp_valid),
    .flush_i        (flush_o),
    .st_lookup_i    (st_lookup_o),
    .st_hit_i       (st_hit_o),
    .st_avoid_i     (st_avoid),
    .nop_i          (is_issue && is_nop),
    .odisc_i        (odisc),
    .oerr_i         (oerr),
    .dc_ev_i        (dcache_ev_o),
    .missed_i       (issue_missed_o),
    .w_active_i     (active),
    // SWaS: a NOP head, or any head of a warp suspended by an I-cache miss,
    // is a front-end gap (empty ibuffer), not a schedulable instruction.
    .w_head_i       (ib_valid & ~ib_nop & ~(swas_i ? susp : '0)),
    .w_ready_i      (w_ready),
    .w_ctrl_i       (w_ctrl),
    .w_dmem_i       (sb_dmem),
    .w_dcmp_i       (sb_dcmp),
    .w_smem_i       (w_smem),
    .w_scmp_i       (w_scmp),
    .w_fetchable_i  (swas_i ? active : fetchable),
    .csr_addr_i     (perf_addr),
    .csr_rdata_o    (perf_rdata),
    .csr_we_i       (perf_we),
    .csr_wdata_i    (perf_wdata),
    .dbg_idx_i      (perf_idx_i),
    .dbg_data_o     (perf_data_o),
    .reset_lock_o   (perf_rlock_o),
    .wstate_o       (wstate_o)
  );

  // ---------------------------------------------------------------- writeback
  weft_writeback #(.W(W), .T(T), .N(5)) u_writeback (
    .clk_i, .rst_ni,
    .halt_i      (halt_q),
    .valid_i     ({fpu_v, sfu_v, lsu_v, mdu_v, alu_v}),
    .ready_o     ({fpu_rdy, sfu_rdy, lsu_rdy, mdu_rdy, alu_rdy}),
    .wid_i       ({fpu_wid, sfu_wid, lsu_wid, mdu_wid, alu_wid}),
    .pc_i        ({fpu_pc, sfu_pc, lsu_pc, mdu_pc, alu_pc}),
    .tmask_i     ({fpu_tm, sfu_tm, lsu_tm, mdu_tm, alu_tm}),
    .rd_i        ({fpu_fd, fpu_rd, 1'b0, sfu_rd, lsu_rd, 1'b0, mdu_rd, 1'b0, alu_rd}),
    .flags_i     ({fpu_flags, 15'd0, 5'd0}),
    .wb_i        ({fpu_wb, sfu_wb, lsu_wb, mdu_wb, alu_wb}),
    .data_i      ({fpu_d, sfu_d, lsu_d, mdu_d, alu_d}),
    .fire_o      (wb_fire),
    .wid_o       (wb_wid),
    .pc_o        (wb_pc),
    .tmask_o     (wb_tmask),
    .rd_o        (wb_rd),
    .flags_o     (wb_flags),
    .wb_o        (wb_wb),
    .data_o      (wb_data)
  );

  assign commit_valid_o = wb_fire;
  assign commit_wid_o   = wb_wid;
  assign commit_pc_o    = wb_pc;
  assign commit_tmask_o = wb_tmask;
  assign commit_wb_o    = wb_wb;
  assign commit_rd_o    = wb_rd[4:0];
  assign commit_fd_o    = wb_rd[5];
  assign commit_flags_o = wb_flags;
  assign commit_data_o  = wb_data;

  // ---------------------------------------------------------------- in-flight, errors, cycles
  // SWaS: a SIMT instruction of the warp is in flight (until it completes,
  // or for a barrier until the release).
  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) sfu_pend_q[w] <= 1'b0;
      else if (swas_i && dispatch && is_wid == IW'(w) && is_dec.fu == weft_pkg::FU_SFU && is_dec.is_ctrl)
        sfu_pend_q[w] <= 1'b1;
      else if ((sfu_f_valid && sfu_f_resolve && sfu_f_wid == IW'(w)) || release_w[w]) sfu_pend_q[w] <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) br_pend_q[w] <= 1'b0;
      else if (dispatch && is_wid == IW'(w) && is_dec.fu == weft_pkg::FU_ALU && is_dec.is_ctrl)
        br_pend_q[w] <= 1'b1;
      else if (br_valid && br_wid == IW'(w)) br_pend_q[w] <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (!rst_ni) inflight_q[w] <= '0;
      else inflight_q[w] <= inflight_q[w] + 8'(dispatch && is_wid == IW'(w))
                                          - 8'(wb_fire && wb_wid == IW'(w));
    end
  end

  logic       err_now;
  logic [2:0] err_now_cause;
  logic [IW-1:0] err_now_wid;
  logic [31:0]   err_now_pc, err_now_info;

  always_comb begin
    err_now       = 1'b0;
    err_now_cause = '0;
    err_now_wid   = '0;
    err_now_pc    = '0;
    err_now_info  = '0;
    if (is_issue && is_illegal && !is_nop) begin
      err_now = 1'b1; err_now_cause = weft_pkg::ERR_ILLEGAL;
      err_now_wid = is_wid; err_now_pc = is_pc; err_now_info = is_dec.instr;
    end else if (lsu_err) begin
      err_now = 1'b1; err_now_cause = weft_pkg::ERR_MISALIGNED;
      err_now_wid = lsu_err_wid; err_now_pc = lsu_err_pc; err_now_info = lsu_err_addr;
    end else if (sfu_err) begin
      err_now = 1'b1; err_now_cause = sfu_err_cause;
      err_now_wid = sfu_err_wid; err_now_pc = sfu_err_pc;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      halt_q   <= 1'b0;
      err_q    <= 1'b0;
      cycles_q <= '0;
    end else begin
      cycles_q <= cycles_q + 64'd1;
      if (err_now && !err_q) begin
        halt_q <= 1'b1;
        err_q  <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (err_now && !err_q) begin
      err_cause_q <= err_now_cause;
      err_wid_q   <= err_now_wid;
      err_pc_q    <= err_now_pc;
      err_info_q  <= err_now_info;
    end
  end

  always_comb begin
    busy_o = |active || dc_busy;
    for (int w = 0; w < W; w++) if (inflight_q[w] != '0) busy_o = 1'b1;
  end

  assign err_valid_o = err_q;
  assign err_cause_o = err_cause_q;
  assign err_wid_o   = err_wid_q;
  assign err_pc_o    = err_pc_q;
  assign err_info_o  = err_info_q;
  assign cycles_o    = cycles_q;

endmodule
