#!/usr/bin/env python3
"""tests/impl/synth_modules_test.py - tools/synth_modules.py (per-module cached synthesis) and the lanes
report's arithmetic (tools/exp_report.py lies_points / lies_doublings).

  1. RTLIL handling on hand-written text: modules split with their attributes; the key ignores Yosys's
     running auto-index numbers but not the content nor the $paramod hash; stubs keep the ports only.
  2. aggregate(): instance counts multiply down the hierarchy, totals are own values x instances.
  3. parse_mems(): bits and the port factor max(1, ports / 2), wide-port continuations counted once.
  4. Table 5.3's metric from scaling.json points: 2 A(L) / A(2L) - 1, merged runs.
  5. End to end on a small real module (weft_fifo at its defaults as the top): a first run synthesizes
     it, a second run takes it from the cache with the same area; a changed clock target misses the cache.
  6. The stitcher (--sta, fifteenth session): clean_names gives one plain name per escaped identifier; an
     old cached netlist's `.A(\\g.v),` (no space ending the escaped name) is repaired; a
     hand-written two-module hierarchy (a top with three instances of a leaf at two parameter sets) is
     synthesized per module, stitched into one netlist holding each module once, linked by OpenSTA (OSU
     0.18 um), and reports a nonzero power, a finite Fmax and the per-part leaf powers that add up to the total.
Prints "N passed, M failed"; exits non-zero on a failure.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import synth_modules as sm  # noqa: E402

passed, failed = 0, 0


def check(name, cond, info=""):
    global passed, failed
    if cond:
        passed += 1
        print("PASS", name)
    else:
        failed += 1
        print("FAIL", name, info)


IL = r"""attribute \top 1
module \top
  wire width 4 input 1 \a
  wire width 4 output 2 \y
  wire $and$x.sv:3$17_Y
  cell $paramod$5abc\leaf u0
  end
  cell $paramod$5abc\leaf u1
  end
  cell $and $and$x.sv:3$17
  end
end
module $paramod$5abc\leaf
  wire width 4 input 1 \i
  wire width 4 output 2 \o
  wire $add$y.sv:1$18_Y
  cell $add $add$y.sv:1$18
  end
end
"""

TWO_LEVEL = """module two_leaf #(parameter int W = 4) (input logic clk_i, input logic [W-1:0] a_i, b_i, output logic [W-1:0] q_o);
  logic [W-1:0] r;
  always_ff @(posedge clk_i) r <= a_i + b_i;
  assign q_o = r ^ a_i;
endmodule
module two_top (input logic clk_i, input logic [7:0] a_i, b_i, output logic [7:0] y_o, output logic [3:0] z_o);
  logic [7:0] m;
  two_leaf #(.W(8)) u0 (.clk_i, .a_i, .b_i, .q_o(m));
  two_leaf #(.W(8)) u1 (.clk_i, .a_i(m), .b_i(a_i), .q_o(y_o));
  two_leaf u2 (.clk_i, .a_i(a_i[3:0]), .b_i(m[7:4]), .q_o(z_o));
