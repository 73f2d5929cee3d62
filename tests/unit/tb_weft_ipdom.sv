// tb_weft_ipdom: self-checking unit bench for rtl/weft_ipdom.sv.
//
// Reference model: per warp an array of entries {kind, mask, pc} and a stack
// pointer.  op 1 pushes UNIFORM {0,0,0}; op 2 pushes RECONV {1,rmask,0} then
// ELSE {2,emask,epc}; op 3 pops.  An operation is performed only with en_i
// and without err_ovf_o/err_unf_o; clear_i then empties clear_wid_i (a clear
// wins over an operation on the same warp).  Checked every cycle for wid_i:
// top_kind_o/top_mask_o/top_pc_o (zero when the stack is empty), err_ovf_o
// (push past DEPTH, a divergent push needs two slots) and err_unf_o (pop on
// empty), both independent of en_i.
// Directed: pop on empty flags underflow and changes nothing; push order and
// pop order (ELSE, then RECONV, then UNIFORM); fill to DEPTH, overflow on a
// further push and on a divergent push with one free slot, state unchanged;
// en_i low changes nothing; clear of another warp leaves this one alone;
// clear and pop of the same warp in one cycle.
// Random: NCYC cycles, warps and ops random with push-heavy and pop-heavy
// phases so stacks hit full and empty, random masks/pcs, occasional clears.
// Parameter points (W, T, DEPTH): (1,1,1), (2,4,2), (3,8,5), (4,4,8).
//
// unit-rtl: rtl/weft_ipdom.sv
// unit-sims: verilator icarus
module tb_weft_ipdom_inst #(
  parameter int W     = 4,
  parameter int T     = 4,
  parameter int DEPTH = 8,
  parameter int SEED  = 1,
  parameter int NCYC  = 6000
) (
  output logic        done_o,
  output logic [31:0] errors_o
);
  `include "tb_common.svh"

  localparam int IW = (W > 1) ? $clog2(W) : 1;

  logic          rst_n, en, clear;
  logic [1:0]    op;
  logic [IW-1:0] wid, clear_wid;
  logic [T-1:0]  rmask, emask;
  logic [31:0]   epc;
  logic [1:0]    top_kind;
  logic [T-1:0]  top_mask;
  logic [31:0]   top_pc;
  logic          ovf, unf;

  weft_ipdom #(.W(W), .T(T), .DEPTH(DEPTH)) dut (
    .clk_i(clk), .rst_ni(rst_n), .op_i(op), .en_i(en), .wid_i(wid),
    .rmask_i(rmask), .emask_i(emask), .epc_i(epc),
    .top_kind_o(top_kind), .top_mask_o(top_mask), .top_pc_o(top_pc),
    .err_ovf_o(ovf), .err_unf_o(unf), .clear_i(clear), .clear_wid_i(clear_wid)
  );

  // Model.
  logic [1:0]   mkind [W*DEPTH];
  logic [T-1:0] mmask [W*DEPTH];
  logic [31:0]  mpc   [W*DEPTH];
  int           msp   [W];
  int unsigned  npushu, npushd, npop, novf, nunf, nclear, nfull, nmaxd;

  always @(posedge clk) begin
    int w, sp, b;
    logic e_ovf, e_unf;
    if (!rst_n) begin
      for (int i = 0; i < W; i++) msp[i] = 0;
    end else begin
      w = int'(wid);
      sp = msp[w];
      b = w * DEPTH;
      if (sp > 0) begin
        tb_check("top_kind_o", 64'(top_kind), 64'(mkind[b + sp - 1]));
        tb_check("top_mask_o", 64'(top_mask), 64'(mmask[b + sp - 1]));
        tb_check("top_pc_o",   64'(top_pc),   64'(mpc[b + sp - 1]));
      end else begin
        tb_check("top_kind_o (empty)", 64'(top_kind), 64'd0);
        tb_check("top_mask_o (empty)", 64'(top_mask), 64'd0);
        tb_check("top_pc_o (empty)",   64'(top_pc),   64'd0);
      end
      e_ovf = (op == 2'd1 && sp + 1 > DEPTH) || (op == 2'd2 && sp + 2 > DEPTH);
      e_unf = (op == 2'd3 && sp == 0);
      tb_check("err_ovf_o", 64'(ovf), 64'(e_ovf));
      tb_check("err_unf_o", 64'(unf), 64'(e_unf));
      if (en && e_ovf) novf++;
      if (en && e_unf) nunf++;
      if (en && !e_ovf && !e_unf) begin
        case (op)
          2'd1: begin
            mkind[b + sp] = 2'd0; mmask[b + sp] = '0; mpc[b + sp] = '0;
            msp[w] = sp + 1;
            npushu++;
          end
          2'd2: begin
            mkind[b + sp] = 2'd1; mmask[b + sp] = rmask; mpc[b + sp] = '0;
            mkind[b + sp + 1] = 2'd2; mmask[b + sp + 1] = emask; mpc[b + sp + 1] = epc;
`ifdef TB_INJECT_FAULT
            // Deliberately wrong model: ELSE and RECONV swapped.
            mkind[b + sp + 1] = 2'd1; mmask[b + sp + 1] = rmask; mpc[b + sp + 1] = '0;
            mkind[b + sp] = 2'd2; mmask[b + sp] = emask; mpc[b + sp] = epc;
