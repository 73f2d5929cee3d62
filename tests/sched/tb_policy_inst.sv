// tb_policy_inst: one parameter point (N, CW, AW) of tests/sched/tb_policy.sv.
//
// For each policy code p = 0 .. 2^SCHED_POLICY_W (the last is "mix"; codes
// from config/weft.yaml via rtl/gen/weft_spec_pkg.sv) whose file
// <dir>/p<p>_n<N>.hex policy_ref wrote (reserved codes have none), it loads
// stimulus and expected outputs with $readmemh and replays them cycle for
// cycle: inputs change at
// the falling edge, outputs are compared 2 time units later (before the
// rising edge that moves the state).  Every non-reset cycle checks valid_o,
// idx_o and gnt_o exactly.  Prints one line per file (tests/sched/run.sh
// maps the code to its name):
//   RESULT p<code> N=<n> ok|FAIL checks=<k> errors=<e>[ first: <message>]
// The file layout is described in policy_ref.c.  +cycles=<n> (default
// MAXCYC) must equal the generator's -c.
module tb_policy_inst #(
  parameter int N    = 4,
  parameter int CW   = 7,
  parameter int AW   = 8,
  parameter int MAXCYC = 3000   // memory size; +cycles=<n> <= MAXCYC is run
) (
  input  logic clk,
  output logic done_o,
  output int   errors_o
);
  localparam int IW    = (N > 1) ? $clog2(N) : 1;
  localparam int NW    = (N + 31) / 32;
  localparam int NCW   = (N * CW + 31) / 32;
  localparam int WPC   = 1 + 4 * NW + 2 * NCW;
  localparam int HDR   = 6;
  localparam int WORDS = HDR + MAXCYC * WPC;
  localparam logic [31:0] MAGIC = 32'h5EF70001;
  localparam int PW     = weft_spec_pkg::SCHED_POLICY_W;
  localparam int NCODES = 1 << PW;          // also the code of the mix file

  logic            rst_n, adv;
  logic [PW-1:0]   policy;
  logic [N-1:0]    req, ready, start;
  logic [N*CW-1:0] nact, icnt;
  logic            valid;
  logic [IW-1:0]   idx;
  logic [N-1:0]    gnt;

  weft_sched_policy #(.N(N), .CW(CW), .AW(AW)) dut (
    .clk_i(clk), .rst_ni(rst_n), .policy_i(policy), .req_i(req), .ready_i(ready),
    .start_i(start), .nact_i(nact), .icnt_i(icnt), .advance_i(adv), .upd_ext_i(1'b0), .upd_any_i(1'b0), .upd_idx_i('0),
    .valid_o(valid), .idx_o(idx), .gnt_o(gnt)
  );

  logic [31:0]       mem [0:WORDS-1];
  logic [NW*32-1:0]  w_req, w_ready, w_start, w_gnt;
  logic [NCW*32-1:0] w_nact, w_icnt;
  logic [31:0]       ctrl;
  string             dir, fname, pname, first;
  int                base, errs, checks, ncyc;

  task automatic load_words(input int at, input int nwords, output logic [NCW*32+NW*32-1:0] v);
    v = '0;
    for (int k = 0; k < nwords; k++) v[k*32 +: 32] = mem[at + k];
  endtask

  task automatic fail(input string msg);
    if (errs == 0) first = msg;
    errs = errs + 1;
  endtask

  initial begin
    logic [NCW*32+NW*32-1:0] v;
    done_o   = 1'b0;
    errors_o = 0;
    rst_n  = 1'b0;
    adv    = 1'b0;
    policy = '0;
    req    = '0;
    ready  = '0;
    start  = '0;
    nact   = '0;
    icnt   = '0;
    if (!$value$plusargs("dir=%s", dir)) dir = "build/sched/data";
    if (!$value$plusargs("cycles=%d", ncyc)) ncyc = MAXCYC;
    if (ncyc < 1 || ncyc > MAXCYC) begin
      $display("RESULT all N=%0d FAIL checks=0 errors=1 first: +cycles=%0d out of range 1..%0d", N, ncyc, MAXCYC);
      ncyc = 0;
    end
    for (int p = 0; p <= NCODES; p++) begin
      pname = $sformatf("p%0d", p);
      fname = $sformatf("%s/%s_n%0d.hex", dir, pname, N);
      for (int k = 0; k < HDR; k++) mem[k] = '0;  // a missing file leaves the header 0
      if (ncyc > 0) $readmemh(fname, mem, 0, HDR + ncyc * WPC - 1);
      if (mem[0] !== 32'h0 || ncyc == 0) begin    // no file: a reserved code, no RESULT line
      errs = 0;
      checks = 0;
      first = "";
      if (mem[0] !== MAGIC || mem[1] !== 32'(N) || mem[2] !== 32'(AW) || mem[3] !== 32'(CW)
          || mem[4] !== 32'(ncyc)) begin
        fail($sformatf("%s: bad header (N=%0d AW=%0d CW=%0d cycles=%0d expected)", fname, N, AW, CW, ncyc));
      end else begin
        for (int c = 0; c < ncyc; c++) begin
          base = HDR + c * WPC;
          @(negedge clk);
          ctrl   = mem[base];
          load_words(base + 1, NW, v);            w_req   = v[NW*32-1:0];
          load_words(base + 1 + NW, NW, v);       w_ready = v[NW*32-1:0];
          load_words(base + 1 + 2 * NW, NW, v);   w_start = v[NW*32-1:0];
          load_words(base + 1 + 3 * NW, NW, v);   w_gnt   = v[NW*32-1:0];
          load_words(base + 1 + 4 * NW, NCW, v);  w_nact  = v[NCW*32-1:0];
          load_words(base + 1 + 4 * NW + NCW, NCW, v); w_icnt = v[NCW*32-1:0];
          rst_n  = !ctrl[0];
          adv    = ctrl[1];
          policy = ctrl[16 +: PW];
          req    = w_req[N-1:0];
          ready  = w_ready[N-1:0];
          start  = w_start[N-1:0];
          nact   = w_nact[N*CW-1:0];
          icnt   = w_icnt[N*CW-1:0];
          #2;
          if (ctrl[6]) begin
            checks = checks + 1;
            if (valid !== ctrl[5] || 32'(idx) !== 32'(ctrl[15:8]) || gnt !== w_gnt[N-1:0])
              fail($sformatf("cycle %0d policy %0d req %h ready %h: got valid %b idx %0d gnt %h, expected valid %b idx %0d gnt %h",
                             c, policy, req, ready, valid, idx, gnt, ctrl[5], ctrl[15:8], w_gnt[N-1:0]));
          end
        end
      end
      if (errs == 0) $display("RESULT %s N=%0d ok checks=%0d errors=0", pname, N, checks);
      else           $display("RESULT %s N=%0d FAIL checks=%0d errors=%0d first: %s", pname, N, checks, errs, first);
      errors_o = errors_o + errs;
      end
    end
    done_o = 1'b1;
  end
endmodule
