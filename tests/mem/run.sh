#!/usr/bin/env bash
# tests/mem/run.sh - the memory model (docs/memory.md).
#
#   tests/mem/run.sh [--configs "base dual"]
#
# 1. Every kernel passes under co-simulation with the DRAM model (--dram).
# 2. The DRAM counters agree with each other and with the timing rules:
#    bytes = accesses x line; average read latency >= tCL + line/bw.
# 3. Streaming (vecadd) hits open rows far more often than a random pointer
#    chase (ubench_ldchain); a narrower bus makes the bus busier and the run
#    longer; more banks do not make a streaming run slower.
# Prints ok/FAIL lines and "N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
CONFIGS="base dual"
[[ ${1:-} == --configs ]] && { CONFIGS=$2; shift 2; }
KERNELS=$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk)
OUT=build/test-mem
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0; failed=()
ok() { pass=$((pass + 1)); printf 'ok    %-40s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); failed+=("$1"); printf 'FAIL  %-40s %s\n' "$1" "$2"; }
run() {
    local name=$1; shift
    if "$@" > "$OUT/$name.log" 2>&1 && head -1 "$OUT/$name.log" | grep -q '^PASS'; then return 0; fi
    bad "$name" "$(head -1 "$OUT/$name.log") (log $OUT/$name.log)"; return 1
}
# jq-like field read: field FILE KEY
field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {"d": d}))' "$1" "$2"; }

for c in $CONFIGS; do
    S=build/$c/weft-sim
    for k in $KERNELS; do
        run "dram-cosim-$k-$c" $S --kernel $k --dram --cosim && ok "dram-cosim-$k-$c" "$(grep -E '^  cycles' "$OUT/dram-cosim-$k-$c.log" | tr -s ' ')"
    done
done

S=build/base/weft-sim
run vecadd-dram $S --kernel vecadd --size 4096 --dram --perf-json "$OUT/vecadd.json" &&
run ldchain-dram $S --kernel ubench_ldchain --dram --bpr on --perf-json "$OUT/ldchain.json" &&
run vecadd-narrow $S --kernel vecadd --size 4096 --dram --dram-bw 2 --perf-json "$OUT/narrow.json" &&
run vecadd-1bank $S --kernel vecadd --size 4096 --dram --dram-banks 1 --perf-json "$OUT/1bank.json" && {
    msg=$(python3 - "$OUT" <<'PY'
import json, sys
o = sys.argv[1]
v, l, n, b1 = (json.load(open("%s/%s.json" % (o, k))) for k in ("vecadd", "ldchain", "narrow", "1bank"))
ok = True
def hit(d):
    x = d["dram"]; a = x["row_hits"] + x["row_empty"] + x["row_conflicts"]
    return 100.0 * x["row_hits"] / a
for d in (v, l, n, b1):
    x = d["dram"]
    if x["bytes_read"] != x["reads"] * x["line"] or x["bytes_written"] != x["writes"] * x["line"]:
        print("bytes != accesses x line"); ok = False
    if x["row_hits"] + x["row_empty"] + x["row_conflicts"] != x["reads"] + x["writes"]:
        print("row outcomes != accesses"); ok = False
    if x["reads"] and x["read_latency_sum"] < x["reads"] * (x["tcl"] + -(-x["line"] // x["bw"])):
        print("average read latency below tCL + transfer"); ok = False
print("row hits: vecadd %.1f%%, ldchain %.1f%%; bus busy vecadd %.1f%% -> %.1f%% at 2 B/cycle, cycles %d -> %d; "
      "1 bank %d cycles" % (hit(v), hit(l), 100.0 * v["dram"]["busy_cycles"] / v["cycles"],
                            100.0 * n["dram"]["busy_cycles"] / n["cycles"], v["cycles"], n["cycles"], b1["cycles"]))
if not hit(v) > hit(l) + 20: print("streaming does not hit rows more often"); ok = False
if not (n["cycles"] > v["cycles"] and n["dram"]["busy_cycles"] / n["cycles"] > v["dram"]["busy_cycles"] / v["cycles"]):
    print("a narrower bus is not slower / busier"); ok = False
if not b1["cycles"] >= v["cycles"]: print("8 banks slower than 1"); ok = False
sys.exit(0 if ok else 1)
PY
)
    if [[ $? -eq 0 ]]; then ok dram-counters-and-trends "$msg"; else bad dram-counters-and-trends "$msg"; fi
}
# bad DRAM parameters: a clear error, exit 2
$S --kernel vecadd --dram --dram-line 3 > "$OUT/bad.log" 2>&1
rc=$?
if [[ $rc -eq 2 ]] && grep -q "power-of-two line" "$OUT/bad.log"; then ok dram-bad-parameters "exit 2"; else bad dram-bad-parameters "exit $rc"; fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]] || { echo "failed: ${failed[*]}"; exit 1; }