endmodule
"""


def main():
    # 1. RTLIL
    mods = sm.split_modules(IL)
    check("split-modules", sorted(mods) == ["$paramod$5abc\\leaf", "\\top"], sorted(mods))
    check("split-keeps-attributes", mods["\\top"].startswith("attribute \\top 1\nmodule \\top"))
    leaf = mods["$paramod$5abc\\leaf"]
    shifted = leaf.replace("$18", "$931")
    check("key-ignores-autoidx", sm.module_key(leaf, "s") == sm.module_key(shifted, "s"))
    check("key-sees-content", sm.module_key(leaf, "s") != sm.module_key(leaf.replace("$add ", "$sub "), "s"))
    check("key-sees-settings", sm.module_key(leaf, "s") != sm.module_key(leaf, "t"))
    top = mods["\\top"]
    check("key-sees-paramod-hash", sm.module_key(top, "s") != sm.module_key(top.replace("$5abc", "$7abc"), "s"))
    lines = leaf.splitlines()
    reordered = "\n".join(lines[:3] + [lines[4], lines[3]] + lines[5:]).replace("$18", "$1000") + "\n"
    check("content-key-ignores-order", sm.content_key(leaf, "s") == sm.content_key(reordered, "s")
          and sm.module_key(leaf, "s") != sm.module_key(reordered, "s"))
    check("content-key-sees-content", sm.content_key(leaf, "s") != sm.content_key(leaf.replace("$add ", "$sub "), "s"))
    cache = tempfile.mkdtemp(prefix="synthmod-cache-")
    try:
        os.makedirs(os.path.join(cache, "k1"))
        with open(os.path.join(cache, "k1", "in.il"), "w") as f:
            f.write(leaf)
        json.dump({"module": "$paramod$5abc\\leaf", "seconds": 1}, open(os.path.join(cache, "k1", "done.json"), "w"))
        sm.index_cache(cache, "s")
        check("lookup-by-content", sm.lookup(cache, "other", sm.content_key(reordered, "s")) == os.path.join(cache, "k1")
              and sm.lookup(cache, "other", sm.content_key(leaf.replace("$add ", "$sub "), "s")) is None)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    st = sm.stub(leaf)
    check("stub-ports-only", "blackbox" in st and "\\i" in st and "\\o" in st and "$add" not in st, st)
    kids = {n: sm.children(t, set(mods)) for n, t in mods.items()}
    check("children", kids["\\top"] == {"$paramod$5abc\\leaf": 2} and kids["$paramod$5abc\\leaf"] == {}, kids)

    # 2. aggregate: top -> 2 x mid -> 3 x leaf
    names = ["\\t", "m", "l"]
    k = {"\\t": {"m": 2}, "m": {"l": 3}, "l": {}}

    def res(g, a, s):
        return {"generic_cells": g, "cells": g, "area_um2": float(a), "mem_bits": 10, "sram_est_um2": float(s),
                "flops": 1, "fanout_buffers": 0, "seconds": 1.0}
    results = {"\\t": res(5, 50, 0), "m": res(7, 70, 100), "l": res(11, 110, 0)}
    rows, tot, parts = sm.aggregate(names, k, results, "\\t")
    inst = {r["yosys_name"]: r["instances"] for r in rows}
    check("aggregate-instances", inst == {"t": 1, "m": 2, "l": 6}, inst)
    check("aggregate-totals", tot["generic_cells"] == 5 + 2 * 7 + 6 * 11 and tot["area_um2"] == 50 + 140 + 660
          and tot["sram_est_um2"] == 200 and tot["mem_bits"] == 90, tot)
    check("aggregate-parts", abs(sum(v["area_um2"] for v in parts.values()) - 850) < 1e-6, parts)

    # 3. memories
    dump = """  cell $mem_v2 $rf
    parameter \\SIZE 256
    parameter \\WIDTH 32
    parameter \\RD_PORTS 3
    parameter \\WR_PORTS 1
  end
  cell $mem_v2 $line
    parameter \\RD_WIDE_CONTINUATION 1'0
    parameter \\SIZE 64
    parameter \\WIDTH 32
    parameter \\RD_PORTS 1
    parameter \\WR_PORTS 4
    parameter \\WR_WIDE_CONTINUATION 4'1110
  end
