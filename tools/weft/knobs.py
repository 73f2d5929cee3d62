"""Knob values: the one place the runner looks them up.

`values(name)` answers what `all` means on a sweep axis (`fetch_policy: all`).
The enumerated knobs come from tools/weft_spec.py (generated from
config/weft.yaml); only the stall-table sizes and engines are listed here.
"""
import os

import sys as _sys

_sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import mkvars  # noqa: E402  tools/mkvars.py
import weft_spec  # noqa: E402  tools/weft_spec.py, generated from config/weft.yaml


def _spec_values(opt):
    return weft_spec.values(opt) if hasattr(weft_spec, "values") else None


# Knob value lists come from the specification (config/weft.yaml via
# tools/weft_spec.py): a new policy or front end is swept with no edit here.
_KNOBS = {
    "stall_table": [0, 128],
    "engine": ["rtl", "model"],
}

# Harness options that take on|off (a YAML true/false becomes on/off).
ONOFF = {"bpr", "swas", "oracles"}


def _make_list(var, root):
    """A `VAR := words` list of sw/sw.mk or config/configs.mk."""
    for mk in ("sw/sw.mk", "config/configs.mk"):
        v = mkvars.make_var(root, mk, var, default=[])
        if v:
            return v
    return []


def values(name, root="."):
    """Every value of knob `name` (an axis written `all`)."""
    if name == "kernel":
        return _make_list("KERNELS", root)
    if name == "config":
        return _make_list("CONFIGS", root)
    if name in _KNOBS:
        return list(_KNOBS[name])
    try:
        v = _spec_values(name)
    except (KeyError, SystemExit):
        v = None
    if v:
        return list(v)
    raise KeyError("no value list for knob '%s' (known: kernel, config, %s)" % (name, ", ".join(sorted(_KNOBS))))


def option_engine(name):
    """The engine a harness option applies to (config/weft.yaml: rtl, model
    or all); "all" for options the spec does not list."""
    name = name.replace("-", "_")
    if name == "no_l2":
        name = "l2"
    for k in getattr(weft_spec, "KNOBS", []):
        if k["name"] == name:
            return k.get("engine", "all")
    return "all"
