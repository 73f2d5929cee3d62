"""python3 -m weft COMMAND ... (PYTHONPATH=tools; or tools/weft-sweep COMMAND ...). See docs/sweeps.md."""
import argparse
import json
import os
import sys
import time

from . import build, check, local, plots, provenance, runner, slurm, spec, store


def _root(a):
    return os.path.abspath(a.root or provenance.repo_root())


def _sweep(a):
    sw = spec.load(a.file, _root(a))
    sw.use_variant(getattr(a, "variant", None))
    sw.override(getattr(a, "axis", None))
    if getattr(a, "results", None):
        sw.results = os.path.abspath(a.results)  # --results: relative to the working directory
    if not os.path.isabs(sw.results):  # the YAML's results: relative to the repository
        sw.results = os.path.join(_root(a), sw.results)
    return sw


def _db(sw):
    return store.connect(os.path.join(sw.results, "results.sqlite"))


def cmd_run(a):
    opts = {}
    for kv in a.opt or []:
        k, _, v = kv.partition("=")
        opts[k] = v if v != "" else True
    make = dict(kv.split("=", 1) for kv in a.make or [])
    rec = runner.run(a.kernel, a.config, opts, size=a.size, seed=a.seed, engine=a.engine, cosim=a.cosim, make=make,
                     timeout=a.timeout, root=_root(a), build=not a.no_build)
    if not a.full:
        rec.pop("perf_json", None)
    print(json.dumps(rec, indent=1, sort_keys=True, default=str))
    return 0 if rec["status"] == "PASS" else 1


def cmd_expand(a):
    sw = _sweep(a)
    pts = sw.points()
    if a.count:
        print(len(pts))
        return 0
    for p in pts:
        if a.json:
            print(json.dumps(dict(p, point_id=spec.point_id(p)), sort_keys=True))
        else:
            print(spec.point_id(p), spec.label(p))
    builds = build.distinct(pts)
    print("%d points, %d build(s): %s" % (len(pts), len(builds), "; ".join(
        " ".join(["CONFIG=" + k[0]] + ["%s=%s" % kv for kv in k[1]]) for k in builds)), file=sys.stderr)
    return 0


def cmd_sweep(a):
    sw = _sweep(a)
    root = _root(a)
    pts = sw.points()
    if a.slurm:
        dep = None
        if a.build_in_job:
            dep = slurm.submit_build(sw, list(build.distinct(pts)), root, a)
            print("weft: build job %s" % dep, file=sys.stderr)
        elif not a.no_build:
            build.ensure(pts, root, jobs=a.build_jobs)
        a.dependency = dep
        job = slurm.submit(sw, pts, root, a)
        if a.wait and job:
            slurm.wait(os.path.abspath(sw.results), job, quiet=a.quiet)
            slurm.gather(os.path.abspath(sw.results))
            return _finish(sw, pts, a)
        return 0
    if not a.no_build:
        t = time.monotonic()
        build.ensure(pts, root, jobs=a.build_jobs)
        print("weft: builds ready (%.1f s)" % (time.monotonic() - t), file=sys.stderr)
    db = _db(sw)
    t = time.monotonic()
    print("weft: sweep %s: %d points, -j %d, results %s" % (sw.name, len(pts), a.jobs, sw.results), file=sys.stderr)
    try:
        ran, skipped, failed = local.run_points(pts, db, sw.name, root, jobs=a.jobs,
                                                timeout=a.timeout if a.timeout is not None else sw.timeout,
                                                progress=not a.no_progress, retry_failed=a.retry_failed,
                                                verbose=a.verbose, limit=a.limit)
    except local.Interrupted:
        return 130
    print("weft: ran %d points (%d not PASS), skipped %d already done, %.1f s" % (ran, failed, skipped,
          time.monotonic() - t), file=sys.stderr)
    db.close()
    return _finish(sw, pts, a)


def _finish(sw, pts, a):
    rc = 0
    if a.plots and sw.plots:
        cmd_plot_sweep(sw, None)
    if sw.checks:
        db = _db(sw)
        res = {r["point_id"]: r for r in store.rows(db)}
        p, f, msgs = check.run_checks(sw, pts, res)
        for m in msgs[:50]:
            print(m)
        print("%d passed, %d failed" % (p, f))
        rc = 1 if f else 0
    return rc


def cmd_worker(a):
    return slurm.worker(a)


def cmd_gather(a):
    sw = _sweep(a)
    slurm.gather(os.path.abspath(sw.results))
    return 0


