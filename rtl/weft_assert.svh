// weft_assert.svh - assertion macros for the Weft RTL (in the style of
// lowRISC's prim_assert.sv; our own code).
//
// Use: at the end of a module, as one block
//
//   `ifdef WEFT_ASSERTS_ON
//   `include "weft_assert.svh"
//     `WEFT_ASSERT(cnt_le_depth, 32'(cnt_q) <= DEPTH)
//   `endif
//
// so that a build without WEFT_ASSERTS_ON (every Yosys flow: tools/synth.sh,
// ppa.sh, netlist.sh, fpga.sh, make lint-yosys) does not even open this file.
// The simulation builds define WEFT_ASSERTS_ON and add -Irtl (+incdir+rtl);
// a Verilator build also needs --assert, or it ignores `assert`.
//
// Every check is an immediate assertion in an `always @(posedge clk_i)` block,
// evaluated only while rst_ni is high (Verilator 5.006 and Icarus 11 both run
// them). A failure prints, through $error:
//   [<time>] <instance path (%m)>: assertion '<name>' failed
// The C harness (sim/) turns the first failure into exit code 12
// (WEFT_E_ASSERT, "RTL assertion failed").
//
// Macros (clk_i / rst_ni of the enclosing module are implied):
//   WEFT_ASSERT(name, cond)              cond holds every cycle out of reset
//   WEFT_ASSERT_IF(name, pre, cond)      pre implies cond (same cycle)
//   WEFT_ASSERT_ONEHOT0(name, vec)       at most one bit of vec is set
//   WEFT_ASSERT_KNOWN(name, sig)         no X/Z bit in sig ($isunknown); in the
//                                        2-state Verilator model this can
//                                        only fail in XRAND=1 builds (X as
//                                        random values: never), it is a real
//                                        check in Icarus (4-state)
//   WEFT_ASSERT_STABLE_HS(name, valid, ready, payload)
//                                        valid && !ready in a cycle => valid
//                                        and the same payload in the next
//                                        cycle (only where the interface
//                                        promises it; the payload copy is
//                                        loaded only in a stalled cycle)
//   WEFT_ASSERT_INIT(name, cond)         elaboration-time parameter check
//                                        ($fatal in an initial block)
// `name` is a plain identifier; it must be unique within the module
// (WEFT_ASSERT_STABLE_HS declares registers name_v_q and name_p_q).
//
// Illegal uses: a macro outside `ifdef WEFT_ASSERTS_ON; a module without
// clk_i / rst_ni (use the *_AT forms with explicit clock and reset).
`ifndef WEFT_ASSERT_SVH
`define WEFT_ASSERT_SVH

// The unit benches used to pass -DWEFT_ASSERT as a plain flag; the name is
// now the macro below.
`ifdef WEFT_ASSERT
`undef WEFT_ASSERT
`endif

`define WEFT_ASSERT_AT(name, cond, clk, rst_n) \
  always @(posedge clk) begin \
    if (rst_n) begin \
      assert (cond) else $error("[%0t] %m: assertion '%s' failed", $time, `"name`"); \
    end \
  end

`define WEFT_ASSERT(name, cond) `WEFT_ASSERT_AT(name, cond, clk_i, rst_ni)

// (cond is evaluated only in a cycle where pre holds, so the simulator skips
// it otherwise: give the rare part of a check as pre. `!== 1'b0`: an X in pre
// still reaches the check in a 4-state simulator, as in !(pre) || (cond).)
`define WEFT_ASSERT_IF(name, pre, cond) \
  always @(posedge clk_i) begin \
    if (rst_ni && ((pre) !== 1'b0)) begin \
      assert (cond) else $error("[%0t] %m: assertion '%s' failed", $time, `"name`"); \
    end \
  end

`define WEFT_ASSERT_ONEHOT0(name, vec) \
  `WEFT_ASSERT_AT(name, ((vec) & ((vec) - 1'b1)) == '0, clk_i, rst_ni)

// (through a named copy: Icarus 11's $isunknown of a concatenation is
// always 1)
`define WEFT_ASSERT_KNOWN(name, sig) \
  localparam int name``_kw = $bits(sig); \
  logic [name``_kw-1:0] name``_k; \
  assign name``_k = (sig); \
  `WEFT_ASSERT_AT(name, !$isunknown(name``_k), clk_i, rst_ni)

`define WEFT_ASSERT_STABLE_HS(name, valid, ready, payload) \
  localparam int name``_pw = $bits(payload); \
  logic name``_v_q; \
  logic [name``_pw-1:0] name``_p_q; \
  always @(posedge clk_i) begin \
    if (!rst_ni) name``_v_q <= 1'b0; \
    else name``_v_q <= (valid) && !(ready); \
    if ((valid) && !(ready)) name``_p_q <= (payload); \
    if (rst_ni && name``_v_q) begin \
      assert ((valid) && (payload) == name``_p_q) \
        else $error("[%0t] %m: assertion '%s' failed (a stalled transfer was withdrawn or changed)", \
                    $time, `"name`"); \
    end \
  end

`define WEFT_ASSERT_INIT(name, cond) \
  initial begin \
    if (!(cond)) $fatal(1, "%m: parameter check '%s' failed", `"name`"); \
  end

`endif  // WEFT_ASSERT_SVH
