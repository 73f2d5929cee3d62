// tb_weft_fifo: self-checking unit bench for rtl/weft_fifo.sv.
//
// Each tb_weft_fifo_inst instance runs one parameter point against a
// behavioural model (a shift-register array: m[0] is the head) updated in
// lock-step: directed corner cases (reset state, fill to full, push+pop on
// full, drain to empty, flush with a push in the same cycle, flush on full,
// wrap-around) and then NCYC cycles of legal random stimulus whose push/pop
// bias changes every few hundred cycles so the queue reaches full and empty
// often.  Checked every cycle before the clock edge: empty_o, full_o,
// count_o and head_o (when not empty).  Coverage counters make the bench fail
// if full, empty, push+pop on full or flush were never exercised.
// TB_INJECT_FAULT corrupts the model (one pushed value) to prove that the
// bench fails.
//
// unit-rtl: rtl/weft_fifo.sv
// unit-sims: verilator icarus
module tb_weft_fifo_inst #(
  parameter int WIDTH = 8,
  parameter int DEPTH = 4,
  parameter int SEED  = 1,
  parameter int NCYC  = 5000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int CW = $clog2(DEPTH + 1);

  logic             rst_n, flush, push, pop;
  logic [WIDTH-1:0] data;
  logic [WIDTH-1:0] head;
  logic             empty, full, hflag;
  logic [CW-1:0]    count;

  weft_fifo #(.WIDTH(WIDTH), .DEPTH(DEPTH)) dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush), .push_i(push), .data_i(data),
    .pop_i(pop), .flag_i(data[0]), .mark_i(1'b0), .fill_i(1'b0), .head_flag_o(hflag),
    .head_o(head), .empty_o(empty), .full_o(full), .count_o(count)
  );

  // Reference model.
  logic [WIDTH-1:0] m [DEPTH];
  int               mcnt;
  int unsigned      npush, nfull, nempty, nfullpp, nflush;

  // Apply inputs for one cycle; returns at the falling edge after the rising
  // edge that consumed them (the model has been stepped).
  task automatic drive(input logic f, input logic pu, input logic po, input logic [WIDTH-1:0] d);
    flush = f; push = pu; pop = po; data = d;
    @(negedge clk);
  endtask

  // Checker and model: outputs are compared before the edge updates the DUT.
  always @(posedge clk) begin
    if (!rst_n) begin
      mcnt = 0;
    end else begin
      tb_check("empty_o", 64'(empty), 64'(mcnt == 0));
      tb_check("full_o",  64'(full),  64'(mcnt == DEPTH));
      tb_check("count_o", 64'(count), 64'(mcnt));
      if (mcnt > 0) tb_check("head_o", 64'(head), 64'(m[0]));
      if (mcnt > 0) tb_check("head_flag_o", 64'(hflag), 64'(m[0][0]));
      if (mcnt == 0) nempty++;
      if (mcnt == DEPTH) nfull++;
      if (flush) begin
        mcnt = 0;
        nflush++;
      end else begin
        if (pop && mcnt > 0) begin
          for (int i = 0; i < DEPTH - 1; i++) m[i] = m[i + 1];
          mcnt--;
          if (push && mcnt == DEPTH - 1) nfullpp++;
        end
        if (push && mcnt < DEPTH) begin
          m[mcnt] = data;
