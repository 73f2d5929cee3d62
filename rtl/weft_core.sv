// weft_core: one SIMT core (streaming multiprocessor) of W warps x T threads.
// Wiring only: the stages are their own modules.
//
//   weft_frontend  fetch (warp scheduler) -> I-cache -> insert queues
//                  -> decode -> instruction buffers (+ flush policy)
//   weft_issue     buffer heads -> scoreboard/ready -> issue scheduler
//                  (+ weft_oracles) -> register read -> dispatch
//   weft_execute   ALU | MUL/DIV | LSU + D-cache | SFU (SIMT + CSR) | FPU
//                  -> writeback (commit); halt, errors, cycle counter
//   weft_perf      performance counters (docs/counters.md)
//
// The stages talk through the stage records of weft_pkg (br_t, simt_t, iss_t,
// wb_t) plus the W/T-wide vectors beside them; core-level signals carry the
// prefix of the stage that drives them (fe_, is_, ex_).
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
  parameter int unsigned L = T,            // lanes (warp rows, issue 20): T/L rows per instruction
  parameter int unsigned CORE_ID = 0,
  parameter int unsigned NUM_CORES = 1,
  parameter int unsigned IBUF_DEPTH = 2,
  parameter int unsigned IC_LAT = 1,       // I-cache hit latency (front-end depth, weft_gpu)
  parameter int unsigned DEC_REG = 0,      // registered decode
  parameter int unsigned IC_II = 1,        // I-cache initiation interval (front-end throughput, weft_gpu)
  parameter int unsigned IPDOM_DEPTH = 8,
  parameter int unsigned BARRIERS = 4,
  parameter int unsigned IC_LINES = 128,
  parameter int unsigned IC_WAYS = 1,      // I-cache associativity (1 = direct-mapped)
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned LSU_SLOTS = 8,
  parameter int unsigned SQ_MAX = 2,            // store-queue entries per warp, at most (weft_lsu)
  parameter int unsigned SMEM_BYTES = 4096,    // shared memory per core (0 = none)
  parameter int unsigned SMEM_BANKS = 0,       // 0 = T banks
  parameter int unsigned MUL_LAT = 2,
  parameter int unsigned ALU_LAT = 1,      // integer ALU result latency (weft_execute)
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
  parameter int unsigned DC_LINES = 1,     // D-cache walk width (lines per cycle)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // knobs
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] fetch_policy_i,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] issue_policy_i,
  input  logic            issue_ready_i,
  input  logic [weft_spec_pkg::FRONTEND_W-1:0] frontend_i,
  input  logic            bpr_i,
  input  logic            stall_table_i,
  input  logic            swas_i,
  input  logic            divergence_i,   // 0 ipdom, 1 minpc (docs/isa.md "Divergence modes")
  input  logic [2:0]      sq_n_i,         // store-queue entries per warp (--store-queue; 0 = none)
  input  logic            branch_check_i, // ipdom: stop at a branch whose threads disagree
  input  logic            stack_guard_i,  // weft_execute's stack guard (docs/isa.md)
  input  logic            oracles_i,      // evaluate the SWaS oracle schedulers (ORACLES = 1)
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
  output logic [7:0]      err_lane_o,     // access error: the lane
  // statistics
  output logic [63:0]     cycles_o,
  output logic            icache_miss_o,
  output logic            issue_missed_o,
  output logic            st_lookup_o,
  output logic            st_hit_o,
  output logic            flush_o,        // pnt: a taken branch discarded younger instructions
  output logic            smem_access_o,  // shared memory: a warp request accepted
  output logic            smem_conflict_o,// shared memory: a bank-conflict cycle
  output logic [weft_spec_pkg::PERF_DC_EV_N-1:0] dcache_ev_o,    // D-cache events of the previous cycle (weft_dcache)
  // performance counters (weft_perf, docs/counters.md)
  input  logic            perf_clear_i,   // power-on clear of counters and locks
  input  logic            perf_lock_i,    // hold perf-lock (warm-up)
  input  logic            run_i,          // the launch runs on some core
  input  logic [weft_spec_pkg::PERF_DBG_IDX_W-1:0] perf_idx_i,
  output logic [63:0]     perf_data_o,
  output logic            perf_rlock_o,
  output logic [W*weft_spec_pkg::WSTATE_W-1:0] wstate_o
);

  localparam int unsigned EW = T + 32 + weft_pkg::DEC_W;   // instruction buffer entry

  // ---------------------------------------------------------------- front end -> issue
  logic [W*EW-1:0] fe_ib_heads;
  logic [W-1:0]    fe_ib_valid, fe_ib_nop;
  logic [W*7-1:0]  fe_head_nact;
  logic [W-1:0]    fe_starting, fe_active, fe_susp, fe_ic_pend, fe_fetchable;
  logic            fe_ic_ready, fe_ic_miss_valid, fe_ic_rsp_valid, fe_kill;
  logic [IW-1:0]   fe_ic_miss_wid, fe_ic_rsp_wid, fe_kill_wid;
  logic            fe_fetch, fe_st_avoid;
  // ---------------------------------------------------------------- issue -> front end, execute
  logic            is_issue, is_swas_pick, is_dispatch, is_illegal, is_nop, is_busy;
  logic [IW-1:0]   is_wid;
  weft_pkg::iss_t is_iss;
  logic [T-1:0]    is_tmask;
  logic [L*32-1:0] is_rs1, is_rs2, is_rs3;   // register-file read ports (L wide; one row)
  logic            is_odisc, is_oerr;
  logic [W-1:0]    is_w_ready, is_w_ctrl, is_w_dmem, is_w_dcmp, is_w_smem, is_w_scmp;
  // ---------------------------------------------------------------- execute -> front end, issue
  logic            ex_alu_ready, ex_mdu_ready, ex_lsu_ready, ex_sfu_ready, ex_fpu_ready;
  logic [3:0]      ex_fpu_cls_ok;
  // warp rows: the row sequencers' register-file reads and pending reads
  localparam int unsigned RW  = (T / L > 1) ? $clog2(T / L) : 1;
  localparam int unsigned RAW = IW + 21;
  logic            ex_rf_req;
  logic [RAW-1:0]  ex_rf_ra;
  logic [RW-1:0]   ex_rf_row;
  logic [4:0]      ex_seq_busy;
  logic [5*RAW-1:0] ex_seq_ra;
