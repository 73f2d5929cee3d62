#!/usr/bin/env bash
# tests/frontend/ii.sh - the front-end throughput knob (make IC_II=N: the
# I-cache accepts a fetch at most every N cycles; docs/architecture.md
# "Front-end throughput").
#
#   tests/frontend/ii.sh II_SIM II [BASE_SIM]
#
# II_SIM is a build of base with IC_II=II > 1 (build/base-icii2/weft-sim),
# BASE_SIM (default build/base/weft-sim) the default build (IC_II 1).
#   1. make: IC_II=2 builds in build/base-icii2, IC_II=1 is the default
#      build, FE=vortex IC_II=3 in build/base-fevortex-icii3; IC_II=0 and
#      IC_II=x are refused (make error naming the variable); II_SIM's
#      Verilator flags carry WEFT_IC_II=II;
#   2. vecadd and psort pass on II_SIM under co-simulation (stall, nss and
#      pnt front ends; SWaS with 0 osched2 errors), and every kernel passes
#      with the default knobs;
#   3. the knob takes effect, checked on the fetch counter (icache_accesses):
#      with the pnt front end and LRR fetch, BASE_SIM fetches in more than
#      1/II of its cycles on vecadd and psort (so the check below is not
#      vacuous: it fails on a build without the knob), and II_SIM in at most
#      ceil(cycles / II) (no two accepted fetches within II cycles), and it
#      takes more cycles.
# Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
IS=${1:?usage: ii.sh II_SIM II [BASE_SIM]}
II=${2:?usage: ii.sh II_SIM II [BASE_SIM]}
BS=${3:-build/base/weft-sim}
OUT=build/test-frontend-ii
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
ok() { pass=$((pass + 1)); printf 'ok    %-36s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); printf 'FAIL  %-36s %s\n' "$1" "$2"; }
errs() { sed -n 's/.* \([0-9]*\) errors (osched2).*/\1/p' "$1" | head -1; }
simbin() { make -s --no-print-directory --eval 'weft-print-simbin: ; @echo $(SIM_BIN)' weft-print-simbin "$@" 2>&1 | tail -1; }
# jget FILE: "icache_accesses cycles" of a perf JSON (core 0)
jget() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["cores"][0]["counters"]["icache_accesses"], d["cycles"])' "$1"; }

# 1. make interface
for t in "build/base-icii2/weft-sim:IC_II=2" "build/base/weft-sim:IC_II=1" \
         "build/base-fevortex-icii3/weft-sim:FE=vortex IC_II=3"; do
    want=${t%%:*}; vars=${t#*:}
    # shellcheck disable=SC2086
    got=$(simbin $vars)
    [ "$got" = "$want" ] && ok "make-dir ${vars// /,}" "$got" || bad "make-dir ${vars// /,}" "got '$got', want '$want'"
done
for v in IC_II=0 IC_II=x; do
    out=$(make -s --no-print-directory "$v" --eval 'x: ; @true' x 2>&1); rc=$?
    if [ $rc -ne 0 ] && grep -qF "IC_II '${v#IC_II=}'" <<< "$out"; then ok "make-refuses $v" "exit $rc: $(tail -1 <<< "$out" | cut -c1-60)"
    else bad "make-refuses $v" "exit $rc: $out"; fi
done
[ -x "$IS" ] || { bad ii-build "$IS missing"; echo "$pass passed, $fail failed"; exit 1; }
got=$(grep -o 'WEFT_IC_II=[0-9]*' "$(dirname "$IS")/vflags.txt" | cut -d= -f2)
[ "$got" = "$II" ] && [ "$II" -gt 1 ] && ok ii-build "WEFT_IC_II=$got" || bad ii-build "WEFT_IC_II '$got', expected $II > 1"

# 2. co-simulation
cbad=""
for k in vecadd psort; do
    for fe in stall nss pnt; do
        "$IS" --kernel "$k" --cosim --frontend "$fe" > "$OUT/$k-$fe.log" 2>&1 || cbad="$cbad $k/$fe(exit $?)"
        head -1 "$OUT/$k-$fe.log" | grep -q '^PASS' || cbad="$cbad $k/$fe"
    done
    "$IS" --kernel "$k" --cosim --swas on --issue-policy gtlrr > "$OUT/$k-swas.log" 2>&1 || cbad="$cbad $k/swas(exit $?)"
    { head -1 "$OUT/$k-swas.log" | grep -q '^PASS' && [ "$(errs "$OUT/$k-swas.log")" = 0 ]; } ||
        cbad="$cbad $k/swas(errors '$(errs "$OUT/$k-swas.log")')"
done
[ -z "$cbad" ] && ok cosim-vecadd-psort "stall, nss, pnt, SWaS (0 osched2 errors) PASS" || bad cosim-vecadd-psort "failed:$cbad (logs in $OUT)"
K=$(make -s --no-print-directory --eval 'k: ; @echo $(KERNELS)' k)
nk=0; dbad=""
for k in $K; do
    nk=$((nk + 1))
    "$IS" --kernel "$k" > "$OUT/$k-default.log" 2>&1 || dbad="$dbad $k(exit $?)"
    head -1 "$OUT/$k-default.log" | grep -q '^PASS' || dbad="$dbad $k"
done
[ -z "$dbad" ] && ok kernels-default "$nk kernels PASS" || bad kernels-default "failed:$dbad (logs in $OUT)"

# 3. the fetch counter: at most one accepted fetch every II cycles
for k in vecadd psort; do
    "$BS" --kernel "$k" --frontend pnt --fetch-policy lrr --perf-json "$OUT/$k-base.json" > "$OUT/$k-base.log" 2>&1
    "$IS" --kernel "$k" --frontend pnt --fetch-policy lrr --perf-json "$OUT/$k-ii.json" > "$OUT/$k-ii.log" 2>&1
    read -r fb cb <<< "$(jget "$OUT/$k-base.json" 2>/dev/null)"
    read -r fx cx <<< "$(jget "$OUT/$k-ii.json" 2>/dev/null)"
    if [ -z "${fb:-}" ] || [ -z "${fx:-}" ]; then bad "fetch-rate-$k" "no perf JSON (logs in $OUT)"; continue; fi
    if [ $((fb * II)) -gt "$cb" ]; then ok "fetch-rate-$k-base" "IC_II 1: $fb fetches in $cb cycles (> 1/$II)"
    else bad "fetch-rate-$k-base" "IC_II 1: $fb fetches in $cb cycles, not above 1/$II: the check below would be vacuous"; fi
    if [ $((fx * II)) -le $((cx + II - 1)) ] && [ "$cx" -gt "$cb" ]; then
        ok "fetch-rate-$k-ii" "IC_II $II: $fx fetches in $cx cycles (<= ceil(cycles/$II); base $cb cycles)"
    else bad "fetch-rate-$k-ii" "IC_II $II: $fx fetches in $cx cycles (limit ceil(cycles/$II)), base $cb cycles"; fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
