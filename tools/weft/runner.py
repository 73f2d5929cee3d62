"""One simulation: the command line, the run (with a time limit) and its record."""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from . import spec
from . import build as _build
from . import provenance

CPI_KEYS = ["base", "idle", "sync_control", "empty_ibuffer", "missed_schedule", "memory_data",
            "memory_structural", "compute_data", "compute_structural"]
# Statuses of a finished point (not rerun on resume); "interrupted" is not one.
FINAL = ("PASS", "FAIL", "timeout", "error")


def command(p, sim, elf, perf_json):
    cmd = [sim, "--kernel", p["kernel"], "--elf", elf]
    if p["engine"] != "rtl":
        cmd += ["--engine", p["engine"]]
    if p["size"]:
        cmd += ["--size", str(p["size"])]
    if p["seed"] is not None:
        cmd += ["--seed", str(p["seed"])]
    if p["cosim"]:
        cmd += ["--cosim"]
    # --mem-preset sets the --l2*/--dram* options where it appears (docs/memory.md "Memory presets"), so it
    # goes first: a point's own --dram-bw / --l2-* then override one value of the preset, whatever the
    # alphabetical order of the point's options (canonical() sorts them)
    for k, v in sorted(p["options"].items(), key=lambda kv: kv[0] != "mem_preset"):
        opt = "--" + k.replace("_", "-")
        cmd += [opt] if v is True else [opt, str(v)]
    if perf_json:
        cmd += ["--perf-json", perf_json]
    return cmd


_SUMMARY = [
    ("launches", r"^  launches\s+(\d+)", int),
    ("cycles", r"^  cycles\s+(\d+)", int),
    ("warp_instrs", r"^  warp instrs\s+(\d+)", int),
    ("thread_instrs", r"^  thread instrs\s+(\d+)", int),
    ("ipc", r"^  warp IPC\s+([0-9.]+)", float),
    ("missed_schedules", r"^  missed sched\.\s+(\d+)", int),
    ("osched1_discrepancies", r"^  oracles\s+(\d+) discrepancies", int),
    ("osched2_errors", r"^  oracles .*?, (\d+) errors", int),
    ("flushes", r"flushes (\d+)", int),
    ("sim_seconds", r"^  wall seconds\s+([0-9.]+)", float),
    ("sim_khz", r"^  speed\s+([0-9.]+) kHz", float),
]


def parse_stdout(out):
    """The fields of the harness's summary (sim/harness.c) as a dict."""
    rec = {}
    lines = out.splitlines()
    first = next((l for l in lines if l.startswith("PASS") or l.startswith("FAIL")), "")
    if first.startswith("PASS"):
        rec["check"] = "PASS"
    elif first.startswith("FAIL"):
        rec["check"] = "FAIL"
        m = re.match(r"FAIL \((.*)\)", first)
        rec["fail_reason"] = m.group(1) if m else first
    for name, rx, typ in _SUMMARY:
        m = re.search(rx, out, re.M)
        if m:
            rec[name] = typ(m.group(1))
    return rec


def parse_perf(path):
    """weft-perf-1 JSON (sim/perf.c): the CPI stack in cycles over all cores and the summed counters."""
    try:
        with open(path) as f:
            j = json.load(f)
    except (OSError, ValueError):
        return {}, None
    rec = {"complete": bool(j.get("complete", True)), "counters_valid": bool(j.get("counters_valid"))}
    unit = j.get("cpi_unit") or 0
    cores = j.get("cores") or []
    if unit and cores:
        for k in CPI_KEYS:
            rec["cpi_" + k] = sum(c["cpi_units"].get(k, 0) for c in cores) / unit
        tot = {}
        for c in cores:
            for k, v in c["counters"].items():
                # null: not evaluated (the oracle counters without --oracles on)
                tot[k] = None if v is None or (k in tot and tot[k] is None) else tot.get(k, 0) + v
        for k in ("icache_accesses", "icache_misses", "load_requests", "store_requests", "load_latency_sum",
                  "bytes_read", "bytes_written", "stall_table_lookups", "stall_table_hits", "swas_nops",
                  "osched1_discrepancies", "osched2_errors", "missed_schedule_cycles"):
            if k in tot:
                rec["ctr_" + k] = tot[k]
    return rec, j


