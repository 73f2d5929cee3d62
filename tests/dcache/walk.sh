#!/usr/bin/env bash
# tests/dcache/walk.sh - the D-cache walk width (make DC_LINES=N; docs/memory.md
# "Walk width"; issue 21, eleventh session).
#
#   tests/dcache/walk.sh SIM1 SIMN N [KERNELS...]
#
# SIM1 is a DC_LINES=1 build, SIMN the same configuration built with
# DC_LINES=N (2 or 4). For every kernel (default: vecadd sgemm transpose
# saxpy), both builds run it under co-simulation with --perf-json, and:
#  1. the lines a warp request touches depend on its addresses only: warp
#     requests, load lines and store lines are equal in both builds;
#  2. at N = 1 a walk cycle serves exactly one line (no atomics in these
#     kernels): walk cycles = load + store lines, and every walk cycle but a
#     request's last is a bank conflict: conflicts = walk cycles - requests;
#  3. at N the walk serves at most N lines a cycle (walk cycles x N >= lines)
#     and takes fewer cycles than at 1 (strictly: these kernels have
#     unit-stride requests over several lines), with fewer bank conflicts;
#  4. the harness's fills equal the load misses at N.
# Prints one line per kernel (ok|FAIL) and `N passed, M failed` (a suite of
# tests/manifest.py); exits 1 on any failure.
set -u
[ $# -ge 3 ] || { sed -n '2,20p' "$0"; exit 2; }
S1=$1 SN=$2 N=$3
shift 3
KS=${*:-vecadd sgemm transpose saxpy}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0 np=0 nf=0
for k in $KS; do
  for b in 1 N; do
    sim=$S1; [ $b = N ] && sim=$SN
    if ! "$sim" --kernel "$k" --cosim --perf-json "$T/$k-$b.json" > "$T/$k-$b.log" 2>&1; then
      echo "FAIL $k: $sim --cosim"; tail -5 "$T/$k-$b.log"; fail=1; nf=$((nf + 1)); continue 2
    fi
  done
  python3 - "$T/$k-1.json" "$T/$k-N.json" "$N" "$k" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
n, k = int(sys.argv[3]), sys.argv[4]
def c(j, key):
    return sum(x["counters"]["dcache_" + key] for x in j["cores"])
bad = []
for key in ("warp_requests", "load_lines", "store_lines"):
    if c(a, key) != c(b, key):
        bad.append("%s %d at 1, %d at %d" % (key, c(a, key), c(b, key), n))
l1 = c(a, "load_lines") + c(a, "store_lines")
if c(a, "walk_cycles") != l1:
    bad.append("DC_LINES 1: walk cycles %d != lines %d" % (c(a, "walk_cycles"), l1))
if c(a, "bank_conflict_cycles") != c(a, "walk_cycles") - c(a, "warp_requests"):
    bad.append("DC_LINES 1: bank conflicts %d != walk cycles - requests %d"
               % (c(a, "bank_conflict_cycles"), c(a, "walk_cycles") - c(a, "warp_requests")))
if c(b, "walk_cycles") * n < l1:
    bad.append("DC_LINES %d: %d walk cycles for %d lines" % (n, c(b, "walk_cycles"), l1))
if not c(b, "walk_cycles") < c(a, "walk_cycles"):
    bad.append("DC_LINES %d: walk cycles %d not below DC_LINES 1's %d" % (n, c(b, "walk_cycles"), c(a, "walk_cycles")))
if not c(b, "bank_conflict_cycles") < c(a, "bank_conflict_cycles"):
    bad.append("DC_LINES %d: bank conflicts %d not below %d" % (n, c(b, "bank_conflict_cycles"), c(a, "bank_conflict_cycles")))
if b["dcache"]["fills"] != b["dcache"]["load_misses"]:
    bad.append("DC_LINES %d: fills %d != load misses %d" % (n, b["dcache"]["fills"], b["dcache"]["load_misses"]))
print("%s %s: lines %d, walk cycles %d -> %d, bank conflicts %d -> %d, cycles %d -> %d%s" % (
    "FAIL" if bad else "ok", k, l1, c(a, "walk_cycles"), c(b, "walk_cycles"), c(a, "bank_conflict_cycles"),
    c(b, "bank_conflict_cycles"), a["cycles"] if "cycles" in a else 0, b["cycles"] if "cycles" in b else 0,
    "".join("\n  " + x for x in bad)))
sys.exit(1 if bad else 0)
PY
  if [ $? = 0 ]; then np=$((np + 1)); else nf=$((nf + 1)); fi
done
echo "$np passed, $nf failed"
[ $nf = 0 ]
