#!/usr/bin/env python3
"""tools/synth_modules.py - per-module, cached synthesis of weft_gpu (area; with --sta power and Fmax).

    synth_modules.py --out DIR --warps W --threads T [--cores C] [--defs "-DX=Y ..."]
                     [--cache DIR] [--period NS] [--liberty LIB] [--sram-um2-per-bit 11.2]
                     [--timeout S] [--name NAME]

The lanes study (tools/scaling.sh --flow modules, issues 20/21) needs one core
at T = 8..32 threads per warp and several lane counts; one Yosys run of the
whole core at T >= 8 takes half an hour or more on the shared 2-core machine.
This flow splits the work by module, in the same hierarchy-kept synthesis as
tools/ppa.sh (no flattening there either):

  1. Elaboration: read_verilog + hierarchy -top weft_gpu, write_rtlil: every
     distinct module/parameter set is one RTLIL module (Yosys's $paramod names).
  2. Per module, a key: the SHA-1 of its own elaborated text (Yosys's running
     auto-index numbers renumbered in order of appearance, so the same module
     elaborated in another design gets the same key) and the flow settings.
     A module whose key is in the cache (CACHE/<key>/) is not synthesized again:
     the modules that do not depend on the lanes (front end, LSU, D-cache,
     performance counters, ...) are synthesized once per T, the per-lane units
     once per lane count, the FPU's lane submodules once at all.
  3. Each missing module alone, its submodules as black boxes (ports only),
     with ppa.sh's PPA_MEM=sram steps: synth begin:coarse (memory bits),
     coarse:fine, memories as WEFT_SRAM black boxes (bits x um2/bit x
     max(1, ports/2)), fine:check (generic cells), dfflegalize, dfflibmap, ABC
     with ppa.sh's default "dch" script at the clock target, then ppa.sh's
     fan-out buffering (tools/buffer_netlist.py) of the module's netlist.
  4. Totals: every module's own cells, standard-cell area, memory bits and
     SRAM estimate times its instance count in the elaborated hierarchy.

Timing (Fmax) and power (--sta, fifteenth session): the modules' netlists
(CACHE/KEY/netlist.v) are stitched into DIR/netlist.v, one gate-level netlist
of the top with each module once, and OpenSTA runs tools/ppa.sh's script on
it (clock on clk_i at --period, activity --activity on every net, standard
cells only: the memories are black boxes with no power); --power-instances
sums the leaf cells' power per part. Without --sta report.json has them as
null.

Writes DIR/elab.il, DIR/report.json and DIR/report.txt (per module: instances,
own cells, area, memory bits, SRAM estimate, the part it belongs to), and in
the ppa.sh layout DIR/generic_report.json (total cells and memory bits) so
that tools/scaling.sh reads either flow. Prints a one-line summary last.
Exit status: 0, 1 when a module failed or timed out (no totals), 2 on bad
arguments.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from synth_report import load_stat, lib_areas  # noqa: E402

FLOW_VERSION = "1"  # bump when the per-module script below changes (invalidates the cache)
LIB = "/usr/share/qflow/tech/osu018/osu018_stdcells.lib"

# The part of the core a module belongs to, by its base name: what the lanes
# scale (the L-wide units and their row machinery) and what they do not.
LANE_UNITS = {"weft_alu", "weft_muldiv", "weft_fpu", "weft_fpu_fma", "weft_fpu_fma_norm", "weft_fpu_cvt",
              "weft_fpu_misc", "weft_fpu_divsqrt", "weft_fpu_round", "weft_fpu_pipe"}
ROW_UNITS = {"weft_rowseq", "weft_rowcol"}


def part_of(base):
    if base in LANE_UNITS:
        return "lane units (L wide)"
    if base in ROW_UNITS:
        return "warp-row sequencers/collectors"
    return "fixed part (shared or T wide)"


# ---------------------------------------------------------------- RTLIL handling
def split_modules(text):
    """RTLIL text -> {module name: its text from 'module' to 'end' (attributes before it included)}."""
    mods = {}
    pend = []
    cur = None
    buf = []
    for line in text.splitlines():
        if cur is None:
            if line.startswith("attribute "):
                pend.append(line)
                continue
            m = re.match(r"^module (\S+)$", line)
            if m:
                cur = m.group(1)
                buf = pend + [line]
                pend = []
            else:
                pend = []
            continue
        buf.append(line)
        if line == "end":
            mods[cur] = "\n".join(buf) + "\n"
            cur = None
    return mods


_AUTO = re.compile(r"\$(\d+)(?![0-9A-Za-z])")


def normalize(text):
    """Yosys numbers its generated names from one global counter ($add$file:line$1234): renumber them in
    order of appearance, so that the same module elaborated beside other modules gets the same text."""
    ids = {}

    def sub(m):
        n = ids.setdefault(m.group(1), len(ids))
        return "$#%d" % n
    return _AUTO.sub(sub, text)


def module_key(text, settings):
    h = hashlib.sha1()
    h.update(settings.encode())
    h.update(b"\0")
    h.update(normalize(text).encode())
    return h.hexdigest()[:20]


def content_key(text, settings):
    """A second key that does not depend on the order of the module's lines either: Yosys writes a module's
    wires, cells and processes sorted by name, and the names carry the global auto-index, so the same module
    elaborated in another design can come out with some lines in another order. The multiset of lines with
    every auto-index number blanked (same module name, i.e. same parameters, same source) is the same."""
    h = hashlib.sha1()
    h.update(settings.encode())
    h.update(b"\0")
    h.update("\n".join(sorted(_AUTO.sub("$#", ln) for ln in text.splitlines())).encode())
    return h.hexdigest()[:20]


def index_cache(cache, settings):
    """Make the content-key aliases (CACHE/by-content/KEY2 -> entry) of the entries that have none yet."""
    idx = os.path.join(cache, "by-content")
    os.makedirs(idx, exist_ok=True)
    for e in os.listdir(cache):
        d = os.path.join(cache, e)
        if ".tmp" in e or e == "by-content" or os.path.exists(os.path.join(d, "indexed")) \
                or not os.path.exists(os.path.join(d, "done.json")) or not os.path.exists(os.path.join(d, "in.il")):
            continue
        name = json.load(open(os.path.join(d, "done.json")))["module"]
        mods = split_modules(open(os.path.join(d, "in.il")).read())
        if name in mods:
            with open(os.path.join(idx, content_key(mods[name], settings)), "w") as f:
                f.write(e)
        open(os.path.join(d, "indexed"), "w").close()


def lookup(cache, key, key2):
    """The cache entry of a module: by its key, else by its content key; None when there is none."""
    d = os.path.join(cache, key)
    if os.path.exists(os.path.join(d, "done.json")):
        return d
    try:
        alt = open(os.path.join(cache, "by-content", key2)).read().strip()
    except OSError:
        return None
    d = os.path.join(cache, alt)
    return d if os.path.exists(os.path.join(d, "done.json")) else None


def children(text, names):
    """Submodule instances of a module: {module name: count}."""
    ch = defaultdict(int)
    for m in re.finditer(r"^  cell (\S+) (\S+)$", text, re.M):
        if m.group(1) in names:
            ch[m.group(1)] += 1
    return dict(ch)


def stub(text):
    """A black box with the module's ports only."""
    out = []
    for line in text.splitlines():
        if re.match(r"^module ", line):
            out += ["attribute \\blackbox 1", line]
        elif re.match(r"^  wire .*\b(input|output|inout) \d+ ", line):
            out.append(line)
        elif line == "end":
            out.append(line)
    return "\n".join(out) + "\n"


