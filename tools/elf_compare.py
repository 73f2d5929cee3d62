#!/usr/bin/env python3
"""tools/elf_compare.py - the same kernels built two ways, side by side.

Runs every kernel (KERNELS FKERNELS MKERNELS of sw/sw.mk, or --kernels) on
each configuration with the ELFs of directory A and of directory B (same
simulator, same options) and prints a Markdown table of cycles and L1
D-cache load misses (perf JSON), with the change from A to B. Used to
measure the skewed stack layout (docs/memory.md "Stack layout"): A = ELFs
built with the old 4 KiB stride, B = the current ones.

usage: tools/elf_compare.py A_DIR B_DIR [--configs "base w8t8"]
                            [--kernels "K ..."] [--sim-dir build]
                            [--jobs N] [-- EXTRA OPTIONS]

Every run must pass (exit 0: the host program checked every output);
a failing run is printed and makes the exit status 1.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkvars  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(sim, kernel, elf, extra):
    with tempfile.TemporaryDirectory() as td:
        pj = os.path.join(td, "p.json")
        cmd = [sim, "--kernel", kernel, "--elf", elf, "--perf-json", pj] + extra
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            return {"rc": p.returncode, "out": p.stdout[-600:]}
        with open(pj) as f:
            d = json.load(f)
        dc = d.get("dcache") or {}
        return {"rc": 0, "cycles": d["cycles"], "misses": dc.get("load_misses"),
                "lines": dc.get("load_lines")}


def pct(a, b):
    return "%+.1f%%" % (100.0 * (b - a) / a) if a else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a_dir")
    ap.add_argument("b_dir")
    ap.add_argument("--configs", default="base w8t8")
    ap.add_argument("--kernels")
    ap.add_argument("--sim-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("extra", nargs="*")
    a = ap.parse_args()
    kernels = a.kernels.split() if a.kernels else (
        mkvars.make_var(ROOT, "sw/sw.mk", "KERNELS") + mkvars.make_var(ROOT, "sw/sw.mk", "FKERNELS")
        + mkvars.make_var(ROOT, "sw/sw.mk", "MKERNELS"))
    jobs = []
    for cfg in a.configs.split():
        sim = os.path.join(a.sim_dir, cfg, "weft-sim")
        if not os.access(sim, os.X_OK):
            print("elf_compare: no simulator %s" % sim, file=sys.stderr)
            return 2
        for k in kernels:
            for side, d in (("a", a.a_dir), ("b", a.b_dir)):
                jobs.append((cfg, k, side, sim, os.path.join(d, k + ".elf")))
    res = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run, j[3], j[1], j[4], a.extra): j for j in jobs}
        for f in concurrent.futures.as_completed(futs):
            cfg, k, side = futs[f][:3]
            res[(cfg, k, side)] = f.result()
    bad = 0
    print("| kernel | config | cycles A | cycles B | change | D-cache load misses A | B | change |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for cfg in a.configs.split():
        for k in kernels:
            ra, rb = res[(cfg, k, "a")], res[(cfg, k, "b")]
            if ra["rc"] or rb["rc"]:
                bad += 1
                print("| %s | %s | FAILED (exit %d / %d) | | | | | |" % (k, cfg, ra["rc"], rb["rc"]))
                for r in (ra, rb):
                    if r["rc"]:
                        print(r["out"], file=sys.stderr)
                continue
            ma, mb = ra["misses"], rb["misses"]
            print("| %s | %s | %d | %d | %s | %s | %s | %s |" % (
                k, cfg, ra["cycles"], rb["cycles"], pct(ra["cycles"], rb["cycles"]),
                ma if ma is not None else "-", mb if mb is not None else "-",
                pct(ma, mb) if ma is not None and mb is not None else "-"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
