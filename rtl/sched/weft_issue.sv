// weft_issue: the issue stage of a weft_core. Each cycle it looks at the
// head of every warp's instruction buffer, decides which heads are ready,
// lets the issue scheduler pick one, reads its operands and dispatches it to
// execute.
//
//   buffer heads -> per-warp ready (scoreboard, unit ready, control waits)
//   -> weft_issue_sched (+ weft_oracles) -> head select, weft_regfile read
//   -> dispatch (to weft_execute)
//
// Handshakes:
// - from the front end: ib_heads_i/ib_valid_i/ib_nop_i; issue_o with wid_o
//   pops that head in the same cycle (only a valid head is ever picked).
// - to execute: dispatch_o with iss_o, wid_o, tmask_o and the operands
//   rs1/rs2/rs3_o; dispatch_o is only raised when the unit the instruction
//   needs (alu/mdu/lsu/sfu/fpu_ready_i) accepts it in this cycle. An
//   illegal head (or a SWaS NOP) pops without dispatching; an illegal one is
//   reported on illegal_o (execute halts the core).
// - from execute: wb_i (writeback: register-file write, scoreboard release,
//   in-flight count), br_* / simt_* / release_i end the control waits,
//   sfu_done_* ends an fflags/frm/fcsr wait.
//
// Invariants: a younger instruction never issues before an older branch of
// its warp resolves (only pnt and SWaS fetch past a branch), nor, under SWaS,
// before an older SIMT instruction completes; a drain instruction (fence,
// SIMT) issues only with nothing of its warp in flight; FP instructions and
// fcsr accesses are ordered behind an in-flight fcsr instruction. Under SWaS
// the pick also fetches the warp's next instruction (swas_pick_o).
module weft_issue #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned L = T,            // lanes (warp rows, issue 20): T/L rows
  parameter int unsigned FPU = 1,
  parameter int unsigned ORACLES = 1,
  parameter int unsigned TF = 1,           // front-end depth tF (the oracles' gap)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned EW = T + 32 + weft_pkg::DEC_W,
  localparam int unsigned RW = (T / L > 1) ? $clog2(T / L) : 1,
  localparam int unsigned RAW = IW + 21,   // a row read address {wid, use1, rs1, use2, rs2, use3, rs3}
  localparam int unsigned NSEQ = 5         // row sequencers in execute (ALU, MUL/DIV, LSU, SFU, FPU)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // knobs
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] issue_policy_i,
  input  logic            issue_ready_i,
  input  logic            swas_i,
  input  logic            oracles_i,   // evaluate the oracle schedulers (static; ORACLES = 1)
  input  logic            halt_i,
  // from the front end
  input  logic [W*EW-1:0] ib_heads_i,
  input  logic [W-1:0]    ib_valid_i,
  input  logic [W-1:0]    ib_nop_i,
  input  logic [W*7-1:0]  head_nact_i,
  input  logic [W-1:0]    starting_i,
  input  logic [W-1:0]    active_i,
  input  logic [W-1:0]    susp_i,
  input  logic            ic_ready_i,
  input  logic            ic_miss_valid_i,
  input  logic [IW-1:0]   ic_miss_wid_i,
  input  logic            ic_rsp_valid_i,
  input  logic [IW-1:0]   ic_rsp_wid_i,
  input  logic [W-1:0]    ic_pend_i,
  input  logic            kill_i,
  input  logic [IW-1:0]   kill_wid_i,
  // from execute
  input  logic            alu_ready_i,
  input  logic            mdu_ready_i,
  input  logic            lsu_ready_i,
  input  logic            sfu_ready_i,
  input  logic            fpu_ready_i,
  input  logic [3:0]      fpu_cls_ok_i,   // rows: the FPU takes an op of this latency class
  input  logic [W*3-1:0]  frm_i,          // per-warp frm (SFU)
  input  weft_pkg::br_t   br_i,
  input  logic [IW-1:0]        br_wid_i,
  input  weft_pkg::simt_t simt_i,
  input  logic [IW-1:0]        simt_wid_i,
  input  logic [W-1:0]    release_i,
  input  logic            sfu_done_i,     // the SFU completed an instruction of sfu_done_wid_i
  input  logic [IW-1:0]   sfu_done_wid_i,
  input  weft_pkg::wb_t wb_i,
  input  logic [IW-1:0]   wb_wid_i,
  input  logic [T-1:0]    wb_tmask_i,
  input  logic [T*32-1:0] wb_data_i,
  // warp rows: a row sequencer of execute reads rows 1..R-1 through the
  // register file's L-wide ports (rf_req_i: the ports are its this cycle,
  // nothing dispatches); seq_busy_i/seq_ra_i: the sequencers with rows still
  // to read and their registers (write-after-read hold, below)
  input  logic            rf_req_i,
  input  logic [RAW-1:0]  rf_ra_i,
  input  logic [RW-1:0]   rf_row_i,
  input  logic [NSEQ-1:0] seq_busy_i,
  input  logic [NSEQ*RAW-1:0] seq_ra_i,
  // to the front end
  output logic            issue_o,        // the head of wid_o leaves its buffer
  output logic [IW-1:0]   wid_o,
  output logic            swas_pick_o,
  // to execute
  output logic            dispatch_o,
  output weft_pkg::iss_t iss_o,
  output logic [T-1:0]    tmask_o,
  output logic [L*32-1:0] rs1_o,           // row 0 at dispatch (all T lanes if L = T),
  output logic [L*32-1:0] rs2_o,           // rf_row_i of rf_ra_i when rf_req_i
  output logic [L*32-1:0] rs3_o,
  output logic            illegal_o,      // an illegal instruction issued (error)
  // statistics
  output logic            nop_o,          // a SWaS NOP left its buffer
  output logic            missed_o,
  output logic            odisc_o,
  output logic            oerr_o,
  output logic [W-1:0]    w_ready_o,
  output logic [W-1:0]    w_ctrl_o,
  output logic [W-1:0]    w_dmem_o,
  output logic [W-1:0]    w_dcmp_o,
  output logic [W-1:0]    w_smem_o,
  output logic [W-1:0]    w_scmp_o,
  output logic            busy_o,         // some warp has an instruction in flight
  // warp rows: the issue slot is held by rows 2..R of the last dispatched
  // instruction (of warp row_hold_wid_o); nothing issues (docs/counters.md)
  output logic            row_hold_o,
  output logic [IW-1:0]   row_hold_wid_o
);

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

  logic [W*6-1:0]  sb_rs1, sb_rs2, sb_rs3, sb_rd;
  logic [W-1:0]    sb_use_rs1, sb_use_rs2, sb_use_rs3, sb_use_rd, sb_ready;
  logic [W-1:0]    br_pend_q;      // a branch of the warp issued and has not resolved
  logic [W-1:0]    sfu_pend_q;     // SWaS: a SIMT instruction of the warp issued, not completed
  logic [W-1:0]    fcsr_pend_q;    // an fflags/frm/fcsr instruction of the warp is in flight
  logic [W*8-1:0]  inflight_q;     // instructions in flight, warp w: bits w*8 +: 8
  logic [W-1:0]    w_dyn_bad;      // head: dynamic rounding mode with frm 5..7 (illegal)
  logic [W-1:0]    w_ready;
  logic [W-1:0]    sb_dmem, sb_dcmp, w_ctrl, w_smem, w_scmp;
  logic            issue_pick_missed_unused;
  logic            is_issue;
  logic [IW-1:0]   is_wid;
  weft_pkg::dec_t  is_dec;
  logic [31:0]     is_pc;
  logic [T-1:0]    is_tmask;
  logic [L*32-1:0] rs1_data, rs2_data, rs3_data;
  logic [W-1:0]    w_war;          // rows: the head would overwrite a register an older row still reads
  logic            dispatch, is_nop, is_illegal, is_dyn_bad;
  logic [2:0]      is_rm;
  logic [W-1:0]    is_valid, is_ready;
  logic            row_hold;

  for (genvar w = 0; w < W; w++) begin : gen_head
    logic [weft_pkg::DEC_W-1:0] d;
    logic [1:0]                 fu;
    logic                       fu_ok, fp, fp_wait;
    assign d  = ib_heads_i[w*EW +: weft_pkg::DEC_W];
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
    logic [4:0] fop;
    logic [1:0] fcls;
    assign fop  = d[weft_pkg::DEC_RD + 5 +: 5];   // dec_t.op (above rd)
    // the FPU latency class of the op (weft_fpu op_class)
    assign fcls = (fop <= weft_fpu_pkg::FNMADD) ? 2'd0 :
                  (fop == weft_fpu_pkg::FDIV || fop == weft_fpu_pkg::FSQRT) ? 2'd3 :
                  (fop >= weft_fpu_pkg::FCVT_W_S && fop <= weft_fpu_pkg::FCVT_S_WU) ? 2'd1 : 2'd2;
    // (warp rows: nothing dispatches while a sequencer reads a row through
    // the register-file ports, rf_req_i; a structural stall of every head)
    always_comb begin
      if (fp) fu_ok = fpu_ready_i && fpu_cls_ok_i[fcls];
      else begin
        case (fu)
          weft_pkg::FU_ALU: fu_ok = alu_ready_i;
          weft_pkg::FU_MDU: fu_ok = mdu_ready_i;
          weft_pkg::FU_LSU: fu_ok = lsu_ready_i;
          default:          fu_ok = sfu_ready_i;
        endcase
      end
      if (rf_req_i) fu_ok = 1'b0;
    end
    // Warp rows, write-after-read: a sequencer of this warp still has rows
    // to read of a register the head writes; the head waits until they are
    // read (its result could be written first). Never with R == 1.
    logic war;
    assign w_war[w] = war;
    always_comb begin
      war = 1'b0;
      for (int k = 0; k < NSEQ; k++) begin
        logic [RAW-1:0] a;
        a = seq_ra_i[k*RAW +: RAW];
        if (seq_busy_i[k] && a[RAW-1 -: IW] == IW'(w) && sb_use_rd[w] && sb_rd[w*6 +: 6] != 6'd0 &&
            ((a[20] && a[19:14] == sb_rd[w*6 +: 6]) || (a[13] && a[12:7] == sb_rd[w*6 +: 6]) ||
             (a[6] && a[5:0] == sb_rd[w*6 +: 6])))
          war = 1'b1;
      end
    end
    // FP instructions and fflags/frm/fcsr accesses wait while an
    // fflags/frm/fcsr instruction of the warp is in flight (frm and the flags
    // are read and written in order).
    assign fp_wait = (fp || d[weft_pkg::DEC_FCSR]) && fcsr_pend_q[w];
    assign w_dyn_bad[w] = fp && d[weft_pkg::DEC_RM +: 3] == 3'd7 && frm_i[w*3 +: 3] > 3'd4;
    // stall causes of a head that is not ready (CPI stack, weft_perf)
    assign w_ctrl[w] = br_pend_q[w] || sfu_pend_q[w] || fp_wait || (d[weft_pkg::DEC_DRAIN] && inflight_q[w*8 +: 8] != '0);
    assign w_smem[w] = !fu_ok && !fp && fu == weft_pkg::FU_LSU && !d[weft_pkg::DEC_ILLEGAL];
    assign w_scmp[w] = !fu_ok && (fp || fu != weft_pkg::FU_LSU) && !d[weft_pkg::DEC_ILLEGAL];
    // A younger instruction never issues before an older branch of its warp
    // resolves (only pnt and SWaS fetch past a branch), nor, under SWaS,
    // before an older SIMT instruction completes.
    assign w_ready[w] = !br_pend_q[w] && !sfu_pend_q[w] && !fp_wait &&
                        (d[weft_pkg::DEC_ILLEGAL] || w_dyn_bad[w] || (FPU == 0 && fp) ||
                         (sb_ready[w] && !w_war[w] && fu_ok && (!d[weft_pkg::DEC_DRAIN] || inflight_q[w*8 +: 8] == '0)));
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
    .clr_i     (wb_i.fire && wb_i.wb),
    .clr_wid_i (wb_wid_i),
    .clr_rd_i  (wb_i.rd)
  );

  // SWaS (seed 002 sec. V-C): one pick per cycle issues the head of the
  // warp's buffer (an instruction, or a NOP that only leaves the buffer) and
  // fetches the warp's next instruction. A warp suspended by an I-cache miss
  // is not picked, and nothing is picked while the I-cache cannot take the
  // fetch. NOPs are always ready.
  logic [W-1:0] omask1, omask2;
  // (A warp whose fetch misses in this cycle is suspended from the next;
  // it is not picked now either, or it would fetch past the missed pc.)
  // A warp waiting for an older branch or SIMT instruction (a barrier) is not
  // a candidate either: with the buffers always full, a greedy policy in
  // unready mode would otherwise keep picking a warp blocked at a barrier
  // and never let the others reach it (in the other front ends such a warp's
  // buffer runs empty because fetch stalls).
  logic [W-1:0] ctrl_wait;
  assign ctrl_wait = swas_i ? (br_pend_q | sfu_pend_q) : '0;
  assign is_valid = swas_i ? (ib_valid_i & active_i & ~susp_i & ~ctrl_wait & {W{ic_ready_i}} &
                              ~(ic_miss_valid_i ? (W'(1) << ic_miss_wid_i) : '0)) : ib_valid_i;
  assign is_ready = swas_i ? (w_ready | ib_nop_i) : w_ready;
  assign swas_pick_o = swas_i && is_issue;

  weft_oracles #(.W(W), .TF(TF)) u_oracles (
    .clk_i, .rst_ni,
    .en_i         (oracles_i),
    .swas_i,
    .issue_ready_i,
    .active_i,
    .ib_valid_i,
    .susp_i,
    .ic_ready_i,
    .ic_miss_valid_i,
    .ic_miss_wid_i,
    .ic_rsp_valid_i,
    .ic_rsp_wid_i,
    .ic_pend_i,
    .kill_i,
    .kill_wid_i,
    .ctrl_wait_i  (ctrl_wait),
    .ready_i      (is_ready),
    .br_valid_i   (br_i.valid),
    .br_wid_i     (br_wid_i),
    .simt_valid_i (simt_i.valid),
    .simt_wid_i   (simt_wid_i),
    .release_i,
    .omask1_o     (omask1),
    .omask2_o     (omask2)
  );

  weft_issue_sched #(.W(W), .CW(7), .ORACLES(ORACLES)) u_issue_sched (
    .clk_i, .rst_ni,
    .policy_i     (issue_policy_i),
    .ready_mode_i (issue_ready_i),
    .stall_i      (halt_i || row_hold),
    .valid_i      (is_valid),
    .ready_i      (is_ready),
    .start_i      (starting_i),
    .nact_i       (head_nact_i),
    .issue_o      (is_issue),
    .wid_o        (is_wid),
    .missed_o     (issue_pick_missed_unused),
    .oen_i        (oracles_i),
    .omask1_i     (omask1),
    .omask2_i     (omask2),
    .odisc_o      (odisc_o),
    .oerr_o       (oerr_o)
  );

  // Missed schedule (seed 000 sec. 5): some warp had a ready instruction at
  // the head of its buffer and nothing issued. With ready issue this never
  // happens (tests check it); with unready issue it is the cost of picking
  // an unready candidate.
  assign missed_o = !halt_i && !row_hold && |(is_valid & is_ready) && !is_issue;

  always_comb begin
    logic [EW-1:0] e;
    e        = ib_heads_i[32'(is_wid)*EW +: EW];
    is_dec   = e[weft_pkg::DEC_W-1:0];
    is_pc    = e[weft_pkg::DEC_W +: 32];
    is_tmask = e[weft_pkg::DEC_W + 32 +: T];
  end

  // The read address: the dispatching instruction's registers (row 0), or
  // a sequencer's row (rf_req_i; then nothing dispatches). R == 1: never.
  logic [IW-1:0] rd_wid;
  logic [5:0]    rd_rs1, rd_rs2, rd_rs3;
  logic [RW-1:0] rd_row;
  always_comb begin
    if (rf_req_i) begin
      rd_wid = rf_ra_i[RAW-1 -: IW];
      rd_rs1 = rf_ra_i[19:14];
      rd_rs2 = rf_ra_i[12:7];
      rd_rs3 = rf_ra_i[5:0];
      rd_row = rf_row_i;
    end else begin
      rd_wid = is_wid;
      rd_rs1 = {is_dec.rs1_f, is_dec.rs1};
      rd_rs2 = {is_dec.rs2_f, is_dec.rs2};
      rd_rs3 = {1'b1, is_dec.rs3};
      rd_row = '0;
    end
  end
  logic unused_ra;
  assign unused_ra = ^{rf_ra_i[20], rf_ra_i[13], rf_ra_i[6]};

  weft_regfile #(.W(W), .T(T), .L(L)) u_regfile (
    .clk_i, .rst_ni,
    .clear_i    (starting_i),
    .rd_wid_i   (rd_wid),
    .rs1_i      (rd_rs1),
    .rs2_i      (rd_rs2),
    .rs3_i      (rd_rs3),
    .rd_row_i   (rd_row),
    .rs1_data_o (rs1_data),
    .rs2_data_o (rs2_data),
    .rs3_data_o (rs3_data),
    .we_i       (wb_i.fire && wb_i.wb),
    .wr_wid_i   (wb_wid_i),
    .wr_rd_i    (wb_i.rd),
    .wr_mask_i  (wb_tmask_i),
    .wr_data_i  (wb_data_i)
  );

  // The dynamic rounding mode of the issuing instruction; frm 5..7 makes it
  // illegal (like a reserved static rm, which decode rejects).
  assign is_rm      = (is_dec.rm == 3'd7) ? frm_i[32'(is_wid)*3 +: 3] : is_dec.rm;
  assign is_dyn_bad = is_dec.fpu && is_dec.rm == 3'd7 && is_rm > 3'd4;
  assign is_illegal = is_dec.illegal || is_dyn_bad || (FPU == 0 && is_dec.fpu);

  assign is_nop   = ib_nop_i[is_wid];
  assign dispatch = is_issue && !is_illegal && !is_nop;

  // ---------------------------------------------------------------- pending state
  // Each pending vector is set at the dispatching warp's bit and cleared at
  // the completing warp's (a set wins), as whole vectors: the simulator
  // updates one word instead of testing every warp's bit (issue 17).
  logic [W-1:0] is_oh;
  assign is_oh = dispatch ? (W'(1) << is_wid) : '0;

  // fflags/frm/fcsr instructions in flight (they go to the SFU and drain, so
  // the SFU's next completion of the warp is theirs)
  always_ff @(posedge clk_i) begin
    if (!rst_ni) fcsr_pend_q <= '0;
    else fcsr_pend_q <= (fcsr_pend_q & ~(sfu_done_i ? (W'(1) << sfu_done_wid_i) : '0)) |
                        (is_dec.fcsr ? is_oh : '0);
  end

  // SWaS: a SIMT instruction of the warp is in flight (until it completes,
  // or for a barrier until the release).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) sfu_pend_q <= '0;
    else sfu_pend_q <= (sfu_pend_q & ~((simt_i.valid && simt_i.resolve) ? (W'(1) << simt_wid_i) : '0) & ~release_i) |
                       ((swas_i && is_dec.fu == weft_pkg::FU_SFU && is_dec.is_ctrl) ? is_oh : '0);
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) br_pend_q <= '0;
    else br_pend_q <= (br_pend_q & ~(br_i.valid ? (W'(1) << br_wid_i) : '0)) |
                      ((is_dec.fu == weft_pkg::FU_ALU && is_dec.is_ctrl) ? is_oh : '0);
  end

  // instructions in flight per warp: only the dispatching and the
  // completing warp's counts move (nothing when they are the same warp).
  // One packed vector loaded by one assignment in a cycle that moves a
  // count (an unpacked array written at two places cost the simulator a
  // pending-write flag per place and cycle; issue 17).
  logic inf_same;
  logic [W*8-1:0] inflight_d;
  assign inf_same = dispatch && wb_i.fire && wb_wid_i == is_wid;
  always_comb begin
    inflight_d = inflight_q;
    if (dispatch && !inf_same)
      inflight_d[32'(is_wid)*8 +: 8] = inflight_q[32'(is_wid)*8 +: 8] + 8'd1;
    if (wb_i.fire && !inf_same)
      inflight_d[32'(wb_wid_i)*8 +: 8] = inflight_q[32'(wb_wid_i)*8 +: 8] - 8'd1;
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || dispatch || wb_i.fire) inflight_q <= rst_ni ? inflight_d : '0;
  end

  // ---------------------------------------------------------------- warp rows
  // Seed 001 ch. 4: a warp instruction occupies the issue slot for R = T/L
  // cycles, one per row (weft_execute's row sequencers feed the units a row
  // per cycle); the next instruction issues R cycles after this one at the
  // earliest. R == 1: no hold.
  localparam int unsigned R = T / L;
  if (R == 1) begin : gen_no_hold
    assign row_hold = 1'b0;
    assign row_hold_wid_o = '0;
  end else begin : gen_hold
    localparam int unsigned HW = $clog2(R);
    logic [HW-1:0] hold_q;
    logic [IW-1:0] hold_wid_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) hold_q <= '0;
      else if (dispatch) hold_q <= HW'(R - 1);
      else if (hold_q != '0) hold_q <= hold_q - HW'(1);
    end
    always_ff @(posedge clk_i) if (dispatch) hold_wid_q <= is_wid;
    assign row_hold = hold_q != '0;
    assign row_hold_wid_o = hold_wid_q;
  end
  assign row_hold_o = row_hold;

  assign busy_o = inflight_q != '0;

  // ---------------------------------------------------------------- outputs
  assign issue_o    = is_issue;
  assign wid_o      = is_wid;
  assign dispatch_o = dispatch;
  assign iss_o.dec  = is_dec;
  assign iss_o.pc   = is_pc;
  assign iss_o.rm   = is_rm;
  assign tmask_o    = is_tmask;
  assign rs1_o      = rs1_data;
  assign rs2_o      = rs2_data;
  assign rs3_o      = rs3_data;
  assign illegal_o  = is_issue && is_illegal && !is_nop;
  assign nop_o      = is_issue && is_nop;
  assign w_ready_o  = w_ready;
  assign w_ctrl_o   = w_ctrl;
  assign w_dmem_o   = sb_dmem;
  assign w_dcmp_o   = sb_dcmp | w_war;   // write-after-read on an older row: compute data
  assign w_smem_o   = w_smem;
  assign w_scmp_o   = w_scmp;

endmodule
