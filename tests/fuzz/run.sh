#!/usr/bin/env bash
# tests/fuzz/run.sh - run the in-process fuzz target (tests/fuzz/fuzz_weft.c).
#
#   tests/fuzz/run.sh FUZZER SECONDS [MIN_EXEC_PER_CPU_S]
#
# SECONDS 0: every file of tests/fuzz/corpus (the seeds) and tests/fuzz/crashes
# (reproducers of fixed findings) once, each must run clean.
# SECONDS > 0: fuzz for that long (libFuzzer, ASan + UBSan; new inputs in
# build/fuzz/corpus, a finding in build/fuzz/crash-*), then report the
# executions, the rate per wall second (libFuzzer's) and per CPU second of
# the process (load-independent), and what the inputs exercised. With
# MIN_EXEC_PER_CPU_S, a lower CPU rate fails. Ends with "N passed, M failed".
set -u
FUZZER=${1:?usage: tests/fuzz/run.sh FUZZER SECONDS [MIN_EXEC_PER_CPU_S]}
SECS=${2:?seconds}
MIN=${3:-0}
DIR=tests/fuzz
OUT=build/fuzz
mkdir -p "$OUT/corpus"
pass=0
fail=0
ok() { echo "  ok    $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL  $1: $2"; fail=$((fail + 1)); }
[ -x "$FUZZER" ] || { echo "missing $FUZZER (make fuzz)"; echo "0 passed, 1 failed"; exit 1; }

if [ "$SECS" = 0 ]; then
    for f in "$DIR"/corpus/* "$DIR"/crashes/*; do
        [ -f "$f" ] || continue
        n=fuzz-replay-$(basename "$(dirname "$f")")-$(basename "$f")
        if "$FUZZER" -runs=1 "$f" >"$OUT/$n.log" 2>&1; then ok "$n"
        else bad "$n" "$(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$OUT/$n.log")"; fi
    done
else
    log=$OUT/fuzz-$SECS.log
    rm -f "$OUT"/crash-* "$OUT"/leak-* "$OUT"/timeout-* "$OUT"/oom-*
    # -timeout: one input running 10 s is a hang; -rss_limit_mb: a leak or a
    # runaway allocation is a finding
    /usr/bin/time -f "cpu %U %S" -o "$OUT/fuzz-time.txt" \
        "$FUZZER" -max_total_time="$SECS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$OUT/" "$OUT/corpus" "$DIR/corpus" >"$log" 2>&1
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    wall_rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cpu=$(awk '/^cpu/ {print $2 + $3}' "$OUT/fuzz-time.txt")
    cpu_rate=$(awk -v n="${execs:-0}" -v c="${cpu:-0}" 'BEGIN { printf "%d", (c > 0 ? n / c : 0) }')
    echo "fuzz: ${execs:-?} executions in $SECS s ($cpu s CPU): $wall_rate per wall second, $cpu_rate per CPU second"
    grep -m1 '^fuzz_weft:' "$log"
    grep -m1 -E '^#[0-9]+ +DONE' "$log"
    if [ $rc != 0 ] || ls "$OUT"/crash-* "$OUT"/leak-* "$OUT"/timeout-* "$OUT"/oom-* >/dev/null 2>&1; then
        bad fuzz-clean "exit $rc: $(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$log"); findings: $(ls "$OUT" | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')"
    else
        ok fuzz-clean
    fi
    if [ "$MIN" -gt 0 ]; then
        [ "${cpu_rate:-0}" -ge "$MIN" ] && ok "fuzz-rate ($cpu_rate >= $MIN per CPU second)" ||
            bad fuzz-rate "$cpu_rate executions per CPU second, below $MIN"
    fi
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
