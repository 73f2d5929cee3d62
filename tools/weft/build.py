"""Builds: every distinct (configuration, make variables) a sweep needs, built once.

`make -s sim CONFIG=c VAR=v ...` per distinct build, one after the other
(Verilator builds are memory- and CPU-hungry; a sweep's points then run in
parallel on the finished binaries), plus `make -s kernels` once. The binary's
path is asked from the Makefile itself (SIM_BIN), so build-directory naming
(NOFPU=1 -> build/base-nofpu, DEFS=... -> its own directory) stays in one place.
"""
import os
import subprocess
import sys

_cache = {}


def _make_args(config, make):
    return ["CONFIG=%s" % config] + ["%s=%s" % kv for kv in make]


def sim_path(p, root="."):
    key = (os.path.abspath(root), p["config"], tuple(sorted(p["make"].items())))
    if key not in _cache:
        cmd = ["make", "-s", "--no-print-directory", "--eval", "weft-print-simbin: ; @echo $(SIM_BIN)",
               "weft-print-simbin"] + _make_args(p["config"], key[2])
        r = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
        if r.returncode != 0 or not r.stdout.strip():
            raise RuntimeError("cannot ask make for the simulator of %s: %s" % (key[1:], r.stderr.strip()))
        _cache[key] = os.path.join(os.path.abspath(root), r.stdout.strip().splitlines()[-1])
    return _cache[key]


def preset(root, config, make, sim):
    """Known simulator path of a build (a Slurm task reads them from the submission's sims.json)."""
    _cache[(os.path.abspath(root), config, tuple(sorted(make.items())))] = sim


def distinct(points):
    seen = {}
    for p in points:
        k = (p["config"], tuple(sorted(p["make"].items())))
        seen.setdefault(k, p)
    return seen


def ensure(points, root=".", jobs=None, log=sys.stderr, kernels=True):
    """Build every configuration the points need (serialized); returns {build key: sim path}."""
    root = os.path.abspath(root)
    env = dict(os.environ)
    paths = {}
    if kernels:
        _run(["make", "-s", "kernels"], root, env, log)
    for k, p in distinct(points).items():
        cmd = ["make", "-s", "sim"] + _make_args(k[0], k[1])
        if jobs:
            cmd.append("JOBS=%d" % jobs)
        sim = sim_path(p, root)
        fresh = os.path.exists(sim)
        if log:
            print("weft: build %s%s" % (" ".join(cmd[3:]), "" if fresh else " (new build)"), file=log, flush=True)
        _run(cmd, root, env, log)
        if not os.access(sim, os.X_OK):
            raise RuntimeError("build did not produce %s" % sim)
        paths[k] = sim
    return paths


def _run(cmd, root, env, log):
    r = subprocess.run(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd), r.stdout[-3000:]))
