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

  tools/exp_causes.py NAME [--run] [--out FILE]
  tools/exp_causes.py embed aurud crouzet magalhaes   # notes/NAME-causes.md into NAME.md

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


def run_sweep(name):
    return er.run_sweep(os.path.join(ROOT, "sweeps", "causes-%s.yaml" % name))


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
            ag, n, faster, chs, pairs = 0, 0, 0, [], []
            for r in pub:
                if r["policy"] != pol:
                    continue
                a = d.get(kernel="v_" + r["kernel"], size=r["size"], fetch_policy="lrr", **{key: m})
                b = d.get(kernel="v_" + r["kernel"], size=r["size"], fetch_policy=fp, **{key: m})
                if not (a and b):
                    continue
                w = er.pct(b["cycles"], a["cycles"])
                n += 1
                ag += er.verdict(r, w) == "agree"
                faster += w < 0
                chs.append(w)
                pairs.append((a, b))
                per.setdefault((pol, r["kernel"]), {}).setdefault(m, []).append(w)
                per[(pol, r["kernel"])].setdefault("paper", {})[r["size"]] = r["value"]
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
                                     "aurud-8w-fe",
                                     "embed"])
    ap.add_argument("doc", nargs="*", help="embed: the documents (aurud crouzet magalhaes) to give their causes notes")
    ap.add_argument("--run", action="store_true", help="run the simulations first")
    ap.add_argument("--out", help="also write the summary to FILE")
    a = ap.parse_args(argv)
    if a.name == "embed":
        for n in a.doc:
            embed(n)
        return 0
    if a.run:
        rc = run_sweep(a.name)
        if rc not in (0, 1):
            return rc
    lines = globals()[a.name.replace("-", "_")]()
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
