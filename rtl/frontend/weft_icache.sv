// weft_icache: the I-cache stage: a direct-mapped instruction cache with one
// lookup per cycle and one outstanding miss (blocking).
//
// Cycle t: a request (warp, pc, tmask) is accepted and the data word is read
// from the data array (synchronous read). Cycle t+1: the tag is compared; on
// a hit the instruction is offered to decode (out_valid_o / out_ready_i). On
// a miss the line is requested from memory (mem_req_*), written into the
// arrays when mem_rsp_valid_i arrives, and the lookup is repeated, so a miss
// costs the memory latency plus two cycles. The stage holds its request
// while decode does not accept it (no new request is taken then).
module weft_icache #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned LINES = 128,
  parameter int unsigned LINE_WORDS = 8,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned OW = $clog2(LINE_WORDS),  // word offset bits
  localparam int unsigned XW = $clog2(LINES),       // index bits
  localparam int unsigned TW = 32 - 2 - OW - XW     // tag bits
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          flush_i,     // invalidate every line (fence.i)
  input  logic          kill_i,      // drop the request of warp kill_wid_i (wrong path)
  input  logic [IW-1:0] kill_wid_i,
  // from fetch
  input  logic          req_valid_i,
  output logic          req_ready_o,
  input  logic [IW-1:0] req_wid_i,
  input  logic [31:0]   req_pc_i,
  input  logic [T-1:0]  req_tmask_i,
  // to decode
  output logic          out_valid_o,
  input  logic          out_ready_i,
  output logic [IW-1:0] out_wid_o,
  output logic [31:0]   out_pc_o,
  output logic [T-1:0]  out_tmask_o,
  output logic [31:0]   out_instr_o,
  // memory (line requests, responses in order)
  output logic          mem_req_valid_o,
  input  logic          mem_req_ready_i,
  output logic [31:0]   mem_req_addr_o,
  input  logic          mem_rsp_valid_i,
  input  logic [LINE_WORDS*32-1:0] mem_rsp_data_i,
  // occupancy (for the back-pressure mask)
  output logic          busy_o,
  output logic [IW-1:0] busy_wid_o,
  // statistics
  output logic          miss_o
);

  localparam logic [1:0] S_LOOKUP = 2'd0;
  localparam logic [1:0] S_MISS_REQ = 2'd1;
  localparam logic [1:0] S_MISS_WAIT = 2'd2;

  logic [31:0]   data_mem [LINES*LINE_WORDS];
  logic [TW-1:0] tag_q [LINES];
  logic [LINES-1:0] lvalid_q;

  logic          s1_valid_q;
  logic [IW-1:0] s1_wid_q;
  logic [31:0]   s1_pc_q;
  logic [T-1:0]  s1_tmask_q;
  logic [31:0]   word_q;
  logic [1:0]    state_q, state_d;
  logic          killed_q;           // the held request was killed: drop it
  logic          kill_now, drop;

  logic [XW-1:0] s1_idx;
  logic [TW-1:0] s1_tag;
  logic          hit;
  logic          req_fire, out_fire;
  logic          fill;

  assign s1_idx = s1_pc_q[2+OW +: XW];
  assign s1_tag = s1_pc_q[31 -: TW];
  assign hit    = s1_valid_q && (state_q == S_LOOKUP) && lvalid_q[s1_idx] && (tag_q[s1_idx] == s1_tag);

  // A killed request still completes its miss (the line is filled) but is
  // dropped instead of being offered to decode.
  assign kill_now    = kill_i && s1_valid_q && (s1_wid_q == kill_wid_i);
  assign drop        = hit && (killed_q || kill_now);
  assign out_valid_o = hit && !killed_q && !kill_now;
  assign out_wid_o   = s1_wid_q;
  assign out_pc_o    = s1_pc_q;
  assign out_tmask_o = s1_tmask_q;
  assign out_instr_o = word_q;
  assign out_fire    = out_valid_o && out_ready_i;
  assign req_ready_o = !s1_valid_q || out_fire || drop;
  assign req_fire    = req_valid_i && req_ready_o;

  assign mem_req_valid_o = (state_q == S_MISS_REQ);
  assign mem_req_addr_o  = {s1_pc_q[31:2+OW], {(OW+2){1'b0}}};
  assign fill            = (state_q == S_MISS_WAIT) && mem_rsp_valid_i;
  assign miss_o          = s1_valid_q && (state_q == S_LOOKUP) && !hit;
  assign busy_o          = s1_valid_q && !killed_q;
  assign busy_wid_o      = s1_wid_q;

  always_comb begin
    state_d = state_q;
    unique case (state_q)
      S_LOOKUP:    if (s1_valid_q && !hit) state_d = S_MISS_REQ;
      S_MISS_REQ:  if (mem_req_ready_i) state_d = S_MISS_WAIT;
      S_MISS_WAIT: if (mem_rsp_valid_i) state_d = S_LOOKUP;
      default:     state_d = S_LOOKUP;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q    <= S_LOOKUP;
      s1_valid_q <= 1'b0;
      killed_q   <= 1'b0;
      lvalid_q   <= '0;
    end else begin
      state_q <= state_d;
      if (req_fire)      s1_valid_q <= 1'b1;
      else if (out_fire || drop) s1_valid_q <= 1'b0;
      if (req_fire)      killed_q <= 1'b0;
      else if (kill_now) killed_q <= 1'b1;
      if (flush_i) lvalid_q <= '0;
      else if (fill) lvalid_q[s1_idx] <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) begin
      s1_wid_q   <= req_wid_i;
      s1_pc_q    <= req_pc_i;
      s1_tmask_q <= req_tmask_i;
      word_q     <= data_mem[req_pc_i[2 +: OW+XW]];
    end else if (fill) begin
      word_q <= mem_rsp_data_i[32*s1_pc_q[2 +: OW] +: 32];
    end
    if (fill) begin
      tag_q[s1_idx] <= s1_tag;
      for (int i = 0; i < LINE_WORDS; i++) data_mem[{s1_idx, OW'(i)}] <= mem_rsp_data_i[32*i +: 32];
    end
  end

endmodule
