// weft_stall_table: stall prediction (seed 000 sec. 3.3.2, fig. 3.10), leaf
// module with plain vector ports.
//
// A direct-mapped table of ENTRIES (power of two) entries that remembers the
// pcs of instructions that made the front end stall (control instructions).
// Index: the pc bits just above bit 1; tag: the bits above the index
// (eq. 3.3: index bits = log2(ENTRIES), tag bits = 32 - log2(ENTRIES) - 2).
// lookup_pc_i is looked up combinationally (hit_o: valid entry, same tag).
// learn_i writes the tag of learn_pc_i and sets its valid bit, overwriting
// whatever was at that index; nothing else is ever written, so the table only
// holds instructions known to stall. Illegal use: ENTRIES not a power of two
// or smaller than 2 (checked at elaboration).
module weft_stall_table #(
  parameter int ENTRIES = 128
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [31:2] lookup_pc_i,
  output logic        hit_o,
  input  logic        learn_i,
  input  logic [31:2] learn_pc_i
);

  localparam int XW = $clog2(ENTRIES);
  localparam int TW = 32 - XW - 2;

  logic [TW-1:0]      tag_q [ENTRIES];
  logic [ENTRIES-1:0] valid_q;
  logic [XW-1:0]      lidx, widx;

  initial begin
    if (ENTRIES < 2 || (1 << XW) != ENTRIES) $fatal(1, "weft_stall_table: ENTRIES must be a power of two >= 2");
  end

  assign lidx  = lookup_pc_i[2 +: XW];
  assign widx  = learn_pc_i[2 +: XW];
  assign hit_o = valid_q[lidx] && (tag_q[lidx] == lookup_pc_i[31 -: TW]);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) valid_q <= '0;
    else if (learn_i) valid_q[widx] <= 1'b1;
  end

  always_ff @(posedge clk_i) begin
    if (learn_i) tag_q[widx] <= learn_pc_i[31 -: TW];
  end

endmodule
