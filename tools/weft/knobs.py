"""Knob values: the one place the runner looks them up.

`values(name)` answers what `all` means on a sweep axis (`fetch_policy: all`).
Today the lists are the ones of tools/sweep.sh; when tools/weft_spec.py (the
spec module: policy names etc.) lands, the integrator points `values` at it
(one edit, here).
"""
import os
import re

_KNOBS = {
    "fetch_policy": ["fixed", "lrr", "gto", "gtlrr", "gtlo", "pta", "icount"],
    "issue_policy": ["fixed", "lrr", "gto", "gtlrr", "gtlo", "pta"],
    "issue_ready": ["unready", "ready"],
    "frontend": ["stall", "nss", "pnt"],
    "bpr": ["off", "on"],
    "stall_table": [0, 128],
    "swas": ["off", "on"],
    "blocks": ["static", "dynamic"],
    "engine": ["rtl", "model"],
}

# Harness options that take on|off (a YAML true/false becomes on/off).
ONOFF = {"bpr", "swas"}


def _make_list(var, root):
    """A `VAR := words` list of a project makefile (sw/sw.mk, config/configs.mk)."""
    for mk in ("sw/sw.mk", "config/configs.mk"):
        try:
            with open(os.path.join(root, mk)) as f:
                for line in f:
                    m = re.match(r"^%s\s*:=\s*(.*)$" % re.escape(var), line)
                    if m:
                        return m.group(1).split()
        except OSError:
            pass
    return []


def values(name, root="."):
    """Every value of knob `name` (an axis written `all`)."""
    if name == "kernel":
        return _make_list("KERNELS", root)
    if name == "config":
        return _make_list("CONFIGS", root)
    if name in _KNOBS:
        return list(_KNOBS[name])
    raise KeyError("no value list for knob '%s' (known: kernel, config, %s)" % (name, ", ".join(sorted(_KNOBS))))
