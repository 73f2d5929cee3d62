// tb_weft_ibuffer: self-checking unit bench for rtl/frontend/weft_ibuffer.sv
// (the per-warp instruction buffers: shift queues in packed registers since
// the thirteenth session).
//
// Each tb_weft_ibuffer_inst instance runs one parameter point against a
// behavioural model (per warp an array m[0..DEPTH-1], m[0] the head, with a
// NOP flag and the side data per entry) updated in lock-step: directed
// corner cases (reset state, fill one warp to full, push+pop on full, drain,
// flush with a push of the same warp, fill (warp start) and nopify with a
// push) and then NCYC cycles of legal random stimulus (one push and one pop
// per cycle, of any warps; rare flush, fill and nopify of any warps) whose
// push/pop bias changes every few hundred cycles so the queues reach full
// and empty often. Checked every cycle before the clock edge, for every
// warp: valid_o, full_o, count_o, and for a non-empty queue nop_o and, when
// the head is not a fill NOP (don't-care data), heads_o and aux_o; and
// push_ready_o. Coverage counters make the bench fail if full, empty,
// push+pop on full, flush, fill or nopify were never exercised.
// TB_INJECT_FAULT corrupts the model (one pushed value) to prove that the
// bench fails.
//
// unit-rtl: rtl/frontend/weft_ibuffer.sv
// unit-sims: verilator
// (Verilator only: Icarus 11 does not parse the module's `int unsigned`
// parameter ports, as for tb_weft_icache)
module tb_weft_ibuffer_inst #(
  parameter int W     = 4,
  parameter int EW    = 16,
  parameter int DEPTH = 2,
  parameter int AW    = 3,
  parameter int SEED  = 1,
  parameter int NCYC  = 6000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (W > 1) ? $clog2(W) : 1;
  localparam int CW = $clog2(DEPTH + 1);

  logic            rst_n, push, pop, pnop;
  logic [IW-1:0]   pwid, owid;
  logic [EW-1:0]   data;
  logic [AW-1:0]   aux;
  logic [W-1:0]    flush, nopify, fill;
  logic            push_ready;
  logic [W-1:0]    nop, valid, full;
  logic [W*EW-1:0] heads;
  logic [W*AW-1:0] auxs;
  logic [W*CW-1:0] count;

  weft_ibuffer #(.W(W), .EW(EW), .DEPTH(DEPTH), .AW(AW)) dut (
    .clk_i(clk), .rst_ni(rst_n), .push_i(push), .push_wid_i(pwid), .push_data_i(data),
    .push_nop_i(pnop), .push_aux_i(aux), .push_ready_o(push_ready), .pop_i(pop), .pop_wid_i(owid),
    .flush_i(flush), .nopify_i(nopify), .fill_i(fill), .nop_o(nop), .heads_o(heads), .aux_o(auxs),
    .valid_o(valid), .full_o(full), .count_o(count)
  );

  // Reference model: entry k of warp w at w*DEPTH + k.
  logic [EW-1:0] md [W*DEPTH];
  logic [AW-1:0] ma [W*DEPTH];
  logic          mf [W*DEPTH];     // NOP flag
  logic          mk [W*DEPTH];     // data known (not a fill NOP)
  int            mcnt [W];
  int unsigned   npush, nfull, nempty, nfullpp, nflush, nfill, nnopify;

  task automatic drive(input logic pu, input int pw, input logic [EW-1:0] d, input logic [AW-1:0] a,
                       input logic pn, input logic po, input int ow,
                       input logic [W-1:0] fl, input logic [W-1:0] fi, input logic [W-1:0] np);
    push = pu; pwid = IW'(pw); data = d; aux = a; pnop = pn; pop = po; owid = IW'(ow);
    flush = fl; fill = fi; nopify = np;
    @(negedge clk);
  endtask

  always @(posedge clk) begin
    if (!rst_n) begin
      for (int w = 0; w < W; w++) mcnt[w] = 0;
    end else begin
      tb_check("push_ready_o", 64'(push_ready), 64'(mcnt[pwid] < DEPTH));
      for (int w = 0; w < W; w++) begin
        tb_check("valid_o", 64'(valid[w]), 64'(mcnt[w] > 0));
        tb_check("full_o",  64'(full[w]),  64'(mcnt[w] == DEPTH));
        tb_check("count_o", 64'(count[w*CW +: CW]), 64'(mcnt[w]));
        if (mcnt[w] > 0) tb_check("nop_o", 64'(nop[w]), 64'(mf[w*DEPTH]));
        if (mcnt[w] > 0 && mk[w*DEPTH]) begin
          tb_check("heads_o", 64'(heads[w*EW +: EW]), 64'(md[w*DEPTH]));
          tb_check("aux_o", 64'(auxs[w*AW +: AW]), 64'(ma[w*DEPTH]));
        end
        if (mcnt[w] == 0) nempty++;
        if (mcnt[w] == DEPTH) nfull++;
      end
      for (int w = 0; w < W; w++) begin
        if (fill[w]) begin
          mcnt[w] = DEPTH;
          for (int k = 0; k < DEPTH; k++) begin
            mf[w*DEPTH + k] = 1'b1;
            mk[w*DEPTH + k] = 1'b0;
          end
          nfill++;
        end else if (flush[w]) begin
          mcnt[w] = 0;
          nflush++;
        end else begin
          if (pop && owid == IW'(w) && mcnt[w] > 0) begin
            for (int k = 0; k < DEPTH - 1; k++) begin
              md[w*DEPTH + k] = md[w*DEPTH + k + 1];
              ma[w*DEPTH + k] = ma[w*DEPTH + k + 1];
              mf[w*DEPTH + k] = mf[w*DEPTH + k + 1];
              mk[w*DEPTH + k] = mk[w*DEPTH + k + 1];
            end
            mcnt[w]--;
            if (push && pwid == IW'(w) && mcnt[w] == DEPTH - 1) nfullpp++;
          end
          if (push && pwid == IW'(w) && mcnt[w] < DEPTH) begin
            md[w*DEPTH + mcnt[w]] = data;
`ifdef TB_INJECT_FAULT
            if (npush == 41) md[w*DEPTH + mcnt[w]] = ~data;
`endif
            ma[w*DEPTH + mcnt[w]] = aux;
            mf[w*DEPTH + mcnt[w]] = pnop;
            mk[w*DEPTH + mcnt[w]] = 1'b1;
            mcnt[w]++;
            npush++;
          end
        end
        if (nopify[w]) begin
          for (int k = 0; k < DEPTH; k++) mf[w*DEPTH + k] = 1'b1;
          nnopify++;
        end
      end
    end
  end

  int unsigned ppush, ppop, rw, rw2, pw, ow;
  logic pu, po, pn, ev;
  logic [W-1:0] fl, fi, np;
  logic [63:0]  dv;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("W=%0d EW=%0d DEPTH=%0d AW=%0d", W, EW, DEPTH, AW);
    tb_seed(SEED);
    npush = 0; nfull = 0; nempty = 0; nfullpp = 0; nflush = 0; nfill = 0; nnopify = 0;
    rst_n = 1'b0;
    drive(1'b0, 0, '0, '0, 1'b0, 1'b0, 0, '0, '0, '0);
    drive(1'b0, 0, '0, '0, 1'b0, 1'b0, 0, '0, '0, '0);
    rst_n = 1'b1;

    // Directed: reset state; fill warp W-1 to full, push+pop on full, drain.
    drive(1'b0, 0, '0, '0, 1'b0, 1'b0, 0, '0, '0, '0);
    for (int i = 0; i < DEPTH; i++) begin
      dv = {32'd0, i + 1};
      drive(1'b1, W - 1, EW'(dv), AW'(i), 1'(i), 1'b0, 0, '0, '0, '0);
    end
    for (int i = 0; i < 2 * DEPTH + 1; i++) begin
      dv = {32'd0, 32'hA0 + i};
      drive(1'b1, W - 1, EW'(dv), AW'(i + 2), 1'b0, 1'b1, W - 1, '0, '0, '0);
    end
    for (int i = 0; i < DEPTH; i++) drive(1'b0, 0, '0, '0, 1'b0, 1'b1, W - 1, '0, '0, '0);
    // Flush with a push of the same warp (dropped), then a push.
    drive(1'b1, 0, EW'(8'h5A), '1, 1'b0, 1'b0, 0, '0, '0, '0);
    drive(1'b1, 0, EW'(8'hC3), '1, 1'b0, 1'b0, 0, W'(1), '0, '0);
    drive(1'b1, 0, EW'(8'h3C), '0, 1'b0, 1'b0, 0, '0, '0, '0);
    // Fill (warp start) of warp 0, pops of its NOPs; nopify with a push.
    drive(1'b0, 0, '0, '0, 1'b0, 1'b0, 0, '0, W'(1), '0);
    for (int i = 0; i < DEPTH; i++) drive(1'b0, 0, '0, '0, 1'b0, 1'b1, 0, '0, '0, '0);
    drive(1'b1, 0, EW'(8'h77), AW'(1), 1'b0, 1'b0, 0, '0, '0, W'(1));
    drive(1'b0, 0, '0, '0, 1'b0, 1'b1, 0, '0, '0, '0);

    // Random phase: a legal push and pop per cycle, rare flush/fill/nopify.
    ppush = 50; ppop = 50;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 200 == 0) begin
        tb_below(81, ppush);
        ppush += 10;
        tb_below(81, ppop);
        ppop += 10;
      end
      tb_below(W, pw);
      tb_below(W, ow);
      tb_chance(ppop, po);
      po = po && (mcnt[ow] > 0);
      tb_chance(ppush, pu);
      pu = pu && (mcnt[pw] < DEPTH || (po && ow == pw));
      tb_chance(30, pn);
      tb_rand(rw);
      tb_rand(rw2);
      fl = '0; fi = '0; np = '0;
      for (int w = 0; w < W; w++) begin
        tb_chance(1, ev);
        fl[w] = ev;
        tb_chance(1, ev);
        fi[w] = ev;
        tb_chance(1, ev);
        np[w] = ev;
      end
      // (pop on empty and push on full are legal only with a flush or fill
      // of the warp; the stimulus keeps them out, as the front end does)
      drive(pu, int'(pw), EW'({rw2, rw}), AW'(rw2), pn, po, int'(ow), fl, fi, np);
    end

    drive(1'b0, 0, '0, '0, 1'b0, 1'b0, 0, '0, '0, '0);
    @(negedge clk);
    if (nfull == 0 || nempty == 0 || nfullpp == 0 || nflush == 0 || nfill == 0 || nnopify == 0)
      tb_err($sformatf("coverage hole: full=%0d empty=%0d push+pop-on-full=%0d flush=%0d fill=%0d nopify=%0d",
                       nfull, nempty, nfullpp, nflush, nfill, nnopify));
    $display("  info %s: %0d checks, %0d pushes, warp-cycles full=%0d empty=%0d push+pop-on-full=%0d flushes=%0d fills=%0d nopifies=%0d",
             tb_name, tb_checks, npush, nfull, nempty, nfullpp, nflush, nfill, nnopify);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_ibuffer;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_ibuffer_inst #(.W(4), .EW(16), .DEPTH(2), .AW(3), .SEED(21)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_ibuffer_inst #(.W(2), .EW(40), .DEPTH(1), .AW(1), .SEED(22)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_ibuffer_inst #(.W(3), .EW(37), .DEPTH(4), .AW(7), .SEED(23)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_ibuffer_inst #(.W(8), .EW(61), .DEPTH(3), .AW(5), .SEED(24)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_ibuffer: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_ibuffer: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_ibuffer: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_ibuffer: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_ibuffer");
    $finish;
  end

  initial begin
    #(64'd80_000_000);
    $display("FAIL tb_weft_ibuffer: timeout");
    $finish;
  end
endmodule
