// weft_gpu: the GPU top: NUM_CORES cores side by side. Each core has its own
// instruction and data memory ports (flattened here, core 0 in the low bits),
// which the harness's memory model serves with a configurable latency.
// start_i starts warp 0 of every core at start_pc_i; busy_o stays high while
// any core has an active warp or an instruction in flight.
// Default shape; synthesis scripts set it with -D (tools/synth.sh) because
// Yosys 0.23's chparam of the top module is unreliable.
`ifndef WEFT_CORES
`define WEFT_CORES 1
`endif
`ifndef WEFT_WARPS
`define WEFT_WARPS 4
`endif
`ifndef WEFT_THREADS
`define WEFT_THREADS 4
`endif
// Lanes per core (warp rows, issue 20); 0 = as many as threads per warp.
`ifndef WEFT_LANES
`define WEFT_LANES 0
`endif
// Scheduling knobs fixed at build time (synthesis); -1 = runtime input.
// RV32F unit (1) or none (0: F instructions are illegal; a smaller, faster
// integer-only build).
`ifndef WEFT_FPU
`define WEFT_FPU 1
`endif
`ifndef WEFT_FIX_FETCH_POLICY
`define WEFT_FIX_FETCH_POLICY -1
`endif
`ifndef WEFT_SQ_MAX
`define WEFT_SQ_MAX -1
`endif
`ifndef WEFT_FIX_ISSUE_POLICY
`define WEFT_FIX_ISSUE_POLICY -1
`endif
`ifndef WEFT_FIX_ISSUE_READY
`define WEFT_FIX_ISSUE_READY -1
`endif
`ifndef WEFT_FIX_FRONTEND
`define WEFT_FIX_FRONTEND -1
`endif
`ifndef WEFT_FIX_BPR
`define WEFT_FIX_BPR -1
`endif
`ifndef WEFT_FIX_STALL_TABLE
`define WEFT_FIX_STALL_TABLE -1
`endif
`ifndef WEFT_FIX_SWAS
`define WEFT_FIX_SWAS -1
`endif
`ifndef WEFT_FIX_DIVERGENCE
`define WEFT_FIX_DIVERGENCE -1
`endif
`ifndef WEFT_FIX_BRANCH_CHECK
`define WEFT_FIX_BRANCH_CHECK -1
`endif
// SWaS oracle schedulers (seed 002 sec. VI-A4): simulation instruments; the
// synthesis scripts define WEFT_ORACLES 0.
`ifndef WEFT_IC_LINES
`define WEFT_IC_LINES 128
`endif
`ifndef WEFT_IC_MSHRS
`define WEFT_IC_MSHRS 4
`endif
`ifndef WEFT_IC_WAYS
`define WEFT_IC_WAYS 1
`endif
`ifndef WEFT_DC_SETS
`define WEFT_DC_SETS 32
`endif
`ifndef WEFT_DC_LINES
`define WEFT_DC_LINES 1
`endif
`ifndef WEFT_DC_WAYS
`define WEFT_DC_WAYS 4
`endif
// Integer ALU result latency (docs/architecture.md "ALU result latency"; make
// ALU_LAT=N sets it): cycles from dispatch until the result is offered to
// writeback (>= 1; 1 = the ALU's own register only).
`ifndef WEFT_ALU_LAT
`define WEFT_ALU_LAT 1
`endif
`ifndef WEFT_DC_MSHRS
`define WEFT_DC_MSHRS 4
`endif
`ifndef WEFT_ORACLES
`define WEFT_ORACLES 1
`endif
// IN_REG's default (below): 0; tools/netlist.sh defines 1, because the
// netlist is simulated behind the C harness, which drives IN_REG timing.
`ifndef WEFT_IN_REG
`define WEFT_IN_REG 0
`endif
// Front-end depth (docs/architecture.md, "Front-end depth"; make FE=weft|vortex
// sets them): the I-cache hit latency in cycles (>= 1) and a registered
// decode (0 or 1). Their sum is tF, the fetch depth of seed 002 sec. IV-B1.
`ifndef WEFT_IC_LAT
`define WEFT_IC_LAT 1
`endif
`ifndef WEFT_DEC_REG
`define WEFT_DEC_REG 0
`endif
// Front-end throughput (docs/architecture.md "Front-end throughput"; make
// IC_II=N sets it): the I-cache accepts a fetch at most every WEFT_IC_II
// cycles (its initiation interval, >= 1; 1 = every cycle).
`ifndef WEFT_IC_II
`define WEFT_IC_II 1
`endif

