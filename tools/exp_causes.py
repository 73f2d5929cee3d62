#!/usr/bin/env python3
"""Controlled experiments behind the papers' disagreements (issue 21, "Measured causes").

Each experiment changes one factor against the setting of an exp-* target and prints a
markdown summary of what moved (docs/experiments/notes/NAME-causes.md quote these):

  aurud-8w       sweeps/causes-aurud-8w.yaml: seed 000's 8-warp rows; w8t8 -> + the vortex
                 configuration's L1 -> + 4 threads per warp (8 warps x 4 threads)
  crouzet-mem    sweeps/causes-crouzet-mem.yaml: seed 002's SWaS/baseline ratios, default
                 memory against --mem-preset vortex
  crouzet-warps  sweeps/causes-crouzet-warps.yaml: the same, w8t8 against w16t16 (same inputs)
  magalhaes-mem  sweeps/causes-magalhaes-mem.yaml: seed 004's 8W8T Tabela 2 rows, default
                 memory against --mem-preset vortex
  magalhaes-fe   sweeps/causes-magalhaes-fe.yaml: the same, FE=weft against FE=vortex
  aurud-8w-fe    sweeps/causes-aurud-8w-fe.yaml: aurud-8w's 8 x 4 build, FE=weft against FE=vortex
  aurud-size     sweeps/causes-aurud-size.yaml: seed 000's front-end share, default input sizes
                 against table 6.2's adjusted ones (or a size between)
  crouzet-w32    sweeps/causes-crouzet-w32.yaml: seed 002's four disagreeing kernels on w32t32 (the
                 paper's 32 x 32) at two input sizes, with what SWaS removes (the baseline's
                 empty-ibuffer share) against what it costs (NOP slots, flushes, the stack change)
  crouzet-all    the same over crouzet-mem, crouzet-warps and crouzet-w32 (the points that exist)
  magalhaes-noise  sweeps/causes-magalhaes-noise.yaml: seed 004's 8W8T rows with the input seed and
                 the memory latency +-1 cycle perturbed: Weft's own floor for each cycle change
  magalhaes-rows the disagreeing Tabela 2 rows of the committed documents by size of the difference;
                 the 8W8T GTO rows one by one (with magalhaes-noise and magalhaes-fe's results)
  aurud-fe       sweeps/causes-aurud-fe.yaml: seed 000's front-end share against the I-cache hit
                 latency (IC_LAT 3, 5, 7 on CONFIG=vortex)
  aurud-8w-iclat sweeps/causes-aurud-8w-iclat.yaml: the same factor at 8 warps x 4 threads (IC_LAT 3, 7)
                 beside aurud-fe's 4-warp points: gain-8w-gt-4w
  aurud-8w-ii    sweeps/causes-aurud-8w-ii.yaml: gain-8w-gt-4w against the front end's throughput: the
                 I-cache initiation interval IC_II 1, 2, 3 on the 4 x 4 (CONFIG=vortex) and 8 x 4 builds
  crouzet-ii     sweeps/causes-crouzet-ii.yaml: seed 002's SWaS/baseline ratios and budget against IC_II
                 1, 2, 3 (exp-crouzet SMALL's w8t8 setting)
  crouzet-dram   sweeps/causes-crouzet-dram.yaml: the same with the paper's memory (DDR4-2400 behind the L1, no
                 L2; the build's L1 and Vortex's 16 KiB direct-mapped one) on w8t8 and on w32t32 at 1024 threads
  crouzet-banks  sweeps/causes-crouzet-banks.yaml: the same against the D-cache walk width (DC_LINES 1 and 4:
                 Vortex's banked L1) on w8t8 with crouzet-dram's three memory arms, and on w32t32 (1024
                 threads) with the paper arm
  crouzet-banks-floor  sweeps/causes-crouzet-banks-floor.yaml: crouzet-banks' DRAM moves (kmeans, hotspot, sgemm)
                 with the memory latency 7 and 9 (Weft's floor)
  aurud-mix      the 12 kernels' instruction mix (C model commit traces) against aurud-fe's shares
  magalhaes-dcl  sweeps/causes-magalhaes-dcl.yaml: seed 004's 8W8T PTA rows (and the open GTO rows psort,
                 sgemm) against the D-cache walk width DC_LINES 1, 2, 4, at FE=weft and FE=vortex
  aurud-8w-dcl   sweeps/causes-aurud-8w-dcl.yaml: aurud-8w's 8 x 4 build against DC_LINES 1, 2, 4
  aurud-4w-dcl   sweeps/causes-aurud-4w-dcl.yaml: exp-aurud's 4-warp setup (CONFIG=vortex) at DC_LINES 1, 4
  aurud-8w-dcl-fe  sweeps/causes-aurud-8w-dcl-fe.yaml: the 8 x 4 build with FE=vortex at DC_LINES 4
  magalhaes-sgemm  sweeps/causes-magalhaes-sgemm.yaml: seed 004's two open 8W8T GTO sgemm rows against issue
                 readiness, fetch back-pressure, the memory behind the L1, the L1's size and associativity,
                 and SimX's setting at once (with GTO's D-cache misses against RR's: inter-warp locality)
  aurud-rows     sweeps/causes-aurud-rows.yaml: seed 000's psort-missed, bfs-sync-unchanged and combos-close rows:
                 the baseline's knobs one at a time toward FRRR, the four fetch+issue combinations, FE=weft,
                 DC_LINES 1 and (v_psort) no L1; --run also records issue-stage timelines and the kernels'
                 control mix (C model) in the results directory, which the summary reads
  magalhaes-cstruct  sweeps/causes-magalhaes-cstruct.yaml: seed 004's 8W8T PTA saxpy/vecadd rows at FE=vortex
                 DC_LINES 4 on the traced build; magalhaes-cstruct-units splits their compute-structural class by the
                 unit of the stalled head from FST traces of the same runs (fst2vcd, Debian gtkwave)
  magalhaes-psort  sweeps/causes-magalhaes-psort.yaml: the 8W8T GTO psort rows, v_psort against v_psort_bf (the
                 hot loop's compare branch-free, as Vortex's psorti.dump), FE=weft and FE=vortex DC_LINES 4
  aurud-cores    sweeps/causes-aurud-cores.yaml: seed 000's disagreeing rows with 4 cores sharing the vortex preset's
                 L2 and DDR4 channel (CONFIG=vortexq / vortex8q), with the thesis's DRAM bandwidth per core, and with
                 8 cores on the L2 (one cluster of table 6.1, CONFIG=vortexc / vortex8c)
  bush-size      sweeps/causes-bush-size.yaml: seed 003's Fig. 9 row cache-assoc-vs-capacity (exp-bush SMALL's D-cache
                 geometries, kernels and barrel setting) at the default inputs and at larger ones (data >= 16 KiB,
                 twice the largest cache), with the L2 hit latency +-1 cycle as Weft's floor

  tools/exp_causes.py NAME [--run [--axis KEY=V1,V2]] [--out FILE]
  tools/exp_causes.py embed aurud crouzet magalhaes bush   # notes/NAME-causes.md into NAME.md

--run runs the sweep first (python3 -m weft sweep ... -j 1);
without it the summary is computed from the results already there. Nothing here is fitted:
every configuration is the exp-* target's, with the one factor named above changed.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from weft import spec, store  # noqa: E402
import exp_report as er  # noqa: E402

AUR_KERNELS = ["v_vecadd", "v_sgemm", "v_sfilter", "v_psort", "v_saxpy", "rd_nn", "rd_bfs", "rd_gaussian",
               "rd_hotspot", "rd_hotspot3d", "rd_kmeans", "rd_nw"]


class Sweep(er.Data):
    """exp_report's Data on a causes-*.yaml sweep."""

    def __init__(self, name):  # noqa: super().__init__ reads sweeps/exp-NAME.yaml; this reads causes-NAME
        sw = spec.load(os.path.join(ROOT, "sweeps", "causes-%s.yaml" % name), ROOT)
        if not os.path.isabs(sw.results):
            sw.results = os.path.join(ROOT, sw.results)
        self.sw, self.name = sw, name
        db_path = os.path.join(sw.results, "results.sqlite")
        recs = {}
        if os.path.exists(db_path):
            db = store.connect(db_path)
            recs = {r["point_id"]: r for r in store.rows(db)}
            db.close()
        self.rows = [(spec.flat(p), recs.get(spec.point_id(p))) for p in sw.points()]
        self.n = len(self.rows)
        self.done = sum(1 for _, r in self.rows if r is not None)
        self.passed = sum(1 for _, r in self.rows if r is not None and r.get("status") == "PASS")
        self.commits = sorted({r.get("git_commit") for _, r in self.rows if r is not None and r.get("git_commit")})
        self.dirty = any(r.get("git_dirty") for _, r in self.rows if r is not None)


def run_sweep(name, axis=()):
    extra = [x for a in axis for x in ("--axis", a)]
    return er.run_sweep(os.path.join(ROOT, "sweeps", "causes-%s.yaml" % name), extra=extra)


def head(d):
    return ["Sweep `sweeps/causes-%s.yaml`: %d points, %d done, %d PASS; simulator commit(s) %s%s." % (
        d.name, d.n, d.done, d.passed, ", ".join(c[:7] for c in d.commits) or "-",
        " (dirty tree)" if d.dirty else ""), ""]


def hit_rate(r):
    """D-cache load hit rate (%) of a record, from its perf JSON's dcache section."""
    dc = json.loads(r["perf_json"]).get("dcache") or {}
    return 100.0 * (1 - dc["load_misses"] / dc["load_lines"]) if dc.get("load_lines") else None


def f1(x, nd=1, sign=True):
    return "-" if x is None else (("%+." if sign else "%.") + str(nd) + "f") % x


# ---------------------------------------------------------------- seed 000, 8 warps
AUR_CFG = {"Vortex": dict(fetch_policy="fixed", frontend="stall"), "FGTO": dict(fetch_policy="gto"),
           "FRRR": dict(fetch_policy="lrr")}


def aurud_8w():
    d = Sweep("aurud-8w")
    builds = [("A: w8t8 (exp-aurud SMALL's 8 warps)", dict(config="w8t8", DEFS=None, THREADS=None)),
              ("B: A + the vortex config's 16 KiB direct-mapped L1", dict(DEFS="WEFT_DC_SETS=512 WEFT_DC_WAYS=1")),
              ("C: B + 4 threads per warp (8 x 4)", dict(THREADS="4"))]
    out = head(d)
    out += ["| setting | FGTO vs Vortex, mean CPI | FRRR vs Vortex, mean CPI | memory structural share Vortex / FGTO / FRRR "
            "| front end share Vortex (empty ibuffer) | D-cache load hit rate Vortex "
            "| FRRR: largest CPI-stack moves (% of Vortex's cycles) |",
            "|---|---:|---:|---|---|---:|---|"]
    per = {}
    for label, kw in builds:
        def g(k, c, kw=kw):
            return d.get(kernel=k, **AUR_CFG[c], **kw)
        ch = {}
        for c in ("FGTO", "FRRR"):
            ch[c] = er.mean([er.pct(er.cpi(g(k, c)), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS if g(k, c) and g(k, "Vortex")])
        ms = [er.mean([er._share(g(k, c), ["memory_structural"]) for k in AUR_KERNELS if g(k, c)]) for c in ("Vortex", "FGTO", "FRRR")]
        hit = er.mean([hit_rate(g(k, "Vortex")) for k in AUR_KERNELS if g(k, "Vortex")])
        cz = er._cause([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS], "x")
        fe = [er.mean([er._share(g(k, "Vortex"), x) for k in AUR_KERNELS if g(k, "Vortex")])
              for x in (["sync_control", "empty_ibuffer"], ["empty_ibuffer"])]
        out.append("| %s | %s%% | %s%% | %s | %s%% (%s%%) | %s%% | %s |" % (label, f1(ch["FGTO"]), f1(ch["FRRR"]),
                                                            " / ".join(f1(x, sign=False) + "%" for x in ms),
                                                            f1(fe[0], 1, False), f1(fe[1], 1, False), f1(hit, sign=False), cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
        per[label] = {k: er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) if g(k, "FRRR") and g(k, "Vortex") else None
                      for k in AUR_KERNELS}
    out += ["", "D-cache occupancy, summed over the 12 kernels (perf JSON `dcache`; % of the summed cycles):", "",
            "| setting | lines walked (loads + stores) per 100 cycles, Vortex / FRRR | coalescer cycles waiting for an "
            "MSHR, FRRR | memory structural, FRRR | lines per warp request |", "|---|---|---:|---:|---:|"]
    for label, kw in builds:
        occ = {}
        for c in ("Vortex", "FRRR"):
            rs = [d.get(kernel=k, **AUR_CFG[c], **kw) for k in AUR_KERNELS]
            rs = [r for r in rs if r]
            cyc = sum(r["cycles"] for r in rs) or 1
            dcs = [json.loads(r["perf_json"]).get("dcache") or {} for r in rs]
            lines = sum(x.get("load_lines", 0) + x.get("store_lines", 0) for x in dcs)
            reqs = sum(x.get("warp_requests", 0) for x in dcs) or 1
            occ[c] = (100.0 * lines / cyc, 100.0 * sum(x.get("stall_cycles", 0) for x in dcs) / cyc,
                      100.0 * sum(r.get("cpi_memory_structural") or 0 for r in rs) / cyc, lines / reqs)
        out.append("| %s | %.1f / %.1f | %.1f%% | %.1f%% | %.2f |" % (label.split(":")[0], occ["Vortex"][0], occ["FRRR"][0],
                                                                   occ["FRRR"][1], occ["FRRR"][2], occ["FRRR"][3]))
    out += ["", "FRRR's CPI change against Vortex per kernel (%):", "",
            "| kernel | " + " | ".join(lab.split(":")[0] for lab, _ in builds) + " |", "|---" + "|---:" * len(builds) + "|"]
    for k in AUR_KERNELS:
        out.append("| %s | %s |" % (k, " | ".join(f1(per[lab][k]) for lab, _ in builds)))
    return out


# ---------------------------------------------------------------- seed 002, memory
def crouzet(name, key, vals):
    """SWaS/baseline IPC per kernel with the factor `key` at each of `vals`."""
    d = Sweep(name)
    out = head(d)
    out += ["| kernel | paper (Table II) | " + " | ".join("SWaS/baseline IPC, %s" % v for v in vals)
            + " | baseline mean load latency (cycles) | baseline empty ibuffer share | SWaS NOPs per warp instr. "
            "| baseline osched2 errors |", "|---|---:|" + "---:|" * len(vals) + "---|---|---|---|"]
    pub = {r["kernel"]: r["value"] for r in er.load_published("crouzet")["rows"] if r["id"].startswith("t2-ipc-")}
    pk = {"blackscholes": "blackscholes", "rd_hotspot": "hotspot", "rd_hotspot3d": "hotspot3D", "rd_kmeans": "kmeans",
          "v_psort": "psort", "v_sgemm": "sgemm"}
    agree = dict((v, 0) for v in vals)
    for k in d.values("kernel"):
        cells = {}
        for m in vals:
            a = d.get(kernel=k, swas="off", **{key: m})
            b = d.get(kernel=k, swas="on", **{key: m})
            if not (a and b):
                cells[m] = (None, None, None, None, None)
                continue
            ratio = b["ipc"] / a["ipc"]
            lat = a.get("ctr_load_latency_sum", 0) / a["ctr_load_requests"] if a.get("ctr_load_requests") else None
            nops = (b.get("ctr_swas_nops") or 0) / b["warp_instrs"]
            cells[m] = (ratio, lat, er._share(a, ["empty_ibuffer"]), nops, a.get("osched2_errors"))
            agree[m] += er.verdict({"compare": "ratio", "value": pub[pk[k]]}, ratio) == "agree"

        def row(i, nd, pc=""):
            return " / ".join(f1(cells[m][i], nd, False) + pc for m in vals)
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            k, pub[pk[k]], " | ".join(f1(cells[m][0], 2, False) for m in vals), row(1, 1), row(2, 1, "%"), row(3, 2),
            " / ".join("-" if cells[m][4] is None else "{:,}".format(cells[m][4]) for m in vals)))
    out += ["", "Columns with two values: %s. Table II IPC rows whose direction agrees: %s." % (
        " / ".join(vals), ", ".join("%d of 6 (%s)" % (agree[v], v) for v in vals))]
    return out


def crouzet_mem():
    return crouzet("crouzet-mem", "mem_preset", ["fixed", "vortex"])


def crouzet_warps():
    return crouzet("crouzet-warps", "config", ["w8t8", "w16t16"])



# ---------------------------------------------------------------- seed 002, the SWaS budget
CRZ_PK = {"blackscholes": "blackscholes", "rd_hotspot": "hotspot", "rd_hotspot3d": "hotspot3D", "rd_kmeans": "kmeans",
          "v_psort": "psort", "v_sgemm": "sgemm"}
CRZ_CFG = ("fetch_policy", "issue_policy", "bpr", "swas")


def crouzet_pairs(d):
    """(setting, baseline record, SWaS record) of a causes-crouzet-* sweep: a setting is a point's parameters
    without the scheduler's (fetch, issue, bpr, swas); points not done or not PASS are left out."""
    groups = {}
    for f, r in d.rows:
        key = tuple(sorted((k, str(v)) for k, v in f.items() if k not in CRZ_CFG and v is not None))
        groups.setdefault(key, {})[f.get("swas")] = r if r is not None and r.get("status") == "PASS" else None
    return [(dict(k), g.get("off"), g.get("on")) for k, g in groups.items()]


def per1k(n, r):
    return 1000.0 * (n or 0) / r["warp_instrs"] if r and r.get("warp_instrs") else None