def short_name(mod):
    m = mod.lstrip("\\")
    if m.startswith("$paramod"):
        parts = m.split("\\")
        return parts[1] if len(parts) > 1 else m
    return m


# ---------------------------------------------------------------- SRAM estimate
def parse_mems(cells_txt):
    """$mem/$mem_v2 cells of a `dump` (tools/ppa.sh's mem_cells.txt): bits and ports of each."""
    mems, cur = [], None
    for line in cells_txt.splitlines():
        if re.match(r"^  end", line):
            cur = None
            continue
        m = re.match(r"^  cell \$mem(_v2)? (\S+)", line)
        if m:
            cur = {"cell": m.group(2)}
            mems.append(cur)
            continue
        m = re.match(r"^    parameter \\(SIZE|WIDTH|RD_PORTS|WR_PORTS) (\d+)", line)
        if m and cur is not None:
            cur[m.group(1)] = int(m.group(2))
        # wide ports (a whole line written at once) are several ports, all but the first continuations
        m = re.match(r"^    parameter \\(RD|WR)_WIDE_CONTINUATION (\d+)'([01]*)", line)
        if m and cur is not None:
            cur[m.group(1) + "_PRIMARY"] = m.group(3).count("0") if int(m.group(2)) else 0
    for mm in mems:
        mm["bits"] = mm.get("SIZE", 0) * mm.get("WIDTH", 0)
        mm["ports"] = mm.get("RD_PRIMARY", mm.get("RD_PORTS", 1)) + mm.get("WR_PRIMARY", mm.get("WR_PORTS", 1))
        mm["port_factor"] = max(1.0, mm["ports"] / 2.0)
    return mems


