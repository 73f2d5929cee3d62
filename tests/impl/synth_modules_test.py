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
Prints "N passed, M failed"; exits non-zero on a failure.
"""
import json
import os
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
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