def crouzet_budget(names):
    """What SWaS removes against what it costs, per kernel and setting, over the causes-crouzet-* sweeps
    NAMES: the baseline's empty-ibuffer share (the gap the paper's gain comes from, sec. VI-B2), the SWaS
    run's NOP slots and flushes, and the CPI-stack classes whose cycles moved (% of the baseline's)."""
    pub = {r["kernel"]: r["value"] for r in er.load_published("crouzet")["rows"] if r["id"].startswith("t2-ipc-")}
    out = []
    for name in names:
        d = Sweep(name)
        out += head(d)
    out += ["| kernel | setting | paper | SWaS/baseline IPC | baseline cycles | SWaS cycles | baseline empty ibuffer "
            "(% of its cycles) | SWaS NOPs (% of its cycles) | flushes per 1k warp instr., baseline / SWaS "
            "| stack change SWaS - baseline: empty ibuffer / missed schedule / sync & control / rest (% of the baseline's cycles) "
            "| baseline mean load latency | SWaS - baseline cycles | NOP cost: NOPs x baseline warp IPC | rest (the "
            "smoothing effect; < 0 a gain) |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---:|"]
    rows = []
    for name in names:
        for st, a, b in crouzet_pairs(Sweep(name)):
            if not (a and b):
                continue
            base = a["cycles"]
            dl = {k: ((b.get("cpi_" + k) or 0) - (a.get("cpi_" + k) or 0)) / base * 100 for k in er.CPI_KEYS}
            rest = sum(v for k, v in dl.items() if k not in ("empty_ibuffer", "missed_schedule", "sync_control"))
            lat = a.get("ctr_load_latency_sum", 0) / a["ctr_load_requests"] if a.get("ctr_load_requests") else None
            # a NOP takes an issue slot; it costs a cycle when an instruction would have issued in that slot, which
            # the baseline does in a fraction warp_instrs / cycles of its cycles
            nopc = 100.0 * (b.get("ctr_swas_nops") or 0) * (a["warp_instrs"] / base) / base
            setting = " ".join("%s=%s" % (k, v) for k, v in sorted(st.items()) if k not in ("kernel", "engine", "cosim",
                                                                                           "frontend", "issue_ready"))
            order = (st.get("config", ""), int(st["size"]) if str(st.get("size", "")).isdigit() else 0, setting)
            rows.append((st["kernel"], order, "| %s | %s | %s | %.2f | %s | %s | %.1f%% | %.1f%% | %s / %s | %+.1f / %+.1f / %+.1f / %+.1f | %s | %+.1f%% | %+.1f%% | %+.1f%% |" % (
                st["kernel"], setting, pub.get(CRZ_PK.get(st["kernel"]), "-"), b["ipc"] / a["ipc"], "{:,}".format(a["cycles"]),
                "{:,}".format(b["cycles"]), er._share(a, ["empty_ibuffer"]),
                100.0 * (b.get("ctr_swas_nops") or 0) / b["cycles"], f1(per1k(a.get("flushes"), a), 0, False),
                f1(per1k(b.get("flushes"), b), 0, False), dl["empty_ibuffer"], dl["missed_schedule"], dl["sync_control"], rest,
                f1(lat, 1, False), 100.0 * (b["cycles"] - base) / base, nopc, 100.0 * (b["cycles"] - base) / base - nopc)))
    out += [r for _, _, r in sorted(rows, key=lambda x: (x[0], x[1]))]
    out += ["", "SWaS NOPs: `swas_nops`, NOPs that left a buffer (a cycle in which only a NOP leaves is not a base cycle; "
            "docs/counters.md). Flushes: `flushes` (taken branches that discarded, under SWaS turned into NOPs, fetched "
            "instructions). The stack change sums to (SWaS cycles - baseline cycles) / baseline cycles. NOP cost: the "
            "cycles SWaS's NOPs would add if each took an issue slot that an instruction uses with the baseline's issue "
            "rate (warp instructions per cycle); rest: what the NOPs do not account for, the paper's smoothing gain "
            "where it is negative (sec. VI-B2)."]
    return out


def crouzet_w32():
    return crouzet_budget(["crouzet-w32"])


def crouzet_all():
    """crouzet_budget over every causes-crouzet-* sweep (the points that exist)."""
    return crouzet_budget(["crouzet-mem", "crouzet-warps", "crouzet-w32"])

# ---------------------------------------------------------------- seed 004, memory
def magalhaes_mem():
    return magalhaes("magalhaes-mem", "mem_preset", ["fixed", "vortex"])


def magalhaes_fe():
    return magalhaes("magalhaes-fe", "FE", ["weft", "vortex"])


