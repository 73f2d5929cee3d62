#!/usr/bin/env python3
"""The source papers' experiments on Weft (issue 21 item 6, docs/experiments/README.md).

    python3 tools/exp_report.py NAME [--variant small] [--out DIR] [--results DIR]
    python3 tools/exp_report.py --check-published [NAME ...]

NAME is one of magalhaes, crouzet, aurud, bush (seed 003) or lies. The
simulations come from the sweep sweeps/exp-NAME.yaml (run it first with
`python3 -m weft sweep sweeps/exp-NAME.yaml [--variant small]`; `make
exp-NAME [SMALL=1]` does both); lies reads tools/scaling.sh's scaling.json.
The published numbers are data: docs/experiments/published/NAME.yaml, each
row with its source (section, table, figure) and the verbatim text it was
read from. The report writes OUT/NAME.md (default docs/experiments) with the
published number, Weft's number on the same metric and agree/disagree per
row (the direction of the effect, rules below), and the paper's figures
redrawn from Weft's data as OUT/NAME-*.png.

Verdict rules (`compare:` of a row), decided before any run and never tuned:
  change  the sign of a change, changes within +-DEAD (0.5 percentage
          points) count as "no change" on both sides
  ratio   the same on ratio - 1 with +-0.02
  above / below   Weft's number is above / below the bound the text states
  range   within [lo, hi] as the text states
  approx  within +-band of the stated value ("about 50%": band 10)
  equal   equal
"""
import argparse
import datetime
import json
import math
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import yaml  # noqa: E402

from weft import spec, store  # noqa: E402
from weft.runner import CPI_KEYS  # noqa: E402
from weft.plots import CPI_LABELS, _plt  # noqa: E402

NAMES = ["magalhaes", "crouzet", "aurud", "bush", "lies"]
PUBLISHED = os.environ.get("WEFT_EXP_PUBLISHED") or os.path.join(ROOT, "docs", "experiments", "published")
SEEDS = os.environ.get("WEFT_SEEDS", "/work/shared/seeds")
DEAD = 0.5
COMPARES = {"change", "ratio", "above", "below", "range", "approx", "equal"}
CPI_NAMES = dict(zip(CPI_KEYS, CPI_LABELS))  # the runner's plots' names of the classes
CPI_COLORS = {"base": "#4c9a2a", "idle": "#bbbbbb", "sync_control": "#8e44ad", "empty_ibuffer": "#f1c40f",
              "missed_schedule": "#e67e22", "memory_data": "#2471a3", "memory_structural": "#85c1e9",
              "compute_data": "#c0392b", "compute_structural": "#f1948a"}


# ---------------------------------------------------------------- published data
def load_published(name):
    with open(os.path.join(PUBLISHED, name + ".yaml")) as f:
        return yaml.safe_load(f)


def check_published(names=None, seeds=SEEDS):
    """Problems of the published-data files: every row names its source, has a number and a known
    comparison, and (where the seed text is here) its quote is in the seed text verbatim."""
    probs = []
    for name in names or NAMES:
        try:
            d = load_published(name)
        except (OSError, yaml.YAMLError) as e:
            probs.append("%s: cannot read: %s" % (name, e))
            continue
        for k in ("paper", "seed", "rows"):
            if not d.get(k):
                probs.append("%s: no '%s'" % (name, k))
        text = None
        sp = os.path.join(seeds, d.get("seed") or "-")
        if os.path.exists(sp):
            with open(sp) as f:
                text = f.read()
        ids = set()
        for r in d.get("rows") or []:
            rid = r.get("id", "?")
            if rid in ids:
                probs.append("%s: duplicate id %s" % (name, rid))
            ids.add(rid)
            if not str(r.get("source", "")).strip():
                probs.append("%s: row %s names no source" % (name, rid))
            if not str(r.get("quote", "")).strip():
                probs.append("%s: row %s has no quote" % (name, rid))
            elif text is not None and r["quote"] not in text:
                probs.append("%s: row %s: quote not in the seed text" % (name, rid))
            if not isinstance(r.get("value"), (int, float)):
                probs.append("%s: row %s: value is not a number" % (name, rid))
            if r.get("compare", "change") not in COMPARES:
                probs.append("%s: row %s: unknown compare %s" % (name, rid, r.get("compare")))
            if "column" in r:  # a table row: the value is that cell of the quoted row
                cell = r["quote"].split("\t")[r["column"]]
                if float(cell.rstrip("%").replace(",", ".")) != float(r["value"]):
                    probs.append("%s: row %s: value %s is not cell %d of its quote (%s)"
                                 % (name, rid, r["value"], r["column"], cell))
    return probs


# ---------------------------------------------------------------- verdicts
def _sign(x, dead):
    return 0 if abs(x) <= dead else (1 if x > 0 else -1)


def verdict(row, w):
    """'agree', 'disagree' or 'n/a' for Weft's number w on published row `row`."""
    if w is None or (isinstance(w, float) and math.isnan(w)):
        return "n/a"
    c = row.get("compare", "change")
    v = row["value"]
    if c == "change":
        return "agree" if _sign(v, DEAD) == _sign(w, DEAD) else "disagree"
    if c == "ratio":
        return "agree" if _sign(v - 1, 0.02) == _sign(w - 1, 0.02) else "disagree"
    if c == "above":
        return "agree" if w > row["bound"] else "disagree"
    if c == "below":
        return "agree" if w < row["bound"] else "disagree"
    if c == "range":
        return "agree" if row["lo"] <= w <= row["hi"] else "disagree"
    if c == "approx":
        return "agree" if abs(w - v) <= row["band"] else "disagree"
    if c == "equal":
        return "agree" if w == v else "disagree"
    raise ValueError(c)


def rule_text(row):
    c = row.get("compare", "change")
    return {"change": "sign (+-%g)" % DEAD, "ratio": "ratio vs 1 (+-0.02)",
            "above": "> %s" % row.get("bound"), "below": "< %s" % row.get("bound"),
            "range": "in [%s, %s]" % (row.get("lo"), row.get("hi")),
            "approx": "within +-%s" % row.get("band"), "equal": "equal"}[c]


# ---------------------------------------------------------------- results
class Data:
    def __init__(self, name, variant=None, results=None, axis=None):
        self.sweep_file = os.path.join(ROOT, "sweeps", "exp-%s.yaml" % name)
        sw = spec.load(self.sweep_file, ROOT)
        sw.use_variant(variant)
        sw.override(axis)
        if results:
            sw.results = os.path.abspath(results)
        elif not os.path.isabs(sw.results):
            sw.results = os.path.join(ROOT, sw.results)
        self.sw = sw
        db_path = os.path.join(sw.results, "results.sqlite")
        recs = {}
        if os.path.exists(db_path):
            db = store.connect(db_path)
            recs = {r["point_id"]: r for r in store.rows(db)}
            db.close()
        self.rows = []
        for p in sw.points():
            r = recs.get(spec.point_id(p))
            f = spec.flat(p)
            self.rows.append((f, r))
        self.n = len(self.rows)
        self.done = sum(1 for _, r in self.rows if r is not None)
        self.passed = sum(1 for _, r in self.rows if r is not None and r.get("status") == "PASS")
        self.wall = sum((r.get("wall_s") or 0) for _, r in self.rows if r is not None)
        self.commits = sorted({r.get("git_commit") for _, r in self.rows if r is not None and r.get("git_commit")})
        self.dirty = any(r.get("git_dirty") for _, r in self.rows if r is not None)

    def get(self, **kw):
        """The PASS record of the one point matching kw (None if absent or not PASS)."""
        out = [r for f, r in self.rows if all(_eq(f.get(k), v) for k, v in kw.items())]
        out = [r for r in out if r is not None and r.get("status") == "PASS"]
        return out[0] if len(out) == 1 else None

    def values(self, key):
        seen = []
        for f, _ in self.rows:
            if f.get(key) not in seen:
                seen.append(f.get(key))
        return seen

    def failed(self):
        return [(f, r) for f, r in self.rows if r is not None and r.get("status") != "PASS"]


def _eq(a, b):
    if b is None:
        return a is None
    return str(a) == str(b)


def cpi(r):
    return r["cycles"] / r["warp_instrs"] if r and r.get("warp_instrs") else None


def pct(a, b):
    return 100.0 * (a / b - 1) if a is not None and b else None


def gmean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def fmt(x, nd=1):
    if x is None:
        return "-"
    if isinstance(x, int):
        return "{:,}".format(x)
    return ("%." + str(nd) + "f") % x