"""
    ms = sm.parse_mems(dump)
    check("mems-bits", [m["bits"] for m in ms] == [8192, 2048], ms)
    check("mems-port-factor", [m["port_factor"] for m in ms] == [2.0, 1.0], ms)

    # 4. Table 5.3 arithmetic (exp_report)
    import exp_report as er
    tmp = tempfile.mkdtemp(prefix="synthmod-")
    try:
        a = os.path.join(tmp, "a.json")
        b = os.path.join(tmp, "b.json")
        json.dump({"warps": 4, "points": [{"threads": 4, "T": 32, "area_um2": 10.0, "generic_cells": 100},
                                          {"threads": 8, "T": 32, "area_um2": 12.5, "generic_cells": 160}]}, open(a, "w"))
        json.dump({"warps": 2, "points": [{"threads": 16, "T": 64, "area_um2": 30.0}]}, open(b, "w"))
        pts = er.lies_points([a, b, os.path.join(tmp, "missing.json")])
        check("lies-points-merged", sorted(pts) == [4, 8, 16] and pts[16]["warps"] == 2, pts)
        d = er.lies_doublings(pts)
        check("lies-doublings", [(x["from"], x["to"]) for x in d] == [(4, 8), (8, 16)], d)
        c = os.path.join(tmp, "c.json")
        pp = lambda lane, fixed: {"lane units (L wide)": lane, "fixed part (shared or T wide)": fixed}
        json.dump({"warps": 4, "period_ns": 10, "points": [
            {"threads": 4, "T": 8, "area_um2": 16e6, "area_std_um2": 13e6, "area_sram_um2": 3e6, "power_mw": 800.0,
             "fmax_mhz": 30.0, "power_parts_w": pp(0.2, 0.6)},
            {"threads": 8, "T": 8, "area_um2": 20e6, "area_std_um2": 17e6, "area_sram_um2": 3e6, "power_mw": 1000.0,
             "fmax_mhz": 31.0, "power_parts_w": pp(0.4, 0.6)}]}, open(c, "w"))
        pc = er.lies_points([c])
        dc = er.lies_doublings(pc)
        check("lies-power-metric", len(dc) == 1 and abs(dc[0]["power"] - 37.5) < 1e-9, dc)
        rows, _, extra = er.report_lies(None, er.load_published("lies"), tmp, "lies", [c])
        w = {r[0]["id"]: r[1] for r in rows}
        txt = "\n".join(extra)
        check("lies-power-row", abs(w["t53-power-4-to-8"] - 37.5) < 1e-9 and w["t53-power-8-to-16"] is None
              and "| 8 | 1000.0 | 400.0 | 0.0 | 600.0 | 40% |" in txt and "| 1000.0 | 31.0 |" in txt, (w, txt[-600:]))
        check("lies-area-metric", abs(d[0]["area"] - 60.0) < 1e-9 and abs(d[1]["area"] - (-100.0 / 6 * 1)) < 1e-9
              and abs(d[0]["cells"] - 25.0) < 1e-9 and d[1]["cells"] is None and d[0]["power"] is None, d)

        # 5. end to end on a real module, twice (cache)
        out, cache = os.path.join(tmp, "out"), os.path.join(tmp, "cache")
        argv = [sys.executable, os.path.join(ROOT, "tools", "synth_modules.py"), "--out", out, "--cache", cache,
                "--warps", "1", "--threads", "4", "--top", "weft_fifo", "--name", "fifo"]
        r1 = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        ok1 = r1.returncode == 0 and os.path.exists(os.path.join(out, "report.json"))
        check("e2e-first-run", ok1, r1.stdout[-800:] + r1.stderr[-800:])
        if ok1:
            j1 = json.load(open(os.path.join(out, "report.json")))
            check("e2e-area", j1["modules_synthesized"] >= 1 and j1["area_um2"]["std_cells"] > 0
                  and j1["generic_cells"] > 0 and j1["area_um2"]["total"] == j1["area_um2"]["std_cells"]
                  + j1["area_um2"]["sram_estimate"], j1["area_um2"])
            r2 = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
            j2 = json.load(open(os.path.join(out, "report.json"))) if r2.returncode == 0 else {}
            check("e2e-cache-hit", j2.get("modules_synthesized") == 0 and j2.get("area_um2") == j1["area_um2"],
                  r2.stdout[-400:] + r2.stderr[-400:])
            r3 = subprocess.run(argv + ["--period", "5"], cwd=ROOT, capture_output=True, text=True)
            j3 = json.load(open(os.path.join(out, "report.json"))) if r3.returncode == 0 else {}
            check("e2e-settings-miss", j3.get("modules_synthesized", 0) >= 1, r3.stdout[-400:] + r3.stderr[-400:])
        r4 = subprocess.run(argv[:2] + ["--out", out, "--warps", "1", "--threads", "4", "--liberty", "/nonexistent.lib"],
                            cwd=ROOT, capture_output=True, text=True)
        check("e2e-bad-liberty", r4.returncode == 2 and "no Liberty file" in r4.stderr, r4.stderr)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    # 6. stitching and whole-netlist OpenSTA
    txt, nm = sm.clean_names("module \\$paramod$ab\\leaf (a);\n  \\$paramod$ab\\leaf  \\u[0].x  (\n  wire \\q[3] ;\n")
    check("clean-names", txt.count("paramod_ab_leaf") == 2 and "u_0_x" in txt and "\\" not in txt
          and nm["$paramod$ab\\leaf"] == "paramod_ab_leaf", txt)
    tmp = tempfile.mkdtemp(prefix="synthmod-sta-")
    try:
        # a cached netlist from the old tools/buffer_netlist.py: `.A(\\g.v),` (escaped name without its ending space)
        nl = os.path.join(tmp, "leaf.v")
        with open(nl, "w") as f:
            f.write("module \\$paramod$ab\\leaf (a, y);\n  input a;\n  wire \\g.v ;\n  BUFX4 fobuf_0 (\n"
                    "    .A(\\g.v),\n    .Y(y)\n  );\nendmodule\n")
        ren = sm.stitch(["$paramod$ab\\leaf"], {"$paramod$ab\\leaf": nl}, os.path.join(tmp, "st.v"))
        st = open(os.path.join(tmp, "st.v")).read()
        check("stitch-repairs-escaped-pin", ".A(g_v )," in st and "wire g_v ;" in st
              and ren == {"$paramod$ab\\leaf": "paramod_ab_leaf"}, st)
        src = os.path.join(tmp, "two.sv")
        with open(src, "w") as f:
            f.write(TWO_LEVEL)
        out = os.path.join(tmp, "out")
        argv = [sys.executable, os.path.join(ROOT, "tools", "synth_modules.py"), "--out", out, "--cache",
                os.path.join(tmp, "cache"), "--warps", "1", "--threads", "4", "--top", "two_top", "--name", "two",
                "--sources", src, "--sta", "--power-instances"]
        r = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
        ok = r.returncode == 0 and os.path.exists(os.path.join(out, "report.json"))
        check("sta-run", ok, r.stdout[-800:] + r.stderr[-800:])
        if ok:
            j = json.load(open(os.path.join(out, "report.json")))
            net = open(os.path.join(out, "netlist.v")).read()
            heads = re.findall(r"^module\s+([^\s(]+)", net, re.M)
            check("sta-stitched-modules", len(heads) == 3 and len(set(heads)) == 3 and "two_top" in heads
                  and "\\" not in net, heads)
            log = open(os.path.join(out, "sta.log")).read()
            check("sta-linked", "Error" not in log and "link" not in log.lower(), log[-400:])
            pw = j.get("power_w") or {}
            check("sta-power", pw.get("total", 0) > 0 and pw.get("switching", 0) > 0
                  and abs(pw["internal"] + pw["switching"] + pw["leakage"] - pw["total"]) < 1e-3 * pw["total"], pw)
            t = j.get("timing") or {}
            check("sta-fmax", t.get("fmax_mhz") and 10 < t["fmax_mhz"] < 5000 and t.get("critical_start"), t)
            parts = j.get("power_parts_w") or {}
            check("sta-power-parts", parts and "?" not in parts
                  and abs(sum(parts.values()) - pw.get("total", 0)) < 0.01 * pw.get("total", 1), parts)
            check("sta-settings", j.get("activity") == 0.1 and "activity 0.1" in j.get("power_note", ""), j.get("power_note"))
            # the same leaf instance twice costs twice: drop u1 and the power falls
            with open(src, "w") as f:
                f.write(TWO_LEVEL.replace("  two_leaf #(.W(8)) u1 (.clk_i, .a_i(m), .b_i(a_i), .q_o(y_o));\n",
                                          "  assign y_o = m;\n"))
            r2 = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
            j2 = json.load(open(os.path.join(out, "report.json"))) if r2.returncode == 0 else {}
            p2 = (j2.get("power_w") or {}).get("total", 0)
            check("sta-power-counts-instances", 0 < p2 < 0.8 * pw.get("total", 0), (p2, pw.get("total")))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
