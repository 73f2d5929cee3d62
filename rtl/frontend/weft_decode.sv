// weft_decode: combinational decoder of one RV32IMAF + Zicsr + SIMT
// instruction word into a weft_pkg::dec_t record.
//
// Illegal encodings are not trapped here: they travel with illegal = 1 and
// the issue stage reports them when they reach it, so instructions on a
// discarded path never raise an error. is_ctrl marks instructions that may
// change the warp's pc or thread mask (branches, jal, jalr, all SIMT ops).
module weft_decode (
  input  logic [31:0]      instr_i,
  output weft_pkg::dec_t   dec_o
);

  logic [6:0]  opcode;
  logic [2:0]  funct3;
  logic [6:0]  funct7;
  logic [4:0]  rd, rs1, rs2;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;
  logic [11:0] csr;

  always_comb begin
    opcode = instr_i[6:0];
    funct3 = instr_i[14:12];
    funct7 = instr_i[31:25];
    rd     = instr_i[11:7];
    rs1    = instr_i[19:15];
    rs2    = instr_i[24:20];
    csr    = instr_i[31:20];
    imm_i  = {{20{instr_i[31]}}, instr_i[31:20]};
    imm_s  = {{20{instr_i[31]}}, instr_i[31:25], instr_i[11:7]};
    imm_b  = {{19{instr_i[31]}}, instr_i[31], instr_i[7], instr_i[30:25], instr_i[11:8], 1'b0};
    imm_u  = {instr_i[31:12], 12'b0};
    imm_j  = {{11{instr_i[31]}}, instr_i[31], instr_i[19:12], instr_i[20], instr_i[30:21], 1'b0};
  end

  function automatic logic csr_known(input logic [11:0] a);
    unique case (a)
      weft_pkg::CSR_CYCLE, weft_pkg::CSR_CYCLEH, weft_pkg::CSR_INSTRET, weft_pkg::CSR_INSTRETH,
      weft_pkg::CSR_MCYCLE, weft_pkg::CSR_MCYCLEH, weft_pkg::CSR_MINSTRET, weft_pkg::CSR_MINSTRETH,
      weft_pkg::CSR_MHARTID, weft_pkg::CSR_TID, weft_pkg::CSR_WID, weft_pkg::CSR_CID,
      weft_pkg::CSR_TMASK, weft_pkg::CSR_NTHREADS, weft_pkg::CSR_NWARPS, weft_pkg::CSR_NCORES,
      weft_pkg::CSR_LAUNCH, weft_pkg::CSR_PERF_LOCK, weft_pkg::CSR_PERF_RLOCK,
      weft_pkg::CSR_FFLAGS, weft_pkg::CSR_FRM, weft_pkg::CSR_FCSR: csr_known = 1'b1;
      default:
        // performance counters: 0xB03..0xB1F, 0xB83..0xB9F and the user
        // mirrors 0xC03.., 0xC83..; per-warp issue counts 0xFC0..0xFFF
        // (counters PERF_FIRST..31: every index from PERF_FIRST up)
        // counters 32.. of config/weft.yaml: 0xDC0.. / 0xDE0.. (32..63),
        // 0xEC0.. / 0xEE0.. (64..95), up to PERF_NC - 1
        csr_known = ((a[11:8] == 4'hB || a[11:8] == 4'hC) && a[6:5] == 2'b00 &&
                     32'(a[4:0]) >= weft_pkg::PERF_FIRST) ||
                    (a[11:6] == 6'b1111_11) ||
                    ((a[11:6] == 6'b1101_11 || a[11:6] == 6'b1110_11) &&
                     ((a[11:8] == 4'hD) ? 32'd32 : 32'd64) + 32'(a[4:0]) < 32'(weft_spec_pkg::PERF_NC));
    endcase
  endfunction

  function automatic logic csr_writable(input logic [11:0] a);
    csr_writable = (a == weft_pkg::CSR_PERF_LOCK) || (a == weft_pkg::CSR_PERF_RLOCK) ||
                   (a == weft_pkg::CSR_FFLAGS) || (a == weft_pkg::CSR_FRM) || (a == weft_pkg::CSR_FCSR);
  endfunction

  logic rnd;   // OP-FP: the instruction uses the rounding mode
  logic bad;   // OP-FP: an encoding outside F

  // SYSTEM: the access is illegal (an unknown or read-only CSR, or ecall,
  // ebreak, mret, wfi). Evaluated only for a SYSTEM opcode, in statements
  // of their own: inside the decode case the simulator computed both CSR
  // functions for every instruction (issue 17; the same function).
  // The tables see the address only for a SYSTEM opcode (0 otherwise):
  // the simulator evaluates them in every cycle regardless of the `if`
  // below (its DFG pass turns the gated block into expressions), and the
  // known-CSR table is a tree of tests on the address bits, which for the
  // immediates of other instructions take unpredictable turns on the host
  // (issue 17, fourteenth session; the same function).
  logic [11:0] csr_s;
  assign csr_s = (opcode == 7'b1110011) ? csr : 12'h000;
  logic csr_bad;
  always_comb begin
    csr_bad = 1'b0;
    if (opcode == 7'b1110011) begin
      unique case (funct3)
        3'b010, 3'b011, 3'b110, 3'b111: begin
          csr_bad = !csr_known(csr_s);
          if (rs1 != 5'd0) csr_bad = !csr_writable(csr_s);
        end
        3'b001, 3'b101: csr_bad = !csr_writable(csr_s);
        default: csr_bad = 1'b1; // ecall, ebreak, mret, wfi
      endcase
    end
  end

  always_comb begin
    rnd           = 1'b1;
    bad           = 1'b0;
    dec_o         = '0;
    dec_o.instr   = instr_i;
    dec_o.rd      = rd;
    dec_o.rs1     = rs1;
    dec_o.rs2     = rs2;
    dec_o.fu      = weft_pkg::FU_ALU;
    dec_o.illegal = 1'b0;
    unique case (opcode)
      7'b0110111: begin // lui
        dec_o.op = weft_pkg::ALU_LUI; dec_o.imm = imm_u; dec_o.wb = 1'b1;
      end
      7'b0010111: begin // auipc
        dec_o.op = weft_pkg::ALU_AUIPC; dec_o.imm = imm_u; dec_o.wb = 1'b1;
      end
      7'b1101111: begin // jal
        dec_o.op = weft_pkg::ALU_JAL; dec_o.imm = imm_j; dec_o.wb = 1'b1; dec_o.is_ctrl = 1'b1;
      end
      7'b1100111: begin // jalr
        dec_o.op = weft_pkg::ALU_JALR; dec_o.imm = imm_i; dec_o.wb = 1'b1; dec_o.is_ctrl = 1'b1;
        dec_o.use_rs1 = 1'b1;
        dec_o.illegal = (funct3 != 3'b000);
      end
      7'b1100011: begin // branches
        dec_o.op = {2'b10, funct3}; dec_o.imm = imm_b; dec_o.is_ctrl = 1'b1;
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = 1'b1;
        dec_o.illegal = (funct3 == 3'b010) || (funct3 == 3'b011);
      end
      7'b0000011: begin // loads
        dec_o.fu = weft_pkg::FU_LSU; dec_o.op = {2'b00, funct3}; dec_o.imm = imm_i;
        dec_o.use_rs1 = 1'b1; dec_o.wb = 1'b1;
        dec_o.illegal = (funct3 == 3'b011) || (funct3 == 3'b110) || (funct3 == 3'b111);
      end
      7'b0100011: begin // stores
        dec_o.fu = weft_pkg::FU_LSU; dec_o.op = {2'b01, funct3}; dec_o.imm = imm_s;
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = 1'b1;
        dec_o.illegal = (funct3 > 3'b010);
      end
      7'b0101111: begin // RV32A: lr.w sc.w amo*.w (aq/rl ignored: memory is in order per core)
        // op[4] marks an atomic; the LSU takes funct5 from instr[31:27].
        // Address rs1 (imm 0); lr.w has no rs2.
        dec_o.fu = weft_pkg::FU_LSU; dec_o.op = 5'b10010; dec_o.imm = '0;
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = (instr_i[31:27] != 5'b00010); dec_o.wb = 1'b1;
        unique case (instr_i[31:27])
          5'b00010: dec_o.illegal = (funct3 != 3'b010) || (rs2 != 5'd0);
          5'b00011, 5'b00001, 5'b00000, 5'b00100, 5'b01100, 5'b01000,
          5'b10000, 5'b10100, 5'b11000, 5'b11100: dec_o.illegal = (funct3 != 3'b010);
          default: dec_o.illegal = 1'b1;
        endcase
      end
      7'b0010011: begin // op-imm
        dec_o.imm = imm_i; dec_o.use_imm = 1'b1; dec_o.use_rs1 = 1'b1; dec_o.wb = 1'b1;
        unique case (funct3)
          3'b000: dec_o.op = weft_pkg::ALU_ADD;
          3'b010: dec_o.op = weft_pkg::ALU_SLT;
          3'b011: dec_o.op = weft_pkg::ALU_SLTU;
          3'b100: dec_o.op = weft_pkg::ALU_XOR;
          3'b110: dec_o.op = weft_pkg::ALU_OR;
          3'b111: dec_o.op = weft_pkg::ALU_AND;
          3'b001: begin
            dec_o.op = weft_pkg::ALU_SLL; dec_o.illegal = (funct7 != 7'b0);
          end
          3'b101: begin
            dec_o.op = funct7[5] ? weft_pkg::ALU_SRA : weft_pkg::ALU_SRL;
            dec_o.illegal = (funct7 != 7'b0) && (funct7 != 7'b0100000);
          end
          default: ;
        endcase
      end
      7'b0110011: begin // op
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = 1'b1; dec_o.wb = 1'b1;
        if (funct7 == 7'b0000001) begin
          dec_o.fu = weft_pkg::FU_MDU; dec_o.op = {2'b00, funct3};
        end else begin
          unique case (funct3)
            3'b000: dec_o.op = funct7[5] ? weft_pkg::ALU_SUB : weft_pkg::ALU_ADD;
            3'b001: dec_o.op = weft_pkg::ALU_SLL;
            3'b010: dec_o.op = weft_pkg::ALU_SLT;
            3'b011: dec_o.op = weft_pkg::ALU_SLTU;
            3'b100: dec_o.op = weft_pkg::ALU_XOR;
            3'b101: dec_o.op = funct7[5] ? weft_pkg::ALU_SRA : weft_pkg::ALU_SRL;
            3'b110: dec_o.op = weft_pkg::ALU_OR;
            3'b111: dec_o.op = weft_pkg::ALU_AND;
            default: ;
          endcase
          dec_o.illegal = !((funct7 == 7'b0) ||
                            (funct7 == 7'b0100000 && (funct3 == 3'b000 || funct3 == 3'b101)));
        end
      end
      7'b0001111: begin // fence: no-op; fence.i: invalidate the I-cache (SFU)
        dec_o.op = weft_pkg::ALU_ADD; dec_o.rd = 5'd0;
        dec_o.illegal = (funct3 > 3'b001);
        if (funct3 == 3'b001) begin
          dec_o.fu = weft_pkg::FU_SFU; dec_o.op = weft_pkg::SFU_FENCEI; dec_o.is_ctrl = 1'b1;
          dec_o.drain = 1'b1;
        end
      end
      7'b1110011: begin // system: CSR reads; writes to the writable CSRs only
        // imm: [11:0] address, [16:12] rs1 / zimm, [19:17] funct3
        dec_o.fu = weft_pkg::FU_SFU; dec_o.op = weft_pkg::SFU_CSR; dec_o.imm = {12'b0, funct3, rs1, csr};
        dec_o.wb = 1'b1;
        dec_o.use_rs1 = !funct3[2] && rs1 != 5'd0;
        // fflags/frm/fcsr: ordered after older and before younger FP
        // instructions of the warp (drain here; weft_core holds FP issue)
        dec_o.fcsr = (csr == weft_pkg::CSR_FFLAGS) || (csr == weft_pkg::CSR_FRM) || (csr == weft_pkg::CSR_FCSR);
        dec_o.drain = (csr == weft_pkg::CSR_INSTRET) || (csr == weft_pkg::CSR_INSTRETH) ||
                      (csr == weft_pkg::CSR_MINSTRET) || (csr == weft_pkg::CSR_MINSTRETH) ||
                      (csr == weft_pkg::CSR_FFLAGS) || (csr == weft_pkg::CSR_FRM) || (csr == weft_pkg::CSR_FCSR);
        dec_o.illegal = csr_bad;
      end
      7'b0000111: begin // flw
        dec_o.fu = weft_pkg::FU_LSU; dec_o.op = {2'b00, funct3}; dec_o.imm = imm_i;
        dec_o.use_rs1 = 1'b1; dec_o.wb = 1'b1; dec_o.rd_f = 1'b1;
        dec_o.illegal = (funct3 != 3'b010);
      end
      7'b0100111: begin // fsw
        dec_o.fu = weft_pkg::FU_LSU; dec_o.op = {2'b01, funct3}; dec_o.imm = imm_s;
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = 1'b1; dec_o.rs2_f = 1'b1;
        dec_o.illegal = (funct3 != 3'b010);
      end
      7'b1000011, 7'b1000111, 7'b1001011, 7'b1001111: begin // fmadd fmsub fnmsub fnmadd (.s)
        dec_o.fpu = 1'b1; dec_o.op = weft_pkg::FP_FMADD + 5'(opcode[3:2]);
        dec_o.rm = funct3; dec_o.wb = 1'b1; dec_o.rd_f = 1'b1;
        dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = 1'b1; dec_o.use_rs3 = 1'b1;
        dec_o.rs1_f = 1'b1; dec_o.rs2_f = 1'b1; dec_o.rs3 = instr_i[31:27];
        dec_o.illegal = (instr_i[26:25] != 2'b00) || funct3 == 3'd5 || funct3 == 3'd6;
      end
      7'b1010011: begin // OP-FP (.s)
        dec_o.fpu = 1'b1; dec_o.wb = 1'b1; dec_o.rd_f = 1'b1;
        dec_o.use_rs1 = 1'b1; dec_o.rs1_f = 1'b1;
        unique case (funct7)
          7'h00, 7'h04, 7'h08, 7'h0C: begin   // fadd fsub fmul fdiv
            dec_o.op = (funct7 == 7'h00) ? weft_pkg::FP_FADD : (funct7 == 7'h04) ? weft_pkg::FP_FSUB :
                       (funct7 == 7'h08) ? weft_pkg::FP_FMUL : weft_pkg::FP_FDIV;
            dec_o.use_rs2 = 1'b1; dec_o.rs2_f = 1'b1;
          end
          7'h2C: begin dec_o.op = weft_pkg::FP_FSQRT; bad = (rs2 != 5'd0); end
          7'h10: begin
            rnd = 1'b0; dec_o.op = weft_pkg::FP_FSGNJ + 5'(funct3); bad = (funct3 > 3'd2);
            dec_o.use_rs2 = 1'b1; dec_o.rs2_f = 1'b1;
          end
          7'h14: begin
            rnd = 1'b0; dec_o.op = weft_pkg::FP_FMIN + 5'(funct3); bad = (funct3 > 3'd1);
            dec_o.use_rs2 = 1'b1; dec_o.rs2_f = 1'b1;
          end
          7'h60: begin
            dec_o.op = weft_pkg::FP_FCVT_W_S + 5'(rs2[0]); bad = (rs2 > 5'd1); dec_o.rd_f = 1'b0;
          end
          7'h68: begin
            dec_o.op = weft_pkg::FP_FCVT_S_W + 5'(rs2[0]); bad = (rs2 > 5'd1); dec_o.rs1_f = 1'b0;
          end
          7'h70: begin
            rnd = 1'b0; dec_o.rd_f = 1'b0;
            dec_o.op = funct3[0] ? weft_pkg::FP_FCLASS : weft_pkg::FP_FMV_X_W;
            bad = (rs2 != 5'd0) || (funct3 > 3'd1);
          end
          7'h78: begin
            rnd = 1'b0; dec_o.op = weft_pkg::FP_FMV_W_X; dec_o.rs1_f = 1'b0;
            bad = (rs2 != 5'd0) || (funct3 != 3'd0);
          end
          7'h50: begin
            rnd = 1'b0; dec_o.rd_f = 1'b0; dec_o.use_rs2 = 1'b1; dec_o.rs2_f = 1'b1;
            dec_o.op = (funct3 == 3'd0) ? weft_pkg::FP_FLE : (funct3 == 3'd1) ? weft_pkg::FP_FLT : weft_pkg::FP_FEQ;
            bad = (funct3 > 3'd2);
          end
          default: bad = 1'b1;
        endcase
        dec_o.rm = rnd ? funct3 : 3'd0;
        dec_o.illegal = bad || (rnd && (funct3 == 3'd5 || funct3 == 3'd6));
      end
      7'b0001011: begin // SIMT (custom-0)
        if (funct7 == 7'b0000001) begin
          // warp primitives: vote.any/all/ballot (funct3 0..2, rs2 = x0),
          // shfl.idx/up/down/xor (funct3 4..7); they write rd, pc + 4
          dec_o.fu = weft_pkg::FU_SFU; dec_o.op = {2'b10, funct3}; dec_o.wb = 1'b1;
          dec_o.use_rs1 = 1'b1; dec_o.use_rs2 = funct3[2];
          dec_o.illegal = (funct3 == 3'b011) || (!funct3[2] && rs2 != 5'd0);
        end else begin
          dec_o.fu = weft_pkg::FU_SFU; dec_o.op = {2'b00, funct3}; dec_o.is_ctrl = 1'b1;
          dec_o.use_rs1 = (funct3 != 3'b011);
          dec_o.use_rs2 = (funct3 == 3'b001) || (funct3 == 3'b100) || (funct3 == 3'b101);
          dec_o.illegal = (funct7 != 7'b0) || (funct3 > 3'b101) || (rd != 5'd0);
        end
      end
      default: dec_o.illegal = 1'b1;
    endcase
    if (dec_o.rd == 5'd0 && !dec_o.rd_f) dec_o.wb = 1'b0;   // x0 is never written; f0 is
    if (dec_o.illegal) begin
      dec_o.wb = 1'b0; dec_o.use_rs1 = 1'b0; dec_o.use_rs2 = 1'b0; dec_o.is_ctrl = 1'b1;
      dec_o.use_rs3 = 1'b0; dec_o.fpu = 1'b0; dec_o.fcsr = 1'b0;
      dec_o.fu = weft_pkg::FU_SFU;
    end
  end

endmodule
