// weft_execute: the execute and writeback stages of a weft_core, and the
// core's halt/error state.
//
//   dispatch -> ALU | MUL/DIV | LSU (-> weft_dcache -> dmem/dfill) | SFU
//   (SIMT, CSR, barriers) | FPU -> weft_writeback (one commit per cycle)
//
// Handshakes:
// - from issue: dispatch_i with iss_i/wid_i/tmask_i/rs*_i. Issue only
//   dispatches an instruction whose unit is ready (alu/mdu/lsu/sfu/
//   fpu_ready_o in the same cycle); the unit is chosen by iss_i.dec.fu and
//   iss_i.dec.fpu.
// - units -> writeback: valid/ready per unit; weft_writeback picks one per
//   cycle (wb_o.fire) and presents it with wb_wid_o/wb_tmask_o/wb_data_o.
// - to the front end and issue: br_o (ALU branch resolution), simt_o (SFU
//   completion of a SIMT/CSR instruction), spawn/release/icache_flush, each a
//   single-cycle event.
// - memory: dmem_* warp-wide requests (through the D-cache) and dfill_* line
//   fills; perf_* is the SFU's CSR port to the counters (weft_perf).
//
// Errors: the first of an illegal instruction at issue (illegal_i), a
// misaligned access (LSU) or an SFU error (IPDOM overflow/underflow, barrier
// deadlock) or a stack-guard error (below) sets halt_o from the next cycle
// and is held on err_*; a halted core issues and commits nothing more and
// sends no more memory requests.
//
// Stack guard (docs/isa.md "Stack guard"): with stack_guard_i (the harness
// sets it for ELFs with sw/runtime's stack layout), a committed write of x2
// whose value in an active lane lies outside that thread's own stack
// [hi - STACK_STRIDE, hi], hi = STACK_TOP - g * STACK_STRIDE,
// g = (CORE_ID * W + wid) * T + lane, is an error (ERR_STACK; err_info =
// the sp value, err_lane = the lowest such lane). The instruction commits.
// Cost: per lane one 32-bit subtract and one compare with a constant.
module weft_execute #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned L = T,                // lanes (warp rows, issue 20): T/L rows
  parameter int unsigned CORE_ID = 0,
  parameter int unsigned NUM_CORES = 1,
  parameter int unsigned IPDOM_DEPTH = 8,
  parameter int unsigned BARRIERS = 4,
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned LSU_SLOTS = 8,
  parameter int unsigned SQ_MAX = 2,           // store-queue entries per warp, at most (weft_lsu)
  parameter int unsigned SMEM_BYTES = 4096,
  parameter int unsigned SMEM_BANKS = 0,       // 0 = T banks
  parameter int unsigned MUL_LAT = 2,
  parameter int unsigned ALU_LAT = 1,          // integer ALU result latency (cycles, >= 1; below)
  parameter int unsigned FPU = 1,
  parameter int unsigned FP_LAT_FMA = 4,
  parameter int unsigned FP_LAT_CVT = 5,
  parameter int unsigned FP_LAT_DIV = 16,
  parameter int unsigned DC_SETS = 32,
  parameter int unsigned DC_WAYS = 4,
  parameter int unsigned DC_MSHRS = 4,
  parameter int unsigned DC_PEND = 4,
  parameter int unsigned DC_LINES = 1,    // D-cache walk width (weft_dcache LINES)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned RW = (T / L > 1) ? $clog2(T / L) : 1,
  localparam int unsigned RAW = IW + 21,   // row read address {wid, use1, rs1, use2, rs2, use3, rs3}
  localparam int unsigned NSEQ = 5
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // launch
  input  logic [31:0]     launch_i,
  input  logic            divergence_i,   // 0 ipdom, 1 minpc (docs/isa.md)
  input  logic [2:0]      sq_n_i,         // store-queue entries per warp (0 = none; weft_lsu)
  input  logic            branch_check_i, // ipdom: a branch whose active threads disagree is an error
  input  logic [W*T-1:0]  live_i,         // minpc: live threads per warp (weft_fetch)
  input  logic [W-1:0]    arrive_i,       // minpc: the warp's next bar is its arrival
  // from the front end
  input  logic [W-1:0]    active_i,
  input  logic [W-1:0]    starting_i,     // warps (re)started: clear their FP state
  // from issue
  input  logic            dispatch_i,
  input  weft_pkg::iss_t iss_i,
  input  logic [IW-1:0]   wid_i,
  input  logic [T-1:0]    tmask_i,
  input  logic [L*32-1:0] rs1_i,          // the register file's L-wide read ports: row 0 at
  input  logic [L*32-1:0] rs2_i,          // dispatch, else the row rf_req_o asks for
  input  logic [L*32-1:0] rs3_i,
  input  logic            illegal_i,      // wid_i/iss_i issued an illegal instruction
  input  logic            stack_guard_i,  // check writes of sp (x2) against the thread's stack
  // to issue: warp rows' register-file reads (rows 1..R-1) and the
  // sequencers' pending reads (write-after-read); never with R == 1
  output logic            rf_req_o,
  output logic [RAW-1:0]  rf_ra_o,
  output logic [RW-1:0]   rf_row_o,
  output logic [NSEQ-1:0] seq_busy_o,
  output logic [NSEQ*RAW-1:0] seq_ra_o,
  // to issue
  output logic            alu_ready_o,
  output logic            mdu_ready_o,
  output logic            lsu_ready_o,
  output logic            sfu_ready_o,
  output logic            fpu_ready_o,
  output logic [3:0]      fpu_cls_ok_o,   // rows: the FPU takes an op of this latency class
  output logic [W*3-1:0]  frm_o,
  output logic            sfu_done_o,
  output logic [IW-1:0]   sfu_done_wid_o,
  // to the front end and issue
  output weft_pkg::br_t   br_o,
  output logic [IW-1:0]        br_wid_o,
  output weft_pkg::simt_t simt_o,
  output logic [IW-1:0]        simt_wid_o,
  output logic [T-1:0]         simt_tmask_o,
  output logic [T-1:0]         br_tmask_o,     // minpc: branch mask, lane next pcs, {call, return}
  output logic [T*32-1:0]      br_lpc_o,
  output logic [1:0]           br_link_o,
  output logic [T-1:0]         simt_gmask_o,   // minpc: the SIMT instruction's mask; bar parks
  output logic                 simt_park_o,
  output logic [W-1:0]    spawn_o,
  output logic [31:0]     spawn_pc_o,
  output logic [W-1:0]    release_o,
  output logic            icache_flush_o,
  // writeback (to issue, the counters and the commit trace)
  output weft_pkg::wb_t wb_o,
  output logic [IW-1:0]   wb_wid_o,
  output logic [T-1:0]    wb_tmask_o,
  output logic [T*32-1:0] wb_data_o,
  output logic [7:0]      wb_fcsr_o,      // the warp's fcsr after the committed instruction
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
  output logic            dfill_req_valid_o,
  input  logic            dfill_req_ready_i,
  output logic [31:0]     dfill_req_addr_o,
  input  logic            dfill_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] dfill_rsp_data_i,
  // counters' CSR port (weft_perf)
  output logic [11:0]     perf_addr_o,
  input  logic [31:0]     perf_rdata_i,
  output logic            perf_we_o,
  output logic [31:0]     perf_wdata_o,
  // halt, errors, cycles
  output logic            halt_o,
  output logic            err_valid_o,
  output logic [2:0]      err_cause_o,
  output logic [IW-1:0]   err_wid_o,
  output logic [31:0]     err_pc_o,
  output logic [31:0]     err_info_o,
  output logic [7:0]      err_lane_o,     // access error: the lane of err_info_o (address)
  output logic [63:0]     cycles_o,
  output logic            busy_o,         // the D-cache has work outstanding
  // statistics
  output logic            ld_req_o,       // a warp load left the LSU
  output logic            st_req_o,       // a warp store left the LSU
  output logic [T-1:0]    req_mask_o,
  output logic [T*4-1:0]  req_byteen_o,
  output logic            ld_rsp_o,
  output logic            smem_access_o,
  output logic            smem_conflict_o,
  output logic [weft_spec_pkg::PERF_DC_EV_N-1:0] dcache_ev_o,
  // lines beyond the first per event (2 bits per dcache_ev bit; weft_perf dc_evx_i)
  output logic [2*weft_spec_pkg::PERF_DC_EV_N-1:0] dcache_evx_o
);

  logic            halt_q;
  logic            err_q;
  logic [2:0]      err_cause_q;
  logic [IW-1:0]   err_wid_q;
  logic [31:0]     err_pc_q, err_info_q;
  logic [7:0]      err_lane_q;
  logic [63:0]     cycles_q;

  weft_pkg::dec_t  is_dec;
  assign is_dec = iss_i.dec;

  // ---------------------------------------------------------------- units
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
  logic            alu_in_ready, mdu_in_ready, lsu_in_ready, sfu_in_ready, fpu_in_ready;
  // the LSU's warp-wide port, into the D-cache
  logic            l_req_valid, l_req_ready, l_req_we, l_rsp_valid;
  logic [5:0]      l_req_amo;
  logic [T-1:0]    l_req_mask;
  logic [T*32-1:0] l_req_addr, l_req_data, l_rsp_data;
  logic [T*4-1:0]  l_req_byteen;
  logic [7:0]      l_req_tag, l_rsp_tag;
  logic [IW-1:0]   l_req_wid;
  logic [31:0]     l_req_pc;
  logic            lsu_err, sfu_err;
  logic [IW-1:0]   lsu_err_wid, sfu_err_wid;
  logic [31:0]     lsu_err_pc, lsu_err_addr, sfu_err_pc;
  logic [7:0]      lsu_err_lane;
  logic [2:0]      sfu_err_cause;
  // ALU branch resolution, SFU completion
  logic            br_valid, br_taken;
  logic [31:0]     br_pc, br_src_pc;
  logic            sfu_f_valid, sfu_f_resolve;
  logic [31:0]     sfu_f_pc;
  // writeback
  logic            wb_fire;
  logic [IW-1:0]   wb_wid;
  logic [5:0]      wb_rd;
  logic [4:0]      wb_flags;
  logic            wb_wb;
  logic [T-1:0]    wb_tmask;
  logic [T*32-1:0] wb_data;
  logic [31:0]     wb_pc;

  // jal/jalr call and return (RISC-V link-register hints): rd x1/x5 is a
  // call; otherwise jalr with rs1 x1/x5 is a return (divergence minpc)
  logic       alu_call, alu_ret;
  logic       alu_div_err;            // ipdom branch check (weft_alu)
  logic [T-1:0] alu_div_off;
  assign alu_call = (is_dec.op == weft_pkg::ALU_JAL || is_dec.op == weft_pkg::ALU_JALR) &&
                    (is_dec.rd == 5'd1 || is_dec.rd == 5'd5);
  assign alu_ret  = !alu_call && is_dec.op == weft_pkg::ALU_JALR && (is_dec.rs1 == 5'd1 || is_dec.rs1 == 5'd5);

  // ---------------------------------------------------------------- rows
  // the FPU's latency class of an FP op (weft_fpu op_class: 0 FMA, 1 CVT,
  // 2 MISC, 3 DIV/SQRT)
  function automatic logic [1:0] fp_op_class(input logic [4:0] op);
    if (op <= weft_fpu_pkg::FNMADD) fp_op_class = 2'd0;
    else if (op == weft_fpu_pkg::FDIV || op == weft_fpu_pkg::FSQRT) fp_op_class = 2'd3;
    else if (op >= weft_fpu_pkg::FCVT_W_S && op <= weft_fpu_pkg::FCVT_S_WU) fp_op_class = 2'd1;
    else fp_op_class = 2'd2;
  endfunction

  // Warp rows (docs/architecture.md "Warp rows"): the ALU, MUL/DIV, FPU and
  // the LSU's address generation are L lanes wide. A row sequencer
  // (weft_rowseq) in front of each feeds it one row of L threads per cycle
  // (row 0 in the dispatch cycle); a row collector (weft_rowcol) behind it
  // assembles the T-wide result that writeback, the scoreboard release and
  // the branch resolution (after the last row) see. R == 1: wires only.
  localparam int unsigned R = T / L;

  // The register file's L-wide read ports (docs/architecture.md "Warp
  // rows"): row 0 of an instruction is read by issue in its dispatch cycle;
  // rows 1..R-1 are read when the sequencer hands them to its unit. The
  // sequencers with a row to read now (seq_req) share the ports: the lowest
  // index (ALU, MUL/DIV, LSU, SFU, FPU) gets them, the others wait a cycle,
  // and nothing dispatches in such a cycle (issue's rf_req_i). A sequencer
  // asks only when its unit takes the row in this cycle, so every grant
  // moves a row and no sequencer waits for ever.
  logic [NSEQ-1:0]     seq_req, seq_gnt;
  logic [NSEQ*RW-1:0]  seq_row;
  logic [RAW-1:0]      is_ra;
  assign is_ra = {wid_i, is_dec.use_rs1, is_dec.rs1_f, is_dec.rs1, is_dec.use_rs2, is_dec.rs2_f, is_dec.rs2,
                  is_dec.use_rs3, 1'b1, is_dec.rs3};
  always_comb begin
    seq_gnt  = '0;
    rf_req_o = 1'b0;
    rf_ra_o  = '0;
    rf_row_o = '0;
    for (int k = NSEQ - 1; k >= 0; k--) begin
      if (seq_req[k]) begin
        seq_gnt  = NSEQ'(1) << k;
        rf_req_o = 1'b1;
        rf_ra_o  = seq_ra_o[k*RAW +: RAW];
        rf_row_o = seq_row[k*RW +: RW];
      end
    end
  end

  // ALU: side fields {wid, pc, op, rd, wb, use_imm, imm, call, ret}
  localparam int unsigned AXW = IW + 32 + 5 + 5 + 1 + 1 + 32 + 2;
  logic            alu_s_v, alu_s_rdy, alu_s_last_unused;
  logic [L-1:0]    alu_s_tm;
  logic [2*L*32-1:0] alu_s_ops;
  logic [AXW-1:0]  alu_s_x;
  logic            alu_r_v, alu_r_rdy;
  logic [L-1:0]    alu_r_tm;
  logic [L*32-1:0] alu_r_d, alu_r_lpc;
  logic [T*32-1:0] alu_lpc;
  logic            alu_r_br_valid, alu_r_br_taken, alu_r_div_err;
  logic [IW-1:0]   alu_r_br_wid;
  logic [31:0]     alu_r_br_pc, alu_r_br_src_pc;
  logic [L-1:0]    alu_r_br_tm, alu_r_div_off;
  logic [1:0]      alu_r_link;
  logic            alu_or_unused, alu_lpc_rdy_unused, alu_lpc_v_unused, alu_lpc_or_unused, mdu_or_unused;
  logic [T-1:0]    alu_lpc_tm_unused;

  weft_rowseq #(.T(T), .L(L), .N(2), .XW(AXW), .AW(RAW)) u_alu_seq (
    .clk_i, .rst_ni,
    .in_valid_i  (dispatch_i && is_dec.fu == weft_pkg::FU_ALU && !is_dec.fpu),
    .in_ready_o  (alu_in_ready),
    .in_tmask_i  (tmask_i),
    .in_x_i      ({wid_i, iss_i.pc, is_dec.op, is_dec.rd, is_dec.wb, is_dec.use_imm, is_dec.imm,
                   alu_call, alu_ret}),
    .in_ra_i     (is_ra),
    .rd_req_o    (seq_req[0]),
    .rd_gnt_i    (seq_gnt[0]),
    .rd_row_o    (seq_row[0*RW +: RW]),
    .rd_ra_o     (seq_ra_o[0*RAW +: RAW]),
    .rd_ops_i    ({rs2_i, rs1_i}),
    .out_valid_o (alu_s_v),
    .out_ready_i (alu_s_rdy),
    .out_tmask_o (alu_s_tm),
    .out_ops_o   (alu_s_ops),
    .out_x_o     (alu_s_x),
    .out_last_o  (alu_s_last_unused),
    .busy_o      (seq_busy_o[0])
  );

  weft_alu #(.W(W), .T(L)) u_alu (
    .clk_i, .rst_ni,
    .divergence_i,
    .in_link_i    (alu_s_x[1:0]),
    .in_valid_i   (alu_s_v),
    .in_ready_o   (alu_s_rdy),
    .in_wid_i     (alu_s_x[AXW-1 -: IW]),
    .in_pc_i      (alu_s_x[AXW-IW-1 -: 32]),
    .in_tmask_i   (alu_s_tm),
    .in_op_i      (alu_s_x[AXW-IW-33 -: 5]),
    .in_rd_i      (alu_s_x[AXW-IW-38 -: 5]),
    .in_wb_i      (alu_s_x[35]),
    .in_use_imm_i (alu_s_x[34]),
    .in_imm_i     (alu_s_x[33:2]),
    .in_rs1_i     (alu_s_ops[0 +: L*32]),
    .in_rs2_i     (alu_s_ops[L*32 +: L*32]),
    .out_valid_o  (alu_r_v),
    .out_ready_i  (alu_r_rdy),
    .out_wid_o    (alu_wid),
    .out_pc_o     (alu_pc),
    .out_tmask_o  (alu_r_tm),
    .out_rd_o     (alu_rd),
    .out_wb_o     (alu_wb),
    .out_data_o   (alu_r_d),
    .br_valid_o   (alu_r_br_valid),
    .br_wid_o     (alu_r_br_wid),
    .br_pc_o      (alu_r_br_pc),
    .br_taken_o   (alu_r_br_taken),
    .br_src_pc_o  (alu_r_br_src_pc),
    .br_tmask_o   (alu_r_br_tm),
    .br_lpc_o     (alu_r_lpc),
    .br_link_o    (alu_r_link),
    .branch_check_i,
    .div_err_o    (alu_r_div_err),
    .div_err_off_o(alu_r_div_off)
  );

  weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_alu_col (
    .clk_i, .rst_ni,
    .in_valid_i  (alu_r_v),
    .in_ready_o  (alu_r_rdy),
    .in_tmask_i  (alu_r_tm),
    .in_data_i   (alu_r_d),
    .in_or_i     (1'b0),
    .out_valid_o (alu_v),
    .out_ready_i (alu_rdy),
    .out_tmask_o (alu_tm),
    .out_data_o  (alu_d),
    .out_or_o    (alu_or_unused)
  );

  // the lanes' next pcs of a branch, collected beside the data (same
  // handshake, so the two collectors stay in step)
  weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_alu_lpc_col (
    .clk_i, .rst_ni,
    .in_valid_i  (alu_r_v),
    .in_ready_o  (alu_lpc_rdy_unused),
    .in_tmask_i  (alu_r_tm),
    .in_data_i   (alu_r_lpc),
    .in_or_i     (1'b0),
    .out_valid_o (alu_lpc_v_unused),
    .out_ready_i (alu_rdy),
    .out_tmask_o (alu_lpc_tm_unused),
    .out_data_o  (alu_lpc),
    .out_or_o    (alu_lpc_or_unused)
  );

  assign br_valid   = alu_r_br_valid && alu_v;  // the last row's (writeback, or the ALU_LAT line, takes the result)
  assign br_wid_o   = alu_r_br_wid;
  assign br_src_pc  = alu_r_br_src_pc;
  assign br_link_o  = alu_r_link;
  assign br_lpc_o   = alu_lpc;
  assign br_tmask_o = alu_tm;
  if (R == 1) begin : gen_br_lanes
    assign br_pc       = alu_r_br_pc;
    assign br_taken    = alu_r_br_taken;
    assign alu_div_err = alu_r_div_err;
    assign alu_div_off = alu_r_div_off;
    logic unused_row_br;
    assign unused_row_br = alu_r_br_tm != alu_tm;   // the same mask (R == 1)
  end else begin : gen_br_rows
    // Branch resolution over all T threads after the last row: the leader
    // (lowest active thread) lane's next pc is the warp's (weft_alu's rule:
    // with no active thread, lane 0's); minpc: taken when an active thread
    // leaves pc + 4; ipdom branch check: the active threads that do not go
    // where the leader goes.
    logic [31:0] lead_n;
    logic        lane_off;
    always_comb begin
      lead_n = alu_lpc[31:0];
      for (int t = T - 1; t >= 0; t--) if (alu_tm[t]) lead_n = alu_lpc[t*32 +: 32];
      lane_off = 1'b0;
      for (int t = 0; t < T; t++) begin
        if (alu_tm[t] && alu_lpc[t*32 +: 32] != alu_pc + 32'd4) lane_off = 1'b1;
        alu_div_off[t] = alu_tm[t] && alu_lpc[t*32 +: 32] != lead_n;
      end
    end
    assign br_pc       = lead_n;
    assign br_taken    = divergence_i ? lane_off : (lead_n != alu_pc + 32'd4);
    assign alu_div_err = br_valid && !divergence_i && branch_check_i && alu_div_off != '0;
    logic unused_row_br;
    assign unused_row_br = ^{alu_r_br_pc, alu_r_br_taken, alu_r_div_err, alu_r_div_off, alu_r_br_tm};
  end

  // ALU result latency (ALU_LAT, make ALU_LAT=N; docs/architecture.md "ALU
  // result latency"). The ALU offers its result one cycle after dispatch;
  // with ALU_LAT > 1 the result (data, mask, wid, pc, rd, wb) passes
  // ALU_LAT - 1 more registers before writeback, an elastic pipeline (a stage
  // takes the one before it when it is empty or its own result moves on), so
  // the ALU still accepts one instruction per cycle and a result waits for
  // its writeback grant in the last stage. The destination register stays
  // busy in the scoreboard until writeback takes the result, so a dependent
  // instruction issues ALU_LAT + 1 cycles after its producer (2 with the
  // default). Branch resolution (br_o, the ipdom branch check) stays where it
  // is, when the result leaves the ALU, so the front end sees the same
  // timing; only the register result is later. ALU_LAT = 1: wires (the build
  // without the knob, cycle for cycle).
  logic            awb_v, awb_rdy;
  logic [IW-1:0]   awb_wid;
  logic [31:0]     awb_pc;
  logic [T-1:0]    awb_tm;
  logic [4:0]      awb_rd;
  logic            awb_wb;
  logic [T*32-1:0] awb_d;
  if (ALU_LAT > 1) begin : gen_alu_lat
    localparam int unsigned S  = ALU_LAT - 1;
    localparam int unsigned PW = IW + 32 + T + 5 + 1 + T * 32;
    logic [S-1:0]  lv_q, lv_d, l_en;
    logic [PW-1:0] lp_q [S];
    logic [PW-1:0] lp_d [S];
    always_comb begin
      // l_en[s]: stage s takes the stage before it (or the ALU) this cycle:
      // writeback takes the last stage, or some stage from s on is empty
      for (int s = 0; s < S; s++) begin
        l_en[s] = awb_rdy || ((lv_q | ((S'(1) << s) - S'(1))) != '1);
      end
      for (int s = 0; s < S; s++) begin
        lv_d[s] = lv_q[s];
        lp_d[s] = lp_q[s];
        if (l_en[s]) begin
          lv_d[s] = (s == 0) ? alu_v : lv_q[s - 1];
          lp_d[s] = (s == 0) ? {alu_wid, alu_pc, alu_tm, alu_rd, alu_wb, alu_d} : lp_q[s - 1];
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (!rst_ni) lv_q <= '0;
      else         lv_q <= lv_d;
      for (int s = 0; s < S; s++) lp_q[s] <= lp_d[s];   // meaningful only where valid
    end
    assign alu_rdy = l_en[0];
    assign awb_v   = lv_q[S - 1];
    assign {awb_wid, awb_pc, awb_tm, awb_rd, awb_wb, awb_d} = lp_q[S - 1];
  end else begin : gen_alu_lat1
    assign alu_rdy = awb_rdy;
    assign awb_v   = alu_v;
    assign awb_wid = alu_wid;
    assign awb_pc  = alu_pc;
    assign awb_tm  = alu_tm;
    assign awb_rd  = alu_rd;
    assign awb_wb  = alu_wb;
    assign awb_d   = alu_d;
  end

  // MUL/DIV: side fields {wid, pc, op, rd, wb}
  localparam int unsigned MXW = IW + 32 + 3 + 5 + 1;
  logic            mdu_s_v, mdu_s_rdy, mdu_s_last_unused;
  logic [L-1:0]    mdu_s_tm, mdu_r_tm;
  logic [2*L*32-1:0] mdu_s_ops;
  logic [MXW-1:0]  mdu_s_x;
  logic            mdu_r_v, mdu_r_rdy;
  logic [L*32-1:0] mdu_r_d;

  weft_rowseq #(.T(T), .L(L), .N(2), .XW(MXW), .AW(RAW)) u_mdu_seq (
    .clk_i, .rst_ni,
    .in_valid_i  (dispatch_i && is_dec.fu == weft_pkg::FU_MDU && !is_dec.fpu),
    .in_ready_o  (mdu_in_ready),
    .in_tmask_i  (tmask_i),
    .in_x_i      ({wid_i, iss_i.pc, is_dec.op[2:0], is_dec.rd, is_dec.wb}),
    .in_ra_i     (is_ra),
    .rd_req_o    (seq_req[1]),
    .rd_gnt_i    (seq_gnt[1]),
    .rd_row_o    (seq_row[1*RW +: RW]),
    .rd_ra_o     (seq_ra_o[1*RAW +: RAW]),
    .rd_ops_i    ({rs2_i, rs1_i}),
    .out_valid_o (mdu_s_v),
    .out_ready_i (mdu_s_rdy),
    .out_tmask_o (mdu_s_tm),
    .out_ops_o   (mdu_s_ops),
    .out_x_o     (mdu_s_x),
    .out_last_o  (mdu_s_last_unused),
    .busy_o      (seq_busy_o[1])
  );

  weft_muldiv #(.W(W), .T(L), .MUL_LAT(MUL_LAT)) u_muldiv (
    .clk_i, .rst_ni,
    .in_valid_i  (mdu_s_v),
    .in_ready_o  (mdu_s_rdy),
    .in_wid_i    (mdu_s_x[MXW-1 -: IW]),
    .in_pc_i     (mdu_s_x[MXW-IW-1 -: 32]),
    .in_tmask_i  (mdu_s_tm),
    .in_op_i     (mdu_s_x[8:6]),
    .in_rd_i     (mdu_s_x[5:1]),
    .in_wb_i     (mdu_s_x[0]),
    .in_rs1_i    (mdu_s_ops[0 +: L*32]),
    .in_rs2_i    (mdu_s_ops[L*32 +: L*32]),
    .out_valid_o (mdu_r_v),
    .out_ready_i (mdu_r_rdy),
    .out_wid_o   (mdu_wid),
    .out_pc_o    (mdu_pc),
    .out_tmask_o (mdu_r_tm),
    .out_rd_o    (mdu_rd),
    .out_wb_o    (mdu_wb),
    .out_data_o  (mdu_r_d)
  );

  weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_mdu_col (
    .clk_i, .rst_ni,
    .in_valid_i  (mdu_r_v),
    .in_ready_o  (mdu_r_rdy),
    .in_tmask_i  (mdu_r_tm),
    .in_data_i   (mdu_r_d),
    .in_or_i     (1'b0),
    .out_valid_o (mdu_v),
    .out_ready_i (mdu_rdy),
    .out_tmask_o (mdu_tm),
    .out_data_o  (mdu_d),
    .out_or_o    (mdu_or_unused)
  );

  // LSU: the address generation (rs1 + imm) is L lanes wide: a row per
  // cycle into the address collector; the LSU (and the D-cache's coalescer
  // behind it) takes the T-wide request when the last row's addresses are
  // there, with imm 0 (the addresses are final), so coalescing is across
  // rows. Store (and AMO) data: rs2's rows, collected beside the addresses.
  // Side fields {wid, pc, op, amo, rd (6), wb, imm}
  localparam int unsigned LXW = IW + 32 + 5 + 5 + 6 + 1 + 32;
  logic            lsu_x_v, lsu_x_rdy;
  logic [IW-1:0]   lsu_x_wid;
  logic [31:0]     lsu_x_pc, lsu_x_imm;
  logic [4:0]      lsu_x_op, lsu_x_amo;
  logic [5:0]      lsu_x_rd;
  logic            lsu_x_wb;
  logic [T-1:0]    lsu_x_tm;
  logic [T*32-1:0] lsu_x_a, lsu_x_b;
  if (R == 1) begin : gen_lsu_lanes
    assign lsu_x_v   = dispatch_i && is_dec.fu == weft_pkg::FU_LSU && !is_dec.fpu;
    assign lsu_in_ready = lsu_x_rdy;
    assign lsu_x_wid = wid_i;
    assign lsu_x_pc  = iss_i.pc;
    assign lsu_x_op  = is_dec.op;
    assign lsu_x_amo = is_dec.instr[31:27];
    assign lsu_x_rd  = {is_dec.rd_f, is_dec.rd};
    assign lsu_x_wb  = is_dec.wb;
    assign lsu_x_imm = is_dec.imm;
    assign lsu_x_tm  = tmask_i;
    assign lsu_x_a   = rs1_i;
    assign lsu_x_b   = rs2_i;
    assign seq_req[2] = 1'b0;
    assign seq_busy_o[2] = 1'b0;
    assign seq_row[2*RW +: RW] = '0;
    assign seq_ra_o[2*RAW +: RAW] = '0;
    logic unused_gnt;
    assign unused_gnt = seq_gnt[2];
  end else begin : gen_lsu_rows
    logic            s_v, s_rdy, s_last, d_rdy_unused, d_v_unused;
    logic [L-1:0]    s_tm;
    logic [2*L*32-1:0] s_ops;
    logic [LXW-1:0]  s_x;
    logic [L*32-1:0] agu;
    logic [T-1:0]    d_tm_unused;
    logic            c_or_unused, d_or_unused;
    weft_rowseq #(.T(T), .L(L), .N(2), .XW(LXW), .AW(RAW)) u_lsu_seq (
      .clk_i, .rst_ni,
      .in_valid_i  (dispatch_i && is_dec.fu == weft_pkg::FU_LSU && !is_dec.fpu),
      .in_ready_o  (lsu_in_ready),
      .in_tmask_i  (tmask_i),
      .in_x_i      ({wid_i, iss_i.pc, is_dec.op, is_dec.instr[31:27], is_dec.rd_f, is_dec.rd,
                     is_dec.wb, is_dec.imm}),
      .in_ra_i     (is_ra),
      .rd_req_o    (seq_req[2]),
      .rd_gnt_i    (seq_gnt[2]),
      .rd_row_o    (seq_row[2*RW +: RW]),
      .rd_ra_o     (seq_ra_o[2*RAW +: RAW]),
      .rd_ops_i    ({rs2_i, rs1_i}),
      .out_valid_o (s_v),
      .out_ready_i (s_rdy),
      .out_tmask_o (s_tm),
      .out_ops_o   (s_ops),
      .out_x_o     (s_x),
      .out_last_o  (s_last),
      .busy_o      (seq_busy_o[2])
    );
    always_comb begin
      for (int t = 0; t < L; t++) agu[t*32 +: 32] = s_ops[t*32 +: 32] + s_x[31:0];
    end
    weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_lsu_col (
      .clk_i, .rst_ni,
      .in_valid_i  (s_v),
      .in_ready_o  (s_rdy),
      .in_tmask_i  (s_tm),
      .in_data_i   (agu),
      .in_or_i     (1'b0),
      .out_valid_o (lsu_x_v),
      .out_ready_i (lsu_x_rdy),
      .out_tmask_o (lsu_x_tm),
      .out_data_o  (lsu_x_a),
      .out_or_o    (c_or_unused)
    );
    assign lsu_x_wid = s_x[LXW-1 -: IW];
    assign lsu_x_pc  = s_x[LXW-IW-1 -: 32];
    assign lsu_x_op  = s_x[LXW-IW-33 -: 5];
    assign lsu_x_amo = s_x[LXW-IW-38 -: 5];
    assign lsu_x_rd  = s_x[38:33];
    assign lsu_x_wb  = s_x[32];
    // store data: rs2's rows (same handshake as the addresses)
    weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_lsu_dcol (
      .clk_i, .rst_ni,
      .in_valid_i  (s_v),
      .in_ready_o  (d_rdy_unused),
      .in_tmask_i  (s_tm),
      .in_data_i   (s_ops[L*32 +: L*32]),
      .in_or_i     (1'b0),
      .out_valid_o (d_v_unused),
      .out_ready_i (lsu_x_rdy),
      .out_tmask_o (d_tm_unused),
      .out_data_o  (lsu_x_b),
      .out_or_o    (d_or_unused)
    );
    assign lsu_x_imm = '0;
    logic unused_lsu_rows;
    assign unused_lsu_rows = ^{s_last, c_or_unused, d_rdy_unused, d_v_unused, d_tm_unused, d_or_unused};
  end

  logic lsu_sq_full, lsu_sq_wait;
  weft_lsu #(.W(W), .T(T), .SLOTS(LSU_SLOTS), .SQ_MAX(SQ_MAX), .SMEM_BYTES(SMEM_BYTES),
             .SMEM_BANKS(SMEM_BANKS == 0 ? T : SMEM_BANKS)) u_lsu (
    .clk_i, .rst_ni,
    .sq_n_i,
    .in_valid_i       (lsu_x_v),
    .in_ready_o       (lsu_x_rdy),
    .in_wid_i         (lsu_x_wid),
    .in_pc_i          (lsu_x_pc),
    .in_tmask_i       (lsu_x_tm),
    .in_op_i          (lsu_x_op),
    .in_amo_i         (lsu_x_amo),
    .in_rd_i          (lsu_x_rd),
    .in_wb_i          (lsu_x_wb),
    .in_imm_i         (lsu_x_imm),
    .in_rs1_i         (lsu_x_a),
    .in_rs2_i         (lsu_x_b),
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
    .sq_full_o        (lsu_sq_full),
    .sq_wait_o        (lsu_sq_wait),
    .busy_o           (lsu_busy_unused),
    .err_valid_o      (lsu_err),
    .err_wid_o        (lsu_err_wid),
    .err_pc_o         (lsu_err_pc),
    .err_addr_o       (lsu_err_addr),
    .err_lane_o       (lsu_err_lane)
  );

  // L1 D-cache and coalescer between the LSU and the memory ports
  logic       dc_walk_ev, dc_conf_ev;
  logic [9:0] dc_evx;
  weft_dcache #(.W(W), .T(T), .SETS(DC_SETS), .WAYS(DC_WAYS), .LINE_WORDS(LINE_WORDS),
                .MSHRS(DC_MSHRS), .PEND(DC_PEND), .LINES(DC_LINES)) u_dcache (
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
    .ev_walk_o        (dc_walk_ev),
    .ev_conf_o        (dc_conf_ev),
    .evx_o            (dc_evx),
    .busy_o           (dc_busy)
  );
  // store-queue events (weft_lsu), registered like the D-cache's
  logic [1:0] sq_ev_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) sq_ev_q <= '0;
    else sq_ev_q <= {lsu_sq_wait, lsu_sq_full};
  end
  assign dcache_ev_o[9:8] = sq_ev_q;
  // the walk-width events (already registered in weft_dcache)
  assign dcache_ev_o[11:10] = {dc_conf_ev, dc_walk_ev};
  always_comb begin
    dcache_evx_o = '0;
    dcache_evx_o[2 +: 10] = dc_evx;   // dcache_ev bits 1..5: load lines, misses, merges, store lines, store hits
  end

  // SFU: T wide (per-warp control; vote and shfl need every lane's rs1 and
  // rs2). With rows its operands are read row by row like the other units'
  // and collected; the SFU takes the instruction when the last row is read
  // (R - 1 cycles after dispatch; at dispatch when R == 1).
  localparam int unsigned SXW = IW + 32 + 5 + 5 + 1 + 32;
  logic            sfu_x_v, sfu_x_rdy;
  logic [IW-1:0]   sfu_x_wid;
  logic [31:0]     sfu_x_pc, sfu_x_imm;
  logic [4:0]      sfu_x_op, sfu_x_rd;
  logic            sfu_x_wb;
  logic [T-1:0]    sfu_x_tm;
  logic [T*32-1:0] sfu_x_a, sfu_x_b;
  if (R == 1) begin : gen_sfu_lanes
    assign sfu_x_v   = dispatch_i && is_dec.fu == weft_pkg::FU_SFU && !is_dec.fpu;
    assign sfu_in_ready = sfu_x_rdy;
    assign sfu_x_wid = wid_i;
    assign sfu_x_pc  = iss_i.pc;
    assign sfu_x_op  = is_dec.op;
    assign sfu_x_rd  = is_dec.rd;
    assign sfu_x_wb  = is_dec.wb;
    assign sfu_x_imm = is_dec.imm;
    assign sfu_x_tm  = tmask_i;
    assign sfu_x_a   = rs1_i;
    assign sfu_x_b   = rs2_i;
    assign seq_req[3] = 1'b0;
    assign seq_busy_o[3] = 1'b0;
    assign seq_row[3*RW +: RW] = '0;
    assign seq_ra_o[3*RAW +: RAW] = '0;
    logic unused_gnt;
    assign unused_gnt = seq_gnt[3];
  end else begin : gen_sfu_rows
    logic            s_v, s_rdy, s_last_unused, b_rdy_unused, b_v_unused;
    logic [L-1:0]    s_tm;
    logic [2*L*32-1:0] s_ops;
    logic [SXW-1:0]  s_x;
    logic [T-1:0]    b_tm_unused;
    logic            a_or_unused, b_or_unused;
    weft_rowseq #(.T(T), .L(L), .N(2), .XW(SXW), .AW(RAW)) u_sfu_seq (
      .clk_i, .rst_ni,
      .in_valid_i  (dispatch_i && is_dec.fu == weft_pkg::FU_SFU && !is_dec.fpu),
      .in_ready_o  (sfu_in_ready),
      .in_tmask_i  (tmask_i),
      .in_x_i      ({wid_i, iss_i.pc, is_dec.op, is_dec.rd, is_dec.wb, is_dec.imm}),
      .in_ra_i     (is_ra),
      .rd_req_o    (seq_req[3]),
      .rd_gnt_i    (seq_gnt[3]),
      .rd_row_o    (seq_row[3*RW +: RW]),
      .rd_ra_o     (seq_ra_o[3*RAW +: RAW]),
      .rd_ops_i    ({rs2_i, rs1_i}),
      .out_valid_o (s_v),
      .out_ready_i (s_rdy),
      .out_tmask_o (s_tm),
      .out_ops_o   (s_ops),
      .out_x_o     (s_x),
      .out_last_o  (s_last_unused),
      .busy_o      (seq_busy_o[3])
    );
    weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_sfu_acol (
      .clk_i, .rst_ni,
      .in_valid_i  (s_v),
      .in_ready_o  (s_rdy),
      .in_tmask_i  (s_tm),
      .in_data_i   (s_ops[0 +: L*32]),
      .in_or_i     (1'b0),
      .out_valid_o (sfu_x_v),
      .out_ready_i (sfu_x_rdy),
      .out_tmask_o (sfu_x_tm),
      .out_data_o  (sfu_x_a),
      .out_or_o    (a_or_unused)
    );
    weft_rowcol #(.T(T), .L(L), .DW(32), .FW(1)) u_sfu_bcol (
      .clk_i, .rst_ni,
      .in_valid_i  (s_v),
      .in_ready_o  (b_rdy_unused),
      .in_tmask_i  (s_tm),
      .in_data_i   (s_ops[L*32 +: L*32]),
      .in_or_i     (1'b0),
      .out_valid_o (b_v_unused),
      .out_ready_i (sfu_x_rdy),
      .out_tmask_o (b_tm_unused),
      .out_data_o  (sfu_x_b),
      .out_or_o    (b_or_unused)
    );
    assign sfu_x_wid = s_x[SXW-1 -: IW];
    assign sfu_x_pc  = s_x[SXW-IW-1 -: 32];
    assign sfu_x_op  = s_x[SXW-IW-33 -: 5];
    assign sfu_x_rd  = s_x[SXW-IW-38 -: 5];
    assign sfu_x_wb  = s_x[32];
    assign sfu_x_imm = s_x[31:0];
    logic unused_sfu_rows;
    assign unused_sfu_rows = ^{s_last_unused, b_rdy_unused, b_v_unused, b_tm_unused, a_or_unused, b_or_unused};
  end

  weft_sfu #(.W(W), .T(T), .IPDOM_DEPTH(IPDOM_DEPTH), .BARRIERS(BARRIERS)) u_sfu (
    .clk_i, .rst_ni,
    .core_id_i       (8'(CORE_ID)),
    .num_cores_i     (NUM_CORES),
    .launch_i,
    .perf_addr_o     (perf_addr_o),
    .perf_rdata_i    (perf_rdata_i),
    .perf_we_o       (perf_we_o),
    .perf_wdata_o    (perf_wdata_o),
    .cycle_i         (cycles_q),
    .fp_clear_i      (starting_i),
    .commit_flags_i  (wb_flags),
    .frm_o           (frm_o),
    .commit_fcsr_o   (wb_fcsr_o),
    .active_i        (active_i),
    .divergence_i,
    .live_i,
    .arrive_i,
    .commit_i        (wb_fire),
    .commit_wid_i    (wb_wid),
    .in_valid_i      (sfu_x_v),
    .in_ready_o      (sfu_x_rdy),
    .in_wid_i        (sfu_x_wid),
    .in_pc_i         (sfu_x_pc),
    .in_tmask_i      (sfu_x_tm),
    .in_op_i         (sfu_x_op),
    .in_rd_i         (sfu_x_rd),
    .in_wb_i         (sfu_x_wb),
    .in_imm_i        (sfu_x_imm),
    .in_rs1_i        (sfu_x_a),
    .in_rs2_i        (sfu_x_b),
    .out_valid_o     (sfu_v),
    .out_ready_i     (sfu_rdy),
    .out_wid_o       (sfu_wid),
    .out_pc_o        (sfu_pc),
    .out_tmask_o     (sfu_tm),
    .out_rd_o        (sfu_rd),
    .out_wb_o        (sfu_wb),
    .out_data_o      (sfu_d),
    .fetch_valid_o   (sfu_f_valid),
    .fetch_wid_o     (simt_wid_o),
    .fetch_pc_o      (sfu_f_pc),
    .fetch_tmask_o   (simt_tmask_o),
    .fetch_resolve_o (sfu_f_resolve),
    .fetch_gmask_o   (simt_gmask_o),
    .fetch_park_o    (simt_park_o),
    .spawn_o         (spawn_o),
    .spawn_pc_o      (spawn_pc_o),
    .release_o       (release_o),
    .icache_flush_o  (icache_flush_o),
    .err_valid_o     (sfu_err),
    .err_cause_o     (sfu_err_cause),
    .err_wid_o       (sfu_err_wid),
    .err_pc_o        (sfu_err_pc)
  );

  // ---------------------------------------------------------------- FPU
  if (FPU != 0) begin : gen_fpu
    // side fields {wid, pc, op, rm, rd, wb, fd}
    localparam int unsigned FXW = IW + 32 + 5 + 3 + 5 + 1 + 1;
    logic            s_v, s_rdy, s_last_unused, s_busy;
    logic [L-1:0]    s_tm, r_tm;
    logic [3*L*32-1:0] s_ops;
    logic [FXW-1:0]  s_x;
    logic            r_v, r_rdy;
    logic [L*32-1:0] r_d;
    logic [4:0]      r_flags;
    weft_rowseq #(.T(T), .L(L), .N(3), .XW(FXW), .AW(RAW)) u_fpu_seq (
      .clk_i, .rst_ni,
      .in_valid_i  (dispatch_i && is_dec.fpu),
      .in_ready_o  (fpu_in_ready),
      .in_tmask_i  (tmask_i),
      .in_x_i      ({wid_i, iss_i.pc, is_dec.op, iss_i.rm, is_dec.rd, is_dec.wb, is_dec.rd_f}),
      .in_ra_i     (is_ra),
      .rd_req_o    (seq_req[4]),
      .rd_gnt_i    (seq_gnt[4]),
      .rd_row_o    (seq_row[4*RW +: RW]),
      .rd_ra_o     (seq_ra_o[4*RAW +: RAW]),
      .rd_ops_i    ({rs3_i, rs2_i, rs1_i}),
      .out_valid_o (s_v),
      .out_ready_i (s_rdy),
      .out_tmask_o (s_tm),
      .out_ops_o   (s_ops),
      .out_x_o     (s_x),
      .out_last_o  (s_last_unused),
      .busy_o      (s_busy)
    );
    assign seq_busy_o[4] = s_busy;
    weft_fpu #(.W(W), .T(L), .LAT_FMA(FP_LAT_FMA), .LAT_CVT(FP_LAT_CVT), .LAT_DIV(FP_LAT_DIV)) u_fpu (
      .clk_i, .rst_ni,
      .in_valid_i  (s_v),
      .in_ready_o  (s_rdy),
      .in_wid_i    (s_x[FXW-1 -: IW]),
      .in_pc_i     (s_x[FXW-IW-1 -: 32]),
      .in_tmask_i  (s_tm),
      .in_op_i     (s_x[FXW-IW-33 -: 5]),
      .in_rm_i     (s_x[9:7]),
      .in_rd_i     (s_x[6:2]),
      .in_wb_i     (s_x[1]),
      .in_fd_i     (s_x[0]),
      .in_a_i      (s_ops[0 +: L*32]),
      .in_b_i      (s_ops[L*32 +: L*32]),
      .in_c_i      (s_ops[2*L*32 +: L*32]),
      .out_valid_o (r_v),
      .out_ready_i (r_rdy),
      .out_wid_o   (fpu_wid),
      .out_pc_o    (fpu_pc),
      .out_tmask_o (r_tm),
      .out_rd_o    (fpu_rd),
      .out_wb_o    (fpu_wb),
      .out_fd_o    (fpu_fd),
      .out_data_o  (r_d),
      .out_flags_o (r_flags)
    );
    weft_rowcol #(.T(T), .L(L), .DW(32), .FW(5)) u_fpu_col (
      .clk_i, .rst_ni,
      .in_valid_i  (r_v),
      .in_ready_o  (r_rdy),
      .in_tmask_i  (r_tm),
      .in_data_i   (r_d),
      .in_or_i     (r_flags),
      .out_valid_o (fpu_v),
      .out_ready_i (fpu_rdy),
      .out_tmask_o (fpu_tm),
      .out_data_o  (fpu_d),
      .out_or_o    (fpu_flags)
    );
    if (R == 1) begin : gen_cls_lanes
      assign fpu_cls_ok_o = 4'hf;
      logic unused_cls;
      assign unused_cls = s_busy;
    end else begin : gen_cls_rows
      // The FPU's latency classes finish out of order (weft_fpu); the
      // collector needs an instruction's rows in order and together, so a
      // new FP instruction goes in only when the rows in the FPU are of its
      // class (each class is in order) or the FPU is empty.
      logic [9:0] infl_q;
      logic [1:0] cls_q;
      always_ff @(posedge clk_i) begin
        if (!rst_ni) infl_q <= '0;
        else infl_q <= infl_q + 10'(s_v && s_rdy) - 10'(r_v && r_rdy);
      end
      always_ff @(posedge clk_i) begin
        if (dispatch_i && is_dec.fpu && fpu_in_ready) cls_q <= fp_op_class(is_dec.op);
      end
      always_comb begin
        for (int c = 0; c < 4; c++)
          fpu_cls_ok_o[c] = (!s_busy && infl_q == '0) || cls_q == 2'(c);
      end
    end
  end else begin : gen_no_fpu
    assign fpu_cls_ok_o = 4'hf;
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
    assign seq_req[4] = 1'b0;
    assign seq_busy_o[4] = 1'b0;
    assign seq_row[4*RW +: RW] = '0;
    assign seq_ra_o[4*RAW +: RAW] = '0;
    logic unused_gnt;
    assign unused_gnt = seq_gnt[4];
    logic fpu_rdy_unused;
    assign fpu_rdy_unused = fpu_rdy;
    // the FPU's operands: rs3 and the resolved rounding mode
    logic [L*32+2:0] fpu_in_unused;
    assign fpu_in_unused = {rs3_i, iss_i.rm};
  end

  // ---------------------------------------------------------------- writeback
  weft_writeback #(.N(5)) u_writeback (
    .clk_i, .rst_ni,
    .halt_i      (halt_q),
    .valid_i     ({fpu_v, sfu_v, lsu_v, mdu_v, awb_v}),
    .ready_o     ({fpu_rdy, sfu_rdy, lsu_rdy, mdu_rdy, awb_rdy}),
    .fire_o      (wb_fire)
  );

  // The committing unit's fields, chosen by the one-hot grant (each unit's
  // own signals are read only when it commits); 0 without a commit (every
  // consumer qualifies them with wb_fire).
  always_comb begin
    wb_wid   = '0;
    wb_pc    = '0;
    wb_tmask = '0;
    wb_rd    = '0;
    wb_flags = '0;
    wb_wb    = 1'b0;
    wb_data  = '0;
    if (wb_fire) begin
      if (awb_rdy) begin
        wb_wid = awb_wid; wb_pc = awb_pc; wb_tmask = awb_tm; wb_rd = {1'b0, awb_rd};
        wb_wb = awb_wb; wb_data = awb_d;
      end
      if (mdu_rdy) begin
        wb_wid = mdu_wid; wb_pc = mdu_pc; wb_tmask = mdu_tm; wb_rd = {1'b0, mdu_rd};
        wb_wb = mdu_wb; wb_data = mdu_d;
      end
      if (lsu_rdy) begin
        wb_wid = lsu_wid; wb_pc = lsu_pc; wb_tmask = lsu_tm; wb_rd = lsu_rd;
        wb_wb = lsu_wb; wb_data = lsu_d;
      end
      if (sfu_rdy) begin
        wb_wid = sfu_wid; wb_pc = sfu_pc; wb_tmask = sfu_tm; wb_rd = {1'b0, sfu_rd};
        wb_wb = sfu_wb; wb_data = sfu_d;
      end
      if (fpu_rdy) begin
        wb_wid = fpu_wid; wb_pc = fpu_pc; wb_tmask = fpu_tm; wb_rd = {fpu_fd, fpu_rd};
        wb_wb = fpu_wb; wb_data = fpu_d; wb_flags = fpu_flags;
      end
    end
  end

  // ---------------------------------------------------------------- stack guard
  localparam logic [31:0] STACK_TOP    = 32'h8400_0000;  // sw/runtime/link.ld __ram_end
  localparam int unsigned STACK_STRIDE = 4128;           // sw/runtime/start.S, 4 KiB + 32 B
  logic [T-1:0]  sg_bad;
  logic          sg_err;
  logic [4:0]    sg_lane;
  logic [31:0]   sg_sp, sg_wtop;
  // (the lanes are checked only in a cycle that commits a write of x2 with
  // the guard on: sg_bad, sg_lane and sg_sp are used only under sg_err; the
  // simulator skips the per-lane subtracts otherwise, issue 17)
  logic sg_chk;
  assign sg_chk = stack_guard_i && wb_fire && wb_wb && (wb_rd == 6'd2);
  always_comb begin
    sg_wtop = '0;
    sg_bad  = '0;
    sg_lane = '0;
    sg_sp   = '0;
    if (sg_chk) begin
      // stack top of lane 0 of the committing warp
      sg_wtop = STACK_TOP - 32'(CORE_ID * W * T * STACK_STRIDE) - 32'(wb_wid) * 32'(T * STACK_STRIDE);
      for (int t = 0; t < T; t++) begin
        sg_bad[t] = wb_tmask[t] &&
                    ((sg_wtop - 32'(t * STACK_STRIDE) - wb_data[t*32 +: 32]) > 32'(STACK_STRIDE));
      end
      for (int t = T - 1; t >= 0; t--) begin
        if (sg_bad[t]) begin
          sg_lane = 5'(t);
          sg_sp   = wb_data[t*32 +: 32];
        end
      end
    end
    sg_err = sg_chk && (sg_bad != '0);
  end

  // ---------------------------------------------------------------- errors, cycles
  logic       err_now;
  logic [2:0] err_now_cause;
  logic [IW-1:0] err_now_wid;
  logic [31:0]   err_now_pc, err_now_info;
  logic [7:0]    err_now_lane;

  always_comb begin
    err_now       = 1'b0;
    err_now_cause = '0;
    err_now_wid   = '0;
    err_now_pc    = '0;
    err_now_info  = '0;
    err_now_lane  = '0;
    if (illegal_i) begin
      // an instruction at a pc that is not a multiple of 4 (a jump or
      // branch there) arrives as illegal (the front end decodes word 0)
      err_now = 1'b1;
      err_now_cause = (iss_i.pc[1:0] != 2'b00) ? weft_pkg::ERR_MISFETCH : weft_pkg::ERR_ILLEGAL;
      err_now_wid = wid_i; err_now_pc = iss_i.pc; err_now_info = is_dec.instr;
    end else if (lsu_err) begin
      err_now = 1'b1; err_now_cause = weft_pkg::ERR_MISALIGNED;
      err_now_wid = lsu_err_wid; err_now_pc = lsu_err_pc; err_now_info = lsu_err_addr;
      err_now_lane = lsu_err_lane;
    end else if (sfu_err) begin
      err_now = 1'b1; err_now_cause = sfu_err_cause;
      err_now_wid = sfu_err_wid; err_now_pc = sfu_err_pc;
    end else if (sg_err) begin
      err_now = 1'b1; err_now_cause = weft_pkg::ERR_STACK;
      err_now_wid = wb_wid; err_now_pc = wb_pc; err_now_info = sg_sp; err_now_lane = 8'(sg_lane);
    end else if (alu_div_err) begin
      // divergence ipdom, branch check: info = the threads that do not follow the leader
      err_now = 1'b1; err_now_cause = weft_pkg::ERR_DIVBR;
      err_now_wid = alu_wid; err_now_pc = alu_pc; err_now_info = 32'(alu_div_off);
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
      err_lane_q  <= err_now_lane;
    end
  end

  // ---------------------------------------------------------------- outputs
  assign alu_ready_o    = alu_in_ready;
  assign mdu_ready_o    = mdu_in_ready;
  assign lsu_ready_o    = lsu_in_ready;
  assign sfu_ready_o    = sfu_in_ready;
  assign fpu_ready_o    = fpu_in_ready;
  assign sfu_done_o     = sfu_v && sfu_rdy;
  assign sfu_done_wid_o = sfu_wid;

  assign br_o.valid     = br_valid;
  assign br_o.taken     = br_taken;
  assign br_o.pc        = br_pc;
  assign br_o.src_pc    = br_src_pc;
  assign simt_o.valid   = sfu_f_valid;
  assign simt_o.resolve = sfu_f_resolve;
  assign simt_o.pc      = sfu_f_pc;

  assign wb_o.fire      = wb_fire;
  assign wb_o.wb        = wb_wb;
  assign wb_o.rd        = wb_rd;
  assign wb_o.flags     = wb_flags;
  assign wb_o.pc        = wb_pc;
  assign wb_wid_o       = wb_wid;
  assign wb_tmask_o     = wb_tmask;
  assign wb_data_o      = wb_data;

  assign halt_o      = halt_q;
  assign err_valid_o = err_q;
  assign err_cause_o = err_cause_q;
  assign err_wid_o   = err_wid_q;
  assign err_pc_o    = err_pc_q;
  assign err_info_o  = err_info_q;
  assign err_lane_o  = err_lane_q;
  assign cycles_o    = cycles_q;
  assign busy_o      = dc_busy;

  assign ld_req_o     = l_req_valid && l_req_ready && !halt_q && !l_req_we;
  assign st_req_o     = l_req_valid && l_req_ready && !halt_q && l_req_we;
  assign req_mask_o   = l_req_mask;
  assign req_byteen_o = l_req_byteen;
  assign ld_rsp_o     = l_rsp_valid;

endmodule
