#!/usr/bin/env bash
# tests/fpu_rtl/synth.sh [T...]: Yosys generic synthesis of weft_fpu (default
# latencies) for T = 1 and T = 4 lanes (or the given lane counts), hierarchy
# kept so that cells are counted per unit. Writes
# build/fpu_rtl/synth/T<t>/{yosys.log,stat.txt} and prints a table: cells of
# each unit (one instance) and of the whole unit.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
files=$(tr '\n' ' ' < tests/fpu_rtl/files.f)
lanes=("$@")
[ ${#lanes[@]} -eq 0 ] && lanes=(1 4)
for t in "${lanes[@]}"; do
  out=build/fpu_rtl/synth/T$t
  mkdir -p "$out"
  start=$(date +%s)
  yosys -q -l "$out/yosys.log" -p "
    read_verilog -sv $files
    chparam -set T $t weft_fpu
    hierarchy -check -top weft_fpu
    synth -top weft_fpu
    tee -q -o $out/stat.txt stat
  " > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
  end=$(date +%s)
  echo "weft_fpu T=$t ($((end - start)) s; $out/stat.txt)"
  python3 - "$out/yosys.log" "$out/stat.txt" "$t" <<'PY'
import re, sys
log, stat, t = open(sys.argv[1]).read(), open(sys.argv[2]).read(), int(sys.argv[3])
# friendly names for the hashed parameterized modules
names = {}
for m in re.finditer(r"derive mode using pre-parsed AST for module `\\(\w+)'\.\n((?:Parameter .*\n)*)"
                     r"Generating RTLIL representation for module `([^']+)'", log):
    params = ",".join("%s=%s" % (k, v) for k, v in re.findall(r"Parameter \\(\w+) = (\S+)", m.group(2)))
    names[m.group(3)] = "%s(%s)" % (m.group(1), params) if params else m.group(1)
cells = {}
for m in re.finditer(r"=== (\S+) ===\n(.*?)Number of cells:\s+(\d+)", stat, re.S):
    cells[m.group(1)] = int(m.group(3))
total = int(re.search(r"=== design hierarchy ===.*?Number of cells:\s+(\d+)", stat, re.S).group(1))
def nm(k):
    if k in names:
        return names[k]
    m = re.match(r"\$paramod\\(\w+)\\(.*)", k)   # $paramod\mod\P=s32'0..01
    if m:
        ps = ",".join("%s=%d" % (pn, int(pv, 2)) for pn, pv in re.findall(r"(\w+)=s?\d*'([01]+)", m.group(2)))
        return "%s(%s)" % (m.group(1), ps)
    return k
rnd = cells.get("weft_fpu_round", 0)
rows = []
for k, c in cells.items():
    n = nm(k)
    if n.startswith("weft_fpu_pipe"):
        rows.append((n, 1, c, c))
    elif n.startswith("weft_fpu_divsqrt") or n in ("weft_fpu_fma_norm", "weft_fpu_cvt"):
        rows.append((n + " incl. round", t, c + rnd, t * (c + rnd)))
    elif n in ("weft_fpu_fma", "weft_fpu_misc"):
        rows.append((n, t, c, t * c))
    elif n.startswith("weft_fpu") and n != "weft_fpu_round":
        rows.append(("weft_fpu (top: stage 1, div control, output port)", 1, c, c))
rows.append(("weft_fpu_round (inside fma_norm, cvt, divsqrt)", 3 * t, rnd, 3 * t * rnd))
lane = sum(c for k, c in cells.items() if nm(k) in ("weft_fpu_fma", "weft_fpu_fma_norm")) + rnd
rows.append(("FMA lane = fma + fma_norm incl. round", t, lane, t * lane))
print("  %-58s %5s %9s %9s" % ("unit", "inst", "cells/inst", "cells"))
for r in rows:
    print("  %-58s %5d %9d %9d" % r)
print("  %-58s %5s %9s %9d" % ("total weft_fpu", "", "", total))
PY
done
