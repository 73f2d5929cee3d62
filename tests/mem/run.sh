#!/usr/bin/env bash
# tests/mem/run.sh - the memory model (docs/memory.md).
#
#   tests/mem/run.sh [--configs "base dual"] [--kernels "..."]
#
# 1. Every kernel passes under co-simulation with the DRAM model (--dram).
# 2. The DRAM counters agree with each other and with the timing rules:
#    bytes = accesses x line; average read latency >= tCL + line/bw.
# 3. The model's trends: rows of one line lower the row-hit rate of a
#    pointer chase in a 4 KiB table; on vecadd
#    a narrower bus makes the bus busier and the run longer; one bank is
#    slower than eight; a shallower controller queue adds memory structural
#    stalls (back-pressure); no parameter changes the instruction count.
# 4. RV32A atomics (kernel atomics: every operation under contention, lr/sc
#    retry loop) under co-simulation on every configuration, with static and
#    dynamic block distribution, and on the model at several shapes.
# 5. Dynamic block distribution (--blocks dynamic): kernels pass under
#    co-simulation with it, and on the imbalanced kernel imbal (every fourth
#    block long) on dual it is faster than static and leaves no core idle
#    (idle CPI class of the emptier core: > 50% static, < 5% dynamic).
# 6. The shared L2 (--l2): kernels pass under co-simulation with it (and
#    DRAM); its counters agree with DRAM's (DRAM line reads = L2 misses,
#    writes = L2 writebacks, with equal lines); under saturation (one L2
#    port, gather's random loads missing the D-caches on every core of dual
#    and quad; with the D-cache vecadd no longer contends enough) the
#    round-robin arbiter gives every core a fair share of the contended
#    grants (max/min <= 1.25) while fixed priority starves the last core
#    (its share below half of core 0's): seed 000 fig. 7.8.
# 7. Shared memory: smem_bank with strides 1, 2, 3, 4 under co-simulation on
#    base (4 lanes, 4 banks) costs exactly 0, 1, 0, 3 extra cycles per warp
#    request (the bank-conflict degree minus one); sgemm_tiled (shared-memory
#    tiles) passes under co-simulation on every configuration given.
# 8. The RTL L1 D-cache and coalescer (rtl/weft_dcache.sv, on in every
#    build but NODC=1): kernels pass under co-simulation with it behind the
#    L2 and DRAM models; its counters agree with the harness's (line fills
#    served = misses; with DRAM and no L2, DRAM line reads = fills + the
#    instruction lines, which are at most the I-cache misses, and DRAM line
#    writes = store lines); the coalescer's lines per warp request grow from
#    stride 1 to stride 8 (strided); the pointer chase of ubench_ldchain hits
#    > 90% in the 4 KiB cache.
# 9. The request ready registered at the GPU boundary (weft_gpu IN_REG, its
#    copy of the L2 arbiter checked by the harness every cycle): gather under
#    co-simulation with one contended L2 port (rr, fixed) and a shallow DRAM
#    queue; the harness's missed-schedule sample equals the RTL counter.
# Prints ok/FAIL lines and "N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
CONFIGS="base dual"
KERNELS="$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk) $(sed -n 's/^FKERNELS *:= *//p' sw/sw.mk)"
while [[ $# -gt 0 ]]; do
    case $1 in
    --configs) CONFIGS=$2; shift 2 ;;
    --kernels) KERNELS=$2; shift 2 ;;
    *) echo "usage: $0 [--configs LIST] [--kernels LIST]" >&2; exit 2 ;;
    esac
