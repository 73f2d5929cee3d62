#!/usr/bin/env python3
"""perf_report.py - CPI-stack reports from weft-sim --perf-json files.

  tools/perf_report.py RUN.json [RUN.json ...]            text CPI-stack table
      [--labels a,b,...]          labels of the runs (default kernel + knobs)
      [--png stack.png]           normalized stacked-bar CPI plot (seed 000 fig. 7.1):
                                  each run's CPI relative to the first run of the
                                  same kernel, split into the classes
      [--cores-png cores.png]     per-core share of warp instructions per run
                                  (seed 000 fig. 7.8 / 7.9)
      [--csv table.csv]           the table as CSV
  tools/perf_report.py --timeline TL.txt --timeline-png tl.png [--from N] [--to N]
                                  per-warp state timeline (seed 003 fig. 3) from
                                  weft-sim --timeline

Exit codes: 0 ok, 2 usage or unreadable input, 3 a stack that does not sum
to its cycles (the files are inconsistent).
"""
import argparse
import csv
import json
import sys

import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import weft_spec  # noqa: E402  (generated from config/weft.yaml)

# CPI classes (report order), their labels and colours, and the timeline
# states by code: config/weft.yaml.
CLASSES = [c["key"] for c in weft_spec.CPI_CLASSES]
NAMES = {c["key"]: c["name"] for c in weft_spec.CPI_CLASSES}
COLORS = {c["key"]: c["color"] for c in weft_spec.CPI_CLASSES}
_ST = {v["code"]: v for v in weft_spec.TIMELINE_STATES["values"]}
STATES = [_ST[i]["name"] if i in _ST else "?" for i in range(max(_ST) + 1)]
STATE_COLORS = [_ST[i]["color"] if i in _ST else "#000000" for i in range(max(_ST) + 1)]


def die(code, msg):
    print("perf_report: " + msg, file=sys.stderr)
    sys.exit(code)


def load(path):
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        die(2, "cannot read %s: %s" % (path, e))
    if d.get("format") != "weft-perf-1":
        die(2, "%s is not a weft-sim --perf-json file" % path)
    if not d.get("counters_valid"):
        die(2, "%s has no cycle-level counters (model engine?)" % path)
    unit = d["cpi_unit"]
    stack = {c: 0 for c in CLASSES}
    cycles = 0
    for core in d["cores"]:
        s = sum(core["cpi_units"][c] for c in CLASSES)
        want = core["counters"]["cycles"] * unit
        if s != want:
            die(3, "%s core %d: stack sums to %d units, expected %d" % (path, core["core"], s, want))
        for c in CLASSES:
            stack[c] += core["cpi_units"][c]
        cycles += core["counters"]["cycles"]
    d["_stack_cycles"] = {c: stack[c] / unit for c in CLASSES}   # summed over cores
    d["_core_cycles"] = cycles
    d["_winstr"] = sum(core["counters"]["warp_instrs"] for core in d["cores"])
    return d


def label_of(d):
    k, c = d["knobs"], d["config"]
    return "%s %dx%dx%d %s/%s %s %s%s" % (d["kernel"], c["cores"], c["warps"], c["threads"], k["fetch_policy"],
                                          k["issue_policy"], k["issue_ready"], k["frontend"],
                                          " bpr" if k["bpr"] else "")


def table(runs, labels, out):
    head = ["run", "cycles", "warp instrs", "CPI"] + [NAMES[c] for c in CLASSES] + ["complete"]
    rows = []
    for d, lab in zip(runs, labels):
        wi = d["_winstr"]
        cpi = d["_core_cycles"] / wi if wi else 0.0
        rows.append([lab, d["cycles"], wi, "%.3f" % cpi] +
                    ["%.1f%%" % (100.0 * d["_stack_cycles"][c] / d["_core_cycles"]) if d["_core_cycles"] else "-"
                     for c in CLASSES] + ["yes" if d["complete"] else "NO (early exit)"])
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
    print("  ".join(str(h).rjust(w) if i else str(h).ljust(w) for i, (h, w) in enumerate(zip(head, widths))),
          file=out)
    for r in rows:
        print("  ".join(str(v).rjust(w) if i else str(v).ljust(w) for i, (v, w) in enumerate(zip(r, widths))),
              file=out)
    return head, rows


