#!/usr/bin/env bash
# tests/fpu/run_host.sh - the reference FP library (sim/model/fp32.c) against
# the host FPU, and the vector generator (tests/fpu/fpvec).
#
# usage: tests/fpu/run_host.sh [--full] [--seed S]
#   default  20,000 vectors per operation and rounding mode (100,000 per op)
#   --full   200,000 per operation and rounding mode (1,000,000 per op)
#
# Prints `PASS name` / `FAIL name` lines (hostcheck's per-op lines and the
# checks below), ends with "N passed, M failed", exits non-zero on failure.
set -u
cd "$(dirname "$0")/../.."
COUNT=20000
SEED=${SEED:-$(( $(date +%s) % 100000 ))}
while [[ $# -gt 0 ]]; do
    case $1 in
    --full) COUNT=200000 ;;
    --seed) SEED=$2; shift ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
    esac
    shift
done
OUT=build/fpu
if [[ $(uname -m) != x86_64 ]]; then
    echo "# the oracle is the x86-64 SSE unit; this host is $(uname -m): nothing checked"
    echo "0 passed, 0 failed"
    exit 0
fi
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "PASS $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; }

if ! make -s $OUT/hostcheck $OUT/fpvec $OUT/fp32_cxx.o; then
    echo "FAIL build"; echo "0 passed, 1 failed"; exit 1
fi
ok "build (hostcheck, fpvec, fp32.c as C++)"
echo "# seed $SEED (replay: $0 --seed $SEED$([[ $COUNT == 200000 ]] && echo ' --full'))"

# 1. random vectors against the host FPU (and the RMM oracle)
log=$OUT/hostcheck.log
$OUT/hostcheck --count $COUNT --seed "$SEED" > "$log" 2>&1
rc=$?
grep -E '^(PASS|FAIL|  |#)' "$log"
p=$(grep -c '^PASS' "$log"); f=$(grep -c '^FAIL' "$log")
pass=$((pass + p)); fail=$((fail + f))
[[ $rc -ne 0 && $f -eq 0 ]] && ko "hostcheck exit $rc"

# 2. vector files: fpvec output checked line by line against the oracle
vf=$OUT/vectors-$SEED.txt
if $OUT/fpvec --seed "$SEED" --count 2000 -o "$vf"; then
    out=$($OUT/hostcheck --count 0 --vectors "$vf" 2>&1)
    if grep -q "^PASS vectors" <<<"$out"; then ok "fpvec-file ($(grep -vc '^#' "$vf") lines)"; else ko "fpvec-file"; grep -E '^  ' <<<"$out" | head -5; fi
else
    ko "fpvec-run"
fi
# same seed -> same file; one op selected -> exactly its lines of "all"
if cmp -s <($OUT/fpvec --seed "$SEED" --count 50) <($OUT/fpvec --seed "$SEED" --count 50); then ok "fpvec-deterministic"; else ko "fpvec-deterministic"; fi
if diff -q <($OUT/fpvec --seed 3 --count 40 | awk '$1 == "07"') <($OUT/fpvec --seed 3 --count 40 --op fdiv | grep -v '^#') > /dev/null; then
    ok "fpvec-op-select"; else ko "fpvec-op-select"; fi
# a corrupted vector must be detected
bad=$OUT/vectors-bad.txt
$OUT/fpvec --seed 9 --count 5 --op fmadd --rm 0 | awk '!/^#/ && !done { $6 = ($6 == "deadbeef") ? "deadbeee" : "deadbeef"; done = 1 } { print }' > "$bad"
if $OUT/hostcheck --count 0 --vectors "$bad" > /dev/null 2>&1; then ko "fpvec-corruption-detected"; else ok "fpvec-corruption-detected"; fi
if $OUT/fpvec --op nosuchop > /dev/null 2>&1; then ko "fpvec-bad-option"; else ok "fpvec-bad-option"; fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
