// weft_pkg: constants shared by the Weft core: functional-unit codes, unit
// opcodes, the decoded-instruction record and CSR addresses. Referenced as
// weft_pkg::NAME everywhere (Yosys does not accept `import`).
package weft_pkg;

  // Functional units.
  localparam logic [1:0] FU_ALU = 2'd0;
  localparam logic [1:0] FU_MDU = 2'd1;
  localparam logic [1:0] FU_LSU = 2'd2;
  localparam logic [1:0] FU_SFU = 2'd3;

  // ALU operations (op field when fu == FU_ALU).
  localparam logic [4:0] ALU_ADD   = 5'd0;
  localparam logic [4:0] ALU_SUB   = 5'd1;
  localparam logic [4:0] ALU_SLL   = 5'd2;
  localparam logic [4:0] ALU_SLT   = 5'd3;
  localparam logic [4:0] ALU_SLTU  = 5'd4;
  localparam logic [4:0] ALU_XOR   = 5'd5;
  localparam logic [4:0] ALU_SRL   = 5'd6;
  localparam logic [4:0] ALU_SRA   = 5'd7;
  localparam logic [4:0] ALU_OR    = 5'd8;
  localparam logic [4:0] ALU_AND   = 5'd9;
  localparam logic [4:0] ALU_LUI   = 5'd10;
  localparam logic [4:0] ALU_AUIPC = 5'd11;
  localparam logic [4:0] ALU_JAL   = 5'd12;
  localparam logic [4:0] ALU_JALR  = 5'd13;
  localparam logic [4:0] ALU_BEQ   = 5'd16;
  localparam logic [4:0] ALU_BNE   = 5'd17;
  localparam logic [4:0] ALU_BLT   = 5'd20;
  localparam logic [4:0] ALU_BGE   = 5'd21;
  localparam logic [4:0] ALU_BLTU  = 5'd22;
  localparam logic [4:0] ALU_BGEU  = 5'd23;

  // SFU operations: SIMT funct3 values 0..5, CSR read 8.
  localparam logic [4:0] SFU_TMC    = 5'd0;
  localparam logic [4:0] SFU_WSPAWN = 5'd1;
  localparam logic [4:0] SFU_SPLIT  = 5'd2;
  localparam logic [4:0] SFU_JOIN   = 5'd3;
  localparam logic [4:0] SFU_BAR    = 5'd4;
  localparam logic [4:0] SFU_PRED   = 5'd5;
  localparam logic [4:0] SFU_CSR    = 5'd8;
  localparam logic [4:0] SFU_FENCEI = 5'd9;  // invalidate the I-cache
  // Warp primitives (custom-0, funct7 = 1): op = {2'b10, funct3}; op[4]
  // marks them (they write rd and do not change pc or mask).
  localparam logic [4:0] SFU_VANY   = 5'd16; // vote.any
  localparam logic [4:0] SFU_VALL   = 5'd17; // vote.all
  localparam logic [4:0] SFU_VBAL   = 5'd18; // vote.ballot
  localparam logic [4:0] SFU_SHIDX  = 5'd20; // shfl.idx
  localparam logic [4:0] SFU_SHUP   = 5'd21; // shfl.up
  localparam logic [4:0] SFU_SHDOWN = 5'd22; // shfl.down
  localparam logic [4:0] SFU_SHXOR  = 5'd23; // shfl.xor

  // FPU operations (fpu = 1): the op codes of rtl/fpu/weft_fpu_pkg.sv and
  // sim/model/fp32.h (repeated here so the decoder needs no second package).
  localparam logic [4:0] FP_FADD = 5'd0, FP_FSUB = 5'd1, FP_FMUL = 5'd2, FP_FMADD = 5'd3,
                         FP_FDIV = 5'd7, FP_FSQRT = 5'd8, FP_FSGNJ = 5'd9, FP_FMIN = 5'd12,
                         FP_FCVT_W_S = 5'd14, FP_FCVT_S_W = 5'd16, FP_FMV_X_W = 5'd18,
                         FP_FMV_W_X = 5'd19, FP_FEQ = 5'd20, FP_FLT = 5'd21, FP_FLE = 5'd22,
                         FP_FCLASS = 5'd23;

  // LSU op: bit 3 = store, bits 2:0 = RISC-V funct3 (size / sign).
  // MDU op: bits 2:0 = RISC-V funct3 (mul, mulh, mulhsu, mulhu, div, divu, rem, remu).

  // Decoded instruction (one warp instruction). The RV32F fields come first
  // (most significant), so the positions of the older fields did not move.
  // Register numbers are 5 bits; rd_f / rs1_f / rs2_f / (rs3, always FP)
  // select the FP file (f0 is a register like any other).
  typedef struct packed {
    logic        fpu;       // executes in the FPU (fu is then unused); op = fp32 op code
    logic        rd_f;      // rd is an FP register
    logic        rs1_f;
    logic        rs2_f;
    logic        use_rs3;   // fused multiply-add: rs3 (FP)
    logic [4:0]  rs3;
    logic [2:0]  rm;        // rounding mode field: 0..4 static, 7 dynamic (frm)
    logic        fcsr;      // reads or writes fflags / frm / fcsr (ordered with FP instructions)
    logic        illegal;
    logic [1:0]  fu;
    logic [4:0]  op;
    logic [4:0]  rd;
    logic [4:0]  rs1;
    logic [4:0]  rs2;
    logic        use_rs1;
    logic        use_rs2;
    logic        use_imm;   // ALU operand b is the immediate
    logic        wb;        // writes rd (rd != 0)
    logic        is_ctrl;   // may change pc or tmask: the stall front end waits for it
    logic        drain;     // issue only when the warp has nothing in flight
    logic [31:0] imm;
    logic [31:0] instr;
  } dec_t;

  // Width of dec_t (Yosys 0.23 has no $bits of a type; weft_core checks it).
  localparam int unsigned DEC_W = 107;
  // Bit positions of dec_t fields, for code that must treat it as a vector
  // (Yosys cannot select fields of a struct declared in a generate block).
  localparam int unsigned DEC_FPU     = 106;
  localparam int unsigned DEC_RD_F    = 105;
  localparam int unsigned DEC_RS1_F   = 104;
  localparam int unsigned DEC_RS2_F   = 103;
  localparam int unsigned DEC_USE_RS3 = 102;
  localparam int unsigned DEC_RS3     = 97;  // 5 bits
  localparam int unsigned DEC_RM      = 94;  // 3 bits
  localparam int unsigned DEC_FCSR    = 93;
  localparam int unsigned DEC_ILLEGAL = 92;
  localparam int unsigned DEC_FU      = 90;  // 2 bits
  localparam int unsigned DEC_RD      = 80;  // 5 bits
  localparam int unsigned DEC_RS1     = 75;
  localparam int unsigned DEC_RS2     = 70;
  localparam int unsigned DEC_USE_RS1 = 69;
  localparam int unsigned DEC_USE_RS2 = 68;
  localparam int unsigned DEC_WB      = 66;
  localparam int unsigned DEC_DRAIN   = 64;

  // CSR addresses (docs/isa.md).
  localparam logic [11:0] CSR_CYCLE     = 12'hC00;
  localparam logic [11:0] CSR_CYCLEH    = 12'hC80;
  localparam logic [11:0] CSR_INSTRET   = 12'hC02;
  localparam logic [11:0] CSR_INSTRETH  = 12'hC82;
  localparam logic [11:0] CSR_MCYCLE    = 12'hB00;
  localparam logic [11:0] CSR_MCYCLEH   = 12'hB80;
  localparam logic [11:0] CSR_MINSTRET  = 12'hB02;
  localparam logic [11:0] CSR_MINSTRETH = 12'hB82;
  localparam logic [11:0] CSR_MHARTID   = 12'hF14;
  localparam logic [11:0] CSR_TID       = 12'hCC0;
  localparam logic [11:0] CSR_WID       = 12'hCC1;
  localparam logic [11:0] CSR_CID       = 12'hCC2;
  localparam logic [11:0] CSR_TMASK     = 12'hCC3;
  localparam logic [11:0] CSR_NTHREADS  = 12'hCC4;
  localparam logic [11:0] CSR_NWARPS    = 12'hCC5;
  localparam logic [11:0] CSR_NCORES    = 12'hCC6;
  localparam logic [11:0] CSR_LAUNCH    = 12'hCC7;
  // Performance counters (rtl/weft_perf.sv, docs/counters.md): counter k
  // (3..27) at 0xB00 + k / 0xC00 + k, its high word at 0xB80 + k / 0xC80 + k;
  // issued instructions of warp w at 0xFC0 + w / 0xFE0 + w.
  localparam logic [11:0] CSR_FFLAGS     = 12'h001;   // RV32F, per warp, read/write
  localparam logic [11:0] CSR_FRM        = 12'h002;
  localparam logic [11:0] CSR_FCSR       = 12'h003;
  localparam logic [11:0] CSR_PERF_LOCK  = 12'h7C0;   // read/write
  localparam logic [11:0] CSR_PERF_RLOCK = 12'h7C1;   // perf-reset-lock, read/write
  localparam int          PERF_FIRST     = 3;    // counters PERF_FIRST..31 (docs/counters.md)

  // Error causes reported by a core (err_cause_o).
  localparam logic [2:0] ERR_DIVBR      = 3'd0;   // ipdom branch check: the active threads disagree (err_valid_o says an error)
  localparam logic [2:0] ERR_ILLEGAL    = 3'd1;
  localparam logic [2:0] ERR_MISALIGNED = 3'd2;
  localparam logic [2:0] ERR_IPDOM_OVF  = 3'd3;
  localparam logic [2:0] ERR_IPDOM_UNF  = 3'd4;
  localparam logic [2:0] ERR_BAR_DEADLK = 3'd5;
  localparam logic [2:0] ERR_MISFETCH   = 3'd6;   // instruction at a pc not a multiple of 4
  localparam logic [2:0] ERR_STACK      = 3'd7;   // stack guard: sp written outside the thread's stack

  // ---------------------------------------------------------------- stage records
  // The named records between the pipeline stages of weft_core
  // (weft_frontend -> weft_issue -> weft_execute, and the feedback paths).
  // A package cannot be parameterized, so a record holds only the fields
  // whose width does not depend on W or T; the warp id ([IW-1:0]), thread
  // masks ([T-1:0]) and lane data ([T*32-1:0]) travel beside it as plain
  // vectors named after it (br + br_wid, simt + simt_wid + simt_tmask, ...).
  // Records are used on the ports of the non-leaf stage modules only: leaf
  // units keep plain vector ports so that Icarus 11 compiles them. They live
  // here and not in a package of their own because Yosys 0.23 cannot refer
  // to another package's type or parameter inside a package (iss_t holds a
  // dec_t). See docs/decisions.md, "The core split into its stages".

  // Branch or jump resolved by the ALU (to fetch, issue and the oracles);
  // with br_wid.
  typedef struct packed {
    logic        valid;
    logic        taken;
    logic [31:0] pc;      // the warp's next pc
    logic [31:0] src_pc;  // the branch's own pc (stall table)
  } br_t;

  // SIMT or CSR instruction completed by the SFU (to fetch: the warp's next
  // pc and mask; to issue: the SWaS wait ends); with simt_wid, simt_tmask.
  typedef struct packed {
    logic        valid;
    logic        resolve; // the warp's control wait ends (not a barrier)
    logic [31:0] pc;
  } simt_t;

  // The instruction leaving issue for execute (dispatch), with is_wid,
  // is_tmask and the operands rs1/rs2/rs3 (T lanes each).
  typedef struct packed {
    dec_t           dec;
    logic [31:0]    pc;
    logic [2:0]     rm;   // rounding mode, frm resolved for rm = 7 (dynamic)
  } iss_t;

  // The warp instruction committed by writeback this cycle (to issue: the
  // register-file write and scoreboard release; to the counters and the
  // commit trace); with wb_wid, wb_tmask and wb_data.
  typedef struct packed {
    logic        fire;
    logic        wb;      // writes rd
    logic [5:0]  rd;      // {is FP register, index}
    logic [4:0]  flags;   // FP flags (OR of the active lanes)
    logic [31:0] pc;
  } wb_t;

endpackage
