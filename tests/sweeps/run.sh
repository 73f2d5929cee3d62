#!/usr/bin/env bash
# tests/sweeps/run.sh - the experiment runner (tools/weft, docs/sweeps.md).
# A 12-point sweep locally: interrupted by SIGINT and by SIGTERM and resumed
# without rerunning finished points (counted in the attempts table); a
# per-point time limit; CSV export, plots and checks; then the same sweep as
# a Slurm job array on a single-node Slurm this script starts on localhost
# (tests/slurm/start.sh; skipped with the reason where it cannot start),
# gathered and compared point by point with the local cycles; the >= 100-point
# demo locally and through Slurm, scancel'ed mid-run and resubmitted.
# Ends with "N passed, M failed". ~1.5 minutes on a loaded 2-core machine.
set -u
cd "$(dirname "$0")/../.."
export PYTHONPATH=$PWD/tools${PYTHONPATH:+:$PYTHONPATH}
W=(python3 -m weft)
OUT=build/test-sweeps
Y=tests/sweeps/small.yaml
rm -rf "$OUT"
mkdir -p "$OUT"
pass=0
fail=0
ok() { echo "ok   $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
t() { local name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
sql() { python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$@"; }
T0=$(date +%s)
if ! python3 -c 'import yaml, matplotlib' 2> /dev/null; then
    echo "FAIL PyYAML or matplotlib missing: make deps-sweep (tools/deps-slurm.sh)"
    echo "0 passed, 1 failed"
    exit 1
fi

# -- expansion and the build
n=$("${W[@]}" expand $Y --count 2> /dev/null)
t "expand: 12 points (got $n)" test "$n" = 12
# every value of every knob (config/weft.yaml) once around a fixed point: 30 knob sets x 3 kernels x 2 configurations
nks=$(( 2 * 3 * ( $(python3 tools/weft_spec.py values fetch_policy | wc -w) + 2 * $(python3 tools/weft_spec.py values issue_policy | wc -w) + 6 + 2 ) ))
t "expand: knobs-subset = $nks runs" test "$("${W[@]}" expand sweeps/knobs-subset.yaml --count 2>/dev/null)" = $nks
# fetch x issue x readiness x front end x BPR x stall table (nss and pnt only) + SWaS x issue x readiness, per kernel
nf=$(python3 tools/weft_spec.py values fetch_policy | wc -w); ni=$(python3 tools/weft_spec.py values issue_policy | wc -w)
nkf=$(( (nf * ni * 20 + ni * 2) * $(sed -n 's/^KERNELS *:= *//p' sw/sw.mk | wc -w) ))
t "expand: knobs-full = $nkf runs per configuration" test "$("${W[@]}" expand sweeps/knobs-full.yaml --axis config=base --count 2>/dev/null)" = $nkf
ND=$("${W[@]}" expand sweeps/demo.yaml --count 2>/dev/null)   # the demo's points (its policy axes say `all`)
t "expand: demo >= 100 points ($ND)" test "${ND:-0}" -ge 100
h1=$("${W[@]}" expand $Y 2>/dev/null | head -1 | cut -d' ' -f1)
h2=$("${W[@]}" expand $Y --axis kernel=vecadd 2>/dev/null | head -1 | cut -d' ' -f1)
t "point ids are stable (same point, other sweep: $h1 $h2)" test "$h1" = "$h2"
nice make -s kernels > "$OUT/build.log" 2>&1 && nice make -s sim CONFIG=base JOBS=${JOBS:-1} >> "$OUT/build.log" 2>&1
t "build base" test -x build/base/weft-sim

# -- the Python API
t "weft.run API (vecadd, gto, cosim)" python3 -c '
import weft
r = weft.run("vecadd", "base", {"fetch_policy": "gto", "bpr": "on"}, size=64, cosim=True, build=False)
assert r["status"] == "PASS" and r["cycles"] > 0 and r["exit_code"] == 0, r
assert abs(sum(r["cpi_" + k] for k in ("base", "idle", "sync_control", "empty_ibuffer", "missed_schedule",
           "memory_data", "memory_structural", "compute_data", "compute_structural")) - r["cycles"]) < 1e-6, r
assert r["git_commit"] and r["tool_verilator"].startswith("Verilator"), r
'

# -- local: interrupt (SIGINT, then SIGTERM) and resume
DB=$OUT/local/results.sqlite
interrupt() {  # interrupt SIGNAL AFTER: run the sweep, send SIGNAL once AFTER more points are recorded
    local sig=$1 after=$2 start
    start=$( [ -f $DB ] && sql $DB "SELECT count(*) FROM results" || echo 0)
    "${W[@]}" sweep $Y -j 1 --no-build --no-progress > "$OUT/int-$sig.log" 2>&1 &
    local pid=$!
    for _ in $(seq 600); do
        sleep 0.1
        kill -0 $pid 2> /dev/null || break
        [ -f $DB ] || continue
        [ "$(sql $DB "SELECT count(*) FROM results" 2>/dev/null || echo 0)" -ge $((start + after)) ] && { kill -$sig $pid; break; }
    done
    wait $pid
    echo $?
}
rc=$(interrupt INT 3)
d1=$(sql $DB "SELECT count(*) FROM results")
t "SIGINT stops the sweep (exit $rc, $d1 of 12 done)" test "$rc" = 130 -a "$d1" -ge 3 -a "$d1" -lt 12
rc=$(interrupt TERM 3)
d2=$(sql $DB "SELECT count(*) FROM results")
t "SIGTERM stops the resumed sweep (exit $rc, $d2 of 12 done)" test "$rc" = 130 -a "$d2" -gt "$d1" -a "$d2" -lt 12
"${W[@]}" sweep $Y -j 2 --no-build > "$OUT/resume.log" 2>&1
rc=$?
t "resume finishes (exit $rc): $(grep -o 'ran [0-9]* points.*done' $OUT/resume.log)" \
    grep -q "ran $((12 - d2)) points (0 not PASS), skipped $d2 already done" $OUT/resume.log
t "every point ran exactly once to the end" test "$(sql $DB "SELECT count(*) FROM attempts WHERE status != 'interrupted'")" = 12 \
    -a "$(sql $DB "SELECT count(DISTINCT point_id) FROM attempts WHERE status != 'interrupted'")" = 12
t "the resumed sweep's checks: 12 passed, 0 failed" grep -q '^12 passed, 0 failed' $OUT/resume.log
"${W[@]}" sweep $Y -j 2 --no-build > "$OUT/again.log" 2>&1
t "a finished sweep reruns nothing" grep -q "ran 0 points (0 not PASS), skipped 12" $OUT/again.log
t "provenance recorded (commit, command line, tool versions)" test "$(sql $DB "SELECT count(*) FROM results WHERE
    length(git_commit) = 40 AND cmdline LIKE '%weft-sim --kernel%--cosim%' AND tool_verilator LIKE 'Verilator%'
    AND tool_python != '' AND exit_code = 0 AND stop_reason = 'pass'")" = 12

# -- time limit: recorded, not fatal
"${W[@]}" sweep tests/sweeps/timeout.yaml -j 2 --no-build --no-progress > "$OUT/timeout.log" 2>&1
TDB=$OUT/timeout/results.sqlite
t "a point over its time limit is killed and recorded as timeout" \
    test "$(sql $TDB "SELECT status FROM results WHERE point LIKE '%psort%'")" = timeout
t "the other points still run (vecadd PASS)" test "$(sql $TDB "SELECT status FROM results WHERE point LIKE '%vecadd%'")" = PASS
t "a failing point is recorded as FAIL with exit code and reason" test "$(sql $TDB "SELECT status || ' ' || exit_code || ' '
    || stop_reason FROM results WHERE point LIKE '%psum%'")" = "FAIL 6 cycle limit of 100 cycles reached (early exit), kernel not finished; results incomplete"
"${W[@]}" check tests/sweeps/timeout.yaml > "$OUT/timeout-check.log" 2>&1
rc=$?
t "check exits 1 and counts the failures (exit $rc: $(tail -1 $OUT/timeout-check.log))" \
    test $rc = 1 -a "$(tail -1 $OUT/timeout-check.log)" = "1 passed, 2 failed"
"${W[@]}" sweep tests/sweeps/timeout.yaml -j 2 --no-build --no-progress > "$OUT/timeout2.log" 2>&1
t "recorded failures are not rerun" grep -q "ran 0 points (0 not PASS), skipped 3" "$OUT/timeout2.log"

# -- export, plots, check
"${W[@]}" export $Y -o "$OUT/local.csv" 2> /dev/null
t "export CSV: 12 rows + header" test "$(wc -l < "$OUT/local.csv")" = 13
"${W[@]}" plot $Y > "$OUT/plot.log" 2>&1
for f in cpi_stack speedup ipc; do
    t "plot $f.png" test -s "$OUT/local/plots/$f.png"
done
t "check: 12 passed, 0 failed" bash -c "${W[*]} check $Y | tail -1 | grep -q '^12 passed, 0 failed'"

# -- tools/sweep.sh's command line on the runner (vecadd's subset runs on base: nks / 6)
WEFT_RESULTS=$OUT/knobs bash tools/sweep.sh --csv "$OUT/knobs.csv" --kernels vecadd -j 2 base > "$OUT/knobs.log" 2>&1
rc=$?
t "sweep.sh: exit $rc, $(grep passed $OUT/knobs.log)" grep -q "^$((nks / 6)) passed, 0 failed" "$OUT/knobs.log"
t "sweep.sh: tools/sweep.sh's CSV header, $((nks / 6)) rows" test "$(head -1 "$OUT/knobs.csv")" = \
    "config,kernel,fetch,issue,ready,frontend,bpr,stall_table,swas,status,cycles,warp_instrs,ipc,missed,discrepancies,errors,size" \
    -a "$(wc -l < "$OUT/knobs.csv")" = $((nks / 6 + 1))
# -- Slurm: the same sweep as a job array, compared point by point
SDIR=$(mktemp -d /tmp/weft-slurm-test.XXXXXX)
trap 'bash tests/slurm/stop.sh "$SDIR"; rm -rf "$SDIR"' EXIT
if why=$(bash tests/slurm/start.sh "$SDIR" 2>&1); then
    export SLURM_CONF=$SDIR/slurm.conf
    S=$OUT/slurm
    "${W[@]}" sweep $Y --results $S --axis kernel=vecadd --slurm --chunk 3 --wait --no-build -q > "$OUT/slurm1.log" 2>&1
    t "slurm: a first job array runs 4 of the points" grep -q "^4 passed, 0 failed" "$OUT/slurm1.log"
    "${W[@]}" sweep $Y --results $S --slurm --chunk 3 --wait --no-build -q > "$OUT/slurm2.log" 2>&1
    t "slurm: resubmitting submits only the 8 not done" grep -q "12 points, 4 done, 8 to submit" "$OUT/slurm2.log"
    t "slurm: 8 points in 3 array tasks of 3" grep -q "8 points in 3 array tasks of 3" "$OUT/slurm2.log"
    t "slurm: gathered, 12 passed, 0 failed" grep -q "^12 passed, 0 failed" "$OUT/slurm2.log"
    t "slurm: each task wrote its own shard (2 + 3)" test "$(ls $S/shards/*.sqlite | wc -l)" = 5
    "${W[@]}" status $Y --results $S > "$OUT/status.log" 2>&1
    t "status: 12 done, 0 failed, 0 not done" grep -q "12 points: 12 done (PASS), 0 failed, 0 not done" "$OUT/status.log"
    t "slurm runs are tagged with their job and task" test "$(sql $S/results.sqlite "SELECT count(*) FROM results WHERE runner LIKE 'slurm:%'")" = 12
    "${W[@]}" diff $Y --against $S > "$OUT/diff.log" 2>&1
    t "slurm and local: identical status, cycles, warp instrs per point ($(tail -1 $OUT/diff.log))" \
        grep -q "^12 same, 0 differ, 0 missing" "$OUT/diff.log"
    "${W[@]}" sweep $Y --results $S --slurm --no-build > "$OUT/slurm3.log" 2>&1
    t "slurm: a finished sweep submits nothing" grep -q "12 points, 12 done, 0 to submit" "$OUT/slurm3.log"
    # the >= 100-point demo (make sweep-demo) locally and through Slurm: identical results
    "${W[@]}" sweep sweeps/demo.yaml --results $OUT/demo-local -j 2 --no-build --no-progress > "$OUT/demo-local.log" 2>&1
    t "demo locally: $(tail -1 $OUT/demo-local.log)" grep -q "^$ND passed, 0 failed" "$OUT/demo-local.log"
    # through Slurm: scancel'ed mid-run, resubmitted, resumed
    DS=$OUT/demo-slurm
    "${W[@]}" sweep sweeps/demo.yaml --results $DS --slurm --chunk 56 --no-build > "$OUT/demo-slurm1.log" 2>&1
    job=$(sed -n 's/.*submitted job \([0-9]*\).*/\1/p' "$OUT/demo-slurm1.log")
    done1=0
    for _ in $(seq 300); do
        sleep 0.5
        done1=$("${W[@]}" status sweeps/demo.yaml --results $DS 2>/dev/null | sed -n 's/.*points: \([0-9]*\) done.*/\1/p')
        [ "${done1:-0}" -ge 10 ] && break
    done
    scancel "$job"
    for _ in $(seq 100); do [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break; sleep 0.2; done
    done1=$("${W[@]}" status sweeps/demo.yaml --results $DS 2>/dev/null | sed -n 's/.*points: \([0-9]*\) done.*/\1/p')
    t "demo through Slurm: scancel of job $job after $done1 of $ND points" test "${done1:-0}" -ge 10 -a "${done1:-0}" -lt $ND
    "${W[@]}" sweep sweeps/demo.yaml --results $DS --slurm --chunk 16 --wait --no-build -q > "$OUT/demo-slurm.log" 2>&1
    t "demo through Slurm: resubmitted $(($ND - done1)) points, $(grep -o '[0-9]* points in [0-9]* array tasks of [0-9]*' $OUT/demo-slurm.log)" \
        grep -q "$ND points, $done1 done, $(($ND - done1)) to submit" "$OUT/demo-slurm.log"
    t "demo through Slurm: $(tail -1 $OUT/demo-slurm.log)" grep -q "^$ND passed, 0 failed" "$OUT/demo-slurm.log"
    t "demo through Slurm: every point ran once to the end" \
        test "$(sql $DS/results.sqlite "SELECT count(*) FROM attempts WHERE status != 'interrupted'")" = $ND \
        -a "$(sql $DS/results.sqlite "SELECT count(DISTINCT point_id) FROM attempts WHERE status != 'interrupted'")" = $ND
    "${W[@]}" diff sweeps/demo.yaml --results $OUT/demo-local --against $OUT/demo-slurm > "$OUT/demo-diff.log" 2>&1
    t "demo: Slurm and local identical per point ($(tail -1 $OUT/demo-diff.log))" \
        grep -q "^$ND same, 0 differ, 0 missing" "$OUT/demo-diff.log"
else
    echo "SKIP slurm part: the local Slurm cannot start here: $why"
fi
echo "($(( $(date +%s) - T0 )) s)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
