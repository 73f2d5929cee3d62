#!/usr/bin/env bash
# tests/robust/diag.sh - issue 19, the device-fault remainder: the RTL
# detects a misaligned instruction fetch (D5) like the model, names every
# access fault with the model's words and fields, reports a barrier
# deadlock's waiting warps and pcs, and stops a run that makes no progress
# (--watchdog, exit 13).
#
#   tests/robust/diag.sh [RTL_SIM [MODEL_SIM [ELF_DIR [OUT_DIR]]]]
#
# ELF_DIR holds the tests/model programs (make build/tests/model/NAME.elf).
# Ends with "N passed, M failed".
set -u
RTL=${1:-build/base/weft-sim}
MODEL=${2:-build/model/weft-sim}
TM=${3:-build/tests/model}
OUT=${4:-build/robust-diag}
rm -rf "$OUT" && mkdir -p "$OUT"
pass=0
fail=0
ok() { echo "  ok    $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL  $1: $2"; fail=$((fail + 1)); }

MISFETCH="misfetch_jr misfetch_branch misfetch_wspawn"
FAULTS="fault_lw_misaligned fault_sh_misaligned fault_amo_misaligned fault_lw_oob fault_sw_oob fault_amo_oob
        fault_smem_range fault_smem_atomic fault_smem_mixed fault_smem_store_mixed fault_two_lanes fetch_oob load_oob store_oob store_ram_end half_misaligned"
BARS="bar_exit bar_apart"
for f in "$RTL" "$MODEL"; do
    [ -x "$f" ] || { echo "missing $f"; echo "0 passed, 1 failed"; exit 1; }
done
for n in $MISFETCH $FAULTS $BARS wd_div load_ram_end; do
    [ -e "$TM/$n.elf" ] || { echo "missing $TM/$n.elf (make $TM/$n.elf)"; echo "0 passed, 1 failed"; exit 1; }
done

# failline SIM ELF ARGS...: runs a bare program; sets rc and line (the FAIL text)
failline() {
    local sim=$1 elf=$2
    shift 2
    "$sim" --bare --elf "$elf" "$@" >"$OUT/last.log" 2>&1
    rc=$?
    line=$(sed -n 's/^FAIL (\(.*\))$/\1/p' "$OUT/last.log" | head -1)
}

# same NAME CODE: both engines exit CODE and say the same (the rtl engine
# adds ", cycle N" inside the parentheses)
same() {
    local n=$1 code=$2 m r
    failline "$MODEL" "$TM/$n.elf"
    local mrc=$rc
    m=$line
    failline "$RTL" "$TM/$n.elf"
    r=$(sed 's/, cycle [0-9]*)/)/; s/, cycle [0-9]*;/;/' <<<"$line")
    if [ "$mrc" != "$code" ] || [ "$rc" != "$code" ]; then bad "$n" "exit model $mrc rtl $rc, expected $code"
    elif [ -z "$m" ] || [ "$m" != "$r" ]; then bad "$n" "messages differ:"$'\n'"        model: $m"$'\n'"        rtl:   $line"
    elif ! grep -q ", cycle [0-9]" <<<"$line"; then bad "$n" "the rtl message names no cycle: $line"
    else ok "$n"; fi
}

echo "D5: a jump or branch to a pc that is not a multiple of 4 (both engines, exit 5, same message)"
for n in $MISFETCH; do same "$n" 5; done
# co-simulation: the RTL stops at the fetch before any mismatch
failline "$RTL" "$TM/misfetch_jr.elf" --cosim
[ $rc = 5 ] && grep -q "misaligned instruction fetch" <<<"$line" && ok misfetch-cosim || bad misfetch-cosim "exit $rc: $line"
# the other front ends and SWaS (a predicted-not-taken branch, NOP-filled buffers)
for opts in "--frontend nss" "--frontend pnt --stall-table 128" "--swas on"; do
    n="misfetch-$(tr -d ' -' <<<"$opts")"
    # shellcheck disable=SC2086
    failline "$RTL" "$TM/misfetch_branch.elf" $opts
    [ $rc = 5 ] && grep -q "misaligned instruction fetch at pc 0x8000000a (core 0, warp 0," <<<"$line" &&
        ok "$n" || bad "$n" "exit $rc: $line"
done

