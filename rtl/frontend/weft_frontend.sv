// weft_frontend: the front end of a weft_core, from the warp scheduler to
// the instruction buffers.
//
//   weft_fetch (warp state, fetch policy) -> weft_icache (tag/data stage,
//   misses) -> weft_iqueue (per-warp insert queues, in-order answers)
//   -> weft_decode -> weft_ibuffer (per-warp instruction buffers)
//
// plus the flush policy (docs/scheduling.md) and the per-warp counts the
// schedulers use (icount, active threads of each buffer head, back-pressure).
//
// Handshakes:
// - fetch -> I-cache: f_req_valid/f_req_ready; every accepted request also
//   allocates a slot in the warp's insert queue (same cycle).
// - insert queue -> decode -> buffer: ic_valid/ic_ready, ic_ready being the
//   buffer's push_ready (d_push = the decoded instruction enters the buffer).
//   With DEC_REG = 1 a register (x_*) sits between the insert queue and
//   decode: ic_ready = the register is empty or moves on this cycle.
// Front-end depth (docs/architecture.md): IC_LAT is the I-cache hit latency
// (weft_icache HIT_LAT), DEC_REG the decode register; tF = IC_LAT + DEC_REG
// and a warp's instruction fetched in cycle t can issue in t + tF + 1.
// Front-end throughput: IC_II, the I-cache's initiation interval (weft_icache
// II): after an accepted fetch no other is accepted for IC_II - 1 cycles
// (f_req_ready low; a fetchable warp with an empty buffer then counts as
// empty ibuffer, docs/counters.md). 1 = a fetch every cycle.
// - buffer -> issue: heads_o/ib_valid_o/ib_nop_o show every warp's head;
//   is_issue_i with is_wid_i pops one (weft_issue never pops an empty buffer).
// - from execute: br_* (ALU branch resolution), simt_* (SFU completion /
//   SWaS redirect), spawn/release/icache_flush are single-cycle events.
//
// Flushes (not under SWaS): a taken branch under pnt (kill) empties the
// warp's buffer and insert queue and drops its pending I-cache requests; a
// decoded control instruction that stalls (nss, SIMT under pnt) empties its
// insert queue at once and the I-cache's pending requests one cycle later.
// Under SWaS the same instructions become NOPs, and so do those after a SIMT
// instruction when it completes (a redirect).
//
// Invariants: the buffer entry is {tmask, pc, dec} (EW = T + 32 + DEC_W
// bits, dec in the low bits; weft_issue reads it with the same layout). At
// most one instruction is decoded and pushed per cycle.
module weft_frontend #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned IBUF_DEPTH = 2,
  parameter int unsigned IC_LAT = 1,       // I-cache hit latency (>= 1)
  parameter int unsigned DEC_REG = 0,      // 1: the insert queue's output is registered before decode
  parameter int unsigned IC_II = 1,        // I-cache initiation interval: a fetch accepted at most every IC_II cycles
  parameter int unsigned IC_LINES = 128,
  parameter int unsigned IC_WAYS = 1,
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned ST_ENTRIES = 128,
  parameter int unsigned IQ_DEPTH = 8,
  parameter int unsigned IC_MSHRS = 4,
  parameter int unsigned IC_WAITS = 8,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned EW = T + 32 + weft_pkg::DEC_W
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // knobs
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] fetch_policy_i,
  input  logic [weft_spec_pkg::FRONTEND_W-1:0] frontend_i,
  input  logic            bpr_i,
  input  logic            stall_table_i,
  input  logic            swas_i,
  input  logic            divergence_i,   // 0 ipdom, 1 minpc (weft_fetch)
  // launch, halt
  input  logic            start_i,
  input  logic [31:0]     start_pc_i,
  input  logic            halt_i,
  // instruction memory
  output logic            imem_req_valid_o,
  input  logic            imem_req_ready_i,
  output logic [31:0]     imem_req_addr_o,
  input  logic            imem_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] imem_rsp_data_i,
  // from issue
  input  logic            is_issue_i,     // pop the head of is_wid_i
  input  logic [IW-1:0]   is_wid_i,
  input  logic            swas_pick_i,    // SWaS: fetch is_wid_i's next instruction
  // from execute
  input  weft_pkg::br_t   br_i,
  input  logic [IW-1:0]        br_wid_i,
  input  weft_pkg::simt_t simt_i,
  input  logic [IW-1:0]        simt_wid_i,
  input  logic [T-1:0]         simt_tmask_i,
  // divergence minpc (weft_fetch): branch mask, per-lane next pcs, call/return;
  // the SIMT instruction's own mask and bar parking; per-warp state to the SFU
  input  logic [T-1:0]         br_tmask_i,
  input  logic [T*32-1:0]      br_lpc_i,
  input  logic [1:0]           br_link_i,
  input  logic [T-1:0]         simt_gmask_i,
  input  logic                 simt_park_i,
  output logic [W*T-1:0]       live_o,
  output logic [W-1:0]         arrive_o,
  input  logic [W-1:0]    spawn_i,
  input  logic [31:0]     spawn_pc_i,
  input  logic [W-1:0]    release_i,
  input  logic            icache_flush_i,
  // to issue
  output logic [W*EW-1:0] ib_heads_o,
  output logic [W-1:0]    ib_valid_o,
  output logic [W-1:0]    ib_nop_o,
  output logic [W*7-1:0]  head_nact_o,    // active threads of each head instruction
  output logic [W-1:0]    starting_o,     // warps (re)started this cycle
  output logic [W-1:0]    active_o,
  output logic [W-1:0]    susp_o,         // SWaS: suspended by an I-cache miss
  output logic            ic_ready_o,     // the I-cache takes a fetch this cycle
  output logic            ic_miss_valid_o,
  output logic [IW-1:0]   ic_miss_wid_o,
  output logic            ic_rsp_valid_o,
  output logic [IW-1:0]   ic_rsp_wid_o,
  output logic [W-1:0]    ic_pend_o,      // a miss of the warp is outstanding
  output logic            kill_o,         // pnt: a taken branch redirects kill_wid_o
  output logic [IW-1:0]   kill_wid_o,
  // statistics
  output logic            fetch_o,        // a fetch was accepted (I-cache access)
  output logic            icache_miss_o,
  output logic            flush_o,        // pnt: a taken branch discarded younger instructions
  output logic            st_lookup_o,
  output logic            st_hit_o,
  output logic            st_avoid_o,
  output logic [W-1:0]    fetchable_o
);

  localparam int unsigned CW = $clog2(IBUF_DEPTH + 1);
  localparam int unsigned SW = (IQ_DEPTH > 1) ? $clog2(IQ_DEPTH) : 1;
  localparam int unsigned QCW = $clog2(IQ_DEPTH + 1);
  localparam int unsigned LAW = 32 - 2 - $clog2(LINE_WORDS);

  // ---------------------------------------------------------------- fetch
  logic [W-1:0]    active, stalled_unused, fetchable;
  logic            f_req_valid, f_req_ready;
  logic [IW-1:0]   f_req_wid;
  logic [31:0]     f_req_pc;
  logic [T-1:0]    f_req_tmask;
  logic            kill;
  logic [IW-1:0]   kill_wid;
  logic            d_is_branch;
  logic            d_push;

  // ---------------------------------------------------------------- decode
  logic            ic_valid, ic_ready;
  logic [IW-1:0]   ic_wid;
  logic [31:0]     ic_pc, ic_instr;
  logic [T-1:0]    ic_tmask;
  weft_pkg::dec_t  d_dec;
  logic            ic_nop;
  logic [31:0]     d_instr;
  // the instruction in decode (the insert queue's output, or with DEC_REG
  // the decode register)
  logic            x_valid;
  logic [IW-1:0]   x_wid;
  logic [31:0]     x_pc, x_instr;
  logic [T-1:0]    x_tmask;
  logic            x_nop;
  logic [W-1:0]    x_cnt;         // the decode register holds an instruction of the warp
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
  logic [W-1:0]    ib_nop;

  // ---------------------------------------------------------------- ibuffer
  logic [W*EW-1:0] ib_heads;
  logic [W-1:0]    ib_valid, ib_full;
  logic [W*CW-1:0] ib_count;
  logic [W-1:0]    ib_block;
  logic [W*7-1:0]  icnt;          // fetched, not issued, per warp
  logic [W*7-1:0]  head_nact;     // active threads of each head instruction
  logic [W-1:0]    starting;
  logic            ib_push_ready;

  // Flushes (docs/scheduling.md). Not under SWaS: a taken branch (pnt)
  // empties the warp's buffer and insert queue; a decoded control
  // instruction that stalls (nss, SIMT under pnt) empties its insert queue
  // (the younger fetches). Under SWaS the same instructions become NOPs, and
  // so do those after a SIMT instruction when it completes (a redirect).
  assign dec_flush = d_push && !swas_i && d_dec.is_ctrl && !(frontend_i == weft_spec_pkg::FRONTEND_PNT && d_is_branch);
  always_comb begin
    iq_flush  = starting;
    iq_nopify = '0;
    if (!swas_i && kill) iq_flush[kill_wid] = 1'b1;
    if (dec_flush) iq_flush[x_wid] = 1'b1;
    if (swas_i && kill) iq_nopify[kill_wid] = 1'b1;
    if (swas_i && simt_i.valid) iq_nopify[simt_wid_i] = 1'b1;
  end
  // The I-cache drops the killed warps' pending requests; a decode flush
  // reaches it one cycle later (no combinational path from decode back into
  // the I-cache answer). An answer of the flushed warp in that cycle finds
  // an empty queue and the warp stalled, so it is ignored.
  logic [W-1:0] dec_kill_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) dec_kill_q <= '0;
    else dec_kill_q <= dec_flush ? (W'(1) << x_wid) : '0;
  end
  assign ic_kill = starting | dec_kill_q | ((!swas_i && kill) ? (W'(1) << kill_wid) : '0);

  // A flush that discards something: the warp had younger instructions in
  // its buffer or insert queue when its branch resolved taken (or, nss, when
  // its control instruction was decoded).
  // (Without the decode register the instruction in decode is still counted
  // in its insert queue.)
  assign flush_o = (kill && (ib_count[32'(kill_wid)*CW +: CW] != '0 || iq_count[32'(kill_wid)*QCW +: QCW] != '0 ||
                             x_cnt[kill_wid])) ||
                   (dec_flush && iq_count[32'(x_wid)*QCW +: QCW] > QCW'(DEC_REG == 0 ? 1 : 0));

  weft_fetch #(.W(W), .T(T), .ST_ENTRIES(ST_ENTRIES), .LAW(LAW)) u_fetch (
    .clk_i, .rst_ni,
    .halt_i,
    .policy_i      (fetch_policy_i),
    .icnt_i        (icnt),
    .frontend_i,
    .bpr_i,
    .ibuf_block_i     (ib_block),
    .iq_full_i        (iq_full),
    .dec_flush_i      (dec_flush),
    .swas_i,
    .divergence_i,
    .br_tmask_i,
    .br_lpc_i,
    .br_link_i,
    .sfu_gmask_i      (simt_gmask_i),
    .sfu_park_i       (simt_park_i),
    .live_o,
    .arrive_o,
    .ext_valid_i      (swas_pick_i),
    .ext_wid_i        (is_wid_i),
    .miss_valid_i     (c_miss_valid),
    .miss_wid_i       (c_miss_wid),
    .fill_i           (c_fill),
    .fill_line_i      (c_fill_line),
    .redirect_i       (swas_i && simt_i.valid),
    .susp_o           (susp),
    .st_avoid_o       (st_avoid),
    .dec_ctrl_valid_i (x_valid && d_dec.is_ctrl),
    .dec_is_branch_i  (d_is_branch),
    .dec_ctrl_wid_i   (x_wid),
    .start_i, .start_pc_i,
    .req_valid_o   (f_req_valid),
    .req_ready_i   (f_req_ready),
    .req_wid_o     (f_req_wid),
    .req_pc_o      (f_req_pc),
    .req_tmask_o   (f_req_tmask),
    .dec_valid_i   (d_push),
    .dec_wid_i     (x_wid),
    .dec_is_ctrl_i (d_dec.is_ctrl),
    .br_valid_i    (br_i.valid),
    .br_wid_i      (br_wid_i),
    .br_pc_i       (br_i.pc),
    .br_taken_i    (br_i.taken),
    .br_src_pc_i   (br_i.src_pc),
    .stall_table_i,
    .dec_pc_i      (x_pc[31:2]),
    .st_lookup_o   (st_lookup_o),
    .st_hit_o      (st_hit_o),
    .kill_o        (kill),
    .kill_wid_o    (kill_wid),
    .sfu_valid_i   (simt_i.valid),
    .sfu_wid_i     (simt_wid_i),
    .sfu_pc_i      (simt_i.pc),
    .sfu_tmask_i   (simt_tmask_i),
    .sfu_resolve_i (simt_i.resolve),
    .spawn_i       (spawn_i),
    .spawn_pc_i    (spawn_pc_i),
    .release_i     (release_i),
    .active_o      (active),
    .stalled_o     (stalled_unused),
    .fetchable_o   (fetchable)
  );

  weft_icache #(.W(W), .SW(SW), .LINES(IC_LINES), .WAYS(IC_WAYS), .LINE_WORDS(LINE_WORDS),
                .MSHRS(IC_MSHRS), .WAITS(IC_WAITS), .HIT_LAT(IC_LAT), .II(IC_II)) u_icache (
    .clk_i, .rst_ni,
    .swas_i,
    .flush_i         (icache_flush_i),
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
  // An instruction at a pc that is not a multiple of 4 (no C extension:
  // a jump or branch went there) is decoded as word 0, which is illegal;
  // execute reports it as ERR_MISFETCH with the pc (exit code 5, as the model).
  // The decode register (DEC_REG = 1). An entry of a warp flushed in this
  // cycle (a taken branch under pnt, a warp start) is dropped, so is the
  // insert queue's output of a warp whose queue is flushed in this cycle
  // (the same events, or a control instruction in decode of the same warp);
  // under SWaS an entry of a redirected warp becomes a NOP. The entry counts
  // as the warp's in the back-pressure mask and in icount.
  logic [W-1:0] x_drop;
  assign x_drop = starting | ((!swas_i && kill) ? (W'(1) << kill_wid) : '0);
  if (DEC_REG != 0) begin : gen_dreg
    logic          r_valid_q, r_nop_q;
    logic [IW-1:0] r_wid_q;
    logic [31:0]   r_pc_q, r_instr_q;
    logic [T-1:0]  r_tmask_q;
    logic          r_load;
    assign x_valid  = r_valid_q && !x_drop[r_wid_q];
    assign x_wid    = r_wid_q;
    assign x_pc     = r_pc_q;
    assign x_tmask  = r_tmask_q;
    assign x_instr  = r_instr_q;
    assign x_nop    = r_nop_q || iq_nopify[r_wid_q];
    assign ic_ready = !x_valid || d_push;
    assign r_load   = ic_valid && ic_ready && !iq_flush[ic_wid];
    always_ff @(posedge clk_i) begin
      if (!rst_ni) r_valid_q <= 1'b0;
      else if (r_load) r_valid_q <= 1'b1;
      else if (!x_valid || d_push) r_valid_q <= 1'b0;
      if (r_load) begin
        r_wid_q   <= ic_wid;
        r_pc_q    <= ic_pc;
        r_tmask_q <= ic_tmask;
        r_instr_q <= ic_instr;
        r_nop_q   <= ic_nop;
      end else begin
        r_nop_q   <= x_nop;
      end
    end
    always_comb begin
      x_cnt = '0;
      if (r_valid_q) x_cnt[r_wid_q] = 1'b1;
    end
  end else begin : gen_nodreg
    logic [W-1:0] x_drop_unused;
    assign x_drop_unused = x_drop;
    assign x_valid  = ic_valid;
    assign x_wid    = ic_wid;
    assign x_pc     = ic_pc;
    assign x_tmask  = ic_tmask;
    assign x_instr  = ic_instr;
    assign x_nop    = ic_nop;
    assign ic_ready = ib_push_ready;
    assign x_cnt    = '0;
  end

  assign d_instr = x_nop ? 32'h0000_0013 : (x_pc[1:0] != 2'b00) ? 32'h0000_0000 : x_instr;

  weft_decode u_decode (
    .instr_i (d_instr),
    .dec_o   (d_dec)
  );

  // Branches and jumps (predicted not taken by the pnt front end).
  assign d_is_branch = !d_dec.illegal && d_dec.fu == weft_pkg::FU_ALU && d_dec.is_ctrl;

  assign d_push   = x_valid && ib_push_ready;

  weft_ibuffer #(.W(W), .EW(EW), .DEPTH(IBUF_DEPTH), .AW(7)) u_ibuffer (
    .clk_i, .rst_ni,
    .push_i       (d_push),
    .push_wid_i   (x_wid),
    .push_data_i  ({x_tmask, x_pc, d_dec}),
    .push_nop_i   (x_nop),
    .push_aux_i   (7'($countones(x_tmask))),   // the entry's active threads (head_nact_o)
    .push_ready_o (ib_push_ready),
    .pop_i        (is_issue_i),
    .pop_wid_i    (is_wid_i),
    .flush_i      ((kill && !swas_i) ? (W'(1) << kill_wid) : '0),
    .nopify_i     (iq_nopify),
    .fill_i       (swas_i ? starting : '0),
    .nop_o        (ib_nop),
    .heads_o      (ib_heads),
    .aux_o        (head_nact),
    .valid_o      (ib_valid),
    .full_o       (ib_full),
    .count_o      (ib_count)
  );

  // icount: fetched and not issued (insert queue and buffer). (head_nact,
  // the active threads of each head, comes with the head from the buffer.)
  // (only under the icount fetch policy, the only reader; issue 17)
  always_comb begin
    starting = spawn_i | W'(start_i);
    icnt     = '0;
    if (fetch_policy_i == weft_spec_pkg::SCHED_POLICY_ICOUNT)
      for (int w = 0; w < W; w++)
        icnt[w*7 +: 7] = 7'(32'(ib_count[w*CW +: CW]) + 32'(iq_count[w*QCW +: QCW]) + 32'(x_cnt[w]));
  end

  // Back-pressure mask (seed 000 sec. 3.3.3): the warp's buffer is full
  // (with the decode register, counting its entry). Without it this is the
  // buffer's full mask (issue 17: no per-warp compare).
  if (DEC_REG != 0) begin : gen_block_dreg
    logic [W-1:0] ib_full_unused;
    assign ib_full_unused = ib_full;
    always_comb begin
      for (int w = 0; w < W; w++)
        ib_block[w] = 32'(ib_count[w*CW +: CW]) + 32'(x_cnt[w]) >= IBUF_DEPTH;
    end
  end else begin : gen_block
    assign ib_block = ib_full;
  end

  // ---------------------------------------------------------------- outputs
  assign ib_heads_o      = ib_heads;
  assign ib_valid_o      = ib_valid;
  assign ib_nop_o        = ib_nop;
  assign head_nact_o     = head_nact;
  assign starting_o      = starting;
  assign active_o        = active;
  assign susp_o          = susp;
  assign ic_ready_o      = f_req_ready;
  assign ic_miss_valid_o = c_miss_valid;
  assign ic_miss_wid_o   = c_miss_wid;
  assign ic_rsp_valid_o  = c_rsp_valid;
  assign ic_rsp_wid_o    = c_rsp_wid;
  assign ic_pend_o       = c_pend;
  assign kill_o          = kill;
  assign kill_wid_o      = kill_wid;
  assign fetch_o         = f_req_valid && f_req_ready;
  assign icache_miss_o   = c_miss_valid;
  assign st_avoid_o      = st_avoid;
  assign fetchable_o     = fetchable;

endmodule