def cmd_status(a):
    sw = _sweep(a)
    done, failed, notrun = slurm.status(sw, sw.points())
    return 0


def cmd_export(a):
    sw = _sweep(a)
    db = _db(sw)
    slurm.gather(sw.results, db, quiet=True)
    out = a.output or os.path.join(sw.results, "results.csv")
    ids = None if a.all else [spec.point_id(p) for p in sw.points()]
    n = store.export_csv(db, out, full=a.full, columns=a.columns.split(",") if a.columns else None, ids=ids)
    print("weft: %d rows -> %s" % (n, out), file=sys.stderr)
    return 0


def cmd_plot_sweep(sw, a):
    db = _db(sw)
    rows = store.rows(db)
    specs = list(sw.plots)
    if a is not None and a.type:
        d = {"type": a.type, "file": a.file_name, "x": a.x, "y": a.y, "metric": a.metric, "by": a.by, "hue": a.hue,
             "where": a.where, "label": a.label.split(",") if a.label else None}
        specs = [{k: v for k, v in d.items() if v is not None}]
    outdir = (a.out if a is not None and a.out else None) or os.path.join(sw.results, "plots")
    for s in specs:
        out, n = plots.draw(s, rows, outdir)
        print("weft: %s (%d)" % (out, n), file=sys.stderr)
    return 0


def cmd_plot(a):
    sw = _sweep(a)
    return cmd_plot_sweep(sw, a)


def cmd_check(a):
    sw = _sweep(a)
    db = _db(sw)
    slurm.gather(sw.results, db, quiet=True)
    res = {r["point_id"]: r for r in store.rows(db)}
    if not sw.checks:
        sw.checks = [{"name": "pass", "require": {"status": "PASS"}}]
    p, f, msgs = check.run_checks(sw, sw.points(), res)
    for m in msgs:
        print(m)
    print("%d passed, %d failed" % (p, f))
    return 1 if f else 0


def cmd_diff(a):
    """Compare a metric per point between two results directories of the same sweep."""
    sw = _sweep(a)
    other = a.against if os.path.isabs(a.against) else os.path.join(os.getcwd(), a.against)
    dbs = []
    for d in (sw.results, other):
        db = store.connect(os.path.join(d, "results.sqlite"))
        slurm.gather(d, db, quiet=True)
        dbs.append({r["point_id"]: r for r in store.rows(db)})
    same = differ = missing = 0
    for p in sw.points():
        pid = spec.point_id(p)
        x, y = dbs[0].get(pid), dbs[1].get(pid)
        if x is None or y is None:
            missing += 1
            print("missing %s in %s" % (spec.label(p), "both" if x is None and y is None else
                                         sw.results if x is None else other))
        elif all(x.get(m) == y.get(m) for m in a.metric):
            same += 1
        else:
            differ += 1
            print("differ %s: %s" % (spec.label(p), ", ".join("%s %s vs %s" % (m, x.get(m), y.get(m)) for m in a.metric)))
    print("%d same, %d differ, %d missing" % (same, differ, missing))
    return 0 if differ == 0 and missing == 0 else 1