def plot_stack(runs, labels, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    base = {}
    for d in runs:   # normalize to the first run of each kernel
        base.setdefault(d["kernel"], d["_core_cycles"] / max(d["_winstr"], 1))
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(runs) + 2), 5))
    bottoms = [0.0] * len(runs)
    for c in CLASSES:
        vals = []
        for d in runs:
            cpi_c = d["_stack_cycles"][c] / max(d["_winstr"], 1)
            vals.append(cpi_c / base[d["kernel"]])
        ax.bar(range(len(runs)), vals, bottom=bottoms, color=COLORS[c], label=NAMES[c], edgecolor="black",
               linewidth=0.3)
        bottoms = [b + v for b, v in zip(bottoms, vals)]
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("CPI normalized to the first run of the kernel")
    ax.set_title("Weft CPI stacks")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_cores(runs, labels, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ncores = max(len(d["cores"]) for d in runs)
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(runs) + 2), 4.5))
    width = 0.8 / ncores
    for c in range(ncores):
        vals = []
        for d in runs:
            tot = d["_winstr"]
            v = d["cores"][c]["counters"]["warp_instrs"] if c < len(d["cores"]) else 0
            vals.append(100.0 * v / tot if tot else 0.0)
        ax.bar([i - 0.4 + width * (c + 0.5) for i in range(len(runs))], vals, width, label="core %d" % c)
    ax.set_xticks(range(len(runs)))
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("% of warp instructions")
    ax.set_title("Instructions executed per core")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_timeline(path, png, t0, t1):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch
    cores = warps = None
    ev = []
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("#"):
                    if "cores" in line and cores is None:
                        p = line.split()
                        cores = int(p[p.index("cores") + 1])
                        warps = int(p[p.index("warps") + 1].rstrip(";"))
                    continue
                t, c, w, s = (int(x) for x in line.split())
                ev.append((t, c, w, s))
    except (OSError, ValueError) as e:
        die(2, "cannot read the timeline %s: %s" % (path, e))
    if cores is None:
        die(2, "%s is not a weft-sim --timeline file" % path)
    end = max((e[0] for e in ev), default=0) + 1
    t1 = end if t1 is None else min(t1, end)
    last = {}
    spans = {}   # (c, w) -> list of (start, length, state)
    for t, c, w, s in ev + [(end, c, w, -1) for c in range(cores) for w in range(warps)]:
        k = (c, w)
        if k in last:
            st, ss = last[k]
            a, b = max(st, t0), min(t, t1)
            if b > a and ss >= 0:
                spans.setdefault(k, []).append((a, b - a, ss))
        last[k] = (t, s)
    rows = [(c, w) for c in range(cores) for w in range(warps)]
    fig, ax = plt.subplots(figsize=(10, 0.35 * len(rows) + 1.5))
    for i, k in enumerate(rows):
        for s in range(len(STATES)):
            seg = [(a, l) for a, l, ss in spans.get(k, []) if ss == s]
            if seg:
                ax.broken_barh(seg, (i - 0.4, 0.8), facecolors=STATE_COLORS[s], edgecolor="none")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels(["c%d w%d" % k for k in rows], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(t0, t1)
    ax.set_xlabel("cycle")
    ax.set_title("Per-warp state")
    ax.legend(handles=[Patch(facecolor=STATE_COLORS[s], edgecolor="black", label=STATES[s])
                       for s in range(len(STATES))], fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(png, dpi=120)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="*")
    ap.add_argument("--labels")
    ap.add_argument("--png")
    ap.add_argument("--cores-png")
    ap.add_argument("--csv")
    ap.add_argument("--timeline")
    ap.add_argument("--timeline-png")
    ap.add_argument("--from", dest="t0", type=int, default=0)
    ap.add_argument("--to", dest="t1", type=int)
    a = ap.parse_args()
    if not a.runs and not a.timeline:
        ap.print_usage(sys.stderr)
        die(2, "give perf JSON files and/or --timeline")
    if a.timeline:
        if not a.timeline_png:
            die(2, "--timeline needs --timeline-png")
        plot_timeline(a.timeline, a.timeline_png, a.t0, a.t1)
    if not a.runs:
        return
    runs = [load(p) for p in a.runs]
    labels = a.labels.split(",") if a.labels else [label_of(d) for d in runs]
    if len(labels) != len(runs):
        die(2, "--labels has %d names for %d runs" % (len(labels), len(runs)))
    head, rows = table(runs, labels, sys.stdout)
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            wr = csv.writer(f)
            wr.writerow(head)
            wr.writerows(rows)
    if a.png:
        plot_stack(runs, labels, a.png)
    if a.cores_png:
        plot_cores(runs, labels, a.cores_png)


if __name__ == "__main__":
    main()
