"""Sweep files (YAML) and their expansion into points.

A point is a canonical dict
    {"kernel", "config", "size", "seed", "engine", "cosim",
     "make": {VAR: value}, "options": {harness_option: value}}
identified by `point_id` (a hash of that dict: stable across runs, machines
and Python versions), which is what makes resuming and gathering safe.
"""
import hashlib
import itertools
import json
import os
import re

import yaml

from . import knobs

RESERVED = ("kernel", "config", "size", "seed", "engine", "cosim")
DEFAULTS = {"kernel": "vecadd", "config": "base", "size": 0, "seed": None, "engine": "rtl", "cosim": False}


class SpecError(Exception):
    pass


class _Loader(yaml.SafeLoader):
    """YAML 1.2 booleans: only true/false (so `bpr: on` stays the string on)."""


_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:bool"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))


def load_yaml(text):
    return yaml.load(text, Loader=_Loader)


def _norm(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def canonical(flat):
    """Split a flat parameter dict into the canonical point."""
    p = dict(DEFAULTS)
    p["make"] = {}
    p["options"] = {}
    for k, v in flat.items():
        if k in RESERVED:
            p[k] = v
        elif k == "make":
            for mk, mv in (v or {}).items():
                p["make"][str(mk)] = mv
        elif k.isupper():
            p["make"][k] = v
        else:
            p["options"][k] = v
    p["size"] = int(p["size"] or 0)
    p["seed"] = None if p["seed"] is None else int(p["seed"])
    p["cosim"] = bool(p["cosim"]) if not isinstance(p["cosim"], str) else p["cosim"] in ("on", "yes", "1", "true")
    p["kernel"], p["config"], p["engine"] = str(p["kernel"]), str(p["config"]), str(p["engine"])
    p["make"] = {k: _norm(v) for k, v in sorted(p["make"].items()) if _norm(v) not in ("", "0", False)}
    opts = {}
    for k, v in sorted(p["options"].items()):
        k = k.replace("-", "_")
        if isinstance(v, bool) and k in knobs.ONOFF:
            v = "on" if v else "off"
        if v is False or v is None:
            continue
        opts[k] = _norm(v)
    p["options"] = opts
    return p


def point_id(p):
    s = json.dumps(p, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(s.encode()).hexdigest()[:16]


def flat(p):
    """The flat view of a point (what `where`, `exclude`, checks and plots see)."""
    d = {k: p[k] for k in RESERVED}
    d.update(p["options"])
    d.update(p["make"])
    return d


def label(p, keys=None):
    f = flat(p)
    keys = keys or [k for k in f if k not in ("engine", "cosim", "seed") or f[k] not in (None, False, "rtl")]
    return " ".join("%s=%s" % (k, f.get(k)) for k in keys)


def build_key(p):
    return (p["config"], tuple(sorted(p["make"].items())))


class Sweep:
    def __init__(self, doc, path=None, root="."):
        if not isinstance(doc, dict):
            raise SpecError("a sweep file is a YAML mapping")
        self.doc = doc
        self.path = path
        self.root = root
        self.name = str(doc.get("name") or (os.path.splitext(os.path.basename(path))[0] if path else "sweep"))
        self.results = doc.get("results") or os.path.join("build", "sweeps", self.name)
        self.timeout = float(doc.get("timeout", 600))
        self.size_maps = doc.get("size_maps") or {}
        self.checks = doc.get("checks") or []
        self.plots = doc.get("plots") or []
        self.slurm = doc.get("slurm") or {}
        self.variants = doc.get("variants") or {}
        self.variant = None
        known = {"name", "results", "timeout", "size_maps", "checks", "plots", "slurm", "axes", "fixed",
                 "exclude", "where", "union", "description", "variants"}
        bad = set(doc) - known
        if bad:
            raise SpecError("unknown top-level keys: %s (known: %s)" % (", ".join(sorted(bad)), ", ".join(sorted(known))))

    # -- expansion
    def _axis_values(self, name, vals):
        if vals == "all" or vals == ["all"]:
            return knobs.values(name, self.root)
        if not isinstance(vals, list):
            vals = [vals]
        out = []
        for v in vals:
            if v == "all" and name not in ("size", "seed"):
                out.extend(knobs.values(name, self.root))
            elif isinstance(v, dict) and "range" in v:
                r = v["range"]
                out.extend(range(*r) if isinstance(r, list) else range(r))
            else:
                out.append(v)
        return out

    def _block_points(self, block):
        axes = dict(self.doc.get("axes") or {})
        axes.update(block.get("axes") or {})
        fixed = dict(self.doc.get("fixed") or {})
        fixed.update(block.get("fixed") or {})
        excl = list(self.doc.get("exclude") or []) + list(block.get("exclude") or [])
        where = self.doc.get("where") or []
        where = ([where] if isinstance(where, str) else list(where))
        bw = block.get("where") or []
        where += [bw] if isinstance(bw, str) else list(bw)
        names = list(axes)
        lists = [self._axis_values(n, axes[n]) for n in names]
        for combo in itertools.product(*lists):
            d = dict(fixed)
            for n, v in zip(names, combo):
                if isinstance(v, dict):  # a composite axis: each value sets several keys
                    d.update(v)
                else:
                    d[n] = v
            for k, v in list(d.items()):  # "${other}": the value of another key of the point
                if isinstance(v, str) and v.startswith("${") and v.endswith("}"):
                    d[k] = d.get(v[2:-1])
            size = d.get("size", 0)
            if isinstance(size, str) and not size.isdigit():
                if size not in self.size_maps:
                    raise SpecError("size '%s' is not in size_maps" % size)
                d["size"] = int(self.size_maps[size].get(str(d.get("kernel", DEFAULTS["kernel"])), 0) or 0)
            p = canonical(d)
            fl = flat(p)
            if any(_matches(fl, e) for e in excl):
                continue
            if not all(_eval(w, fl) for w in where):
                continue
            _check_engine(p)
            yield p

    def override(self, assignments):
        """--axis key=v1,v2: replace (or add) a top-level axis, and drop it from the union blocks."""
        for a in assignments or []:
            k, sep, v = a.partition("=")
            if not sep:
                raise SpecError("--axis wants KEY=V1,V2,...: %s" % a)
            vals = [load_yaml(x) if x else "" for x in v.split(",")]
            self.doc.setdefault("axes", {})
            self.doc["axes"] = dict(self.doc["axes"] or {})
            self.doc["axes"][k] = vals
            for b in self.doc.get("union") or []:
                (b.get("axes") or {}).pop(k, None)
                (b.get("fixed") or {}).pop(k, None)
            (self.doc.get("fixed") or {}).pop(k, None)

    def use_variant(self, name):
        """--variant NAME: apply the YAML's `variants: {NAME: {axes, fixed, exclude, where, results, timeout}}`:
        its axes and fixed keys replace the top-level ones of the same name (and are dropped from the union
        blocks, as --axis does), exclude/where are added, and the results go to RESULTS-NAME unless it says."""
        if not name:
            return
        if name not in self.variants:
            raise SpecError("no variant '%s' in %s (known: %s)" % (name, self.path or "the sweep",
                            ", ".join(sorted(self.variants)) or "none"))
        v = self.variants[name] or {}
        bad = set(v) - {"axes", "fixed", "exclude", "where", "results", "timeout", "size_maps", "description"}
        if bad:
            raise SpecError("variant '%s': unknown keys %s" % (name, ", ".join(sorted(bad))))
        self.variant = name
        for sect in ("axes", "fixed"):
            for k, val in (v.get(sect) or {}).items():
                for b in self.doc.get("union") or []:
                    (b.get("axes") or {}).pop(k, None)
                    (b.get("fixed") or {}).pop(k, None)
                for other in ("axes", "fixed"):
                    (self.doc.get(other) or {}).pop(k, None)
                self.doc[sect] = dict(self.doc.get(sect) or {})
                self.doc[sect][k] = val
        if v.get("exclude"):
            self.doc["exclude"] = list(self.doc.get("exclude") or []) + list(v["exclude"])
        if v.get("where"):
            w = self.doc.get("where") or []
            w = [w] if isinstance(w, str) else list(w)
            self.doc["where"] = w + ([v["where"]] if isinstance(v["where"], str) else list(v["where"]))
        if v.get("size_maps"):
            self.size_maps = dict(self.size_maps)
            self.size_maps.update(v["size_maps"])
        if "timeout" in v:
            self.timeout = float(v["timeout"])
        self.results = v.get("results") or (self.results.rstrip("/") + "-" + name)

    def points(self):
        blocks = self.doc.get("union") or [{}]
        seen = set()
        out = []
        for b in blocks:
            for p in self._block_points(b):
                pid = point_id(p)
                if pid in seen:
                    continue
                seen.add(pid)
                out.append(p)
        return out


def _check_engine(p):
    """weft-sim refuses an option of another engine (exit 2, issue 19): say
    so when the sweep is expanded, not as failed points."""
    bad = ["cosim"] if p["cosim"] and p["engine"] != "rtl" else []
    bad += [k for k in p["options"] if knobs.option_engine(k) not in ("all", p["engine"])]
    if bad:
        raise SpecError("a point with engine=%s sets %s, which apply to the %s engine only (config/weft.yaml); "
                        "leave them out of that engine's points (exclude: or where:)"
                        % (p["engine"], ", ".join(bad),
                           "rtl" if "cosim" in bad else knobs.option_engine(bad[0])))


def _matches(fl, rule):
    for k, v in rule.items():
        vals = v if isinstance(v, list) else [v]
        have = fl.get(k)
        if not any(_norm(have) == _norm(x) if not isinstance(x, bool) else have == x for x in vals):
            return False
    return True


def _eval(expr, fl):
    ns = {k.replace(".", "_"): (int(v) if isinstance(v, str) and v.lstrip("-").isdigit() else v)
          for k, v in fl.items()}  # numbers compare as numbers: stall_table == 128
    try:
        return bool(eval(expr, {"__builtins__": {}, "int": int, "str": str}, _Default(ns)))
    except Exception as e:  # noqa: BLE001
        raise SpecError("where '%s': %s" % (expr, e))


class _Default(dict):
    """Names a point does not set read as None in `where` expressions."""

    def __missing__(self, key):
        return None


def load(path, root="."):
    with open(path) as f:
        doc = load_yaml(f.read())
    return Sweep(doc, path, root)
