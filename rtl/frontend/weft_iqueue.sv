// weft_iqueue: the per-warp insert queues between fetch and decode, and the
// I-cache stage's selection of the warp that goes to decode (seed 000 sec.
// 3.3.1, fig. 3.9).
//
// Each warp has a queue of DEPTH slots (a ring). (1) A fetch allocates the
// tail slot (alloc_*: pc and thread mask; the slot id goes with the I-cache
// request, slot_o). (2) The I-cache answer is written into its slot by id
// (rsp_*), in any order; a SWaS miss writes a NOP into its slot (nop_*).
// (3) A queue whose head slot has its instruction is a candidate; an answer
// for a head slot is a candidate in the cycle it arrives (bypass, so a hit
// fetched in cycle t reaches decode in t+1). (4) One candidate per cycle goes
// to decode (out_*), chosen by GTO (seed 000: "I elected to use GTO for the
// icache-stage scheduler"); with the back-pressure mask (bpr_i) warps whose
// instruction buffer is full (ib_full_i) are not candidates, otherwise such a
// pick waits for decode and blocks every warp (head-of-line blocking, seed
// 000 fig. 3.11).
//
// flush_i[w] empties queue w (its requests were killed in the I-cache); it
// does not stop this cycle's output (the caller drops it if needed: flush_i
// may depend on the output, decode flushes the younger fetches of the
// instruction it takes).
// nopify_i[w] turns every slot of queue w into a NOP, including slots whose
// answer is still to come (SWaS: flushed instructions are replaced by NOPs,
// seed 002 sec. IV-B3); an answer written into a NOP slot stays a NOP.
// Illegal: alloc_i for a full queue; alloc_i and flush_i for the same warp in
// one cycle (the allocation would be lost).
module weft_iqueue #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned DEPTH = 8,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned SW = (DEPTH > 1) ? $clog2(DEPTH) : 1,
  localparam int unsigned CW = $clog2(DEPTH + 1),
  localparam int unsigned XW = (W * DEPTH > 1) ? $clog2(W * DEPTH) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            bpr_i,
  input  logic [W-1:0]    ib_full_i,
  // from fetch
  input  logic            alloc_i,
  input  logic [IW-1:0]   alloc_wid_i,
  input  logic [31:0]     alloc_pc_i,
  input  logic [T-1:0]    alloc_tmask_i,
  output logic [W*SW-1:0] slot_o,      // tail slot of each warp
  output logic [W-1:0]    full_o,
  output logic [W*CW-1:0] count_o,
  // from the I-cache
  input  logic            rsp_valid_i,
  input  logic [IW-1:0]   rsp_wid_i,
  input  logic [SW-1:0]   rsp_slot_i,
  input  logic [31:0]     rsp_instr_i,
  input  logic            nop_valid_i,
  input  logic [IW-1:0]   nop_wid_i,
  input  logic [SW-1:0]   nop_slot_i,
  // flushes
  input  logic [W-1:0]    flush_i,
  input  logic [W-1:0]    nopify_i,
  // to decode
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [IW-1:0]   out_wid_o,
  output logic [31:0]     out_pc_o,
  output logic [T-1:0]    out_tmask_o,
  output logic [31:0]     out_instr_o,
  output logic            out_nop_o
);

  // A slot's pc and thread mask are one word, {tmask, pc}, written at one
  // place (one pending-write flag and test per cycle in the simulator
  // instead of two; issue 17, fourteenth session).
  logic [T+31:0]  pm_q    [W*DEPTH];
  logic [31:0]    instr_q [W*DEPTH];
  logic [W*DEPTH-1:0] has_q, has_d, nop_q, nop_d;
  logic [SW-1:0]  head_q [W];
  logic [SW-1:0]  tail_q [W];
  logic [CW-1:0]  cnt_q  [W];

  logic [W-1:0]   cand, byp, byp_r, nonempty, hhas;
  logic           sel_valid;
  logic [IW-1:0]  sel_wid;
  logic [W-1:0]   sel_gnt_unused;
  logic           out_fire;

  function automatic logic [SW-1:0] inc(input logic [SW-1:0] p);
    if (DEPTH == 1 || p == SW'(DEPTH - 1)) inc = '0;
    else inc = p + 1'b1;
  endfunction

  always_comb begin
    for (int w = 0; w < W; w++) begin
      slot_o[w*SW +: SW]  = tail_q[w];
      full_o[w]           = cnt_q[w] == CW'(DEPTH);
      count_o[w*CW +: CW] = cnt_q[w];
      nonempty[w]         = cnt_q[w] != '0;
      hhas[w]             = has_q[w*DEPTH + 32'(head_q[w])];
    end
  end
  // The answer (or SWaS NOP) of this cycle is for its warp's head slot: at
  // most one warp each, so one lookup each instead of a compare per warp
  // (simulation speed, issue 17; the same function).
  assign byp_r = (rsp_valid_i && rsp_slot_i == head_q[rsp_wid_i]) ? (W'(1) << rsp_wid_i) : '0;
  assign byp   = byp_r | ((nop_valid_i && nop_slot_i == head_q[nop_wid_i]) ? (W'(1) << nop_wid_i) : '0);
  assign cand  = nonempty & (hhas | byp) & ~(bpr_i ? ib_full_i : '0);

  weft_sched_policy #(.N(W), .CW(1)) u_sel (
    .clk_i, .rst_ni,
    .policy_i  (weft_spec_pkg::SCHED_POLICY_GTO),
    .req_i     (cand),
    .ready_i   (cand),
    .start_i   ('0),
    .nact_i    ('0),
    .icnt_i    ('0),
    .advance_i (out_fire),
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o   (sel_valid),
    .idx_o     (sel_wid),
    .gnt_o     (sel_gnt_unused)
  );

  always_comb begin
    logic [XW-1:0] e;
    e = XW'(32'(sel_wid) * DEPTH + 32'(head_q[sel_wid]));
    out_valid_o = sel_valid;
    out_wid_o   = sel_wid;
    out_pc_o    = pm_q[e][31:0];
    out_tmask_o = pm_q[e][T+31:32];
    if (has_q[e]) out_instr_o = instr_q[e];
    else out_instr_o = rsp_instr_i;
    out_nop_o = nop_q[e] || nopify_i[sel_wid] ||
                (!has_q[e] && !byp_r[sel_wid]);
  end
  assign out_fire = out_valid_o && out_ready_i;

  always_comb begin
    has_d = has_q;
    nop_d = nop_q;
    if (rsp_valid_i) has_d[32'(rsp_wid_i)*DEPTH + 32'(rsp_slot_i)] = 1'b1;
    if (nop_valid_i) begin
      has_d[32'(nop_wid_i)*DEPTH + 32'(nop_slot_i)] = 1'b1;
      nop_d[32'(nop_wid_i)*DEPTH + 32'(nop_slot_i)] = 1'b1;
    end
    if (alloc_i) begin
      has_d[32'(alloc_wid_i)*DEPTH + 32'(tail_q[alloc_wid_i])] = 1'b0;
      nop_d[32'(alloc_wid_i)*DEPTH + 32'(tail_q[alloc_wid_i])] = 1'b0;
    end
    if (nopify_i != '0)
      for (int w = 0; w < W; w++)
        if (nopify_i[w]) nop_d[w*DEPTH +: DEPTH] = '1;
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      has_q <= '0;
      nop_q <= '0;
      for (int w = 0; w < W; w++) begin
        head_q[w] <= '0;
        tail_q[w] <= '0;
        cnt_q[w]  <= '0;
      end
    end else begin
      has_q <= has_d;
      nop_q <= nop_d;
      // Pointers and counts: only the allocating and the answering warp's
      // entries move (a flush, later, wins), so an idle cycle writes none.
      if (alloc_i) tail_q[alloc_wid_i] <= inc(tail_q[alloc_wid_i]);
      if (out_fire) head_q[sel_wid] <= inc(head_q[sel_wid]);
      if (alloc_i && !(out_fire && sel_wid == alloc_wid_i)) cnt_q[alloc_wid_i] <= cnt_q[alloc_wid_i] + 1'b1;
      if (out_fire && !(alloc_i && sel_wid == alloc_wid_i)) cnt_q[sel_wid] <= cnt_q[sel_wid] - 1'b1;
      if (flush_i != '0) begin
        for (int w = 0; w < W; w++) begin
          if (flush_i[w]) begin
            head_q[w] <= '0;
            tail_q[w] <= '0;
            cnt_q[w]  <= '0;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (alloc_i) pm_q[32'(alloc_wid_i)*DEPTH + 32'(tail_q[alloc_wid_i])] <= {alloc_tmask_i, alloc_pc_i};
    if (rsp_valid_i) instr_q[32'(rsp_wid_i)*DEPTH + 32'(rsp_slot_i)] <= rsp_instr_i;
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  for (genvar w = 0; w < W; w++) begin : gen_a_q
    `WEFT_ASSERT(cnt_le_depth, 32'(cnt_q[w]) <= DEPTH)
  end
  // illegal uses (the header): allocation into a full queue, allocation and
  // flush of the same warp in one cycle
  `WEFT_ASSERT_IF(no_alloc_full, alloc_i, !full_o[alloc_wid_i])
  `WEFT_ASSERT_IF(no_alloc_flush, alloc_i, !flush_i[alloc_wid_i])
  // the decode pick is a candidate queue, which is not empty
  `WEFT_ASSERT_IF(out_is_cand, out_valid_o, cand[out_wid_o] && cnt_q[out_wid_o] != '0)
  `WEFT_ASSERT_ONEHOT0(sel_onehot0, sel_gnt_unused)
  `WEFT_ASSERT(sel_within_cand, (sel_gnt_unused & ~cand) == '0)
  `WEFT_ASSERT_KNOWN(valid_known, {alloc_i, rsp_valid_i, nop_valid_i, out_valid_o})
`endif

endmodule
