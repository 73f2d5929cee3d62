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
module weft_lsu #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned SLOTS = 8,
  parameter int unsigned SMEM_BYTES = 4096,     // 0 = no shared memory
  parameter int unsigned SMEM_BANKS = 4,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned SW = (SLOTS > 1) ? $clog2(SLOTS) : 1,
  localparam int unsigned WWS = (SMEM_BYTES > 4) ? $clog2(SMEM_BYTES / 4) : 1,
  localparam int unsigned SMEM_LIM = (SMEM_BYTES > 0) ? SMEM_BYTES : 1   // (no window when 0)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
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
  // status
  output logic            busy_o,
  output logic            err_valid_o,
  output logic [IW-1:0]   err_wid_o,
  output logic [31:0]     err_pc_o,
  output logic [31:0]     err_addr_o,
  output logic [7:0]      err_lane_o      // the lowest bad active lane (its address: err_addr_o)
);

  // stage A
  logic            v_q;
  logic [IW-1:0]   wid_q;
  logic [31:0]     pc_q, imm_q;
  logic [T-1:0]    tmask_q;
  logic [3:0]      op_q;
  logic            amo_q;
  logic [4:0]      amo5_q;
  logic [5:0]      rd_q;
  logic            wb_q;
  logic [T*32-1:0] base_q, sdata_q;

  // pending table
  logic [SLOTS-1:0] s_used_q, s_done_q;
  logic [IW-1:0]    s_wid_q [SLOTS];
  logic [31:0]      s_pc_q [SLOTS];
  logic [T-1:0]     s_tmask_q [SLOTS];
  logic [5:0]       s_rd_q [SLOTS];
  logic             s_wb_q [SLOTS];
  logic [2:0]       s_f3_q [SLOTS];
  logic [T*2-1:0]   s_off_q [SLOTS];
  logic [T*32-1:0]  s_data_q [SLOTS];
  logic [SLOTS-1:0] s_older_q [SLOTS];   // bit j of row s: slot j is older than s

  logic            free_found, out_found;
  logic [SW-1:0]   free_idx, out_idx;
  logic            misaligned, smem_req, smem_bad;
  logic [T-1:0]    in_sm;
  logic [T*2-1:0]  offs;
  logic            req_fire, out_fire, fire_in;
  logic [31:0]     bad_addr;
  logic [7:0]      bad_lane;

  assign fire_in    = in_valid_i && in_ready_o;
  assign in_ready_o = !v_q || req_fire;

  always_comb begin
    free_found = 1'b0;
    free_idx   = '0;
    out_found  = 1'b0;
    out_idx    = '0;
    for (int s = SLOTS - 1; s >= 0; s--) begin
      if (!s_used_q[s]) begin free_found = 1'b1; free_idx = SW'(s); end
      if (s_used_q[s] && s_done_q[s] && (s_older_q[s] & s_used_q & s_done_q) == '0) begin
        out_found = 1'b1; out_idx = SW'(s);
      end
    end
  end

  // Address generation and alignment check.
  always_comb begin
    misaligned = 1'b0;
    bad_addr   = '0;
    bad_lane   = '0;
    smem_bad   = 1'b0;
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
      mem_req_addr_o[t*32 +: 32] = {a[31:2], 2'b00};
      d8  = sdata_q[t*32 +: 8];
      d16 = sdata_q[t*32 +: 16];
      unique case (op_q[1:0])
        2'b00: begin
          mem_req_byteen_o[t*4 +: 4] = 4'b0001 << a[1:0];
          mem_req_data_o[t*32 +: 32] = {4{d8}};
        end
        2'b01: begin
          mem_req_byteen_o[t*4 +: 4] = a[1] ? 4'b1100 : 4'b0011;
          mem_req_data_o[t*32 +: 32] = {2{d16}};
          if (tmask_q[t] && a[0]) begin misaligned = 1'b1; bad_addr = a; bad_lane = 8'(t); end
        end
        default: begin
          mem_req_byteen_o[t*4 +: 4] = 4'b1111;
          mem_req_data_o[t*32 +: 32] = sdata_q[t*32 +: 32];
          if (tmask_q[t] && a[1:0] != 2'b00) begin misaligned = 1'b1; bad_addr = a; bad_lane = 8'(t); end
        end
      endcase
    end
  end

  logic smem_ready, smem_fire, smem_rsp_v;
  logic [7:0]      smem_rsp_tag;
  logic [T*32-1:0] smem_rsp_data;
  logic [T*WWS-1:0] smem_word;
  for (genvar t = 0; t < T; t++) begin : g_sword
    assign smem_word[t*WWS +: WWS] = WWS'(mem_req_addr_o[t*32 + 2 +: WWS]);
  end

  assign mem_req_valid_o = v_q && free_found && !misaligned && !smem_bad && !smem_req;
  assign smem_fire       = v_q && free_found && !misaligned && !smem_bad && smem_req && smem_ready;
  assign mem_req_we_o    = op_q[3];
  assign mem_req_amo_o   = {amo_q, amo_q ? amo5_q : 5'd0};
  assign mem_req_mask_o  = tmask_q;
  assign mem_req_tag_o   = 8'(free_idx);
  assign mem_req_wid_o   = wid_q;
  assign mem_req_pc_o    = pc_q;
  assign req_fire        = (mem_req_valid_o && mem_req_ready_i) || smem_fire;

  if (SMEM_BYTES > 0) begin : g_smem
    weft_smem #(.T(T), .W(W), .WORDS(SMEM_BYTES / 4), .BANKS(SMEM_BANKS)) u_smem (
      .clk_i, .rst_ni,
      .req_valid_i  (smem_fire),
      .req_ready_o  (smem_ready),
      .req_we_i     (op_q[3]),
      .req_mask_i   (tmask_q),
      .req_word_i   (smem_word),
      .req_byteen_i (mem_req_byteen_o),
      .req_data_i   (mem_req_data_o),
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
    if (fire_in) begin
      wid_q <= in_wid_i; pc_q <= in_pc_i; tmask_q <= in_tmask_i; op_q <= in_op_i[3:0];
      amo_q <= in_op_i[4]; amo5_q <= in_amo_i;
      rd_q <= in_rd_i; wb_q <= in_wb_i; imm_q <= in_imm_i;
      base_q <= in_rs1_i; sdata_q <= in_rs2_i;
    end
  end

  // Writeback of the lowest completed slot.
  assign out_valid_o = out_found;
  assign out_fire    = out_found && out_ready_i;
  assign out_wid_o   = s_wid_q[out_idx];
  assign out_pc_o    = s_pc_q[out_idx];
  assign out_tmask_o = s_tmask_q[out_idx];
  assign out_rd_o    = s_rd_q[out_idx];
  assign out_wb_o    = s_wb_q[out_idx];

  always_comb begin
    logic [2:0]      f3;
    logic [T*2-1:0]  o;
    logic [T*32-1:0] d;
    f3 = s_f3_q[out_idx];
    o  = s_off_q[out_idx];
    d  = s_data_q[out_idx];
    for (int t = 0; t < T; t++) begin
      logic [31:0] w;
      w = d[t*32 +: 32] >> {o[t*2 +: 2], 3'b000};
      unique case (f3)
        3'b000:  out_data_o[t*32 +: 32] = {{24{w[7]}}, w[7:0]};
        3'b001:  out_data_o[t*32 +: 32] = {{16{w[15]}}, w[15:0]};
        3'b100:  out_data_o[t*32 +: 32] = {24'd0, w[7:0]};
        3'b101:  out_data_o[t*32 +: 32] = {16'd0, w[15:0]};
        default: out_data_o[t*32 +: 32] = w;
      endcase
    end
  end

  // Age matrix: a new slot is younger than every slot in use; a freed slot's
  // column is cleared so that it carries no age into its next use.
  always_ff @(posedge clk_i) begin
    for (int s = 0; s < SLOTS; s++) begin
      if (!rst_ni) s_older_q[s] <= '0;
      else if (req_fire && free_idx == SW'(s)) s_older_q[s] <= s_used_q & ~(out_fire ? (SLOTS'(1) << out_idx) : '0);
      else if (out_fire) s_older_q[s] <= s_older_q[s] & ~(SLOTS'(1) << out_idx);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      s_used_q <= '0;
      s_done_q <= '0;
    end else begin
      if (out_fire) s_used_q[out_idx] <= 1'b0;
      if (req_fire) begin
        s_used_q[free_idx] <= 1'b1;
        s_done_q[free_idx] <= op_q[3];
      end
      if (mem_rsp_valid_i) s_done_q[mem_rsp_tag_i[SW-1:0]] <= 1'b1;
      if (smem_rsp_v) s_done_q[smem_rsp_tag[SW-1:0]] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) begin
      s_wid_q[free_idx]   <= wid_q;
      s_pc_q[free_idx]    <= pc_q;
      s_tmask_q[free_idx] <= tmask_q;
      s_rd_q[free_idx]    <= rd_q;
      s_wb_q[free_idx]    <= wb_q;
      s_f3_q[free_idx]    <= op_q[2:0];
      s_off_q[free_idx]   <= offs;
    end
    if (mem_rsp_valid_i) s_data_q[mem_rsp_tag_i[SW-1:0]] <= mem_rsp_data_i;
    if (smem_rsp_v) s_data_q[smem_rsp_tag[SW-1:0]] <= smem_rsp_data;
  end

  assign busy_o = v_q || (|s_used_q);

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
  `WEFT_ASSERT_IF(req_has_slot, mem_req_valid_o, free_found && !s_used_q[free_idx])
  // a response answers an outstanding load (slot in use, not yet complete)
  `WEFT_ASSERT_IF(rsp_tag_pending, mem_rsp_valid_i,
                  32'(mem_rsp_tag_i) < SLOTS && s_used_q[mem_rsp_tag_i[SW-1:0]] && !s_done_q[mem_rsp_tag_i[SW-1:0]])
  // writeback only of completed slots
  `WEFT_ASSERT_IF(out_slot_done, out_valid_o, s_used_q[out_idx] && s_done_q[out_idx])
  `WEFT_ASSERT_IF(no_dispatch_when_full, fire_in, !v_q || req_fire)
  `WEFT_ASSERT_KNOWN(valid_known, {in_valid_i, mem_req_valid_o, mem_rsp_valid_i, out_valid_o, err_valid_o})
`endif

endmodule