def main(argv=None):
    ap = argparse.ArgumentParser(prog="weft", description="Weft experiment runner (docs/sweeps.md)")
    ap.add_argument("--root", help="repository root (default: the one holding this package)")
    sub = ap.add_subparsers(dest="cmd", required=True)

    r = sub.add_parser("run", help="run one simulation, print its record as JSON")
    r.add_argument("kernel")
    r.add_argument("config", nargs="?", default="base")
    r.add_argument("--size", type=int, default=0)
    r.add_argument("--seed", type=int)
    r.add_argument("--engine", default="rtl")
    r.add_argument("--cosim", action="store_true")
    r.add_argument("-o", "--opt", action="append", metavar="KEY=VALUE", help="harness option, e.g. fetch_policy=gto")
    r.add_argument("-m", "--make", action="append", metavar="VAR=VALUE", help="build variable, e.g. NOFPU=1")
    r.add_argument("--timeout", type=float)
    r.add_argument("--no-build", action="store_true")
    r.add_argument("--full", action="store_true", help="include the whole perf JSON")
    r.set_defaults(fn=cmd_run)

    def with_file(p):
        p.add_argument("file", help="sweep YAML")
        p.add_argument("--results", help="results directory (default: the YAML's results:)")
        p.add_argument("--axis", action="append", metavar="KEY=V1,V2", help="replace an axis (repeatable)")
        p.add_argument("--variant", metavar="NAME", help="apply the YAML's variants: NAME (e.g. small)")

    e = sub.add_parser("expand", help="print the points of a sweep (or --count)")
    with_file(e)
    e.add_argument("--count", action="store_true")
    e.add_argument("--json", action="store_true")
    e.set_defaults(fn=cmd_expand)

    s = sub.add_parser("sweep", help="run a sweep (locally, or --slurm)")
    with_file(s)
    s.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    s.add_argument("--timeout", type=float, help="per-point time limit in seconds (default: the YAML's, 600)")
    s.add_argument("--no-build", action="store_true")
    s.add_argument("--build-jobs", type=int, help="JOBS= of the Verilator builds")
    s.add_argument("--retry-failed", action="store_true", help="rerun points recorded as FAIL/timeout/error")
    s.add_argument("--limit", type=int, help="run at most N of the points not done")
    s.add_argument("--no-progress", action="store_true")
    s.add_argument("--plots", action="store_true", help="draw the YAML's plots afterwards")
    s.add_argument("-v", "--verbose", action="store_true")
    s.add_argument("-q", "--quiet", action="store_true")
    s.add_argument("--slurm", action="store_true", help="submit as a Slurm job array")
    s.add_argument("--partition")
    s.add_argument("--account")
    s.add_argument("--time", help="Slurm time limit per array task (e.g. 00:30:00)")
    s.add_argument("--chunk", type=int, help="points per array task (default: the YAML's slurm.chunk, 20)")
    s.add_argument("--cpus", type=int, help="--cpus-per-task (points run in parallel within a task)")
    s.add_argument("--sbatch-arg", action="append", help="extra sbatch argument (repeatable)")
    s.add_argument("--build-in-job", action="store_true", help="build in a Slurm job the array depends on")
    s.add_argument("--wait", action="store_true", help="wait for the array, gather, run the checks")
    s.add_argument("--force", action="store_true", help="submit although jobs of this sweep are queued")
    s.set_defaults(fn=cmd_sweep)

    w = sub.add_parser("worker", help="(Slurm array task) run one chunk of a manifest into a shard")
    w.add_argument("--manifest", required=True)
    w.add_argument("--chunk", type=int, required=True)
    w.add_argument("--task", type=int)
    w.add_argument("--shard-dir", required=True)
    w.add_argument("--timeout", type=float)
    w.add_argument("--jobs", type=int, default=1)
    w.add_argument("--name")
    w.set_defaults(fn=cmd_worker)

    for name, fn, hlp in (("gather", cmd_gather, "merge Slurm shards into the table"),
                          ("status", cmd_status, "points done/failed/not done; Slurm tasks pending/running")):
        g = sub.add_parser(name, help=hlp)
        with_file(g)
        g.set_defaults(fn=fn)

    x = sub.add_parser("export", help="write the table as CSV")
    with_file(x)
    x.add_argument("-o", "--output", help="CSV path (default RESULTS/results.csv; - for stdout)")
    x.add_argument("--full", action="store_true", help="include the perf JSON and output tails")
    x.add_argument("--columns", help="only these columns, HEADER=COLUMN or COLUMN, comma-separated, in sweep order")
    x.add_argument("--all", action="store_true", help="every row of the table, not only the sweep's points")
    x.set_defaults(fn=cmd_export)

    pl = sub.add_parser("plot", help="draw the YAML's plots (or one given here) as PNG")
    with_file(pl)
    pl.add_argument("--out", help="directory (default RESULTS/plots)")
    pl.add_argument("--type", choices=["cpi_stack", "heatmap", "bars"])
    pl.add_argument("--file-name")
    pl.add_argument("--x")
    pl.add_argument("--y")
    pl.add_argument("--metric")
    pl.add_argument("--by")
    pl.add_argument("--hue")
    pl.add_argument("--label")
    pl.add_argument("--where")
    pl.set_defaults(fn=cmd_plot)

    df = sub.add_parser("diff", help="compare metrics per point with another results directory")
    with_file(df)
    df.add_argument("--against", required=True, help="the other results directory")
    df.add_argument("--metric", action="append", help="column(s) to compare (default: status, cycles, warp_instrs)")
    df.set_defaults(fn=cmd_diff)

    c = sub.add_parser("check", help="the sweep's checks over its results; ends with 'N passed, M failed'")
    with_file(c)
    c.set_defaults(fn=cmd_check)

    a = ap.parse_args(argv)
    if a.cmd == "diff" and not a.metric:
        a.metric = ["status", "cycles", "warp_instrs"]
    try:
        return a.fn(a)
    except (spec.SpecError, RuntimeError, ValueError, FileNotFoundError) as e:
        print("weft: error: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
