"""Plots of a results table (matplotlib, Agg): normalized CPI stacks, speed-up heatmaps, per-kernel bars."""
import math
import os

from .runner import CPI_KEYS
from . import knobs, spec

CPI_LABELS = ["base", "idle", "sync & control", "empty ibuffer", "missed schedule", "memory data",
              "memory structural", "compute data", "compute structural"]
COLORS = ["#4c72b0", "#cccccc", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c"]


def _plt():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _ok(rows, where=None):
    out = [r for r in rows if r.get("status") == "PASS" and r.get("cycles")]
    if where:
        out = [r for r in out if spec._eval(where, r["params"])]
    return out


def _sortkey(v, key=None):
    """Knob values in their spec order (knobs.values), numbers numerically, the rest by name."""
    if key is not None:
        try:
            order = [str(x) for x in knobs.values(key)]
            if str(v) in order:
                return (0, float(order.index(str(v))), "")
        except KeyError:
            pass
    return (1, float(v), "") if _isnum(v) else (2, 0.0, str(v))


def _isnum(v):
    try:
        float(v)
        return True
    except (TypeError, ValueError):
        return False


def _varying(rows, skip=()):
    keys = []
    for r in rows:
        for k in r["params"]:
            if k not in keys and k not in skip:
                keys.append(k)
    return [k for k in keys if len({str(r["params"].get(k)) for r in rows}) > 1]


def cpi_stack(rows, out, group="kernel", label=None, where=None, baseline=None, title=None):
    """Stacked CPI classes per point, each normalized to the cycles of its group's baseline point
    (the first point of the group, or the one matching `baseline`, a dict)."""
    plt = _plt()
    rows = _ok(rows, where)
    rows = [r for r in rows if r.get("cpi_base") is not None]
    if not rows:
        raise ValueError("no PASS rows with a CPI stack to plot")
    label = label or _varying(rows, skip=(group, "seed"))
    groups = {}
    for r in rows:
        groups.setdefault(str(r["params"].get(group)), []).append(r)
    bars, names, ticks = [], [], []
    for g in sorted(groups, key=lambda v: _sortkey(v, group)):
        rs = sorted(groups[g], key=lambda r: [_sortkey(r["params"].get(k), k) for k in label])
        base = rs[0]
        if baseline:
            m = [r for r in rs if spec._matches(r["params"], baseline)]
            base = m[0] if m else base
        tot = sum(base["cpi_" + k] for k in CPI_KEYS) or 1.0
        for r in rs:
            bars.append([r["cpi_" + k] / tot for k in CPI_KEYS])
            names.append(" ".join(str(r["params"].get(k)) for k in label))
            ticks.append(g)
        bars.append(None)
        names.append("")
        ticks.append("")
    bars, names = bars[:-1], names[:-1]
    fig, ax = plt.subplots(figsize=(max(6, 0.28 * len(bars) + 2), 5))
    xs = range(len(bars))
    bottom = [0.0] * len(bars)
    for ci, k in enumerate(CPI_KEYS):
        h = [b[ci] if b else 0 for b in bars]
        ax.bar(xs, h, bottom=bottom, color=COLORS[ci], label=CPI_LABELS[ci], width=0.8)
        bottom = [a + b for a, b in zip(bottom, h)]
    ax.set_xticks(list(xs))
    ax.set_xticklabels(names, rotation=90, fontsize=6)
    # the group names under their bars
    start = 0
    for i in range(len(ticks) + 1):
        if i == len(bars) or (i < len(bars) and bars[i] is None):
            if i > start:
                ax.text((start + i - 1) / 2, 0.99, ticks[start], ha="center", va="top", fontsize=8,
                        transform=ax.get_xaxis_transform(), fontweight="bold")
            start = i + 1
    ax.set_ylabel("cycles / baseline cycles of the %s" % group)
    ax.set_title(title or "CPI stacks (normalized per %s; labels: %s)" % (group, ", ".join(label)))
    ax.set_ylim(0, ax.get_ylim()[1] * 1.06)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return len([b for b in bars if b])


def heatmap(rows, out, x, y, metric="cycles", where=None, title=None):
    """Speed-up over the (first x, first y) cell, per group of points equal in every other parameter;
    each cell shows the geometric mean over the groups (kernels, sizes, ...)."""
    plt = _plt()
    rows = _ok(rows, where)
    xs = sorted({str(r["params"].get(x)) for r in rows}, key=lambda v: _sortkey(v, x))
    ys = sorted({str(r["params"].get(y)) for r in rows}, key=lambda v: _sortkey(v, y))
    if not xs or not ys:
        raise ValueError("no PASS rows to plot")
    rest = {}
    for r in rows:
        key = tuple(sorted((k, str(v)) for k, v in r["params"].items() if k not in (x, y)))
        rest.setdefault(key, {})[(str(r["params"].get(x)), str(r["params"].get(y)))] = r[metric]
    cells = {}
    for key, g in rest.items():
        b = g.get((xs[0], ys[0]))
        if not b:
            continue
        for c, v in g.items():
            if v:
                cells.setdefault(c, []).append(math.log(b / v) if metric == "cycles" else math.log(v / b))
    import numpy as np
    m = np.full((len(ys), len(xs)), np.nan)
    for (cx, cy), vs in cells.items():
        m[ys.index(cy), xs.index(cx)] = math.exp(sum(vs) / len(vs))
    fig, ax = plt.subplots(figsize=(1.0 * len(xs) + 3, 0.6 * len(ys) + 2))
    im = ax.imshow(m, cmap="RdYlGn", aspect="auto")
    ax.set_xticks(range(len(xs)))
    ax.set_xticklabels(xs, rotation=45, ha="right")
    ax.set_yticks(range(len(ys)))
    ax.set_yticklabels(ys)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    for i in range(len(ys)):
        for j in range(len(xs)):
            if not np.isnan(m[i, j]):
                ax.text(j, i, "%.3f" % m[i, j], ha="center", va="center", fontsize=8)
    fig.colorbar(im, ax=ax, label="speed-up (geomean)")
    ax.set_title(title or "speed-up over %s=%s, %s=%s (%s)" % (x, xs[0], y, ys[0], metric), fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return len(cells)


def bars(rows, out, metric="ipc", by="kernel", hue=None, where=None, title=None):
    """Grouped bars of `metric` per `by` value (kernels), one bar per `hue` value (mean over the rest)."""
    plt = _plt()
    rows = _ok(rows, where)
    if not rows:
        raise ValueError("no PASS rows to plot")
    groups = sorted({str(r["params"].get(by)) for r in rows}, key=lambda v: _sortkey(v, by))
    hues = sorted({str(r["params"].get(hue)) for r in rows}, key=lambda v: _sortkey(v, hue)) if hue else [""]
    fig, ax = plt.subplots(figsize=(max(6, len(groups) * (0.25 * len(hues) + 0.6)), 4.5))
    w = 0.8 / len(hues)
    for hi, h in enumerate(hues):
        vals = []
        for g in groups:
            vs = [r[metric] for r in rows if str(r["params"].get(by)) == g and (not hue or str(r["params"].get(hue)) == h)
                  and r.get(metric) is not None]
            vals.append(sum(vs) / len(vs) if vs else 0)
        ax.bar([i + (hi - (len(hues) - 1) / 2) * w for i in range(len(groups))], vals, width=w,
               label=("%s=%s" % (hue, h)) if hue else None)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=30, ha="right")
    ax.set_ylabel(metric + (" (mean)" if True else ""))
    ax.set_xlabel(by)
    if hue:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.005, 1.0))
    ax.set_title(title or "%s per %s" % (metric, by))
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return len(groups)


def draw(spec_, rows, outdir):
    os.makedirs(outdir, exist_ok=True)
    kind = spec_.get("type")
    out = os.path.join(outdir, spec_.get("file") or ("%s.png" % kind))
    common = {"where": spec_.get("where"), "title": spec_.get("title")}
    if kind == "cpi_stack":
        lab = spec_.get("label")
        n = cpi_stack(rows, out, group=spec_.get("group", "kernel"), label=[lab] if isinstance(lab, str) else lab,
                      baseline=spec_.get("baseline"), **common)
    elif kind == "heatmap":
        n = heatmap(rows, out, spec_["x"], spec_["y"], metric=spec_.get("metric", "cycles"), **common)
    elif kind == "bars":
        n = bars(rows, out, metric=spec_.get("metric", "ipc"), by=spec_.get("by", "kernel"), hue=spec_.get("hue"),
                 **common)
    else:
        raise ValueError("unknown plot type '%s' (cpi_stack, heatmap, bars)" % kind)
    return out, n