echo "access faults: load, store or atomic, lane, warp, core, address, pc, cause (both engines)"
for n in $FAULTS; do same "$n" 5; done
# the fields the model names are all in the rtl message (not only equal)
failline "$RTL" "$TM/fault_sh_misaligned.elf"
grep -Eq "^misaligned sh at address 0x[0-9a-f]{8} \(core 0, warp 0, thread 2, pc 0x[0-9a-f]{8}, cycle [0-9]+\)$" <<<"$line" &&
    ok fault-fields || bad fault-fields "$line"
# an out-of-range load in the cacheable range: the line fill names no warp
failline "$RTL" "$TM/load_ram_end.elf"
[ $rc = 5 ] && grep -q "out-of-range load: L1 D-cache line fill at 0x84000000 (core 0," <<<"$line" &&
    ok fault-dcache-fill || bad fault-dcache-fill "exit $rc: $line"

echo "barrier deadlock: the waiting warps and the pcs of their barriers (both engines, exit 7)"
for n in $BARS; do
    failline "$MODEL" "$TM/$n.elf"
    mrc=$rc
    mw=$(sed -n 's/.*waiting:\(.*\)/\1/p' <<<"$line" | sed 's/@bar[0-9]*//g')
    failline "$RTL" "$TM/$n.elf"
    rw=$(sed -n 's/.*waiting:\(.*\)/\1/p' <<<"$line")
    if [ $mrc != 7 ] || [ $rc != 7 ]; then bad "$n" "exit model $mrc rtl $rc, expected 7"
    elif [ -z "$mw" ] || [ "$mw" != "$rw" ]; then bad "$n" "waiting warps differ: model '$mw' rtl '$rw'"
    elif ! grep -q "barrier deadlock on core 0: every active warp waits at a barrier" <<<"$line"; then bad "$n" "$line"
    else ok "$n"; fi
done

echo "watchdog: no commit for N cycles stops the run (rtl, exit 13) with each warp's state and pc"
n=wd-fires
"$RTL" --bare --elf "$TM/wd_div.elf" --watchdog 20 --perf-json "$OUT/$n.json" >"$OUT/$n.log" 2>&1
rc=$?
if [ $rc != 13 ]; then bad $n "exit $rc, expected 13"
elif ! grep -q "^FAIL (watchdog: no instruction committed for 20 cycles and memory owes no response" "$OUT/$n.log"; then
    bad $n "no watchdog FAIL line"
elif ! grep -q "active warps: c0 w0 stalled on the scoreboard (.*), last commit pc 0x80000008)$" "$OUT/$n.log"; then
    bad $n "warp 0's state or pc missing: $(grep FAIL "$OUT/$n.log")"
elif ! grep -q "^  core 0 warp 1: not started (no commit in this launch)$" "$OUT/$n.log"; then
    bad $n "no per-warp report on stderr"
elif ! python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d['stop_reason'] == 'watchdog' and d['complete'] is False and d['exit_code'] == 13))" "$OUT/$n.json"; then
    bad $n "perf JSON stop_reason/complete/exit_code"
else ok $n; fi
# the same program runs to its end: without a watchdog, with a longer one, by default
for w in 0 100 default; do
    args=(--watchdog $w)
    [ $w = default ] && args=()
    failline "$RTL" "$TM/wd_div.elf" "${args[@]}"
    [ $rc = 0 ] && grep -q "^PASS" "$OUT/last.log" && ok wd-passes-$w || bad wd-passes-$w "exit $rc"
done
# cycles while memory owes a response do not count: a 3000-cycle memory
# latency with a 100-cycle watchdog, and the DRAM and L2 models
for args in "--mem-latency 3000" "--dram --l2 --mem-latency 500" "--dram --dram-tcl 400"; do
    n="wd-memory-$(tr -d ' -' <<<"$args")"
    # shellcheck disable=SC2086
    "$RTL" --kernel vecadd $args --watchdog 100 >"$OUT/$n.log" 2>&1
    rc=$?
    [ $rc = 0 ] && ok "$n" || bad "$n" "exit $rc: $(grep -m1 FAIL "$OUT/$n.log")"
done
"$RTL" --kernel vecadd --watchdog 0x >"$OUT/wd-bad.log" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "watchdog 0x: expected a number" "$OUT/wd-bad.log" && ok wd-bad-number || bad wd-bad-number "exit $rc"
"$RTL" --help 2>&1 | grep -q -- "--watchdog N" && ok wd-in-help || bad wd-in-help "--help lacks --watchdog"

echo "$pass passed, $fail failed"
[ $fail = 0 ]
