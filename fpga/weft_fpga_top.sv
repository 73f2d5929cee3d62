// weft_fpga_top: Weft on an FPGA board (ULX3S, ECP5-85F): one GPU core of
// the tiny shape (1 core x 2 warps x 2 threads by default), 32 KiB of block
// RAM at 0x80000000 holding a self-checking bare program (MEM_FILE, loaded
// with $readmemh; fpga/sw/selftest.c), a memory controller that answers the
// core's instruction and data ports, pass/fail LEDs and a UART message.
//
// Launch (the harness's --bare run, sim/engine_rtl.c): a power-on reset holds
// rst_ni low for 16 cycles, then start_i is high for one cycle with
// start_pc_i = 0x80000000 (_start) and launch_i = 0 (no launch descriptor);
// start.S spawns the other warps. The scheduling knobs are tied to the
// harness's defaults (fixed fetch, unready LRR issue, stall front end, no
// BPR, no stall table) through the FIX_* parameters, so the unused policies
// are not built.
//
// Memory map seen by the core (docs/isa.md):
//   0x80000000 .. +MEM_BYTES  block RAM (word address = addr[AW+1:2])
//   0x10000000               console byte store: accepted and dropped
//   0x10000004               exit word: 1 = pass, (n << 1) | 1 = fail n
//   anything else            access error: a load returns 0, the run fails
//
// Memory controller (one core): the RAM is true dual port. Port A serves the
// instruction port: a line request (one outstanding, ready while idle) reads
// LINE_WORDS words one per cycle and answers with the whole line. Port B
// serves the data port: a warp request (ready while idle) is executed lane by
// lane in lane order (stores with their byte enables; loads take two cycles
// per lane); a load is answered with its tag after the last lane, stores get
// no response (the posted-write protocol of the harness's memory model).
//
// Clock: the board's 25 MHz oscillator feeds the ECP5 PLL (EHXPLLL, in
// synthesis only), which makes the GPU clock CLK_HZ = 12.5 MHz: since the
// third session's front end the design no longer closes 25 MHz (docs/
// synthesis.md). Reset waits for the PLL's lock. In simulation (Verilator,
// make fpga-sim) the testbench's clock is the GPU clock directly.
//
// Outputs: led[0] running (GPU busy), led[1] pass, led[2] fail, led[3] done
// (exit word seen or GPU idle after start), led[7:4] the low bits of the
// failure code. After the exit word (or on an error) the UART sends
// "WEFT PASS\r\n" or "WEFT FAIL\r\n" once, 8N1 at BAUD.
module weft_fpga_top #(
  parameter int unsigned CLK_HZ = 12_500_000,   // GPU clock: the PLL's output
  parameter int unsigned BAUD = 115_200,
  parameter MEM_FILE = "build/fpga/selftest.hex",  // relative to the repository root
  parameter int unsigned MEM_WORDS = 8192,
  parameter int unsigned WARPS = 2,
  parameter int unsigned THREADS = 2
) (
  input  logic       clk_25mhz,
  output logic [7:0] led,
  output logic       ftdi_rxd      // UART TX (FPGA to host)
);

  localparam int unsigned T = THREADS;
  localparam int unsigned LW = 8;                  // words per I-cache line
  localparam int unsigned AW = $clog2(MEM_WORDS);  // word address bits
  localparam int unsigned TW = (T > 1) ? $clog2(T) : 1;
  localparam int unsigned DIV = CLK_HZ / BAUD;
  localparam logic [31:0] RAM_BASE = 32'h8000_0000;

  logic clk, locked;
`ifdef SYNTHESIS
  // 25 MHz / CLKI_DIV 2 x CLKFB_DIV 1 x CLKOP_DIV 48 = VCO 600 MHz (400..800),
  // CLKOP = 600 / 48 = 12.5 MHz, fed back from CLKOP.
  (* FREQUENCY_PIN_CLKI = "25" *)
  (* FREQUENCY_PIN_CLKOP = "12.5" *)
  EHXPLLL #(
    .PLLRST_ENA ("DISABLED"), .INTFB_WAKE ("DISABLED"), .STDBY_ENABLE ("DISABLED"),
    .DPHASE_SOURCE ("DISABLED"), .OUTDIVIDER_MUXA ("DIVA"),
    .CLKI_DIV (2), .CLKFB_DIV (1), .FEEDBK_PATH ("CLKOP"),
    .CLKOP_ENABLE ("ENABLED"), .CLKOP_DIV (48), .CLKOP_CPHASE (23), .CLKOP_FPHASE (0)
  ) u_pll (
    .CLKI (clk_25mhz), .CLKFB (clk), .CLKOP (clk), .LOCK (locked),
    .RST (1'b0), .STDBY (1'b0), .PHASESEL0 (1'b0), .PHASESEL1 (1'b0), .PHASEDIR (1'b0),
    .PHASESTEP (1'b0), .PHASELOADREG (1'b0), .PLLWAKESYNC (1'b0), .ENCLKOP (1'b0)
  );
`else
  assign clk = clk_25mhz;
  assign locked = 1'b1;