`endif
            msp[w] = sp + 2;
            npushd++;
          end
          2'd3: begin
            msp[w] = sp - 1;
            npop++;
          end
          default: ;
        endcase
      end
      if (clear) begin
        msp[int'(clear_wid)] = 0;
        nclear++;
      end
      if (msp[w] == DEPTH) nfull++;
      if (msp[w] > int'(nmaxd)) nmaxd = msp[w];
    end
  end

  task automatic drive(input logic [1:0] o, input logic e, input logic [IW-1:0] w,
                       input logic c, input logic [IW-1:0] cw);
    int unsigned x;
    op = o; en = e; wid = w; clear = c; clear_wid = cw;
    tb_rand(x);
    rmask = T'(x);
    tb_rand(x);
    emask = T'(x);
    tb_rand(epc);
    @(negedge clk);
  endtask

  logic [IW-1:0] wl;
  int unsigned   pph;
  logic [1:0]    ro;
  logic          re, rc, rp, rq, rx;
  int unsigned   rv;
  logic [IW-1:0] rw, rcw;

  initial begin
    done_o = 1'b0;
    errors_o = 0;
    tb_name = $sformatf("W=%0d T=%0d DEPTH=%0d", W, T, DEPTH);
    tb_seed(SEED);
    npushu = 0; npushd = 0; npop = 0; novf = 0; nunf = 0; nclear = 0; nfull = 0; nmaxd = 0;
    wl = IW'(W - 1);
    rst_n = 1'b0;
    drive(2'd0, 1'b0, 0, 1'b0, 0);
    drive(2'd0, 1'b0, 0, 1'b0, 0);
    rst_n = 1'b1;

    // Pop on empty: underflow, nothing changes.
    drive(2'd3, 1'b1, 0, 1'b0, 0);
    drive(2'd3, 1'b1, 0, 1'b0, 0);
    // Push uniform, push divergent, then pop three times and once more.
    drive(2'd1, 1'b1, 0, 1'b0, 0);
    drive(2'd2, 1'b1, 0, 1'b0, 0);
    if (DEPTH >= 3) begin
      op = 2'd0;
      #1 tb_check("top after divergent push is ELSE", 64'(top_kind), 64'd2);
    end
    for (int i = 0; i < 4; i++) drive(2'd3, 1'b1, 0, 1'b0, 0);
    // Fill warp W-1 to DEPTH, then overflow with both pushes.
    for (int i = 0; i < DEPTH; i++) drive(2'd1, 1'b1, wl, 1'b0, 0);
    drive(2'd1, 1'b1, wl, 1'b0, 0);
    drive(2'd2, 1'b1, wl, 1'b0, 0);
    drive(2'd3, 1'b1, wl, 1'b0, 0);
    drive(2'd2, 1'b1, wl, 1'b0, 0);   // one slot free: divergent push overflows
    drive(2'd1, 1'b0, wl, 1'b0, 0);   // en low: nothing
    drive(2'd3, 1'b0, wl, 1'b0, 0);
    // Clear another warp, then pop and clear the same warp in one cycle.
    drive(2'd1, 1'b1, 0, 1'b0, 0);
    drive(2'd3, 1'b1, wl, 1'b1, 0);
    drive(2'd3, 1'b1, wl, 1'b1, wl);
    drive(2'd0, 1'b1, wl, 1'b0, 0);
    tb_check("stack empty after clear", 64'(unf), 64'd0);

    pph = 60;
    for (int c = 0; c < NCYC; c++) begin
      if (c % 150 == 0) begin
        tb_below(70, pph);
        pph += 15;
      end
      // One random draw per statement: argument evaluation order differs
      // between simulators.
      tb_chance(pph, rp);
      tb_chance(50, rq);
      tb_chance(90, rx);
      if (rp) ro = rq ? 2'd1 : 2'd2;
      else    ro = rx ? 2'd3 : 2'd0;
      tb_chance(85, re);
      tb_below(W, rv);
      rw = IW'(rv);
      tb_below(1000, rv);
      rc = rv < 5;
      tb_below(W, rv);
      rcw = IW'(rv);
      drive(ro, re, rw, rc, rcw);
    end
    drive(2'd0, 1'b0, 0, 1'b0, 0);

    if (npushu == 0 || (DEPTH >= 2 && npushd == 0) || npop == 0 || novf == 0 || nunf == 0 ||
        nclear == 0 || nfull == 0)
      tb_err($sformatf("coverage hole: pushu=%0d pushd=%0d pop=%0d ovf=%0d unf=%0d clear=%0d full=%0d",
                       npushu, npushd, npop, novf, nunf, nclear, nfull));
    $display("  info %s: %0d checks, pushu=%0d pushd=%0d pop=%0d ovf=%0d unf=%0d clears=%0d at-full=%0d",
             tb_name, tb_checks, npushu, npushd, npop, novf, nunf, nclear, nfull);
    errors_o = tb_errors;
    done_o = 1'b1;
  end
endmodule

module tb_weft_ipdom;
  logic        d0, d1, d2, d3;
  logic [31:0] e0, e1, e2, e3;

  tb_weft_ipdom_inst #(.W(1), .T(1), .DEPTH(1), .SEED(61)) u_p0 (.done_o(d0), .errors_o(e0));
  tb_weft_ipdom_inst #(.W(2), .T(4), .DEPTH(2), .SEED(62)) u_p1 (.done_o(d1), .errors_o(e1));
  tb_weft_ipdom_inst #(.W(3), .T(8), .DEPTH(5), .SEED(63)) u_p2 (.done_o(d2), .errors_o(e2));
  tb_weft_ipdom_inst #(.W(4), .T(4), .DEPTH(8), .SEED(64)) u_p3 (.done_o(d3), .errors_o(e3));

  initial begin
    wait (d0 === 1'b1 && d1 === 1'b1 && d2 === 1'b1 && d3 === 1'b1);
    if (e0 != 0)      $display("FAIL tb_weft_ipdom: %s", u_p0.tb_first);
    else if (e1 != 0) $display("FAIL tb_weft_ipdom: %s", u_p1.tb_first);
    else if (e2 != 0) $display("FAIL tb_weft_ipdom: %s", u_p2.tb_first);
    else if (e3 != 0) $display("FAIL tb_weft_ipdom: %s", u_p3.tb_first);
    else              $display("PASS tb_weft_ipdom");
    $finish;
  end

  initial begin
    #(64'd50_000_000);
    $display("FAIL tb_weft_ipdom: timeout");
    $finish;
  end
endmodule