`ifdef TB_INJECT_FAULT
          if (npush == 37) m[mcnt] = ~data;
`endif
          mcnt++;
          npush++;
        end
      end
    end
  end

  logic [WIDTH-1:0] r;
  int unsigned ppush, ppop, rw;
  logic pu, po, fl;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("WIDTH=%0d DEPTH=%0d", WIDTH, DEPTH);
    tb_seed(SEED);
    npush = 0; nfull = 0; nempty = 0; nfullpp = 0; nflush = 0;
    rst_n = 1'b0;
    drive(1'b0, 1'b0, 1'b0, '0);
    drive(1'b0, 1'b0, 1'b0, '0);
    rst_n = 1'b1;

    // Directed: reset state.
    drive(1'b0, 1'b0, 1'b0, '0);
    // Fill to full with distinct values, then push+pop while full.
    for (int i = 0; i < DEPTH; i++) begin
      drive(1'b0, 1'b1, 1'b0, WIDTH'(i + 1));
    end
    drive(1'b0, 1'b0, 1'b0, '0);
    tb_check("full after DEPTH pushes", 64'(full), 64'd1);
    for (int i = 0; i < 2 * DEPTH + 1; i++) begin
      drive(1'b0, 1'b1, 1'b1, WIDTH'(32'hA0 + i));
    end
    // Drain to empty.
    for (int i = 0; i < DEPTH; i++) begin
      drive(1'b0, 1'b0, 1'b1, '0);
    end
    drive(1'b0, 1'b0, 1'b0, '0);
    tb_check("empty after drain", 64'(empty), 64'd1);
    // Flush with a push in the same cycle: the push is dropped.
    drive(1'b0, 1'b1, 1'b0, WIDTH'(8'h5A));
    drive(1'b1, 1'b1, 1'b0, WIDTH'(8'hC3));
    drive(1'b0, 1'b0, 1'b0, '0);
    tb_check("empty after flush+push", 64'(empty), 64'd1);
    drive(1'b0, 1'b1, 1'b0, WIDTH'(8'h3C));
    drive(1'b0, 1'b0, 1'b0, '0);
    tb_check("head after flush then push", 64'(head), 64'(WIDTH'(8'h3C)));
    // Flush on full, flush with pop.
    for (int i = 0; i < DEPTH; i++) begin
      drive(1'b0, (mcnt < DEPTH), 1'b0, WIDTH'(i + 7));
    end
    drive(1'b1, 1'b0, 1'b1, '0);
    // Flush on empty is harmless.
    drive(1'b1, 1'b0, 1'b0, '0);
    // Wrap-around: keep one to DEPTH entries in flight for 3*DEPTH cycles.
    for (int i = 0; i < 3 * DEPTH + 2; i++) begin
      drive(1'b0, 1'b1, (mcnt > 0) && (i % 2 == 1 || mcnt == DEPTH), WIDTH'(i * 3 + 1));
    end

    // Random phase.
    ppush = 50; ppop = 50;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 200 == 0) begin
        tb_below(81, ppush);
        ppush += 10;
        tb_below(81, ppop);
        ppop += 10;
      end
      tb_rand(rw);
      r = WIDTH'(rw);
      tb_chance(ppop, po);
      po = po && (mcnt > 0);
      tb_chance(ppush, pu);
      pu = pu && (mcnt < DEPTH || po);
      tb_chance(2, fl);
      drive(fl, pu, po, r);
    end

    drive(1'b0, 1'b0, 1'b0, '0);
    @(negedge clk);
    if (nfull == 0 || nempty == 0 || nfullpp == 0 || nflush == 0)
      tb_err($sformatf("coverage hole: full=%0d empty=%0d push+pop-on-full=%0d flush=%0d",
                       nfull, nempty, nfullpp, nflush));
    $display("  info %s: %0d checks, %0d pushes, cycles full=%0d empty=%0d push+pop-on-full=%0d flushes=%0d",
             tb_name, tb_checks, npush, nfull, nempty, nfullpp, nflush);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_fifo;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_fifo_inst #(.WIDTH(8),  .DEPTH(1), .SEED(11)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_fifo_inst #(.WIDTH(8),  .DEPTH(2), .SEED(12)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_fifo_inst #(.WIDTH(13), .DEPTH(5), .SEED(13)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_fifo_inst #(.WIDTH(32), .DEPTH(8), .SEED(14)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_fifo: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_fifo: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_fifo: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_fifo: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_fifo");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_fifo: timeout");
    $finish;
  end
endmodule
