// tb_common.svh: shared helpers for the unit benches in tests/unit/.
// Included inside the body of each bench's per-instance module, so every
// parameter point gets its own generator, error count and clock.
//
// - tb_rand/tb_chance/tb_below: xorshift32 generator (tasks with an output
//   argument); the same seed gives the same sequence on
//   both simulators (no simulator-specific $urandom).  The seed is the
//   module parameter SEED, xor-ed with +seed=<n> when given on the command
//   line, so a failing run can be replayed or a new seed tried.
// - tb_err(msg): records an error; the first message is kept in tb_first so
//   the bench's top can print it on its final FAIL line.
// - Bench structure: a free-running clock; stimulus changes inputs at the
//   falling edge; one always block at the rising edge compares the DUT
//   outputs (still the pre-edge values) with the model and then steps the
//   model.  Keeping the checks in one block keeps Verilator builds small
//   (it inlines every task call site).

  int unsigned tb_rng_q;
  int unsigned tb_errors;
  int unsigned tb_checks;
  string       tb_first;
  string       tb_name;

  // The generator is a set of tasks, not functions: Verilator 5.006 treats
  // function calls as pure and may evaluate them more than once or in a
  // different order (e.g. both arms of `c ? f() : g()`), which
  // desynchronises the sequence from Icarus.  Task calls are statements.
  task automatic tb_rand(output int unsigned r);
    int unsigned x;
    x = tb_rng_q;
    x = x ^ (x << 13);
    x = x ^ (x >> 17);
    x = x ^ (x << 5);
    tb_rng_q = x;
    r = x;
  endtask

  // r = 1 with probability pct/100.
  task automatic tb_chance(input int unsigned pct, output logic r);
    int unsigned x;
    tb_rand(x);
    r = (x % 100) < pct;
  endtask

  // r uniform in [0, n), n >= 1.
  task automatic tb_below(input int unsigned n, output int unsigned r);
    int unsigned x;
    tb_rand(x);
    r = x % n;
  endtask

  task automatic tb_seed(input int unsigned base);
    int unsigned s;
    s = 0;
    if ($value$plusargs("seed=%d", s)) s = s * 32'h9E3779B9;
    tb_rng_q = (base * 32'h85EBCA6B) ^ s ^ 32'h2545F491;
    if (tb_rng_q == 0) tb_rng_q = 1;
    tb_errors = 0;
    tb_checks = 0;
    tb_first = "";
  endtask

  task automatic tb_err(input string msg);
    if (tb_errors == 0) tb_first = {tb_name, ": ", msg};
    if (tb_errors < 8) $display("  ERROR %s t=%0t: %s", tb_name, $time, msg);
    tb_errors = tb_errors + 1;
  endtask

  // Compare an observed value with the expected one (up to 64 bits).
  task automatic tb_check(input string what, input logic [63:0] got, input logic [63:0] exp);
    tb_checks = tb_checks + 1;
    if (got !== exp) tb_err($sformatf("%s: got 0x%0h, expected 0x%0h", what, got, exp));
  endtask

  // Free-running bench clock: rising edges at 5, 15, 25, ...
  logic clk;
  initial clk = 1'b0;
  always #5 clk = ~clk;
