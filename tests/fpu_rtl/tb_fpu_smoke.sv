// tb_fpu_smoke: directed smoke test of weft_fpu for Icarus Verilog 11 (and
// Verilator --binary): T = 2 lanes, W = 2, short latencies (LAT_FMA 3,
// LAT_CVT 2, LAT_DIV 6, LAT_MISC 2) so other parameter points than the
// C++ bench are elaborated too. A handful of known vectors (expected values
// from the RISC-V F semantics: 1+2, 1/3 in each rounding mode, sqrt(2),
// subnormal results, overflow per mode, fma special cases, conversions,
// min/max, comparisons, fclass) are issued back to back with a thread mask
// that cycles 11, 01, 10 and out_ready low one cycle in three. Every result
// must come out exactly once with the right data in the active lanes and
// the OR of the active lanes' flags. Prints `PASS tb_fpu_smoke` or
// `FAIL tb_fpu_smoke: ...` as its last line.
module tb_fpu_smoke;

  localparam int T = 2;
  localparam int N = 38;

  logic            clk = 1'b0;
  logic            rst_n = 1'b0;
  logic            in_valid, in_ready, out_valid, out_ready;
  logic [0:0]      in_wid, out_wid;
  logic [31:0]     in_pc, out_pc;
  logic [T-1:0]    in_tmask, out_tmask;
  logic [4:0]      in_op, in_rd, out_rd, out_flags;
  logic [2:0]      in_rm;
  logic            in_wb, in_fd, out_wb, out_fd;
  logic [T*32-1:0] in_a, in_b, in_c, out_data;

  weft_fpu #(.W(2), .T(T), .LAT_FMA(3), .LAT_CVT(2), .LAT_DIV(6), .LAT_MISC(2)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .in_valid_i(in_valid), .in_ready_o(in_ready), .in_wid_i(in_wid), .in_pc_i(in_pc),
    .in_tmask_i(in_tmask), .in_op_i(in_op), .in_rm_i(in_rm), .in_rd_i(in_rd), .in_wb_i(in_wb),
    .in_fd_i(in_fd), .in_a_i(in_a), .in_b_i(in_b), .in_c_i(in_c),
    .out_valid_o(out_valid), .out_ready_i(out_ready), .out_wid_o(out_wid), .out_pc_o(out_pc),
    .out_tmask_o(out_tmask), .out_rd_o(out_rd), .out_wb_o(out_wb), .out_fd_o(out_fd),
    .out_data_o(out_data), .out_flags_o(out_flags)
  );

  always #5 clk = ~clk;

  logic [4:0]  v_op [N];
  logic [2:0]  v_rm [N];
  logic [31:0] v_a [N], v_b [N], v_c [N], v_r [N];
  logic [4:0]  v_f [N];
  logic [1:0]  seen [N];
  int          nv = 0;
  int          errors = 0;
  int          outs = 0;
  string       first = "";

  task automatic vec(input logic [4:0] op, input logic [2:0] rm, input logic [31:0] a,
                     input logic [31:0] b, input logic [31:0] c, input logic [31:0] r,
                     input logic [4:0] f);
    v_op[nv] = op; v_rm[nv] = rm; v_a[nv] = a; v_b[nv] = b; v_c[nv] = c; v_r[nv] = r; v_f[nv] = f;
    seen[nv] = 2'd0;
    nv = nv + 1;
  endtask

  function automatic logic [T-1:0] mask_of(input int i);
    mask_of = (i % 3 == 0) ? 2'b11 : (i % 3 == 1) ? 2'b01 : 2'b10;
  endfunction

  initial begin
    // op rm a b c result flags(NV DZ OF UF NX)
    vec(5'd0, 3'd0, 32'h3f800000, 32'h40000000, 32'h00000000, 32'h40400000, 5'h00); // 1 + 2
    vec(5'd7, 3'd0, 32'h3f800000, 32'h40400000, 32'h00000000, 32'h3eaaaaab, 5'h01); // 1/3 RNE
    vec(5'd7, 3'd1, 32'h3f800000, 32'h40400000, 32'h00000000, 32'h3eaaaaaa, 5'h01); // 1/3 RTZ
    vec(5'd7, 3'd2, 32'h3f800000, 32'h40400000, 32'h00000000, 32'h3eaaaaaa, 5'h01); // 1/3 RDN
    vec(5'd7, 3'd3, 32'h3f800000, 32'h40400000, 32'h00000000, 32'h3eaaaaab, 5'h01); // 1/3 RUP
    vec(5'd7, 3'd4, 32'h3f800000, 32'h40400000, 32'h00000000, 32'h3eaaaaab, 5'h01); // 1/3 RMM
    vec(5'd7, 3'd2, 32'hbf800000, 32'h40400000, 32'h00000000, 32'hbeaaaaab, 5'h01); // -1/3 RDN
    vec(5'd8, 3'd0, 32'h40000000, 32'h00000000, 32'h00000000, 32'h3fb504f3, 5'h01); // sqrt(2)
    vec(5'd8, 3'd0, 32'h80000000, 32'h00000000, 32'h00000000, 32'h80000000, 5'h00); // sqrt(-0)
    vec(5'd8, 3'd0, 32'hbf800000, 32'h00000000, 32'h00000000, 32'h7fc00000, 5'h10); // sqrt(-1)
    vec(5'd2, 3'd0, 32'h00800000, 32'h3f000000, 32'h00000000, 32'h00400000, 5'h00); // exact subnormal
    vec(5'd2, 3'd0, 32'h00000001, 32'h3f000000, 32'h00000000, 32'h00000000, 5'h03); // tie to 0: UF NX
    vec(5'd2, 3'd4, 32'h00000003, 32'h3f000000, 32'h00000000, 32'h00000002, 5'h03); // RMM tie away
    vec(5'd2, 3'd0, 32'h7f7fffff, 32'h40000000, 32'h00000000, 32'h7f800000, 5'h05); // overflow RNE
    vec(5'd2, 3'd1, 32'h7f7fffff, 32'h40000000, 32'h00000000, 32'h7f7fffff, 5'h05); // overflow RTZ
    vec(5'd2, 3'd3, 32'hff7fffff, 32'h40000000, 32'h00000000, 32'hff7fffff, 5'h05); // overflow RUP, -
    vec(5'd3, 3'd0, 32'h7f800000, 32'h00000000, 32'h7fc00000, 32'h7fc00000, 5'h10); // inf*0+qNaN
    vec(5'd3, 3'd0, 32'h3f800001, 32'h3f800001, 32'hbf800002, 32'h28800000, 5'h00); // fused: 2^-46
    vec(5'd7, 3'd0, 32'h3f800000, 32'h00000000, 32'h00000000, 32'h7f800000, 5'h08); // 1/0: DZ
    vec(5'd14, 3'd0, 32'h40200000, 32'h00000000, 32'h00000000, 32'h00000002, 5'h01); // 2.5 RNE
    vec(5'd14, 3'd4, 32'h40200000, 32'h00000000, 32'h00000000, 32'h00000003, 5'h01); // 2.5 RMM
    vec(5'd15, 3'd0, 32'hbf000000, 32'h00000000, 32'h00000000, 32'h00000000, 5'h01); // wu(-0.5)
    vec(5'd14, 3'd0, 32'h7fc00000, 32'h00000000, 32'h00000000, 32'h7fffffff, 5'h10); // w(NaN)
    vec(5'd15, 3'd1, 32'hc0000000, 32'h00000000, 32'h00000000, 32'h00000000, 5'h10); // wu(-2)
    vec(5'd16, 3'd0, 32'h80000000, 32'h00000000, 32'h00000000, 32'hcf000000, 5'h00); // s.w(INT_MIN)
    vec(5'd17, 3'd0, 32'hffffffff, 32'h00000000, 32'h00000000, 32'h4f800000, 5'h01); // s.wu(2^32-1)
    vec(5'd16, 3'd4, 32'h01000001, 32'h00000000, 32'h00000000, 32'h4b800001, 5'h01); // RMM tie
    vec(5'd12, 3'd0, 32'h80000000, 32'h00000000, 32'h00000000, 32'h80000000, 5'h00); // min(-0,+0)
    vec(5'd13, 3'd0, 32'h7f800001, 32'h3f800000, 32'h00000000, 32'h3f800000, 5'h10); // max(sNaN,1)
    vec(5'd20, 3'd0, 32'h7f800001, 32'h3f800000, 32'h00000000, 32'h00000000, 5'h10); // feq sNaN
    vec(5'd21, 3'd0, 32'h7fc00000, 32'h3f800000, 32'h00000000, 32'h00000000, 5'h10); // flt qNaN
    vec(5'd22, 3'd0, 32'h80000000, 32'h00000000, 32'h00000000, 32'h00000001, 5'h00); // -0 <= +0
    vec(5'd23, 3'd0, 32'hff800000, 32'h00000000, 32'h00000000, 32'h00000001, 5'h00); // class -inf
    vec(5'd23, 3'd0, 32'h00000001, 32'h00000000, 32'h00000000, 32'h00000020, 5'h00); // class +sub
    vec(5'd11, 3'd0, 32'h3f800000, 32'hbf800000, 32'h00000000, 32'hbf800000, 5'h00); // sgnjx
    vec(5'd19, 3'd0, 32'h12345678, 32'h00000000, 32'h00000000, 32'h12345678, 5'h00); // fmv.w.x
    vec(5'd1, 3'd2, 32'h3f800000, 32'h3f800000, 32'h00000000, 32'h80000000, 5'h00);  // 1-1 RDN = -0
    vec(5'd5, 3'd0, 32'h3f800000, 32'h3f800000, 32'h3f800000, 32'h00000000, 5'h00);  // -(1*1)+1 = +0
  end

  // checker: results by pc
  always @(posedge clk) begin
    if (rst_n && out_valid && out_ready) begin : chk
      int i;
      logic [4:0] fl;
      i = int'(out_pc >> 2);
      outs = outs + 1;
      if (i >= nv || seen[i] != 2'd0) begin
        errors = errors + 1;
        if (first == "") $sformat(first, "unexpected or duplicate result pc %h", out_pc);
      end else begin
        seen[i] = 2'd1;
        fl = (out_tmask != '0) ? v_f[i] : 5'd0;
        for (int t = 0; t < T; t++) begin
          if (out_tmask[t] && out_data[t*32 +: 32] !== v_r[i]) begin
            errors = errors + 1;
            if (first == "") $sformat(first, "vector %0d (op %0d rm %0d) lane %0d: %h, expected %h",
                                      i, v_op[i], v_rm[i], t, out_data[t*32 +: 32], v_r[i]);
          end
        end
        if (out_flags !== fl || out_tmask !== mask_of(i) || out_rd !== 5'(i) || out_wid !== 1'(i) ||
            out_wb !== 1'b1 || out_fd !== 1'(i >> 1)) begin
          errors = errors + 1;
          if (first == "") $sformat(first, "vector %0d (op %0d): flags %h expected %h, or pass-through wrong",
                                    i, v_op[i], out_flags, fl);
        end
      end
    end
  end

  int cyc = 0;
  always @(posedge clk) cyc <= cyc + 1;

  initial begin : drive
    int i;
    in_valid = 1'b0; out_ready = 1'b0;
    in_wid = '0; in_pc = '0; in_tmask = '0; in_op = '0; in_rm = '0; in_rd = '0; in_wb = 1'b0;
    in_fd = 1'b0; in_a = '0; in_b = '0; in_c = '0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    i = 0;
    while ((i < nv || outs < nv) && cyc <= 2000) begin
      out_ready = (cyc % 3) != 2;
      if (i < nv) begin
        in_valid = 1'b1;
        in_pc    = 32'(i) << 2;
        in_op    = v_op[i];
        in_rm    = v_rm[i];
        in_tmask = mask_of(i);
        in_rd    = 5'(i);
        in_wid   = 1'(i);
        in_wb    = 1'b1;
        in_fd    = 1'(i >> 1);
        in_a     = {T{v_a[i]}};
        in_b     = {T{v_b[i]}};
        in_c     = {T{v_c[i]}};
      end else begin
        in_valid = 1'b0;
      end
      @(posedge clk);
      if (in_valid && in_ready) i = i + 1;
      @(negedge clk);
    end
    if (cyc > 2000) begin
      errors = errors + 1;
      if (first == "") first = "timeout";
    end
    repeat (30) @(negedge clk);   // nothing more may come out
    if (outs != nv && first == "") begin
      errors = errors + 1;
      $sformat(first, "%0d results for %0d instructions", outs, nv);
    end
    if (errors == 0) $display("PASS tb_fpu_smoke");
    else             $display("FAIL tb_fpu_smoke: %0d errors, first: %s", errors, first);
    $finish;
  end

endmodule
