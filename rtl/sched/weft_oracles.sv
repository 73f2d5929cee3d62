// weft_oracles: the candidate masks of the SWaS oracle schedulers (seed 002
// sec. VI-A4), evaluated beside the real issue scheduler (weft_issue_sched
// compares its pick against them: odisc/oerr).
//
// osched1 (omask1_o) may pick any active warp whose buffer holds a ready
// instruction or would if fetch kept up (an empty buffer counts as ready; a
// present head as in the issue mode; under SWaS a warp waiting for a control
// instruction is not a candidate). osched2 (omask2_o) also leaves out the
// warps in a predictable front-end gap: under SWaS the warps suspended by a
// miss or missing in this cycle (and all while the I-cache cannot take a
// fetch); otherwise a warp with an I-cache miss outstanding, or within GAP
// cycles of its answer or of a redirect (taken branch, resolved control
// instruction, barrier release).
//
// No handshake: every input is a level or single-cycle event of the current
// cycle; the only state is the per-warp gap countdown. Simulation aid: it
// changes no scheduling decision (the masks only feed counters). en_i low
// (weft-sim --oracles, auto = only under SWaS) leaves it idle.
module weft_oracles #(
  parameter int W = 4,
  parameter int TF = 1,                        // front-end depth tF: I-cache hit latency + registered decode
  parameter int IW = (W > 1) ? $clog2(W) : 1   // derived; do not override (Icarus 11 has no
                                               // localparam in the header, like weft_smem)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          en_i,           // evaluate (static during a launch): off = masks 0
  input  logic          swas_i,
  input  logic          issue_ready_i,  // issue mode: only ready heads are candidates
  // from the front end
  input  logic [W-1:0]  active_i,
  input  logic [W-1:0]  ib_valid_i,
  input  logic [W-1:0]  susp_i,
  input  logic          ic_ready_i,
  input  logic          ic_miss_valid_i,
  input  logic [IW-1:0] ic_miss_wid_i,
  input  logic          ic_rsp_valid_i,
  input  logic [IW-1:0] ic_rsp_wid_i,
  input  logic [W-1:0]  ic_pend_i,
  input  logic          kill_i,
  input  logic [IW-1:0] kill_wid_i,
  // from issue
  input  logic [W-1:0]  ctrl_wait_i,    // SWaS: waiting for an older control instruction
  input  logic [W-1:0]  ready_i,        // the head is ready (issue's ready mask)
  // from execute
  input  logic          br_valid_i,
  input  logic [IW-1:0] br_wid_i,
  input  logic          simt_valid_i,
  input  logic [IW-1:0] simt_wid_i,
  input  logic [W-1:0]  release_i,
  // to the issue scheduler
  output logic [W-1:0]  omask1_o,
  output logic [W-1:0]  omask2_o
);

  // oracle gap after a redirect or an answered miss: the refetch, its
  // I-cache answer with decode (tF cycles), and the cycle its buffer shows
  // it (3 with the default front end, tF = 1)
  localparam int GAP = TF + 2;
  localparam int GW = $clog2(GAP + 1);

  logic [W-1:0] o_headok, o_gap, gap_ev;
  // The per-warp gap countdowns, one packed vector (warp w: bits w*GW +:
  // GW) loaded as a whole only while enabled: an unpacked array written
  // element by element cost the simulator a pending-write flag per warp
  // and write site every cycle, enabled or not (issue 17).
  logic [W*GW-1:0] gap_q, gap_d;

  // Everything is computed only while enabled (simulation speed, issue 17):
  // disabled, the masks are 0 and the gap countdown holds.
  always_comb begin
    o_headok = '0;
    gap_ev   = '0;
    o_gap    = '0;
    gap_d    = '0;
    if (en_i) begin
      gap_d = gap_q;
      for (int w = 0; w < W; w++) begin
        o_headok[w] = !ctrl_wait_i[w] && (!ib_valid_i[w] || !issue_ready_i || ready_i[w]);
        gap_ev[w]   = (kill_i && kill_wid_i == IW'(w)) || (br_valid_i && br_wid_i == IW'(w)) ||
                      (simt_valid_i && simt_wid_i == IW'(w)) || release_i[w] ||
                      (ic_rsp_valid_i && ic_rsp_wid_i == IW'(w) && ic_pend_i[w]);
        o_gap[w]    = swas_i ? (susp_i[w] || !ic_ready_i || (ic_miss_valid_i && ic_miss_wid_i == IW'(w)))
                             : (ic_pend_i[w] || gap_ev[w] || gap_q[w*GW +: GW] != '0);
        if (gap_ev[w]) gap_d[w*GW +: GW] = GW'(GAP);
        else if (gap_q[w*GW +: GW] != '0) gap_d[w*GW +: GW] = gap_q[w*GW +: GW] - GW'(1);
      end
    end
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni || en_i) gap_q <= rst_ni ? gap_d : '0;
  end

  assign omask1_o = en_i ? (active_i & o_headok) : '0;
  assign omask2_o = en_i ? (active_i & o_headok & ~o_gap) : '0;

endmodule
