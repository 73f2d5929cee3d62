// weft_writeback: commit stage. Picks one of N functional-unit results per
// cycle (loose round-robin, so no unit starves), writes it to the register
// file, frees its destination in the scoreboard and counts it as committed.
// ready_o[i] is high for the unit whose result is taken this cycle. The
// outputs are 0 in a cycle without a commit (fire_o low).
// Sources are packed with source 0 in the low bits of every vector.
module weft_writeback #(
  parameter int unsigned W = 4,
  parameter int unsigned T = 4,
  parameter int unsigned N = 4,
  localparam int unsigned IW = (W > 1) ? $clog2(W) : 1,
  localparam int unsigned NW = (N > 1) ? $clog2(N) : 1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              halt_i,
  input  logic [N-1:0]      valid_i,
  output logic [N-1:0]      ready_o,
  input  logic [N*IW-1:0]   wid_i,
  input  logic [N*32-1:0]   pc_i,
  input  logic [N*T-1:0]    tmask_i,
  input  logic [N*6-1:0]    rd_i,      // register 0..63 (32.. = FP file)
  input  logic [N*5-1:0]    flags_i,   // FP exception flags of the result (0 from non-FPU units)
  input  logic [N-1:0]      wb_i,
  input  logic [N*T*32-1:0] data_i,
  output logic              fire_o,
  output logic [IW-1:0]     wid_o,
  output logic [31:0]       pc_o,
  output logic [T-1:0]      tmask_o,
  output logic [5:0]        rd_o,
  output logic [4:0]        flags_o,
  output logic              wb_o,
  output logic [T*32-1:0]   data_o
);

  logic          sel_valid;
  logic [NW-1:0] sel;
  logic [N-1:0]  gnt;

  weft_sched_policy #(.N(N)) u_arb (
    .clk_i, .rst_ni,
    .policy_i  (weft_spec_pkg::SCHED_POLICY_LRR),
    .req_i     (halt_i ? '0 : valid_i),
    .ready_i   (valid_i),
    .start_i   ('0),
    .nact_i    ('0),
    .icnt_i    ('0),
    .advance_i (1'b1),
    .upd_ext_i (1'b0),
    .upd_any_i (1'b0),
    .upd_idx_i ('0),
    .valid_o   (sel_valid),
    .idx_o     (sel),
    .gnt_o     (gnt)
  );

  assign fire_o  = sel_valid;
  assign ready_o = gnt;

  // The chosen source's fields, by the one-hot grant (constant part
  // selects: the simulator reads the unit's own signals instead of building
  // the N sources' concatenation and indexing it, issue 17); 0 when nothing
  // commits (every consumer qualifies them with fire_o).
  logic unused_sel;
  assign unused_sel = ^sel;
  always_comb begin
    wid_o   = '0;
    pc_o    = '0;
    tmask_o = '0;
    rd_o    = '0;
    flags_o = '0;
    wb_o    = 1'b0;
    data_o  = '0;
    if (sel_valid) begin
      for (int i = 0; i < N; i++) begin
        if (gnt[i]) begin
          wid_o   = wid_i[i*IW +: IW];
          pc_o    = pc_i[i*32 +: 32];
          tmask_o = tmask_i[i*T +: T];
          rd_o    = rd_i[i*6 +: 6];
          flags_o = flags_i[i*5 +: 5];
          wb_o    = wb_i[i];
          data_o  = data_i[i*T*32 +: T*32];
        end
      end
    end
  end

endmodule
