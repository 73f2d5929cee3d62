// tb_policy: cycle-exact check of rtl/sched/weft_sched_policy.sv against the
// C reference tests/sched/policy_ref.c, at the parameter points of
// policy_ref.c's POINTS table (keep the two lists equal):
//   (N, AW, CW) = (1, 8, 7) (3, 3, 3) (4, 4, 7) (8, 8, 7) (32, 5, 7)
// Each point replays every policy file (tb_policy_inst.sv) and prints its
// RESULT lines; the last line is `DONE errors=<n>`.
//   +dir=DIR     where the .hex files are (default build/sched/data)
//   +cycles=N    cycles per file, = policy_ref -c (default and maximum MAXCYC)
module tb_policy #(
  parameter int MAXCYC = 3000
);
  logic clk;
  initial clk = 1'b0;
  always #5 clk = ~clk;

  logic d0, d1, d2, d3, d4;
  int   e0, e1, e2, e3, e4;

  tb_policy_inst #(.N(1),  .AW(8), .CW(7), .MAXCYC(MAXCYC)) u_n1  (.clk, .done_o(d0), .errors_o(e0));
  tb_policy_inst #(.N(3),  .AW(3), .CW(3), .MAXCYC(MAXCYC)) u_n3  (.clk, .done_o(d1), .errors_o(e1));
  tb_policy_inst #(.N(4),  .AW(4), .CW(7), .MAXCYC(MAXCYC)) u_n4  (.clk, .done_o(d2), .errors_o(e2));
  tb_policy_inst #(.N(8),  .AW(8), .CW(7), .MAXCYC(MAXCYC)) u_n8  (.clk, .done_o(d3), .errors_o(e3));
  tb_policy_inst #(.N(32), .AW(5), .CW(7), .MAXCYC(MAXCYC)) u_n32 (.clk, .done_o(d4), .errors_o(e4));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1 && d4 === 1'b1);
    $display("DONE errors=%0d", e0 + e1 + e2 + e3 + e4);
    $finish;
  end
endmodule