def run_point(p, root=".", timeout=None, sim=None, elf=None, keep_json=True, procs=None):
    """Run point p; returns the record (never raises for a failing simulation)."""
    root = os.path.abspath(root)
    sim = sim or _build.sim_path(p, root)
    elf = elf or os.path.join(root, "build", "sw", p["kernel"] + ".elf")
    fd, pj = tempfile.mkstemp(prefix="weft-perf-", suffix=".json")
    os.close(fd)
    cmd = command(p, sim, elf, pj)
    rec = {"point_id": spec.point_id(p), "cmdline": " ".join(_q(c) for c in cmd[:-2]), "host": os.uname().nodename,
           "started": time.time()}
    t0 = time.monotonic()
    out = ""
    try:
        pr = subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
        if procs is not None:
            procs.add(pr)
        try:
            out, _ = pr.communicate(timeout=timeout)
            rc = pr.returncode
            stop = None
        except subprocess.TimeoutExpired:
            os.killpg(pr.pid, signal.SIGKILL)
            out, _ = pr.communicate()
            rc = None
            stop = "timeout after %gs" % timeout
        finally:
            if procs is not None:
                procs.discard(pr)
    except OSError as e:
        rc, stop, out = None, "cannot run: %s" % e, ""
    rec["wall_s"] = round(time.monotonic() - t0, 3)
    rec["exit_code"] = rc
    s = parse_stdout(out)
    rec.update({k: v for k, v in s.items() if k not in ("check", "fail_reason")})
    perf, j = parse_perf(pj)
    rec.update(perf)
    if keep_json and j is not None:
        rec["perf_json"] = j
    try:
        os.unlink(pj)
    except OSError:
        pass
    if stop and stop.startswith("timeout"):
        rec["status"], rec["stop_reason"] = "timeout", stop
    elif stop:
        rec["status"], rec["stop_reason"] = "error", stop
    elif rc is not None and rc < 0:
        rec["status"] = "interrupted" if -rc in (signal.SIGINT, signal.SIGTERM) else "error"
        rec["stop_reason"] = "killed by signal %d" % -rc
    elif rc == 11:
        rec["status"], rec["stop_reason"] = "interrupted", s.get("fail_reason", "interrupted")
    elif rc == 0 and s.get("check") == "PASS":
        rec["status"], rec["stop_reason"] = "PASS", "pass"
    elif s.get("check") == "FAIL":
        rec["status"], rec["stop_reason"] = "FAIL", s.get("fail_reason", "exit %s" % rc)
    else:
        tail = " | ".join(out.strip().splitlines()[-3:])
        rec["status"], rec["stop_reason"] = "error", "exit %s: %s" % (rc, tail[:300])
    if rec["status"] != "PASS":
        rec["output_tail"] = "\n".join(out.splitlines()[-20:])
    return rec


def _q(s):
    return s if re.match(r"^[\w@%+=:,./-]+$", s) else "'" + s.replace("'", "'\\''") + "'"


def run(kernel="vecadd", config="base", options=None, size=0, seed=None, engine="rtl", cosim=False, make=None,
        timeout=None, root=None, build=True):
    """Python API: run one simulation, return its record (a dict of counters and provenance).

    weft.run("psum", "base", {"fetch_policy": "gto", "bpr": "on"}, size=256)
    """
    root = root or provenance.repo_root()
    d = dict(options or {})
    d.update(kernel=kernel, config=config, size=size, seed=seed, engine=engine, cosim=cosim, make=make or {})
    p = spec.canonical(d)
    if build:
        _build.ensure([p], root, log=sys.stderr)
    rec = run_point(p, root, timeout=timeout)
    rec["params"] = spec.flat(p)
    rec["point"] = p
    rec.update(provenance.collect(root))
    return rec
