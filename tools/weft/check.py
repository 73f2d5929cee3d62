"""Checks of a sweep's results (what tools/sweep.sh asserted), from the `checks:` list of the YAML:

    checks:
      - name: every run passes
        require: {status: PASS}
      - name: ready issue misses no schedule
        when: {issue_ready: ready}
        require: {missed_schedules: 0}

`when` matches the point's parameters (like `exclude`), `require` the record's
columns (or `perf_json.A.B`, a field of the run's perf JSON). A point passes when every check that applies holds; a point without
a result fails ("not run").
"""
import json

from . import spec


def _field(r, k):
    """A record column, or `perf_json.A.B`: a field of the run's perf JSON
    (e.g. perf_json.divergence.source)."""
    if not k.startswith("perf_json."):
        return r.get(k)
    j = r.get("perf_json")
    if isinstance(j, str):
        try:
            j = json.loads(j)
        except ValueError:
            return None
    for part in k.split(".")[1:]:
        if not isinstance(j, dict):
            return None
        j = j.get(part)
    return j


def run_checks(sw, points, results):
    passed = failed = 0
    msgs = []
    for p in points:
        pid = spec.point_id(p)
        r = results.get(pid)
        fl = spec.flat(p)
        bad = []
        if r is None:
            bad.append("not run")
        else:
            for c in sw.checks:
                if c.get("when") and not spec._matches(fl, c["when"]):
                    continue
                if c.get("where") and not spec._eval(c["where"], fl):
                    continue
                for k, v in (c.get("require") or {}).items():
                    have = _field(r, k)
                    if str(have) != str(v):
                        bad.append("%s: %s is %s, not %s" % (c.get("name", "check"), k, have, v))
        if bad:
            failed += 1
            extra = (" (%s)" % r.get("stop_reason")) if r and r.get("status") != "PASS" else ""
            msgs.append("FAIL %s: %s%s" % (spec.label(p), "; ".join(bad), extra))
        else:
            passed += 1
    return passed, failed, msgs
