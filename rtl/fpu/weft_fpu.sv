// weft_fpu: RV32F floating-point unit, T lanes, warp-wide (one warp
// instruction per cycle in, one result per cycle out).
//
// Operations (in_op_i, weft_fpu_pkg): fadd fsub fmul fmadd fmsub fnmsub
// fnmadd fdiv fsqrt fsgnj[n|x] fmin fmax fcvt.w[u].s fcvt.s.w[u] fmv.x.w
// fmv.w.x feq flt fle fclass, bit-exact with RISC-V F 2.2 (IEEE 754
// binary32, five rounding modes incl. RMM, subnormals, canonical NaN,
// tininess after rounding). in_rm_i is the resolved rounding mode. The
// integer source of fcvt.s.w[u]/fmv.w.x comes in in_a_i.
//
// Structure: stage 1 (s1_*) is one operand register shared by all
// operations. Four latency classes follow it:
//   FMA  (fadd..fnmadd)             LAT_FMA cycles, weft_fpu_fma per lane
//   CVT  (fcvt.*)                   LAT_CVT cycles, weft_fpu_cvt per lane
//   MISC (sgnj, min/max, cmp, ...)  LAT_MISC cycles, weft_fpu_misc per lane
//   DIV  (fdiv, fsqrt)              LAT_DIV cycles, weft_fpu_divsqrt per lane
// FMA/CVT/MISC compute from stage 1 and carry their result through LAT-1
// registers (weft_fpu_pipe; LAT 1 = straight from stage 1 to the output);
// the FMA lane is split in two halves by its first register (LAT_FMA >= 2).
// DIV is one iterative engine (all lanes in step): it takes an instruction
// from stage 1 when idle, runs LAT_DIV-3 cycles of K radix-2 steps and one
// rounding cycle, and holds the result until the output takes it; a second
// fdiv/fsqrt waits in stage 1 (in_ready_o low) meanwhile.
//
// Handshake: an instruction is taken when in_valid_i && in_ready_o (it is
// offered LAT cycles later when nothing is blocked). in_ready_o is high when
// stage 1 is empty or its content moves on this cycle; it does not depend on
// in_valid_i or in_op_i. Results leave through one valid/ready port; classes
// finish out of order. Each class's last stage competes for the port in
// round-robin order; a result offered and not taken stays offered (same
// class, same data) until out_ready_i, and a class whose last stage is not
// taken holds all of its stages (nothing is lost, nothing is duplicated).
// out_flags_o is the OR of the flags (NV DZ OF UF NX = bits 4..0) of the
// lanes set in the tmask; inactive lanes' data is unspecified.
// Pass-through fields (wid, pc, tmask, rd, wb, fd) come out unchanged.
module weft_fpu #(
  parameter int W        = 4,
  parameter int T        = 4,
  parameter int LAT_FMA  = 4,
  parameter int LAT_CVT  = 5,
  parameter int LAT_DIV  = 16,
  parameter int LAT_MISC = 1,
  localparam int IW = (W > 1) ? $clog2(W) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  // from issue
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [IW-1:0]   in_wid_i,
  input  logic [31:0]     in_pc_i,
  input  logic [T-1:0]    in_tmask_i,
  input  logic [4:0]      in_op_i,
  input  logic [2:0]      in_rm_i,
  input  logic [4:0]      in_rd_i,
  input  logic            in_wb_i,
  input  logic            in_fd_i,
  input  logic [T*32-1:0] in_a_i,
  input  logic [T*32-1:0] in_b_i,
  input  logic [T*32-1:0] in_c_i,
  // to writeback
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [IW-1:0]   out_wid_o,
  output logic [31:0]     out_pc_o,
  output logic [T-1:0]    out_tmask_o,
  output logic [4:0]      out_rd_o,
  output logic            out_wb_o,
  output logic            out_fd_o,
  output logic [T*32-1:0] out_data_o,
  output logic [4:0]      out_flags_o
);

  localparam int C_FMA  = 0;
  localparam int C_CVT  = 1;
  localparam int C_MISC = 2;
  localparam int C_DIV  = 3;
  // pass-through record: {wid, pc, tmask, rd, wb, fd}
  localparam int XW = IW + 32 + T + 5 + 1 + 1;
  // pipe payload: {data, flags, pass-through}
  localparam int PW = T * 32 + 5 + XW;
  // div/sqrt: LAT_DIV-3 step cycles of DIV_K radix-2 steps (26 in total)
  localparam int DIV_NIT = (LAT_DIV > 3) ? LAT_DIV - 3 : 1;
  localparam int DIV_K   = (26 + DIV_NIT - 1) / DIV_NIT;

