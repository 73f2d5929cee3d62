#!/usr/bin/env bash
# tests/perf/run.sh - the counters, CPI stacks and reports (docs/counters.md).
#
#   tests/perf/run.sh [--configs "base dual ..."] [--kernels "..."]
#
# 1. Every kernel on every configuration: the CPI stack of every core sums to
#    the cycle count exactly and the instruction counters match the commits
#    (tests/perf/check.py sums); stencil also checks the init/dump flow
#    across launches and perf-lock (its host program).
# 2. Warm-up and early exit. 3. The micro-kernels' dominant classes.
# 4. The report tool writes its table and PNGs. 5. Bad paths.
# Prints "ok/FAIL name" lines and "N passed, M failed"; exit 1 on a failure.
set -u
cd "$(dirname "$0")/../.."
CONFIGS="base dual"
KERNELS=$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk)
while [[ $# -gt 0 ]]; do
    case $1 in
    --configs) CONFIGS=$2; shift 2 ;;
    --kernels) KERNELS=$2; shift 2 ;;
    *) echo "usage: $0 [--configs LIST] [--kernels LIST]" >&2; exit 2 ;;
    esac
done
OUT=build/test-perf
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0; failed=()
ok() { pass=$((pass + 1)); printf 'ok    %-44s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); failed+=("$1"); printf 'FAIL  %-44s %s\n' "$1" "$2"; }
# run NAME EXPECTED_RC SIM ARGS...: run weft-sim, check the exit code
run() {
    local name=$1 want=$2; shift 2
    "$@" > "$OUT/$name.log" 2>&1
    local rc=$?
    if [[ $rc -ne $want ]]; then bad "$name" "exit $rc, expected $want ($(head -1 "$OUT/$name.log"))"; return 1; fi
    return 0
}
# chk NAME JSON CHECK...: tests/perf/check.py
chk() {
    local name=$1; shift
    local msg
    if msg=$(python3 tests/perf/check.py "$@" 2>&1); then ok "$name" "$msg"; else bad "$name" "$msg"; fi
}

for c in $CONFIGS; do
    S=build/$c/weft-sim
    [[ -x $S ]] || { bad "build-$c" "$S missing (make sim CONFIG=$c)"; continue; }
    for k in $KERNELS; do
        run "sum-$k-$c" 0 $S --kernel $k --perf-json "$OUT/$k-$c.json" --perf-csv "$OUT/$k-$c.csv" &&
            chk "sum-$k-$c" "$OUT/$k-$c.json" $([[ $k == stencil ]] && echo stack || echo sums)
    done
done

S=build/base/weft-sim
run warmup 0 $S --kernel vecadd --warmup-cycles 5000 --perf-json "$OUT/warmup.json" && chk warmup "$OUT/warmup.json" warmup 5000
run early-exit 6 $S --kernel psort --max-cycles 50000 --perf-json "$OUT/early.json" && chk early-exit "$OUT/early.json" early 50000

# Micro-kernels: the class each is built to show.
# ubench_ldchain's 4 KiB table fits the 4 KiB L1 D-cache, where the chase
# hits 95% after its first pass; 32 steps keep it to the cold misses, where
# memory data is the largest class (about 32%; before the D-cache, 256 steps
# and more than half).
run ub-ldchain 0 $S --kernel ubench_ldchain --size 32 --mem-latency 100 --bpr on --perf-json "$OUT/ub-ldchain.json" &&
    chk ub-ldchain-memory-data "$OUT/ub-ldchain.json" largest memory_data 25
run ub-alu 0 $S --kernel ubench_alu --perf-json "$OUT/ub-alu.json" && chk ub-alu-base "$OUT/ub-alu.json" largest base 70
run ub-bar 0 $S --kernel ubench_bar --perf-json "$OUT/ub-bar.json" &&
    chk ub-bar-sync "$OUT/ub-bar.json" largest-stall sync_control 15
run ub-straight 0 $S --kernel ubench_straight --perf-json "$OUT/ub-straight.json" &&
    chk ub-straight-stall-fe "$OUT/ub-straight.json" largest-stall sync_control 10
# Ready issue never misses a schedule: the class is empty.
run ready-issue 0 $S --kernel conv3 --issue-ready ready --fetch-policy lrr --perf-json "$OUT/ready.json" &&
    chk ready-no-missed-schedule "$OUT/ready.json" atmost missed_schedule 0

# Issue 5 invariant: SWaS reports no scheduling error (osched2) on any
# kernel, under co-simulation, with its NOPs outside the instruction counts
# (the sums check); the same kernels without SWaS (pnt, the paper's baseline)
# do have errors, so the check can fail.
for k in $KERNELS; do
    run swas-$k 0 $S --kernel $k --swas on --issue-policy gtlrr --cosim --perf-json "$OUT/swas-$k.json" &&
        chk swas-sums-$k "$OUT/swas-$k.json" $([[ $k == stencil ]] && echo stack || echo sums) &&
        chk swas-no-errors-$k "$OUT/swas-$k.json" counter osched2_errors eq 0
done
run swas-ready 0 $S --kernel conv3 --swas on --issue-policy gtlo --issue-ready ready --cosim --perf-json "$OUT/swas-ready.json" &&
    chk swas-ready-no-errors "$OUT/swas-ready.json" counter osched2_errors eq 0
run swas-nops 0 $S --kernel psort --swas on --perf-json "$OUT/swas-nops.json" &&
    chk swas-has-nops "$OUT/swas-nops.json" counter swas_nops gt 0
run pnt-errors 0 $S --kernel psort --frontend pnt --issue-policy gtlrr --fetch-policy gtlrr --oracles on --perf-json "$OUT/pnt-err.json" &&
    chk pnt-has-errors "$OUT/pnt-err.json" counter osched2_errors gt 0
# --oracles (issue 17): auto evaluates the oracles only under SWaS; a run
# that did not evaluate them reports null, not 0, in JSON, CSV and text, and
# its cycles are those of the run with them on (they change no decision).
run pnt-auto 0 $S --kernel psort --frontend pnt --issue-policy gtlrr --fetch-policy gtlrr --perf-json "$OUT/pnt-auto.json" --perf-csv "$OUT/pnt-auto.csv" &&
    chk oracles-auto-null "$OUT/pnt-auto.json" counter osched2_errors null &&
    chk oracles-auto-null-disc "$OUT/pnt-auto.json" counter osched1_discrepancies null
run swas-off 0 $S --kernel psort --swas on --oracles off --perf-json "$OUT/swas-off.json" &&
    chk oracles-off-null "$OUT/swas-off.json" counter osched2_errors null
if [[ -f $OUT/pnt-auto.log && -f $OUT/pnt-errors.log ]]; then
    c_on=$(sed -n 's/^  cycles *\([0-9]*\).*/\1/p' "$OUT/pnt-errors.log")
    c_auto=$(sed -n 's/^  cycles *\([0-9]*\).*/\1/p' "$OUT/pnt-auto.log")
    col=$(head -1 "$OUT/pnt-auto.csv" | tr ',' '\n' | grep -nx osched2_errors | cut -d: -f1)
    v=$(sed -n 2p "$OUT/pnt-auto.csv" | cut -d, -f"${col:-1}")
    if [[ -n $c_on && $c_on == "$c_auto" ]] && grep -q '^  oracles  *not evaluated (--oracles auto)' "$OUT/pnt-auto.log" &&
       [[ -n $col && -z $v ]]; then
        ok oracles-auto-same-cycles "$c_auto cycles with and without the oracles; text and CSV say not evaluated"
    else
        bad oracles-auto-same-cycles "cycles on $c_on auto $c_auto, CSV osched2_errors '$v' (column $col)"
    fi
fi

# Issue 5 invariant: on straight-line code the nss front end never leaves a
# warp waiting in fetch after warm-up (fair fetch, so every warp warms up
# together); the stall front end does, which shows the check can fail.
for fe in nss stall; do
    run straight-$fe 0 $S --bare --elf build/sw/straight.elf --frontend $fe --fetch-policy lrr --timeline "$OUT/straight-$fe.tl"
done
# From cycle 600: until about cycle 545 the warps wait for the D-cache's
# cold misses of the body's first stack loads with full insert queues (no
# ibuffer head and not fetchable, which the timeline counts as state 6).
chk nss-no-control-stalls "$OUT/straight-nss.tl" no-control 600 100
chk stall-has-control-stalls "$OUT/straight-stall.tl" has-control 600 100

# Determinism: the same command gives the same counters: the two JSON files
# are identical but for the output path in the provenance's command line.
same_json() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d.get("provenance", {}).pop("command_line", None)
sys.exit(0 if a == b else 1)
PY
}
run det-a 0 $S --kernel diverge --perf-json "$OUT/det-a.json" && run det-b 0 $S --kernel diverge --perf-json "$OUT/det-b.json" &&
    { if same_json "$OUT/det-a.json" "$OUT/det-b.json"; then ok determinism "identical JSON (but the command line)"; else bad determinism "JSON differs"; fi; }

