// tb_weft_rows: self-checking unit bench for the warp-row sequencer and
// collector (rtl/weft_rowseq.sv, rtl/weft_rowcol.sv; docs/architecture.md
// "Warp rows").
//
// Each tb_weft_rows_inst instance runs one (T, L) point: random T-wide
// instructions (thread mask, two operand vectors, side fields, a read
// address) enter the sequencer; the bench stands in for the register file's
// L-wide read ports: row 0 of the entering instruction in its dispatch
// cycle, and the row the sequencer asks for (rd_req/rd_row) when the port is
// granted, which the bench refuses at random (another sequencer has the
// port); a stand-in unit of L lanes (one result register like weft_alu:
// per lane a + b, side fields passed through, an OR field = bits of lane 0's
// sum) sits between sequencer and collector; the collector's T-wide output
// goes to a writeback whose ready is random (back-pressure through the unit
// into the sequencer). Checked: every instruction comes out once, in order,
// with every lane's result, the whole thread mask, its side fields and the
// OR of its rows' fields; the sequencer takes a new instruction only when
// idle and at most one every R cycles, asks for the port only while busy
// and with the instruction's read address, and hands the unit a row only
// when granted; with R == 1 the instruction takes one
// cycle through (wires + the unit register). Coverage counters make the bench
// fail if back-pressure, refused port requests (R > 1) or back-to-back
// instructions were never seen.
// TB_INJECT_FAULT corrupts the model (one expected lane) to prove that the
// bench fails.
//
// unit-rtl: rtl/weft_rowseq.sv rtl/weft_rowcol.sv
// unit-sims: verilator icarus
module tb_weft_rows_inst #(
  parameter int T    = 4,
  parameter int L    = 2,
  parameter int SEED = 1,
  parameter int NCYC = 4000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int R  = T / L;
  localparam int XW = 8;
  localparam int AW = 10;
  localparam int RW = (R > 1) ? $clog2(R) : 1;
  localparam int QN = 64;

  logic              rst_n;
  // stimulus
  logic              in_valid;
  logic [T-1:0]      in_tmask;
  logic [2*T*32-1:0] in_ops;
  logic [XW-1:0]     in_x;
  logic              wb_ready;
  // sequencer -> unit
  logic              in_ready, s_v, s_rdy, s_last, s_busy;
  logic [L-1:0]      s_tm;
  logic [2*L*32-1:0] s_ops;
  logic [XW-1:0]     s_x;
  // register-file stand-in
  logic [AW-1:0]     in_ra, s_ra, cur_ra;
  logic              s_req, s_gnt, allow;
  logic [RW-1:0]     s_row;
  logic [2*L*32-1:0] rd_ops;
  logic [2*T*32-1:0] cur_ops;
  // unit -> collector
  logic              u_v, u_rdy;
  logic [L-1:0]      u_tm;
  logic [L*32-1:0]   u_d;
  logic [XW-1:0]     u_x;
  // collector -> writeback
  logic              c_v;
  logic [T-1:0]      c_tm;
  logic [T*32-1:0]   c_d;
  logic [4:0]        c_or;

  weft_rowseq #(.T(T), .L(L), .N(2), .XW(XW), .AW(AW)) dut_seq (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_tmask_i(in_tmask), .in_x_i(in_x), .in_ra_i(in_ra),
    .rd_req_o(s_req), .rd_gnt_i(s_gnt), .rd_row_o(s_row), .rd_ra_o(s_ra), .rd_ops_i(rd_ops),
    .out_valid_o(s_v), .out_ready_i(s_rdy), .out_tmask_o(s_tm), .out_ops_o(s_ops), .out_x_o(s_x),
    .out_last_o(s_last), .busy_o(s_busy)
  );

  // The register file's L-wide read ports: the granted row of the
  // instruction being sequenced, else row 0 of the entering one (issue's
  // read at dispatch).
  assign s_gnt = s_req && allow;
  always_comb begin
    for (int k = 0; k < 2; k++)
      rd_ops[k*L*32 +: L*32] = s_gnt ? cur_ops[k*T*32 + 32'(s_row) * L * 32 +: L*32]
                                     : in_ops[k*T*32 +: L*32];
  end
  always_ff @(posedge clk) begin
    if (in_valid && in_ready) begin
      cur_ops <= in_ops;
      cur_ra  <= in_ra;
    end
  end

  // stand-in unit: one result register (weft_alu's handshake)
  assign s_rdy = !u_v || u_rdy;
  always_ff @(posedge clk) begin
    if (!rst_n) u_v <= 1'b0;
    else if (s_v && s_rdy) u_v <= 1'b1;
    else if (u_v && u_rdy) u_v <= 1'b0;
  end
  always_ff @(posedge clk) begin
    if (s_v && s_rdy) begin
      u_tm <= s_tm;
      u_x  <= s_x;
      for (int i = 0; i < L; i++) u_d[i*32 +: 32] <= s_ops[i*32 +: 32] + s_ops[L*32 + i*32 +: 32];
    end
  end

  weft_rowcol #(.T(T), .L(L), .DW(32), .FW(5)) dut_col (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(u_v), .in_ready_o(u_rdy), .in_tmask_i(u_tm), .in_data_i(u_d), .in_or_i(u_d[4:0]),
    .out_valid_o(c_v), .out_ready_i(wb_ready), .out_tmask_o(c_tm), .out_data_o(c_d), .out_or_o(c_or)
  );

  // Reference model: a queue of the accepted instructions' expected results.
  logic [T*32-1:0] q_d  [QN];
  logic [T-1:0]    q_tm [QN];
  logic [XW-1:0]   q_x  [QN];
  logic [4:0]      q_or [QN];
  int              qh, qt, qn;
  int unsigned     nin, nout, nstall, nb2b, last_in, nrefused;
  logic            unused;
  assign unused = s_last;

  always @(posedge clk) begin
    if (!rst_n) begin
      qh = 0; qt = 0; qn = 0; last_in = 0;
    end else begin
      // the sequencer is idle when it takes an instruction; R cycles apart
      if (in_ready) tb_check("in_ready while busy", 64'(s_busy), 64'd0);
      // the port is asked for only for rows 1..R-1, with their address
      if (s_req) begin
        tb_check("port request while idle", 64'(s_busy), 64'd1);
        tb_check("read address", 64'(s_ra), 64'(cur_ra));
        if (!allow) nrefused++;
      end
      if (s_busy && !s_gnt) tb_check("row offered without the port", 64'(s_v), 64'd0);
      if (in_valid && in_ready) begin
        logic [T*32-1:0] d;
        logic [4:0]      o;
        if (nin > 0) begin
          if (32'($time / 10) - last_in < R)
            tb_err($sformatf("two instructions %0d cycles apart (R = %0d)", 32'($time / 10) - last_in, R));
          if (32'($time / 10) - last_in == R) nb2b++;
        end
        last_in = 32'($time / 10);
        o = '0;
        for (int i = 0; i < T; i++) begin
          d[i*32 +: 32] = in_ops[i*32 +: 32] + in_ops[T*32 + i*32 +: 32];
          if (i % L == 0) o = o | d[i*32 +: 5];
        end
`ifdef TB_INJECT_FAULT
        if (nin == 5) d[(T-1)*32 +: 32] = d[(T-1)*32 +: 32] ^ 32'h100;
`endif
        q_d[qt] = d; q_tm[qt] = in_tmask; q_x[qt] = in_x; q_or[qt] = o;
        qt = (qt + 1) % QN; qn++; nin++;
      end
      if (c_v && !wb_ready) nstall++;
      if (c_v && wb_ready) begin
        if (qn == 0) tb_err("collector output with no instruction in flight");
        else begin
          for (int i = 0; i < T; i++)
            tb_check($sformatf("lane %0d result", i), 64'(c_d[i*32 +: 32]), 64'(q_d[qh][i*32 +: 32]));
          tb_check("thread mask", 64'(c_tm), 64'(q_tm[qh]));
          tb_check("side fields", 64'(u_x), 64'(q_x[qh]));
          tb_check("or field", 64'(c_or), 64'(q_or[qh]));
          qh = (qh + 1) % QN; qn--; nout++;
        end
      end
    end
  end

  initial begin
    logic v, w;
    int unsigned x;
    tb_name = $sformatf("T%0d L%0d", T, L);
    tb_seed(SEED);
    done_o = 1'b0; errors_o = '0;
    nin = 0; nout = 0; nstall = 0; nb2b = 0; nrefused = 0;
    rst_n = 1'b0; in_valid = 1'b0; wb_ready = 1'b1; in_tmask = '0; in_ops = '0; in_x = '0; in_ra = '0;
    allow = 1'b1;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    for (int c = 0; c < NCYC; c++) begin
      // keep an offered instruction until it is taken (valid/ready rule)
      if (!(in_valid && !in_ready)) begin
        tb_chance(c % 1000 < 500 ? 90 : 40, v);
        in_valid = v;
        for (int i = 0; i < 2 * T; i++) begin
          tb_rand(x);
          in_ops[i*32 +: 32] = x;
        end
        tb_rand(x);
        in_tmask = T'(x);
        in_x = XW'(x >> 16);
        tb_rand(x);
        in_ra = AW'(x);
      end
      tb_chance(c % 900 < 450 ? 85 : 40, v);
      allow = v;
      tb_chance(c % 700 < 350 ? 95 : 50, w);
      wb_ready = w;
      @(negedge clk);
    end
    in_valid = 1'b0; wb_ready = 1'b1; allow = 1'b1;
    repeat (4 * R + 8) @(negedge clk);
    if (qn != 0) tb_err($sformatf("%0d instructions never came out", qn));
    if (nout < 100 || nstall == 0 || nb2b == 0 || (R > 1 && nrefused == 0))
      tb_err($sformatf("coverage hole: out=%0d writeback stalls=%0d back-to-back=%0d refused reads=%0d",
                       nout, nstall, nb2b, nrefused));
    $display("  info %s: %0d checks, %0d instructions, %0d writeback stalls, %0d back-to-back, %0d refused reads",
             tb_name, tb_checks, nout, nstall, nb2b, nrefused);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_rows;
  logic        d0, d1, d2, d3, d4;
  logic [31:0] e0, e1, e2, e3, e4;

  tb_weft_rows_inst #(.T(4),  .L(4), .SEED(21)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_rows_inst #(.T(4),  .L(2), .SEED(22)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_rows_inst #(.T(8),  .L(2), .SEED(23)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_rows_inst #(.T(12), .L(4), .SEED(24)) u_p3 (.done_o(d3), .errors_o(e3));
  tb_weft_rows_inst #(.T(4),  .L(1), .SEED(25)) u_p4 (.done_o(d4), .errors_o(e4));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1 && d4 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_rows: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_rows: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_rows: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_rows: %s", u_p3.tb_first);
    else if (e4 != 0) $display("FAIL tb_weft_rows: %s", u_p4.tb_first);
    else              $display("PASS tb_weft_rows");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_rows: timeout");
    $finish;
  end
endmodule