def magalhaes(name, key, vals, cfg="8W8T"):
    """seed 004's Tabela 2 rows of configuration cfg with the factor `key` at each of `vals`."""
    d = Sweep(name)
    pub = [r for r in er.load_published("magalhaes")["rows"] if r["id"].startswith("t2-") and r["config"] == cfg]
    out = head(d)
    out += ["| policy | %s | rows agreeing in direction | points faster than RR | mean cycle change vs RR "
            "| largest CPI-stack moves (%% of RR's cycles) |" % key, "|---|---|---:|---:|---:|---|"]
    per = {}
    for pol, fp in (("GTO", "gto"), ("PTA", "ptalow")):
        for m in vals:
            ag, n, faster, chs, pairs = mag_pairs(
                d, [r for r in pub if r["policy"] == pol], fp,
                lambda r, w, pol=pol, m=m: per_add(per, (pol, r["kernel"]), m, r, w), **{key: m})
            cz = er._cause(pairs, "x")
            out.append("| %s | %s | %d of %d | %d of %d | %s%% | %s |" % (pol, m, ag, n, faster, n, f1(er.mean(chs), 2),
                                                                      cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
    out += ["", "Mean cycle change against RR per kernel (over the inputs measured), %s = %s, and the paper's %s "
            "mean over the same inputs (%%):" % (key, " / ".join(vals), cfg), "",
            "| kernel | " + " | ".join("GTO %s" % v for v in vals) + " | GTO paper | " + " | ".join("PTA %s" % v for v in vals)
            + " | PTA paper |", "|---|" + "---:|" * (2 * len(vals) + 2)]
    for k in sorted({k for _, k in per}):
        cells = []
        for pol in ("GTO", "PTA"):
            v = per.get((pol, k), {})
            cells += [f1(er.mean(v.get(m, [])), 2) for m in vals] + [f1(er.mean(list(v.get("paper", {}).values())), 2)]
        out.append("| %s | %s |" % (k, " | ".join(cells)))
    return out


def aurud_8w_fe():
    d = Sweep("aurud-8w-fe")
    out = head(d)
    out += ["| FE (8 warps x 4 threads, 16 KiB L1) | FGTO vs Vortex, mean CPI | FRRR vs Vortex, mean CPI "
            "| front end share Vortex (empty ibuffer) | memory structural share Vortex / FRRR "
            "| FRRR: largest CPI-stack moves (% of Vortex's cycles) |", "|---|---:|---:|---|---|---|"]
    for fe in ("weft", "vortex"):
        def g(k, c, fe=fe):
            return d.get(kernel=k, FE=fe, **AUR_CFG[c])
        ch = [er.mean([er.pct(er.cpi(g(k, c)), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS if g(k, c) and g(k, "Vortex")])
              for c in ("FGTO", "FRRR")]
        sh = [er.mean([er._share(g(k, "Vortex"), x) for k in AUR_KERNELS if g(k, "Vortex")])
              for x in (["sync_control", "empty_ibuffer"], ["empty_ibuffer"])]
        ms = [er.mean([er._share(g(k, c), ["memory_structural"]) for k in AUR_KERNELS if g(k, c)]) for c in ("Vortex", "FRRR")]
        cz = er._cause([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS], "x")
        out.append("| %s | %s%% | %s%% | %s%% (%s%%) | %s%% / %s%% | %s |" % (
            fe, f1(ch[0]), f1(ch[1]), f1(sh[0], 1, False), f1(sh[1], 1, False), f1(ms[0], 1, False), f1(ms[1], 1, False),
            cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
    return out



# ---------------------------------------------------------------- seed 004, the disagreeing rows
MAG_PERTURB = [("default", dict(seed=1, mem_latency=None)), ("seed 2", dict(seed=2, mem_latency=None)),
               ("latency 7", dict(seed=1, mem_latency=7)), ("latency 9", dict(seed=1, mem_latency=9))]


def doc_rows(path):
    """The Tabela 2 rows of a committed exp-magalhaes document: {row id: (published, Weft, verdict)}."""
    rows = {}
    with open(path) as f:
        for line in f:
            if line.startswith("## Figures") or line.startswith("## Measured causes"):
                break  # only the "Published vs Weft" table (the causes sections quote rows too)
            if line.startswith("| t2-"):
                c = [x.strip() for x in line.strip().strip("|").split("|")]
                rows[c[0]] = (float(c[4]), float(c[5]), c[7])
    return rows


def mag_change(d, r, pol, **kw):
    a = d.get(kernel="v_" + r["kernel"], size=r["size"], fetch_policy="lrr", **kw)
    b = d.get(kernel="v_" + r["kernel"], size=r["size"], fetch_policy=pol, **kw)
    return (er.pct(b["cycles"], a["cycles"]), a, b) if a and b else (None, a, b)


def mag_pairs(d, rows, pol, record, **kw):
    """mag_change over published rows: (rows agreeing, rows measured, rows faster than RR, the changes, the
    (RR, policy) record pairs); record(r, w) is called for each measured row."""
    ag = n = faster = 0
    chs, pairs = [], []
    for r in rows:
        w, a, b = mag_change(d, r, pol, **kw)
        if w is None:
            continue
        n += 1
        ag += er.verdict(r, w) == "agree"
        faster += w < 0
        chs.append(w)
        pairs.append((a, b))
        record(r, w)
    return ag, n, faster, chs, pairs


def per_add(per, key, col, r, w):
    """per[key][col] gathers the changes, per[key]["paper"] the published value of each size."""
    per.setdefault(key, {}).setdefault(col, []).append(w)
    per[key].setdefault("paper", {})[r["size"]] = r["value"]


def magalhaes_noise():
    """seed 004's 8W8T rows under perturbations the comparison should not depend on (input seed, memory
    latency +-1 cycle): Weft's own floor for each row's cycle change."""
    d = Sweep("magalhaes-noise")
    pub = [r for r in er.load_published("magalhaes")["rows"] if r["id"].startswith("t2-") and r["config"] == "8W8T"]
    out = head(d)
    out += ["| row | paper | " + " | ".join(lab for lab, _ in MAG_PERTURB) + " | spread (max - min) | verdicts |",
            "|---|---:|" + "---:|" * len(MAG_PERTURB) + "---:|---|"]
    spreads, flips, n = [], 0, 0
    for r in pub:
        ws = [mag_change(d, r, er.MAG_POL[r["policy"]], **kw)[0] for _, kw in MAG_PERTURB]
        if not any(f.get("size") == r["size"] and f.get("kernel") == "v_" + r["kernel"] for f, _ in d.rows):
            continue  # an input this sweep does not run (512; sgemm 256)
        if any(w is None for w in ws):
            out.append("| %s | %s | %s | | |" % (r["id"], r["value"], " | ".join(f1(w, 2) for w in ws)))
            continue
        n += 1
        vs = [er.verdict(r, w) for w in ws]
        spreads.append(max(ws) - min(ws))
        flips += len(set(vs)) > 1
        out.append("| %s | %+.1f | %s | %.2f | %s |" % (r["id"], r["value"], " | ".join("%+.2f" % w for w in ws),
                                                      spreads[-1], "flips" if len(set(vs)) > 1 else vs[0]))
    sp = sorted(spreads)
    out += ["", "%d rows; spread of Weft's change over the four settings: median %.2f, max %.2f percentage points; "
            "rows whose verdict changes under a perturbation: %d." % (n, sp[len(sp) // 2] if sp else 0,
                                                                     sp[-1] if sp else 0, flips)]
    return out


def within_floor(r, ws, w):
    """A row is within Weft's floor when its verdict flips under a perturbation (ws: the change at each of
    MAG_PERTURB's settings) or its difference from the paper is no larger than the spread of ws."""
    if not ws or any(x is None for x in ws):
        return False
    return len({er.verdict(r, x) for x in ws}) > 1 or abs(w - r["value"]) <= max(ws) - min(ws)


def magalhaes_rows():
    """The disagreeing Tabela 2 rows of docs/experiments/magalhaes.md (FE=weft) and fe-vortex/magalhaes.md
    (FE=vortex), by size of the difference; with causes-magalhaes-noise (Weft's floor, 8W8T) and
    causes-magalhaes-fe (CPI-stack moves per row, 8W8T) where their results exist."""
    docs = os.path.join(ROOT, "docs", "experiments")
    weft, vort = doc_rows(os.path.join(docs, "magalhaes.md")), doc_rows(os.path.join(docs, "fe-vortex", "magalhaes.md"))
    pubr = {r["id"]: r for r in er.load_published("magalhaes")["rows"] if r["id"].startswith("t2-")}
    noise, fe = Sweep("magalhaes-noise"), Sweep("magalhaes-fe")
    out = ["Rows: the %d Tabela 2 rows of docs/experiments/magalhaes.md's table (SMALL, FE=weft) and the same rows of "
           "fe-vortex/magalhaes.md (FE=vortex); the Weft values are those documents' (their runs' provenance)." % len(weft), ""]
    dis = {k: v for k, v in weft.items() if v[2] == "disagree"}
    bins = [(0, 1), (1, 2), (2, 5), (5, 10), (10, 1e9)]
    out += ["| disagreeing rows | n | abs(Weft - paper) < 1 pp | 1-2 | 2-5 | 5-10 | >= 10 | abs(paper) <= 1% | abs(Weft) <= 1% "
            "| agree with FE=vortex | within Weft's floor (8W8T, causes-magalhaes-noise) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for grp in ("gto-8w8t", "pta-8w8t", "gto-16w16t", "pta-16w16t", ""):
        ks = [k for k in dis if grp in k]
        if not ks:
            continue
        diff = [abs(dis[k][1] - dis[k][0]) for k in ks]
        nf = sum(within_floor(pubr[k], [mag_change(noise, pubr[k], er.MAG_POL[pubr[k]["policy"]], **kw)[0]
                                        for _, kw in MAG_PERTURB], dis[k][1]) for k in ks if "8w8t" in k)
        n8 = sum(1 for k in ks if "8w8t" in k)
        out.append("| %s | %d | %s | %d | %d | %d | %s |" % (
            grp.upper().replace("-", " ") or "all", len(ks),
            " | ".join(str(sum(lo <= x < hi for x in diff)) for lo, hi in bins),
            sum(abs(dis[k][0]) <= 1 for k in ks), sum(abs(dis[k][1]) <= 1 for k in ks),
            sum(vort.get(k, (0, 0, ""))[2] == "agree" for k in ks), "%d of %d" % (nf, n8) if n8 else "-"))
    # the 8W8T GTO rows one by one
    out += ["", "8W8T GTO rows (cycle change against RR, %; sync & control and memory structural: GTO - RR, % of RR's "
            "cycles, from causes-magalhaes-fe, for FE=weft else from causes-magalhaes-noise's default setting, the same "
            "points; within Weft's floor: the verdict flips under a perturbation, or abs(Weft - paper) is no larger than the "
            "floor; floor: spread of the FE=weft change over causes-magalhaes-noise's four "
            "settings):", "",
            "| row | paper | FE=weft | verdict | floor | sync & control / memory structural, FE=weft | FE=vortex | verdict "
            "| sync & control / memory structural, FE=vortex | measured explanation |",
            "|---|---:|---:|---|---:|---|---:|---|---|---|"]
    tally = {}
    for k in sorted(pubr, key=lambda k: (pubr[k]["kernel"], pubr[k]["size"])):
        if "gto-8w8t" not in k or k not in weft:
            continue
        r = pubr[k]
        cells = []
        for m in ("weft", "vortex"):
            w, a, b = mag_change(fe, r, "gto", FE=m)
            if not (a and b) and m == "weft":  # FE=weft is also causes-magalhaes-noise's default setting
                w, a, b = mag_change(noise, r, "gto", **MAG_PERTURB[0][1])
            if a and b:
                cells.append("%+.1f / %+.1f" % tuple(((b.get("cpi_" + c) or 0) - (a.get("cpi_" + c) or 0)) / a["cycles"] * 100
                                                    for c in ("sync_control", "memory_structural")))
            else:
                cells.append("-")
        ws = [mag_change(noise, r, "gto", **kw)[0] for _, kw in MAG_PERTURB]
        floor = max(ws) - min(ws) if all(w is not None for w in ws) else None
        why = []
        if weft[k][2] == "agree":
            why.append("agrees")
        else:
            if vort[k][2] == "agree":
                why.append("front end: agrees at tF 3")
            if within_floor(r, ws, weft[k][1]):
                why.append("within Weft's floor")
            if abs(r["value"]) <= 0.5:
                why.append("the paper: no change (+-0.5)")
            if not why:
                why.append("still open")
        for w in why:
            tally[w] = tally.get(w, 0) + 1
        out.append("| %s | %+.1f | %+.2f | %s | %s | %s | %+.2f | %s | %s | %s |" % (
            k, r["value"], weft[k][1], weft[k][2], f1(floor, 2, False), cells[0], vort[k][1], vort[k][2], cells[1],
            "; ".join(why)))
    out += ["", "Explanations (a row may have several): " + ", ".join("%s %d" % kv for kv in sorted(tally.items())) + "."]
    return out


# ---------------------------------------------------------------- seed 000, front-end share vs I-cache latency
def aurud_fe():
    d = Sweep("aurud-fe")
    lats = d.values("IC_LAT")
    out = head(d)
    out += ["| IC_LAT (tF) | Vortex: front-end share (sync & control / empty ibuffer) | Vortex: base share | Vortex: memory + "
            "compute structural share | Vortex mean CPI | FRRR vs Vortex, mean CPI | I-cache misses per 1k warp instr., "
            "Vortex | kernels with a front-end share >= 40% |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    per = {}
    for lat in lats:
        def g(k, c, lat=lat):
            return d.get(kernel=k, IC_LAT=lat, **AUR_CFG[c])
        vs = [g(k, "Vortex") for k in AUR_KERNELS if g(k, "Vortex")]
        fe = [er._share(r, ["sync_control", "empty_ibuffer"]) for r in vs]
        per[lat] = {k: er._share(g(k, "Vortex"), ["sync_control", "empty_ibuffer"]) if g(k, "Vortex") else None
                    for k in AUR_KERNELS}
        out.append("| %s (%s) | %s%% (%s%% / %s%%) | %s%% | %s%% | %s | %s%% | %s | %d of %d |" % (
            lat, lat, f1(er.mean(fe), 1, False), f1(er.mean([er._share(r, ["sync_control"]) for r in vs]), 1, False),
            f1(er.mean([er._share(r, ["empty_ibuffer"]) for r in vs]), 1, False),
            f1(er.mean([er._share(r, ["base"]) for r in vs]), 1, False),
            f1(er.mean([er._share(r, ["memory_structural", "compute_structural"]) for r in vs]), 1, False),
            f1(er.mean([er.cpi(r) for r in vs]), 3, False),
            f1(er.mean([er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS
                        if g(k, "FRRR") and g(k, "Vortex")])),
            f1(er.mean([per1k(r.get("ctr_icache_misses"), r) for r in vs]), 2, False),
            sum(1 for x in fe if x >= 40), len(fe)))
    out += ["", "The Vortex baseline's front-end share per kernel (%), IC_LAT = " + " / ".join(str(x) for x in lats) + ":", "",
            "| kernel | " + " | ".join("IC_LAT %s" % x for x in lats) + " |", "|---" + "|---:" * len(lats) + "|"]
    for k in AUR_KERNELS:
        out.append("| %s | %s |" % (k, " | ".join(f1(per[x][k], 1, False) for x in lats)))
    return out


def kernel_mix(kernel, warps=4, threads=4):
    """Dynamic instruction mix of KERNEL at its default size on the C model (warps x threads, one core), from its
    commit trace: warp instructions, and the fractions of control instructions (branches, jal, jalr, SIMT
    custom-0 funct7 0: the instructions Weft's stall front end keeps stalled until they resolve), of taken
    control transfers (the warp's next committed pc is not pc + 4), and of loads and stores."""
    import subprocess
    import tempfile
    sim = os.path.join(ROOT, "build", "model", "weft-sim")
    with tempfile.TemporaryDirectory() as tmp:
        tr = os.path.join(tmp, "commit.txt")
        r = subprocess.run([sim, "--kernel", kernel, "--warps", str(warps), "--threads", str(threads),
                            "--commit-trace", tr], cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("exp_causes: %s on the model failed (exit %d): %s" % (kernel, r.returncode, r.stderr[-300:]))
        n = ctrl = taken = mem = 0
        last = {}
        with open(tr) as f:
            for line in f:
                c = line.split()
                if len(c) < 4:
                    continue
                w, pc, ins = c[0] + c[1], int(c[2], 16), int(c[3], 16)
                n += 1
                op = ins & 0x7F
                if w in last and pc != last[w] + 4:
                    taken += 1
                last[w] = pc
                if op in (0x63, 0x6F, 0x67) or (op == 0x0B and (ins >> 25) == 0):
                    ctrl += 1
                elif op in (0x03, 0x23, 0x2F):
                    mem += 1
    return n, 100.0 * ctrl / n, 100.0 * taken / n, 100.0 * mem / n


def pearson(xs, ys):
    pts = [(x, y) for x, y in zip(xs, ys) if x is not None and y is not None]
    if len(pts) < 3:
        return None
    mx, my = sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)
    sxy = sum((x - mx) * (y - my) for x, y in pts)
    sx = sum((x - mx) ** 2 for x, _ in pts) ** 0.5
    sy = sum((y - my) ** 2 for _, y in pts) ** 0.5
    return sxy / (sx * sy) if sx and sy else None


def aurud_mix():
    """Instruction mix of the 12 kernels (C model, 4 x 4, default sizes) against the Vortex baseline's CPI-stack
    shares in causes-aurud-fe at IC_LAT 3 (CONFIG=vortex, FE=vortex): does the front-end share follow the
    control-instruction density, or the back end's structural stalls?"""
    d = Sweep("aurud-fe")
    out = ["Instruction mix: `tools/exp_causes.py aurud-mix` (C model, 4 warps x 4 threads, default sizes, commit "
           "trace); CPI-stack shares: causes-aurud-fe's Vortex baseline at IC_LAT 3 (%d of %d points done)." % (d.done, d.n), "",
           "| kernel | warp instr. | control (%) | taken transfers (%) | loads + stores (%) | front-end share (%) "
           "| memory + compute structural share (%) | memory data share (%) |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    cols = {"ctrl": [], "fe": [], "st": [], "md": []}
    for k in AUR_KERNELS:
        n, ctrl, taken, mem = kernel_mix(k)
        r = d.get(kernel=k, IC_LAT="3", **AUR_CFG["Vortex"])
        fe = er._share(r, ["sync_control", "empty_ibuffer"]) if r else None
        st = er._share(r, ["memory_structural", "compute_structural"]) if r else None
        md = er._share(r, ["memory_data"]) if r else None
        cols["ctrl"].append(ctrl)
        cols["fe"].append(fe)
        cols["st"].append(st)
        cols["md"].append(md)
        out.append("| %s | {:,} | %.1f | %.1f | %.1f | %s | %s | %s |".format(n) % (k, ctrl, taken, mem, f1(fe, 1, False),
                                                                              f1(st, 1, False), f1(md, 1, False)))
    out += ["", "Correlation over the 12 kernels (Pearson r): front-end share vs control density %s; front-end share vs "
            "memory + compute structural share %s; front-end share vs memory data share %s." % (
                f1(pearson(cols["ctrl"], cols["fe"]), 2), f1(pearson(cols["st"], cols["fe"]), 2),
                f1(pearson(cols["md"], cols["fe"]), 2))]
    return out


def aurud_8w_iclat():
    """gain-8w-gt-4w against the I-cache hit latency: 8 x 4 (causes-aurud-8w-iclat) beside 4 x 4
    (causes-aurud-fe) at the same IC_LAT."""
    d, d4 = Sweep("aurud-8w-iclat"), Sweep("aurud-fe")
    out = head(d)
    out += ["| IC_LAT | warps | Vortex: front-end share (empty ibuffer) | Vortex mean CPI | FRRR vs Vortex, mean CPI "
            "| FRRR: largest CPI-stack moves (% of Vortex's cycles) |", "|---|---|---|---:|---:|---|"]
    gains = {}
    for lat in d.values("IC_LAT"):
        for warps, sw in (("4 x 4 (causes-aurud-fe)", d4), ("8 x 4", d)):
            def g(k, c, lat=lat, sw=sw):
                return sw.get(kernel=k, IC_LAT=lat, **AUR_CFG[c])
            vs = [g(k, "Vortex") for k in AUR_KERNELS if g(k, "Vortex")]
            ch = er.mean([er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS
                          if g(k, "FRRR") and g(k, "Vortex")])
            gains.setdefault(lat, []).append(ch)
            cz = er._cause([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS], "x")
            out.append("| %s | %s | %s%% (%s%%) | %s | %s%% | %s |" % (
                lat, warps, f1(er.mean([er._share(r, ["sync_control", "empty_ibuffer"]) for r in vs]), 1, False),
                f1(er.mean([er._share(r, ["empty_ibuffer"]) for r in vs]), 1, False),
                f1(er.mean([er.cpi(r) for r in vs]), 3, False), f1(ch), cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
    out += ["", "gain-8w-gt-4w (FRRR's CPI reduction at 8 warps minus at 4 warps, percentage points; the thesis +7.7): " +
            ", ".join("IC_LAT %s: %s" % (lat, f1(-(g[1] - g[0]) if None not in g else None, 1)) for lat, g in gains.items()) + "."]
    return out

def aurud_8w_ii():
    """gain-8w-gt-4w against the front end's throughput (causes-aurud-8w-ii): the I-cache initiation interval
    IC_II at 4 x 4 (CONFIG=vortex) and 8 x 4, the Vortex baseline and FRRR."""
    d = Sweep("aurud-8w-ii")
    out = head(d)
    out += ["| IC_II | warps x threads | Vortex: front-end share (sync & control / empty ibuffer) | Vortex: fetches per "
            "cycle | Vortex mean CPI | FRRR mean CPI | FRRR vs Vortex, mean CPI | FRRR: front-end share (empty ibuffer) "
            "| FRRR: largest CPI-stack moves (% of Vortex's cycles) |", "|---|---|---|---:|---:|---:|---:|---|---|"]
    res, per = {}, {}
    builds = (("4 x 4", "vortex"), ("8 x 4", "w8t8"))
    for ii in d.values("IC_II"):
        for warps, cfg in builds:
            def g(k, c, ii=ii, cfg=cfg):
                return d.get(kernel=k, IC_II=ii, config=cfg, **AUR_CFG[c])
            vs = [g(k, "Vortex") for k in AUR_KERNELS if g(k, "Vortex")]
            fs = [g(k, "FRRR") for k in AUR_KERNELS if g(k, "FRRR")]
            ch = er.mean([er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS
                          if g(k, "FRRR") and g(k, "Vortex")])
            emp = er.mean([er._share(r, ["empty_ibuffer"]) for r in vs])
            fe = er.mean([er._share(r, ["sync_control", "empty_ibuffer"]) for r in vs])
            res[(ii, warps)] = (ch, emp, fe)
            per[(ii, warps)] = {k: (er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) if g(k, "FRRR") and g(k, "Vortex")
                                    else None, er._share(g(k, "Vortex"), ["empty_ibuffer"]) if g(k, "Vortex") else None)
                                for k in AUR_KERNELS}
            cz = er._cause([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS], "x")
            out.append("| %s | %s | %s%% (%s%% / %s%%) | %s | %s | %s | %s%% | %s%% (%s%%) | %s |" % (
                ii, warps, f1(fe, 1, False), f1(er.mean([er._share(r, ["sync_control"]) for r in vs]), 1, False),
                f1(emp, 1, False),
                f1(er.mean([(r.get("ctr_icache_accesses") or 0) / r["cycles"] for r in vs]), 3, False),
                f1(er.mean([er.cpi(r) for r in vs]), 3, False), f1(er.mean([er.cpi(r) for r in fs]), 3, False), f1(ch),
                f1(er.mean([er._share(r, ["sync_control", "empty_ibuffer"]) for r in fs]), 1, False),
                f1(er.mean([er._share(r, ["empty_ibuffer"]) for r in fs]), 1, False),
                cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
    gl, el = [], []
    for ii in d.values("IC_II"):
        a, b = res.get((ii, "4 x 4")), res.get((ii, "8 x 4"))
        ok = a and b and None not in (a[0], b[0])
        gl.append("IC_II %s: %s (4 x 4 %s%%, 8 x 4 %s%%)" % (ii, f1(-(b[0] - a[0]), 1) if ok else "-",
                                                            f1(a[0]) if a else "-", f1(b[0]) if b else "-"))
        el.append("IC_II %s: %s%% -> %s%%" % (ii, f1(a[1], 1, False) if a else "-", f1(b[1], 1, False) if b else "-"))
    # The thesis's reading (sec. 7.2: "The new icache-stage, enables Vortex to perform multiple concurrent
    # instruction fetches, which increases the fetch bandwidth"): the interval belongs to the baseline's
    # icache-stage, which FRRR replaces, so FRRR at IC_II 1 against the Vortex baseline at IC_II k.
    xl = []
    for ii in d.values("IC_II"):
        xs = []
        for warps, cfg in builds:
            ch = er.mean([er.pct(er.cpi(d.get(kernel=k, IC_II=d.values("IC_II")[0], config=cfg, **AUR_CFG["FRRR"])),
                                 er.cpi(d.get(kernel=k, IC_II=ii, config=cfg, **AUR_CFG["Vortex"])))
                          for k in AUR_KERNELS if d.get(kernel=k, IC_II=d.values("IC_II")[0], config=cfg, **AUR_CFG["FRRR"])
                          and d.get(kernel=k, IC_II=ii, config=cfg, **AUR_CFG["Vortex"])])
            xs.append(ch)
        xl.append("Vortex at IC_II %s: 4 x 4 %s%%, 8 x 4 %s%%, 8-warp gain minus 4-warp gain %s" % (
            ii, f1(xs[0]), f1(xs[1]), f1(-(xs[1] - xs[0]), 1) if None not in xs else "-"))
    out += ["", "gain-8w-gt-4w (FRRR's CPI reduction at 8 warps minus at 4 warps, percentage points; the thesis +7.7): "
            + ", ".join(gl) + ".",
            "", "The same with the interval in the baseline only (FRRR at IC_II %s against Vortex at IC_II k; the thesis, "
            "sec. 7.2, credits its new icache-stage with more fetch bandwidth): " % d.values("IC_II")[0] + "; ".join(xl) + ".",
            "", "The Vortex baseline's empty-ibuffer share, 4 x 4 -> 8 x 4 (the thesis: it grows with 8 warps): "
            + ", ".join(el) + ".",
            "", "Per kernel: FRRR's CPI change against Vortex (%) / the Vortex baseline's empty-ibuffer share (%):", "",
            "| kernel | " + " | ".join("IC_II %s, %s" % (ii, w) for ii in d.values("IC_II") for w, _ in builds) + " |",
            "|---" + "|---" * (len(d.values("IC_II")) * len(builds)) + "|"]
    for k in AUR_KERNELS:
        out.append("| %s | %s |" % (k, " | ".join("%s / %s" % (f1(per[(ii, w)][k][0]), f1(per[(ii, w)][k][1], 1, False))
                                                  for ii in d.values("IC_II") for w, _ in builds)))
    out += ["", "Fetches per cycle: `icache_accesses` / cycles (at most 1 / IC_II)."]
    return out


def crouzet_ii():
    """seed 002's SWaS/baseline ratios against the I-cache initiation interval (causes-crouzet-ii), with the
    budget (what SWaS removes against what it costs) of each point."""
    d = Sweep("crouzet-ii")
    vals = [str(v) for v in d.values("IC_II")]
    out = crouzet("crouzet-ii", "IC_II", vals)
    fe = []
    for v in vals:
        rs = [d.get(kernel=k, swas="off", IC_II=v) for k in d.values("kernel")]
        rs = [r for r in rs if r]
        fe.append("IC_II %s: %s" % (v, f1(er.mean([(r.get("ctr_icache_accesses") or 0) / r["cycles"] for r in rs]), 3, False)))
    out += ["", "Baseline fetches per cycle (`icache_accesses` / cycles, mean over the kernels): " + ", ".join(fe) + ".", ""]
    out += crouzet_budget(["crouzet-ii"])[len(head(d)):]
    return out


# ---------------------------------------------------------------- seed 002, the paper's DRAM-backed memory
CRZ_DRAM_ARMS = [  # (label, build, the point's keys that select the memory arm)
    ("w8t8, fixed", "w8t8", dict(mem_preset="fixed", dram=None, DEFS=None)),
    ("w8t8, dram", "w8t8", dict(mem_preset=None, dram=True, DEFS=None)),
    ("w8t8, paper", "w8t8", dict(mem_preset=None, dram=True, DEFS="WEFT_DC_SETS=512 WEFT_DC_WAYS=1")),
    ("w32t32, fixed", "w32t32", dict(mem_preset="fixed", dram=None, DEFS=None)),
    ("w32t32, dram", "w32t32", dict(mem_preset=None, dram=True, DEFS=None)),
    ("w32t32, paper", "w32t32", dict(mem_preset=None, dram=True, DEFS="WEFT_DC_SETS=512 WEFT_DC_WAYS=1")),
]


def _jsec(r, key):
    return json.loads(r["perf_json"]).get(key) or {} if r and r.get("perf_json") else {}


def crouzet_dram_point(a, b):
    """The measured quantities of one baseline (a) / SWaS (b) pair: the ratio, the baseline's empty-ibuffer share,
    NOPs per warp instruction, the NOP cost prediction (crouzet_budget's), the measured extra cycles, the rest,
    the baseline's mean load latency, its D-cache load hit rate and lines per warp request, its mean DRAM read
    latency (arrival to end of transfer) and DRAM bus occupancy."""
    base = a["cycles"]
    nops = b.get("ctr_swas_nops") or 0
    nopc = 100.0 * nops * (a["warp_instrs"] / base) / base
    extra = 100.0 * (b["cycles"] - base) / base
    dc, dr = _jsec(a, "dcache"), _jsec(a, "dram")
    return dict(
        ratio=b["ipc"] / a["ipc"], empty=er._share(a, ["empty_ibuffer"]), nops=nops / b["warp_instrs"], nopc=nopc,
        extra=extra, rest=extra - nopc,
        lat=a.get("ctr_load_latency_sum", 0) / a["ctr_load_requests"] if a.get("ctr_load_requests") else None,
        hit=hit_rate(a),
        lpr=(dc.get("load_lines", 0) + dc.get("store_lines", 0)) / dc["warp_requests"] if dc.get("warp_requests") else None,
        dlat=dr["read_latency_sum"] / dr["reads"] if dr.get("reads") else None,
        bus=100.0 * dr["busy_cycles"] / base if dr.get("busy_cycles") is not None and dr else None,
        flush=(per1k(a.get("flushes"), a), per1k(b.get("flushes"), b)), ipc=a["warp_instrs"] / base,
        tipc=a["thread_instrs"] / base if a.get("thread_instrs") else None)


def crouzet_dram():
    """seed 002's SWaS/baseline ratios with the paper's memory (causes-crouzet-dram): Ramulator-like DDR4-2400
    behind the L1 with no L2, with the build's L1 and Vortex's 16 KiB direct-mapped one, on w8t8 (SMALL's inputs)
    and w32t32 (the paper's inputs); per point the ratio, the baseline's empty-ibuffer share, the NOPs and their
    predicted cost (crouzet_budget's rule), and what the memory did (load latency, hit rate, DRAM latency)."""
    d = Sweep("crouzet-dram")
    pub = {r["kernel"]: r["value"] for r in er.load_published("crouzet")["rows"] if r["id"].startswith("t2-ipc-")}
    out = head(d)
    cells, agree, have = {}, {}, {}
    for label, cfg, kw in CRZ_DRAM_ARMS:
        for k in d.values("kernel"):
            a = d.get(kernel=k, config=cfg, swas="off", **kw)
            b = d.get(kernel=k, config=cfg, swas="on", **kw)
            if a and b:
                cells[(k, label)] = crouzet_dram_point(a, b)
                have[label] = have.get(label, 0) + 1
                agree[label] = agree.get(label, 0) + (
                    er.verdict({"compare": "ratio", "value": pub[CRZ_PK[k]]}, cells[(k, label)]["ratio"]) == "agree")
    labels = [lab for lab, _, _ in CRZ_DRAM_ARMS]
    out += ["| SWaS/baseline IPC | paper (Table II) | " + " | ".join(labels) + " |", "|---|---:|" + "---:|" * len(labels)]
    for k in d.values("kernel"):
        out.append("| %s | %s | %s |" % (k, pub[CRZ_PK[k]], " | ".join(
            f1(cells[(k, lab)]["ratio"], 2, False) if (k, lab) in cells else "-" for lab in labels)))
    out.append("| Table II rows agreeing in direction | | %s |" % " | ".join(
        "%d of %d" % (agree.get(lab, 0), have[lab]) if have.get(lab) else "-" for lab in labels))
    out += ["", "| kernel | setting | SWaS/baseline IPC | baseline mean load latency (cycles) | baseline D-cache load hit "
            "rate | lines per warp request | baseline mean DRAM read latency (cycles) | DRAM bus busy | baseline "
            "empty ibuffer | SWaS NOPs per warp instr. | baseline warp IPC (thread IPC) | SWaS - baseline cycles | NOP cost: NOPs x "
            "baseline warp IPC | rest (< 0 a gain) | flushes per 1k warp instr., baseline / SWaS |",
            "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for k in d.values("kernel"):
        for lab in labels:
            c = cells.get((k, lab))
            if not c:
                continue
            out.append("| %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %.2f | %.2f (%s) | %+.1f%% | %+.1f%% | %+.1f%% | %s / %s |" % (
                k, lab, c["ratio"], f1(c["lat"], 1, False), f1(c["hit"], 1, False) + "%" if c["hit"] is not None else "-",
                f1(c["lpr"], 2, False), f1(c["dlat"], 1, False), f1(c["bus"], 1, False) + "%" if c["bus"] is not None else "-",
                f1(c["empty"], 1, False) + "%", c["nops"], c["ipc"], f1(c["tipc"], 2, False), c["extra"], c["nopc"], c["rest"],
                f1(c["flush"][0], 0, False), f1(c["flush"][1], 0, False)))
    out += ["", "Arms (sweeps/causes-crouzet-dram.yaml): fixed = exp-crouzet's memory (the build's 4 KiB 4-way L1, fixed "
            "8 cycles); dram = the build's L1 in front of DDR4-2400 (tCL = tRCD = tRP = 16, 16 banks, 8 KiB rows, "
            "64-byte accesses, 16 B/cycle), no L2; paper = dram with Vortex's 16 KiB direct-mapped L1. w8t8 at "
            "exp-crouzet SMALL's inputs, w32t32 at the paper's (1024 threads). NOP cost and rest as in crouzet-w32's "
            "budget: the cycles SWaS's NOPs add if each takes an issue slot the baseline uses with its warp IPC; rest = "
            "measured extra cycles - NOP cost (the paper's smoothing gain where negative). Lines per warp request: "
            "D-cache lines walked (loads + stores) per cacheable warp request; DRAM latency: arrival to end of transfer "
            "(the harness adds --mem-latency 8 before the core sees it). Thread IPC: thread instructions per cycle, "
            "the paper's IPC (sec. VI-B1: 1.07 to 21.62 over its kernels and policies, at most 32)."]
    return out


# ---------------------------------------------------------------- seed 000, input size
def aurud_size():
    d = Sweep("aurud-size")
    out = head(d)
    out += ["| kernel | size | Vortex cycles | Vortex CPI | front end (sync & control + empty ibuffer) share, Vortex "
            "| memory + compute structural share, Vortex | FRRR vs Vortex, CPI |", "|---|---:|---:|---:|---:|---:|---:|"]
    fe, fe0 = [], []
    for k in d.values("kernel"):
        for s in sorted({f["size"] for f, _ in d.rows if f["kernel"] == k}):
            a = d.get(kernel=k, size=s, **AUR_CFG["Vortex"])
            b = d.get(kernel=k, size=s, **AUR_CFG["FRRR"])
            if not a:
                out.append("| %s | %s | - | | | | |" % (k, s or "default"))
                continue
            sh = er._share(a, ["sync_control", "empty_ibuffer"])
            (fe if s else fe0).append(sh)
            out.append("| %s | %s | %s | %.3f | %.1f%% | %.1f%% | %s%% |" % (
                k, "{:,}".format(s) if s else "default", "{:,}".format(a["cycles"]), er.cpi(a), sh,
                er._share(a, ["memory_structural", "compute_structural"]),
                f1(er.pct(er.cpi(b), er.cpi(a))) if b else "-"))
    out += ["", "Mean front-end share of Vortex: %s%% at the default sizes, %s%% at the larger ones." % (
        f1(er.mean(fe0), 1, False), f1(er.mean(fe), 1, False))]
    return out


# ---------------------------------------------------------------- the D-cache walk width (eleventh session)
def walk_occ(rs):
    """(walk cycles per 100 cycles, lines per walk cycle, bank-conflict cycles per 100 cycles) summed over records."""
    rs = [r for r in rs if r]
    cyc = sum(r["cycles"] for r in rs) or 1
    wk = sum(er._counter(r, "dcache_walk_cycles") or 0 for r in rs)
    bc = sum(er._counter(r, "dcache_bank_conflict_cycles") or 0 for r in rs)
    dcs = [json.loads(r["perf_json"]).get("dcache") or {} for r in rs]
    lines = sum(x.get("load_lines", 0) + x.get("store_lines", 0) for x in dcs)
    return 100.0 * wk / cyc, (lines / wk if wk else None), 100.0 * bc / cyc


def stack_move(pairs, key):
    """CPI-stack class `key`: new minus baseline cycles, summed over (baseline, new) pairs, % of the baseline's."""
    pairs = [(a, b) for a, b in pairs if a and b]
    base = sum(a["cycles"] for a, _ in pairs)
    return 100.0 * sum((b.get("cpi_" + key) or 0) - (a.get("cpi_" + key) or 0) for a, b in pairs) / base if base else None


def magalhaes_dcl():
    d = Sweep("magalhaes-dcl")
    pub = [r for r in er.load_published("magalhaes")["rows"] if r["id"].startswith("t2-") and r["config"] == "8W8T"]
    out = head(d)
    out += ["PTA (ptalow) against RR, the 23 8W8T rows; RR's cycles and D-cache occupancy summed over the 23 points "
            "(walk: coalescer cycles serving at least one line):", "",
            "| FE | DC_LINES | PTA rows agreeing | PTA faster than RR | PTA mean change | memory structural / sync & control, "
            "PTA - RR (% of RR's cycles) | RR cycles vs DC_LINES 1 | RR walk cycles per 100 cycles | lines per walk cycle "
            "| bank-conflict cycles per 100 |", "|---|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    per = {}
    for fe in ("weft", "vortex"):
        rr1 = [d.get(kernel="v_" + r["kernel"], size=r["size"], fetch_policy="lrr", FE=fe, DC_LINES=1)
               for r in pub if r["policy"] == "PTA"]
        for dcl in (1, 2, 4):
            ag, n, faster, chs, pairs = mag_pairs(
                d, [r for r in pub if r["policy"] == "PTA"], "ptalow",
                lambda r, w, c=(fe, dcl): per_add(per, r["kernel"], c, r, w), FE=fe, DC_LINES=dcl)
            if not n:
                out.append("| %s | %d | not measured | | | | | | | |" % (fe, dcl))
                continue
            rrs = [a for a, _ in pairs]
            c1 = sum(x["cycles"] for x in rr1 if x)
            occ = walk_occ(rrs)
            out.append("| %s | %d | %d of %d | %d of %d | %s%% | %s / %s | %s | %.1f | %s | %.1f |" % (
                fe, dcl, ag, n, faster, n, f1(er.mean(chs), 2), f1(stack_move(pairs, "memory_structural")),
                f1(stack_move(pairs, "sync_control")),
                f1(er.pct(sum(x["cycles"] for x in rrs), c1), 2) + "%" if c1 and len(rrs) == len([x for x in rr1 if x]) else "-",
                occ[0], f1(occ[1], 2, False), occ[2]))
    cols = [(fe, dcl) for fe in ("weft", "vortex") for dcl in (1, 2, 4)]
    out += ["", "PTA's mean cycle change against RR per kernel (over the inputs measured) and the paper's 8W8T PTA mean "
            "over the same inputs (%):", "",
            "| kernel | " + " | ".join("FE=%s DC %d" % c for c in cols) + " | paper |", "|---|" + "---:|" * (len(cols) + 1)]
    for k in sorted(per):
        out.append("| %s | %s | %s |" % (k, " | ".join(f1(er.mean(per[k].get(c, [])), 2) for c in cols),
                                          f1(er.mean(list(per[k].get("paper", {}).values())), 2)))
    out += ["", "The GTO rows still open after experiment 4 (psort 64-256, sgemm 64-128): GTO against RR (%), "
            "verdict against the paper:", "",
            "| row | paper | " + " | ".join("FE=%s DC %d" % c for c in cols) + " |", "|---|---:|" + "---|" * len(cols)]
    for r in pub:
        if r["policy"] != "GTO" or r["kernel"] not in ("psort", "sgemm"):
            continue
        cells = []
        for fe, dcl in cols:
            w = mag_change(d, r, "gto", FE=fe, DC_LINES=dcl)[0]
            cells.append("-" if w is None else "%s (%s)" % (f1(w, 2), er.verdict(r, w)))
        if any(x != "-" for x in cells):
            out.append("| %s | %s | %s |" % (r["id"], f1(r["value"]), " | ".join(cells)))
    return out


# ---------------------------------------------------------------- seed 004, the open GTO sgemm rows (twelfth session)
_SG_KEYS = ("issue_ready", "bpr", "mem_preset", "no_l2", "mem_latency", "DEFS", "VL_EXTRA", "FE", "DC_LINES")
_L1_16K4 = {"DEFS": "WEFT_DC_SETS=128 WEFT_DC_WAYS=4", "VL_EXTRA": "--unroll-count 1024"}
# (label, the `setting` of sweeps/causes-magalhaes-sgemm.yaml); tests/exp checks the two lists are the same
SGEMM_SETTINGS = [
    ("default: fixed 8-cycle memory, 4 KiB 4-way L1, FE=weft", {}),
    ("issue readiness: --issue-ready ready", {"issue_ready": "ready"}),
    ("fetch back-pressure: --bpr on", {"bpr": "on"}),
    ("memory: --mem-preset vortex (L2 + DDR4)", {"mem_preset": "vortex"}),
    ("memory: DDR4 without L2 (--mem-preset vortex --no-l2)", {"mem_preset": "vortex", "no_l2": True}),
    ("memory: fixed 100 cycles (probe)", {"mem_latency": 100}),
    ("L1: 16 KiB 4-way (Vortex 2.x)", dict(_L1_16K4)),
    ("L1: 16 KiB direct-mapped (seed 000 table 6.1)", {"DEFS": "WEFT_DC_SETS=512 WEFT_DC_WAYS=1"}),
    ("L1: 1 KiB 4-way (probe)", {"DEFS": "WEFT_DC_SETS=8 WEFT_DC_WAYS=4"}),
    ("SimX's together with --bpr on: FE=vortex, 16 KiB 4-way L1 in 4 banks, DDR4 without L2, --bpr on",
     dict(_L1_16K4, FE="vortex", DC_LINES=4, mem_preset="vortex", no_l2=True, bpr="on")),
    # SimX has no back-pressure mask: its decode stalls every warp behind a full buffer (Weft's --bpr off)
    ("SimX's together: FE=vortex, 16 KiB 4-way L1 in 4 banks, DDR4 without L2 (bpr off)",
     dict(_L1_16K4, FE="vortex", DC_LINES=4, mem_preset="vortex", no_l2=True)),
    # v_sgemm_pocl 128 only: which of SimX's factors undoes GTO's loss with the 16 KiB 4-way L1
    ("L1: 16 KiB 4-way + DDR4 without L2", dict(_L1_16K4, mem_preset="vortex", no_l2=True)),
    ("L1: 16 KiB 4-way + --bpr on", dict(_L1_16K4, bpr="on")),
    ("L1: 16 KiB 4-way + FE=vortex", dict(_L1_16K4, FE="vortex")),
]


def _sg_kw(setting):
    return {k: setting.get(k) for k in _SG_KEYS}


def _dc(r, key):
    return (json.loads(r["perf_json"]).get("dcache") or {}).get(key) if r and r.get("perf_json") else None


def _load_lat(r):
    return r["ctr_load_latency_sum"] / r["ctr_load_requests"] if r and r.get("ctr_load_requests") else None


def _sg_change(d, kernel, size, kw):
    a = d.get(kernel=kernel, size=size, fetch_policy="lrr", **kw)
    b = d.get(kernel=kernel, size=size, fetch_policy="gto", **kw)
    return (er.pct(b["cycles"], a["cycles"]), a, b) if a and b else (None, a, b)


def _sg_row(d, kernel, label, st, pub, sizes):
    """One setting's row: [label, change (verdict) per size, miss change per size, RR hit rate, RR load latency,
    CPI-stack moves], and its verdict (None when no point of the setting is in the sweep)."""
    kw = _sg_kw(st)
    run = {f.get("size") for f, _ in d.rows
           if f.get("kernel") == kernel and all(str(f.get(k)) == str(v) for k, v in kw.items())}
    if not run:
        return None, None
    cells, miss, pairs, vs = [], [], [], []
    for s in sizes:
        w, a, b = _sg_change(d, kernel, s, kw)
        if w is None:
            cells.append("-" if s in run else "not run")
            miss.append("-")
            if s in run:
                vs.append("missing")
            continue
        v = er.verdict(pub[s], w) if s in pub else None
        vs.append(v)
        cells.append("%+.2f%s" % (w, " (%s)" % v if v else ""))
        ma, mb = _dc(a, "load_misses"), _dc(b, "load_misses")
        miss.append(f1(er.pct(mb, ma), 1) if ma else "-")
        pairs.append((a, b))
    rrs = [a for a, _ in pairs]
    lines = sum(_dc(a, "load_lines") or 0 for a in rrs)
    hit = 100.0 * (1 - sum(_dc(a, "load_misses") or 0 for a in rrs) / lines) if lines else None
    reqs = sum(a.get("ctr_load_requests") or 0 for a in rrs)
    lat = sum(a.get("ctr_load_latency_sum") or 0 for a in rrs) / reqs if reqs else None
    mv = " / ".join(f1(stack_move(pairs, k)) for k in ("memory_data", "memory_structural", "sync_control",
                                                         "empty_ibuffer")) if pairs else "-"
    n = len([x for x in sizes if x in pub and x in run])
    if "missing" in vs:
        why = "not measured" if vs.count("missing") == len(vs) else "incomplete"
    elif all(v == "agree" for v in vs):
        why = "explains %s" % ("both rows" if n == 2 else "the row" if n == 1 else "%d rows" % n)
    elif any(v == "agree" for v in vs):
        why = "explains %d of %d rows" % (vs.count("agree"), len(vs))
    else:
        why = "refuted: GTO not slower"
    return [label] + cells + [" / ".join(miss), f1(hit, 1, False) + "%" if hit is not None else "-", f1(lat, 1, False),
                              mv], why


def _sg_table(d, kernel, pub, sizes, tally=None):
    out = ["| setting | " + " | ".join("GTO vs RR, %d%s" % (s, " (paper %+.1f)" % pub[s]["value"] if s in pub else "")
                                      for s in sizes)
           + " | GTO - RR D-cache load misses (% of RR's), " + " / ".join(str(s) for s in sizes)
           + " | RR load hit rate | RR mean load latency (cycles) | GTO - RR: memory data / memory structural / "
           "sync & control / empty ibuffer (% of RR's cycles) | verdict |",
           "|---|" + "---:|" * len(sizes) + "---:|---:|---:|---|---|"]
    for label, st in SGEMM_SETTINGS:
        row, why = _sg_row(d, kernel, label, st, pub, sizes)
        if row is None:
            continue
        if tally is not None:
            tally[why.split(":")[0]] = tally.get(why.split(":")[0], 0) + 1
        out.append("| " + " | ".join(row + [why]) + " |")
    return out


def magalhaes_sgemm(d=None):
    """seed 004's open 8W8T GTO sgemm rows (the paper's GTO +9.6% / +2.2% / +4.3% slower than RR at 64 / 128 /
    256) against the candidates of causes-magalhaes-sgemm: issue readiness, fetch back-pressure, the memory
    behind the L1, the L1's size and associativity, SimX's setting all at once, the input 256, and the mapping
    of work-items to threads (v_sgemm_pocl: Vortex's POCL mapping). Per setting: GTO's cycle change against RR
    with its verdict, the inter-warp-locality test (GTO's D-cache load misses against RR's: a greedy warp that
    runs ahead of the others makes them miss on the lines they share), RR's load hit rate and latency, and where
    GTO's cycles moved (CPI stack, % of RR's cycles over the inputs)."""
    d = d or Sweep("magalhaes-sgemm")
    pub = {r["size"]: r for r in er.load_published("magalhaes")["rows"]
           if r["id"].startswith("t2-gto-8w8t-sgemm-")}
    out = head(d)
    tally = {}
    out += ["v_sgemm (Weft's mapping: a warp is one column of a D x D = 8 x 8 block, its 8 lanes 8 consecutive rows; "
            "the block's 8 warps read the same A line at each k), inputs 64 and 128:", ""]
    out += _sg_table(d, "v_sgemm", pub, [s for s in (64, 128) if s in pub], tally)
    out += ["", "Settings by verdict: " + ", ".join("%s %d" % kv for kv in sorted(tally.items())) + "."]
    w, a, b = _sg_change(d, "v_sgemm", 256, _sg_kw({}))
    out += ["", "v_sgemm 256, default setting: GTO vs RR %s%% (paper %+.1f%%: %s); GTO - RR D-cache load misses %s%% of RR's." % (
        f1(w, 2), pub[256]["value"] if 256 in pub else float("nan"), er.verdict(pub[256], w) if 256 in pub else "-",
        f1(er.pct(_dc(b, "load_misses"), _dc(a, "load_misses")), 1) if a and b and _dc(a, "load_misses") else "-")
        if 256 in pub else ""]
    tp = {}
    out += ["", "v_sgemm_pocl (Vortex's POCL mapping: one hardware thread per 16 x 16 work-group, (N/16)^2 threads: "
            "2 active warps at 64, 8 at 128; a warp's lanes read 8 work-groups' A columns, 16 words apart):", ""]
    out += _sg_table(d, "v_sgemm_pocl", pub, [s for s in (64, 128) if s in pub], tp)
    rc = []
    for s in (64, 128):
        x, y = d.get(kernel="v_sgemm_pocl", size=s, fetch_policy="lrr", **_sg_kw({})), \
            d.get(kernel="v_sgemm", size=s, fetch_policy="lrr", **_sg_kw({}))
        rc.append("%d: %s%%" % (s, f1(er.pct(x["cycles"], y["cycles"]), 1) if x and y else "-"))
    out += ["", "Settings by verdict: " + ", ".join("%s %d" % kv for kv in sorted(tp.items())) + ". RR's cycles of "
            "v_sgemm_pocl against v_sgemm's, default setting: " + ", ".join(rc) + ".",
            "", "A setting explains a row when GTO's change there has the paper's sign (tools/exp_report.py's rule, "
            "+-0.5 points); RR's hit rate and latency are over the inputs' loads (D-cache lines, "
            "`ctr_load_latency_sum` / `ctr_load_requests`)."]
    return out


def aurud_8w_dcl():
    d = Sweep("aurud-8w-dcl")
    out = head(d)
    out += ["| DC_LINES (8 warps x 4 threads, 16 KiB L1, FE=weft) | FGTO vs Vortex, mean CPI | FRRR vs Vortex, mean CPI "
            "| memory structural share Vortex / FGTO / FRRR | Vortex cycles vs DC_LINES 1 (summed) | walk cycles per 100 "
            "cycles Vortex / FRRR | lines per walk cycle, FRRR | bank-conflict cycles per 100, FRRR "
            "| FRRR: largest CPI-stack moves (% of Vortex's cycles) |", "|---|---:|---:|---|---:|---|---:|---:|---|"]
    per = {}
    v1 = sum((d.get(kernel=k, DC_LINES=1, **AUR_CFG["Vortex"]) or {}).get("cycles", 0) for k in AUR_KERNELS)
    for dcl in (1, 2, 4):
        def g(k, c, dcl=dcl):
            return d.get(kernel=k, DC_LINES=dcl, **AUR_CFG[c])
        ch = [er.mean([er.pct(er.cpi(g(k, c)), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS if g(k, c) and g(k, "Vortex")])
              for c in ("FGTO", "FRRR")]
        ms = [er.mean([er._share(g(k, c), ["memory_structural"]) for k in AUR_KERNELS if g(k, c)]) for c in ("Vortex", "FGTO", "FRRR")]
        vs = [g(k, "Vortex") for k in AUR_KERNELS]
        vcyc = sum(r["cycles"] for r in vs if r)
        ov, of = walk_occ(vs), walk_occ([g(k, "FRRR") for k in AUR_KERNELS])
        cz = er._cause([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS], "x")
        out.append("| %d | %s%% | %s%% | %s | %s | %.1f / %.1f | %s | %.1f | %s |" % (
            dcl, f1(ch[0]), f1(ch[1]), " / ".join(f1(x, sign=False) + "%" for x in ms),
            f1(er.pct(vcyc, v1), 2) + "%" if v1 and all(vs) else "-", ov[0], of[0], f1(of[1], 2, False), of[2],
            cz.split(": ", 1)[1].split(" (")[0] if cz else "-"))
        per[dcl] = {k: er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) if g(k, "FRRR") and g(k, "Vortex") else None
                    for k in AUR_KERNELS}
    out += ["", "FRRR's CPI change against Vortex per kernel (%):", "",
            "| kernel | DC_LINES 1 | DC_LINES 2 | DC_LINES 4 |", "|---|---:|---:|---:|"]
    for k in AUR_KERNELS:
        out.append("| %s | %s |" % (k, " | ".join(f1(per[x][k]) for x in (1, 2, 4))))
    return out


def aurud_8w_dcl_fe():
    return aurud_4w_dcl("aurud-8w-dcl-fe", "8 warps x 4 threads, 16 KiB L1, FE=vortex", (4,))


def aurud_4w_dcl(name="aurud-4w-dcl", label="4 warps x 4 threads, CONFIG=vortex, FE=vortex", dcls=(1, 4)):
    d = Sweep(name)
    out = head(d)
    out += ["| DC_LINES (%s) | FGTO vs Vortex, mean CPI | FRRR vs Vortex, mean CPI "
            "| memory structural share Vortex / FRRR | walk cycles per 100 cycles, Vortex |" % label, "|---|---:|---:|---|---:|"]
    for dcl in dcls:
        def g(k, c, dcl=dcl):
            return d.get(kernel=k, DC_LINES=dcl, **AUR_CFG[c])
        ch = [er.mean([er.pct(er.cpi(g(k, c)), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS if g(k, c) and g(k, "Vortex")])
              for c in ("FGTO", "FRRR")]
        ms = [er.mean([er._share(g(k, c), ["memory_structural"]) for k in AUR_KERNELS if g(k, c)]) for c in ("Vortex", "FRRR")]
        out.append("| %d | %s%% | %s%% | %s | %.1f |" % (dcl, f1(ch[0]), f1(ch[1]), " / ".join(f1(x, sign=False) + "%" for x in ms),
                                                     walk_occ([g(k, "Vortex") for k in AUR_KERNELS])[0]))
    return out

# ---------------------------------------------------------------- seed 000, the three rows left open (fifteenth session)
def _ar(fetch, issue, ready, fe, bpr, st):
    return dict(fetch_policy=fetch, issue_policy=issue, issue_ready=ready, frontend=fe, bpr=bpr, stall_table=st)


# the points of sweeps/causes-aurud-rows.yaml by name (every knob named, so no two match one point)
AR_CFG = {
    "Vortex": _ar("fixed", "lrr", "unready", "stall", "off", "0"),
    "+ ready issue": _ar("fixed", "lrr", "ready", "stall", "off", "0"),
    "+ NSS": _ar("fixed", "lrr", "unready", "nss", "off", "0"),
    "+ NSS + stall table": _ar("fixed", "lrr", "unready", "nss", "off", "128"),
    "+ LRR fetch": _ar("lrr", "lrr", "unready", "stall", "off", "0"),
    "+ NSS + stall table + BPR": _ar("fixed", "lrr", "unready", "nss", "on", "128"),
    "+ NSS + stall table + LRR fetch": _ar("lrr", "lrr", "unready", "nss", "off", "128"),
    "FRRR with unready issue": _ar("lrr", "lrr", "unready", "nss", "on", "128"),
    "FGTO": _ar("gto", "gto", "ready", "nss", "on", "128"),
    "FRRR": _ar("lrr", "lrr", "ready", "nss", "on", "128"),
    "GTO+LRR": _ar("gto", "lrr", "ready", "nss", "on", "128"),
    "LRR+GTO": _ar("lrr", "gto", "ready", "nss", "on", "128"),
    "FRRR, stall front end": _ar("lrr", "lrr", "ready", "stall", "on", "0"),
    "FRRR, NSS without stall table": _ar("lrr", "lrr", "ready", "nss", "on", "0"),
}
AR_COMBOS = ["FGTO", "FRRR", "LRR+GTO"]  # the three of sec. 7.6 "within 1.5%" (GTO+LRR is the one set apart)
AR_CLASSES = ["base", "sync_control", "empty_ibuffer", "missed_schedule", "memory_data", "memory_structural",
              "compute_data", "compute_structural"]
AR_SETTINGS = [("exp-aurud (FE=vortex, DC_LINES 4)", dict(FE="vortex", DC_LINES="4")),
               ("FE=weft (tF 1)", dict(FE="weft", DC_LINES="4")),
               ("DC_LINES 1 (one D-cache line per cycle)", dict(FE="vortex", DC_LINES="1"))]


# timelines (--timeline) of single runs: the issue stage cycle by cycle (docs/counters.md "Per-warp state")
AR_EX = {"FE": "vortex", "DC_LINES": "4"}  # exp-aurud's make variables (CONFIG=vortex)
AR_TIMELINES = [("v_psort, Vortex", "v_psort", {}, "Vortex"),
                ("v_psort, Vortex, FE=weft", "v_psort", {"FE": "weft"}, "Vortex"),
                ("v_psort, Vortex, no L1 (NODC=1)", "v_psort", {"NODC": "1"}, "Vortex"),
                ("v_psort, Vortex + NSS + stall table + LRR fetch", "v_psort", {}, "+ NSS + stall table + LRR fetch"),
                ("psort (Weft's), Vortex", "psort", {}, "Vortex"),
                ("rd_kmeans, Vortex", "rd_kmeans", {}, "Vortex"),
                ("rd_hotspot3d, Vortex", "rd_hotspot3d", {}, "Vortex")]


def ar_cli(c):
    k = AR_CFG[c]
    return ["--fetch-policy", k["fetch_policy"], "--issue-policy", k["issue_policy"], "--issue-ready", k["issue_ready"],
            "--frontend", k["frontend"], "--bpr", k["bpr"], "--stall-table", k["stall_table"], "--mem-preset", "vortex"]


def timeline_counts(lines, cycles):
    """Per-cycle counts from a --timeline file's lines ('cycle core warp state' on change; one core): cycles with an
    issue; cycles without one split by what the warps held (a ready head: a missed schedule, counted whole and as
    the ready warps' 1/W shares of seed 000 sec. 5.3; heads none of which was ready; no head at all); the cycles by
    the number of warps holding a buffered head (states 1-4); and the head warp-cycles whose head was not ready
    (states 3, 4: waiting for memory or a compute unit/result)."""
    ev, w = [], None
    for line in lines:
        if line.startswith("#"):
            if w is None and " warps " in line:
                w = int(line.split(" warps ")[1].split(";")[0])
            continue
        c = line.split()
        if len(c) == 4:
            ev.append((int(c[0]), int(c[2]), int(c[3])))
    st, i = [0] * w, 0
    o = dict(warps=w, cycles=0, issue=0, missed_cycles=0, missed_units=0, heads_unready_only=0, no_head=0,
             heads=[0] * (w + 1), head_warp_cycles=0, unready_head_warp_cycles=0)
    for cyc in range(cycles):
        while i < len(ev) and ev[i][0] == cyc:
            st[ev[i][1]] = ev[i][2]
            i += 1
        o["cycles"] += 1
        h = sum(1 for s in st if 1 <= s <= 4)
        o["heads"][h] += 1
        o["head_warp_cycles"] += h
        o["unready_head_warp_cycles"] += sum(1 for s in st if s in (3, 4))
        if 1 in st:
            o["issue"] += 1
        elif 2 in st:
            o["missed_cycles"] += 1
            o["missed_units"] += st.count(2)
        elif h:
            o["heads_unready_only"] += 1
        else:
            o["no_head"] += 1
    return o


def control_mix(sim, kernel, warps=4, threads=4):
    """KERNEL's dynamic control instructions at its default size on the C model (`--engine model`, W x T, one core),
    from its commit trace: warp instructions, conditional branches, jumps (jal, jalr), SIMT instructions by name
    (custom-0, funct7 0: docs/isa.md), and the SIMD efficiency (active threads per warp instruction / T)."""
    import subprocess
    import tempfile
    names = {0: "tmc", 1: "wspawn", 2: "split", 3: "join", 4: "bar", 5: "pred"}
    o = dict(warp_instrs=0, branch=0, jump=0, thread_instrs=0, **{v: 0 for v in names.values()})
    with tempfile.TemporaryDirectory() as tmp:
        tr = os.path.join(tmp, "commit.txt")
        r = subprocess.run([sim, "--engine", "model", "--kernel", kernel, "--warps", str(warps), "--threads", str(threads),
                            "--commit-trace", tr], cwd=ROOT, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("exp_causes: %s on the model failed (exit %d): %s" % (kernel, r.returncode, r.stderr[-300:]))
        with open(tr) as f:
            for line in f:
                c = line.split()
                if len(c) < 5 or not c[4].startswith("m="):
                    continue
                ins = int(c[3], 16)
                op = ins & 0x7F
                o["warp_instrs"] += 1
                o["thread_instrs"] += bin(int(c[4][2:], 16)).count("1")
                if op == 0x63:
                    o["branch"] += 1
                elif op in (0x6F, 0x67):
                    o["jump"] += 1
                elif op == 0x0B and (ins >> 25) == 0:
                    o[names.get((ins >> 12) & 7, "tmc")] += 1
    return o


def aurud_rows_collect(d=None):
    """With --run: the timelines of AR_TIMELINES and the control mix of the 12 kernels, into the sweep's results
    directory (aurud-rows-extra.json), so that the summary reads them without running anything."""
    import subprocess
    import tempfile
    from weft import build
    d = d or Sweep("aurud-rows")
    out = {"timelines": {}, "mix": {}}
    for lab, k, mk, c in AR_TIMELINES:
        mk = dict(AR_EX, **mk)
        q = dict(mk, **AR_CFG[c])
        q.setdefault("NODC", None)
        r = d.get(kernel=k, **q)
        if not r:
            continue
        sim = build.sim_path({"config": "vortex", "make": mk}, ROOT)
        with tempfile.TemporaryDirectory() as tmp:
            tl = os.path.join(tmp, "t.tl")
            p = subprocess.run([sim, "--kernel", k, "--timeline", tl] + ar_cli(c), cwd=ROOT, capture_output=True, text=True)
            if p.returncode != 0:
                raise SystemExit("exp_causes: timeline of %s failed: %s" % (lab, p.stderr[-300:]))
            with open(tl) as f:
                o = timeline_counts(f, r["cycles"])
        o["cycles_record"] = r["cycles"]
        out["timelines"][lab] = o
    sim = build.sim_path({"config": "vortex", "make": dict(AR_EX)}, ROOT)
    for k in AUR_KERNELS + ["psort"]:
        out["mix"][k] = control_mix(sim, k)
    with open(os.path.join(d.sw.results, "aurud-rows-extra.json"), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    return out


def _ar_read_extra(d):
    p = os.path.join(d.sw.results, "aurud-rows-extra.json")
    if not os.path.exists(p):
        return {"timelines": {}, "mix": {}}
    with open(p) as f:
        return json.load(f)


def aurud_rows(d=None, extra=None):
    """Seed 000's rows psort-missed, bfs-sync-unchanged and combos-close (sweeps/causes-aurud-rows.yaml), one
    factor at a time against exp-aurud's 4-warp setting; the timelines and control mix come from --run
    (aurud-rows-extra.json in the results directory; without them those tables say so)."""
    d = d or Sweep("aurud-rows")
    extra = extra if extra is not None else _ar_read_extra(d)
    ks = AUR_KERNELS
    def g(k, c, **kw):
        q = dict(AR_EX, NODC=None)
        q.update(kw)
        return d.get(kernel=k, **AR_CFG[c], **q)

    def sh(r, *cls):
        return er._share(r, list(cls)) if r else None

    def ch(k, c, key, base="Vortex", **kw):
        a, b = g(k, base, **kw), g(k, c, **kw)
        if not (a and b):
            return None
        return er.pct(er.cpi(b), er.cpi(a)) if key == "cpi" else er.pct(b.get("cpi_" + key), a.get("cpi_" + key))

    def mch(c, key="cpi", base="Vortex", **kw):
        return er.mean([ch(k, c, key, base, **kw) for k in ks])

    out = head(d)
    # ---- psort-missed
    out += ["**psort-missed** (v_psort, the Vortex baseline; thesis sec. 7.3: about 10% of the CPI). Missed schedules "
            "counted two ways on the same runs: the thesis's rule (sec. 5.3, Weft's CPI stack: each ready warp not "
            "picked in a cycle without an issue gets 1/W of it) and whole cycles (`missed_schedule_cycles`: any cycle "
            "with a ready warp and no issue), an upper bound of every definition that needs a ready warp.", "",
            "| point (one factor against exp-aurud's Vortex) | CPI | missed schedule, 1/W rule | missed, whole cycles "
            "| compute data | memory data | structural (memory + compute) |", "|---|---:|---:|---:|---:|---:|---:|"]
    prows = [("exp-aurud: v_psort, Vortex", "v_psort", "Vortex", {}),
             ("FE=weft (tF 1)", "v_psort", "Vortex", dict(FE="weft")),
             ("DC_LINES 1", "v_psort", "Vortex", dict(DC_LINES="1")),
             ("no L1 D-cache (NODC=1: loads from the L2)", "v_psort", "Vortex", dict(NODC="1")),
             ("+ LRR fetch", "v_psort", "+ LRR fetch", {}),
             ("+ NSS + stall table", "v_psort", "+ NSS + stall table", {}),
             ("+ NSS + stall table + LRR fetch", "v_psort", "+ NSS + stall table + LRR fetch", {}),
             ("FRRR with unready issue", "v_psort", "FRRR with unready issue", {}),
             ("kernel: psort (Weft's bitonic sort)", "psort", "Vortex", {})]
    for lab, k, c, kw in prows:
        r = g(k, c, **kw)
        if not r:
            out.append("| %s | not run | | | | | |" % lab)
            continue
        mc = er._counter(r, "missed_schedule_cycles")
        out.append("| %s | %.3f | %.2f%% | %s | %.2f%% | %.2f%% | %.2f%% |" % (
            lab, er.cpi(r), sh(r, "missed_schedule"), "%.2f%%" % (100.0 * mc / r["cycles"]) if mc is not None else "-",
            sh(r, "compute_data"), sh(r, "memory_data"), sh(r, "memory_structural", "compute_structural")))
    out += ["", "Ready issue alone (the factor that removes missed schedules) changes v_psort's CPI by %s%% at exp-aurud's "
            "setting and by %s%% without the L1 (FGTO: %s%%; the thesis: missed schedules about 10%% of the CPI, FGTO "
            "-20%%)." % (f1(ch("v_psort", "+ ready issue", "cpi"), 2), f1(ch("v_psort", "+ ready issue", "cpi", NODC="1"), 2),
                         f1(ch("v_psort", "FGTO", "cpi"), 2))]
    tls = extra.get("timelines") or {}
    out += ["", "The issue stage cycle by cycle (`--timeline`, one run each): a missed schedule needs a warp whose "
            "buffered head is ready beside a picked head that is not.", "",
            "| run | cycles | no issue: a ready head (missed) | no issue: heads, none ready | no issue: no head "
            "| cycles with 0 / 1 / 2 / 3 / 4 buffered heads (%) | heads not ready (% of head warp-cycles) "
            "| missed, 1/W rule (%) |", "|---|---:|---:|---:|---:|---|---:|---:|"]
    for lab, _, _, _ in AR_TIMELINES:
        t = tls.get(lab)
        if not t:
            out.append("| %s | not collected (`--run`) | | | | | | |" % lab)
            continue
        cy = t["cycles"]
        out.append("| %s | %s | %.2f%% | %.2f%% | %.2f%% | %s | %.1f%% | %.2f |" % (
            lab, "{:,}".format(cy), 100.0 * t["missed_cycles"] / cy, 100.0 * t["heads_unready_only"] / cy,
            100.0 * t["no_head"] / cy, " / ".join("%.0f" % (100.0 * x / cy) for x in t["heads"]),
            100.0 * t["unready_head_warp_cycles"] / t["head_warp_cycles"] if t["head_warp_cycles"] else 0.0,
            100.0 * t["missed_units"] / (t["warps"] * cy)))
    ys = [sh(g(k, "Vortex"), "missed_schedule") for k in ks]
    xd = [sh(g(k, "Vortex"), "memory_data", "compute_data") for k in ks]
    xc = [sh(g(k, "Vortex"), "compute_data") for k in ks]
    xs = [sh(g(k, "Vortex"), "memory_structural", "compute_structural") for k in ks]
    out += ["", "Across the 12 kernels (Vortex, exp-aurud), the missed-schedule share against the shares of heads "
            "waiting for a result (data stalls: one warp's, so another may be ready) and for a unit (structural: every "
            "warp that needs it): Pearson r = %s (memory + compute data), %s (compute data), %s (memory + compute "
            "structural). Per kernel (missed / data stalls / compute data, %% of the cycles): %s." % (
                f1(pearson(xd, ys), 2), f1(pearson(xc, ys), 2), f1(pearson(xs, ys), 2),
                ", ".join("%s %s / %s / %s" % (k, f1(y, 2, False), f1(x, 1, False), f1(c, 2, False))
                          for k, x, c, y in zip(ks, xd, xc, ys)))]
    # ---- bfs-sync-unchanged
    out += ["", "**bfs-sync-unchanged** (rd_bfs; thesis sec. 7.2: its sync & control cycles do not change from Vortex "
            "to FGTO and FRRR). Sync & control cycles against the Vortex baseline's, rd_bfs and the mean of the 12 "
            "kernels, the knobs one at a time:", "",
            "| point | rd_bfs: sync & control vs Vortex | rd_bfs: CPI vs Vortex | rd_bfs: flushes | 12 kernels: sync & "
            "control vs Vortex (mean) | 12 kernels: CPI (mean) |", "|---|---:|---:|---:|---:|---:|"]
    for c in ["+ ready issue", "+ LRR fetch", "+ NSS", "+ NSS + stall table", "+ NSS + stall table + BPR",
              "+ NSS + stall table + LRR fetch", "FRRR with unready issue", "FRRR, stall front end",
              "FRRR, NSS without stall table", "FRRR", "FGTO"]:
        r = g("rd_bfs", c)
        out.append("| %s | %s%% | %s%% | %s | %s%% | %s%% |" % (
            c, f1(ch("rd_bfs", c, "sync_control")), f1(ch("rd_bfs", c, "cpi")), "{:,}".format(r["flushes"]) if r and r.get("flushes") is not None else "-",
            f1(mch(c, "sync_control")), f1(mch(c))))
    for fe in ("weft",):
        out.append("| FE=weft: FRRR vs Vortex | %s%% | %s%% | - | %s%% | %s%% |" % (
            f1(ch("rd_bfs", "FRRR", "sync_control", FE=fe)), f1(ch("rd_bfs", "FRRR", "cpi", FE=fe)),
            f1(mch("FRRR", "sync_control", FE=fe)), f1(mch("FRRR", FE=fe))))
    mix = extra.get("mix") or {}
    out += ["", "Per kernel: the Vortex baseline's sync & control share, FRRR's change of it, the front end alone "
            "(FRRR's setting with the stall front end -> FRRR), and the control mix (C model, 4 x 4, default sizes; "
            "control = branches + jumps + SIMT instructions, % of warp instructions; SIMD efficiency = active threads / "
            "(4 x warp instructions)):", "",
            "| kernel | Vortex: sync & control share | FRRR vs Vortex | FRRR stall front end vs Vortex | front end alone "
            "(FRRR stall FE -> FRRR) | control (%) | branches / jumps / SIMT (%) | split + join + pred (%) | SIMD efficiency |",
            "|---|---:|---:|---:|---:|---:|---|---:|---:|"]
    cut, dens = [], []
    for k in ks:
        m = mix.get(k)
        fo = ch(k, "FRRR", "sync_control", base="FRRR, stall front end")
        cut.append(ch(k, "FRRR", "sync_control"))
        if m and m["warp_instrs"]:
            n = float(m["warp_instrs"])
            simt = sum(m[x] for x in ("tmc", "wspawn", "split", "join", "bar", "pred"))
            ctl = 100.0 * (m["branch"] + m["jump"] + simt) / n
            dens.append(ctl)
            mx = "%.1f | %.1f / %.1f / %.1f | %.1f | %.2f" % (ctl, 100 * m["branch"] / n, 100 * m["jump"] / n, 100 * simt / n,
                                                      100.0 * (m["split"] + m["join"] + m["pred"]) / n,
                                                      m["thread_instrs"] / (4.0 * n))
        else:
            dens.append(None)
            mx = "- | - | - | -"
        out.append("| %s | %s%% | %s%% | %s%% | %s%% | %s |" % (
            k, f1(sh(g(k, "Vortex"), "sync_control"), 1, False), f1(cut[-1]), f1(ch(k, "FRRR, stall front end", "sync_control")),
            f1(fo), mx))
    order = sorted([(x, k) for x, k in zip(cut, ks) if x is not None], reverse=True)
    rank = [k for _, k in order].index("rd_bfs") + 1 if "rd_bfs" in [k for _, k in order] else None
    out += ["", "rd_bfs keeps %s of the 12 kernels (rank %s by FRRR's change of sync & control, least cut first); "
            "control density against FRRR's cut over the 12 kernels: Pearson r = %s." % (
                "the most" if rank == 1 else "a larger part than most", rank if rank else "-", f1(pearson(dens, cut), 2))]
    # ---- combos-close
    out += ["", "**combos-close** (thesis sec. 7.6: FGTO, FRRR and LRR+GTO within 1.5% of each other's mean CPI; "
            "GTO+LRR somewhat worse). Mean CPI change against each setting's own Vortex baseline, the spread of the "
            "three, and the fetch-policy and issue-policy parts of it:", "",
            "| setting | FGTO | FRRR | LRR+GTO | GTO+LRR | spread of the three | fetch GTO -> LRR (FGTO - LRR+GTO) "
            "| issue GTO -> LRR (FRRR - LRR+GTO) | empty ibuffer FGTO / FRRR / LRR+GTO | memory + compute structural "
            "FGTO / FRRR / LRR+GTO |", "|---|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for lab, kw in AR_SETTINGS:
        m = {c: mch(c, **kw) for c in AR_COMBOS + ["GTO+LRR"]}
        three = [m[c] for c in AR_COMBOS]
        sp = max(three) - min(three) if None not in three else None
        emp = [er.mean([sh(g(k, c, **kw), "empty_ibuffer") for k in ks]) for c in AR_COMBOS]
        st = [er.mean([sh(g(k, c, **kw), "memory_structural", "compute_structural") for k in ks]) for c in AR_COMBOS]
        dif = [m["FGTO"] - m["LRR+GTO"] if None not in (m["FGTO"], m["LRR+GTO"]) else None,
               m["FRRR"] - m["LRR+GTO"] if None not in (m["FRRR"], m["LRR+GTO"]) else None]
        out.append("| %s | %s%% | %s%% | %s%% | %s%% | %s | %s | %s | %s | %s |" % (
            lab, f1(m["FGTO"], 2), f1(m["FRRR"], 2), f1(m["LRR+GTO"], 2), f1(m["GTO+LRR"], 2), f1(sp, 2, False),
            f1(dif[0], 2), f1(dif[1], 2), " / ".join(f1(x, 1, False) + "%" for x in emp),
            " / ".join(f1(x, 1, False) + "%" for x in st)))
    out += ["", "Per kernel at exp-aurud's setting (CPI change vs Vortex; empty ibuffer and structural cycles as % of "
            "Vortex's cycles):", "",
            "| kernel | FGTO | FRRR | LRR+GTO | empty ibuffer FGTO / LRR+GTO | structural FRRR / LRR+GTO |",
            "|---|---:|---:|---:|---|---|"]

    def cyc_share(k, c, *cls):
        a, b = g(k, "Vortex"), g(k, c)
        return sh(b, *cls) * b["cycles"] / a["cycles"] if a and b else None
    for k in ks:
        out.append("| %s | %s%% | %s%% | %s%% | %s / %s | %s / %s |" % (
            k, f1(ch(k, "FGTO", "cpi")), f1(ch(k, "FRRR", "cpi")), f1(ch(k, "LRR+GTO", "cpi")),
            f1(cyc_share(k, "FGTO", "empty_ibuffer"), 1, False), f1(cyc_share(k, "LRR+GTO", "empty_ibuffer"), 1, False),
            f1(cyc_share(k, "FRRR", "memory_structural", "compute_structural"), 1, False),
            f1(cyc_share(k, "LRR+GTO", "memory_structural", "compute_structural"), 1, False)))
    return out


# ---------------------------------------------------------------- seed 004, PTA saxpy/vecadd and GTO psort (fifteenth session)
# The units an issue head can wait for (weft_issue: fp heads the FPU, else dec.fu; MUL/DIV split by op bit 2, the
# divide); weft_perf charges a head whose unit is not ready (w_scmp) to compute structural.
CS_UNITS = ("MDU div", "MDU mul", "ALU", "SFU", "FPU")
CS_READY = ("mdu", "alu", "sfu", "fpu")


def vcd_cstruct(lines, warps):
    """weft_perf's compute-structural class split by the unit of the stalled head, from the VCD text (fst2vcd) of
    a --trace run of a TRACE=1 build. Every counted cycle without an issue (weft_perf share_en), each warp whose head
    is not ready with a structural compute cause gets 12/k units (k = its causes: control, memory data, compute data,
    structural), as weft_perf adds them; the unit is the head's (weft_issue gen_head[w].fp, .fu, .fop). Returns
    {"units": {unit: 1/12 warp-slot cycles}, "total": their sum, "not_ready": {unit: counted cycles in which the
    unit's ready input of weft_issue was low}, "counted": counted cycles without an issue}. The total divided by
    12 W is the record's cpi_compute_structural exactly (magalhaes_cstruct checks it)."""
    scopes, names = [], {}
    it = iter(lines)
    for line in it:
        t = line.split()
        if not t:
            continue
        if t[0] == "$scope":
            scopes.append(t[2])
        elif t[0] == "$upscope":
            scopes.pop()
        elif t[0] == "$var":
            names.setdefault(".".join(scopes + [t[4]]), t[3])
        elif t[0] == "$enddefinitions":
            break

    def ident(suffix):
        m = sorted((n for n in names if n.endswith(suffix)), key=len)
        if not m:
            raise SystemExit("exp_causes: the trace has no signal *%s (a TRACE=1 build?)" % suffix)
        return names[m[0]]

    want = {"clk": "u_perf.clk_i", "se": "u_perf.share_en"}
    for k in ("w_active_i", "w_head_i", "w_ready_i", "w_ctrl_i", "w_dmem_i", "w_dcmp_i", "w_smem_i", "w_scmp_i"):
        want[k] = "u_perf." + k
    for w in range(warps):
        for k in ("fu", "fp", "fop"):
            want["%s%d" % (k, w)] = "u_issue.gen_head[%d].%s" % (w, k)
    for u in CS_READY:
        want[u] = "u_issue.%s_ready_i" % u
    rev = {}
    for k, v in want.items():
        rev.setdefault(ident(v), []).append(k)
    val = dict.fromkeys(want, 0)
    out = {"units": dict.fromkeys(CS_UNITS, 0), "total": 0, "not_ready": dict.fromkeys(CS_READY, 0), "counted": 0}

    def sample():
        if not val["se"]:
            return
        out["counted"] += 1
        for u in CS_READY:
            out["not_ready"][u] += not val[u]
        for w in range(warps):
            def b(k):
                return (val[k] >> w) & 1
            if not (b("w_active_i") and b("w_head_i") and not b("w_ready_i") and b("w_scmp_i")):
                continue
            k = b("w_ctrl_i") + b("w_dmem_i") + b("w_dcmp_i") + 1
            part = {1: 12, 2: 6, 3: 4}.get(k, 3)
            if val["fp%d" % w]:
                unit = "FPU"
            else:
                fu = val["fu%d" % w]
                unit = ("ALU", "MDU div" if (val["fop%d" % w] >> 2) & 1 else "MDU mul", "LSU", "SFU")[fu & 3]
            out["units"][unit] = out["units"].get(unit, 0) + part
            out["total"] += part

    for line in it:
        c = line[:1]
        if c == "#":
            if val["clk"]:
                sample()  # the values of the cycle that began at the last rising edge
            continue
        if c in ("0", "1", "x", "z"):
            i, v = line[1:].strip(), c
        elif c == "b":
            v, i = line[1:].split()
        else:
            continue
        for k in rev.get(i, ()):
            val[k] = int(v, 2) if set(v) <= {"0", "1"} else 0
    if val["clk"]:
        sample()
    return out


def _cs_units_path(d):
    return os.path.join(d.sw.results, "cstruct-units.json")


def _cs_trace_split(d, keep):
    """vcd_cstruct of the PASS points of sweep d for which keep(flat params) holds, run again with --trace (their
    TRACE=1 build) and converted by Debian gtkwave's fst2vcd; written to the sweep's cstruct-units.json."""
    import shutil
    import subprocess
    import tempfile
    if not shutil.which("fst2vcd"):
        raise SystemExit("exp_causes: fst2vcd not found (Debian package gtkwave)")
    res = {}
    with tempfile.TemporaryDirectory() as tmp:
        for f, r in d.rows:
            if not r or r.get("status") != "PASS" or not keep(f):
                continue
            fst, vcd = os.path.join(tmp, "t.fst"), os.path.join(tmp, "t.vcd")
            subprocess.run(r["cmdline"].split() + ["--trace", fst], check=True, stdout=subprocess.DEVNULL)
            with open(vcd, "w") as o:
                subprocess.run(["fst2vcd", fst], check=True, stdout=o, stderr=subprocess.DEVNULL)
            warps = json.loads(r["perf_json"]).get("config", {}).get("warps") or 8
            with open(vcd) as lines:
                res[r["point_id"]] = dict(vcd_cstruct(lines, warps), warps=warps)
    with open(_cs_units_path(d), "w") as o:
        json.dump(res, o, indent=1, sort_keys=True)
    return res


def magalhaes_cstruct_units():
    """Split the compute-structural class by unit (vcd_cstruct) for every point of causes-magalhaes-cstruct and
    the traced size-64 points of causes-magalhaes-psort (FST traces of the same runs, their TRACE=1 build), into
    each sweep's cstruct-units.json; then print both summaries."""
    d = Sweep("magalhaes-cstruct")
    _cs_trace_split(d, lambda f: True)
    p = Sweep("magalhaes-psort")
    _cs_trace_split(p, lambda f: str(f.get("TRACE")) == "1" and f.get("size") == 64)
    return magalhaes_cstruct(d) + [""] + magalhaes_psort(p)


def _cs_pct(units, w, rr_cycles):
    """1/12 warp-slot units of one class as % of RR's cycles (weft_perf's cycles = units / 12 W)."""
    return 100.0 * units / (12.0 * w) / rr_cycles if rr_cycles else None


def magalhaes_cstruct(d=None, units=None):
    """seed 004's 8W8T PTA rows on saxpy and vecadd at FE=vortex DC_LINES 4 (experiment 5's closest setting to
    SimX): ptalow's change against RR and the compute-structural class of each split by the unit of the stalled
    head (magalhaes-cstruct-units: FST traces of the same runs); the MDU's not-ready cycles per 100 counted
    cycles without an issue."""
    d = d or Sweep("magalhaes-cstruct")
    if units is None:
        p = _cs_units_path(d)
        units = json.load(open(p)) if os.path.exists(p) else {}
    pub = {(r["kernel"], r["size"]): r for r in er.load_published("magalhaes")["rows"]
           if r["id"].startswith("t2-pta-8w8t-") and r["kernel"] in ("saxpy", "vecadd")}
    out = head(d)
    out += ["PTA (ptalow) against RR at FE=vortex, DC_LINES 4; compute structural and its split by the unit the "
            "stalled head waits for, % of RR's cycles (RR / ptalow); MDU not ready: cycles per 100 counted cycles "
            "without an issue (RR / ptalow):", "",
            "| row | paper | PTA vs RR (%) | verdict | compute structural | MDU div | MDU mul | ALU | SFU | FPU | "
            "split exact | MDU not ready per 100 |", "|---|---:|---:|---|---|---|---|---|---|---|---|---|"]
    tot = {"n": 0, "exact": 0, "moves": {}, "changes": []}
    sizes = {f.get("size") for f, _ in d.rows}
    for (k, s), r in sorted(pub.items()):
        if s not in sizes:
            continue  # 512: the full variant only
        a = d.get(kernel="v_" + k, size=s, fetch_policy="lrr")
        b = d.get(kernel="v_" + k, size=s, fetch_policy="ptalow")
        if not (a and b):
            out.append("| %s | %+.1f | not measured | | | | | | | | | |" % (r["id"], r["value"]))
            continue
        w = er.pct(b["cycles"], a["cycles"])
        tot["changes"].append(w)
        ua, ub = units.get(a["point_id"]), units.get(b["point_id"])
        cells = ["%s / %s" % (f1(100.0 * a["cpi_compute_structural"] / a["cycles"], 1, False),
                              f1(100.0 * b["cpi_compute_structural"] / a["cycles"], 1, False))]
        if ua and ub:
            nw = ua.get("warps", 8)
            for u in CS_UNITS:
                x, y = _cs_pct(ua["units"].get(u, 0), nw, a["cycles"]), _cs_pct(ub["units"].get(u, 0), nw, a["cycles"])
                cells.append("%s / %s" % (f1(x, 1, False), f1(y, 1, False)))
                tot["moves"].setdefault(u, []).append(y - x)
            ex = all(abs(uu["total"] / (12.0 * nw) - rr["cpi_compute_structural"]) < 1e-6 for uu, rr in ((ua, a), (ub, b)))
            tot["n"] += 1
            tot["exact"] += ex
            cells.append("yes" if ex else "NO")
            cells.append("%s / %s" % tuple(f1(100.0 * uu["not_ready"]["mdu"] / uu["counted"], 1, False)
                                           if uu["counted"] else "-" for uu in (ua, ub)))
        else:
            cells += ["-"] * (len(CS_UNITS) + 2)
        out.append("| %s | %+.1f | %+.2f | %s | %s |" % (r["id"], r["value"], w, er.verdict(r, w), " | ".join(cells)))
    if tot["n"]:
        out += ["", "Over the %d rows with traces: the split equals the record's compute-structural counter exactly in "
                "%d; ptalow minus RR per unit, mean %% of RR's cycles: %s; PTA's mean change %s%%." % (
                    tot["n"], tot["exact"], ", ".join("%s %s" % (u, f1(er.mean(tot["moves"][u]), 2)) for u in CS_UNITS),
                    f1(er.mean(tot["changes"]), 2))]
    out += _cs_probe(d, units, pub, sizes)
    return out


def _cs_probe(d, units, pub, sizes):
    """The probe of causes-magalhaes-cstruct: NAME_nd (the launcher without divides) against NAME, PTA vs RR with
    the verdict against the same published row, RR's cycles against NAME's, where ptalow's cycles moved, and the
    MDU's part of compute structural."""
    keys = ("memory_structural", "sync_control", "compute_structural", "memory_data", "empty_ibuffer")
    rows, agree, chs = [], 0, []
    for (k, s), r in sorted(pub.items()):
        if s not in sizes:
            continue
        a = d.get(kernel="v_%s_nd" % k, size=s, fetch_policy="lrr")
        b = d.get(kernel="v_%s_nd" % k, size=s, fetch_policy="ptalow")
        a0 = d.get(kernel="v_" + k, size=s, fetch_policy="lrr")
        b0 = d.get(kernel="v_" + k, size=s, fetch_policy="ptalow")
        if not (a and b):
            continue
        w = er.pct(b["cycles"], a["cycles"])
        v = er.verdict(r, w)
        agree += v == "agree"
        chs.append(w)
        ua, ub = units.get(a.get("point_id")), units.get(b.get("point_id"))
        mdu = "-"
        if ua and ub:
            nw = ua.get("warps", 8)
            mdu = "%s / %s" % tuple(f1(_cs_pct(uu["units"].get("MDU div", 0) + uu["units"].get("MDU mul", 0), nw,
                                               a["cycles"]), 1, False) for uu in (ua, ub))
        rows.append("| v_%s_nd %d | %+.1f | %s | %+.2f | %s | %s | %s | %s |" % (
            k, s, r["value"], f1(er.pct(a["cycles"], a0["cycles"]) if a0 else None, 1),
            w, v, "-" if not (a0 and b0) else f1(er.pct(b0["cycles"], a0["cycles"]), 2),
            " | ".join(f1(stack_move([(a, b)], key), 1) for key in keys), mdu))
    if not rows:
        return []
    return ["", "Probe (no source states it): the same kernels linked with the launcher built without divides "
            "(v_saxpy_nd, v_vecadd_nd; WEFT_RT_PROBE_NODIV), so no warp queues at the divider. PTA against RR, "
            "ptalow minus RR per CPI-stack class (% of RR's cycles), and the MDU's compute structural (divide + "
            "multiply, % of RR's cycles, RR / ptalow):", "",
            "| kernel, input | paper | RR cycles vs the kernel with divides | PTA vs RR (%) | verdict | PTA vs RR with "
            "divides | " + " | ".join(k.replace("_", " ") for k in keys) + " | MDU compute structural |",
            "|---|---:|---:|---:|---|---:|" + "---:|" * len(keys) + "---|"] + rows + [
            "", "Probe rows agreeing with the paper: %d of %d; PTA's mean change %s%%." % (
                agree, len(rows), f1(er.mean(chs), 2))]


def magalhaes_psort(d=None, units=None):
    """seed 004's 8W8T GTO psort rows: v_psort (a divergent `||` in the hot loop, seed 002's description) against
    v_psort_bf (the loop branch-free, as Vortex's psorti.dump) and v_psort_spawn (Vortex's task-spawn mapping: no
    barrier between a warp's keys), at FE=weft and at FE=vortex DC_LINES 4; GTO's
    change against RR with its verdict and where GTO's cycles moved (CPI stack, % of RR's cycles)."""
    d = d or Sweep("magalhaes-psort")
    sizes = {f.get("size") for f, _ in d.rows}
    pub = {r["size"]: r for r in er.load_published("magalhaes")["rows"]
           if r["id"].startswith("t2-gto-8w8t-psort-") and r["size"] in sizes}  # 512: the full variant only
    sets = [("FE=weft", {"FE": None, "DC_LINES": None}), ("FE=vortex DC 4", {"FE": "vortex", "DC_LINES": 4})]
    kernels = [k for k in ("v_psort", "v_psort_bf", "v_psort_spawn") if any(f.get("kernel") == k for f, _ in d.rows)]
    cols = [(k, sl, kw) for sl, kw in sets for k in kernels]
    out = head(d)
    out += ["GTO against RR (%), verdict against the paper:", "",
            "| row | paper | " + " | ".join("%s %s" % (k, sl) for k, sl, _ in cols) + " |",
            "|---|---:|" + "---|" * len(cols)]
    agree = dict.fromkeys(range(len(cols)), 0)
    for s in sorted(pub):
        cells = []
        for i, (k, sl, kw) in enumerate(cols):
            a = d.get(kernel=k, size=s, fetch_policy="lrr", **kw)
            b = d.get(kernel=k, size=s, fetch_policy="gto", **kw)
            if not (a and b):
                cells.append("-")
                continue
            w = er.pct(b["cycles"], a["cycles"])
            v = er.verdict(pub[s], w)
            agree[i] += v == "agree"
            cells.append("%+.2f (%s)" % (w, v))
        out.append("| %s | %+.1f | %s |" % (pub[s]["id"], pub[s]["value"], " | ".join(cells)))
    out.append("| rows agreeing | | " + " | ".join("%d of %d" % (agree[i], len(pub)) for i in range(len(cols))) + " |")
    keys = ("sync_control", "memory_data", "memory_structural", "compute_data", "compute_structural", "empty_ibuffer",
            "missed_schedule")
    out += ["", "GTO minus RR per CPI-stack class, % of RR's cycles over the three inputs; RR's cycles of each "
            "variant against v_psort's:", "",
            "| kernel | setting | GTO vs RR, mean (%) | " + " | ".join(k.replace("_", " ") for k in keys)
            + " | RR cycles vs v_psort |", "|---|---|---:|" + "---:|" * (len(keys) + 1)]
    for k, sl, kw in cols:
        pairs = [(d.get(kernel=k, size=s, fetch_policy="lrr", **kw), d.get(kernel=k, size=s, fetch_policy="gto", **kw))
                 for s in sorted(pub)]
        pairs = [(a, b) for a, b in pairs if a and b]
        if not pairs:
            continue
        base = [d.get(kernel="v_psort", size=s, fetch_policy="lrr", **kw) for s in sorted(pub)]
        rc = sum(a["cycles"] for a, _ in pairs)
        bc = sum(x["cycles"] for x in base if x)
        out.append("| %s | %s | %s | %s | %s |" % (
            k, sl, f1(er.mean([er.pct(b["cycles"], a["cycles"]) for a, b in pairs]), 2),
            " | ".join(f1(stack_move(pairs, key), 2) for key in keys),
            "-" if k == "v_psort" or len(pairs) != len([x for x in base if x]) else f1(er.pct(rc, bc), 1) + "%"))
    if units is None:
        p = _cs_units_path(d)
        units = json.load(open(p)) if os.path.exists(p) else {}
    rows = []
    for k, sl, kw in cols:
        for s in sorted(pub):
            a = d.get(kernel=k, size=s, fetch_policy="lrr", **kw)
            b = d.get(kernel=k, size=s, fetch_policy="gto", **kw)
            ua, ub = (units.get(a.get("point_id")) if a else None), (units.get(b.get("point_id")) if b else None)
            if not (ua and ub):
                continue
            nw = ua.get("warps", 8)
            rows.append("| %s %d | %s | %s / %s | %s |" % (
                k, s, sl, f1(100.0 * a["cpi_compute_structural"] / a["cycles"], 1, False),
                f1(100.0 * b["cpi_compute_structural"] / a["cycles"], 1, False),
                " | ".join("%s / %s" % (f1(_cs_pct(ua["units"].get(u, 0), nw, a["cycles"]), 1, False),
                                        f1(_cs_pct(ub["units"].get(u, 0), nw, a["cycles"]), 1, False)) for u in CS_UNITS)))
    if rows:
        out += ["", "Compute structural split by the unit of the stalled head (magalhaes-cstruct-units: FST traces of "
                "the same runs), % of RR's cycles, RR / GTO:", "",
                "| kernel, input | setting | compute structural | " + " | ".join(CS_UNITS) + " |",
                "|---|---|---|" + "---|" * len(CS_UNITS)] + rows
    return out


# ---------------------------------------------------------------- seed 002, Vortex's banked L1 (crz15)
CRZ_BANK_ARMS = [  # (label, the point's keys that select crouzet-dram's memory arm)
    ("fixed", dict(mem_preset="fixed", dram=None, DEFS=None)),
    ("dram", dict(mem_preset=None, dram=True, DEFS=None)),
    ("paper", dict(mem_preset=None, dram=True, DEFS="WEFT_DC_SETS=512 WEFT_DC_WAYS=1")),
]
CRZ_BANK_DCL = (1, 4)
# the columns: (build, arm label, arm keys, DC_LINES); w8t8 every arm, the w32t32 probe the paper arm
CRZ_BANK_COLS = ([("w8t8", arm, kw, dcl) for arm, kw in CRZ_BANK_ARMS for dcl in CRZ_BANK_DCL]
                 + [("w32t32", arm, kw, dcl) for arm, kw in CRZ_BANK_ARMS[2:] for dcl in CRZ_BANK_DCL])


def crouzet_banks():
    """seed 002's SWaS/baseline ratios against the D-cache walk width (causes-crouzet-banks): DC_LINES 1 (Weft's
    one-line walk, exp-crouzet's) and 4 (Vortex's banked L1) on exp-crouzet SMALL's w8t8 setting with crouzet-dram's
    three memory arms, and on w32t32 at the paper's inputs with the paper arm; per point crouzet_dram_point's budget,
    the walk's occupancy and each run's cycles against DC_LINES 1."""
    d = Sweep("crouzet-banks")
    pub = {r["kernel"]: r["value"] for r in er.load_published("crouzet")["rows"] if r["id"].startswith("t2-ipc-")}
    out = head(d)
    cells, recs, agree, have = {}, {}, {}, {}
    for cfg, arm, kw, dcl in CRZ_BANK_COLS:
        for k in d.values("kernel"):
            c = (cfg, arm, dcl)
            a = d.get(kernel=k, config=cfg, swas="off", DC_LINES=dcl, **kw)
            b = d.get(kernel=k, config=cfg, swas="on", DC_LINES=dcl, **kw)
            recs[(k,) + c] = (a, b)
            if a and b:
                cells[(k,) + c] = crouzet_dram_point(a, b)
                have[c] = have.get(c, 0) + 1
                agree[c] = agree.get(c, 0) + (
                    er.verdict({"compare": "ratio", "value": pub[CRZ_PK[k]]}, cells[(k,) + c]["ratio"]) == "agree")
    cols = [(cfg, arm, dcl) for cfg, arm, _, dcl in CRZ_BANK_COLS]
    out += ["| SWaS/baseline IPC | paper (Table II) | " + " | ".join("%s, %s, DC_LINES %d" % c for c in cols)
            + " |", "|---|---:|" + "---:|" * len(cols)]
    for k in d.values("kernel"):
        out.append("| %s | %s | %s |" % (k, pub[CRZ_PK[k]], " | ".join(
            f1(cells[(k,) + c]["ratio"], 2, False) if (k,) + c in cells else "-" for c in cols)))
    out.append("| Table II rows agreeing in direction | | %s |" % " | ".join(
        "%d of %d" % (agree.get(c, 0), have[c]) if have.get(c) else "-" for c in cols))
    out += ["", "| kernel | setting | SWaS/baseline IPC | lines per warp request | baseline walk cycles per 100 cycles "
            "| lines per walk cycle | bank-conflict cycles per 100 cycles | baseline cycles vs DC_LINES 1 | SWaS cycles vs "
            "DC_LINES 1 | baseline mean load latency (cycles) | baseline empty ibuffer | SWaS NOPs per warp instr. "
            "| baseline warp IPC (thread IPC) | SWaS - baseline cycles | NOP cost: NOPs x baseline warp IPC "
            "| rest (< 0 a gain) |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for k in d.values("kernel"):
        for cfg, arm, dcl in cols:
            c = cells.get((k, cfg, arm, dcl))
            if not c:
                continue
            a, b = recs[(k, cfg, arm, dcl)]
            a1, b1 = recs.get((k, cfg, arm, 1), (None, None))
            occ = walk_occ([a])
            out.append("| %s | %s, %s, DC_LINES %d | %.2f | %s | %.1f | %s | %.1f | %s | %s | %s | %s | %.2f | %.2f (%s) "
                       "| %+.1f%% | %+.1f%% | %+.1f%% |" % (
                           k, cfg, arm, dcl, c["ratio"], f1(c["lpr"], 2, False), occ[0], f1(occ[1], 2, False), occ[2],
                           f1(er.pct(a["cycles"], a1["cycles"]), 1) + "%" if a1 else "-",
                           f1(er.pct(b["cycles"], b1["cycles"]), 1) + "%" if b1 else "-",
                           f1(c["lat"], 1, False), f1(c["empty"], 1, False) + "%", c["nops"], c["ipc"], f1(c["tipc"], 2, False),
                           c["extra"], c["nopc"], c["rest"]))
    out += ["", "Arms (sweeps/causes-crouzet-banks.yaml, crouzet-dram's): fixed = exp-crouzet's memory (the build's 4 KiB "
            "4-way L1, fixed 8 cycles); dram = the build's L1 in front of DDR4-2400, no L2; paper = dram with Vortex's 16 KiB "
            "direct-mapped L1; w8t8 at exp-crouzet SMALL's inputs, w32t32 at the paper's (1024 threads; kmeans not run). "
            "DC_LINES N: the D-cache's N banks serve up to N lines of a warp request per cycle (Vortex's DCACHE_NUM_BANKS "
            "4). Walk, lines per walk cycle and bank conflicts are the baseline's (`dcache_walk_cycles`, "
            "`dcache_bank_conflict_cycles`); NOP cost and rest as in crouzet-dram."]
    return out

def crouzet_banks_floor():
    """crouzet-banks' DRAM moves against Weft's floor (causes-crouzet-banks-floor): the SWaS/baseline ratio of the
    w8t8 paper arm at DC_LINES 1 and 4 with the core-to-memory latency 7, 8 (crouzet-banks' own points) and 9; a move
    is beyond the floor when DC_LINES 4 moves the ratio the same way at all three latencies and by more than the
    ratio's spread over the latencies at DC_LINES 1."""
    d = Sweep("crouzet-banks-floor")
    base = Sweep("crouzet-banks")
    paper = dict(CRZ_BANK_ARMS[2][1])
    out = head(d)
    out += ["| kernel | ratio at latency 7 / 8 / 9, DC_LINES 1 | DC_LINES 4 | change 4 - 1 at 7 / 8 / 9 | spread over the "
            "latencies at DC_LINES 1 | beyond the floor |", "|---|---|---|---|---:|---|"]

    def ratio(k, lat, dcl):
        src, kw = (base, dict(paper, config="w8t8")) if lat == 8 else (d, dict(mem_latency=lat))
        a = src.get(kernel=k, swas="off", DC_LINES=dcl, **kw)
        b = src.get(kernel=k, swas="on", DC_LINES=dcl, **kw)
        return b["ipc"] / a["ipc"] if a and b else None
    for k in d.values("kernel"):
        r = {(lat, dcl): ratio(k, lat, dcl) for lat in (7, 8, 9) for dcl in CRZ_BANK_DCL}
        if any(v is None for v in r.values()):
            out.append("| %s | - | - | - | - | - |" % k)
            continue
        ch = [r[(lat, 4)] - r[(lat, 1)] for lat in (7, 8, 9)]
        spread = max(r[(lat, 1)] for lat in (7, 8, 9)) - min(r[(lat, 1)] for lat in (7, 8, 9))
        beyond = (all(c > 0 for c in ch) or all(c < 0 for c in ch)) and min(abs(c) for c in ch) > spread
        out.append("| %s | %s | %s | %s | %.3f | %s |" % (
            k, " / ".join("%.3f" % r[(lat, 1)] for lat in (7, 8, 9)), " / ".join("%.3f" % r[(lat, 4)] for lat in (7, 8, 9)),
            " / ".join("%+.3f" % c for c in ch), spread, "yes" if beyond else "no"))
    out += ["", "Latency 8 is crouzet-banks' w8t8 paper-arm points; 7 and 9 move --mem-latency (on top of the DRAM time) by "
            "one cycle, magalhaes-noise's perturbation. Beyond the floor: the same sign at all three latencies and every "
            "change larger than the ratio's spread over the latencies at DC_LINES 1."]
    return out


# ---------------------------------------------------------------- seed 000, cores sharing the L2 and DRAM (aurmc15)
# (label, {warps: setting}) of causes-aurud-cores: exp-aurud's one SM, four SMs sharing the preset's L2 and DDR4
# channel, the same with the thesis's channel bandwidth per core (16 B/cycle over 32 cores, x 4 cores), and the
# thesis's cluster (8 cores on the L2) at that bandwidth per core
AUR_CORES = [("A: 1 core (exp-aurud)", {"4 x 4": dict(config="vortex", dram_bw=None), "8 x 4": dict(config="vortex8", dram_bw=None)}),
             ("B: 4 cores, shared L2 + DDR4", {"4 x 4": dict(config="vortexq", dram_bw=None),
                                               "8 x 4": dict(config="vortex8q", dram_bw=None)}),
             ("C: B, --dram-bw 2 (0.5 B/cycle per core)", {"4 x 4": dict(config="vortexq", dram_bw="2"),
                                                           "8 x 4": dict(config="vortex8q", dram_bw="2")}),
             ("D: C with 8 cores (one cluster), --dram-bw 4", {"4 x 4": dict(config="vortexc", dram_bw="4"),
                                                               "8 x 4": dict(config="vortex8c", dram_bw="4")})]


def _pj(r):
    return json.loads(r["perf_json"]) if r and r.get("perf_json") else {}


def mem_occ(rs):
    """Summed over records: (DRAM bus busy % of cycles, DRAM read latency, load latency (cycles per load request),
    L2 arbiter waits per 100 cycles, cores that committed a warp instruction (min-max over records), L2 writebacks
    per 1,000 warp instructions)."""
    rs = [r for r in rs if r]
    if not rs:
        return None, None, None, None, None, None
    cyc = sum(r["cycles"] for r in rs) or 1
    dr = [_pj(r).get("dram") or {} for r in rs]
    l2 = [_pj(r).get("l2") or {} for r in rs]
    reads = sum(x.get("reads", 0) for x in dr)
    lreq = sum(r.get("ctr_load_requests") or 0 for r in rs)
    ncores = [sum(1 for c in _pj(r).get("cores") or [] if c["counters"].get("warp_instrs")) for r in rs]
    return (100.0 * sum(x.get("busy_cycles", 0) for x in dr) / cyc,
            sum(x.get("read_latency_sum", 0) for x in dr) / reads if reads else None,
            sum(r.get("ctr_load_latency_sum") or 0 for r in rs) / lreq if lreq else None,
            100.0 * sum(sum(x.get("waits") or []) for x in l2) / cyc,
            (min(ncores), max(ncores)) if ncores else None,
            1000.0 * sum(x.get("writebacks", 0) for x in l2) / (sum(r.get("warp_instrs") or 0 for r in rs) or 1))


def _cause_cc(pairs):
    """er._cause over core-cycles: the CPI classes whose cycles moved most, summed over the (baseline, new) record
    pairs, as % of the baseline's CPI stack (core-cycles: the cycles times the cores, the stack adds the cores)."""
    pairs = [(a, b) for a, b in pairs if a and b]
    base = sum(sum(a.get("cpi_" + k) or 0 for k in er.CPI_KEYS) for a, _ in pairs)
    if not base:
        return "-"
    dd = {k: sum((b.get("cpi_" + k) or 0) - (a.get("cpi_" + k) or 0) for a, b in pairs) / base * 100 for k in er.CPI_KEYS}
    top = sorted(dd.items(), key=lambda kv: -abs(kv[1]))[:3]
    return ", ".join("%s %+.1f%%" % (er.CPI_NAMES[k], v) for k, v in top)


def _cpi_cc(r):
    """Core-cycles (the CPI stack's sum over the cores) per warp instruction: the CPI of docs/counters.md, which for
    one core is cycles / warp instructions."""
    return sum(r.get("cpi_" + k) or 0 for k in er.CPI_KEYS) / r["warp_instrs"] if r and r.get("warp_instrs") else None


def _p(x, sign=False):
    return "-" if x is None else f1(x, 1, sign) + "%"


def aurud_cores():
    """The rows that still disagree (front-end shares, FRRR's gains, gain-8w-gt-4w) against the cores sharing the
    vortex preset's L2 and DDR4 channel (causes-aurud-cores): 1 core, 4 cores, 4 cores with 2 B/cycle of DRAM, 8 cores
    with 4 B/cycle."""
    d = Sweep("aurud-cores")
    out = head(d)
    out += ["| setting | warps x threads | Vortex: front-end share (sync & control / empty ibuffer) | Vortex: front-end "
            "share of non-idle cycles | Vortex: memory data / memory structural / compute structural / idle share "
            "| Vortex mean CPI (core-cycles per warp instr.) | FRRR vs Vortex, mean CPI | FRRR: largest CPI-stack moves (% of Vortex's core-cycles) |",
            "|---|---|---|---:|---|---:|---:|---|"]
    res, per = {}, {}
    FE = ["sync_control", "empty_ibuffer"]
    for label, ws in AUR_CORES:
        for warps, kw in ws.items():
            def g(k, c, kw=kw):
                return d.get(kernel=k, **AUR_CFG[c], **kw)
            vs = [g(k, "Vortex") for k in AUR_KERNELS if g(k, "Vortex")]
            ch = er.mean([er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) for k in AUR_KERNELS
                          if g(k, "FRRR") and g(k, "Vortex")])
            fe = er.mean([er._share(r, FE) for r in vs])
            fe_act = er.mean([100.0 * er._share(r, FE) / (100.0 - er._share(r, ["idle"])) for r in vs
                              if er._share(r, ["idle"]) is not None and er._share(r, ["idle"]) < 100])
            res[(label, warps)] = (ch, fe)
            per[(label, warps)] = {k: (er._share(g(k, "Vortex"), FE) if g(k, "Vortex") else None,
                                       er.pct(er.cpi(g(k, "FRRR")), er.cpi(g(k, "Vortex"))) if g(k, "FRRR") and g(k, "Vortex")
                                       else None, er._share(g(k, "Vortex"), ["idle"]) if g(k, "Vortex") else None,
                                       er._share(g(k, "Vortex"), ["memory_data", "memory_structural"]) if g(k, "Vortex")
                                       else None) for k in AUR_KERNELS}
            cz = _cause_cc([(g(k, "Vortex"), g(k, "FRRR")) for k in AUR_KERNELS])
            out.append("| %s | %s | %s (%s / %s) | %s | %s | %s | %s | %s |" % (
                label, warps, _p(fe), _p(er.mean([er._share(r, ["sync_control"]) for r in vs])),
                _p(er.mean([er._share(r, ["empty_ibuffer"]) for r in vs])), _p(fe_act),
                " / ".join(_p(er.mean([er._share(r, [x]) for r in vs]))
                           for x in ("memory_data", "memory_structural", "compute_structural", "idle")),
                f1(er.mean([_cpi_cc(r) for r in vs]), 3, False), _p(ch, True), cz))
    out.append("| thesis (sec. 7.1-7.2, 7.7; 32 cores) | 4 / 8 warps | about 50% (over 40% / 5-10%), larger at 8 warps | "
               "| | | -5.48% / -13.2% | |")
    gl = []
    for label, _ in AUR_CORES:
        a, b = res.get((label, "4 x 4")), res.get((label, "8 x 4"))
        ok = a and b and None not in (a[0], b[0])
        gl.append("%s %s" % (label.split(":")[0], f1(-(b[0] - a[0]), 2) if ok else "-"))
    out += ["", "gain-8w-gt-4w (FRRR's CPI reduction at 8 warps minus at 4 warps, percentage points; the thesis +7.72): "
            + ", ".join(gl) + ".", "",
            "The memory system, summed over the 12 kernels (perf JSON `dram`, `l2`; load latency = `load_latency_sum` / "
            "`load_requests`, cycles):", "",
            "| setting | warps x threads | Vortex's GPU cycles vs A (summed) | DRAM bus busy, % of cycles, Vortex / FRRR "
            "| DRAM read latency, Vortex / FRRR | load latency, Vortex / FRRR | L2 arbiter waits per 100 cycles, Vortex / "
            "FRRR | L2 writebacks per 1k warp instr., Vortex | cores that ran (min-max over kernels), Vortex |",
            "|---|---|---:|---|---|---|---|---:|---|"]
    for label, ws in AUR_CORES:
        for warps, kw in ws.items():
            v = [d.get(kernel=k, **AUR_CFG["Vortex"], **kw) for k in AUR_KERNELS]
            f = [d.get(kernel=k, **AUR_CFG["FRRR"], **kw) for k in AUR_KERNELS]
            va = [d.get(kernel=k, **AUR_CFG["Vortex"], **AUR_CORES[0][1][warps]) for k in AUR_KERNELS]
            cyc = er.pct(sum(r["cycles"] for r in v if r), sum(r["cycles"] for r in va if r)) if all(v) and all(va) else None
            mv, mf = mem_occ(v), mem_occ(f)
            out.append("| %s | %s | %s | %s / %s | %s / %s | %s / %s | %s / %s | %s | %s |" % (
                label.split(":")[0], warps, _p(cyc, True), f1(mv[0], 1, False),
                f1(mf[0], 1, False), f1(mv[1], 1, False), f1(mf[1], 1, False), f1(mv[2], 1, False), f1(mf[2], 1, False),
                f1(mv[3], 1, False), f1(mf[3], 1, False), f1(mv[5], 2, False), "%d-%d" % mv[4] if mv[4] else "-"))
    for warps in ("4 x 4", "8 x 4"):
        out += ["", "Per kernel, %s: the Vortex baseline's front-end share (%%) / FRRR's CPI change against Vortex (%%) "
                "/ the baseline's memory (data + structural) share (%%) / its idle share (%%):" % warps, "",
                "| kernel | " + " | ".join(lab.split(":")[0] for lab, _ in AUR_CORES) + " |", "|---" * (len(AUR_CORES) + 1) + "|"]
        for k in AUR_KERNELS:
            out.append("| %s | %s |" % (k, " | ".join(
                "%s / %s / %s / %s" % (f1(per[(lab, warps)][k][0], 1, False), f1(per[(lab, warps)][k][1]),
                                       f1(per[(lab, warps)][k][3], 1, False), f1(per[(lab, warps)][k][2], 1, False))
                for lab, _ in AUR_CORES)))
    out += ["", "Shares are of all core-cycles (the CPI stack adds the cores; a core done before the others counts idle, "
            "docs/counters.md); \"of non-idle cycles\" divides by the cycles that are not idle."]
    return out


# ---------------------------------------------------------------- seed 000, psort-missed vs the ALU latency (alu15)
AA_CFGS = ["Vortex", "+ ready issue", "FRRR"]  # AR_CFG's names (sweeps/causes-aurud-alu.yaml's three schedulers)
AA_LATS = ["1", "4"]  # make ALU_LAT: Weft's ALU; Vortex's 2021-22 issue-to-issue distance of 5 cycles
AA_PROBES = ["1", "2", "3", "4", "6"]  # v_psort only: 2, 3, 6 are probe points (no source states them)


def aurud_alu(d=None):
    """Seed 000's row psort-missed against the integer ALU's result latency (sweeps/causes-aurud-alu.yaml): exp-aurud's
    4-warp setting at ALU_LAT 1 (Weft) and 4 (Vortex's dependent-issue distance), three schedulers."""
    d = d or Sweep("aurud-alu")
    ks = AUR_KERNELS

    def g(k, c, lat):
        return d.get(kernel=k, ALU_LAT=lat, **AR_CFG[c])

    def sh(r, *cls):
        return er._share(r, list(cls)) if r else None

    def ch(k, c, lat, base="Vortex", base_lat=None):
        a, b = g(k, base, base_lat or lat), g(k, c, lat)
        return er.pct(er.cpi(b), er.cpi(a)) if a and b else None

    def p2(x):
        return "-" if x is None else "%.2f%%" % x

    def c2(x):
        return "-" if x is None else "%+.2f%%" % x

    out = head(d)
    out += ["**psort-missed against the ALU result latency** (v_psort; thesis sec. 7.3: missed schedules about 10% of "
            "the CPI, psort's other stalls \"compute data dependencies\", FGTO/FRRR -20%). ALU_LAT 1: a dependent "
            "instruction issues 2 cycles after its producer (Weft); 4: 5 cycles (Vortex's 2021-22 RTL).", "",
            "| v_psort, ALU_LAT | CPI | missed schedule, 1/W rule | missed, whole cycles | compute data | memory data "
            "| structural (memory + compute) | + ready issue: CPI | FRRR: CPI |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for lat in AA_LATS:
        r = g("v_psort", "Vortex", lat)
        if not r:
            out.append("| %s | not run | | | | | | | |" % lat)
            continue
        mc = er._counter(r, "missed_schedule_cycles")
        out.append("| %s | %.3f | %s | %s | %s | %s | %s | %s | %s |" % (
            lat, er.cpi(r), p2(sh(r, "missed_schedule")), p2(100.0 * mc / r["cycles"]) if mc is not None else "-",
            p2(sh(r, "compute_data")), p2(sh(r, "memory_data")), p2(sh(r, "memory_structural", "compute_structural")),
            c2(ch("v_psort", "+ ready issue", lat)), c2(ch("v_psort", "FRRR", lat))))
    out += ["", "v_psort against the latency (2, 3 and 6 are probe points, no source states them; a dependent instruction "
            "issues ALU_LAT + 1 cycles after its producer):", "",
            "| ALU_LAT | CPI | missed schedule, 1/W rule | missed, whole cycles | compute data | + ready issue: CPI "
            "| FRRR: CPI |", "|---:|---:|---:|---:|---:|---:|---:|"]
    for lat in AA_PROBES:
        r = g("v_psort", "Vortex", lat)
        if not r:
            out.append("| %s | not run | | | | | |" % lat)
            continue
        mc = er._counter(r, "missed_schedule_cycles")
        out.append("| %s | %.3f | %s | %s | %s | %s | %s |" % (
            lat, er.cpi(r), p2(sh(r, "missed_schedule")), p2(100.0 * mc / r["cycles"]) if mc is not None else "-",
            p2(sh(r, "compute_data")), c2(ch("v_psort", "+ ready issue", lat)), c2(ch("v_psort", "FRRR", lat))))
    out += ["", "The 12 kernels (the Vortex baseline; shares of each run's CPI stack; CPI change of ALU_LAT 4 against 1; "
            "ready issue's CPI change against the baseline at the same latency):", "",
            "| kernel | missed 1 -> 4 | compute data 1 -> 4 | CPI, ALU_LAT 4 vs 1 | + ready issue at 1 / 4 "
            "| FRRR at 1 / 4 |", "|---|---|---|---:|---|---|"]
    cols = {"m1": [], "m4": [], "c1": [], "c4": [], "d4": [], "cpi": [], "ri1": [], "ri4": [], "fr1": [], "fr4": []}
    for k in ks:
        r1, r4 = g(k, "Vortex", "1"), g(k, "Vortex", "4")
        m1, m4 = sh(r1, "missed_schedule"), sh(r4, "missed_schedule")
        c1, c4 = sh(r1, "compute_data"), sh(r4, "compute_data")
        cp = er.pct(er.cpi(r4), er.cpi(r1)) if r1 and r4 else None
        ri1, ri4 = ch(k, "+ ready issue", "1"), ch(k, "+ ready issue", "4")
        fr1, fr4 = ch(k, "FRRR", "1"), ch(k, "FRRR", "4")
        for key, v in (("m1", m1), ("m4", m4), ("c1", c1), ("c4", c4), ("cpi", cp), ("ri1", ri1), ("ri4", ri4),
                       ("fr1", fr1), ("fr4", fr4), ("d4", sh(r4, "memory_data", "compute_data"))):
            cols[key].append(v)
        out.append("| %s | %s -> %s | %s -> %s | %s | %s / %s | %s / %s |" % (
            k, p2(m1), p2(m4), p2(c1), p2(c4), c2(cp), c2(ri1), c2(ri4), c2(fr1), c2(fr4)))
    mn = {key: er.mean(v) for key, v in cols.items()}
    out.append("| mean | %s -> %s | %s -> %s | %s | %s / %s | %s / %s |" % (
        p2(mn["m1"]), p2(mn["m4"]), p2(mn["c1"]), p2(mn["c4"]), c2(mn["cpi"]), c2(mn["ri1"]), c2(mn["ri4"]),
        c2(mn["fr1"]), c2(mn["fr4"])))
    rank = None
    if all(x is not None for x in cols["m4"]):
        srt = sorted(cols["m4"], reverse=True)
        rank = srt.index(cols["m4"][ks.index("v_psort")]) + 1
    out += ["", "At ALU_LAT 4, across the 12 kernels: missed schedules against data stalls (memory + compute) Pearson "
            "r = %s, against compute data r = %s; v_psort's missed-schedule share ranks %s of 12 (1 = largest)." % (
                f1(pearson(cols["d4"], cols["m4"]), 2), f1(pearson(cols["c4"], cols["m4"]), 2), rank or "-")]
    return out


# ---------------------------------------------------------------- seed 003, Fig. 9 against the input size (bush15)
# (DEFS, lines, ways): exp-bush SMALL's D-cache geometries, 32-byte lines; no DEFS = the default 128 x 4
BUSH_GEOMS = [("WEFT_DC_SETS=64 WEFT_DC_WAYS=1", 64, 1), ("WEFT_DC_SETS=16 WEFT_DC_WAYS=4", 64, 4), (None, 128, 4),
              ("WEFT_DC_SETS=256 WEFT_DC_WAYS=1", 256, 1), ("WEFT_DC_SETS=64 WEFT_DC_WAYS=4", 256, 4)]
BUSH_DEFAULT = {"v_vecadd": 256, "v_sgemm": 32, "v_conv3": 32, "v_transpose": 64, "v_psort": 256}  # kernels-papers.md
BUSH_LATS = (None, 7, 9)  # --l2-lat: the default (8), one cycle shorter, one longer


def bush_data_kib(kernel, n):
    """The kernel's data (inputs + outputs, 4-byte words) at size n (0: its default), KiB."""
    n = n or BUSH_DEFAULT[kernel]
    words = {"v_vecadd": 3 * n, "v_sgemm": 3 * n * n, "v_conv3": (n + 2) ** 2 + n * n + 9,
             "v_transpose": 2 * n * n, "v_psort": 2 * n}[kernel]
    return 4.0 * words / 1024


def _bush_geo(d, ks, large, lat):
    """{(lines, ways): (geomean cycles relative to 256 x 4, mean load hit rate)} over kernels ks at the default
    (large False) or the sweep's `large` sizes, L2 hit latency lat (None: default); None if a point is missing."""
    sizes = d.sw.size_maps.get("large", {})
    recs = {}
    for defs, n, w in BUSH_GEOMS:
        rs = [d.get(kernel=k, size=sizes.get(k, 0) if large else 0, DEFS=defs, l2_lat=lat) for k in ks]
        if any(r is None for r in rs):
            return None
        recs[(n, w)] = rs
    base = recs[(256, 4)]
    return {g: (er.gmean([a["cycles"] / b["cycles"] for a, b in zip(rs, base)]), er.mean([hit_rate(r) for r in rs]))
            for g, rs in recs.items()}


def _bush_gains(geo):
    """exp_report's cache-assoc-vs-capacity: (associativity gain, capacity gain, gain difference), %/points."""
    ga = er.mean([100 * (1 - geo[(n, 4)][0] / geo[(n, 1)][0]) for n in (64, 256)])
    gc = er.mean([100 * (1 - geo[(256, a)][0] / geo[(64, a)][0]) for a in (1, 4)])
    return ga, gc, ga - gc


def bush_size(d=None):
    """seed 003's Fig. 9 rows (cache-assoc-vs-capacity) at exp-bush SMALL's default inputs and at larger ones
    (one factor: the input size), with Weft's floor (the L2 hit latency +-1 cycle)."""
    d = d or Sweep("bush-size")
    pub = {r["id"]: r for r in er.load_published("bush")["rows"]}
    row = pub["cache-assoc-vs-capacity"]
    ks = [k for k in d.values("kernel")]
    sizes = d.sw.size_maps.get("large", {})
    out = head(d)
    out += ["Inputs: default " + ", ".join("%s %d (%.1f KiB)" % (k, BUSH_DEFAULT[k], bush_data_kib(k, 0)) for k in ks)
            + "; larger " + ", ".join("%s %d (%.1f KiB)" % (k, sizes[k], bush_data_kib(k, sizes[k])) for k in ks)
            + " (data = inputs + outputs; the largest cache is 8 KiB).", ""]
    geo = {(lg, lat): _bush_geo(d, ks, lg, lat) for lg in (False, True) for lat in BUSH_LATS}
    out += ["Fig. 9 points (barrel, geomean over the %d kernels of cycles relative to 256 lines 4-way; mean load hit "
            "rate; L2 hit latency 8):" % len(ks), "",
            "| lines | ways | default inputs: cycles vs 256 x 4 | hit rate | larger inputs: cycles vs 256 x 4 | hit rate |",
            "|---:|---:|---:|---:|---:|---:|"]
    for _, n, w in BUSH_GEOMS:
        cells = []
        for lg in (False, True):
            g = geo[(lg, None)]
            cells += ["%.3f" % g[(n, w)][0], "%.1f%%" % g[(n, w)][1]] if g else ["-", "-"]
        out.append("| %d | %d | %s |" % (n, w, " | ".join(cells)))
    out += ["", "Row cache-assoc-vs-capacity (paper %+g: associativity gains more; rule: sign, +-%g): gain of 1 -> 4 "
            "ways (mean over 64 and 256 lines) and of 64 -> 256 lines (mean over 1 and 4 ways), %% of cycles:"
            % (row["value"], er.DEAD), "",
            "| inputs | L2 hit latency | associativity gain | capacity gain | difference (Weft's value) | verdict |",
            "|---|---:|---:|---:|---:|---|"]
    ws = {}
    for lg in (False, True):
        for lat in BUSH_LATS:
            g = geo[(lg, lat)]
            if not g:
                out.append("| %s | %s | - | - | - | not run |" % ("larger" if lg else "default", lat or 8))
                continue
            ga, gc, w = _bush_gains(g)
            ws[(lg, lat)] = w
            out.append("| %s | %s | %.2f%% | %.2f%% | %+.2f | %s |" % (
                "larger" if lg else "default", lat or 8, ga, gc, w, er.verdict(row, w)))
    out += ["", "Per kernel (load hit rate per geometry; cycles of 64 x 1 / 64 x 4 / 256 x 1 relative to 256 x 4; "
            "L2 hit latency 8):", "",
            "| kernel | size | data | hit 64x1 / 64x4 / 128x4 / 256x1 / 256x4 | cycles 256x4 | 64x1 / 64x4 / 256x1 vs 256x4 |",
            "|---|---:|---:|---|---:|---|"]
    for k in ks:
        for lg in (False, True):
            s = sizes.get(k, 0) if lg else 0
            rs = {(n, w): d.get(kernel=k, size=s, DEFS=defs, l2_lat=None) for defs, n, w in BUSH_GEOMS}
            b = rs[(256, 4)]
            out.append("| %s | %s | %.1f KiB | %s | %s | %s |" % (
                k, "{:,}".format(s) if s else "default", bush_data_kib(k, s),
                " / ".join(f1(hit_rate(rs[g]), 1, False) if rs[g] else "-" for g in sorted(rs)),
                "{:,}".format(b["cycles"]) if b else "-",
                " / ".join("%.3f" % (rs[g]["cycles"] / b["cycles"]) if rs[g] and b else "-"
                           for g in ((64, 1), (64, 4), (256, 1)))))
    # the floor and the verdict
    out.append("")
    fl = {}
    for lg in (False, True):
        xs = [ws.get((lg, lat)) for lat in BUSH_LATS]
        if any(x is None for x in xs):
            continue
        fl[lg] = (min(xs), max(xs), len({er.verdict(row, x) for x in xs}) > 1)
        out.append("Floor, %s inputs: the difference is %s at L2 hit latency 8 / 7 / 9 (spread %.2f points); "
                   "its verdict %s under the perturbation, its sign %s." % (
                       "larger" if lg else "default", " / ".join("%+.2f" % x for x in xs), max(xs) - min(xs),
                       "flips" if fl[lg][2] else "holds", "flips" if min(xs) < 0 < max(xs) else "holds"))
    if len(fl) == 2:
        w0, w1 = ws[(False, None)], ws[(True, None)]
        spread = max(fl[True][1] - fl[True][0], fl[False][1] - fl[False][0])
        beyond = abs(w1 - w0) > spread
        agree_all = all(er.verdict(row, ws[(True, lat)]) == "agree" for lat in BUSH_LATS)
        dis_all = all(er.verdict(row, ws[(True, lat)]) == "disagree" for lat in BUSH_LATS)
        if agree_all:
            v = "explains the direction (at the larger inputs associativity gains more, at every L2 latency)"
        elif dis_all:
            mv = (w1 - w0) * row["value"]
            v = "refuted (at the larger inputs the row still disagrees at every L2 latency: the input size does " \
                "not turn it; its move is %s)" % ("toward the paper" if mv > 0 else "away from the paper" if mv < 0
                                                  else "nil")
        else:
            v = "still open (the larger inputs' difference is within Weft's floor)"
        out += ["", "Difference default -> larger inputs: %+.2f -> %+.2f (move %+.2f points; the larger of the two "
                "floors' spreads %.2f: %s the floor). Verdict on the input size as the cause: **%s**." % (
                    w0, w1, w1 - w0, spread, "beyond" if beyond else "within", v)]
    return out


def embed(doc_name, out=os.path.join(ROOT, "docs", "experiments")):
    """Put notes/NAME-causes.md into the committed OUT/NAME.md as exp_report.py's write_doc places it
    (a "Controlled experiments" subsection at the end of "Measured causes and details"), replacing an
    earlier copy, without regenerating the document's tables."""
    causes = os.path.join(out, "notes", doc_name + "-causes.md")
    path = os.path.join(out, doc_name + ".md")
    with open(causes) as f:
        text = f.read().strip()
    with open(path) as f:
        doc = f.read()
    title = "### Controlled experiments (hand-written; `%s`)" % os.path.relpath(causes, ROOT)
    if title in doc:  # drop the earlier copy (up to the next level-2 heading)
        i = doc.index(title)
        j = doc.find("\n## ", i)
        doc = doc[:i] + (doc[j + 1:] if j >= 0 else "")
    block = title + "\n\n" + text + "\n\n"
    m = doc.find("## Measured causes and details")
    if m < 0:
        raise SystemExit("exp_causes: %s has no 'Measured causes and details' section" % path)
    r = doc.find("\n## ", m + 1)
    doc = doc[:r + 1] + block + doc[r + 1:] if r >= 0 else doc.rstrip("\n") + "\n\n" + block
    with open(path, "w") as f:
        f.write(doc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("name", choices=["aurud-8w", "crouzet-mem", "crouzet-warps", "magalhaes-mem", "magalhaes-fe", "aurud-size",
                                     "aurud-8w-fe", "crouzet-w32", "magalhaes-noise", "magalhaes-rows", "aurud-fe", "aurud-mix", "crouzet-all", "aurud-8w-iclat",
                                     "aurud-8w-ii", "crouzet-ii", "crouzet-dram",
                                     "magalhaes-dcl", "aurud-8w-dcl", "aurud-4w-dcl", "aurud-8w-dcl-fe",
                                     "magalhaes-sgemm", "aurud-rows", "magalhaes-cstruct", "magalhaes-cstruct-units",
                                     "magalhaes-psort", "crouzet-banks", "crouzet-banks-floor", "aurud-cores", "aurud-alu", "bush-size", "embed"])
    ap.add_argument("doc", nargs="*", help="embed: the documents (aurud crouzet magalhaes bush) to give their causes notes")
    ap.add_argument("--run", action="store_true", help="run the simulations first")
    ap.add_argument("--out", help="also write the summary to FILE")
    ap.add_argument("--axis", action="append", default=[], metavar="KEY=V1,V2",
                    help="with --run: run only these values of an axis (the sweep runner's --axis), e.g. size=small")
    a = ap.parse_args(argv)
    if a.name == "embed":
        for n in a.doc:
            embed(n)
        return 0
    if a.run:
        rc = run_sweep(a.name, a.axis)
        if rc not in (0, 1):
            return rc
        if a.name == "aurud-rows":
            aurud_rows_collect()
    lines = globals()[a.name.replace("-", "_")]()
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
