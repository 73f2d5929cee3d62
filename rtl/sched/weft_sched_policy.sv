// weft_sched_policy: picks one requester out of a mask (leaf module, plain
// vector ports), shared by the warp (fetch) scheduler, the issue scheduler
// and the writeback arbiter.  docs/scheduling.md defines every policy with
// its source and a worked example.
//
// POLICY (runtime input policy_i, so one research build covers all):
//   0 fixed  : find-first, lowest requester wins (Vortex's fetch baseline)
//   1 lrr    : loose round-robin, first requester strictly after the last
//              grant, wrapping
//   2 gto    : greedy then oldest (seed 000 sec. 3.2.2, seed 004 alg. 1):
//              the last grant while it still requests, else the requester
//              with the largest age (eq. 3.2), tie to the lowest index
//   3 gtlrr  : greedy then loose round-robin (seed 002 sec. II-B): the last
//              grant while it requests, else as lrr
//   4 gtlo   : greedy then loose oldest (seed 002 sec. II-B, VI-A3): the
//              last grant while it requests, else the requester activated
//              earliest (start_i order; same-cycle starts: lower index older)
//   5 pta    : priority to active threads (seed 004 alg. 2): the requester
//              with the largest nact_i; tie: round-robin after the last grant
//   8 ptalow : pta with Algorithm 2's own tie-break: the scan keeps the
//              first requester with the largest count (strict >), so ties
//              go to the lowest index
//   6 icount : the requester with the smallest icnt_i (fetched, not yet
//              issued; seed 002 sec. II-B); tie: round-robin after the last
//              grant.  Meant for fetch only.
//   7 youngest: youngest first, the mirror of gtlo's "loose oldest" without
//              its greedy phase: every pick is the requester activated
//              latest (start_i order; same-cycle starts: higher index
//              younger).
// "Greedy" only holds once a grant has been made since reset (have_q), so
// the first pick after reset is never biased towards the reset value of
// last_q (N-1).
//
// INPUTS: req_i is the set the pick is made from.  ready_i only drives the
// GTO ages (the caller passes the ready mask; for fetch the fetchable mask).
// start_i[i] says warp i is (re)activated this cycle.  nact_i/icnt_i hold
// one CW-bit count per warp, warp 0 in the low bits.
//
// STATE and when it moves ("a schedule" = advance_i && |req_i):
//   last_q, have_q : set to the pick on a schedule.
//   age_q[i] (AW bits, saturating, eq. 3.2), every cycle, any policy:
//       start_i[i]                   -> 0 (a new warp in the slot)
//       no schedule, or !ready_i[i]  -> unchanged (first case of eq. 3.2,
//                                       also when i is picked while unready)
//       i is the pick                -> 0
//       otherwise                    -> +1, saturating at 2**AW-1
//   activation order (gtlo), every cycle, any policy: the warps of start_i
//       become younger than every other warp, ordered among themselves by
//       index.  Kept exactly as an order matrix (row i = the warps activated
//       before warp i; N*(N-1) live bits, the diagonal is constant 0), so it
//       never wraps like a stamp counter would.  Reset: index order.
// The state is kept for every policy, so switching policy_i at run time is
// legal and the new policy starts from up-to-date ages and order.
//
// CODING NOTES: no default-then-set-a-bit writes of a vector that another
// always_comb reads (gnt_o built that way made Icarus 11 loop forever at
// time 0); the per-policy work sits in a case on policy_i and the order
// matrix is read row by row, which keeps Icarus and Verilator fast at N=32.
//
// OUTPUTS are a pure combinational function of the inputs and the state (no
// path from start_i/ready_i/advance_i into this cycle's pick): valid_o =
// |req_i; idx_o = the pick (0 when no request); gnt_o one-hot at idx_o (zero
// when no request), always a subset of req_i.  A caller that picks without
// using the pick (an unready candidate) decides with advance_i whether that
// counts.
//
// NP > 1 (pick-only ports; the issue scheduler's SWaS oracles): req_i holds
// NP request masks (mask p in bits p*N +: N) and valid_o/idx_o/gnt_o NP
// picks (pick p at p, p*IW +: IW, p*N +: N), each made by the same policy
// from the one shared state.  Only pick 0 (or the upd_* port) moves the
// state: picks 1..NP-1 are what another scheduler with this exact state
// would pick from its own mask (before, the oracles were whole instances
// whose state mirrored this one every cycle; issue 17).
//
// POLICY >= 0 (a caller whose policy_i is a constant, e.g. the write-back
// arbiter): the policy is that constant, policy_i is not read, and only the
// state that policy reads is kept (GTO ages for gto, the activation order
// for gtlo and youngest, the last grant for the others that read it).  The
// default -1 keeps every state for run-time switching.
module weft_sched_policy #(
  parameter int N  = 4,   // requesters (warps)
  parameter int CW = 7,   // width of each nact_i / icnt_i count
  parameter int AW = 8,   // width of each GTO age (saturating)
  parameter int NP = 1,   // picks from the one state (pick 0 moves it)
  parameter int POLICY = -1  // >= 0: constant policy (policy_i unused)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] policy_i,
  input  logic [NP*N-1:0] req_i,
  input  logic [N-1:0]  ready_i,
  input  logic [N-1:0]  start_i,
  input  logic [N*CW-1:0] nact_i,
  input  logic [N*CW-1:0] icnt_i,
  input  logic          advance_i,
  // Follow another scheduler (oracles, docs/scheduling.md): with upd_ext_i
  // the state moves as if upd_idx_i had been picked (a schedule when
  // advance_i && upd_any_i), whatever this instance picks; tie to 0 otherwise.
  input  logic          upd_ext_i,
  input  logic          upd_any_i,
  input  logic [((N > 1) ? $clog2(N) : 1)-1:0] upd_idx_i,
  output logic [NP-1:0] valid_o,
  output logic [NP*((N > 1) ? $clog2(N) : 1)-1:0] idx_o,
  output logic [NP*N-1:0] gnt_o
);

  localparam int IW = (N > 1) ? $clog2(N) : 1;

  localparam logic [AW-1:0] AGE_MAX = '1;

  // The state a constant policy reads (all of it for a run-time policy).
  localparam bit VAR_POL  = POLICY < 0;
  localparam bit KEEP_AGE = VAR_POL || POLICY == 32'(weft_spec_pkg::SCHED_POLICY_GTO);
  localparam bit KEEP_ORD = VAR_POL || POLICY == 32'(weft_spec_pkg::SCHED_POLICY_GTLO) ||
                            POLICY == 32'(weft_spec_pkg::SCHED_POLICY_YOUNGEST);
  localparam bit KEEP_LAST = VAR_POL || !(POLICY == 32'(weft_spec_pkg::SCHED_POLICY_YOUNGEST) ||
                                          POLICY == 32'(weft_spec_pkg::SCHED_POLICY_PTALOW) ||
                                          POLICY == 32'(weft_spec_pkg::SCHED_POLICY_FIXED));

  logic [weft_spec_pkg::SCHED_POLICY_W-1:0] pol;
  assign pol = VAR_POL ? policy_i : weft_spec_pkg::SCHED_POLICY_W'(POLICY);

  logic [IW-1:0]   last_q, last_d;
  logic            have_q, have_d;
  logic [N*AW-1:0] age_q, age_d;
  // Activation order, row i (bits i*N +: N) = the warps activated before
  // warp i.  The diagonal is always 0.
  logic [N*N-1:0]  ord_q, ord_d;

  // ---------------------------------------------------------------- picks
  // Only the policy in use is evaluated (a case on the policy), which keeps
  // simulation fast at large N; the hardware is the same muxed logic.  One
  // block per pick port, all reading the one state.
  for (genvar p = 0; p < NP; p++) begin : gen_pick
    logic [N-1:0]    req;
    logic            any;
    logic            greedy;
    logic [IW-1:0]   pick, ff_idx, rr_idx, rr_first, rr_after, age_idx, old_idx;
    logic [N-1:0]    rr_mask;   // the set the round-robin scan runs over
    logic            rr_found;
    logic [N-1:0]    oldest, youngest;
    logic [CW-1:0]   nact_max, icnt_min;
    logic [AW-1:0]   age_best;
    logic            age_found;

    assign req = req_i[p*N +: N];

    always_comb begin
      any = |req;

      // Greedy: the last grant still requests.
      greedy = have_q && req[last_q];

      // Policy-specific candidates.
      rr_mask   = req;
      nact_max  = '0;
      icnt_min  = '1;
      age_idx   = '0;
      age_best  = '0;
      age_found = 1'b0;
      oldest    = '0;
      youngest  = '0;
      old_idx   = '0;
      ff_idx   = '0;
      rr_first = '0;
      rr_after = '0;
      rr_found = 1'b0;
      rr_idx   = '0;
      // Nothing requests (often, for the write-back arbiter, the insert
      // queues and the oracle ports): every candidate keeps its default and
      // the pick is 0 under every policy, so the policy's work, the scans
      // and the pick select are skipped (simulation speed, issue 17).
      pick     = '0;
      if (any) begin
        unique case (pol)
          weft_spec_pkg::SCHED_POLICY_GTO: begin
            // Largest age among the requesters, tie to the lowest index (not
            // needed, so not searched, while the greedy pick holds).
            if (!greedy) begin
              for (int i = 0; i < N; i++) begin
                if (req[i] && (!age_found || (age_q[i*AW +: AW] > age_best))) begin
                  age_idx   = IW'(i);
                  age_best  = age_q[i*AW +: AW];
                  age_found = 1'b1;
                end
              end
            end
          end
          weft_spec_pkg::SCHED_POLICY_GTLO: begin
            // The requester with no older requester (the order is total, so
            // exactly one bit is left set when any warp requests); not needed
            // while the greedy pick holds.
            if (!greedy) begin
              for (int i = 0; i < N; i++) begin
                oldest[i] = req[i] && ((req & ord_q[i*N +: N]) == '0);
              end
              for (int i = N - 1; i >= 0; i--) begin
                if (oldest[i]) old_idx = IW'(i);
              end
            end
          end
          weft_spec_pkg::SCHED_POLICY_YOUNGEST: begin
            // The requester that no requester was activated after: column i of
            // the order matrix (bit j*N + i: i was activated before j).
            for (int i = 0; i < N; i++) begin
              youngest[i] = req[i];
              for (int j = 0; j < N; j++) begin
                if (req[j] && ord_q[j*N + i]) youngest[i] = 1'b0;
              end
            end
            for (int i = N - 1; i >= 0; i--) begin
              if (youngest[i]) old_idx = IW'(i);
            end
          end
          weft_spec_pkg::SCHED_POLICY_PTA, weft_spec_pkg::SCHED_POLICY_PTALOW: begin
            // Most active threads; ties go to the round-robin scan (pta) or to
            // the lowest member of rr_mask, rr_first (ptalow).
            for (int i = 0; i < N; i++) begin
              if (req[i] && (nact_i[i*CW +: CW] > nact_max)) nact_max = nact_i[i*CW +: CW];
            end
            for (int i = 0; i < N; i++) begin
              rr_mask[i] = req[i] && (nact_i[i*CW +: CW] == nact_max);
            end
          end
          weft_spec_pkg::SCHED_POLICY_ICOUNT: begin
            // Fewest fetched-not-issued instructions; ties to round-robin.
            for (int i = 0; i < N; i++) begin
              if (req[i] && (icnt_i[i*CW +: CW] < icnt_min)) icnt_min = icnt_i[i*CW +: CW];
            end
            for (int i = 0; i < N; i++) begin
              rr_mask[i] = req[i] && (icnt_i[i*CW +: CW] == icnt_min);
            end
          end
          default: ;
        endcase

        // Round-robin over rr_mask (the policies that use it: the first
        // member strictly after last_q, else the lowest member (wrap), 0 if
        // empty), or find-first over the requesters (fixed and the reserved
        // values); the greedy and age policies use neither.  One downward
        // scan: the last hit is the lowest index.  (Only the scan the policy
        // uses runs: a constant policy leaves one scan or none; issue 17.)
        unique case (pol)
          weft_spec_pkg::SCHED_POLICY_LRR, weft_spec_pkg::SCHED_POLICY_PTA, weft_spec_pkg::SCHED_POLICY_ICOUNT,
          weft_spec_pkg::SCHED_POLICY_GTLRR, weft_spec_pkg::SCHED_POLICY_PTALOW: begin
            for (int i = N - 1; i >= 0; i--) begin
              if (rr_mask[i]) begin
                rr_first = IW'(i);
                if (32'(i) > 32'(last_q)) begin
                  rr_after = IW'(i);
                  rr_found = 1'b1;
                end
              end
            end
          end
          weft_spec_pkg::SCHED_POLICY_GTO, weft_spec_pkg::SCHED_POLICY_GTLO, weft_spec_pkg::SCHED_POLICY_YOUNGEST: ;
          default: begin
            for (int i = N - 1; i >= 0; i--) begin
              if (req[i]) ff_idx = IW'(i);
            end
          end
        endcase
        rr_idx = rr_found ? rr_after : rr_first;

        unique case (pol)
          weft_spec_pkg::SCHED_POLICY_LRR, weft_spec_pkg::SCHED_POLICY_PTA, weft_spec_pkg::SCHED_POLICY_ICOUNT: pick = rr_idx;
          weft_spec_pkg::SCHED_POLICY_GTO:                  pick = greedy ? last_q : age_idx;
          weft_spec_pkg::SCHED_POLICY_GTLRR:                pick = greedy ? last_q : rr_idx;
          weft_spec_pkg::SCHED_POLICY_GTLO:                 pick = greedy ? last_q : old_idx;
          weft_spec_pkg::SCHED_POLICY_YOUNGEST:             pick = old_idx;
          weft_spec_pkg::SCHED_POLICY_PTALOW:               pick = rr_first;
          default:                pick = ff_idx;   // fixed, reserved
        endcase
      end
    end

    // One assignment each, no default-then-set-a-bit: Icarus 11 loops forever
    // when another always_comb reads a vector that a block first clears and
    // then writes bit by bit (seen with gnt_o read by the age update below).
    assign valid_o[p]          = any;
    assign idx_o[p*IW +: IW]   = pick;
    assign gnt_o[p*N +: N]     = any ? (N'(1) << pick) : '0;
  end

  // ---------------------------------------------------------------- state
  logic          u_any;
  logic [IW-1:0] u_idx;
  logic [N-1:0]  u_gnt;
  assign u_any = upd_ext_i ? upd_any_i : valid_o[0];
  assign u_idx = upd_ext_i ? upd_idx_i : idx_o[IW-1:0];
  assign u_gnt = u_any ? (N'(1) << u_idx) : '0;

  always_comb begin
    last_d = last_q;
    have_d = have_q;
    if (advance_i && u_any) begin
      last_d = u_idx;
      have_d = 1'b1;
    end
  end

  // Ages, eq. 3.2 (plus: a (re)started warp is age 0). Kept whatever the
  // policy (policy_i may change at run time), but the loop runs only in a
  // cycle that can move an age (a start or a schedule): the simulator
  // skips it otherwise (issue 17; the logic is the same).
  logic a_sch, a_clr, a_inc;
  always_comb begin
    // (per warp as a clear mask and an increment of 0 or 1, no branch per
    // warp: which warps are ready changes from cycle to cycle; issue 17)
    age_d = age_q;
    a_sch = 1'b0;
    a_clr = 1'b0;
    a_inc = 1'b0;
    if (start_i != '0 || (advance_i && u_any)) begin
      for (int i = 0; i < N; i++) begin
        a_sch = advance_i && u_any && ready_i[i] && !start_i[i];
        a_clr = start_i[i] || (a_sch && u_gnt[i]);
        a_inc = a_sch && !u_gnt[i] && age_q[i*AW +: AW] != AGE_MAX;
        age_d[i*AW +: AW] = (age_q[i*AW +: AW] + AW'(a_inc)) & ~{AW{a_clr}};
      end
    end
  end

  // Activation order: started warps become the youngest; among them the
  // lower index is older. (Without a start the order stays; the loop runs
  // only when a warp starts.)
  always_comb begin
    ord_d = ord_q;
    if (start_i != '0) begin
      for (int i = 0; i < N; i++) begin
        if (start_i[i]) ord_d[i*N +: N] = ~start_i | (start_i & ((N'(1) << i) - N'(1)));
        else            ord_d[i*N +: N] = ord_q[i*N +: N] & ~start_i;
      end
    end
    for (int i = 0; i < N; i++) ord_d[i*N + i] = 1'b0;   // constant diagonal: synthesis drops its flops
  end

  if (KEEP_LAST) begin : gen_last
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        last_q <= IW'(N - 1);
        have_q <= 1'b0;
      end else begin
        last_q <= last_d;
        have_q <= have_d;
      end
    end
  end else begin : gen_no_last
    // a constant policy that never reads the last grant
    assign last_q = IW'(N - 1);
    assign have_q = 1'b0;
  end

  if (KEEP_AGE) begin : gen_age
    always_ff @(posedge clk_i) begin
      if (!rst_ni) age_q <= '0;
      else         age_q <= age_d;
    end
  end else begin : gen_no_age
    assign age_q = '0;
  end

  if (KEEP_ORD) begin : gen_ord
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        for (int i = 0; i < N; i++) ord_q[i*N +: N] <= (N'(1) << i) - N'(1);  // index order
      end else begin
        ord_q <= ord_d;
      end
    end
  end else begin : gen_no_ord
    for (genvar i = 0; i < N; i++) begin : gen_row
      assign ord_q[i*N +: N] = (N'(1) << i) - N'(1);
    end
  end

  // What a constant policy does not read.
  logic unused_state;
  assign unused_state = ^{last_d, have_d, age_d, ord_d, policy_i};

`ifdef WEFT_ASSERTS_ON
`include "weft_assert.svh"
  // ---------------------------------------------------------------- assertions
  `WEFT_ASSERT_INIT(params_ge_1, N >= 1 && CW >= 1 && AW >= 1 && NP >= 1)
  // The pick is a requester and a valid index. (Not checked: that gnt_o is
  // one-hot at idx_o and valid_o = |req_i, which their one-line assignments
  // above state; those checks could not fail and cost the simulator about
  // ten instructions per instance and cycle, issue 17.)
  for (genvar p = 0; p < NP; p++) begin : gen_chk
    `WEFT_ASSERT(gnt_within_req, (gnt_o[p*N +: N] & ~req_i[p*N +: N]) == '0)
    `WEFT_ASSERT_IF(idx_range, valid_o[p], 32'(idx_o[p*IW +: IW]) < N)
  end
  `WEFT_ASSERT_KNOWN(req_known, req_i)
  `WEFT_ASSERT_KNOWN(valid_known, valid_o)
`endif

endmodule
