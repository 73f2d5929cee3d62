// weft_ibuffer: one instruction queue per warp between decode and issue.
//
// push_i writes entry push_data_i into the queue of push_wid_i; it is only
// legal when full_o[push_wid_i] is low (decode checks it: push_ready_o).
// Every queue's head is visible on heads_o (EW bits per warp, warp 0 in the
// low bits) with valid_o; pop_i removes the head of pop_wid_i.
// flush_i[w] empties queue w.
// SWaS NOPs (seed 002 sec. IV-B): an entry can be a NOP (push_nop_i;
// nop_o[w] says the head of w is one); nopify_i[w] turns every entry of w
// into a NOP; fill_i[w] makes queue w full of NOPs (warp start; their data
// is don't-care). fill_i takes precedence over push_i and pop_i; flush_i
// drops a push in the same cycle.
// Illegal uses: push_i on a full queue without a pop of it, pop_i on an
// empty queue (asserted in simulation; ignored otherwise).
//
// Structure (simulation speed, issue 17): every queue is a shift queue whose
// entry 0, the head, sits in one packed register of all warps' heads that
// drives heads_o directly, and whose entries 1..DEPTH-1 (the body) sit in
// a second packed register; a pop moves every entry down by one, a push
// writes the entry at the queue's count. A warp's state is written only in
// a cycle with an event for it (push, pop, flush, fill, nopify), so an idle
// cycle evaluates no queue and nothing is copied to build heads_o. (Before
// the thirteenth session each warp had a weft_fifo ring, whose heads were
// selected and packed into heads_o every cycle.) The head of an empty
// queue is don't-care (its valid_o is low), as with the ring.
// Side data (aux_*, AW bits): carried with every entry and shown with its
// head (the front end keeps each head's active-thread count there, counted
// once at the push instead of for every head in every cycle).
module weft_ibuffer #(
  parameter int unsigned W = 4,
  parameter int unsigned EW = 64,
  parameter int unsigned DEPTH = 2,
  parameter int unsigned AW = 1,             // side data of an entry (aux_*)
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned CW = $clog2(DEPTH + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            push_i,
  input  logic [IW-1:0]   push_wid_i,
  input  logic [EW-1:0]   push_data_i,
  input  logic            push_nop_i,
  input  logic [AW-1:0]   push_aux_i,     // side data of the entry, shown with its head on aux_o
  output logic            push_ready_o,
  input  logic            pop_i,
  input  logic [IW-1:0]   pop_wid_i,
  input  logic [W-1:0]    flush_i,
  input  logic [W-1:0]    nopify_i,
  input  logic [W-1:0]    fill_i,
  output logic [W-1:0]    nop_o,
  output logic [W*EW-1:0] heads_o,
  output logic [W*AW-1:0] aux_o,
  output logic [W-1:0]    valid_o,
  output logic [W-1:0]    full_o,
  output logic [W*CW-1:0] count_o
);

  localparam int unsigned BD = (DEPTH > 1) ? DEPTH - 1 : 1;   // body entries per warp

  logic [W*EW-1:0]    head_q;        // entry 0 of warp w at w*EW
  logic [W*BD*EW-1:0] body_q;        // entry k (1..DEPTH-1) of warp w at (w*BD + k-1)*EW
  logic [W*AW-1:0]    hauxq;         // the same for the side data
  logic [W*BD*AW-1:0] bauxq;
  logic [W*DEPTH-1:0] flag_q;        // NOP flag of entry k of warp w at w*DEPTH + k
  logic [W*CW-1:0]    cnt_q;         // entries of warp w at w*CW

  logic [W-1:0] push_w, pop_w, ev, dpop, dpush;
  assign push_w = push_i ? (W'(1) << push_wid_i) : '0;
  assign pop_w  = pop_i ? (W'(1) << pop_wid_i) : '0;
  assign ev     = push_w | pop_w | flush_i | fill_i | nopify_i;
  // the pop and push that take effect (a push on a full queue only with a
  // pop of it; flush and fill are handled below)
  assign dpop   = pop_w & valid_o;
  assign dpush  = push_w & (~full_o | dpop);
  // the warps whose entries move or are written (not with a flush or fill)
  logic [W-1:0] dmove;
  assign dmove  = (dpush | dpop) & ~flush_i & ~fill_i;

  always_comb begin
    for (int w = 0; w < W; w++) begin
      valid_o[w] = cnt_q[w*CW +: CW] != '0;
      full_o[w]  = cnt_q[w*CW +: CW] == CW'(DEPTH);
      nop_o[w]   = flag_q[w*DEPTH];
    end
  end
  assign heads_o      = head_q;
  assign aux_o        = hauxq;
  assign count_o      = cnt_q;
  assign push_ready_o = !full_o[push_wid_i];

  // A warp's flags after a pop (down by one) and a push (at its position).
  function automatic logic [DEPTH-1:0] flags_next(input logic [DEPTH-1:0] fl, input logic po,
                                                  input logic pu, input logic [CW-1:0] pos,
                                                  input logic nop);
    logic [DEPTH-1:0] f;
    f = po ? (fl >> 1) : fl;
    for (int k = 0; k < DEPTH; k++) if (pu && 32'(pos) == k) f[k] = nop;
    flags_next = f;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q  <= '0;
      flag_q <= '0;
    end else begin
      for (int w = 0; w < W; w++) begin
        if (ev[w]) begin
          if (fill_i[w]) cnt_q[w*CW +: CW] <= CW'(DEPTH);
          else if (flush_i[w]) cnt_q[w*CW +: CW] <= '0;
          else cnt_q[w*CW +: CW] <= cnt_q[w*CW +: CW] + CW'(dpush[w]) - CW'(dpop[w]);
          if (fill_i[w] || nopify_i[w]) flag_q[w*DEPTH +: DEPTH] <= '1;
          else if (!flush_i[w])
            flag_q[w*DEPTH +: DEPTH] <= flags_next(flag_q[w*DEPTH +: DEPTH], dpop[w], dpush[w],
                                                   cnt_q[w*CW +: CW] - CW'(dpop[w]), push_nop_i);
        end
      end
    end
  end

  // Entry data: moved down by a pop, written by a push at the position
  // count - pop (not with a flush or a fill of the warp).
  always_ff @(posedge clk_i) begin
    for (int w = 0; w < W; w++) begin
      if (dmove[w]) begin
        if (dpush[w] && cnt_q[w*CW +: CW] - CW'(dpop[w]) == '0) begin
          head_q[w*EW +: EW] <= push_data_i;
          hauxq[w*AW +: AW]  <= push_aux_i;
        end else if (dpop[w] && DEPTH > 1) begin
          head_q[w*EW +: EW] <= body_q[w*BD*EW +: EW];
          hauxq[w*AW +: AW]  <= bauxq[w*BD*AW +: AW];
        end
        for (int k = 1; k < DEPTH; k++) begin
          if (dpush[w] && 32'(cnt_q[w*CW +: CW]) - 32'(dpop[w]) == k) begin
            body_q[(w*BD + k - 1)*EW +: EW] <= push_data_i;
            bauxq[(w*BD + k - 1)*AW +: AW]  <= push_aux_i;
          end else if (dpop[w] && k + 1 < DEPTH) begin   // (the source index stays in range for the last k)
            body_q[(w*BD + k - 1)*EW +: EW] <= body_q[(w*BD + ((k + 1 < DEPTH) ? k : k - 1))*EW +: EW];
            bauxq[(w*BD + k - 1)*AW +: AW]  <= bauxq[(w*BD + ((k + 1 < DEPTH) ? k : k - 1))*AW +: AW];
          end
        end
      end
    end
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  `WEFT_ASSERT_INIT(depth_ge_1, DEPTH >= 1 && EW >= 1)
  // illegal uses (the header): push on full without a pop, pop on empty
  // (the rare part as the precondition: the rest is evaluated only then)
  `WEFT_ASSERT_IF(no_push_on_full, push_i && full_o[push_wid_i],
                  (pop_i && pop_wid_i == push_wid_i) || flush_i[push_wid_i] || fill_i[push_wid_i])
  `WEFT_ASSERT_IF(no_pop_on_empty, pop_i && !valid_o[pop_wid_i], flush_i[pop_wid_i] || fill_i[pop_wid_i])
  // occupancy bound
  for (genvar w = 0; w < W; w++) begin : gen_a_q
    `WEFT_ASSERT(count_le_depth, 32'(cnt_q[w*CW +: CW]) <= DEPTH)
  end
  `WEFT_ASSERT_KNOWN(ctrl_known, {push_i, pop_i, flush_i, fill_i})
`endif

endmodule
