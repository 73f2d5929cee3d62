// weft_fifo: synchronous first-in first-out queue (leaf module).
//
// Handshake: push_i writes data_i when the queue is not full (or when it is
// full and pop_i frees a slot in the same cycle); pop_i removes the head when
// the queue is not empty. head_o is the oldest entry and is valid while
// empty_o is low (registered storage, no combinational path from push_i).
// flush_i empties the queue (a push in the same cycle is dropped).
// Every entry also carries a flag bit (flag_i with the push, head_flag_o):
// mark_i sets the flag of every entry in the queue (and of a push in the same
// cycle); fill_i makes the queue full of flagged entries whose data is
// don't-care (the instruction buffers use the flag for SWaS NOPs). fill_i
// takes precedence over push_i and pop_i.
// Illegal uses: push_i on a full queue without pop_i, pop_i on an empty
// queue (asserted in simulation; ignored otherwise).
module weft_fifo #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 4

) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             push_i,
  input  logic [WIDTH-1:0] data_i,
  input  logic             pop_i,
  input  logic             flag_i,
  input  logic             mark_i,
  input  logic             fill_i,
  output logic             head_flag_o,
  output logic [WIDTH-1:0] head_o,
  output logic             empty_o,
  output logic             full_o,
  output logic [$clog2(DEPTH + 1)-1:0]    count_o
);

  localparam int PW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam int CW = $clog2(DEPTH + 1);

  logic [WIDTH-1:0] mem_q [DEPTH];
  logic [PW-1:0]    rd_q, rd_d, wr_q, wr_d;
  logic [CW-1:0]    cnt_q, cnt_d;
  logic             do_push, do_pop;
  logic [DEPTH-1:0] flag_q, flag_d;

  function automatic logic [PW-1:0] inc(input logic [PW-1:0] p);
    if (DEPTH == 1 || p == PW'(DEPTH - 1)) inc = '0;
    else inc = p + 1'b1;
  endfunction

  assign empty_o = (cnt_q == '0);
  assign full_o  = (cnt_q == CW'(DEPTH));
  assign count_o = cnt_q;
  assign head_o  = mem_q[rd_q];
  assign head_flag_o = flag_q[rd_q];
  assign do_pop  = pop_i && !empty_o;
  assign do_push = push_i && (!full_o || do_pop);

  always_comb begin
    rd_d  = rd_q;
    wr_d  = wr_q;
    cnt_d = cnt_q;
    flag_d = flag_q;
    if (do_push) flag_d[wr_q] = flag_i;
    if (mark_i) flag_d = '1;
    if (fill_i) begin
      rd_d   = '0;
      wr_d   = '0;
      cnt_d  = CW'(DEPTH);
      flag_d = '1;
    end else if (flush_i) begin
      rd_d  = '0;
      wr_d  = '0;
      cnt_d = '0;
    end else begin
      if (do_pop)  rd_d = inc(rd_q);
      if (do_push) wr_d = inc(wr_q);
      cnt_d = cnt_q + CW'(do_push) - CW'(do_pop);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q  <= '0;
      wr_q  <= '0;
      cnt_q <= '0;
      flag_q <= '0;
    end else begin
      flag_q <= flag_d;
      rd_q  <= rd_d;
      wr_q  <= wr_d;
      cnt_q <= cnt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (do_push && !flush_i && !fill_i) mem_q[wr_q] <= data_i;
  end

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  `WEFT_ASSERT_INIT(depth_ge_1, DEPTH >= 1 && WIDTH >= 1)
  // illegal uses (the header): push on full without pop, pop on empty
  // (the rare part as the precondition: the rest is evaluated only then)
  `WEFT_ASSERT_IF(no_push_on_full, push_i && full_o, pop_i || flush_i || fill_i)
  `WEFT_ASSERT_IF(no_pop_on_empty, pop_i && empty_o, flush_i || fill_i)
  // occupancy bound, and the pointers agree with the count
  `WEFT_ASSERT(count_le_depth, 32'(cnt_q) <= DEPTH)
  `WEFT_ASSERT_IF(ptrs_match_count, cnt_q != CW'(DEPTH), wr_q == PW'((32'(rd_q) + 32'(cnt_q)) % DEPTH))
  `WEFT_ASSERT_IF(ptrs_equal_full, cnt_q == CW'(DEPTH), wr_q == rd_q)
  `WEFT_ASSERT_KNOWN(ctrl_known, {push_i, pop_i, flush_i, fill_i})
`endif

endmodule
