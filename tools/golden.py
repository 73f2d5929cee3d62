#!/usr/bin/env python3
"""tools/golden.py - the golden cycle table (tests/golden/cycles.tsv).

Cycle counts are deterministic, so the table pins, for every kernel
(KERNELS FKERNELS MKERNELS of sw/sw.mk) on every regression configuration
(REGRESS_CONFIGS of config/configs.mk) with the default options, and for a
few scheduling-knob combinations of the papers, the RTL's cycle count and
warp-instruction count. A change that is not meant to move timing must leave
the table as it is; a deliberate timing change updates the table in the same
commit and says why in the commit message (docs/verification.md).

usage: tools/golden.py [--update] [--set fast|full|all] [--configs "C ..."]
                       [--kernels "K ..."] [--from-logs DIR] [--jobs N]

  (default)        compare: run the selected rows, print every difference,
                   exit 1 on any (2 on a usage or run error)
  --update         run the selected rows and rewrite their entries in the table
                   (rows not selected are kept)
  --set S          fast: default-option rows of REGRESS_CONFIGS plus the knob
                   rows (make test); full: also the larger configurations
                   (tiny w16t16 quad; make test-full); default: fast
  --knobs only|none  only the knob rows, or none of them
  --configs, --kernels  restrict the rows
  --from-logs DIR  take default-option rows from the kernel logs of the test
                   suite (DIR/kernel-K-C-rtl-cosim.log) instead of running the
                   simulator again; rows without a log are run
  --sim-dir DIR    simulators DIR/CONFIG/weft-sim (default build)
  --jobs N         simulations in parallel (default 1)
  --table FILE     the table to compare with or update (default
                   tests/golden/cycles.tsv; the suite's self-test uses a
                   perturbed copy to prove that a difference fails)

Each row runs `build/CONFIG/weft-sim --kernel K OPTIONS` and reads the
`  cycles N` and `  warp instrs N` lines of its summary.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkvars  # noqa: E402  tools/mkvars.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "tests", "golden", "cycles.tsv")
HEADER = ["kernel", "config", "options", "cycles", "warp_instrs"]
DEFAULT = "-"  # the options column of a default-options row
LARGE_CONFIGS = ["tiny", "w16t16", "quad", "w8t8l2"]  # make test-full only
# Knob combinations pinned on KNOB_CONFIGS x KNOB_KERNELS (docs/scheduling.md):
# the all-on corner of seed 000/001 (GTO fetch and issue, ready issue, NSS,
# back-pressure, stall table), SWaS (seed 002) with GTLRR issue, the PNT front
# end, and PTA issue with round-robin ties (pta) and seed 004's lowest-warp ties
# (ptalow).
KNOB_OPTIONS = [
    "--fetch-policy gto --issue-policy gto --issue-ready ready --frontend nss --bpr on --stall-table 128",
    "--swas on --issue-policy gtlrr",
    "--frontend pnt",
    "--issue-policy pta",
    "--issue-policy ptalow",
]
KNOB_CONFIGS = ["base", "dual"]
KNOB_KERNELS = ["psort", "diverge", "sgemm", "vecadd"]


def make_var(path, name):
    return mkvars.make_var(ROOT, path, name)


def all_rows(rowset):
    """The (kernel, config, options) keys of a row set, in table order."""
    kernels = make_var("sw/sw.mk", "KERNELS") + make_var("sw/sw.mk", "FKERNELS") + make_var("sw/sw.mk", "MKERNELS")
    configs = list(make_var("config/configs.mk", "REGRESS_CONFIGS"))
    if rowset in ("full", "all"):
        configs += LARGE_CONFIGS
    rows = [(k, c, DEFAULT) for c in configs for k in kernels]
    rows += [(k, c, o) for c in KNOB_CONFIGS for o in KNOB_OPTIONS for k in KNOB_KERNELS]
    # The source papers' kernels (PKERNELS PFKERNELS, docs/kernels-papers.md): base
    # in the fast set, every regression configuration in the full set.
    rows += [(k, c, DEFAULT) for c in (configs if rowset in ("full", "all") else ["base"])
             for k in paper_kernels(c)]
    return rows


def paper_kernels(config):
    """PKERNELS PFKERNELS of sw/sw.mk that run on `config` (PKERNELS_MIN_HW)."""
    hw = 1
    for v in make_var("config/configs.mk", "CFG_" + config)[1:]:
        hw *= int(v)
    need = dict(e.split(":") for e in make_var("sw/sw.mk", "PKERNELS_MIN_HW"))
    return [k for k in make_var("sw/sw.mk", "PKERNELS") + make_var("sw/sw.mk", "PFKERNELS")
            if hw >= int(need.get(k, 1))]


def read_table():
    table = {}
    if not os.path.exists(TABLE):
        return table
    with open(TABLE) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if cols == HEADER:
                continue
            if len(cols) != 5:
                raise SystemExit("golden: %s:%d: want 5 tab-separated columns, got %d" % (TABLE, n, len(cols)))
            table[(cols[0], cols[1], cols[2])] = (int(cols[3]), int(cols[4]))
    return table


def write_table(table):
    os.makedirs(os.path.dirname(TABLE), exist_ok=True)
    order = {key: i for i, key in enumerate(all_rows("all"))}
    keys = sorted(table, key=lambda k: (order.get(k, len(order)), k))
    with open(TABLE, "w") as f:
        f.write("# Golden cycle table: RTL cycles and warp instructions of every kernel on the\n")
        f.write("# regression configurations (options '-': the defaults) and of pinned knob\n")
        f.write("# combinations. Generated by `tools/golden.py --update`; a deliberate timing\n")
        f.write("# change updates it in the same commit, with the reason (docs/verification.md).\n")
        f.write("\t".join(HEADER) + "\n")
        for k in keys:
            f.write("%s\t%s\t%s\t%d\t%d\n" % (k + table[k]))


def parse_summary(text):
    c = re.search(r"^  cycles +(\d+)", text, re.M)
    w = re.search(r"^  warp instrs +(\d+)", text, re.M)
    if not c or not w:
        return None
    return int(c.group(1)), int(w.group(1))


def measure(key, sim_dir, log_dir):
    """(cycles, warp_instrs, source) of one row, or (None, None, error)."""
    k, c, o = key
    if log_dir and o == DEFAULT:
        log = os.path.join(log_dir, "kernel-%s-%s-rtl-cosim.log" % (k, c))
        if not os.path.exists(log):  # papers' kernels that make test runs without --cosim
            log = os.path.join(log_dir, "kernel-%s-%s-rtl.log" % (k, c))
        if os.path.exists(log):
            with open(log, errors="replace") as f:
                text = f.read()
            if text.startswith("PASS"):
                r = parse_summary(text)
                if r:
                    return r + (log,)
    sim = os.path.join(sim_dir, c, "weft-sim")
    if not os.access(sim, os.X_OK):
        return None, None, "no simulator %s (make sim CONFIG=%s)" % (sim, c)
    cmd = [sim, "--kernel", k, "--max-cycles", "50000000"] + ([] if o == DEFAULT else o.split())
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    r = parse_summary(p.stdout)
    if p.returncode != 0 or not p.stdout.startswith("PASS") or not r:
        tail = " | ".join(p.stdout.strip().splitlines()[-3:])
        return None, None, "%s exited %d: %s" % (" ".join(cmd), p.returncode, tail)
    return r + ("run",)


def fmt(key):
    k, c, o = key
    return "%s on %s%s" % (k, c, "" if o == DEFAULT else " with %s" % o)


def pct(a, b):
    return "%+.3g%%" % (100.0 * (b - a) / a) if a else "new"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--set", default="fast", choices=["fast", "full", "all"])
    ap.add_argument("--knobs", choices=["only", "none"])
    ap.add_argument("--configs")
    ap.add_argument("--kernels")
    ap.add_argument("--from-logs", dest="logs")
    ap.add_argument("--sim-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--table")
    a = ap.parse_args()
    if a.table:
        global TABLE
        TABLE = os.path.abspath(a.table)
    rows = all_rows(a.set)
    if a.knobs == "only":
        rows = [r for r in rows if r[2] != DEFAULT]
    elif a.knobs == "none":
        rows = [r for r in rows if r[2] == DEFAULT]
    if a.configs:
        rows = [r for r in rows if r[1] in a.configs.split()]
    if a.kernels:
        rows = [r for r in rows if r[0] in a.kernels.split()]
    if not rows:
        print("golden: no row selected")
        return 2
    table = read_table()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        results = list(ex.map(lambda r: measure(r, a.sim_dir, a.logs), rows))
    errors = [(r, res[2]) for r, res in zip(rows, results) if res[0] is None]
    for r, msg in errors:
        print("golden: ERROR %s: %s" % (fmt(r), msg))
    if a.update:
        changed = 0
        for r, res in zip(rows, results):
            if res[0] is not None:
                changed += table.get(r) != res[:2]
                table[r] = res[:2]
        write_table(table)
        print("golden: %d rows measured, %d changed, %d errors; wrote %s" % (
            len(rows) - len(errors), changed, len(errors), os.path.relpath(TABLE, ROOT)))
        return 2 if errors else 0
    diffs = 0
    missing = 0
    from_logs = sum(1 for res in results if res[2] not in ("run",) and res[0] is not None)
    for r, res in zip(rows, results):
        if res[0] is None:
            continue
        if r not in table:
            missing += 1
            print("golden: MISSING %s: no row in the table (measured %d cycles, %d warp instrs)" % (fmt(r), res[0], res[1]))
            continue
        want = table[r]
        if want != res[:2]:
            diffs += 1
            parts = []
            if want[0] != res[0]:
                parts.append("cycles %d -> %d (%s)" % (want[0], res[0], pct(want[0], res[0])))
            if want[1] != res[1]:
                parts.append("warp_instrs %d -> %d (%s)" % (want[1], res[1], pct(want[1], res[1])))
            print("golden: DIFF %s: %s" % (fmt(r), ", ".join(parts)))
    ok = len(rows) - diffs - missing - len(errors)
    print("golden: %d rows checked (%d from test logs), %d match, %d differ, %d missing, %d errors" % (
        len(rows), from_logs, ok, diffs, missing, len(errors)))
    if diffs or missing:
        print("golden: the RTL's timing moved. If the change is deliberate, run `tools/golden.py --update%s` and "
              "commit tests/golden/cycles.tsv in the same commit, with the reason in the commit message "
              "(docs/verification.md, 'Golden cycle table')." % ("" if a.set == "fast" else " --set " + a.set))
    return 1 if (diffs or missing or errors) else 0


if __name__ == "__main__":
    sys.exit(main())