`ifdef WEFT_ASSERTS_ON
  initial begin
    if (L < 1 || T % L != 0) $fatal(1, "weft_core: lanes L = %0d must divide threads per warp T = %0d", L, T);
  end
`endif
  logic            is_row_hold;
  logic [((W > 1) ? $clog2(W) : 1)-1:0] is_row_hold_wid;
  logic [W*3-1:0]  ex_frm;
  logic            ex_sfu_done;
  logic [IW-1:0]   ex_sfu_done_wid;
  weft_pkg::br_t   ex_br;
  logic [IW-1:0]        ex_br_wid;
  weft_pkg::simt_t ex_simt;
  logic [IW-1:0]        ex_simt_wid;
  logic [T-1:0]         ex_simt_tmask;
  // divergence minpc: the branch's mask, per-lane next pcs and call/return
  // kind; the SIMT instruction's own mask and bar parking; per-warp state
  logic [T-1:0]         ex_br_tmask, ex_simt_gmask;
  logic [T*32-1:0]      ex_br_lpc;
  logic [1:0]           ex_br_link;
  logic                 ex_simt_park;
  logic [W*T-1:0]       fe_live;
  logic [W-1:0]         fe_arrive;
  logic [W-1:0]    ex_spawn, ex_release;
  logic [31:0]     ex_spawn_pc;
  logic            ex_icache_flush;
  weft_pkg::wb_t ex_wb;
  logic [IW-1:0]   ex_wb_wid;
  logic [T-1:0]    ex_wb_tmask;
  logic [T*32-1:0] ex_wb_data;
  logic            ex_halt, ex_busy;
  logic [11:0]     ex_perf_addr;
  logic [31:0]     ex_perf_wdata, perf_rdata;
  logic            ex_perf_we;
  logic            ex_ld_req, ex_st_req, ex_ld_rsp;
  logic [T-1:0]    ex_req_mask;
  logic [T*4-1:0]  ex_req_byteen;

  // ---------------------------------------------------------------- front end
  weft_frontend #(.W(W), .T(T), .IBUF_DEPTH(IBUF_DEPTH), .IC_LAT(IC_LAT), .DEC_REG(DEC_REG), .IC_II(IC_II),
                  .IC_LINES(IC_LINES), .IC_WAYS(IC_WAYS),
                  .LINE_WORDS(LINE_WORDS), .ST_ENTRIES(ST_ENTRIES), .IQ_DEPTH(IQ_DEPTH),
                  .IC_MSHRS(IC_MSHRS), .IC_WAITS(IC_WAITS)) u_frontend (
    .clk_i, .rst_ni,
    .fetch_policy_i,
    .frontend_i,
    .bpr_i,
    .stall_table_i,
    .swas_i,
    .divergence_i,
    .start_i,
    .start_pc_i,
    .halt_i           (ex_halt),
    .imem_req_valid_o,
    .imem_req_ready_i,
    .imem_req_addr_o,
    .imem_rsp_valid_i,
    .imem_rsp_data_i,
    // from issue
    .is_issue_i       (is_issue),
    .is_wid_i         (is_wid),
    .swas_pick_i      (is_swas_pick),
    // from execute
    .br_i             (ex_br),
    .br_wid_i         (ex_br_wid),
    .simt_i           (ex_simt),
    .simt_wid_i       (ex_simt_wid),
    .simt_tmask_i     (ex_simt_tmask),
    .br_tmask_i       (ex_br_tmask),
    .br_lpc_i         (ex_br_lpc),
    .br_link_i        (ex_br_link),
    .simt_gmask_i     (ex_simt_gmask),
    .simt_park_i      (ex_simt_park),
    .live_o           (fe_live),
    .arrive_o         (fe_arrive),
    .spawn_i          (ex_spawn),
    .spawn_pc_i       (ex_spawn_pc),
    .release_i        (ex_release),
    .icache_flush_i   (ex_icache_flush),
    // to issue
    .ib_heads_o       (fe_ib_heads),
    .ib_valid_o       (fe_ib_valid),
    .ib_nop_o         (fe_ib_nop),
    .head_nact_o      (fe_head_nact),
    .starting_o       (fe_starting),
    .active_o         (fe_active),
    .susp_o           (fe_susp),
    .ic_ready_o       (fe_ic_ready),
    .ic_miss_valid_o  (fe_ic_miss_valid),
    .ic_miss_wid_o    (fe_ic_miss_wid),
    .ic_rsp_valid_o   (fe_ic_rsp_valid),
    .ic_rsp_wid_o     (fe_ic_rsp_wid),
    .ic_pend_o        (fe_ic_pend),
    .kill_o           (fe_kill),
    .kill_wid_o       (fe_kill_wid),
    // statistics
    .fetch_o          (fe_fetch),
    .icache_miss_o,
    .flush_o,
    .st_lookup_o,
    .st_hit_o,
    .st_avoid_o       (fe_st_avoid),
    .fetchable_o      (fe_fetchable)
  );

  // ---------------------------------------------------------------- issue
  weft_issue #(.W(W), .T(T), .L(L), .FPU(FPU), .ORACLES(ORACLES), .TF(IC_LAT + DEC_REG)) u_issue (
    .clk_i, .rst_ni,
    .issue_policy_i,
    .issue_ready_i,
    .swas_i,
    .oracles_i,
    .halt_i           (ex_halt),
    // from the front end
    .ib_heads_i       (fe_ib_heads),
    .ib_valid_i       (fe_ib_valid),
    .ib_nop_i         (fe_ib_nop),
    .head_nact_i      (fe_head_nact),
    .starting_i       (fe_starting),
    .active_i         (fe_active),
    .susp_i           (fe_susp),
    .ic_ready_i       (fe_ic_ready),
    .ic_miss_valid_i  (fe_ic_miss_valid),
    .ic_miss_wid_i    (fe_ic_miss_wid),
    .ic_rsp_valid_i   (fe_ic_rsp_valid),
    .ic_rsp_wid_i     (fe_ic_rsp_wid),
    .ic_pend_i        (fe_ic_pend),
    .kill_i           (fe_kill),
    .kill_wid_i       (fe_kill_wid),
    // from execute
    .alu_ready_i      (ex_alu_ready),
    .mdu_ready_i      (ex_mdu_ready),
    .lsu_ready_i      (ex_lsu_ready),
    .sfu_ready_i      (ex_sfu_ready),
    .fpu_ready_i      (ex_fpu_ready),
    .fpu_cls_ok_i     (ex_fpu_cls_ok),
    .frm_i            (ex_frm),
    .br_i             (ex_br),
    .br_wid_i         (ex_br_wid),
    .simt_i           (ex_simt),
    .simt_wid_i       (ex_simt_wid),
    .release_i        (ex_release),
    .sfu_done_i       (ex_sfu_done),
    .sfu_done_wid_i   (ex_sfu_done_wid),
    .wb_i             (ex_wb),
    .wb_wid_i         (ex_wb_wid),
    .wb_tmask_i       (ex_wb_tmask),
    .wb_data_i        (ex_wb_data),
    .rf_req_i         (ex_rf_req),
    .rf_ra_i          (ex_rf_ra),
    .rf_row_i         (ex_rf_row),
    .seq_busy_i       (ex_seq_busy),
    .seq_ra_i         (ex_seq_ra),
    // to the front end
    .issue_o          (is_issue),
    .wid_o            (is_wid),
    .swas_pick_o      (is_swas_pick),
    // to execute
    .dispatch_o       (is_dispatch),
    .iss_o            (is_iss),
    .tmask_o          (is_tmask),
    .rs1_o            (is_rs1),
    .rs2_o            (is_rs2),
    .rs3_o            (is_rs3),
    .illegal_o        (is_illegal),
    // statistics
    .nop_o            (is_nop),
    .missed_o         (issue_missed_o),
    .odisc_o          (is_odisc),
    .oerr_o           (is_oerr),
    .w_ready_o        (is_w_ready),
    .w_ctrl_o         (is_w_ctrl),
    .w_dmem_o         (is_w_dmem),
    .w_dcmp_o         (is_w_dcmp),
    .w_smem_o         (is_w_smem),
    .w_scmp_o         (is_w_scmp),
    .busy_o           (is_busy),
    .row_hold_o       (is_row_hold),
    .row_hold_wid_o   (is_row_hold_wid)
  );

  // ---------------------------------------------------------------- execute, writeback
  logic [2*weft_spec_pkg::PERF_DC_EV_N-1:0] dc_evx;   // D-cache lines beyond the first per event
  weft_execute #(.W(W), .T(T), .L(L), .CORE_ID(CORE_ID), .NUM_CORES(NUM_CORES), .IPDOM_DEPTH(IPDOM_DEPTH),
                 .BARRIERS(BARRIERS), .LINE_WORDS(LINE_WORDS), .LSU_SLOTS(LSU_SLOTS), .SQ_MAX(SQ_MAX),
                 .SMEM_BYTES(SMEM_BYTES), .SMEM_BANKS(SMEM_BANKS), .MUL_LAT(MUL_LAT), .ALU_LAT(ALU_LAT), .FPU(FPU),
                 .FP_LAT_FMA(FP_LAT_FMA), .FP_LAT_CVT(FP_LAT_CVT), .FP_LAT_DIV(FP_LAT_DIV),
                 .DC_SETS(DC_SETS), .DC_WAYS(DC_WAYS), .DC_MSHRS(DC_MSHRS), .DC_PEND(DC_PEND), .DC_LINES(DC_LINES)) u_execute (
    .clk_i, .rst_ni,
    .launch_i,
    .divergence_i,
    .sq_n_i,
    .branch_check_i,
    .live_i           (fe_live),
    .arrive_i         (fe_arrive),
    // from the front end
    .active_i         (fe_active),
    .starting_i       (fe_starting),
    // from issue
    .dispatch_i       (is_dispatch),
    .iss_i            (is_iss),
    .wid_i            (is_wid),
    .tmask_i          (is_tmask),
    .rs1_i            (is_rs1),
    .rs2_i            (is_rs2),
    .rs3_i            (is_rs3),
    .illegal_i        (is_illegal),
    // to issue
    .rf_req_o         (ex_rf_req),
    .rf_ra_o          (ex_rf_ra),
    .rf_row_o         (ex_rf_row),
    .seq_busy_o       (ex_seq_busy),
    .seq_ra_o         (ex_seq_ra),
    .alu_ready_o      (ex_alu_ready),
    .mdu_ready_o      (ex_mdu_ready),
    .lsu_ready_o      (ex_lsu_ready),
    .sfu_ready_o      (ex_sfu_ready),
    .fpu_ready_o      (ex_fpu_ready),
    .fpu_cls_ok_o     (ex_fpu_cls_ok),
    .frm_o            (ex_frm),
    .sfu_done_o       (ex_sfu_done),
    .sfu_done_wid_o   (ex_sfu_done_wid),
    // to the front end and issue
    .br_o             (ex_br),
    .br_wid_o         (ex_br_wid),
    .simt_o           (ex_simt),
    .simt_wid_o       (ex_simt_wid),
    .simt_tmask_o     (ex_simt_tmask),
    .br_tmask_o       (ex_br_tmask),
    .br_lpc_o         (ex_br_lpc),
    .br_link_o        (ex_br_link),
    .simt_gmask_o     (ex_simt_gmask),
    .simt_park_o      (ex_simt_park),
    .spawn_o          (ex_spawn),
    .spawn_pc_o       (ex_spawn_pc),
    .release_o        (ex_release),
    .icache_flush_o   (ex_icache_flush),
    // writeback
    .wb_o             (ex_wb),
    .wb_wid_o         (ex_wb_wid),
    .wb_tmask_o       (ex_wb_tmask),
    .wb_data_o        (ex_wb_data),
    .wb_fcsr_o        (commit_fcsr_o),
    // data memory
    .dmem_req_valid_o,
    .dmem_req_ready_i,
    .dmem_req_we_o,
    .dmem_req_amo_o,
    .dmem_req_mask_o,
    .dmem_req_addr_o,
    .dmem_req_byteen_o,
    .dmem_req_data_o,
    .dmem_req_tag_o,
    .dmem_req_wid_o,
    .dmem_req_pc_o,
    .dmem_rsp_valid_i,
    .dmem_rsp_tag_i,
    .dmem_rsp_data_i,
    .dfill_req_valid_o,
    .dfill_req_ready_i,
    .dfill_req_addr_o,
    .dfill_rsp_valid_i,
    .dfill_rsp_data_i,
    // counters' CSR port
    .perf_addr_o      (ex_perf_addr),
    .perf_rdata_i     (perf_rdata),
    .perf_we_o        (ex_perf_we),
    .perf_wdata_o     (ex_perf_wdata),
    // halt, errors, cycles
    .halt_o           (ex_halt),
    .err_valid_o,
    .err_cause_o,
    .err_wid_o,
    .err_pc_o,
    .err_info_o,
    .err_lane_o,
    .stack_guard_i,
    .cycles_o,
    .busy_o           (ex_busy),
    // statistics
    .ld_req_o         (ex_ld_req),
    .st_req_o         (ex_st_req),
    .req_mask_o       (ex_req_mask),
    .req_byteen_o     (ex_req_byteen),
    .ld_rsp_o         (ex_ld_rsp),
    .smem_access_o,
    .smem_conflict_o,
    .dcache_ev_o,
    .dcache_evx_o     (dc_evx)
  );

  // ---------------------------------------------------------------- counters
  weft_perf #(.W(W), .T(T)) u_perf (
    .clk_i, .rst_ni,
    .clear_i        (perf_clear_i),
    .lock_i         (perf_lock_i),
    .run_i          (run_i),
    .start_i        (start_i),
    .busy_i         (busy_o),
    .halt_i         (ex_halt),
    .issue_i        (is_dispatch),
    .issue_wid_i    (is_wid),
    .slot_i         (is_row_hold),
    .slot_wid_i     (is_row_hold_wid),
    .commit_i       (ex_wb.fire),
    .commit_tmask_i (ex_wb_tmask),
    .ic_access_i    (fe_fetch),
    .ic_miss_i      (icache_miss_o),
    .ld_req_i       (ex_ld_req),
    .st_req_i       (ex_st_req),
    .req_mask_i     (ex_req_mask),
    .req_byteen_i   (ex_req_byteen),
    .ld_rsp_i       (ex_ld_rsp),
    .flush_i        (flush_o),
    .st_lookup_i    (st_lookup_o),
    .st_hit_i       (st_hit_o),
    .st_avoid_i     (fe_st_avoid),
    .nop_i          (is_nop),
    .odisc_i        (is_odisc),
    .oerr_i         (is_oerr),
    .dc_ev_i        (dcache_ev_o),
    .dc_evx_i       (dc_evx),
    .missed_i       (issue_missed_o),
    .w_active_i     (fe_active),
    // SWaS: a NOP head, or any head of a warp suspended by an I-cache miss,
    // is a front-end gap (empty ibuffer), not a schedulable instruction.
    .w_head_i       (fe_ib_valid & ~fe_ib_nop & ~(swas_i ? fe_susp : '0)),
    .w_ready_i      (is_w_ready),
    .w_ctrl_i       (is_w_ctrl),
    .w_dmem_i       (is_w_dmem),
    .w_dcmp_i       (is_w_dcmp),
    .w_smem_i       (is_w_smem),
    .w_scmp_i       (is_w_scmp),
    .w_fetchable_i  (swas_i ? fe_active : fe_fetchable),
    .csr_addr_i     (ex_perf_addr),
    .csr_rdata_o    (perf_rdata),
    .csr_we_i       (ex_perf_we),
    .csr_wdata_i    (ex_perf_wdata),
    .dbg_idx_i      (perf_idx_i),
    .dbg_data_o     (perf_data_o),
    .reset_lock_o   (perf_rlock_o),
    .wstate_o       (wstate_o)
  );

  // ---------------------------------------------------------------- commit trace, busy
  assign commit_valid_o = ex_wb.fire;
  assign commit_wid_o   = ex_wb_wid;
  assign commit_pc_o    = ex_wb.pc;
  assign commit_tmask_o = ex_wb_tmask;
  assign commit_wb_o    = ex_wb.wb;
  assign commit_rd_o    = ex_wb.rd[4:0];
  assign commit_fd_o    = ex_wb.rd[5];
  assign commit_flags_o = ex_wb.flags;
  assign commit_data_o  = ex_wb_data;

  // A warp runs, an instruction is in flight, or the D-cache has work.
  assign busy_o = |fe_active || ex_busy || is_busy;

endmodule
