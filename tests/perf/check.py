#!/usr/bin/env python3
"""check.py - assertions on a weft-sim --perf-json file (tests/perf/run.sh).

  check.py FILE sums                 every core's CPI stack sums to its counted
                                     cycles exactly; counted cycles = the run's
                                     cycles (no warm-up); the warp/thread
                                     instruction counters add up to the commits
  check.py FILE stack                only the exact sum of every core's stack
                                     (runs that lock the counters themselves)
  check.py FILE warmup N             counted cycles = run cycles - N on every core
  check.py FILE early M              the run is marked incomplete and counted M cycles
  check.py FILE largest CLASS [MIN]  CLASS is the largest class (base included)
                                     and at least MIN percent of the cycles
  check.py FILE largest-stall CLASS [MIN]   ... largest of the non-base classes
  check.py FILE top2-stall A B [MIN] A and B are the two largest non-base
                                     classes, each at least MIN percent
  check.py FILE atmost CLASS MAX     CLASS is at most MAX percent
  check.py FILE counter NAME eq|gt|le V   the counter summed over the cores
  check.py FILE counter NAME null    the counter was not evaluated (null)
  check.py TIMELINE no-control FROM TAIL   (a --timeline file) no warp is in state
                                     6 (waits in fetch: control or barrier) from
                                     cycle FROM to TAIL cycles before its end
  check.py TIMELINE has-control FROM TAIL  ... some warp is (the check can fail)
Prints one line of figures; exit 0 if the assertion holds, 1 if not.
"""
import json
import os
import sys

# The CPI classes, in report order: the report tool's list (one definition).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from perf_report import CLASSES  # noqa: E402


def timeline_control(path, t0, tail):
    """warp-cycles in state 6 (sync / control) from cycle t0 to `tail` cycles
    before each warp's end (its last change to state 0, idle)"""
    ev = [tuple(int(x) for x in l.split()) for l in open(path) if not l.startswith("#")]
    warps = {(e[1], e[2]) for e in ev}
    stop = max(e[0] for e in ev) + 1   # the run ends here; a warp still active then ends with it
    end = {k: max([e[0] for e in ev if (e[1], e[2]) == k and e[3] == 0] or [stop]) for k in warps}
    last, n = {}, 0
    for t, c, w, st in ev + [(stop, c, w, -1) for (c, w) in warps]:
        if (c, w) in last:
            a, s0 = last[(c, w)]
            if s0 == 6:
                n += max(0, min(t, end[(c, w)] - tail) - max(a, t0))
        last[(c, w)] = (t, st)
    return n, min(end.values()) - tail


def main():
    path, what, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if what in ("no-control", "has-control"):
        n, t1 = timeline_control(path, int(args[0]), int(args[1]))
        print("%d warp-cycles waiting in fetch from cycle %s to %s cycles before each warp's end" %
              (n, args[0], args[1]))
        return 0 if (n == 0) == (what == "no-control") else 1
    d = json.load(open(path))
    if not d["counters_valid"]:
        print("no counters")
        return 1
    unit = d["cpi_unit"]
    cores = d["cores"]
    tot = {c: sum(k["cpi_units"][c] for k in cores) for c in CLASSES}
    allu = sum(tot.values())
    pct = {c: 100.0 * tot[c] / allu for c in CLASSES}
    ok = True
    if what == "stack":
        for k in cores:
            if sum(k["cpi_units"].values()) != k["counters"]["cycles"] * unit:
                print("core %d: stack does not sum to its %d counted cycles" % (k["core"], k["counters"]["cycles"]))
                ok = False
        print("%d cores, counted %d of %d cycles: stack exact" % (len(cores), cores[0]["counters"]["cycles"],
                                                                 d["cycles"]))
    elif what == "sums":
        for k in cores:
            s = sum(k["cpi_units"].values())
            cyc = k["counters"]["cycles"]
            if s != cyc * unit or cyc != d["cycles"] or \
               k["counters"]["active_cycles"] + k["counters"]["core_idle_cycles"] != cyc:
                print("core %d: stack %d units, counted %d cycles (unit %d), run %d cycles" %
                      (k["core"], s, cyc, unit, d["cycles"]))
                ok = False
        wi = sum(k["counters"]["warp_instrs"] for k in cores)
        ti = sum(k["counters"]["thread_instrs"] for k in cores)
        iss = sum(sum(k["warp_issued"]) for k in cores)
        base = sum(k["cpi_units"]["base"] for k in cores)
        if wi != d["warp_instrs"] or ti != d["thread_instrs"] or iss != wi or base != wi * unit:
            print("instructions: counters %d/%d issued %d base %d, commits %d/%d" %
                  (wi, ti, iss, base // unit, d["warp_instrs"], d["thread_instrs"]))
            ok = False
        print("%d cores x %d cycles, %d warp instrs: stack exact" % (len(cores), d["cycles"], wi))
    elif what == "warmup":
        n = int(args[0])
        for k in cores:
            if k["counters"]["cycles"] != d["cycles"] - n:
                print("core %d counted %d cycles, run %d, warm-up %d" % (k["core"], k["counters"]["cycles"],
                                                                      d["cycles"], n))
                ok = False
        print("run %d cycles, counted %d after %d warm-up cycles" % (d["cycles"], cores[0]["counters"]["cycles"], n))
    elif what == "early":
        m = int(args[0])
        ok = d["complete"] is False and d["cycles"] == m and all(k["counters"]["cycles"] == m for k in cores)
        print("complete=%s cycles=%d counted=%d (limit %d)" % (d["complete"], d["cycles"],
                                                               cores[0]["counters"]["cycles"], m))
    elif what == "counter":
        # counter NAME eq|gt|le VALUE: the counter summed over the cores;
        # counter NAME null: not evaluated (null) on every core
        name, op = args[0], args[1]
        if op == "null":
            vs = [k["counters"][name] for k in cores]
            ok = all(v is None for v in vs)
            print("%s = %s (null expected)" % (name, vs))
        else:
            val = int(args[2])
            v = sum(k["counters"][name] for k in cores)
            ok = {"eq": v == val, "gt": v > val, "le": v <= val}[op]
            print("%s = %d (%s %d)" % (name, v, op, val))
    elif what in ("largest", "largest-stall", "top2-stall", "atmost"):
        pool = CLASSES if what == "largest" else [c for c in CLASSES if c != "base"]
        order = sorted(pool, key=lambda c: -tot[c])
        if what == "atmost":
            ok = pct[args[0]] <= float(args[1])
        elif what == "top2-stall":
            mn = float(args[2]) if len(args) > 2 else 0.0
            ok = set(order[:2]) == {args[0], args[1]} and pct[args[0]] >= mn and pct[args[1]] >= mn
        else:
            mn = float(args[1]) if len(args) > 1 else 0.0
            ok = order[0] == args[0] and pct[args[0]] >= mn
        print(" ".join("%s=%.1f%%" % (c, pct[c]) for c in sorted(CLASSES, key=lambda c: -tot[c]) if pct[c] >= 0.5))
    else:
        print("unknown check " + what)
        return 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