# ---------------------------------------------------------------- plotting
def stack_plot(path, groups, title, ylabel="CPI normalized to the first bar of each group"):
    """groups: [(group label, [(bar label, {class: normalized value})])]"""
    plt = _plt()
    nb = sum(len(g[1]) for g in groups) + len(groups)
    fig, ax = plt.subplots(figsize=(max(6, 0.32 * nb + 2), 4.2))
    x = 0
    ticks, labels, gpos = [], [], []
    for gname, bars in groups:
        start = x
        for bl, st in bars:
            bottom = 0
            for k in CPI_KEYS:
                v = st.get(k, 0) or 0
                ax.bar(x, v, bottom=bottom, color=CPI_COLORS[k], width=0.8,
                       label=CPI_NAMES[k] if (x == 0) else None)
                bottom += v
            ticks.append(x)
            labels.append(bl)
            x += 1
        gpos.append(((start + x - 1) / 2.0, gname))
        x += 1
    ax.set_xticks(ticks)
    ax.set_xticklabels(labels, rotation=90, fontsize=7)
    for gx, gname in gpos:
        ax.text(gx, -0.16, gname, transform=ax.get_xaxis_transform(), ha="center", va="top", fontsize=8,
                fontweight="bold")
    ax.set_ylabel(ylabel, fontsize=8)
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=6, ncol=1, loc="upper left", bbox_to_anchor=(1.005, 1.0))
    fig.tight_layout()
    fig.subplots_adjust(bottom=0.25)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def grouped_bars(path, cats, series, title, ylabel, hline=None, rot=45):
    """series: [(label, [value per cat])]"""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(max(6, 0.55 * len(cats) * max(1, len(series)) / 2 + 2), 4))
    w = 0.8 / max(1, len(series))
    for i, (lab, vals) in enumerate(series):
        xs = [j + (i - (len(series) - 1) / 2.0) * w for j in range(len(cats))]
        ax.bar(xs, [v if v is not None else 0 for v in vals], width=w, label=lab)
    ax.set_xticks(range(len(cats)))
    ax.set_xticklabels(cats, rotation=rot, ha="right" if rot else "center", fontsize=7)
    if hline is not None:
        ax.axhline(hline, color="k", lw=0.7)
    ax.set_ylabel(ylabel, fontsize=8)
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ---------------------------------------------------------------- the reports
def _norm_stack(r, ref):
    """CPI stack of record r as classes normalized to the CPI of ref."""
    c, c0 = cpi(r), cpi(ref)
    if not c or not c0:
        return {}
    tot = sum(r.get("cpi_" + k) or 0 for k in CPI_KEYS) or 1
    return {k: (r.get("cpi_" + k) or 0) / tot * c / c0 for k in CPI_KEYS}


def _share(r, keys):
    tot = sum(r.get("cpi_" + k) or 0 for k in CPI_KEYS)
    return 100.0 * sum(r.get("cpi_" + k) or 0 for k in keys) / tot if tot else None


def _counter(r, key):
    """A hardware counter of record r, summed over its cores (from the record's perf JSON); None if absent."""
    if r is None:
        return None
    if r.get(key) is not None:
        return r[key]
    pj = r.get("perf_json")
    try:
        j = json.loads(pj) if isinstance(pj, str) else pj
    except ValueError:
        return None
    vals = [((c or {}).get("counters") or {}).get(key) for c in ((j or {}).get("cores") or [])]
    return sum(vals) if vals and None not in vals else None


def _cause(pairs, label):
    """Measured attribution of a cycle change: the CPI classes whose cycles moved most, summed over
    the (baseline, new) record pairs, as % of the baseline cycles."""
    pairs = [(a, b) for a, b in pairs if a and b]
    if not pairs:
        return None
    base = sum(a["cycles"] for a, _ in pairs)
    d = {k: sum((b.get("cpi_" + k) or 0) - (a.get("cpi_" + k) or 0) for a, b in pairs) / base * 100 for k in CPI_KEYS}
    top = sorted(d.items(), key=lambda kv: -abs(kv[1]))[:3]
    return "%s: %s (CPI-stack cycles, %% of the baseline's cycles, over %d points)" % (
        label, ", ".join("%s %+.1f%%" % (CPI_NAMES[k], v) for k, v in top), len(pairs))


# ---- seed 004
MAG_CFG = {"8W8T": "w8t8", "16W16T": "w16t16", "32W32T": "w32t32"}
MAG_POL = {"GTO": "gto", "PTA": "ptalow"}


