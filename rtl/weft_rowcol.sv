// weft_rowcol: the row collector of warp rows (issue 20); see weft_rowseq.sv.
module weft_rowcol #(
  parameter int T = 4,
  parameter int L = 4,
  parameter int DW = 32,
  parameter int FW = 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [L-1:0]    in_tmask_i,
  input  logic [L*DW-1:0] in_data_i,
  input  logic [FW-1:0]   in_or_i,
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [T-1:0]    out_tmask_o,
  output logic [T*DW-1:0] out_data_o,
  output logic [FW-1:0]   out_or_o
);
  localparam int R  = T / L;
  localparam int RW = (R > 1) ? $clog2(R) : 1;

  if (R == 1) begin : gen_wire
    assign in_ready_o  = out_ready_i;
    assign out_valid_o = in_valid_i;
    assign out_tmask_o = in_tmask_i;
    assign out_data_o  = in_data_i;
    assign out_or_o    = in_or_i;
    logic unused;
    assign unused = ^{clk_i, rst_ni};
  end else begin : gen_rows
    logic [RW-1:0]           row_q;
    logic [(R-1)*L*DW-1:0]   data_q;
    logic [(R-1)*L-1:0]      tmask_q;
    logic [FW-1:0]           or_q;
    logic                    last;

    assign last        = row_q == RW'(R - 1);
    assign in_ready_o  = !last || out_ready_i;
    assign out_valid_o = in_valid_i && last;
    assign out_tmask_o = {in_tmask_i, tmask_q};
    assign out_data_o  = {in_data_i, data_q};
    assign out_or_o    = or_q | in_or_i;

    always_ff @(posedge clk_i) begin
      if (!rst_ni) row_q <= '0;
      else if (in_valid_i && in_ready_o) row_q <= last ? '0 : row_q + RW'(1);
    end

    always_ff @(posedge clk_i) begin
      if (in_valid_i && !last) begin
        data_q[32'(row_q) * L * DW +: L*DW] <= in_data_i;
        tmask_q[32'(row_q) * L +: L]        <= in_tmask_i;
        or_q <= (row_q == '0) ? in_or_i : (or_q | in_or_i);
      end
    end
  end
endmodule
