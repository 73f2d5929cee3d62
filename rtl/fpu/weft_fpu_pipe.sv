// weft_fpu_pipe: the L-1 delay stages of one latency class of weft_fpu
// (stage 1, the shared operand register, lives in weft_fpu).
//
// in_valid_i/in_data_i: the result computed from stage 1 this cycle. When
// hold_i is low every stage moves one step (stage 2 takes the input); when
// hold_i is high every stage keeps its content and the input is not taken.
// weft_fpu raises hold_i exactly when the last stage holds a result that the
// output port does not take this cycle, so nothing is lost or duplicated.
// L == 1: no register, the output is the input (combinational).
module weft_fpu_pipe #(
  parameter int L  = 4,
  parameter int PW = 8
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          hold_i,
  input  logic          in_valid_i,
  input  logic [PW-1:0] in_data_i,
  output logic          out_valid_o,
  output logic [PW-1:0] out_data_o
);

  if (L <= 1) begin : gen_comb
    logic unused;
    assign unused      = clk_i ^ rst_ni ^ hold_i;
    assign out_valid_o = in_valid_i;
    assign out_data_o  = in_data_i;
  end else begin : gen_regs
    localparam int N = L - 1;
    logic [N-1:0]    v_q, v_d;
    logic [N*PW-1:0] d_q;
    logic            move;

    // The data registers load only when the pipe moves and holds something
    // (an idle pipe keeps its stale data: the simulator skips the wide
    // shift and the netlist does not toggle); data in an invalid stage is
    // never used.
    assign move = !hold_i && (in_valid_i || (v_q != '0));

    if (N == 1) begin : gen_one
      assign v_d = hold_i ? v_q : in_valid_i;
      always_ff @(posedge clk_i) begin
        if (move) d_q <= in_data_i;
      end
    end else begin : gen_shift
      assign v_d = hold_i ? v_q : {v_q[N-2:0], in_valid_i};
      always_ff @(posedge clk_i) begin
        if (move) d_q <= {d_q[(N-1)*PW-1:0], in_data_i};
      end
    end

    always_ff @(posedge clk_i) begin
      if (!rst_ni) v_q <= '0;
      else         v_q <= v_d;
    end

    assign out_valid_o = v_q[N-1];
    assign out_data_o  = d_q[N*PW-1 -: PW];
  end

endmodule