# ---------------------------------------------------------------- one module
def synth_one(name, text, kids_text, cdir, period, lib, timeout):
    """Synthesize module `name` alone (its submodules black boxes); results into cdir. Returns seconds."""
    tmp = "%s.tmp%d" % (cdir, os.getpid())   # two runs may share the cache
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with open(os.path.join(tmp, "in.il"), "w") as f:
        f.write("".join(stub(t) for t in kids_text) + text)
    ps = int(round(period * 1000))
    abc = "+strash;dc2;&get,-n;&dch,-f;&nf,-D,%d;&put;buffer,-p;upsize,-D,%d;dnsize,-D,%d" % (ps, ps, ps)
    top = name if not name.startswith("$") else name  # RTLIL names: \plain or $paramod...
    script = "\n".join([
        "read_rtlil in.il",
        "hierarchy -check -top %s" % top,
        "synth -top %s -run begin:coarse" % top,
        "tee -q -o stat_mem.json stat -json",
        "synth -top %s -run coarse:fine" % top,
        "tee -q -o mem_cells.txt dump t:$mem_v2 t:$mem",
        "chtype -set WEFT_SRAM t:$mem_v2 t:$mem",
        "synth -top %s -run fine:check" % top,
        "tee -q -o stat_generic.json stat -json",
        "dfflegalize -cell $_DFF_P_ 01",
        "dfflibmap -liberty %s" % lib,
        "abc -liberty %s -D %d -script %s" % (lib, ps, abc),
        "opt_clean",
        "setundef -zero",
        "tee -q -o stat.json stat -json",
        "delete t:WEFT_SRAM",
        "opt_clean -purge",
        "write_verilog -noattr -noexpr -nohex -nodec -simple-lhs netlist_raw.v",
    ]) + "\n"
    with open(os.path.join(tmp, "script.ys"), "w") as f:
        f.write(script)
    t0 = time.time()
    try:
        r = subprocess.run(["yosys", "-q", "-l", "yosys.log", "-s", "script.ys"], cwd=tmp,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError("timed out after %d s" % timeout)
    if r.returncode != 0:
        raise RuntimeError("yosys failed (%s/yosys.log): %s" % (tmp, r.stderr.strip()[-400:]))
    b = subprocess.run([sys.executable, os.path.join(HERE, "buffer_netlist.py"), "netlist_raw.v", "netlist.v",
                        "buffers.json", "--liberty", lib], cwd=tmp, capture_output=True, text=True)
    if b.returncode != 0:
        raise RuntimeError("buffer_netlist failed: %s" % b.stderr.strip()[-400:])
    os.remove(os.path.join(tmp, "netlist_raw.v"))
    secs = time.time() - t0
    with open(os.path.join(tmp, "done.json"), "w") as f:
        json.dump({"module": name, "seconds": round(secs, 1)}, f)
    if os.path.exists(os.path.join(cdir, "done.json")):   # another run finished it meanwhile
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        shutil.rmtree(cdir, ignore_errors=True)
        os.rename(tmp, cdir)
    return secs


def module_result(name, cdir, names, areas, um2bit):
    """Own cells, area, memory bits and SRAM estimate of one synthesized module (submodule instances excluded)."""
    def own(stat_file):
        d = load_stat(os.path.join(cdir, stat_file))["modules"]
        m = d.get(name) or d.get(name.lstrip("\\")) or next(iter(d.values()))
        return m
    kids = {n.lstrip("\\") for n in names}

    def leaf(types):
        return {t: k for t, k in types.items() if t.lstrip("\\") not in kids}
    g = leaf(own("stat_generic.json").get("num_cells_by_type", {}))
    mp = leaf(own("stat.json").get("num_cells_by_type", {}))
    mem_bits = own("stat_mem.json").get("num_memory_bits", 0)
    bj = json.load(open(os.path.join(cdir, "buffers.json")))
    nbuf = sum(bj["buffers_per_module"].values())
    area = sum(k * areas.get(t, 0.0) for t, k in mp.items()) + nbuf * areas.get(bj["buffer_cell"], 0.0)
    mems = parse_mems(open(os.path.join(cdir, "mem_cells.txt")).read())
    sram = sum(m["bits"] * um2bit * m["port_factor"] for m in mems)
    done = json.load(open(os.path.join(cdir, "done.json")))
    return {"generic_cells": sum(g.values()), "cells": sum(mp.values()) + nbuf, "fanout_buffers": nbuf,
            "area_um2": round(area, 1), "mem_bits": mem_bits, "sram_est_um2": round(sram, 1),
            "srams": [{k: m[k] for k in ("bits", "ports", "port_factor")} for m in mems],
            "flops": sum(k for t, k in mp.items() if "DFF" in t.upper() or t.upper().startswith("LATCH")),
            "seconds": done["seconds"]}


# ---------------------------------------------------------------- whole-netlist STA (stitching)
def clean_names(text):
    """tools/ppa.sh's renaming: every escaped identifier (\$paramod$...\weft_alu, \a[3]) to a plain one, the same
    name for the same identifier throughout the text (OpenSTA reads plain identifiers more reliably)."""
    names, used = {}, set()

    def clean(m):
        s = m.group(1)
        if s not in names:
            c = re.sub(r"[^A-Za-z0-9_]", "_", s)
            c = re.sub(r"_+", "_", c).strip("_") or "n"
            if c[0].isdigit():
                c = "n" + c
            base, k = c, 1
            while c in used:
                k += 1
                c = "%s_%d" % (base, k)
            names[s] = c
            used.add(c)
        return names[s]
    return re.sub(r"\\(\S+)", clean, text), names


def stitch(order, netlists, out_path):
    """One hierarchical gate-level netlist from the per-module netlists (CACHE/KEY/netlist.v, each the module
    alone with its submodules as black boxes, so it holds exactly one module): concatenated, leaves first, then
    renamed as tools/ppa.sh renames its whole netlist. Returns {Yosys module name: its name in the netlist}."""
    parts = []
    for n in order:
        # tools/buffer_netlist.py before the fifteenth session wrote a buffer's input as `.A(\a.b),`, an escaped
        # identifier without the white space that ends it (harmless for the area, which is all the cache was
        # read for): put the space back
        text = re.sub(r"^(\s+\.A\(\\\S+?)(\),?)$", r"\1 \2", open(netlists[n]).read(), flags=re.M)
        heads = re.findall(r"^module\s+(\S+?)\s*\(", text, re.M)
        want = n if n.startswith("$") else n.lstrip("\\")
        if [h.lstrip("\\") for h in heads] != [want.lstrip("\\")]:
            raise RuntimeError("stitch: %s holds modules %s, expected %s" % (netlists[n], heads, want))
        parts.append("// %s (%s)\n" % (short_name(n), netlists[n]) + text)
    out, names = clean_names("\n".join(parts))
    with open(out_path, "w") as f:
        f.write(out)
    return {n: names.get(n if n.startswith("$") else n.lstrip("\\"), n.lstrip("\\")) for n in order}


def sta_script(lib, netlist, top, period, activity, inst_file=None):
    """tools/ppa.sh's OpenSTA script: clock on clk_i, I/O delays 0 against it, no wire-load model, global
    switching activity (inputs included) at duty 0.5, total power (and per leaf instance with inst_file)."""
    L = ["# generated by tools/synth_modules.py --sta (the same commands as tools/ppa.sh)",
         "read_liberty %s" % lib, "read_verilog %s" % netlist, "link_design %s" % top,
         "create_clock -name clk -period %g [get_ports clk_i]" % period,
         "set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]",
         "set_output_delay 0 -clock clk [all_outputs]",
         'puts "== worst path"', "report_checks -path_delay max -group_count 1 -digits 3",
         'puts "== summary"', "report_wns -digits 3", "report_tns -digits 3", "report_worst_slack -digits 3",
         'puts "== power"',
         "# OpenSTA 2.0.17 (Debian) spells the option -activiity; newer releases -activity.",
         "if {[catch {set_power_activity -global -activity %g -duty 0.5}]} {" % activity,
         "  set_power_activity -global -activiity %g -duty 0.5" % activity, "}",
         "if {[catch {set_power_activity -input -activity %g -duty 0.5}]} {" % activity,
         "  catch {set_power_activity -input -activiity %g -duty 0.5}" % activity, "}",
         "report_power -digits 6"]
    if inst_file:
        L.append("report_power -instances [get_cells -hierarchical *] -digits 9 > %s" % inst_file)
    return "\n".join(L) + "\n"


def run_sta(out, order, netlists, top, lib, period, activity, timeout, instances=False):
    """Stitch the netlist (OUT/netlist.v), run OpenSTA (OUT/sta.tcl, OUT/sta.log); timing and power as
    tools/ppa_report.py parses them."""
    from ppa_report import parse_sta   # ppa_report imports this module (parse_mems): import here
    netlist = os.path.join(out, "netlist.v")
    renamed = stitch(order, netlists, netlist)
    tcl = os.path.join(out, "sta.tcl")
    inst_file = os.path.join(out, "power_instances.txt") if instances else None
    with open(tcl, "w") as f:
        f.write(sta_script(lib, netlist, renamed[top], period, activity, inst_file))
    t0 = time.time()
    try:
        with open(os.path.join(out, "sta.log"), "w") as log:
            r = subprocess.run(["sta", "-no_splash", "-exit", tcl], stdout=log, stderr=subprocess.STDOUT,
                               timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError("OpenSTA timed out after %d s" % timeout)
    secs = time.time() - t0
    text = open(os.path.join(out, "sta.log")).read()
    if r.returncode != 0 or "Error" in text:
        raise RuntimeError("OpenSTA failed (%s/sta.log): %s" % (out, text.strip()[-400:]))
    sta = parse_sta(os.path.join(out, "sta.log"))
    if not sta.get("power_w"):
        raise RuntimeError("OpenSTA gave no power (%s/sta.log)" % out)
    ws = sta.get("worst_slack_ns")
    if ws is None:
        ws = sta.get("wns_ns")
    ach = period - ws if ws is not None else None
    timing = {"worst_slack_ns": ws, "tns_ns": sta.get("tns_ns"),
              "achievable_period_ns": round(ach, 3) if ach else None,
              "fmax_mhz": round(1000.0 / ach, 2) if ach and ach > 0 else None,
              "critical_start": sta.get("critical_start"), "critical_end": sta.get("critical_end"),
              "critical_arrival_ns": sta.get("critical_arrival_ns")}
    return {"timing": timing, "power_w": sta["power_w"], "power_groups_w": sta.get("power_groups_w"),
            "seconds": round(secs, 1), "renamed": renamed}


def power_parts(inst_file, netlist, renamed, top):
    """Leaf-cell powers of OpenSTA's report_power -instances summed per part of the core (part_of), by the
    module each cell's parent instance is of (tools/ppa_report.py's walk of the netlist's hierarchy)."""
    from ppa_report import netlist_hierarchy
    _, insts = netlist_hierarchy(netlist)
    back = {v: k for k, v in renamed.items()}
    path_mod = {"": renamed[top]}

    def walk(mod, prefix):
        for ch, inst in insts.get(mod, []):
            path_mod[prefix + inst] = ch
            walk(ch, prefix + inst + "/")
    walk(renamed[top], "")
    parts = defaultdict(float)
    for line in open(inst_file):
        f = line.split()
        if len(f) == 5 and re.match(r"^[0-9.eE+-]+$", f[3]):
            parent = f[4].rsplit("/", 1)[0] if "/" in f[4] else ""
            mod = back.get(path_mod.get(parent), "?")
            parts[part_of(short_name(mod)) if mod != "?" else "?"] += float(f[3])
    return dict(parts)


# ---------------------------------------------------------------- the design
def aggregate(mods, kids, results, top):
    """Instance counts from the elaborated hierarchy and the totals (every instance counted)."""
    inst = defaultdict(int)

    def count(n, k):
        inst[n] += k
        for ch, m in kids[n].items():
            count(ch, k * m)
    count(top, 1)
    rows = []
    tot = defaultdict(float)
    for n in mods:
        if inst[n] == 0:
            continue
        r = dict(results[n])
        base = short_name(n)
        row = {"module": base, "yosys_name": n.lstrip("\\"), "instances": inst[n], "part": part_of(base)}
        row.update(r)
        for k in ("generic_cells", "cells", "area_um2", "mem_bits", "sram_est_um2", "flops", "fanout_buffers"):
            row[k + "_all"] = round(r[k] * inst[n], 1) if isinstance(r[k], float) else r[k] * inst[n]
            tot[k] += r[k] * inst[n]
        rows.append(row)
    rows.sort(key=lambda x: -(x["area_um2_all"] + x["sram_est_um2_all"]))
    parts = defaultdict(lambda: {"area_um2": 0.0, "sram_est_um2": 0.0, "generic_cells": 0})
    for r in rows:
        p = parts[r["part"]]
        p["area_um2"] += r["area_um2_all"]
        p["sram_est_um2"] += r["sram_est_um2_all"]
        p["generic_cells"] += r["generic_cells_all"]
    return rows, dict(tot), {k: {kk: round(vv, 1) for kk, vv in v.items()} for k, v in parts.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cores", type=int, default=1)
    ap.add_argument("--warps", type=int, required=True)
    ap.add_argument("--threads", type=int, required=True)
    ap.add_argument("--defs", default="", help="more -D defines (e.g. -DWEFT_LANES=4)")
    ap.add_argument("--cache", default=os.path.join(ROOT, "build", "synth-modules-cache"))
    ap.add_argument("--period", type=float, default=10.0, help="clock target of the mapping (ns)")
    ap.add_argument("--liberty", default=LIB)
    ap.add_argument("--sram-um2-per-bit", type=float, default=11.2)
    ap.add_argument("--timeout", type=int, default=7200, help="seconds per module")
    ap.add_argument("--name", default="")
    ap.add_argument("--top", default="weft_gpu")
    ap.add_argument("--large-first", action="store_true",
                    help="synthesize the largest modules first (a second run sharing the cache meets the first in the middle)")
    ap.add_argument("--aggregate-only", action="store_true", help="totals from DIR/elab.il and the cache only")
    ap.add_argument("--sta", action="store_true",
                    help="stitch the modules' netlists into DIR/netlist.v and run tools/ppa.sh's OpenSTA script on it "
                         "(Fmax and power at --activity)")
    ap.add_argument("--activity", type=float, default=0.1, help="--sta: global switching activity (tools/ppa.sh's 0.1)")
    ap.add_argument("--sta-timeout", type=int, default=7200, help="--sta: seconds for OpenSTA")
    ap.add_argument("--power-instances", action="store_true",
                    help="--sta: also the power of every leaf cell, summed per part (slower)")
    ap.add_argument("--sources", nargs="+", help="Verilog sources instead of rtl/files.f (tests)")
    a = ap.parse_args(argv)
    if not os.path.exists(a.liberty):
        print("synth_modules: no Liberty file %s (make deps-impl)" % a.liberty, file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    os.makedirs(a.cache, exist_ok=True)
    files = a.sources or open(os.path.join(ROOT, "rtl", "files.f")).read().split()
    elab = os.path.join(a.out, "elab.il")
    t0 = time.time()
    if not a.aggregate_only:
        defs = "-DWEFT_ORACLES=0 -DWEFT_CORES=%d -DWEFT_WARPS=%d -DWEFT_THREADS=%d %s" % (a.cores, a.warps, a.threads, a.defs)
        r = subprocess.run(["yosys", "-q", "-l", os.path.join(a.out, "elab.log"), "-p",
                            "read_verilog -sv %s %s; hierarchy -check -top %s; write_rtlil %s"
                            % (defs, " ".join(files), a.top, elab)],
                           cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print("synth_modules: elaboration failed (%s/elab.log): %s" % (a.out, r.stderr[-400:]), file=sys.stderr)
            return 1
    t_elab = time.time() - t0
    mods = split_modules(open(elab).read())
    names = set(mods)
    top = next((n for n in mods if n.lstrip("\\") == a.top), None)
    if top is None:
        print("synth_modules: no top %s in %s" % (a.top, elab), file=sys.stderr)
        return 1
    kids = {n: children(t, names) for n, t in mods.items()}
    yv = subprocess.run(["yosys", "-V"], capture_output=True, text=True).stdout.strip()
    settings = "flow %s|%s|lib %s|period %g|fanout 12" % (FLOW_VERSION, yv, os.path.basename(a.liberty), a.period)
    keys = {n: module_key(t, settings) for n, t in mods.items()}
    keys2 = {n: content_key(t, settings) for n, t in mods.items()}
    index_cache(a.cache, settings)
    areas = lib_areas(a.liberty)
    results, failed, new = {}, [], 0
    cdirs = {}
    synth_s = 0.0
    order = sorted(mods, key=lambda x: len(mods[x]), reverse=a.large_first)   # small modules first by default
    def alive(pid):
        try:
            os.kill(int(pid), 0)
            return True
        except (ValueError, OSError):
            return False

    def busy(n):
        return any(f.startswith(keys[n] + ".tmp") and alive(f[len(keys[n]) + 4:]) for f in os.listdir(a.cache))
    # a module another run is synthesizing now (its KEY.tmpPID in the cache) goes last, then waits for it
    order = [n for n in order if not busy(n)] + [n for n in order if busy(n)]
    for n in order:
        while not a.aggregate_only and busy(n) and not lookup(a.cache, keys[n], keys2[n]):
            time.sleep(10)
        cdir = lookup(a.cache, keys[n], keys2[n]) or os.path.join(a.cache, keys[n])
        if not os.path.exists(os.path.join(cdir, "done.json")):
            if a.aggregate_only:
                failed.append((n, "not in the cache"))
                continue
            print("synth_modules: %s: %s ..." % (a.name or a.out, short_name(n)), end="", flush=True)
            try:
                s = synth_one(n, mods[n], [mods[c] for c in kids[n]], cdir, a.period, a.liberty, a.timeout)
            except RuntimeError as e:
                print(" FAILED: %s" % e, flush=True)
                failed.append((n, str(e)))
                continue
            print(" %.0f s" % s, flush=True)
            synth_s += s
            new += 1
            index_cache(a.cache, settings)
        cdirs[n] = cdir
        results[n] = module_result(n, cdir, names, areas, a.sram_um2_per_bit)
        results[n]["key"] = keys[n]
    if failed:
        for n, e in failed:
            print("synth_modules: %s: %s" % (short_name(n), e), file=sys.stderr)
        return 1
    rows, tot, parts = aggregate(mods, kids, results, top)
    sta = None
    if a.sta:
        used = [n for n in mods if any(r["yosys_name"] == n.lstrip("\\") for r in rows)]
        try:
            sta = run_sta(a.out, used, {n: os.path.join(cdirs[n], "netlist.v") for n in used}, top, a.liberty,
                          a.period, a.activity, a.sta_timeout, a.power_instances)
        except RuntimeError as e:
            print("synth_modules: %s" % e, file=sys.stderr)
            return 1
        if a.power_instances:
            sta["power_parts_w"] = power_parts(os.path.join(a.out, "power_instances.txt"),
                                               os.path.join(a.out, "netlist.v"), sta["renamed"], top)
    wall = time.time() - t0
    std, sram = round(tot["area_um2"], 1), round(tot["sram_est_um2"], 1)
    rep = {
        "flow": "per-module (tools/synth_modules.py), hierarchy kept, OSU018 with ppa.sh's ABC script",
        "name": a.name, "shape": "%dx%dx%d" % (a.cores, a.warps, a.threads), "defs": a.defs.strip(),
        "library": os.path.basename(a.liberty), "memories": "sram", "sram_um2_per_bit": a.sram_um2_per_bit,
        "clock_period_ns": a.period,
        "area_um2": {"std_cells": std, "sram_estimate": sram, "total": round(std + sram, 1)},
        "generic_cells": int(tot["generic_cells"]), "cells": int(tot["cells"]), "mem_bits": int(tot["mem_bits"]),
        "flops": int(tot["flops"]), "fanout_buffers": int(tot["fanout_buffers"]),
        "timing": sta["timing"] if sta else {
            "fmax_mhz": None, "critical_start": None, "critical_end": None,
            "note": "not measured: run with --sta (whole-netlist OpenSTA on the stitched module netlists)"},
        "power_w": sta["power_w"] if sta else None,
        "power_groups_w": sta["power_groups_w"] if sta else None,
        "power_parts_w": sta.get("power_parts_w") if sta else None,
        "activity": a.activity if sta else None,
        "power_note": ("OpenSTA on the stitched per-module netlists (DIR/netlist.v), tools/ppa.sh's script: global "
                       "activity %g, duty 0.5, %g ns clock; standard cells only (the memories are SRAM-estimate "
                       "black boxes with no power)" % (a.activity, a.period)) if sta else None,
        "seconds": {"elaboration": round(t_elab, 1), "yosys": round(synth_s, 1), "sta": sta["seconds"] if sta else 0,
                    "wall": round(wall, 1),
                    "cached_modules_seconds": round(sum(r["seconds"] for n, r in results.items()), 1)},
        "modules_distinct": len(mods), "modules_synthesized": new,
        "parts": parts, "modules": rows,
    }
    json.dump(rep, open(os.path.join(a.out, "report.json"), "w"), indent=1)
    json.dump({"title": "per-module generic cells (tools/synth_modules.py)", "generic_seconds": round(wall, 1),
               "total": {"cells": rep["generic_cells"], "mem_bits": rep["mem_bits"]}},
              open(os.path.join(a.out, "generic_report.json"), "w"), indent=1)
    L = ["Per-module synthesis of weft_gpu %s (%s %s), OSU 0.18 um, memories as SRAM estimate, ABC target %g ns"
         % (a.name, rep["shape"], a.defs.strip(), a.period), "",
         "area, standard cells  %.3f mm^2 (%d cells, %d fan-out buffers)" % (std / 1e6, rep["cells"], rep["fanout_buffers"]),
         "area, SRAM estimate   %.3f mm^2 (%d memory bits x %g um^2/bit x max(1, ports/2))" % (sram / 1e6, rep["mem_bits"], a.sram_um2_per_bit),
         "area, total           %.3f mm^2" % ((std + sram) / 1e6),
         "generic cells         %d" % rep["generic_cells"]]
    if sta:
        p, t = sta["power_w"], sta["timing"]
        L += ["power at %.1f MHz      %.3f mW (internal %.3f, switching %.3f, leakage %.3f uW; activity %g; "
              "standard cells only, SRAM macros not included)" % (1000 / a.period, p["total"] * 1e3, p["internal"] * 1e3,
                                                                   p["switching"] * 1e3, p["leakage"] * 1e6, a.activity),
              "worst slack           %s ns at %g ns -> Fmax %s MHz (%s -> %s; paths through the memories not timed)"
              % (t["worst_slack_ns"], a.period, t["fmax_mhz"], t["critical_start"], t["critical_end"]),
              "OpenSTA               %.0f s on the stitched netlist %s/netlist.v" % (sta["seconds"], a.out)]
        for pn, w in sorted((sta.get("power_parts_w") or {}).items()):
            L.append("  power, %-32s %.3f mW" % (pn, w * 1e3))
    L += [
         "run time              %.0f s wall (elaboration %.0f s; %d of %d distinct modules synthesized now, %.0f s; "
         "the others from the cache)" % (wall, t_elab, new, len(mods), synth_s), "",
         "%-34s %12s %12s %12s" % ("part", "std mm^2", "SRAM mm^2", "share")]
    for p, v in sorted(parts.items()):
        L.append("%-34s %12.3f %12.3f %11.1f%%" % (p, v["area_um2"] / 1e6, v["sram_est_um2"] / 1e6,
                                                   100 * (v["area_um2"] + v["sram_est_um2"]) / ((std + sram) or 1)))
    L += ["", "%-22s %4s %9s %9s %12s %9s %11s  %s" % ("module", "inst", "generic", "cells", "area um2", "mem bits",
                                                       "SRAM um2", "part")]
    for r in rows:
        L.append("%-22s %4d %9d %9d %12.0f %9d %11.0f  %s" % (r["module"], r["instances"], r["generic_cells_all"],
                                                           r["cells_all"], r["area_um2_all"], r["mem_bits_all"],
                                                           r["sram_est_um2_all"], r["part"]))
    L.append("(each row: the module's own cells over all its instances; submodules in their own rows)")
    open(os.path.join(a.out, "report.txt"), "w").write("\n".join(L) + "\n")
    print("synth_modules %s (%s %s): area %.3f mm^2 (std %.3f + SRAM %.3f), %d generic cells, %.0f s, %d/%d modules "
          "synthesized; %s/report.txt" % (a.name, rep["shape"], a.defs.strip(), (std + sram) / 1e6, std / 1e6, sram / 1e6,
                                          rep["generic_cells"], wall, new, len(mods), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