module weft_gpu #(
  parameter int unsigned NUM_CORES = `WEFT_CORES,
  parameter int unsigned NUM_WARPS = `WEFT_WARPS,
  parameter int unsigned NUM_THREADS = `WEFT_THREADS,
  // lanes per core L (0 = NUM_THREADS): a warp instruction executes in
  // NUM_THREADS / L rows of L threads (docs/architecture.md "Warp rows")
  parameter int unsigned NUM_LANES = `WEFT_LANES,
  parameter int unsigned IC_LAT = `WEFT_IC_LAT,    // I-cache hit latency (cycles, >= 1)
  parameter int unsigned DEC_REG = `WEFT_DEC_REG,  // 1: a register in front of decode
  parameter int unsigned IC_II = `WEFT_IC_II,      // I-cache initiation interval (cycles, >= 1)
  // instruction-buffer entries per warp: tF + 1 (SWaS, seed 002 sec. IV-B1)
  parameter int unsigned IBUF_DEPTH = IC_LAT + DEC_REG + 1,
  parameter int unsigned IPDOM_DEPTH = 8,
  parameter int unsigned BARRIERS = 4,
  parameter int unsigned IC_LINES = `WEFT_IC_LINES,  // I-cache lines (of LINE_WORDS words)
  parameter int unsigned IC_WAYS = `WEFT_IC_WAYS,   // I-cache ways (1 = direct-mapped)
  parameter int unsigned LINE_WORDS = 8,
  parameter int unsigned LSU_SLOTS = 8,
  // store-queue entries per warp, at most (weft_lsu; --store-queue N <= SQ_MAX):
  // WEFT_SQ_MAX, or by default 2 up to 64 threads per core and none above
  // (the queue compares T x T lane words per entry of W x SQ_MAX)
  parameter int unsigned SQ_MAX = (`WEFT_SQ_MAX >= 0) ? `WEFT_SQ_MAX : ((NUM_WARPS * NUM_THREADS <= 64) ? 2 : 0),
  parameter int unsigned SMEM_BYTES = 4096,   // shared memory per core at 0x2000_0000 (0 = none)
  parameter int unsigned SMEM_BANKS = 0,      // its banks (0 = one per thread, T)
  parameter int unsigned MUL_LAT = 2,
  parameter int unsigned ALU_LAT = `WEFT_ALU_LAT,   // integer ALU result latency (cycles, >= 1; make ALU_LAT=N)
  parameter int unsigned ST_ENTRIES = 128,
  parameter int unsigned FPU = `WEFT_FPU,
  parameter int unsigned IQ_DEPTH = 8,
  parameter int unsigned IC_MSHRS = `WEFT_IC_MSHRS,
  parameter int unsigned IC_WAITS = 8,
  parameter int unsigned ORACLES = `WEFT_ORACLES,
  parameter int unsigned DC_SETS = `WEFT_DC_SETS,    // L1 D-cache per core (0 = none), docs/memory.md
  parameter int unsigned DC_WAYS = `WEFT_DC_WAYS,
  parameter int unsigned DC_MSHRS = `WEFT_DC_MSHRS,
  parameter int unsigned DC_PEND = 4,
  parameter int unsigned DC_LINES = `WEFT_DC_LINES,  // D-cache walk width: lines per cycle (make DC_LINES=N)
  // IN_REG 1: the memory responses (instruction line, D-cache fill, data
  // port) and the launch and perf controls (start_i, start_pc_i, launch_i,
  // perf_lock_i, perf_clear_i) pass a register at the boundary, and the
  // driver presents each one cycle earlier (the C harness does:
  // sim/engine_rtl.c, sim/rtl_wrap.cpp), so the core sees them in the same
  // cycle as with IN_REG 0 and no cycle count moves. It keeps these inputs'
  // logic out of Verilator's input-combo region (evaluated on every eval()
  // call). The request ready inputs become the ports' availability for the
  // next cycle, registered too, and the harness's L2 port arbiter is
  // replicated here (gen_rdy_reg below). perf_idx_i stays combinational.
  // 0 for synthesis and the FPGA top.
  parameter int unsigned IN_REG = `WEFT_IN_REG,
  // Each FIX_* parameter, when >= 0, ties its knob to that value so that
  // synthesis keeps only the chosen logic (the input is then ignored);
  // -1 (default, the research build) takes the knob from its input.
  parameter int FIX_FETCH_POLICY = `WEFT_FIX_FETCH_POLICY,
  parameter int FIX_ISSUE_POLICY = `WEFT_FIX_ISSUE_POLICY,
  parameter int FIX_ISSUE_READY  = `WEFT_FIX_ISSUE_READY,
  parameter int FIX_FRONTEND     = `WEFT_FIX_FRONTEND,
  parameter int FIX_BPR          = `WEFT_FIX_BPR,
  parameter int FIX_STALL_TABLE  = `WEFT_FIX_STALL_TABLE,
  parameter int FIX_SWAS         = `WEFT_FIX_SWAS,
  parameter int FIX_DIVERGENCE   = `WEFT_FIX_DIVERGENCE,
  parameter int FIX_BRANCH_CHECK = `WEFT_FIX_BRANCH_CHECK,
  localparam int unsigned C = NUM_CORES,
  localparam int unsigned T = NUM_THREADS,
  localparam int unsigned NL = (NUM_LANES == 0) ? NUM_THREADS : NUM_LANES,
  localparam int unsigned IW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
  localparam int unsigned LB = LINE_WORDS * 32
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] fetch_policy_i,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] issue_policy_i,
  input  logic              issue_ready_i,
  input  logic [weft_spec_pkg::FRONTEND_W-1:0] frontend_i,
  input  logic              bpr_i,
  input  logic              stall_table_i,
  input  logic              swas_i,
  input  logic              divergence_i,    // config/weft.yaml: 0 ipdom, 1 minpc (docs/isa.md)
  input  logic              branch_check_i,  // ipdom: a branch whose threads disagree is an error
  input  logic              stack_guard_i,   // stack guard on (docs/isa.md; the harness, per ELF)
  input  logic              oracles_i,       // evaluate the SWaS oracle schedulers (--oracles; static)
  input  logic [2:0]         store_queue_i,   // store-queue entries per warp (--store-queue; static; <= SQ_MAX)
  // IN_REG only (static, registered like the knobs): the harness's L2 port
  // arbiter over the 3*C request ports (0 none, 1 round-robin, 2 fixed
  // priority) and the requests it grants per cycle; unused when IN_REG = 0
  input  logic [1:0]        port_arb_i,
  input  logic [6:0]        port_slots_i,
  input  logic              start_i,
  input  logic [31:0]       start_pc_i,
  input  logic [31:0]       launch_i,
  output logic              busy_o,
  output logic [C-1:0]      imem_req_valid_o,
  input  logic [C-1:0]      imem_req_ready_i,
  output logic [C*32-1:0]   imem_req_addr_o,
  input  logic [C-1:0]      imem_rsp_valid_i,
  input  logic [C*LB-1:0]   imem_rsp_data_i,
  output logic [C-1:0]      dmem_req_valid_o,
  input  logic [C-1:0]      dmem_req_ready_i,
  output logic [C-1:0]      dmem_req_we_o,
  output logic [C*6-1:0]    dmem_req_amo_o,    // per core {atomic, funct5} (RV32A, docs/memory.md)
  output logic [C*T-1:0]    dmem_req_mask_o,
  output logic [C*T*32-1:0] dmem_req_addr_o,
  output logic [C*T*4-1:0]  dmem_req_byteen_o,
  output logic [C*T*32-1:0] dmem_req_data_o,
  output logic [C*8-1:0]    dmem_req_tag_o,
  output logic [C*IW-1:0]   dmem_req_wid_o,
  output logic [C*32-1:0]   dmem_req_pc_o,
  input  logic [C-1:0]      dmem_rsp_valid_i,
  input  logic [C*8-1:0]    dmem_rsp_tag_i,
  input  logic [C*T*32-1:0] dmem_rsp_data_i,
  output logic [C-1:0]      dfill_req_valid_o,   // D-cache line fills, per core
  input  logic [C-1:0]      dfill_req_ready_i,
  output logic [C*32-1:0]   dfill_req_addr_o,
  input  logic [C-1:0]      dfill_rsp_valid_i,
  input  logic [C*LB-1:0]   dfill_rsp_data_i,
  output logic [C-1:0]      commit_valid_o,
  output logic [C*IW-1:0]   commit_wid_o,
  output logic [C*32-1:0]   commit_pc_o,
  output logic [C*T-1:0]    commit_tmask_o,
  output logic [C-1:0]      commit_wb_o,
  output logic [C*5-1:0]    commit_rd_o,
  output logic [C-1:0]      commit_fd_o,     // rd is an FP register
  output logic [C*8-1:0]    commit_fcsr_o,   // the warp's fcsr after the instruction
  output logic [C*5-1:0]    commit_flags_o,  // FP flags the instruction raised
  output logic [C*T*32-1:0] commit_data_o,
  output logic [C-1:0]      err_valid_o,
  output logic [C*3-1:0]    err_cause_o,
  output logic [C*IW-1:0]   err_wid_o,
  output logic [C*32-1:0]   err_pc_o,
  output logic [C*32-1:0]   err_info_o,
  output logic [C*8-1:0]    err_lane_o,     // access error: the lane (lowest bad active lane)
  output logic [63:0]       cycles_o,
  output logic [C-1:0]      icache_miss_o,
  output logic [C-1:0]      issue_missed_o,
  output logic [C-1:0]      st_lookup_o,
  output logic [C-1:0]      st_hit_o,
  output logic [C-1:0]      flush_o,
  output logic [C-1:0]      smem_access_o,
  output logic [C-1:0]      smem_conflict_o,
  output logic [C*8-1:0]    dcache_ev_o,     // D-cache events per core (weft_dcache ev_*_o)
  // performance counters (docs/counters.md)
  input  logic              perf_clear_i,   // power-on clear of counters and locks
  input  logic              perf_lock_i,    // hold perf-lock (warm-up)
  input  logic [weft_spec_pkg::PERF_DBG_IDX_W-1:0] perf_idx_i,     // counter read by the harness, every core
  output logic [C*64-1:0]   perf_data_o,
  output logic [C-1:0]      perf_rlock_o,
  output logic [C*NUM_WARPS*3-1:0] wstate_o,
  // the request ready each port sees in this cycle, port 3c+0 core c's
  // instruction port, 3c+1 its data port, 3c+2 its D-cache fill port
  // (IN_REG: the arbiter's grant; the harness checks it against its own)
  output logic [3*C-1:0]    req_ready_o
);

  logic [C-1:0]  busy;
  // knob code widths (config/weft.yaml via rtl/gen/weft_spec_pkg.sv)
  localparam int PW = weft_spec_pkg::SCHED_POLICY_W;
  localparam int FW = weft_spec_pkg::FRONTEND_W;
  logic [PW-1:0] k_fetch, k_issue;
  logic [FW-1:0] k_frontend;
  logic          k_ready, k_bpr, k_st, k_swas, k_div, k_bchk;

  // The knobs are registered at the boundary: they are static during a
  // launch (the harness sets them before the reset cycles, which load these
  // registers), and registering keeps the whole scheduler out of the
  // simulator's input-driven region (evaluated on every eval() call).
  always_ff @(posedge clk_i) begin
    k_fetch    <= (FIX_FETCH_POLICY < 0) ? fetch_policy_i : PW'(FIX_FETCH_POLICY);
    k_issue    <= (FIX_ISSUE_POLICY < 0) ? issue_policy_i : PW'(FIX_ISSUE_POLICY);
    k_ready    <= (FIX_ISSUE_READY < 0)  ? issue_ready_i  : (FIX_ISSUE_READY != 0);
    k_frontend <= (FIX_FRONTEND < 0)     ? frontend_i     : FW'(FIX_FRONTEND);
    k_bpr      <= (FIX_BPR < 0)          ? bpr_i          : (FIX_BPR != 0);
    k_st       <= (FIX_STALL_TABLE < 0)  ? stall_table_i  : (FIX_STALL_TABLE != 0);
    k_swas     <= (FIX_SWAS < 0)         ? swas_i         : (FIX_SWAS != 0);
    k_div      <= (FIX_DIVERGENCE < 0)   ? divergence_i   : (FIX_DIVERGENCE != 0);
    k_bchk     <= (FIX_BRANCH_CHECK < 0) ? branch_check_i : (FIX_BRANCH_CHECK != 0);
  end
  // the stack guard is static during a launch too (set before the reset)
  logic k_sguard;
  always_ff @(posedge clk_i) k_sguard <= stack_guard_i;
  // so is the oracle enable (the harness's --oracles, issue 17)
  // per-core perf events: the D-cache's 8 (dcache_ev_o) and the LSU's
  logic [weft_spec_pkg::PERF_DC_EV_N-1:0] dc_ev [C];
  for (genvar c = 0; c < C; c++) begin : g_dcev
    assign dcache_ev_o[c*8 +: 8] = dc_ev[c][7:0];
  end
  logic k_orc;
  always_ff @(posedge clk_i) k_orc <= oracles_i;
  // and the store-queue depth (issue 21; weft_lsu)
  logic [2:0] k_sq;
  always_ff @(posedge clk_i) k_sq <= (store_queue_i > 3'(SQ_MAX)) ? 3'(SQ_MAX) : store_queue_i;
  logic [63:0]   cycles [C];

  // launch and perf controls as the cores see them (IN_REG above; no reset:
  // the driver sets them through the reset cycles)
  logic        start, perf_lock, perf_clear;
  logic [31:0] start_pc, launch;
  if (IN_REG != 0) begin : gen_ctl_reg
    always_ff @(posedge clk_i) begin
      start      <= start_i;
      start_pc   <= start_pc_i;
      launch     <= launch_i;
      perf_lock  <= perf_lock_i;
      perf_clear <= perf_clear_i;
    end
  end else begin : gen_ctl_comb
    assign start      = start_i;
    assign start_pc   = start_pc_i;
    assign launch     = launch_i;
    assign perf_lock  = perf_lock_i;
    assign perf_clear = perf_clear_i;
  end

  // memory responses as the cores see them (IN_REG above)
  logic [C-1:0]      imem_rsp_v, dmem_rsp_v, dfill_rsp_v;
  logic [C*LB-1:0]   imem_rsp_d, dfill_rsp_d;
  logic [C*8-1:0]    dmem_rsp_t;
  logic [C*T*32-1:0] dmem_rsp_d;
  if (IN_REG != 0) begin : gen_rsp_reg
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        imem_rsp_v  <= '0;
        dmem_rsp_v  <= '0;
        dfill_rsp_v <= '0;
      end else begin
        imem_rsp_v  <= imem_rsp_valid_i;
        dmem_rsp_v  <= dmem_rsp_valid_i;
        dfill_rsp_v <= dfill_rsp_valid_i;
      end
    end
    // the payloads load only with their valid (no wide copy when idle)
    for (genvar c = 0; c < C; c++) begin : gen_core_rsp
      logic [LB-1:0]   i_q, f_q;
      logic [7:0]      t_q;
      logic [T*32-1:0] d_q;
      always_ff @(posedge clk_i) begin
        if (imem_rsp_valid_i[c])  i_q <= imem_rsp_data_i[c*LB +: LB];
        if (dfill_rsp_valid_i[c]) f_q <= dfill_rsp_data_i[c*LB +: LB];
        if (dmem_rsp_valid_i[c]) begin
          t_q <= dmem_rsp_tag_i[c*8 +: 8];
          d_q <= dmem_rsp_data_i[c*T*32 +: T*32];
        end
      end
      assign imem_rsp_d[c*LB +: LB]     = i_q;
      assign dfill_rsp_d[c*LB +: LB]    = f_q;
      assign dmem_rsp_t[c*8 +: 8]       = t_q;
      assign dmem_rsp_d[c*T*32 +: T*32] = d_q;
    end
  end else begin : gen_rsp_comb
    assign imem_rsp_v  = imem_rsp_valid_i;
    assign imem_rsp_d  = imem_rsp_data_i;
    assign dmem_rsp_v  = dmem_rsp_valid_i;
    assign dmem_rsp_t  = dmem_rsp_tag_i;
    assign dmem_rsp_d  = dmem_rsp_data_i;
    assign dfill_rsp_v = dfill_rsp_valid_i;
    assign dfill_rsp_d = dfill_rsp_data_i;
  end

  // request ready as the cores see it
  logic [C-1:0] imem_rdy, dmem_rdy, dfill_rdy;
  if (IN_REG != 0) begin : gen_rdy_reg
    // The driver presents on *_req_ready_i, one cycle early, whether each
    // port can take a request in the next cycle (its response queue has
    // room and memory takes requests: state of the harness at the end of
    // this cycle). With an L2 the ports also compete for its request slots
    // in the cycle of the requests; that arbitration, sim/l2.c
    // l2_arbitrate, is replicated here bit for bit: among the ports that
    // request and are available, up to slots are granted in port order
    // starting at the round-robin pointer (0 under fixed priority), and
    // the pointer moves past the last winner. So the ready the core sees
    // depends only on registers and the cores' own requests, which come
    // from state, and nothing in the core is driven by an input.
    localparam int unsigned NP = 3 * C;
    localparam int unsigned PB = (NP > 1) ? $clog2(NP) : 1;
    localparam int unsigned PQ = PB + 1;   // port index before the wrap
    logic [NP-1:0] avail_q, want, grant;
    logic [1:0]    arb_q;
    logic [6:0]    slots_q;
    logic [PB-1:0] rr_q, rr_d;
    logic [7:0]    n;      // grants so far (arbiter loop)
    logic [PQ-1:0] p;      // the port looked at
    always_ff @(posedge clk_i) begin
      arb_q   <= port_arb_i;
      slots_q <= port_slots_i;
      for (int unsigned c = 0; c < C; c++) begin
        avail_q[3*c]     <= imem_req_ready_i[c];
        avail_q[3*c + 1] <= dmem_req_ready_i[c];
        avail_q[3*c + 2] <= dfill_req_ready_i[c];
      end
    end
    always_comb begin
      for (int unsigned c = 0; c < C; c++) begin
        want[3*c]     = imem_req_valid_o[c];
        want[3*c + 1] = dmem_req_valid_o[c];
        want[3*c + 2] = dfill_req_valid_o[c];
      end
      want = want & avail_q;
    end
    always_comb begin
      grant = '0;
      rr_d  = rr_q;
      n     = '0;
      p     = '0;
      if (arb_q == 2'd0) begin
        grant = avail_q;   // no arbiter: ready = available
      end else if (want != '0) begin
        for (int unsigned i = 0; i < NP; i++) begin
          p = (arb_q == 2'd2) ? PQ'(i) : PQ'(rr_q) + PQ'(i);
          if (p >= PQ'(NP)) p = p - PQ'(NP);
          if (want[p[PB-1:0]] && n < {1'b0, slots_q}) begin
            grant[p[PB-1:0]] = 1'b1;
            n = n + 8'd1;
            if (arb_q == 2'd1) rr_d = (p == PQ'(NP - 1)) ? '0 : PB'(p + PQ'(1));
          end
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (!rst_ni) rr_q <= '0;
      else         rr_q <= rr_d;
    end
    for (genvar c = 0; c < C; c++) begin : gen_core_rdy
      assign imem_rdy[c]  = grant[3*c];
      assign dmem_rdy[c]  = grant[3*c + 1];
      assign dfill_rdy[c] = grant[3*c + 2];
    end
  end else begin : gen_rdy_comb
    assign imem_rdy  = imem_req_ready_i;
    assign dmem_rdy  = dmem_req_ready_i;
    assign dfill_rdy = dfill_req_ready_i;
    logic unused_arb;
    assign unused_arb = ^{port_arb_i, port_slots_i};
  end
  for (genvar c = 0; c < C; c++) begin : gen_rdy_out
    assign req_ready_o[3*c]     = imem_rdy[c];
    assign req_ready_o[3*c + 1] = dmem_rdy[c];
    assign req_ready_o[3*c + 2] = dfill_rdy[c];
  end

  for (genvar c = 0; c < C; c++) begin : gen_core
    weft_core #(
      .W(NUM_WARPS), .T(T), .L(NL), .CORE_ID(c), .NUM_CORES(C), .IBUF_DEPTH(IBUF_DEPTH),
      .IC_LAT(IC_LAT), .DEC_REG(DEC_REG), .IC_II(IC_II),
      .IPDOM_DEPTH(IPDOM_DEPTH), .BARRIERS(BARRIERS), .IC_LINES(IC_LINES), .IC_WAYS(IC_WAYS),
      .LINE_WORDS(LINE_WORDS), .LSU_SLOTS(LSU_SLOTS), .SQ_MAX(SQ_MAX), .SMEM_BYTES(SMEM_BYTES), .SMEM_BANKS(SMEM_BANKS), .MUL_LAT(MUL_LAT), .ALU_LAT(ALU_LAT), .ST_ENTRIES(ST_ENTRIES),
      .FPU(FPU), .IQ_DEPTH(IQ_DEPTH), .IC_MSHRS(IC_MSHRS), .IC_WAITS(IC_WAITS), .ORACLES(ORACLES),
      .DC_SETS(DC_SETS), .DC_WAYS(DC_WAYS), .DC_MSHRS(DC_MSHRS), .DC_PEND(DC_PEND), .DC_LINES(DC_LINES)
    ) u_core (
      .clk_i, .rst_ni,
      .fetch_policy_i (k_fetch), .issue_policy_i (k_issue), .issue_ready_i (k_ready),
      .frontend_i (k_frontend), .bpr_i (k_bpr), .stall_table_i (k_st), .swas_i (k_swas),
      .divergence_i (k_div), .branch_check_i (k_bchk), .oracles_i (k_orc), .sq_n_i (k_sq),
      .start_i (start), .start_pc_i (start_pc), .launch_i (launch),
      .busy_o            (busy[c]),
      .imem_req_valid_o  (imem_req_valid_o[c]),
      .imem_req_ready_i  (imem_rdy[c]),
      .imem_req_addr_o   (imem_req_addr_o[c*32 +: 32]),
      .imem_rsp_valid_i  (imem_rsp_v[c]),
      .imem_rsp_data_i   (imem_rsp_d[c*LB +: LB]),
      .dmem_req_valid_o  (dmem_req_valid_o[c]),
      .dmem_req_ready_i  (dmem_rdy[c]),
      .dmem_req_we_o     (dmem_req_we_o[c]),
      .dmem_req_amo_o    (dmem_req_amo_o[c*6 +: 6]),
      .dmem_req_mask_o   (dmem_req_mask_o[c*T +: T]),
      .dmem_req_addr_o   (dmem_req_addr_o[c*T*32 +: T*32]),
      .dmem_req_byteen_o (dmem_req_byteen_o[c*T*4 +: T*4]),
      .dmem_req_data_o   (dmem_req_data_o[c*T*32 +: T*32]),
      .dmem_req_tag_o    (dmem_req_tag_o[c*8 +: 8]),
      .dmem_req_wid_o    (dmem_req_wid_o[c*IW +: IW]),
      .dmem_req_pc_o     (dmem_req_pc_o[c*32 +: 32]),
      .dmem_rsp_valid_i  (dmem_rsp_v[c]),
      .dmem_rsp_tag_i    (dmem_rsp_t[c*8 +: 8]),
      .dmem_rsp_data_i   (dmem_rsp_d[c*T*32 +: T*32]),
      .dfill_req_valid_o (dfill_req_valid_o[c]),
      .dfill_req_ready_i (dfill_rdy[c]),
      .dfill_req_addr_o  (dfill_req_addr_o[c*32 +: 32]),
      .dfill_rsp_valid_i (dfill_rsp_v[c]),
      .dfill_rsp_data_i  (dfill_rsp_d[c*LB +: LB]),
      .commit_valid_o    (commit_valid_o[c]),
      .commit_wid_o      (commit_wid_o[c*IW +: IW]),
      .commit_pc_o       (commit_pc_o[c*32 +: 32]),
      .commit_tmask_o    (commit_tmask_o[c*T +: T]),
      .commit_wb_o       (commit_wb_o[c]),
      .commit_rd_o       (commit_rd_o[c*5 +: 5]),
      .commit_fd_o       (commit_fd_o[c]),
      .commit_fcsr_o     (commit_fcsr_o[c*8 +: 8]),
      .commit_flags_o    (commit_flags_o[c*5 +: 5]),
      .commit_data_o     (commit_data_o[c*T*32 +: T*32]),
      .err_valid_o       (err_valid_o[c]),
      .err_cause_o       (err_cause_o[c*3 +: 3]),
      .err_wid_o         (err_wid_o[c*IW +: IW]),
      .err_pc_o          (err_pc_o[c*32 +: 32]),
      .err_info_o        (err_info_o[c*32 +: 32]),
      .err_lane_o        (err_lane_o[c*8 +: 8]),
      .stack_guard_i     (k_sguard),
      .cycles_o          (cycles[c]),
      .icache_miss_o     (icache_miss_o[c]),
      .issue_missed_o    (issue_missed_o[c]),
      .st_lookup_o       (st_lookup_o[c]),
      .st_hit_o          (st_hit_o[c]),
      .flush_o           (flush_o[c]),
      .smem_access_o     (smem_access_o[c]),
      .smem_conflict_o   (smem_conflict_o[c]),
      .dcache_ev_o       (dc_ev[c]),
      .perf_clear_i (perf_clear), .perf_lock_i (perf_lock),
      .run_i             (start || busy_o),
      .perf_idx_i,
      .perf_data_o       (perf_data_o[c*64 +: 64]),
      .perf_rlock_o      (perf_rlock_o[c]),
      .wstate_o          (wstate_o[c*NUM_WARPS*3 +: NUM_WARPS*3])
    );
  end

  assign busy_o   = |busy;
  assign cycles_o = cycles[0];

endmodule
