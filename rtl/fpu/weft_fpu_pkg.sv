// weft_fpu_pkg: operation codes of the floating-point unit (weft_fpu.in_op_i)
// and its exception-flag bits. The numbering is shared with the bit-exact C
// reference (sim/model/fp32.h, fp32_exec) and must not change.
//
// Plain 5-bit constants (no enum type) so that Verilator, Yosys 0.23 and
// Icarus 11 all read them; modules refer to them as weft_fpu_pkg::NAME.
package weft_fpu_pkg;

  localparam logic [4:0] FADD      = 5'd0;
  localparam logic [4:0] FSUB      = 5'd1;
  localparam logic [4:0] FMUL      = 5'd2;
  localparam logic [4:0] FMADD     = 5'd3;   // a*b + c
  localparam logic [4:0] FMSUB     = 5'd4;   // a*b - c
  localparam logic [4:0] FNMSUB    = 5'd5;   // -(a*b) + c
  localparam logic [4:0] FNMADD    = 5'd6;   // -(a*b) - c
  localparam logic [4:0] FDIV      = 5'd7;
  localparam logic [4:0] FSQRT     = 5'd8;
  localparam logic [4:0] FSGNJ     = 5'd9;
  localparam logic [4:0] FSGNJN    = 5'd10;
  localparam logic [4:0] FSGNJX    = 5'd11;
  localparam logic [4:0] FMIN      = 5'd12;
  localparam logic [4:0] FMAX      = 5'd13;
  localparam logic [4:0] FCVT_W_S  = 5'd14;
  localparam logic [4:0] FCVT_WU_S = 5'd15;
  localparam logic [4:0] FCVT_S_W  = 5'd16;
  localparam logic [4:0] FCVT_S_WU = 5'd17;
  localparam logic [4:0] FMV_X_W   = 5'd18;
  localparam logic [4:0] FMV_W_X   = 5'd19;
  localparam logic [4:0] FEQ       = 5'd20;
  localparam logic [4:0] FLT       = 5'd21;
  localparam logic [4:0] FLE       = 5'd22;
  localparam logic [4:0] FCLASS    = 5'd23;

  // Rounding modes (in_rm_i, already resolved from the instruction or frm).
  localparam logic [2:0] RNE = 3'd0;
  localparam logic [2:0] RTZ = 3'd1;
  localparam logic [2:0] RDN = 3'd2;
  localparam logic [2:0] RUP = 3'd3;
  localparam logic [2:0] RMM = 3'd4;

  // Exception flags: every flags vector of the unit is {NV, DZ, OF, UF, NX}
  // (bits 4..0, as in fflags; the C model's FFLAG_* masks are 16 8 4 2 1).

endpackage