# Report tool: table, stacked bars, per-core distribution, timeline.
J="$OUT/psort-base.json"
run knob-a 0 $S --kernel psort --issue-ready ready --fetch-policy lrr --perf-json "$OUT/psort-ready.json" &&
run knob-b 0 $S --kernel psort --issue-ready ready --fetch-policy lrr --frontend nss --bpr on \
    --perf-json "$OUT/psort-nss.json" --timeline "$OUT/psort.tl"
rep=("$J" "$OUT/psort-ready.json" "$OUT/psort-nss.json")
[[ -f $OUT/conv3-dual.json ]] && rep+=("$OUT/conv3-base.json" "$OUT/conv3-dual.json")
pngok() { [[ -s $1 ]] && [[ $(head -c 8 "$1" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]]; }
if python3 tools/perf_report.py "${rep[@]}" --png "$OUT/stack.png" --cores-png "$OUT/cores.png" \
        --csv "$OUT/report.csv" > "$OUT/report.txt" 2>&1 && pngok "$OUT/stack.png" && pngok "$OUT/cores.png" &&
        [[ $(wc -l < "$OUT/report.txt") -eq $((${#rep[@]} + 1)) ]]; then
    ok report-stack-png "$(wc -l < "$OUT/report.txt") table lines, $(stat -c %s "$OUT/stack.png") B stack PNG"
else
    bad report-stack-png "$(tail -2 "$OUT/report.txt")"
fi
if python3 tools/perf_report.py --timeline "$OUT/psort.tl" --timeline-png "$OUT/timeline.png" --from 1000 --to 3000 \
        > "$OUT/tl.txt" 2>&1 && pngok "$OUT/timeline.png"; then
    ok report-timeline-png "$(stat -c %s "$OUT/timeline.png") B"
else
    bad report-timeline-png "$(tail -2 "$OUT/tl.txt")"
fi

# Bad input: an unwritable output path fails before the run; the model has
# no counters and the report tool says so.
run bad-json-path 2 $S --kernel vecadd --perf-json /nonexistent/dir/x.json && ok bad-json-path "exit 2"
if [[ -x build/model/weft-sim ]]; then
    run model-json 0 build/model/weft-sim --engine model --kernel vecadd --perf-json "$OUT/model.json" &&
    { python3 tools/perf_report.py "$OUT/model.json" > "$OUT/model-rep.txt" 2>&1; rc=$?
      if [[ $rc -eq 2 ]] && grep -q "no cycle-level counters" "$OUT/model-rep.txt"; then ok model-json-rejected "exit 2"
      else bad model-json-rejected "exit $rc"; fi; }
fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]] || { echo "failed: ${failed[*]}"; exit 1; }