def report_magalhaes(data, pub, out, name):
    rows, figs, extra = [], [], []
    per = {}
    for r in pub["rows"]:
        if r["id"].startswith("t2-"):
            cfg, k, s = MAG_CFG[r["config"]], "v_" + r["kernel"], r["size"]
            a = data.get(config=cfg, kernel=k, size=s, fetch_policy="lrr")
            b = data.get(config=cfg, kernel=k, size=s, fetch_policy=MAG_POL[r["policy"]])
            w = pct(b["cycles"], a["cycles"]) if a and b else None
            per[(r["policy"], r["config"], r["kernel"], s)] = (r["value"], w, a, b)
            if w is not None:
                rows.append((r, w))
    # Figure 2: share of experiments with fewer cycles, per policy and configuration (over measured points)
    for r in pub["rows"]:
        if r["id"].startswith("fig2-"):
            ws = [w for (pol, cf, _, _), (_, w, _, _) in per.items() if pol == r["policy"] and w is not None
                  and (r["config"] == "all" or cf == r["config"])]
            if ws:
                rows.append((r, 100.0 * sum(1 for w in ws if w < 0) / len(ws), "over %d measured points" % len(ws)))
            else:
                rows.append((r, None))
    measured = [(key, v) for key, v in per.items() if v[1] is not None]
    cfgs = [c for c in MAG_CFG if any(k[1] == c for k, _ in measured)]
    # figure: Table 2 published vs Weft, per config and policy
    for cfgname in cfgs:
        for pol in ("GTO", "PTA"):
            ks = [(k, v) for k, v in sorted(measured, key=lambda kv: (kv[0][2], kv[0][3])) if k[0] == pol and k[1] == cfgname]
            if not ks:
                continue
            fn = "%s-table2-%s-%s.png" % (name, pol.lower(), cfgname.lower())
            grouped_bars(os.path.join(out, fn), ["%s %d" % (k[2], k[3]) for k, _ in ks],
                         [("published (Tabela 2)", [v[0] for _, v in ks]), ("Weft", [v[1] for _, v in ks])],
                         "Tabela 2 redrawn: %s vs RR, %s (cycles change, %%; lower is better)" % (pol, cfgname),
                         "cycles change vs RR (%)", hline=0)
            figs.append((fn, "Tabela 2, %s on %s: published and Weft's cycle change against RR" % (pol, cfgname)))
    # Figura 2: count of reductions per config (Weft)
    if measured:
        fn = name + "-fig2.png"
        series = []
        for pol in ("GTO", "PTA"):
            vals = []
            for c in cfgs:
                ws = [v[1] for k, v in measured if k[0] == pol and k[1] == c]
                vals.append(sum(1 for w in ws if w < 0))
            series.append((pol + " (Weft)", vals))
        grouped_bars(os.path.join(out, fn), cfgs, series, "Figura 2 redrawn: experiments with fewer cycles than RR "
                     "(Weft; of %d per policy and configuration)" % (len(measured) // max(1, 2 * len(cfgs))),
                     "experiments", rot=0)
        figs.append((fn, "Figura 2 from Weft's data: how many (kernel, input) points each policy runs in fewer cycles than RR"))
        # Figura 3: cycles change (bars) and accumulated load latency change (markers), per kernel, mean over sizes
        plt = _plt()
        fig, axes = plt.subplots(1, len(cfgs), figsize=(5 * len(cfgs) + 1, 4), squeeze=False)
        for ax, c in zip(axes[0], cfgs):
            ks = sorted({k[2] for k, _ in measured if k[1] == c})
            for i, pol in enumerate(("GTO", "PTA")):
                cyc, lat = [], []
                for kk in ks:
                    vs = [v for k, v in measured if k[0] == pol and k[1] == c and k[2] == kk]
                    cyc.append(mean([v[1] for v in vs]))
                    lat.append(mean([pct(v[3].get("ctr_load_latency_sum"), v[2].get("ctr_load_latency_sum"))
                                     for v in vs if v[2].get("ctr_load_latency_sum")]))
                xs = [j + (i - 0.5) * 0.4 for j in range(len(ks))]
                ax.bar(xs, [v or 0 for v in cyc], width=0.4, label=pol + " cycles")
                ax.plot(xs, [v if v is not None else float("nan") for v in lat], "o" if i == 0 else "s",
                        color="k" if i == 0 else "grey", label=pol + " load latency")
            ax.axhline(0, color="k", lw=0.6)
            ax.set_xticks(range(len(ks)))
            ax.set_xticklabels(ks, rotation=45, ha="right", fontsize=7)
            ax.set_title(c, fontsize=9)
            ax.set_ylabel("change vs RR (%), mean over inputs", fontsize=8)
            ax.legend(fontsize=6)
        fig.suptitle("Figura 3 redrawn from Weft: cycles (bars) and accumulated load latency (markers)", fontsize=9)
        fig.tight_layout()
        fn = name + "-fig3.png"
        fig.savefig(os.path.join(out, fn), dpi=110)
        plt.close(fig)
        figs.append((fn, "Figura 3 from Weft's data: cycle change (bars) and change of the accumulated load latency "
                     "(counter load_latency_sum; markers) against RR, mean over the inputs"))
    # causes of disagreement: CPI-stack attribution per policy and config
    for pol in ("GTO", "PTA"):
        for c in cfgs:
            pairs = [(v[2], v[3]) for k, v in measured if k[0] == pol and k[1] == c]
            dis = [k for k, v in measured if k[0] == pol and k[1] == c and _sign(v[0], DEAD) != _sign(v[1], DEAD)]
            cz = _cause(pairs, "%s on %s, where the cycles moved (all measured points)" % (pol, c))
            if cz:
                extra.append("* %s; %d of %d rows disagree in direction." % (cz, len(dis), len(pairs)))
    return rows, figs, extra


# ---- seed 002
def report_crouzet(data, pub, out, name):
    rows, figs, extra = [], [], []
    ks = data.values("kernel")
    kmap = {"blackscholes": "blackscholes", "hotspot": "rd_hotspot", "hotspot3D": "rd_hotspot3d", "kmeans": "rd_kmeans",
            "psort": "v_psort", "sgemm": "v_sgemm"}
    pols = ["lrr", "gtlrr", "gtlo"]

    def base(k, f, i):
        return data.get(kernel=k, swas="off", fetch_policy=f, issue_policy=i)

    def swas(k, i):
        return data.get(kernel=k, swas="on", issue_policy=i)

    ratios = {}
    for r in pub["rows"]:
        rid, k = r["id"], kmap.get(r.get("kernel"))
        w, note = None, ""
        if rid.startswith("t2-ipc-"):
            a, b = base(k, "lrr", "gtlrr"), swas(k, "gtlrr")
            w = b["ipc"] / a["ipc"] if a and b and a.get("ipc") else None
            ratios[k] = w
        elif rid.startswith("t2-errors-"):
            a = base(k, "lrr", "gtlrr")
            w = a.get("osched2_errors") if a else None
        elif rid == "swas-zero-errors":
            es = [swas(kk, i) for kk in ks for i in pols]
            w = sum(e.get("osched2_errors") or 0 for e in es if e) if any(es) else None
            note = "%d SWaS runs" % sum(1 for e in es if e)
        elif rid == "psort-gtlo-fetch":
            xs = [(base(k, "gtlo", i), base(k, "lrr", i)) for i in pols]
            w = mean([a["ipc"] / b["ipc"] for a, b in xs if a and b])
        elif rid == "best-fetch-lrr":
            score = {}
            for f in pols:
                for i in pols:
                    vals = []
                    for kk in ks:
                        best = max([x["ipc"] for x in (base(kk, f2, i2) for f2 in pols for i2 in pols) if x] or [0])
                        x = base(kk, f, i)
                        if x and best:
                            vals.append(x["ipc"] / best)
                    score[(f, i)] = mean(vals)
            if any(v is not None for v in score.values()):
                bf, bi = max((k2 for k2 in score if score[k2] is not None), key=lambda k2: score[k2])
                w = 1 if bf == "lrr" else 0
                note = "best: fetch %s, issue %s" % (bf, bi)
        elif rid == "psort-worst":
            a, b = base(k, "lrr", "gtlo"), swas(k, "gtlo")
            w = b["ipc"] / a["ipc"] if a and b else None
        elif rid == "psort-largest-loss":
            if ratios and all(v is not None for v in ratios.values()):
                worst = min(ratios, key=lambda kk: ratios[kk])
                w = 1 if worst == "v_psort" else 0
                note = "lowest: %s" % worst
        rows.append((r, w, note) if note else (r, w))
    # figures 4 and 5: baseline IPC and error rate per combination
    combos = [(f, i) for f in pols for i in pols]
    if any(base(k, "lrr", "lrr") for k in ks):
        fn = name + "-fig4.png"
        grouped_bars(os.path.join(out, fn), ks, [("%s-%s" % c, [(base(k, *c) or {}).get("ipc") for k in ks]) for c in combos],
                     "Fig. 4 redrawn: IPC of the baseline (fetch-issue policies), Weft", "warp IPC")
        figs.append((fn, "Fig. 4 from Weft's data: warp IPC of the baseline per fetch-issue combination (Weft counts warp "
                     "instructions; the paper counts thread instructions, so its scale is up to 32x Weft's)"))
        fn = name + "-fig5.png"
        grouped_bars(os.path.join(out, fn), ks, [("%s-%s" % c, [100.0 * (base(k, *c) or {}).get("osched2_errors", 0) /
                                                               (base(k, *c) or {}).get("cycles", 1) if base(k, *c) else None
                                                               for k in ks]) for c in combos],
                     "Fig. 5 redrawn: scheduling error rate of the baseline, Weft", "errors / cycles (%)")
        figs.append((fn, "Fig. 5 from Weft's data: osched2 errors per cycle of the baseline"))
        for n, i in ((6, "gtlrr"), (7, "gtlo"), (8, "lrr")):
            fn = "%s-fig%d.png" % (name, n)
            grouped_bars(os.path.join(out, fn), ks,
                         [("baseline fetch %s" % f, [(swas(k, i)["ipc"] / base(k, f, i)["ipc"]) if swas(k, i) and base(k, f, i) else None
                                                     for k in ks]) for f in pols],
                         "Fig. %d redrawn: IPC SWaS / baseline, issue (and SWaS) policy %s, Weft" % (n, i), "IPC ratio", hline=1)
            figs.append((fn, "Fig. %d from Weft's data: IPC of SWaS over the baseline with issue policy %s" % (n, i)))
        fn = name + "-table2.png"
        t2 = [r for r in pub["rows"] if r["id"].startswith("t2-ipc-")]
        grouped_bars(os.path.join(out, fn), [r["kernel"] for r in t2],
                     [("published", [r["value"] for r in t2]), ("Weft", [ratios.get(kmap[r["kernel"]]) for r in t2])],
                     "Table II: IPC of SWaS (GTLRR) / baseline (LRR-GTLRR)", "IPC ratio", hline=1, rot=0)
        figs.append((fn, "Table II, published and Weft"))
    # measured causes: SWaS NOPs and the stack difference
    for kk in ks:
        a, b = base(kk, "lrr", "gtlrr"), swas(kk, "gtlrr")
        if a and b:
            extra.append("* %s: baseline %s cycles, SWaS %s cycles, %s SWaS NOPs (%.1f%% of SWaS's cycles), I-cache misses %s / %s; %s"
                         % (kk, fmt(a["cycles"]), fmt(b["cycles"]), fmt(b.get("ctr_swas_nops")),
                            100.0 * (b.get("ctr_swas_nops") or 0) / b["cycles"], fmt(a.get("ctr_icache_misses")),
                            fmt(b.get("ctr_icache_misses")), _cause([(a, b)], "stack change") or ""))
    return rows, figs, extra


# ---- seed 000
AUR_CFG = {
    "Vortex": dict(fetch_policy="fixed", issue_policy="lrr", issue_ready="unready", frontend="stall"),
    "FGTO": dict(fetch_policy="gto", issue_policy="gto", issue_ready="ready", frontend="nss"),
    "FRRR": dict(fetch_policy="lrr", issue_policy="lrr", issue_ready="ready", frontend="nss"),
    "GTO+LRR": dict(fetch_policy="gto", issue_policy="lrr", issue_ready="ready", frontend="nss"),
    "LRR+GTO": dict(fetch_policy="lrr", issue_policy="gto", issue_ready="ready", frontend="nss"),
}
AUR_SETUP = {"4 warps": dict(config="vortex", no_l2=None), "8 warps": dict(config="vortex8", no_l2=None),
             "only L1": dict(config="vortex", no_l2="True")}


def report_aurud(data, pub, out, name):
    rows, figs, extra = [], [], []
    ks = data.values("kernel")

    def g(k, cfg, setup="4 warps"):
        return data.get(kernel=k, **AUR_CFG[cfg], **AUR_SETUP[setup])

    def mean_change(cfg, setup):
        return mean([pct(cpi(g(k, cfg, setup)), cpi(g(k, "Vortex", setup))) for k in ks if g(k, cfg, setup) and g(k, "Vortex", setup)])

    def mean_share(cfg, keys, setup="4 warps"):
        return mean([_share(g(k, cfg, setup), keys) for k in ks if g(k, cfg, setup)])

    FE = ["sync_control", "empty_ibuffer"]
    for r in pub["rows"]:
        rid, w, note = r["id"], None, ""
        if rid.startswith("mean-cpi-"):
            w = mean_change(r["cfg"], r["setup"])
        elif rid == "gain-8w-gt-4w":
            a, b = mean_change("FRRR", "8 warps"), mean_change("FRRR", "4 warps")
            w = (b - a) if a is not None and b is not None else None
        elif rid == "frontend-share-base":
            w = mean_share("Vortex", FE)
        elif rid == "sync-share-base":
            w = mean_share("Vortex", ["sync_control"])
        elif rid == "sync-share-new":
            w = mean_share("FRRR", ["sync_control"])
        elif rid == "empty-share-base":
            w = mean_share("Vortex", ["empty_ibuffer"])
        elif rid == "frontend-cut":
            vals = []
            for k in ks:
                a, b = g(k, "Vortex"), g(k, "FRRR")
                if a and b:
                    fa = sum(a.get("cpi_" + c) or 0 for c in FE)
                    fb = sum(b.get("cpi_" + c) or 0 for c in FE)
                    vals.append(pct(fb, fa) if fa else None)
            w = mean(vals)
        elif rid == "sfilter-frontend":
            a, b = g("v_sfilter", "Vortex"), g("v_sfilter", "FRRR")
            if a and b:
                w = _share(b, FE) * b["cycles"] / a["cycles"] - _share(a, FE)
                note = "%.1f%% -> %.1f%% of Vortex's cycles" % (_share(a, FE), _share(b, FE) * b["cycles"] / a["cycles"])
        elif rid == "bfs-sync-unchanged":
            a, b = g("rd_bfs", "Vortex"), g("rd_bfs", "FRRR")
            w = pct(b.get("cpi_sync_control"), a.get("cpi_sync_control")) if a and b and a.get("cpi_sync_control") else None
        elif rid == "psort-missed":
            a = g("v_psort", "Vortex")
            w = _share(a, ["missed_schedule"]) if a else None
        elif rid in ("psort-cpi", "sgemm-cpi"):
            a, b = g(r["kernel"], "Vortex"), g(r["kernel"], "FGTO")
            w = pct(cpi(b), cpi(a)) if a and b else None
        elif rid == "ready-no-missed":
            xs = [g(k, c) for k in ks for c in ("FGTO", "FRRR")]
            w = sum((x.get("missed_schedules") or 0) for x in xs if x) if any(xs) else None
        elif rid == "combos-close":
            ms = [mean_change(c, "4 warps") for c in ("FGTO", "FRRR", "LRR+GTO")]
            w = (max(ms) - min(ms)) if all(m is not None for m in ms) else None
        elif rid == "gto-lrr-worse":
            m = mean_change("GTO+LRR", "4 warps")
            o = [mean_change(c, "4 warps") for c in ("FGTO", "FRRR", "LRR+GTO")]
            w = (m - mean(o)) if m is not None and all(x is not None for x in o) else None
        rows.append((r, w, note) if note else (r, w))
    # figures: 7.1 / 7.12 / 7.14 stacks, 7.2 front end, 7.11 combos
    for setup, fig in (("4 warps", "7.1"), ("8 warps", "7.12"), ("only L1", "7.14")):
        groups = []
        avg = {c: {k: [] for k in CPI_KEYS} for c in ("Vortex", "FGTO", "FRRR")}
        for k in ks:
            a = g(k, "Vortex", setup)
            if not a:
                continue
            bars = []
            for c in ("Vortex", "FGTO", "FRRR"):
                b = g(k, c, setup)
                st = _norm_stack(b, a) if b else {}
                bars.append((c, st))
                for kk in CPI_KEYS:
                    if st:
                        avg[c][kk].append(st[kk])
            groups.append((k.replace("v_", "").replace("rd_", ""), bars))
        if groups:
            groups.append(("average", [(c, {kk: mean(avg[c][kk]) or 0 for kk in CPI_KEYS}) for c in ("Vortex", "FGTO", "FRRR")]))
            fn = "%s-fig%s.png" % (name, fig.replace(".", "_"))
            stack_plot(os.path.join(out, fn), groups, "Fig. %s redrawn from Weft: normalized CPI stacks (%s)" % (fig, setup))
            figs.append((fn, "Fig. %s from Weft's data (%s): CPI stacks normalized to Vortex per kernel" % (fig, setup)))
    # 7.2: front end + base only
    groups = []
    for k in ks:
        a = g(k, "Vortex")
        if a:
            groups.append((k.replace("v_", "").replace("rd_", ""),
                           [(c, {kk: v for kk, v in _norm_stack(g(k, c), a).items() if kk in ("base", "sync_control", "empty_ibuffer")})
                            for c in ("Vortex", "FGTO", "FRRR") if g(k, c)]))
    if groups:
        fn = name + "-fig7_2.png"
        stack_plot(os.path.join(out, fn), groups, "Fig. 7.2 redrawn from Weft: base and front-end CPI")
        figs.append((fn, "Fig. 7.2 from Weft's data: base, sync & control and empty ibuffer, normalized to Vortex's CPI"))
        fn = name + "-fig7_11.png"
        cs = ["FGTO", "FRRR", "GTO+LRR", "LRR+GTO"]
        grouped_bars(os.path.join(out, fn), [k.replace("v_", "").replace("rd_", "") for k in ks] + ["mean"],
                     [(c, [cpi(g(k, c)) / cpi(g(k, "Vortex")) if g(k, c) and g(k, "Vortex") else None for k in ks]
                       + [1 + (mean_change(c, "4 warps") or 0) / 100]) for c in cs],
                     "Fig. 7.11 redrawn from Weft: fetch+issue combinations, CPI normalized to Vortex", "normalized CPI", hline=1)
        figs.append((fn, "Fig. 7.11 from Weft's data: the four combinations of GTO and LRR (fetch+issue), with NSS, stall table, BPR, ready issue"))
    for setup in AUR_SETUP:
        for c in ("FGTO", "FRRR"):
            cz = _cause([(g(k, "Vortex", setup), g(k, c, setup)) for k in ks], "Vortex -> %s, %s" % (c, setup))
            if cz:
                extra.append("* " + cz)
    # per-kernel table
    tab = ["| kernel | Vortex CPI | FGTO | FRRR | front end share Vortex | FRRR | missed sched. Vortex | memory data Vortex | FRRR |",
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for k in ks:
        a, b, c = g(k, "Vortex"), g(k, "FGTO"), g(k, "FRRR")
        if a:
            tab.append("| %s | %.3f | %s | %s | %.1f%% | %s | %.1f%% | %.1f%% | %s |" % (
                k, cpi(a), "%+.1f%%" % pct(cpi(b), cpi(a)) if b else "-", "%+.1f%%" % pct(cpi(c), cpi(a)) if c else "-",
                _share(a, FE), "%.1f%%" % _share(c, FE) if c else "-", _share(a, ["missed_schedule"]),
                _share(a, ["memory_data"]), "%.1f%%" % _share(c, ["memory_data"]) if c else "-"))
    extra.append("\nPer kernel (4 warps, CONFIG=vortex, --mem-preset vortex; shares of each run's own cycles):\n")
    extra.extend(tab)
    return rows, figs, extra


# ---- seed 003
BUSH_BASE = "WEFT_DC_SETS=64 WEFT_DC_WAYS=4"  # Fig. 9's baseline: 256 lines, 4-way


def _geom(defs):
    if defs is None:
        return 128, 4
    s = int(re.search(r"SETS=(\d+)", defs).group(1))
    w = int(re.search(r"WAYS=(\d+)", defs).group(1))
    return s * w, w


def report_bush(data, pub, out, name):
    rows, figs, extra = [], [], []
    ks = data.values("kernel")
    defs = [d for d in data.values("DEFS")]

    def g(k, pol="lrr", d=None, sq=None):
        # sq: --store-queue entries per warp (None: the points without the option, no queue)
        return data.get(kernel=k, issue_policy=pol, DEFS=d, store_queue=sq)

    def sos_vs_barrel(sq):
        return mean([pct(g(k, "gto", sq=sq)["cycles"], g(k, "lrr", sq=sq)["cycles"]) for k in ks
                     if g(k, "gto", sq=sq) and g(k, "lrr", sq=sq)])

    def sq2_speedup(pol):
        # speed-up from 1 to 2 entries: cycles(1) / cycles(2) - 1, mean over kernels
        return mean([pct(g(k, pol, sq=1)["cycles"], g(k, pol, sq=2)["cycles"]) for k in ks
                     if g(k, pol, sq=1) and g(k, pol, sq=2)])

    def hit(r):
        pj = r.get("perf_json")
        try:
            j = json.loads(pj) if isinstance(pj, str) else pj
        except ValueError:
            return None
        dc = (j or {}).get("dcache") or {}
        ll, mm = dc.get("load_lines"), dc.get("load_misses")
        return 100.0 * (ll - mm) / ll if ll else None

    geo = {}
    for d in defs:
        rel = gmean([g(k, "lrr", d)["cycles"] / g(k, "lrr", BUSH_BASE)["cycles"] for k in ks
                     if g(k, "lrr", d) and g(k, "lrr", BUSH_BASE)])
        geo[_geom(d)] = (rel, mean([hit(g(k, "lrr", d)) for k in ks if g(k, "lrr", d)]))
    for r in pub["rows"]:
        rid, w, note = r["id"], None, ""
        if rid == "sos-vs-barrel-sq1":
            w = sos_vs_barrel(1)
            w0 = sos_vs_barrel(None)
            note = "Weft: gto vs lrr, --store-queue 1" + (" (without a queue: %+.2f)" % w0 if w0 is not None else "")
        elif rid == "sos-vs-barrel-sq2":
            w = sos_vs_barrel(2)
            note = "Weft: gto vs lrr, --store-queue 2"
        elif rid == "sq2-sos-speedup":
            w = sq2_speedup("gto")
            note = "Weft: gto, --store-queue 1 -> 2"
        elif rid == "sq2-barrel-speedup":
            w = sq2_speedup("lrr")
            note = "Weft: lrr, --store-queue 1 -> 2"
        elif rid == "cache-smaller-slower":
            v = geo.get((64, 4), (None, None))[0]
            w = (v - 1) * 100 if v else None
        elif rid == "cache-smaller-hitrate":
            a, b = geo.get((64, 4), (None, None))[1], geo.get((256, 4), (None, None))[1]
            w = a - b if a is not None and b is not None else None
        elif rid == "cache-assoc-vs-capacity":
            # gain of associativity: 1 -> 4 ways at each size; gain of capacity: 64 -> 256 lines at each associativity
            ga = mean([100 * (1 - geo[(n, 4)][0] / geo[(n, 1)][0]) for n in (64, 128, 256) if geo.get((n, 1), (None,))[0] and geo.get((n, 4), (None,))[0]])
            gc = mean([100 * (1 - geo[(256, a)][0] / geo[(64, a)][0]) for a in (1, 2, 4) if geo.get((64, a), (None,))[0] and geo.get((256, a), (None,))[0]])
            w = ga - gc if ga is not None and gc is not None else None
            if w is not None:
                note = "associativity %.1f%%, capacity %.1f%%" % (ga, gc)
        else:
            note = r.get("weft", "")
        rows.append((r, w, note) if note else (r, w))
    # Fig. 4: barrel vs SoS with 1- and 2-entry store queues, normalized to
    # SoS with 1 entry (the paper's baseline); Weft without a queue beside
    def rel(k, pol, sq):
        a, b = g(k, "gto", sq=1), g(k, pol, sq=sq)
        return a["cycles"] / b["cycles"] if a and b else None
    setups = [("SoS, 1 entry", "gto", 1), ("barrel, 1 entry", "lrr", 1), ("SoS, 2 entries", "gto", 2),
              ("barrel, 2 entries", "lrr", 2), ("SoS, no queue", "gto", None), ("barrel, no queue", "lrr", None)]
    if any(g(k, "gto", sq=1) for k in ks):
        fn = name + "-fig4.png"
        grouped_bars(os.path.join(out, fn), [k for k in ks] + ["geomean"],
                     [(lab, [rel(k, pol, sq) for k in ks] + [gmean([rel(k, pol, sq) for k in ks])])
                      for lab, pol, sq in setups],
                     "Fig. 4 redrawn from Weft: performance relative to SoS with a 1-entry store queue (higher is faster)",
                     "speed-up vs SoS, 1 entry", hline=1)
        figs.append((fn, "Fig. 4 from Weft's data: speed-up over switch-on-stall (gto) with a 1-entry store queue per warp, "
                         "for barrel (lrr) and SoS with 1 and 2 entries and without a queue (Weft's LSU before issue 21)"))
        extra.append("\nFig. 4 data (cycles relative to SoS with 1 entry; store-queue counters of weft_perf, sums over the kernels):\n")
        extra.append("| setting | geomean speed-up vs SoS 1 entry | memory structural share | queue-full cycles | load-wait cycles |")
        extra.append("|---|---:|---:|---:|---:|")
        for lab, pol, sq in setups:
            rs = [g(k, pol, sq=sq) for k in ks]
            rs = [r for r in rs if r]
            if not rs:
                continue
            ms = mean([_share(r, ["memory_structural"]) for r in rs])
            cnt = [_counter(r, "sq_full_cycles") for r in rs], [_counter(r, "sq_wait_cycles") for r in rs]
            extra.append("| %s | %s | %s | %s | %s |" % (
                lab, fmt(gmean([rel(k, pol, sq) for k in ks]), 3), "%.1f%%" % ms if ms is not None else "-",
                fmt(sum(cnt[0])) if None not in cnt[0] else "-", fmt(sum(cnt[1])) if None not in cnt[1] else "-"))
    for a, b, lab in (((lambda k: g(k, "lrr", sq=1)), (lambda k: g(k, "gto", sq=1)), "barrel -> switch-on-stall, 1 entry"),
                      ((lambda k: g(k, "lrr", sq=2)), (lambda k: g(k, "gto", sq=2)), "barrel -> switch-on-stall, 2 entries"),
                      ((lambda k: g(k, "gto", sq=1)), (lambda k: g(k, "gto", sq=2)), "SoS, 1 -> 2 entries"),
                      ((lambda k: g(k, "lrr", sq=1)), (lambda k: g(k, "lrr", sq=2)), "barrel, 1 -> 2 entries"),
                      ((lambda k: g(k, "lrr")), (lambda k: g(k, "gto")), "barrel -> switch-on-stall, no queue")):
        cz = _cause([(a(k), b(k)) for k in ks], lab)
        if cz:
            extra.append("* " + cz)
    if geo:
        fn = name + "-fig9.png"
        order = sorted(geo)
        plt = _plt()
        fig, ax1 = plt.subplots(figsize=(7, 4))
        ax1.bar(range(len(order)), [geo[o][0] or 0 for o in order], color="#2471a3")
        ax1.axhline(1, color="k", lw=0.6)
        vals = [geo[o][0] for o in order if geo[o][0]]
        if vals:
            ax1.set_ylim(min(vals + [1.0]) - 0.02, max(vals + [1.0]) + 0.02)
        ax1.set_xticks(range(len(order)))
        ax1.set_xticklabels(["%d lines\n%d-way" % o for o in order], fontsize=7)
        ax1.set_ylabel("geomean cycles vs 256 lines 4-way", fontsize=8)
        ax2 = ax1.twinx()
        ax2.plot(range(len(order)), [geo[o][1] for o in order], "ko-")
        ax2.set_ylabel("mean D-cache load hit rate (%)", fontsize=8)
        ax1.set_title("Fig. 9 redrawn from Weft: L1 D-cache size (32-byte lines) and associativity", fontsize=9)
        fig.tight_layout()
        fig.savefig(os.path.join(out, fn), dpi=110)
        plt.close(fig)
        figs.append((fn, "Fig. 9 from Weft's data: geometric-mean cycles relative to 256 lines 4-way (bars), hit rate (line)"))
        extra.append("\nFig. 9 data (barrel, geomean over %d kernels):\n" % len(ks))
        extra.append("| lines | ways | sets | cycles vs 256 lines 4-way | mean load hit rate |")
        extra.append("|---:|---:|---:|---:|---:|")
        for o in order:
            extra.append("| %d | %d | %d | %.3f | %s |" % (o[0], o[1], o[0] // o[1], geo[o][0] or float("nan"),
                                                       "%.1f%%" % geo[o][1] if geo[o][1] is not None else "-"))
    return rows, figs, extra


# ---- seed 001
# Table 5.3's sweep: lanes per SM at a fixed warp size (32 threads; 64 for the 64-lane SM), register file total
# constant. Weft: one core, tools/scaling.sh --lanes-at T --flow modules (per-module synthesis, OSU 0.18 um,
# SRAM estimate). Each run: (threads per warp T, warps W, lanes). The 64-lane point has 64 threads per warp and
# half the warps, so the register file (W x T x 64 registers) keeps its total, as in the seed.
LIES_RUNS = {
    "small": [(8, 4, [2, 4, 8])],
    None: [(32, 4, [4, 8, 16, 32]), (64, 2, [64])],
}


def lies_dirs(variant, base=None):
    base = base or os.path.join(ROOT, "build", "exp", "lies" + ("-" + variant if variant else ""))
    return [(os.path.join(base, "w%dt%d" % (w, t)), t, w, ls) for t, w, ls in LIES_RUNS[variant]]


def lies_points(paths):
    """Points of one or more scaling.json files, keyed by lanes (a later file's point of the same lanes wins)."""
    pts = {}
    for sj in paths:
        try:
            with open(sj) as f:
                sc = json.load(f)
        except (OSError, ValueError):
            continue
        for p in sc.get("points", []):
            p = dict(p, warps=sc.get("warps"), period_ns=sc.get("period_ns"))
            p["T"] = p.get("T") or p["threads"]
            pts[int(p["threads"])] = p
    return pts


def lies_doublings(pts):
    """Table 5.3's metrics for each doubling L -> 2L of the measured points: increase in processors per unit
    area 2 A(L) / A(2L) - 1, reduction in power per processor 1 - P(2L) / (2 P(L)) (None where not measured)."""
    out = []
    for n in sorted(pts):
        a, b = pts[n], pts.get(2 * n)
        if not b:
            continue
        d = {"from": n, "to": 2 * n, "area": None, "cells": None, "power": None}
        if a.get("area_um2") and b.get("area_um2"):
            d["area"] = 100 * (2 * a["area_um2"] / b["area_um2"] - 1)
        if a.get("generic_cells") and b.get("generic_cells"):
            d["cells"] = 100 * (2 * a["generic_cells"] / b["generic_cells"] - 1)
        if a.get("power_mw") and b.get("power_mw"):
            d["power"] = 100 * (1 - b["power_mw"] / (2 * a["power_mw"]))
        out.append(d)
    return out


def report_lies(data, pub, out, name, scaling_json):
    rows, figs, extra = [], [], []
    paths = scaling_json if isinstance(scaling_json, (list, tuple)) else [scaling_json]
    pts = lies_points(paths)
    dbl = {d["from"]: d for d in lies_doublings(pts)}
    ratios = {}
    for r in pub["rows"]:
        rid, w, note = r["id"], None, ""
        if rid.startswith("t53-"):
            n = int(r["lanes"].split()[0])
            d = dbl.get(n)
            if d:
                if "-area-" in rid:
                    w = d["area"]
                    if w is None and d["cells"] is not None:
                        w, note = d["cells"], "from generic cells (no mapped area at this point)"
                    ratios[n] = w
                    a, b = pts[n], pts[2 * n]
                    if a["T"] != b["T"]:
                        note = (note + "; " if note else "") + "%d threads per warp at %d lanes, %d at %d" % (a["T"], n, b["T"], 2 * n)
                elif d["power"] is not None:
                    w = d["power"]
                else:
                    note = "power not measured at these points (no OpenSTA run on their stitched netlists)"
        elif rid == "best-32":
            if ratios:
                pos = [n for n in sorted(ratios) if ratios[n] is not None and ratios[n] > 0]
                w = 2 * max(pos) if pos and len(pos) < len(ratios) else None
                note = "needs a doubling with a loss (the 32 -> 64 point)" if w is None else ""
        rows.append((r, w, note) if note else (r, w))
    if pts:
        fn = name + "-table5_3.png"
        t = [r for r in pub["rows"] if r["id"].startswith("t53-area-")]
        labels = [r["lanes"] for r in t]
        wv = [ratios.get(int(r["lanes"].split()[0])) for r in t]
        extra_dbl = [d for n, d in sorted(dbl.items()) if n not in {int(r["lanes"].split()[0]) for r in t}]
        for d in extra_dbl:   # doublings the seed did not measure (e.g. 2 -> 4 at T = 8): Weft's bar only
            labels.insert(0, "%d to %d" % (d["from"], d["to"]))
            wv.insert(0, d["area"] if d["area"] is not None else d["cells"])
        pubv = [None] * len(extra_dbl) + [r["value"] for r in t]
        grouped_bars(os.path.join(out, fn), labels, [("published", pubv), ("Weft", wv)],
                     "Table 5.3 redrawn: increase in processors per unit area per doubling of the lanes", "%",
                     hline=0, rot=0)
        figs.append((fn, "Table 5.3 (area column), published and Weft (lanes at fixed threads per warp)"))
        extra.append("Points (one core; lanes L at T threads per warp; each warp instruction takes T/L rows; "
                     "area = standard cells + SRAM estimate; per-module synthesis, `tools/synth_modules.py`):")
        extra.append("")
        extra.append("| lanes L | T | warps | rows T/L | generic cells | std-cell mm^2 | SRAM est. mm^2 | total mm^2 | "
                     "lane units | row machinery | fixed part | power mW | Fmax MHz | Yosys s of its modules |")
        extra.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")

        def share(p, key):
            parts = p.get("parts") or {}
            tot = sum(v["area_um2"] + v["sram_est_um2"] for v in parts.values())
            for k, v in parts.items():
                if k.startswith(key):
                    return "%.0f%%" % (100 * (v["area_um2"] + v["sram_est_um2"]) / tot) if tot else "-"
            return "-"
        for n in sorted(pts):
            p = pts[n]
            ar = p.get("area_um2")
            extra.append("| %d | %d | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                n, p["T"], p.get("warps", "-"), p["T"] // n, fmt(p.get("generic_cells")),
                fmt(p["area_std_um2"] / 1e6, 3) if p.get("area_std_um2") else "-",
                fmt(p["area_sram_um2"] / 1e6, 3) if p.get("area_sram_um2") else "-",
                fmt(ar / 1e6, 3) if ar else "-", share(p, "lane"), share(p, "warp-row"), share(p, "fixed"),
                fmt(p.get("power_mw"), 1), fmt(p.get("fmax_mhz"), 1), fmt(p.get("module_seconds"), 0)))
        pw = [n for n in sorted(pts) if pts[n].get("power_parts_w")]
        if pw:
            extra.append("")
            extra.append("Power by part (OpenSTA's leaf-cell powers summed by the module each cell is in; standard "
                         "cells only, activity 0.1 at 100 MHz):")
            extra.append("")
            extra.append("| lanes L | total mW | lane units mW | row machinery mW | fixed part mW | lane units share |")
            extra.append("|---:|---:|---:|---:|---:|---:|")
            for n in pw:
                pp = pts[n]["power_parts_w"]
                g = lambda key: sum(v for k, v in pp.items() if k.startswith(key)) * 1e3
                tot = sum(pp.values()) * 1e3
                extra.append("| %d | %.1f | %.1f | %.1f | %.1f | %.0f%% |" % (
                    n, tot, g("lane"), g("warp-row"), g("fixed"), 100 * g("lane") / tot if tot else 0))
        extra.append("")
        extra.append("Every doubling measured (Table 5.3's metric, 2 A(L) / A(2L) - 1; the same from generic cells):")
        extra.append("")
        extra.append("| lanes | processors per unit area | from generic cells | power per processor |")
        extra.append("|---|---:|---:|---:|")
        for n, d in sorted(dbl.items()):
            pc = lambda v: "%+.0f%%" % v if v is not None else "-"
            extra.append("| %d to %d | %s | %s | %s |" % (d["from"], d["to"], pc(d["area"]), pc(d["cells"]),
                                                          "%.0f%%" % d["power"] if d["power"] is not None else "not measured"))
    return rows, figs, extra


# ---------------------------------------------------------------- the document
TITLES = {"magalhaes": "Seed 004 (Magalhães et al.): GTO and PTA against round robin",
          "crouzet": "Seed 002 (Crouzet et al.): synchronized warp scheduling (SWaS)",
          "aurud": "Seed 000 (Aurud): fetch and issue bandwidth of Vortex",
          "bush": "Seed 003 (Bush et al., Nyami): barrel vs switch-on-stall, cache size and associativity",
          "lies": "Seed 001 (Lies): lanes per SM, area and power"}


def run_sweep(yaml_path, jobs=1, build_jobs=1, extra=()):
    """Run a sweep YAML with the sweep runner (python3 -m weft sweep); returns its exit code."""
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "tools") + (":" + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""))
    cmd = [sys.executable, "-m", "weft", "sweep", yaml_path, "-j", str(jobs), "--build-jobs", str(build_jobs),
           "--no-progress"] + list(extra)
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def git(*a):
    r = subprocess.run(["git"] + list(a), cwd=ROOT, capture_output=True, text=True)
    return r.stdout.strip()