done
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
V="--kernel vecadd --size 4096 --dram"
run vecadd-dram $S $V --perf-json "$OUT/vecadd.json" &&
run ldchain-dram $S --kernel ubench_ldchain --dram --bpr on --perf-json "$OUT/ldchain.json" &&
run ldchain-smallrow $S --kernel ubench_ldchain --dram --bpr on --dram-row 32 --perf-json "$OUT/smallrow.json" &&
run vecadd-narrow $S $V --dram-bw 2 --perf-json "$OUT/narrow.json" &&
run vecadd-1bank $S $V --dram-banks 1 --perf-json "$OUT/1bank.json" &&
run vecadd-q4 $S $V --dram-queue 4 --perf-json "$OUT/q4.json" &&
run vecadd-q256 $S $V --dram-queue 256 --perf-json "$OUT/q256.json" && {
    msg=$(python3 - "$OUT" <<'PY'
import json, sys
o = sys.argv[1]
v, ld, sr, n, b1, q4, q256 = (json.load(open("%s/%s.json" % (o, k))) for k in
                              ("vecadd", "ldchain", "smallrow", "narrow", "1bank", "q4", "q256"))
ok = True
def hit(d):
    x = d["dram"]; a = x["row_hits"] + x["row_empty"] + x["row_conflicts"]
    return 100.0 * x["row_hits"] / a
def mstruct(d):
    return 100.0 * sum(c["cpi_units"]["memory_structural"] for c in d["cores"]) / (d["cpi_unit"] * d["cycles"])
for d in (v, ld, sr, n, b1, q4, q256):
    x = d["dram"]
    if x["bytes_read"] != x["reads"] * x["line"] or x["bytes_written"] != x["writes"] * x["line"]:
        print("bytes != accesses x line"); ok = False
    if x["row_hits"] + x["row_empty"] + x["row_conflicts"] != x["reads"] + x["writes"]:
        print("row outcomes != accesses"); ok = False
    if x["reads"] and x["read_latency_sum"] < x["reads"] * (x["tcl"] + -(-x["line"] // x["bw"])):
        print("average read latency below tCL + transfer"); ok = False
    if d["kernel"] == "vecadd" and d["warp_instrs"] != v["warp_instrs"]:
        print("the DRAM parameters changed the instruction count"); ok = False
print("row hits: ubench_ldchain %.1f%% (%.1f%% with one-line rows), vecadd %.1f%%; bus busy %.1f%% -> %.1f%% at 2 B/cycle, cycles %d -> %d; "
      "1 bank %d cycles; memory structural %.1f%% with a 4-deep queue, %.1f%% with 256" %
      (hit(ld), hit(sr), hit(v), 100.0 * v["dram"]["busy_cycles"] / v["cycles"], 100.0 * n["dram"]["busy_cycles"] / n["cycles"],
       v["cycles"], n["cycles"], b1["cycles"], mstruct(q4), mstruct(q256)))
if not hit(ld) > hit(sr) + 20: print("one-line rows do not lower the row-hit rate"); ok = False
if not (n["cycles"] > v["cycles"] and n["dram"]["busy_cycles"] / n["cycles"] > v["dram"]["busy_cycles"] / v["cycles"]):
    print("a narrower bus is not slower / busier"); ok = False
if not b1["cycles"] > v["cycles"]: print("one bank is not slower than eight"); ok = False
if not mstruct(q4) > mstruct(q256): print("a shallower queue does not add memory structural stalls"); ok = False
sys.exit(0 if ok else 1)
PY
)
    if [[ $? -eq 0 ]]; then ok dram-counters-and-trends "$msg"; else bad dram-counters-and-trends "$msg"; fi
}
# atomics and dynamic block distribution
for c in $CONFIGS; do
    for b in static dynamic; do
        for k in atomics imbal; do
            run "$k-$b-$c" build/$c/weft-sim --kernel $k --cosim --blocks $b && ok "$k-$b-$c" "$(grep -E '^  cycles' "$OUT/$k-$b-$c.log" | tr -s ' ')"
        done
    done
    for k in vecadd psum; do
        run "dynamic-$k-$c" build/$c/weft-sim --kernel $k --cosim --blocks dynamic && ok "dynamic-$k-$c" "$(grep -E '^  cycles' "$OUT/dynamic-$k-$c.log" | tr -s ' ')"
    done
done
for shape in "1 1 1" "1 4 4" "2 4 4" "4 2 8" "1 8 32"; do
    set -- $shape
    run "atomics-model-$1x$2x$3" build/model/weft-sim --engine model --kernel atomics --cores $1 --warps $2 --threads $3 &&
        ok "atomics-model-$1x$2x$3" ""
done
if [[ -x build/dual/weft-sim ]]; then
    run imbal-static-dual build/dual/weft-sim --kernel imbal --perf-json "$OUT/imbal-static.json" &&
    run imbal-dynamic-dual build/dual/weft-sim --kernel imbal --blocks dynamic --perf-json "$OUT/imbal-dynamic.json" && {
        msg=$(python3 - "$OUT" <<'PY'
import json, sys
s, d = (json.load(open("%s/imbal-%s.json" % (sys.argv[1], k))) for k in ("static", "dynamic"))
def idle(x):   # idle share of the emptier core, percent of the run
    return max(100.0 * c["cpi_units"]["idle"] / (x["cpi_unit"] * x["cycles"]) for c in x["cores"])
print("imbal on dual: static %d cycles (emptier core %.1f%% idle), dynamic %d cycles (%.1f%% idle), speed-up %.2fx"
      % (s["cycles"], idle(s), d["cycles"], idle(d), s["cycles"] / d["cycles"]))
sys.exit(0 if d["cycles"] < s["cycles"] and idle(s) > 50 and idle(d) < 5 else 1)
PY
)
        if [[ $? -eq 0 ]]; then ok dynamic-removes-idle "$msg"; else bad dynamic-removes-idle "$msg"; fi
    }
fi
# shared memory: bank conflicts
for st in 1:0 2:1 3:0 4:3; do
    stride=${st%:*}; want=${st#*:}
    run "smem-bank-stride$stride" $S --kernel smem_bank --size $stride --cosim --perf-json "$OUT/smem$stride.json" && {
        got=$(field "$OUT/smem$stride.json" 'd["smem"]["conflict_cycles"] / d["smem"]["requests"]')
        if [[ $got == "$want.0" ]]; then ok "smem-bank-stride$stride" "$got extra cycles per request ($(field "$OUT/smem$stride.json" 'd["smem"]["requests"]') requests)"
        else bad "smem-bank-stride$stride" "$got extra cycles per request, expected $want"; fi
    }
done
for c in $CONFIGS; do
    run "sgemm-tiled-$c" build/$c/weft-sim --kernel sgemm_tiled --cosim && ok "sgemm-tiled-$c" "$(grep -E '^  (cycles|shared)' "$OUT/sgemm-tiled-$c.log" | tr -s ' ' | tr '\n' ' ')"
done
# L1 D-cache and coalescer (RTL)
for c in $CONFIGS; do
    run "dcache-l2-dram-vecadd-$c" build/$c/weft-sim --kernel vecadd --cosim --l2 --dram &&
        ok "dcache-l2-dram-vecadd-$c" "$(grep -E '^  cycles' "$OUT/dcache-l2-dram-vecadd-$c.log" | tr -s ' ')"
done
run dcache-stride1 $S --kernel strided --size 1 --perf-json "$OUT/st1.json" &&
run dcache-stride8 $S --kernel strided --size 8 --perf-json "$OUT/st8.json" &&
run dcache-chase $S --kernel ubench_ldchain --dram --perf-json "$OUT/chase.json" && {
    msg=$(python3 - "$OUT" <<'PY'
import json, sys
o = sys.argv[1]
d = {k: json.load(open("%s/%s.json" % (o, k))) for k in ("st1", "st8", "chase")}
s1, s8, ch = (d[k]["dcache"] for k in ("st1", "st8", "chase"))
x = d["chase"]["dram"]
icm = sum(c["counters"]["icache_misses"] for c in d["chase"]["cores"])
ok = all(v["fills"] == v["load_misses"] and v["load_misses"] + v["load_merges"] <= v["load_lines"]
         and v["load_lines"] + v["store_lines"] >= v["warp_requests"] for v in (s1, s8, ch))
ok = ok and ch["fills"] <= x["reads"] <= ch["fills"] + icm and x["writes"] == ch["store_lines"]
lpr = lambda v: (v["load_lines"] + v["store_lines"]) / v["warp_requests"]
hr = lambda v: 100.0 * (v["load_lines"] - v["load_misses"] - v["load_merges"]) / v["load_lines"]
print("lines per warp request: stride 1 %.2f, stride 8 %.2f; ubench_ldchain hits %.1f%%, %d fills, "
      "DRAM %d reads (I-cache misses %d), %d writes = %d store lines"
      % (lpr(s1), lpr(s8), hr(ch), ch["fills"], x["reads"], icm, x["writes"], ch["store_lines"]))
ok = ok and lpr(s8) > lpr(s1) and hr(ch) > 90
sys.exit(0 if ok else 1)
PY
)
    if [[ $? -eq 0 ]]; then ok dcache-counters-and-trends "$msg"; else bad dcache-counters-and-trends "$msg"; fi
}
# shared L2 and its arbiter
for c in $CONFIGS; do
    for k in vecadd psum atomics; do
        run "l2-$k-$c" build/$c/weft-sim --kernel $k --cosim --l2 --dram && ok "l2-$k-$c" "$(grep -E '^  cycles' "$OUT/l2-$k-$c.log" | tr -s ' ')"
    done
done
run l2-counters $S --kernel vecadd --size 4096 --l2 --l2-size 8192 --dram --perf-json "$OUT/l2.json" && {
    msg=$(python3 - "$OUT/l2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); l, x = d["l2"], d["dram"]
r = l["line"] // x["line"]
print("L2 %d accesses, %d misses, %d writebacks; DRAM %d reads, %d writes (line ratio %d)"
      % (l["accesses"], l["misses"], l["writebacks"], x["reads"], x["writes"], r))
ok = x["reads"] == l["misses"] * r and x["writes"] == l["writebacks"] * r and l["hits"] + l["misses"] == l["accesses"]
ok = ok and l["writebacks"] > 0 and l["misses"] > 0
sys.exit(0 if ok else 1)
PY
)
    if [[ $? -eq 0 ]]; then ok l2-dram-counters-agree "$msg"; else bad l2-dram-counters-agree "$msg"; fi
}
for c in dual quad; do
    [[ -x build/$c/weft-sim ]] || continue
    # --size 16384: with the skewed stacks (docs/memory.md "Stack layout")
    # gather's default 4096 elements no longer saturate the port (573
    # contended cycles on dual); four times the elements do (2577).
    run "l2-fair-rr-$c" build/$c/weft-sim --kernel gather --size 16384 --l2 --arbiter rr --perf-json "$OUT/fair-rr-$c.json" &&
    run "l2-fair-fixed-$c" build/$c/weft-sim --kernel gather --size 16384 --l2 --arbiter fixed --perf-json "$OUT/fair-fixed-$c.json" && {
        msg=$(python3 - "$OUT/fair-rr-$c.json" "$OUT/fair-fixed-$c.json" <<'PY'
import json, sys
rr, fx = (json.load(open(f)) for f in sys.argv[1:3])
def share(d):
    g = d["l2"]["grants_contended"]; s = sum(g)
    return [100.0 * v / s for v in g]
def idle(d):
    return [100.0 * c["cpi_units"]["idle"] / (d["cpi_unit"] * d["cycles"]) for c in d["cores"]]
a, b = share(rr), share(fx)
print("contended shares rr %s (%d cycles, idle %s), fixed %s (%d cycles, idle %s)" % (
      "/".join("%.1f" % v for v in a), rr["cycles"], "/".join("%.1f" % v for v in idle(rr)),
      "/".join("%.1f" % v for v in b), fx["cycles"], "/".join("%.1f" % v for v in idle(fx))))
ok = rr["l2"]["contended_cycles"] > 1000 and min(a) > 0 and max(a) / min(a) <= 1.25 and b[-1] < b[0] / 2
sys.exit(0 if ok else 1)
PY
)
        if [[ $? -eq 0 ]]; then ok "l2-arbiter-fair-$c" "$msg"; else bad "l2-arbiter-fair-$c" "$msg"; fi
    }
done
# 9. Request ready registered at the GPU boundary (issue 17, tenth
# session): the harness presents each port's availability a cycle early and
# weft_gpu replicates the L2 port arbiter; the harness compares the ready
# the RTL saw with its own arbiter's grant every cycle (a difference ends the
# run with an internal error, exit 9). Under back-pressure and contention
# (one or two L2 ports, a shallow DRAM queue, both arbiters) the runs pass
# under co-simulation, the ports were contended, and the summary's missed
# schedules (sampled by the harness before the clock edge) equal the RTL
# counter missed_schedule_cycles: with a combinational ready the sample saw
# the previous cycle's ready and differed under --dram.
for c in $CONFIGS; do
    for o in "--l2 --l2-ports 1 --arbiter rr --dram --dram-queue 4" "--l2 --l2-ports 1 --arbiter fixed --dram" "--dram --dram-queue 2"; do
        n="ready-reg-$c-$(echo "$o" | tr -d ' -' | cut -c1-40)"
        run "$n" build/$c/weft-sim --kernel gather --size 2048 --cosim $o --perf-json "$OUT/$n.json" && {
            msg=$(python3 - "$OUT/$n.json" "$OUT/$n.log" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
m = re.search(r"^  missed sched\.\s+(\d+)", open(sys.argv[2]).read(), re.M)
harness = int(m.group(1)) if m else -1
counter = sum(c["counters"]["missed_schedule_cycles"] for c in d["cores"])
l2 = d.get("l2") or {}
busy = l2.get("contended_cycles", 0) if l2 else d["dram"]["reads"]
print("missed sched. harness %d, counter %d; %s %d" % (harness, counter, "L2 contended cycles" if l2 else "DRAM reads", busy))
sys.exit(0 if harness == counter and harness > 0 and busy > 0 else 1)
PY
)
            if [[ $? -eq 0 ]]; then ok "$n" "$msg"; else bad "$n" "$msg"; fi
        }
    done
done
$S --kernel vecadd --l2 --l2-size 1000 > "$OUT/bad-l2.log" 2>&1
rc=$?
if [[ $rc -eq 2 ]] && grep -q "l2-size 1000 must be" "$OUT/bad-l2.log"; then ok l2-bad-parameters "exit 2"; else bad l2-bad-parameters "exit $rc"; fi
# bad --blocks value: a clear error, exit 2
$S --kernel vecadd --blocks sometimes > "$OUT/bad-blocks.log" 2>&1
rc=$?
if [[ $rc -eq 2 ]] && grep -q "blocks takes static or dynamic" "$OUT/bad-blocks.log"; then ok blocks-bad-value "exit 2"; else bad blocks-bad-value "exit $rc"; fi
# bad DRAM parameters: a clear error, exit 2
$S --kernel vecadd --dram --dram-line 3 > "$OUT/bad.log" 2>&1
rc=$?
if [[ $rc -eq 2 ]] && grep -q "power-of-two line" "$OUT/bad.log"; then ok dram-bad-parameters "exit 2"; else bad dram-bad-parameters "exit $rc"; fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]] || { echo "failed: ${failed[*]}"; exit 1; }