`endif

  // ------------------------------------------------------------------ reset, start
  logic [4:0] por_q = '0;
  logic       rst_n, start_q = 1'b0, started_q = 1'b0;
  assign rst_n = por_q[4];
  always_ff @(posedge clk) begin
    if (!por_q[4] && locked) por_q <= por_q + 5'd1;
    start_q   <= rst_n && !started_q;
    if (rst_n) started_q <= 1'b1;
  end

  // ------------------------------------------------------------------ GPU
  logic            busy;
  logic            imem_req_valid, imem_req_ready, imem_rsp_valid;
  logic [31:0]     imem_req_addr;
  logic [LW*32-1:0] imem_rsp_data;
  logic            dmem_req_valid, dmem_req_ready, dmem_req_we, dmem_rsp_valid;
  logic [T-1:0]    dmem_req_mask;
  logic [T*32-1:0] dmem_req_addr, dmem_req_data, dmem_rsp_data;
  logic [T*4-1:0]  dmem_req_byteen;
  logic [7:0]      dmem_req_tag, dmem_rsp_tag;
  logic            err_valid;

  weft_gpu #(
    .NUM_CORES(1), .NUM_WARPS(WARPS), .NUM_THREADS(T), .LINE_WORDS(LW),
    .FIX_FETCH_POLICY(weft_spec_pkg::SCHED_POLICY_FIXED), .FIX_ISSUE_POLICY(weft_spec_pkg::SCHED_POLICY_LRR),
    .FIX_ISSUE_READY(0),
    .FIX_FRONTEND(0), .FIX_BPR(0), .FIX_STALL_TABLE(0), .FIX_SWAS(0), .ORACLES(0),
    .FPU(0),  // the self-test uses no F instructions; with the FPU tiny misses 25 MHz (docs/synthesis.md)
    .SMEM_BYTES(0),  // nor shared memory (its loads and stores would fault)
    .DC_SETS(0)      // no L1 D-cache: the block RAM answers in a few cycles anyway
  ) u_gpu (
    .clk_i (clk), .rst_ni (rst_n),
    .fetch_policy_i ('0), .issue_policy_i (3'd1), .issue_ready_i (1'b0),
    .frontend_i ('0), .bpr_i (1'b0), .stall_table_i (1'b0),  .swas_i (1'b0), .stack_guard_i (1'b0),
    .oracles_i (1'b0), .port_arb_i (2'd0), .port_slots_i (7'd0),  // IN_REG only
    .store_queue_i (3'd0),                                       // no store queue (docs/memory.md)
    .divergence_i (1'b0), .branch_check_i (1'b0),   // ipdom, leader rule (as before issue 16)
    .start_i (start_q), .start_pc_i (32'h8000_0000), .launch_i (32'd0),
    .busy_o (busy),
    .imem_req_valid_o (imem_req_valid), .imem_req_ready_i (imem_req_ready),
    .imem_req_addr_o (imem_req_addr), .imem_rsp_valid_i (imem_rsp_valid),
    .imem_rsp_data_i (imem_rsp_data),
    .dmem_req_valid_o (dmem_req_valid), .dmem_req_ready_i (dmem_req_ready),
    .dmem_req_we_o (dmem_req_we), .dmem_req_mask_o (dmem_req_mask),
    .dmem_req_addr_o (dmem_req_addr), .dmem_req_byteen_o (dmem_req_byteen),
    .dmem_req_data_o (dmem_req_data), .dmem_req_tag_o (dmem_req_tag),
    .dmem_req_wid_o (), .dmem_req_pc_o (), .dmem_req_amo_o (), .smem_access_o (), .smem_conflict_o (),
    .dfill_req_valid_o (), .dfill_req_ready_i (1'b0), .dfill_req_addr_o (), .dfill_rsp_valid_i (1'b0),
    .dfill_rsp_data_i ('0), .dcache_ev_o (),
    .dmem_rsp_valid_i (dmem_rsp_valid), .dmem_rsp_tag_i (dmem_rsp_tag),
    .dmem_rsp_data_i (dmem_rsp_data),
    .commit_valid_o (), .commit_wid_o (), .commit_pc_o (), .commit_tmask_o (),
    .commit_wb_o (), .commit_rd_o (), .commit_data_o (),
    .commit_fd_o (), .commit_fcsr_o (), .commit_flags_o (),
    .err_valid_o (err_valid), .err_cause_o (), .err_wid_o (), .err_pc_o (), .err_info_o (), .err_lane_o (),
    .cycles_o (), .icache_miss_o (), .issue_missed_o (), .st_lookup_o (), .st_hit_o (),
    .flush_o (),
    // performance counters (docs/counters.md): cleared during reset, not read
    .perf_clear_i (!rst_n), .perf_lock_i (1'b0), .perf_idx_i ('0),
    .perf_data_o (), .perf_rlock_o (), .wstate_o (), .req_ready_o ()
  );

  // ------------------------------------------------------------------ block RAM
  logic [31:0]   mem [MEM_WORDS];
  initial $readmemh(MEM_FILE, mem);

  logic          a_en, b_en;
  logic [AW-1:0] a_addr, b_addr;
  logic [3:0]    b_we;
  logic [31:0]   a_rdata, b_rdata, b_wdata;

  always_ff @(posedge clk) begin
    if (a_en) a_rdata <= mem[a_addr];
  end
  always_ff @(posedge clk) begin
    if (b_en) begin
      for (int i = 0; i < 4; i++)
        if (b_we[i]) mem[b_addr][i*8 +: 8] <= b_wdata[i*8 +: 8];
      b_rdata <= mem[b_addr];
    end
  end

  function automatic logic in_ram(input logic [31:0] addr);
    in_ram = (addr >> (AW + 2)) == (RAM_BASE >> (AW + 2));
  endfunction

  // ------------------------------------------------------------------ instruction port
  typedef enum logic [1:0] {I_IDLE, I_READ, I_RSP} istate_e;
  istate_e       is_q;
  logic [AW-1:0] ibase_q;
  logic [3:0]    icnt_q;                  // reads issued
  logic [LW*32-1:0] line_q;
  logic          ierr_q;

  assign imem_req_ready = (is_q == I_IDLE);
  assign imem_rsp_valid = (is_q == I_RSP);
  assign imem_rsp_data  = line_q;
  assign a_en   = (is_q == I_READ) && (icnt_q < 4'(LW));
  assign a_addr = ibase_q + AW'(icnt_q);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      is_q <= I_IDLE; icnt_q <= '0; ierr_q <= 1'b0;
    end else begin
      unique case (is_q)
        I_IDLE: if (imem_req_valid) begin
          ibase_q <= imem_req_addr[AW+1:2];
          icnt_q  <= '0;
          is_q    <= I_READ;
          if (!in_ram(imem_req_addr)) ierr_q <= 1'b1;
        end
        I_READ: begin
          // a_rdata holds word icnt_q-1 (read issued in the previous cycle)
          if (icnt_q != 0) line_q[(32'(icnt_q) - 1) * 32 +: 32] <= a_rdata;
          icnt_q <= icnt_q + 4'd1;
          if (icnt_q == 4'(LW)) is_q <= I_RSP;
        end
        I_RSP: is_q <= I_IDLE;
        default: is_q <= I_IDLE;
      endcase
    end
  end

  // ------------------------------------------------------------------ data port
  typedef enum logic [1:0] {D_IDLE, D_LANE, D_LOAD, D_RSP} dstate_e;
  dstate_e         ds_q;
  logic            dwe_q;
  logic [T-1:0]    dmask_q;
  logic [T*32-1:0] daddr_q, dwdata_q, drdata_q;
  logic [T*4-1:0]  dbe_q;
  logic [7:0]      dtag_q;
  logic [TW-1:0]   lane_q;
  logic            derr_q, exit_q;
  logic [31:0]     exit_val_q;
  logic [31:0]     lane_addr;
  logic            last_lane;

  assign lane_addr = daddr_q[32'(lane_q)*32 +: 32];
  assign last_lane = (32'(lane_q) == T - 1);
  assign dmem_req_ready = (ds_q == D_IDLE);
  assign dmem_rsp_valid = (ds_q == D_RSP);
  assign dmem_rsp_tag   = dtag_q;
  assign dmem_rsp_data  = drdata_q;
  assign b_en    = (ds_q == D_LANE) && dmask_q[lane_q] && in_ram(lane_addr);
  assign b_addr  = lane_addr[AW+1:2];
  assign b_we    = dwe_q ? dbe_q[32'(lane_q)*4 +: 4] : 4'b0;
  assign b_wdata = dwdata_q[32'(lane_q)*32 +: 32];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      ds_q <= D_IDLE; derr_q <= 1'b0; exit_q <= 1'b0; exit_val_q <= '0; lane_q <= '0;
    end else begin
      unique case (ds_q)
        D_IDLE: if (dmem_req_valid) begin
          dwe_q <= dmem_req_we; dmask_q <= dmem_req_mask; daddr_q <= dmem_req_addr;
          dwdata_q <= dmem_req_data; dbe_q <= dmem_req_byteen; dtag_q <= dmem_req_tag;
          drdata_q <= '0; lane_q <= '0;
          ds_q <= D_LANE;
        end
        D_LANE: begin
          if (dmask_q[lane_q] && !in_ram(lane_addr)) begin
            if (dwe_q && lane_addr == 32'h1000_0004) begin
              if (!exit_q) begin exit_q <= 1'b1; exit_val_q <= b_wdata; end
            end else if (!(dwe_q && lane_addr == 32'h1000_0000)) begin
              derr_q <= 1'b1;                 // unmapped access
            end
          end
          if (dmask_q[lane_q] && in_ram(lane_addr) && !dwe_q) ds_q <= D_LOAD;
          else if (last_lane) ds_q <= dwe_q ? D_IDLE : D_RSP;
          else lane_q <= lane_q + TW'(1);
        end
        D_LOAD: begin
          drdata_q[32'(lane_q)*32 +: 32] <= b_rdata;
          if (last_lane) ds_q <= D_RSP;
          else begin lane_q <= lane_q + TW'(1); ds_q <= D_LANE; end
        end
        D_RSP: ds_q <= D_IDLE;
        default: ds_q <= D_IDLE;
      endcase
    end
  end

  // ------------------------------------------------------------------ status, LEDs
  logic done, pass;
  logic ran_q;      // the GPU was busy at least once
  always_ff @(posedge clk) begin
    if (!rst_n) ran_q <= 1'b0;
    else if (busy) ran_q <= 1'b1;
  end
  logic fail_q;
  always_ff @(posedge clk) begin
    if (!rst_n) fail_q <= 1'b0;
    else if (err_valid || ierr_q || derr_q) fail_q <= 1'b1;
  end
  assign pass = exit_q && exit_val_q == 32'd1 && !fail_q;
  assign done = exit_q || fail_q || (ran_q && !busy);

  assign led[0]   = busy;
  assign led[1]   = done && pass;
  assign led[2]   = done && !pass;
  assign led[3]   = done;
  assign led[7:4] = exit_val_q[4:1];

  // ------------------------------------------------------------------ UART
  // "WEFT PASS\r\n" / "WEFT FAIL\r\n", once, when done.
  localparam int unsigned MSG_LEN = 11;
  function automatic logic [7:0] msg_char(input logic [3:0] i, input logic ok);
    unique case (i)
      4'd0: msg_char = "W";
      4'd1: msg_char = "E";
      4'd2: msg_char = "F";
      4'd3: msg_char = "T";
      4'd4: msg_char = " ";
      4'd5: msg_char = ok ? "P" : "F";
      4'd6: msg_char = ok ? "A" : "A";
      4'd7: msg_char = ok ? "S" : "I";
      4'd8: msg_char = ok ? "S" : "L";
      4'd9: msg_char = 8'h0d;
      default: msg_char = 8'h0a;
    endcase
  endfunction

  logic [3:0]  ci_q;          // next character
  logic [9:0]  sh_q;          // stop bit, 8 data bits, start bit (sent LSB first)
  logic [3:0]  bits_q;        // bits left of the current character
  logic [$clog2(DIV)-1:0] baud_q;
  assign ftdi_rxd = (bits_q != 0) ? sh_q[0] : 1'b1;

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      ci_q <= '0; bits_q <= '0; baud_q <= '0; sh_q <= '1;
    end else if (bits_q == 0) begin
      if (done && 32'(ci_q) < MSG_LEN) begin
        sh_q   <= {1'b1, msg_char(ci_q, pass), 1'b0};
        ci_q   <= ci_q + 4'd1;
        bits_q <= 4'd10;
        baud_q <= '0;
      end
    end else if (32'(baud_q) == DIV - 1) begin
      baud_q <= '0;
      sh_q   <= {1'b1, sh_q[9:1]};
      bits_q <= bits_q - 4'd1;
    end else begin
      baud_q <= baud_q + 1'b1;
    end
  end

endmodule