_FE_TREE = {}


def fe_of(rec):
    """The front-end preset a result row ran with: FE in its point's make variables, else the default of its
    configuration in the tree it ran on (CFGFE_<config> of that commit's config/configs.mk); a tree
    without front-end presets ran Weft's own front end (tF 1), which the preset `weft` names."""
    p = rec.get("params") or {}
    if p.get("FE"):
        return str(p["FE"])
    c = rec.get("git_commit") or ""
    if c not in _FE_TREE:
        mk = subprocess.run(["git", "show", "%s:Makefile" % c], cwd=ROOT, capture_output=True, text=True).stdout
        cm = subprocess.run(["git", "show", "%s:config/configs.mk" % c], cwd=ROOT, capture_output=True, text=True).stdout
        has = re.search(r"^\s*FE\s*[?:]?=", mk, re.M) is not None
        _FE_TREE[c] = (has, dict(re.findall(r"^CFGFE_(\w+)\s*:=\s*(\w+)", cm, re.M)))
    has, dflt = _FE_TREE[c]
    return dflt.get(str(p.get("config")), "weft") if has else "weft"


def fe_summary(data):
    """Which front ends the points ran with, per configuration: 'config: FE (n points)'."""
    cnt = {}
    for f, r in data.rows:
        if r is not None:
            k = (f.get("config"), fe_of(r))
            cnt[k] = cnt.get(k, 0) + 1
    return ", ".join("%s: FE=%s (%d points)" % (c, fe, n) for (c, fe), n in sorted(cnt.items()))