`ifdef WEFT_ASSERTS_ON
  initial begin
    if (T < 1 || W < 1 || LAT_FMA < 1 || LAT_CVT < 1 || LAT_MISC < 1 || LAT_DIV < 4 || LAT_DIV > 200)
      $fatal(1, "weft_fpu: need T, W, LAT_FMA, LAT_CVT, LAT_MISC >= 1 and 4 <= LAT_DIV <= 200");
  end
`endif

  function automatic logic [1:0] op_class(input logic [4:0] op);
    unique case (op)
      weft_fpu_pkg::FADD, weft_fpu_pkg::FSUB, weft_fpu_pkg::FMUL, weft_fpu_pkg::FMADD,
      weft_fpu_pkg::FMSUB, weft_fpu_pkg::FNMSUB, weft_fpu_pkg::FNMADD:
        op_class = 2'(C_FMA);
      weft_fpu_pkg::FDIV, weft_fpu_pkg::FSQRT:
        op_class = 2'(C_DIV);
      weft_fpu_pkg::FCVT_W_S, weft_fpu_pkg::FCVT_WU_S, weft_fpu_pkg::FCVT_S_W, weft_fpu_pkg::FCVT_S_WU:
        op_class = 2'(C_CVT);
      default:
        op_class = 2'(C_MISC);   // sgnj, min/max, fmv, compare, fclass, unknown codes
    endcase
  endfunction

  // ------------------------------------------------------------ stage 1
  logic            s1_v_q;
  logic [1:0]      s1_cls_q;
  logic [4:0]      s1_op_q;
  logic [2:0]      s1_rm_q;
  logic [T*32-1:0] s1_a_q, s1_b_q, s1_c_q;
  logic [XW-1:0]   s1_x_q;
  logic            fire_in, s1_adv, s1_leave;

  assign fire_in    = in_valid_i && in_ready_o;
  assign s1_adv     = !s1_v_q || s1_leave;
  assign in_ready_o = s1_adv;

  always_ff @(posedge clk_i) begin
    if (!rst_ni)     s1_v_q <= 1'b0;
    else if (s1_adv) s1_v_q <= fire_in;
  end

  always_ff @(posedge clk_i) begin
    if (fire_in) begin
      s1_cls_q <= op_class(in_op_i);
      s1_op_q  <= in_op_i;
      s1_rm_q  <= in_rm_i;
      s1_a_q   <= in_a_i;
      s1_b_q   <= in_b_i;
      s1_c_q   <= in_c_i;
      s1_x_q   <= {in_wid_i, in_pc_i, in_tmask_i, in_rd_i, in_wb_i, in_fd_i};
    end
  end

  logic [T-1:0] s1_tmask;
  assign s1_tmask = s1_x_q[7 +: T];

  // ------------------------------------------------------------ lanes
  // stage 1 holds an instruction of this class (also the enable of the
  // class's combinational lanes: idle lanes compute nothing)
  logic            fma_in_v, cvt_in_v, misc_in_v;

  assign fma_in_v  = s1_v_q && (s1_cls_q == 2'(C_FMA));
  assign cvt_in_v  = s1_v_q && (s1_cls_q == 2'(C_CVT));
  assign misc_in_v = s1_v_q && (s1_cls_q == 2'(C_MISC));

  // FMA lane halves: fma_mid (from stage 1) -> [register] -> fmb_mid
  localparam int MW = 151;   // {special, spres, spflags, sign, exp, sum}
  logic [T*MW-1:0] fma_mid, fmb_mid;
  logic [2:0]      fmb_rm;
  logic [XW-1:0]   fmb_x;
  logic            fmb_v;
  logic [T*32-1:0] fma_res, cvt_res, misc_res, div_res;
  logic [T*5-1:0]  fma_flg, cvt_flg, misc_flg, div_flg;
  logic            div_load, div_fin;
  logic [DIV_K-1:0] div_step;

  for (genvar t = 0; t < T; t++) begin : gen_lane
    weft_fpu_fma u_fma (
      .en_i     (fma_in_v),
      .op_i     (s1_op_q),
      .rm_i     (s1_rm_q),
      .a_i      (s1_a_q[t*32 +: 32]),
      .b_i      (s1_b_q[t*32 +: 32]),
      .c_i      (s1_c_q[t*32 +: 32]),
      .special_o(fma_mid[t*MW + 150]),
      .spres_o  (fma_mid[t*MW + 118 +: 32]),
      .spflags_o(fma_mid[t*MW + 113 +: 5]),
      .sign_o   (fma_mid[t*MW + 112]),
      .exp_o    (fma_mid[t*MW + 99 +: 13]),
      .sum_o    (fma_mid[t*MW +: 99])
    );
    weft_fpu_fma_norm u_fma_norm (
      .en_i     (fmb_v),
      .rm_i     (fmb_rm),
      .special_i(fmb_mid[t*MW + 150]),
      .spres_i  (fmb_mid[t*MW + 118 +: 32]),
      .spflags_i(fmb_mid[t*MW + 113 +: 5]),
      .sign_i   (fmb_mid[t*MW + 112]),
      .exp_i    (fmb_mid[t*MW + 99 +: 13]),
      .sum_i    (fmb_mid[t*MW +: 99]),
      .res_o    (fma_res[t*32 +: 32]),
      .flags_o  (fma_flg[t*5 +: 5])
    );
    weft_fpu_cvt u_cvt (
      .en_i   (cvt_in_v),
      .op_i   (s1_op_q),
      .rm_i   (s1_rm_q),
      .a_i    (s1_a_q[t*32 +: 32]),
      .res_o  (cvt_res[t*32 +: 32]),
      .flags_o(cvt_flg[t*5 +: 5])
    );
    weft_fpu_misc u_misc (
      .en_i   (misc_in_v),
      .op_i   (s1_op_q),
      .a_i    (s1_a_q[t*32 +: 32]),
      .b_i    (s1_b_q[t*32 +: 32]),
      .res_o  (misc_res[t*32 +: 32]),
      .flags_o(misc_flg[t*5 +: 5])
    );
    weft_fpu_divsqrt #(.K(DIV_K)) u_divsqrt (
      .clk_i  (clk_i),
      .load_i (div_load),
      .step_i (div_step),
      .fin_i  (div_fin),
      .sqrt_i (s1_op_q == weft_fpu_pkg::FSQRT),
      .rm_i   (s1_rm_q),
      .a_i    (s1_a_q[t*32 +: 32]),
      .b_i    (s1_b_q[t*32 +: 32]),
      .res_o  (div_res[t*32 +: 32]),
      .flags_o(div_flg[t*5 +: 5])
    );
  end

  // OR of the flags of the active lanes
  function automatic logic [4:0] or_flags(input logic [T*5-1:0] f, input logic [T-1:0] m);
    or_flags = 5'd0;
    for (int t = 0; t < T; t++) begin
      if (m[t]) or_flags = or_flags | f[t*5 +: 5];
    end
  endfunction

  // ------------------------------------------------------------ FMA/CVT/MISC pipes
  logic [3:0]      cls_v, cls_take, cls_hold, grant;
  logic [PW-1:0]   fma_out, cvt_out, misc_out;

  // Pipe inputs, built only when the stage feeding them holds an instruction
  // (zero otherwise: a pipe never keeps invalid data it would use). Two
  // statements per branch: a single assignment in both branches becomes a
  // conditional expression in Verilator, which then evaluates the flag OR
  // every cycle. Under Verilator the disabled branch does not zero the word:
  // a pipe stage with its valid bit low is never read, so the stale value
  // cannot matter (issue 17; synthesis and Icarus keep the zero).
  logic [PW-1:0] fma_in, cvt_in, misc_in;
  logic [4:0]    fma_in_f, cvt_in_f, misc_in_f;
  // verilator lint_off LATCH
  always_comb begin
    if (fmb_v) begin
      fma_in_f = or_flags(fma_flg, fmb_x[7 +: T]);
      fma_in   = {fma_res, fma_in_f, fmb_x};
    end else begin
`ifndef VERILATOR
      fma_in_f = '0;
      fma_in   = '0;
`endif
    end
  end
  always_comb begin
    if (cvt_in_v) begin
      cvt_in_f = or_flags(cvt_flg, s1_tmask);
      cvt_in   = {cvt_res, cvt_in_f, s1_x_q};
    end else begin
`ifndef VERILATOR
      cvt_in_f = '0;
      cvt_in   = '0;
`endif
    end
  end
  always_comb begin
    if (misc_in_v) begin
      misc_in_f = or_flags(misc_flg, s1_tmask);
      misc_in   = {misc_res, misc_in_f, s1_x_q};
    end else begin
`ifndef VERILATOR
      misc_in_f = '0;
      misc_in   = '0;
`endif
    end
  end
  // verilator lint_on LATCH

  // FMA: with LAT_FMA >= 2 a register splits the lane between weft_fpu_fma
  // (product, alignment, exact sum) and weft_fpu_fma_norm (normalize, round);
  // the remaining LAT_FMA-2 stages follow the second half.
  if (LAT_FMA >= 2) begin : gen_fma_split
    logic [T*MW+3+XW-1:0] fmid_in;
    // verilator lint_off LATCH
    always_comb begin
      // (fma_mid in the low bits: the pipe's word-aligned slice is a plain
      // word copy in simulation, not a shift of every word; stale, not
      // zeroed, under Verilator while invalid: see the pipe inputs above)
      if (fma_in_v) begin
        fmid_in = {s1_rm_q, s1_x_q, fma_mid};
      end else begin
`ifndef VERILATOR
        fmid_in = '0;
`endif
      end
    end
    // verilator lint_on LATCH
    weft_fpu_pipe #(.L(2), .PW(T * MW + 3 + XW)) u_pipe_fma_mid (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .hold_i     (cls_hold[C_FMA]),
      .in_valid_i (fma_in_v),
      .in_data_i  (fmid_in),
      .out_valid_o(fmb_v),
      .out_data_o ({fmb_rm, fmb_x, fmb_mid})
    );
  end else begin : gen_fma_comb
    assign fmb_v   = fma_in_v;
    assign fmb_mid = fma_mid;
    assign fmb_rm  = s1_rm_q;
    assign fmb_x   = s1_x_q;
  end

  weft_fpu_pipe #(.L(LAT_FMA >= 2 ? LAT_FMA - 1 : 1), .PW(PW)) u_pipe_fma (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .hold_i     (cls_hold[C_FMA]),
    .in_valid_i (fmb_v),
    .in_data_i  (fma_in),
    .out_valid_o(cls_v[C_FMA]),
    .out_data_o (fma_out)
  );

  weft_fpu_pipe #(.L(LAT_CVT), .PW(PW)) u_pipe_cvt (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .hold_i     (cls_hold[C_CVT]),
    .in_valid_i (cvt_in_v),
    .in_data_i  (cvt_in),
    .out_valid_o(cls_v[C_CVT]),
    .out_data_o (cvt_out)
  );

  weft_fpu_pipe #(.L(LAT_MISC), .PW(PW)) u_pipe_misc (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .hold_i     (cls_hold[C_MISC]),
    .in_valid_i (misc_in_v),
    .in_data_i  (misc_in),
    .out_valid_o(cls_v[C_MISC]),
    .out_data_o (misc_out)
  );

  // ------------------------------------------------------------ DIV engine
  logic          dv_busy_q, dv_busy_d, dv_done_q, dv_done_d;
  logic [7:0]    dv_cnt_q, dv_cnt_d;
  logic [XW-1:0] dv_x_q;

  assign cls_v[C_DIV] = dv_done_q;

  // sub-steps enabled in step cycle cnt (1..DIV_NIT): the first 26 overall
  function automatic logic [DIV_K-1:0] step_mask(input logic [7:0] cnt);
    for (int j = 0; j < DIV_K; j++) begin
      step_mask[j] = (cnt >= 8'd1) && (cnt <= 8'(DIV_NIT)) &&
                     ((32'(cnt) - 32'd1) * 32'(DIV_K) + 32'(j) < 32'd26);
    end
  endfunction

  logic dv_stepping;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      dv_busy_q <= 1'b0;
      dv_done_q <= 1'b0;
      dv_cnt_q  <= '0;
    end else begin
      dv_busy_q <= dv_busy_d;
      dv_done_q <= dv_done_d;
      dv_cnt_q  <= dv_cnt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (div_load) dv_x_q <= s1_x_q;
  end

  // ------------------------------------------------------------ output port
  logic [3:0] lock_q, lock_d;
  logic [1:0] ptr_q, ptr_d, gidx;

  // Round-robin pick from ptr_q, or the locked (offered, not taken) class.
  // A rotate-and-priority form: every variable read here is written once
  // (Icarus 11 re-triggers an always_comb whose read variables change).
  function automatic logic [1:0] rr_pick(input logic [3:0] v, input logic [1:0] p);
    logic [3:0] rot;
    rot = 4'({v, v} >> p);
    if (rot[0])      rr_pick = p;
    else if (rot[1]) rr_pick = p + 2'd1;
    else if (rot[2]) rr_pick = p + 2'd2;
    else if (rot[3]) rr_pick = p + 2'd3;
    else             rr_pick = p;
  endfunction

  function automatic logic [1:0] enc4(input logic [3:0] oh);
    unique case (oh)
      4'b0001: enc4 = 2'd0;
      4'b0010: enc4 = 2'd1;
      4'b0100: enc4 = 2'd2;
      default: enc4 = 2'd3;
    endcase
  endfunction

  // Control: the output pick, the div engine's next state and stage 1's
  // leave, in one block evaluated only while the FPU holds something (stage
  // 1, a result offered by a class, or the div engine busy); otherwise every
  // output of the block has its idle value: nothing granted, taken, held,
  // loaded or stepped (issue 17: an idle FPU costs the simulator one test).
  // Each variable is written once per evaluation (Icarus, see
  // weft_fpu_round).
  logic fpu_act;
  assign fpu_act = s1_v_q || dv_busy_q || (cls_v != 4'd0);
  always_comb begin
    if (fpu_act) begin
      // the pick (only while a result is offered)
      if (cls_v != 4'd0) begin
        gidx     = (lock_q != 4'd0) ? enc4(lock_q) : rr_pick(cls_v, ptr_q);
        grant    = 4'd1 << gidx;
        cls_take = out_ready_i ? grant : 4'd0;
        cls_hold = cls_v & ~cls_take;
        lock_d   = out_ready_i ? 4'd0 : grant;
        ptr_d    = out_ready_i ? gidx + 2'd1 : ptr_q;
      end else begin
        gidx     = 2'd0;
        grant    = 4'd0;
        cls_take = 4'd0;
        cls_hold = 4'd0;
        lock_d   = 4'd0;
        ptr_d    = ptr_q;
      end
      // div engine: load wins (a taken result and a new load in the same
      // cycle); fin sets done; a taken result frees the engine
      div_load = s1_v_q && (s1_cls_q == 2'(C_DIV)) && (!dv_busy_q || cls_take[C_DIV]);
      div_fin  = dv_busy_q && !dv_done_q && (dv_cnt_q == 8'(LAT_DIV - 2));
      if (dv_busy_q && !dv_done_q) begin
        dv_stepping = 1'b1;
        div_step    = step_mask(dv_cnt_q);
      end else begin
        dv_stepping = 1'b0;
        div_step    = '0;
      end
      dv_busy_d = div_load || (dv_busy_q && !cls_take[C_DIV]);
      dv_done_d = !div_load && (div_fin || (dv_done_q && !cls_take[C_DIV]));
      dv_cnt_d  = div_load ? 8'd1 : dv_stepping ? dv_cnt_q + 8'd1 : dv_cnt_q;
      s1_leave  = (fma_in_v && !cls_hold[C_FMA]) || (cvt_in_v && !cls_hold[C_CVT]) ||
                  (misc_in_v && !cls_hold[C_MISC]) || div_load;
    end else begin
      gidx        = 2'd0;
      grant       = 4'd0;
      cls_take    = 4'd0;
      cls_hold    = 4'd0;
      lock_d      = 4'd0;
      ptr_d       = ptr_q;
      div_load    = 1'b0;
      div_fin     = 1'b0;
      dv_stepping = 1'b0;
      div_step    = '0;
      dv_busy_d   = 1'b0;
      dv_done_d   = dv_done_q;
      dv_cnt_d    = dv_cnt_q;
      s1_leave    = 1'b0;
    end
  end

  assign out_valid_o = |cls_v;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      lock_q <= 4'd0;
      ptr_q  <= 2'd0;
    end else begin
      lock_q <= lock_d;
      ptr_q  <= ptr_d;
    end
  end

  // (the result port is built only when a result is offered; 0 otherwise
  // for synthesis and Icarus, unchanged in the simulator: every reader
  // qualifies the port with out_valid_o, issue 17)
  // verilator lint_off LATCH
  always_comb begin
    logic [PW-1:0] sel;
    if (out_valid_o) begin
      unique case (gidx)
        2'(C_FMA):  sel = fma_out;
        2'(C_CVT):  sel = cvt_out;
        2'(C_MISC): sel = misc_out;
        default:    sel = {div_res, or_flags(div_flg, dv_x_q[7 +: T]), dv_x_q};
      endcase
      {out_data_o, out_flags_o, out_wid_o, out_pc_o, out_tmask_o, out_rd_o, out_wb_o, out_fd_o} = sel;
    end else begin
`ifndef VERILATOR
      sel = '0;
      {out_data_o, out_flags_o, out_wid_o, out_pc_o, out_tmask_o, out_rd_o, out_wb_o, out_fd_o} = sel;
`endif
    end
  end
  // verilator lint_on LATCH

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // an offered result is not withdrawn; the div engine is not overrun
  `WEFT_ASSERT_IF(result_not_withdrawn, lock_q != 4'd0, (lock_q & ~cls_v) == 4'd0)
  `WEFT_ASSERT_IF(div_no_overrun, div_load && dv_busy_q, cls_take[C_DIV])
`endif

endmodule
