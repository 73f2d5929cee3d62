// weft_lsu: load/store unit, T lanes, warp-wide memory requests.
//
// Dispatch latches one warp instruction (stage A). In stage A the lane
// addresses are computed and checked for alignment; a misaligned active lane
// raises err_valid_o and the unit stops. Otherwise the request goes to
// memory as one warp-wide request (word address, byte enables and data per
// lane, lane mask) with the index of a free slot of the pending table as its
// tag. A store is complete when memory accepts it (posted write, memory is
// processed in request order); a load completes when the response with its
// tag arrives (responses may come in any order). Completed slots are handed
// to writeback one per cycle, oldest first (an age matrix: a slot is younger
// than every slot in use when it is allocated), so a completed instruction
// cannot be overtaken forever by younger ones; sub-word loads are extracted
// and extended there.
//
// RV32A (in_op_i[4]): the request carries mem_req_amo_o = {1, funct5} and is
// executed at the memory side, lane by lane in lane order (docs/memory.md);
// like a load it completes with its response, which holds rd per lane (the
// old value, the loaded value for lr.w, 0/1 for sc.w). The address is rs1
// (imm 0, word aligned), the operand rs2.
//
// Shared memory (SMEM_BYTES > 0): a request whose active lanes address the
// window 0x2000_0000 .. +16 MiB goes to the core's banked weft_smem instead
// of the memory port (docs/memory.md); every active lane must then be in the
// window and below SMEM_BYTES (else the access error, like a misaligned
// access). Its loads and atomics (executed in weft_smem, lanes in lane
// order) answer through the same pending table (by tag).
//
// Store queue (sq_n_i = N > 0, `--store-queue N`, issue 21; docs/memory.md
// "Store queue"): a store to global memory (not shared memory, not an
// atomic) is accepted into a FIFO of SQE = W * SQ_MAX entries instead of
// waiting for memory; each warp may hold at most N entries (a per-warp queue
// of N, Nyami's per-strand store queue, seed 003 sec. 4.1.1). The store keeps
// its pending-table slot until its entry is sent to memory (so the warp's
// in-flight count covers it: fence, SIMT/barrier and CSR drains and the end
// of a kernel wait for it), while the warp goes on issuing. The queue drains
// in FIFO order through the same memory port as stage A; when both want the
// port they alternate (a load that passed a non-empty queue gives the next
// turn to the queue). A load whose active lanes name a word of any queued
// store (any warp) waits in stage A until that store has drained (no
// forwarding); an atomic waits until the queue is empty; a store whose warp
// holds N entries waits in stage A (Nyami rolls the strand back; here the
// LSU does not accept, counted as memory structural). N = 0: no queue, the
// unit behaves exactly as without it.
module weft_lsu #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned SLOTS = 8,
  parameter int unsigned SMEM_BYTES = 4096,     // 0 = no shared memory
  parameter int unsigned SMEM_BANKS = 4,
  parameter int unsigned SQ_MAX = 2,            // store-queue entries per warp, at most (0 = none)
  localparam int unsigned SQE = W * SQ_MAX,     // store-queue entries in all
  localparam int unsigned SQE1 = (SQE > 0) ? SQE : 1,
  localparam int unsigned QW = (SQE1 > 1) ? $clog2(SQE1) : 1,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned SW = (SLOTS > 1) ? $clog2(SLOTS) : 1,
  localparam int unsigned WWS = (SMEM_BYTES > 4) ? $clog2(SMEM_BYTES / 4) : 1,
  localparam int unsigned SMEM_LIM = (SMEM_BYTES > 0) ? SMEM_BYTES : 1   // (no window when 0)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [2:0]      sq_n_i,         // store-queue entries per warp (0 = no queue; <= SQ_MAX)
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [IW-1:0]   in_wid_i,
  input  logic [31:0]     in_pc_i,
  input  logic [T-1:0]    in_tmask_i,
  input  logic [4:0]      in_op_i,        // [4] atomic, [3] store, [2:0] funct3
  input  logic [4:0]      in_amo_i,       // funct5 of an atomic
  input  logic [5:0]      in_rd_i,        // register 0..63 (32.. = FP file, flw)
  input  logic            in_wb_i,
  input  logic [31:0]     in_imm_i,
  input  logic [T*32-1:0] in_rs1_i,
  input  logic [T*32-1:0] in_rs2_i,
  // memory
  output logic            mem_req_valid_o,
  input  logic            mem_req_ready_i,
  output logic            mem_req_we_o,
  output logic [5:0]      mem_req_amo_o,  // {atomic, funct5}; 0 = plain load/store
  output logic [T-1:0]    mem_req_mask_o,
  output logic [T*32-1:0] mem_req_addr_o,
  output logic [T*4-1:0]  mem_req_byteen_o,
  output logic [T*32-1:0] mem_req_data_o,
  output logic [7:0]      mem_req_tag_o,
  output logic [IW-1:0]   mem_req_wid_o,
  output logic [31:0]     mem_req_pc_o,
  input  logic            mem_rsp_valid_i,
  input  logic [7:0]      mem_rsp_tag_i,
  input  logic [T*32-1:0] mem_rsp_data_i,
  // writeback
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [IW-1:0]   out_wid_o,
  output logic [31:0]     out_pc_o,
  output logic [T-1:0]    out_tmask_o,
  output logic [5:0]      out_rd_o,
  output logic            out_wb_o,
  output logic [T*32-1:0] out_data_o,
  // shared memory events (per cycle)
  output logic            smem_access_o,
  output logic            smem_conflict_o,
  // store-queue events (per cycle): stage A holds a store whose warp's queue
  // is full; stage A holds a load naming a queued store's word or an atomic
  // behind a non-empty queue
  output logic            sq_full_o,
  output logic            sq_wait_o,
  // status
  output logic            busy_o,
  output logic            err_valid_o,
  output logic [IW-1:0]   err_wid_o,
  output logic [31:0]     err_pc_o,
  output logic [31:0]     err_addr_o,
  output logic [7:0]      err_lane_o      // the lowest bad active lane (its address: err_addr_o)
);

  // stage A
  // The instruction's fields are one register, a_q (AO_* below: the lane
  // words first, at word boundaries), loaded by one assignment: as eleven
  // registers under one enable the simulator tested the enable once per
  // register (Verilator places them apart), an unpredictable branch each on
  // a memory-bound kernel (issue 17, fourteenth session).
  localparam int unsigned AO_SD = T * 32, AO_IMM = 2 * T * 32, AO_PC = AO_IMM + 32, AO_WID = AO_PC + 32,
                          AO_TM = AO_WID + IW, AO_OP = AO_TM + T, AO_AMO = AO_OP + 4, AO_A5 = AO_AMO + 1,
                          AO_RD = AO_A5 + 5, AO_WB = AO_RD + 6, AW = AO_WB + 1;
  logic            v_q;
  logic [AW-1:0]   a_q;
  logic [IW-1:0]   wid_q;
  logic [31:0]     pc_q, imm_q;
  logic [T-1:0]    tmask_q;
  logic [3:0]      op_q;
  logic            amo_q;
  logic [4:0]      amo5_q;
  logic [5:0]      rd_q;
  logic            wb_q;
  logic [T*32-1:0] base_q, sdata_q;
  assign base_q  = a_q[0 +: T * 32];
  assign sdata_q = a_q[AO_SD +: T * 32];
  assign imm_q   = a_q[AO_IMM +: 32];
  assign pc_q    = a_q[AO_PC +: 32];
  assign wid_q   = a_q[AO_WID +: IW];
  assign tmask_q = a_q[AO_TM +: T];
  assign op_q    = a_q[AO_OP +: 4];
  assign amo_q   = a_q[AO_AMO];
  assign amo5_q  = a_q[AO_A5 +: 5];
  assign rd_q    = a_q[AO_RD +: 6];
  assign wb_q    = a_q[AO_WB];

  // pending table
  // A slot's fields are one word of s_meta_q, {off, f3, wb, rd, tmask, pc,
  // wid} (MO_* below): one array written at one place, so the simulator
  // keeps one pending-write flag per cycle for the table instead of one per
  // field (issue 17).
  localparam int unsigned MO_PC = IW, MO_TM = MO_PC + 32, MO_RD = MO_TM + T, MO_WB = MO_RD + 6,
                          MO_F3 = MO_WB + 1, MO_OFF = MO_F3 + 3, MW = MO_OFF + 2 * T;
  logic [SLOTS-1:0] s_used_q, s_done_q;
  logic [MW-1:0]    s_meta_q [SLOTS];
  logic [MW-1:0]    out_meta;
  logic [T*32-1:0]  s_data_q [SLOTS];
  logic [SLOTS*SLOTS-1:0] s_older_q;     // bit j of row s (bits s*SLOTS +: SLOTS): slot j is older than s

  logic            free_found, out_found;
  logic [SW-1:0]   free_idx, out_idx;
  logic            misaligned, smem_req, smem_bad;
  logic [T-1:0]    in_sm;
  logic [T*2-1:0]  offs;
  logic            req_fire, out_fire, fire_in;
  logic [T*32-1:0] a_addr, a_data;
  logic [T*4-1:0]  a_byteen;
  logic [31:0]     bad_addr;
  logic [7:0]      bad_lane;

  assign fire_in    = in_valid_i && in_ready_o;
  assign in_ready_o = !v_q || req_fire;

  // (The oldest completed slot is searched only while some slot is
  // complete, which is rare: the simulator skips the search otherwise,
  // issue 17; the logic is the same.)
  logic [SLOTS-1:0] s_cmpl;
  assign s_cmpl = s_used_q & s_done_q;
  always_comb begin
    free_found = 1'b0;
    free_idx   = '0;
    for (int s = SLOTS - 1; s >= 0; s--)
      if (!s_used_q[s]) begin free_found = 1'b1; free_idx = SW'(s); end
  end
  always_comb begin
    out_found  = 1'b0;
    out_idx    = '0;
    if (s_cmpl != '0) begin
      for (int s = SLOTS - 1; s >= 0; s--)
        if (s_cmpl[s] && (s_older_q[s*SLOTS +: SLOTS] & s_cmpl) == '0) begin
          out_found = 1'b1; out_idx = SW'(s);
        end
    end
  end

  // Address generation and alignment check, only while stage A holds an
  // instruction (v_q): every use of these signals is qualified by v_q (a_ok,
  // err_valid_o) or by a request valid built from it, so an idle stage
  // leaves them 0 and the simulator skips the lane loop (issue 17).
  always_comb begin
    misaligned = 1'b0;
    bad_addr   = '0;
    bad_lane   = '0;
    smem_bad   = 1'b0;
    in_sm      = '0;
    smem_req   = 1'b0;
    offs       = '0;
    a_addr     = '0;
    a_byteen   = '0;
    a_data     = '0;
    if (v_q) begin
      for (int t = 0; t < T; t++) begin
        logic [31:0] sa;
        sa = base_q[t*32 +: 32] + imm_q;
        in_sm[t] = (SMEM_BYTES > 0) && sa[31:24] == 8'h20;
      end
      smem_req = |(in_sm & tmask_q);
      for (int t = T - 1; t >= 0; t--) begin
        logic [31:0] a;
        logic [7:0]  d8;
        logic [15:0] d16;
        a = base_q[t*32 +: 32] + imm_q;
        if (smem_req && tmask_q[t] && (!in_sm[t] || 32'(a[23:0]) >= SMEM_LIM)) begin
          smem_bad = 1'b1; bad_addr = a; bad_lane = 8'(t);
        end
        offs[t*2 +: 2] = a[1:0];
        a_addr[t*32 +: 32] = {a[31:2], 2'b00};
        d8  = sdata_q[t*32 +: 8];
        d16 = sdata_q[t*32 +: 16];
        case (op_q[1:0])
          2'b00: begin
            a_byteen[t*4 +: 4] = 4'b0001 << a[1:0];
            a_data[t*32 +: 32] = {4{d8}};
          end
          2'b01: begin
            a_byteen[t*4 +: 4] = a[1] ? 4'b1100 : 4'b0011;
            a_data[t*32 +: 32] = {2{d16}};
            if (tmask_q[t] && a[0]) begin misaligned = 1'b1; bad_addr = a; bad_lane = 8'(t); end
          end
          default: begin
            a_byteen[t*4 +: 4] = 4'b1111;
            a_data[t*32 +: 32] = sdata_q[t*32 +: 32];
            if (tmask_q[t] && a[1:0] != 2'b00) begin misaligned = 1'b1; bad_addr = a; bad_lane = 8'(t); end
          end
        endcase
      end
    end
  end

  logic smem_ready, smem_fire, smem_rsp_v;
  logic [7:0]      smem_rsp_tag;
  logic [T*32-1:0] smem_rsp_data;
  logic [T*WWS-1:0] smem_word;
  for (genvar t = 0; t < T; t++) begin : g_sword
    assign smem_word[t*WWS +: WWS] = WWS'(a_addr[t*32 + 2 +: WWS]);
  end

  // ---------------------------------------------------------------- store queue
  // A FIFO of SQE entries (hd_q .. hd_q + cnt_q - 1); sq_cnt_q (per warp) counts warp
  // w's entries (at most sq_n_i). An entry holds the request as stage A
  // would send it plus the pending-table slot its store completes.
  logic            sq_on, q_path, a_ok, a_port, enq_fire, drain_fire, a_port_fire;
  logic            sq_conflict, can_enq, sel_d, held_q, held_d_q, prio_q;
  logic [QW-1:0]   hd_q, tl_q;
  logic [QW:0]     cnt_q;
  logic [W*(QW+1)-1:0] sq_cnt_q;    // warp w: bits w*(QW+1) +: QW+1
  logic [SQE1-1:0] e_v_q;
  // An entry is one word of e_q, {byteen, data, addr, mask, slot, pc, wid}
  // (EO_* below), written at one place (one pending-write flag per cycle
  // in the simulator instead of one per field; issue 17).
  localparam int unsigned EO_PC = IW, EO_SL = EO_PC + 32, EO_MK = EO_SL + SW, EO_AD = EO_MK + T,
                          EO_DA = EO_AD + T * 32, EO_BE = EO_DA + T * 32, EWD = EO_BE + T * 4;
  logic [EWD-1:0]  e_q [SQE1];
  logic [SW-1:0]   hd_slot;
  logic [IW-1:0]   hd_wid;
  // (the head entry's fields only with a non-empty queue: every use is
  // under a drain or sel_d; the simulator reads no entry otherwise)
  always_comb begin
    hd_slot = '0;
    hd_wid  = '0;
    if (cnt_q != '0) begin
      hd_slot = e_q[hd_q][EO_SL +: SW];
      hd_wid  = e_q[hd_q][IW-1:0];
    end
  end

  assign sq_on   = (SQ_MAX > 0) && sq_n_i != 3'd0;
  assign q_path  = sq_on && op_q[3] && !amo_q && !smem_req;
  assign can_enq = 32'(sq_cnt_q[32'(wid_q)*(QW+1) +: QW+1]) < 32'(sq_n_i);
  assign a_ok    = v_q && free_found && !misaligned && !smem_bad;

  // a load lane naming the word of a queued store lane (every entry in use)
  always_comb begin
    sq_conflict = 1'b0;
    // (only while stage A holds an instruction and the queue is not empty:
    // e_v_q is 0 when cnt_q is; the simulator skips the entry loop)
    if (SQE > 0 && v_q && cnt_q != '0) begin
      for (int e = 0; e < SQE1; e++) begin
        if (e_v_q[e])
          for (int t = 0; t < T; t++)
            for (int u = 0; u < T; u++)
              if (tmask_q[t] && e_q[e][EO_MK + u] && a_addr[t*32 + 2 +: 30] == e_q[e][EO_AD + u*32 + 2 +: 30])
                sq_conflict = 1'b1;
      end
    end
`ifdef WEFT_FAULT_SQ
    // Test-only planted fault (FAULT=1 builds, tests/manifest.py group
    // fault): loads never wait for queued stores; tests/isa/sq_order.S must
    // fail with the queue on.
    sq_conflict = 1'b0;
`endif
  end

  // stage A's wish for the memory port: not a queued store, not a load
  // naming a queued word, not an atomic behind a non-empty queue
  assign a_port   = a_ok && !smem_req && !q_path && !(amo_q && cnt_q != '0) &&
                    !(!op_q[3] && !amo_q && sq_conflict);
  assign enq_fire = a_ok && q_path && can_enq;
  // port choice: a request shown and not taken is shown again (memory sees
  // a stable request); both wanting: prio_q (1 = the queue's turn)
  always_comb begin
    if (held_q) sel_d = held_d_q;
    else if (a_port && cnt_q != '0) sel_d = prio_q;
    else sel_d = cnt_q != '0;
  end

  assign mem_req_valid_o = sel_d ? (cnt_q != '0) : a_port;
  assign smem_fire       = a_ok && smem_req && smem_ready;
  always_comb begin
    if (sel_d) begin
      mem_req_we_o     = 1'b1;
      mem_req_amo_o    = 6'd0;
      mem_req_mask_o   = e_q[hd_q][EO_MK +: T];
      mem_req_addr_o   = e_q[hd_q][EO_AD +: T * 32];
      mem_req_byteen_o = e_q[hd_q][EO_BE +: T * 4];
      mem_req_data_o   = e_q[hd_q][EO_DA +: T * 32];
      mem_req_tag_o    = 8'(hd_slot);
      mem_req_wid_o    = hd_wid;
      mem_req_pc_o     = e_q[hd_q][EO_PC +: 32];
    end else begin
      mem_req_we_o     = op_q[3];
      mem_req_amo_o    = {amo_q, amo_q ? amo5_q : 5'd0};
      mem_req_mask_o   = tmask_q;
      mem_req_addr_o   = a_addr;
      mem_req_byteen_o = a_byteen;
      mem_req_data_o   = a_data;
      mem_req_tag_o    = 8'(free_idx);
      mem_req_wid_o    = wid_q;
      mem_req_pc_o     = pc_q;
    end
  end
  assign drain_fire      = sel_d && mem_req_valid_o && mem_req_ready_i;
  assign a_port_fire     = !sel_d && mem_req_valid_o && mem_req_ready_i;
  assign req_fire        = a_port_fire || smem_fire || enq_fire;
  assign sq_full_o       = a_ok && q_path && !can_enq;
  assign sq_wait_o       = a_ok && !smem_req && !q_path && cnt_q != '0 &&
                           (amo_q || (!op_q[3] && sq_conflict));

  // (The queue's pointers and counts are each loaded by one assignment,
  // from a next value computed only with an enqueue or a drain: a register
  // assigned twice that also reads itself costs the simulator a shadow
  // copy in and out every cycle; issue 17.)
  logic [QW-1:0]   hd_d, tl_d;
  logic [QW:0]     cnt_d;
  logic [W*(QW+1)-1:0] sq_cnt_d;
  always_comb begin
    hd_d = hd_q;
    tl_d = tl_q;
    cnt_d = cnt_q;
    sq_cnt_d = sq_cnt_q;
    if (enq_fire || drain_fire) begin
      if (enq_fire) tl_d = (32'(tl_q) == SQE1 - 1) ? '0 : tl_q + QW'(1);
      if (drain_fire) hd_d = (32'(hd_q) == SQE1 - 1) ? '0 : hd_q + QW'(1);
      cnt_d = cnt_q + (QW+1)'(enq_fire) - (QW+1)'(drain_fire);
      // only the enqueuing and the draining warp's counts move (neither
      // when they are the same warp)
      if (enq_fire && !(drain_fire && hd_wid == wid_q))
        sq_cnt_d[32'(wid_q)*(QW+1) +: QW+1] = sq_cnt_q[32'(wid_q)*(QW+1) +: QW+1] + (QW+1)'(1);
      if (drain_fire && !(enq_fire && hd_wid == wid_q))
        sq_cnt_d[32'(hd_wid)*(QW+1) +: QW+1] = sq_cnt_q[32'(hd_wid)*(QW+1) +: QW+1] - (QW+1)'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      held_q <= 1'b0; held_d_q <= 1'b0; prio_q <= 1'b0;
      e_v_q <= '0;
    end else begin
      held_q   <= mem_req_valid_o && !mem_req_ready_i;
      held_d_q <= sel_d;
      if (drain_fire) prio_q <= 1'b0;
      else if (a_port_fire && cnt_q != '0) prio_q <= 1'b1;
      if (drain_fire) e_v_q[hd_q] <= 1'b0;
      if (enq_fire) e_v_q[tl_q] <= 1'b1;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || enq_fire || drain_fire) begin
      hd_q  <= rst_ni ? hd_d : '0;
      tl_q  <= rst_ni ? tl_d : '0;
      cnt_q <= rst_ni ? cnt_d : '0;
      sq_cnt_q <= rst_ni ? sq_cnt_d : '0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (enq_fire) e_q[tl_q] <= {a_byteen, a_data, a_addr, tmask_q, free_idx, pc_q, wid_q};
  end

  if (SMEM_BYTES > 0) begin : g_smem
    weft_smem #(.T(T), .W(W), .WORDS(SMEM_BYTES / 4), .BANKS(SMEM_BANKS)) u_smem (
      .clk_i, .rst_ni,
      .req_valid_i  (smem_fire),
      .req_ready_o  (smem_ready),
      .req_we_i     (op_q[3]),
      .req_mask_i   (tmask_q),
      .req_word_i   (smem_word),
      .req_byteen_i (a_byteen),
      .req_data_i   (a_data),
      .req_tag_i    (8'(free_idx)),
      .req_amo_i    ({amo_q, amo5_q}),
      .req_wid_i    (wid_q),
      .rsp_valid_o  (smem_rsp_v),
      .rsp_tag_o    (smem_rsp_tag),
      .rsp_data_o   (smem_rsp_data),
      .access_o     (smem_access_o),
      .conflict_o   (smem_conflict_o)
    );
  end else begin : g_no_smem
    assign smem_ready = 1'b0;
    assign smem_rsp_v = 1'b0;
    assign smem_rsp_tag = '0;
    assign smem_rsp_data = '0;
    assign smem_access_o = 1'b0;
    assign smem_conflict_o = 1'b0;
  end

  assign err_valid_o = v_q && (misaligned || smem_bad);
  assign err_wid_o   = wid_q;
  assign err_pc_o    = pc_q;
  assign err_addr_o  = bad_addr;
  assign err_lane_o  = bad_lane;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) v_q <= 1'b0;
    else if (fire_in) v_q <= 1'b1;
    else if (req_fire) v_q <= 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (fire_in)
      a_q <= {in_wb_i, in_rd_i, in_amo_i, in_op_i[4], in_op_i[3:0], in_tmask_i, in_wid_i, in_pc_i, in_imm_i,
              in_rs2_i, in_rs1_i};
  end

  // Writeback of the lowest completed slot.
  assign out_valid_o = out_found;
  assign out_fire    = out_found && out_ready_i;
  assign out_meta    = s_meta_q[out_idx];
  assign out_wid_o   = out_meta[IW-1:0];
  assign out_pc_o    = out_meta[MO_PC +: 32];
  assign out_tmask_o = out_meta[MO_TM +: T];
  assign out_rd_o    = out_meta[MO_RD +: 6];
  assign out_wb_o    = out_meta[MO_WB];

  // Sub-word loads: the lanes' words shifted by their byte offsets and
  // extended by funct3.
  function automatic logic [T*32-1:0] ld_format(input logic [T*32-1:0] d, input logic [T*2-1:0] o,
                                                input logic [2:0] f3);
    for (int t = 0; t < T; t++) begin
      logic [31:0] w;
      w = d[t*32 +: 32] >> {o[t*2 +: 2], 3'b000};
      case (f3)
        3'b000:  ld_format[t*32 +: 32] = {{24{w[7]}}, w[7:0]};
        3'b001:  ld_format[t*32 +: 32] = {{16{w[15]}}, w[15:0]};
        3'b100:  ld_format[t*32 +: 32] = {24'd0, w[7:0]};
        3'b101:  ld_format[t*32 +: 32] = {16'd0, w[15:0]};
        default: ld_format[t*32 +: 32] = w;
      endcase
    end
  endfunction

  // (extracted only when a slot is handed to writeback, out_found: the data
  // is used only with out_valid_o; the simulator skips it otherwise, issue 17)
  always_comb begin
    out_data_o = '0;
    if (out_found) out_data_o = ld_format(s_data_q[out_idx], out_meta[MO_OFF +: 2 * T], out_meta[MO_F3 +: 3]);
  end

  // Age matrix: a new slot is younger than every slot in use; a freed slot's
  // column is cleared so that it carries no age into its next use.
  // One vector of SLOTS rows, updated only when a slot is allocated or
  // freed (the simulator copies one word instead of testing every row each
  // cycle; issue 17).
  logic [SLOTS*SLOTS-1:0] s_older_d;
  always_comb begin
    logic [SLOTS-1:0] fm;
    fm = out_fire ? (SLOTS'(1) << out_idx) : '0;
    s_older_d = s_older_q;
    if (req_fire || out_fire) begin
      s_older_d = s_older_q & ~{SLOTS{fm}};
      if (req_fire) s_older_d[32'(free_idx)*SLOTS +: SLOTS] = s_used_q & ~fm;
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) s_older_q <= '0;
    else if (req_fire || out_fire) s_older_q <= s_older_d;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s_used_q <= '0;
      s_done_q <= '0;
    end else begin
      if (out_fire) s_used_q[out_idx] <= 1'b0;
      if (req_fire) begin
        s_used_q[free_idx] <= 1'b1;
        s_done_q[free_idx] <= op_q[3] && !enq_fire;   // a queued store completes when it drains
      end
      if (drain_fire) s_done_q[hd_slot] <= 1'b1;
      if (mem_rsp_valid_i) s_done_q[mem_rsp_tag_i[SW-1:0]] <= 1'b1;
      if (smem_rsp_v) s_done_q[smem_rsp_tag[SW-1:0]] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) s_meta_q[free_idx] <= {offs, op_q[2:0], wb_q, rd_q, tmask_q, pc_q, wid_q};
    if (mem_rsp_valid_i) s_data_q[mem_rsp_tag_i[SW-1:0]] <= mem_rsp_data_i;
    if (smem_rsp_v) s_data_q[smem_rsp_tag[SW-1:0]] <= smem_rsp_data;
  end

  assign busy_o = v_q || (|s_used_q) || cnt_q != '0;

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  `WEFT_ASSERT_INIT(slots_fit_tag, SLOTS >= 1 && SLOTS <= 256)
  // The request stage holds its request until memory takes it: valid stays
  // and everything but the tag (the lowest free slot, which can change when
  // writeback frees a slot) is stable while mem_req_ready_i is low.
  `WEFT_ASSERT_STABLE_HS(mem_req_hold, mem_req_valid_o, mem_req_ready_i,
                         {mem_req_we_o, mem_req_amo_o, mem_req_mask_o, mem_req_addr_o,
                          mem_req_byteen_o, mem_req_data_o, mem_req_wid_o, mem_req_pc_o})
  // a request always has a free slot for its tag
  `WEFT_ASSERT_IF(req_has_slot, mem_req_valid_o && !sel_d, free_found && !s_used_q[free_idx])
  // a queued store's slot waits, in use and not complete, until it drains
  `WEFT_ASSERT_IF(drain_slot_pending, drain_fire, s_used_q[hd_slot] && !s_done_q[hd_slot])
  // a warp never holds more entries than the knob allows
  // (cnt + 1 <= SQE: cnt < SQE, which lint calls constant when SQE = 0)
  `WEFT_ASSERT_IF(sq_within_knob, enq_fire, 32'(sq_cnt_q[32'(wid_q)*(QW+1) +: QW+1]) < 32'(sq_n_i) && 32'(cnt_q) + 32'd1 <= SQE)
  // a response answers an outstanding load (slot in use, not yet complete)
  `WEFT_ASSERT_IF(rsp_tag_pending, mem_rsp_valid_i,
                  32'(mem_rsp_tag_i) < SLOTS && s_used_q[mem_rsp_tag_i[SW-1:0]] && !s_done_q[mem_rsp_tag_i[SW-1:0]])
  // writeback only of completed slots
  `WEFT_ASSERT_IF(out_slot_done, out_valid_o, s_used_q[out_idx] && s_done_q[out_idx])
  `WEFT_ASSERT_IF(no_dispatch_when_full, fire_in, !v_q || req_fire)
  `WEFT_ASSERT_KNOWN(valid_known, {in_valid_i, mem_req_valid_o, mem_rsp_valid_i, out_valid_o, err_valid_o})
`endif

endmodule