def sweep_sets(name, key):
    """Does sweeps/exp-NAME.yaml set KEY in its `fixed:` section (uncommented)?"""
    import yaml
    try:
        with open(os.path.join(ROOT, "sweeps", "exp-%s.yaml" % name)) as f:
            return key in ((yaml.safe_load(f) or {}).get("fixed") or {})
    except OSError:
        return False


def fe_known():
    """Does the Makefile know the front-end preset variable FE (another branch of issue 21)?"""
    import glob
    for mk in [os.path.join(ROOT, "Makefile")] + sorted(glob.glob(os.path.join(ROOT, "mk", "*.mk"))):
        try:
            with open(mk) as f:
                if re.search(r"^\s*FE\s*[?:]?=", f.read(), re.M):
                    return True
        except OSError:
            pass
    return False


def write_doc(name, variant, out, pub, rows, figs, extra, data=None, setup_md="", cpu=None):
    os.makedirs(out, exist_ok=True)
    lines = ["# %s" % TITLES[name], ""]
    commit = git("rev-parse", "--short", "HEAD")
    lines += ["Generated by `tools/exp_report.py %s%s` (`make exp-%s%s`). **Variant: %s.** Date: %s. Git commit: %s%s."
              % (name, " --variant " + variant if variant else "", name, " SMALL=1" if variant == "small" else "",
                 "SMALL" if variant == "small" else "full", datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"),
                 commit, " (working tree with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else ""), ""]
    lines += ["Paper: %s (seed file `%s`). Published numbers: `docs/experiments/published/%s.yaml` (each row with its "
              "source and the verbatim text it was read from)." % (pub["paper"], pub["seed"], name), ""]
    if data is not None:
        lines += ["Simulations: `sweeps/exp-%s.yaml`%s, %d points, %d done, %d PASS; results in `%s`; simulator commits %s%s; "
                  "sum of per-point wall times %.0f s%s." % (name, " variant `%s`" % variant if variant else "", data.n, data.done,
                                                            data.passed, os.path.relpath(data.sw.results, ROOT),
                                                            ", ".join(c[:7] for c in data.commits) or "-",
                                                            " (dirty tree)" if data.dirty else "", data.wall,
                                                            "; CPU time of the run: %s" % cpu if cpu else ""), ""]
        if variant:
            full = spec.load(data.sweep_file, ROOT).points()
            from weft import build as _b
            lines += ["The full variant (`make exp-%s`, no SMALL) has %d points on %d build(s) (%s) with every configuration, input "
                      "and knob of the experiment; %s; it was not run for this document."
                      % (name, len(full), len(_b.distinct(full)),
                         ", ".join(sorted({k[0] + ("+" + ",".join("%s=%s" % kv for kv in k[1]) if k[1] else "")
                                           for k in _b.distinct(full)})), FULL_TIME[name]), ""]
        bad = data.failed()
        if bad:
            lines += ["Points not PASS (%d): %s" % (len(bad), "; ".join("%s: %s %s" % (spec.label(spec.canonical(f)), r.get("status"), (r.get("stop_reason") or "")[:80]) for f, r in bad[:10])), ""]
    if setup_md:
        lines += [setup_md, ""]
    agree = sum(1 for x in rows if verdict(x[0], x[1]) == "agree")
    dis = sum(1 for x in rows if verdict(x[0], x[1]) == "disagree")
    na = sum(1 for x in rows if verdict(x[0], x[1]) == "n/a")
    lines += ["## Published vs Weft", "", "**%d agree, %d disagree, %d not measured** (rule per row: tools/exp_report.py; "
              "a change counts as none within +-%g percentage points)." % (agree, dis, na, DEAD), ""]
    left = len(pub["rows"]) - len(rows)
    if left:
        lines += ["%d more published rows have no point in this variant (other configurations or inputs); the full "
                  "variant measures them." % left, ""]
    lines += ["| row | source | metric | setting | published | Weft | rule | verdict |", "|---|---|---|---|---:|---:|---|---|"]
    for x in rows:
        r, w = x[0], x[1]
        note = x[2] if len(x) > 2 else ""
        setting = " ".join(str(r[k]) for k in ("policy", "config", "kernel", "size", "setup", "cfg", "lanes") if k in r)
        wv = "-" if w is None else (fmt(w, 2) if isinstance(w, float) else str(w))
        lines.append("| %s | %s | %s | %s | %s | %s%s | %s | %s |" % (r["id"], r["source"], r["metric"], setting, r["value"], wv,
                                                                     " (%s)" % note if note else "", rule_text(r), verdict(r, w)))
    lines += [""]
    if figs:
        lines += ["## Figures redrawn from Weft's data", ""]
        for fn, cap in figs:
            lines += ["![%s](%s)" % (cap, fn), "", "*%s.*" % cap, ""]
    causes = os.path.join(out, "notes", name + "-causes.md")  # controlled experiments (tools/exp_causes.py)
    if extra or os.path.exists(causes):
        lines += ["## Measured causes and details", "",
                  "Where Weft's direction differs, these are the measured differences (CPI-stack classes, counters) "
                  "behind it; a row without one here has its cause not yet measured.", ""] + extra + [""]
    if os.path.exists(causes):
        with open(causes) as f:
            lines += ["### Controlled experiments (hand-written; `%s`)" % os.path.relpath(causes, ROOT), "",
                      f.read().strip(), ""]
    notes = os.path.join(out, "notes", name + ".md")  # hand-written readings beside the document
    if os.path.exists(notes):
        with open(notes) as f:
            lines += ["## Reading (hand-written; `%s`)" % os.path.relpath(notes, ROOT), "",
                      "Written for the run named in its first line; regenerating the numbers above does not update it.", "",
                      f.read().strip(), ""]
    with open(os.path.join(out, name + ".md"), "w") as f:
        f.write("\n".join(lines))
    return agree, dis, na


FULL_TIME = {
    "magalhaes": "expect many hours (v_sgemm at input 256 took 110 s on w8t8 and grows with the cube of the input "
                 "and with the warps; 32W32T builds simulate several times slower)",
    "crouzet": "expect hours (w32t32 with 1024 threads per kernel, 72 points)",
    "aurud": "expect hours to days (table 6.2's adjusted sizes, e.g. psort with 8192 keys is 256x the default's "
             "compares)",
    "bush": "expect well under an hour of simulation plus nine Verilator builds (default sizes)",
    "lies": "expect several hours on this machine (the T = 32 point's first run synthesizes every module at 32 "
            "threads per warp; the other lane counts only the lane units, the row machinery, execute, issue and "
            "core; docs/synthesis.md section 4b)",
}

SETUP = {
    "magalhaes": "Weft setting: `--fetch-policy lrr` (RR) against `gto` (GTO) and `ptalow` (PTA as Algorithm 2 is written: "
                 "ties to the lowest warp), issue side at its default (lrr, unready), default fixed 8-cycle memory behind the "
                 "4 KiB D-cache; kernels v_* (Vortex's, docs/kernels-papers.md) at `--size` = the paper's input; 8W8T = "
                 "`w8t8`, 16W16T = `w16t16`, 32W32T = `w32t32`. SMALL: 8W8T and 16W16T, inputs 64-256 (sgemm 64-128). "
                 "The paper used SimX (Vortex's C++ simulator) with Vortex's memory system.",
    "crouzet": "Weft setting: baseline = `--frontend pnt --bpr on` with fetch x issue policies from lrr, gtlrr, gtlo; SWaS = "
               "`--swas on` with issue policy P (= the fetch policy); ready issue for both (sec. VI-A3: a warp whose head is not ready is skipped); default memory. Full: w32t32, one "
               "work-group of 1024 threads; SMALL: w8t8, 256 threads. IPC is Weft's warp IPC (the ratios are what Table II "
               "compares). osched2 as docs/scheduling.md defines it.",
    "aurud": "Weft setting: Vortex = `--fetch-policy fixed --issue-policy lrr --issue-ready unready --frontend stall`; FGTO / "
             "FRRR = `--fetch-policy P --issue-policy P --issue-ready ready --frontend nss --bpr on --stall-table 128` with "
             "P = gto / lrr; memory `--mem-preset vortex` on CONFIG=vortex (seed 000 table 6.1: 4 warps x 4 threads, the "
             "16 KiB direct-mapped L1 in Vortex's 4 banks, `DC_LINES` 4, and Vortex's front-end depth, `FE=vortex`; "
             "docs/memory.md); 8 warps = CONFIG=vortex8 (sec. 7.7: the same SM with 8 warps x 4 threads); only L1 = "
             "`--no-l2` after the preset. One core, where the thesis had 32. SMALL: the kernels' default sizes; full: "
             "table 6.2's adjusted sizes.",
    "bush": "Weft setting: barrel = lrr, switch-on-stall = gto, in both schedulers, with `--frontend nss --bpr on "
            "--issue-ready ready` so that a greedy issue side is fed; `--mem-preset vortex` (L2 with an 8-cycle hit latency "
            "behind the L1, close to Nyami's 9); the D-cache geometry is a build (`DEFS=\"WEFT_DC_SETS=S WEFT_DC_WAYS=W\"`, "
            "32-byte lines; Nyami's lines are 64 bytes). Base = 1 core x 4 warps x 4 threads (Nyami: 4 strands of 16 "
            "lanes). SMALL: 5 kernels, the 64- and 256-line caches at 1 and 4 ways. Nyami's store queue: `--store-queue 1` "
            "and `2` (entries per warp in the LSU, issue 21, docs/memory.md \"Store queue\"); the points without the option "
            "have no queue (a store waits at issue until the D-cache takes it).",
    "lies": "Weft setting: lanes L at fixed threads per warp T (warp rows: a warp instruction takes T/L rows, "
            "docs/architecture.md), as Table 5.3 sweeps its streaming processors at warp size 32, so the register "
            "file keeps its total size (W x T x 64 registers of 32 bits) as in the seed. One core (the seed measured "
            "one SM). `tools/scaling.sh --lanes-at T --flow modules`: Yosys 0.23, hierarchy kept, each distinct "
            "module synthesized once and cached, mapped to the OSU 0.18 um cells (ABC target 10 ns, fan-out "
            "buffers), memories as the SRAM estimate (docs/synthesis.md sections 3 and 4b); areas summed by "
            "instance count. Power and Fmax: the modules' netlists stitched into one gate-level netlist and OpenSTA "
            "run on it with `make ppa`'s script (100 MHz clock, a global switching activity of 0.1 per cycle on "
            "every net, not simulated switching; standard cells only, the SRAM-estimate memories have no power; "
            "docs/synthesis.md section 4c). SMALL: T = 8 (4 warps), lanes 2, 4, 8.",
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("name", nargs="*", help="|".join(NAMES))
    ap.add_argument("--variant", help="the sweep's variant (small)")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "experiments"))
    ap.add_argument("--results", help="results directory (default: the sweep's)")
    ap.add_argument("--scaling", help="lies: scaling.json (default build/exp/lies[-small]/scaling.json)")
    ap.add_argument("--cpu", help="CPU time of the run, to print in the document")
    ap.add_argument("--check-published", action="store_true", help="check the published-data files and exit")
    ap.add_argument("--run", action="store_true", help="run the sweep (lies: tools/scaling.sh) first, measuring its CPU time")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="--run: points at a time")
    ap.add_argument("--build-jobs", type=int, default=1, help="--run: JOBS of the Verilator builds")
    ap.add_argument("--axis", action="append", help="--run and report: replace an axis of the sweep (KEY=V1,V2)")
    ap.add_argument("--fe", help="front-end preset: run and report with the make variable FE=NAME (the Makefile must know FE)")
    a = ap.parse_args(argv)
    if a.check_published:
        probs = check_published(a.name or None)
        for p in probs:
            print(p)
        n = sum(len(load_published(x)["rows"]) for x in (a.name or NAMES))
        print("%d published rows, %d problems" % (n, len(probs)))
        return 1 if probs else 0
    if len(a.name) != 1 or a.name[0] not in NAMES:
        ap.error("one NAME of %s" % ", ".join(NAMES))
    name = a.name[0]
    pub = load_published(name)
    os.makedirs(a.out, exist_ok=True)
    if a.fe:
        if not fe_known():
            print("exp: --fe %s: this Makefile has no FE variable (the front-end preset is not in this tree)" % a.fe,
                  file=sys.stderr)
            return 2
        a.axis = (a.axis or []) + ["FE=" + a.fe]
    if a.run:
        import resource
        t0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if name == "lies":
            rc = 0
            for d, t, w, ls in lies_dirs(a.variant, os.path.dirname(a.scaling) if a.scaling else None):
                cmd = ["bash", os.path.join(ROOT, "tools", "scaling.sh"), "--warps", str(w), "--out", d,
                       "--lanes-at", str(t), "--flow", "modules"] + [str(x) for x in ls]
                rc = max(rc, subprocess.run(cmd, cwd=ROOT).returncode)
        else:
            extra = (["--variant", a.variant] if a.variant else []) + (["--results", a.results] if a.results else [])
            for x in a.axis or []:
                extra += ["--axis", x]
            rc = run_sweep(os.path.join(ROOT, "sweeps", "exp-%s.yaml" % name), a.jobs, a.build_jobs, extra)
        t1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_s = (t1.ru_utime - t0.ru_utime) + (t1.ru_stime - t0.ru_stime)
        a.cpu = a.cpu or "%.0f s (%.1f min) of CPU for this invocation's builds and simulations" % (cpu_s, cpu_s / 60)
        print("exp %s: run exit %d, %s" % (name, rc, a.cpu), file=sys.stderr)
        if rc not in (0, 1):
            return rc
    if name == "lies":
        dirs = lies_dirs(a.variant, os.path.dirname(a.scaling) if a.scaling else None)
        sj = [os.path.join(d, "scaling.json") for d, _, _, _ in dirs]
        rows, figs, extra = report_lies(None, pub, a.out, name, sj)
        data = None
        setup = SETUP[name] + " Runs: %s. Synthesis results: %s." % (
            "; ".join("T = %d, %d warps, lanes %s" % (t, w, ", ".join(map(str, ls))) for _, t, w, ls in dirs),
            ", ".join("`%s`" % os.path.relpath(x, ROOT) for x in sj))
        if a.variant:
            setup += (" The full variant (`make exp-lies`) runs T = 32 (4 warps) with 4, 8, 16 and 32 lanes and T = 64 "
                      "(2 warps) with 64 lanes: %s; not run for this document." % FULL_TIME[name])
    else:
        data = Data(name, a.variant, a.results, a.axis)
        rows, figs, extra = globals()["report_" + name](data, pub, a.out, name)
        setup = SETUP[name]
        setup += (" Front end of the points, from their provenance (FE=weft: a 1-cycle I-cache hit and combinational "
                  "decode, tF 1; FE=vortex: tF 3, docs/architecture.md): %s." % (fe_summary(data) or "-"))
        if name in ("aurud", "crouzet") and not a.fe and not sweep_sets(name, "FE"):
            setup += (" The sweep does not set FE (`FE: vortex` is commented out in its YAML)%s."
                      % (": this Makefile has the presets, so `make exp-%s EXP_FE=vortex` runs every point with the "
                         "Vortex-like front end" % name if fe_known() else ", and this tree has no front-end presets yet"))
    ag, dis, na = write_doc(name, a.variant, a.out, pub, rows, figs, extra, data, setup, a.cpu)
    print("exp %s: %s/%s.md: %d agree, %d disagree, %d not measured; %d figures" % (name, os.path.relpath(a.out, ROOT),
                                                                                   name, ag, dis, na, len(figs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
