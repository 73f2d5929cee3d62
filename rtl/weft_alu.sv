// weft_alu: integer ALU and branch unit, T lanes, one warp instruction at a
// time with a latency of one cycle.
//
// The operands are latched at dispatch (in_valid_i && in_ready_o); the
// result is offered to writeback in the next cycle (out_valid_o) and held
// until out_ready_i. Branches and jumps resolve when their result is taken
// by writeback, or by weft_execute's ALU_LAT line when ALU_LAT > 1 (br_valid_o): direction and target come from the leader lane
// (the lowest active thread, docs/isa.md). In divergence mode minpc
// (divergence_i) every lane has its own next pc (br_lpc_o; weft_fetch picks
// the warp's next pc and mask) and br_taken_o says that some active lane does
// not go on at pc + 4; br_link_o gives the call depth change of jal/jalr
// (bit 1 call, bit 0 return).
module weft_alu #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            divergence_i,  // 0 ipdom, 1 minpc
  // from dispatch
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [IW-1:0]   in_wid_i,
  input  logic [31:0]     in_pc_i,
  input  logic [T-1:0]    in_tmask_i,
  input  logic [4:0]      in_op_i,
  input  logic [4:0]      in_rd_i,
  input  logic            in_wb_i,
  input  logic            in_use_imm_i,
  input  logic [31:0]     in_imm_i,
  input  logic [T*32-1:0] in_rs1_i,
  input  logic [T*32-1:0] in_rs2_i,
  input  logic [1:0]      in_link_i,     // jal/jalr: {call, return} (RISC-V link hints)
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
  output logic            br_valid_o,
  output logic [IW-1:0]   br_wid_o,
  output logic [31:0]     br_pc_o,
  output logic            br_taken_o,    // the next pc is not pc + 4
  output logic [31:0]     br_src_pc_o,   // pc of the branch
  output logic [T-1:0]    br_tmask_o,    // minpc: the branch's thread mask
  output logic [T*32-1:0] br_lpc_o,      // minpc: each lane's next pc
  output logic [1:0]      br_link_o,     // minpc: {call, return}
  // ipdom branch check: a resolving branch/jalr whose active lanes do not all
  // go where the leader goes (div_err_off_o: those lanes)
  input  logic            branch_check_i,
  output logic            div_err_o,
  output logic [T-1:0]    div_err_off_o
);

  logic            v_q;
  logic [IW-1:0]   wid_q;
  logic [31:0]     pc_q, imm_q;
  logic [T-1:0]    tmask_q;
  logic [4:0]      op_q, rd_q;
  logic            wb_q, use_imm_q;
  logic [T*32-1:0] a_q, b_q;
  logic [1:0]      link_q;

  logic            fire_in, fire_out;
  logic [T-1:0]    taken;
  logic [31:0]     lead_a;
  logic            lead_taken;
  logic            lane_off;

  assign fire_out   = v_q && out_ready_i;
  assign in_ready_o = !v_q || out_ready_i;
  assign fire_in    = in_valid_i && in_ready_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) v_q <= 1'b0;
    else if (fire_in) v_q <= 1'b1;
    else if (fire_out) v_q <= 1'b0;
  end

  always_ff @(posedge clk_i) begin
    if (fire_in) begin
      wid_q <= in_wid_i; pc_q <= in_pc_i; tmask_q <= in_tmask_i; op_q <= in_op_i;
      rd_q <= in_rd_i; wb_q <= in_wb_i; use_imm_q <= in_use_imm_i; imm_q <= in_imm_i;
      a_q <= in_rs1_i; b_q <= in_rs2_i; link_q <= in_link_i;
    end
  end

  // The lanes, the leader and the branch outputs are computed only while an
  // instruction is held (v_q); the per-lane next pcs and the branch check
  // only for a branch or jump. Every reader is gated by out_valid_o or
  // br_valid_o; the outputs are 0 otherwise (issue 17: an idle ALU costs
  // the simulator nothing).
  logic is_br;
  assign is_br = v_q && (op_q == weft_pkg::ALU_JAL || op_q == weft_pkg::ALU_JALR || op_q[4]);

  always_comb begin
    logic [31:0] a, b, r;
    a = '0;
    b = '0;
    r = '0;
    out_data_o = '0;
    taken      = '0;
    if (v_q) for (int t = 0; t < T; t++) begin
      a = a_q[t*32 +: 32];
      b = use_imm_q ? imm_q : b_q[t*32 +: 32];
      r = '0;
      unique case (op_q)
        weft_pkg::ALU_ADD:   r = a + b;
        weft_pkg::ALU_SUB:   r = a - b;
        weft_pkg::ALU_SLL:   r = a << b[4:0];
        weft_pkg::ALU_SLT:   r = {31'b0, $signed(a) < $signed(b)};
        weft_pkg::ALU_SLTU:  r = {31'b0, a < b};
        weft_pkg::ALU_XOR:   r = a ^ b;
        weft_pkg::ALU_SRL:   r = a >> b[4:0];
        weft_pkg::ALU_SRA:   r = $unsigned($signed(a) >>> b[4:0]);
        weft_pkg::ALU_OR:    r = a | b;
        weft_pkg::ALU_AND:   r = a & b;
        weft_pkg::ALU_LUI:   r = imm_q;
        weft_pkg::ALU_AUIPC: r = pc_q + imm_q;
        weft_pkg::ALU_JAL, weft_pkg::ALU_JALR: r = pc_q + 32'd4;
        weft_pkg::ALU_BEQ:   taken[t] = (a == b);
        weft_pkg::ALU_BNE:   taken[t] = (a != b);
        weft_pkg::ALU_BLT:   taken[t] = ($signed(a) < $signed(b));
        weft_pkg::ALU_BGE:   taken[t] = ($signed(a) >= $signed(b));
        weft_pkg::ALU_BLTU:  taken[t] = (a < b);
        weft_pkg::ALU_BGEU:  taken[t] = (a >= b);
        default: r = '0;
      endcase
`ifdef WEFT_FAULT_ALU
      // Test-only planted fault (tests/run.sh, fault-injection): lane 0 of an
      // add whose result ends in 0x2a gets bit 0 flipped. Co-simulation must
      // report it.
      if (t == 0 && op_q == weft_pkg::ALU_ADD && r[7:0] == 8'h2a) r = r ^ 32'd1;
`endif
      out_data_o[t*32 +: 32] = r;
    end
  end

  // Leader lane: lowest set bit of the thread mask.
  always_comb begin
    lead_a     = '0;
    lead_taken = 1'b0;
    if (is_br) begin
      lead_a     = a_q[31:0];
      lead_taken = taken[0];
      for (int t = T - 1; t >= 0; t--) begin
        if (tmask_q[t]) begin
          lead_a     = a_q[t*32 +: 32];
          lead_taken = taken[t];
        end
      end
    end
  end

  assign out_valid_o = v_q;
  assign out_wid_o   = wid_q;
  assign out_pc_o    = pc_q;
  assign out_tmask_o = tmask_q;
  assign out_rd_o    = rd_q;
  assign out_wb_o    = wb_q;

  always_comb begin
    br_valid_o = fire_out && is_br;
    br_wid_o   = wid_q;
    br_pc_o    = '0;
    br_taken_o = 1'b0;
    if (is_br) begin
      unique case (op_q)
        weft_pkg::ALU_JAL:  br_pc_o = pc_q + imm_q;
        weft_pkg::ALU_JALR: br_pc_o = (lead_a + imm_q) & ~32'd1;
        default:            br_pc_o = lead_taken ? (pc_q + imm_q) : (pc_q + 32'd4);
      endcase
      br_taken_o = divergence_i ? lane_off : (br_pc_o != pc_q + 32'd4);
    end
    br_src_pc_o = pc_q;
  end

  // minpc: per-lane next pcs; taken when an active lane leaves pc + 4
  always_comb begin
    logic [31:0] n;
    n = '0;
    lane_off = 1'b0;
    br_lpc_o = '0;
    if (is_br) for (int t = 0; t < T; t++) begin
      unique case (op_q)
        weft_pkg::ALU_JAL:  n = pc_q + imm_q;
        weft_pkg::ALU_JALR: n = (a_q[t*32 +: 32] + imm_q) & ~32'd1;
        default:            n = taken[t] ? (pc_q + imm_q) : (pc_q + 32'd4);
      endcase
      br_lpc_o[t*32 +: 32] = n;
      if (tmask_q[t] && n != pc_q + 32'd4) lane_off = 1'b1;
    end
  end
  assign br_tmask_o = tmask_q;
  always_comb begin
    div_err_off_o = '0;
    if (is_br) for (int t = 0; t < T; t++) div_err_off_o[t] = tmask_q[t] && br_lpc_o[t*32 +: 32] != br_pc_o;
  end
  assign div_err_o = br_valid_o && !divergence_i && branch_check_i && div_err_off_o != '0;
  assign br_link_o  = link_q;

endmodule
