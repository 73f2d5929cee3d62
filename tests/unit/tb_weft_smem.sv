// tb_weft_smem: self-checking unit bench for rtl/weft_smem.sv (banked shared
// memory with bank-conflict serialization).
//
// Each tb_weft_smem_inst instance runs one parameter point: NREQ random warp
// requests (random lane masks; word indexes drawn to hit the same word, the
// same bank or anywhere, so that broadcasts and k-way conflicts both occur;
// random byte enables for stores) against a behavioural model (a word array;
// stores applied in lane order). Checked per request: access_o pulses at
// acceptance; the request takes exactly max over banks of (distinct words of
// its active lanes in that bank) passes, conflict_o pulsing in all but the
// first; a load answers once, with its tag and the model's word in every
// active lane, in the cycle the unit is ready again; a store never answers.
// Coverage: shared words, conflicts of degree 3 or more, stores with partial
// byte enables must all have occurred. TB_INJECT_FAULT corrupts the model's
// pass count for one request to prove that the bench fails.
// Atomics (about 30 % of the requests: every AMO, lr.w, sc.w, from a random
// warp; an sc.w often repeats the previous lr.w's warp, mask and words):
// the model executes the lanes in lane order with per-(warp, lane)
// reservations (sim/amo.h's rules; a plain store or any write clears the
// word's reservations); the request must take, per bank, one pass per
// active lane (no broadcast) and answer the old words (sc.w: 0/1). Coverage:
// atomics with two lanes on one word, successful and failed sc.w.
//
// unit-rtl: rtl/weft_smem.sv
// unit-sims: verilator icarus
module tb_weft_smem_inst #(
  parameter int T     = 4,
  parameter int WORDS = 64,
  parameter int BANKS = 4,
  parameter int SEED  = 1,
  parameter int NREQ  = 600
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int WW = $clog2(WORDS);

  logic            rst_n, valid, ready, we, rsp_valid, access, conflict;
  logic [T-1:0]    mask;
  logic [T*WW-1:0] word;
  logic [T*4-1:0]  be;
  logic [T*32-1:0] data, rsp_data;
  logic [7:0]      tag, rsp_tag;

  localparam int W = 3;
  logic [5:0]      amo;
  logic [1:0]      wid;

  weft_smem #(.T(T), .W(W), .WORDS(WORDS), .BANKS(BANKS)) dut (
    .clk_i(clk), .rst_ni(rst_n), .req_valid_i(valid), .req_ready_o(ready), .req_we_i(we),
    .req_mask_i(mask), .req_word_i(word), .req_byteen_i(be), .req_data_i(data), .req_tag_i(tag),
    .req_amo_i(amo), .req_wid_i(wid),
    .rsp_valid_o(rsp_valid), .rsp_tag_o(rsp_tag), .rsp_data_o(rsp_data),
    .access_o(access), .conflict_o(conflict)
  );

  logic [31:0] m [WORDS];
  int unsigned nbcast, nfull, npartial, nloads;
  int unsigned namo, namo_shared, nsc_ok, nsc_fail;
  logic        rv [W*T];          // model reservations per (warp, lane)
  int unsigned rvw [W*T];
  logic [31:0] want_rsp [T];
  logic        prev_lr;
  logic [T-1:0]    prev_mask;
  logic [T*WW-1:0] prev_word;
  logic [1:0]      prev_wid;

  function automatic logic [31:0] amo_new(input logic [4:0] f5, input logic [31:0] old,
                                          input logic [31:0] src);
    case (f5)
      5'h00:   amo_new = old + src;
      5'h01:   amo_new = src;
      5'h04:   amo_new = old ^ src;
      5'h08:   amo_new = old | src;
      5'h0c:   amo_new = old & src;
      5'h10:   amo_new = ($signed(old) < $signed(src)) ? old : src;
      5'h14:   amo_new = ($signed(old) > $signed(src)) ? old : src;
      5'h18:   amo_new = (old < src) ? old : src;
      5'h1c:   amo_new = (old > src) ? old : src;
      default: amo_new = old;
    endcase
  endfunction

  initial begin
    int unsigned r, w0, passes, want, conf, seen, nrsp;
    logic c;
    tb_name = $sformatf("T=%0d WORDS=%0d BANKS=%0d", T, WORDS, BANKS);
    tb_seed(SEED);
    nbcast = 0; nfull = 0; npartial = 0; nloads = 0;
    namo = 0; namo_shared = 0; nsc_ok = 0; nsc_fail = 0; prev_lr = 1'b0;
    prev_mask = '0; prev_word = '0; prev_wid = '0;
    for (int r2 = 0; r2 < W * T; r2++) begin rv[r2] = 1'b0; rvw[r2] = 0; end
    valid = 1'b0; we = 1'b0; mask = '0; word = '0; be = '0; data = '0; tag = '0; amo = '0; wid = '0;
    rst_n = 1'b0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // Initialise every word (the arrays are not reset): full-word stores.
    for (int i = 0; i < WORDS; i += T) begin
      for (int t = 0; t < T; t++) begin
        word[t*WW +: WW] = WW'((i + t) % WORDS);
        tb_rand(r);
        data[t*32 +: 32] = r;
        m[(i + t) % WORDS] = r;
      end
      mask = '1; be = '1; we = 1'b1; valid = 1'b1;
      @(negedge clk);
      valid = 1'b0;
      while (!ready) @(negedge clk);
    end
    for (int n = 0; n < NREQ; n++) begin
      // stimulus
      tb_below(WORDS, w0);
      mask = '0;
      while (mask == '0)
        for (int t = 0; t < T; t++) begin tb_chance(70, c); mask[t] = c; end
      for (int t = 0; t < T; t++) begin
        tb_below(4, r);
        if (r == 0) word[t*WW +: WW] = WW'(w0);                                   // same word
        else if (r == 1) begin tb_below(WORDS / BANKS, r); word[t*WW +: WW] = WW'((r * BANKS + w0 % BANKS) % WORDS); end // same bank
        else if (r == 2) word[t*WW +: WW] = WW'((w0 + t) % WORDS);                // consecutive
        else begin tb_below(WORDS, r); word[t*WW +: WW] = WW'(r); end
        tb_rand(r);
        data[t*32 +: 32] = r;
        tb_below(16, r);
        be[t*4 +: 4] = (r == 0) ? 4'hf : 4'(r);
      end
      tb_chance(50, c);
      we = c;
      tb_below(256, r);
      tag = 8'(r);
      // atomics
      amo = '0;
      tb_below(W, r);
      wid = 2'(r);
      tb_chance(30, c);
      if (prev_lr) begin   // often an sc.w after an lr.w: same warp, mask, words
        tb_chance(60, c);
        if (c) begin
          amo = 6'h23; we = 1'b0; be = '1; wid = prev_wid; mask = prev_mask; word = prev_word;
          c = 1'b0;
        end else tb_chance(30, c);
      end
      if (c) begin
        tb_below(11, r);
        case (r)
          0: amo = 6'h20; 1: amo = 6'h21; 2: amo = 6'h24; 3: amo = 6'h28; 4: amo = 6'h2c;
          5: amo = 6'h30; 6: amo = 6'h34; 7: amo = 6'h38; 8: amo = 6'h3c; 9: amo = 6'h22;
          default: amo = 6'h23;
        endcase
        we = 1'b0; be = '1;
        tb_chance(70, c);
        if (amo == 6'h23 && prev_lr && c) begin   // sc.w after lr.w: same warp, mask, words
          wid = prev_wid; mask = prev_mask; word = prev_word;
        end
      end
      prev_lr = (amo == 6'h22);
      prev_mask = mask; prev_word = word; prev_wid = wid;
      // expected passes: per bank, the number of distinct active words
      // (atomics: of active lanes)
      want = 1;
      for (int b = 0; b < BANKS; b++) begin
        int unsigned k;
        k = 0;
        for (int t = 0; t < T; t++) begin
          logic first;
          first = mask[t] && (int'(word[t*WW +: WW]) % BANKS) == b;
          for (int u = 0; u < t; u++)
            if (mask[u] && word[u*WW +: WW] == word[t*WW +: WW] && !amo[5]) first = 1'b0;
          if (first) k++;
        end
        if (k > want) want = k;
      end
      seen = 0;
      for (int t = 0; t < T; t++)
        for (int u = 0; u < t; u++)
          if (mask[t] && mask[u] && word[t*WW +: WW] == word[u*WW +: WW]) seen = 1;
      if (seen != 0) nbcast++;
      if (want >= ((T < 3) ? T : 3) && T > 1) nfull++;   // a conflict of degree >= 3 (T = 2: 2)
`ifdef TB_INJECT_FAULT
      if (n == NREQ / 2) want = want + 1;
`endif
      // drive (the unit is idle: ready)
      valid = 1'b1;
      #1;
      tb_check("req_ready_o idle", 64'(ready), 64'd1);
      tb_check("access_o at acceptance", 64'(access), 64'd1);
      @(negedge clk);
      valid = 1'b0;
      // model
      if (amo[5] && seen != 0) namo_shared++;
      if (amo[5]) namo++;
      for (int t = 0; t < T; t++) begin
        int unsigned wd, h;
        wd = int'(word[t*WW +: WW]);
        h = int'(wid) * T + t;
        want_rsp[t] = m[wd];
        if (mask[t] && we) begin
          if (be[t*4 +: 4] != 4'hf) npartial++;
          for (int k = 0; k < 4; k++)
            if (be[t*4 + k]) m[wd][k*8 +: 8] = data[t*32 + k*8 +: 8];
          for (int r2 = 0; r2 < W * T; r2++) if (rvw[r2] == wd) rv[r2] = 1'b0;
        end else if (mask[t] && amo[5]) begin
          if (amo[4:0] == 5'h02) begin
            rv[h] = 1'b1; rvw[h] = wd;
          end else if (amo[4:0] == 5'h03) begin
            logic ok;
            ok = rv[h] && rvw[h] == wd;
            rv[h] = 1'b0;
            want_rsp[t] = 32'(!ok);
            if (ok) begin
              nsc_ok++;
              m[wd] = data[t*32 +: 32];
              for (int r2 = 0; r2 < W * T; r2++) if (rvw[r2] == wd) rv[r2] = 1'b0;
            end else nsc_fail++;
          end else begin
            m[wd] = amo_new(amo[4:0], m[wd], data[t*32 +: 32]);
            for (int r2 = 0; r2 < W * T; r2++) if (rvw[r2] == wd) rv[r2] = 1'b0;
          end
        end
      end
      passes = 0; conf = 0; nrsp = 0;
      while (!ready && passes <= 64) begin
        passes++;
        if (conflict) conf++;
        if (rsp_valid) nrsp++;
        @(negedge clk);
      end
      tb_check("passes", 64'(passes), 64'(want));
      tb_check("conflict cycles", 64'(conf), 64'(want) - 64'd1);
      tb_check("responses before ready", 64'(nrsp), 64'd0);
      tb_check("rsp_valid_o when ready again", 64'(rsp_valid), 64'(!we));
      if (!we) begin
        nloads++;
        tb_check("rsp_tag_o", 64'(rsp_tag), 64'(tag));
        for (int t = 0; t < T; t++)
          if (mask[t]) tb_check($sformatf("rsp_data lane %0d", t), 64'(rsp_data[t*32 +: 32]),
                                amo[5] ? 64'(want_rsp[t]) : 64'(m[int'(word[t*WW +: WW])]));
      end
      @(negedge clk);
      tb_check("single response", 64'(rsp_valid), 64'd0);
    end
    if (nfull == 0 && T > 1 && BANKS > 1) tb_err("coverage: no conflict of degree >= 3");
    if (npartial == 0) tb_err("coverage: no partial-byte store");
    if (nloads == 0) tb_err("coverage: no load");
    if (nbcast == 0 && T > 1) tb_err("coverage: no two lanes on one word");
    if (namo_shared == 0 && T > 1) tb_err("coverage: no atomic with two lanes on one word");
    if (nsc_ok == 0 || nsc_fail == 0) tb_err("coverage: sc.w did not both succeed and fail");
    $display("  info %s: %0d checks, %0d loads, conflicts of degree >= 3: %0d, shared words %0d, partial stores %0d",
             tb_name, tb_checks, nloads, nfull, nbcast, npartial);
    $display("  info %s: %0d atomics (%0d with a shared word), sc.w %0d ok %0d failed",
             tb_name, namo, namo_shared, nsc_ok, nsc_fail);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_smem;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_smem_inst #(.T(4),  .WORDS(64),   .BANKS(4),  .SEED(21)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_smem_inst #(.T(8),  .WORDS(128),  .BANKS(4),  .SEED(22)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_smem_inst #(.T(2),  .WORDS(32),   .BANKS(8),  .SEED(23)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_smem_inst #(.T(16), .WORDS(1024), .BANKS(16), .SEED(24)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_smem: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_smem: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_smem: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_smem: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_smem");
    $finish;
  end

  initial begin
    #(64'd200_000_000);
    $display("FAIL tb_weft_smem: timeout");
    $finish;
  end
endmodule
