#!/usr/bin/env bash
# tests/impl/run.sh - checks of the implementation views (issue 8,
# docs/synthesis.md).
#
# usage: tests/impl/run.sh [--full] [--check-report FILE] [FILTER]
#   (default)  make synth CONFIG=tiny: report.json has the per-module entries
#              (cells, memory bits), the totals add up, report.txt exists
#   --check-report FILE   only the checks of an existing synth report.json
#              (e.g. build/synth/base/report.json, which tests/run.sh's
#              synth group makes anyway): no synthesis, instant
#   --full     also: make ppa CONFIG=tiny (area, Fmax, power, per-module area
#              and power), make fpga-sim (passes; a broken program fails),
#              make fpga (bitstream, utilisation, Fmax), the post-synthesis
#              netlist of tiny behind the harness (vecadd, psum: same result
#              and cycles as the RTL build), make scaling for 4 and 8 lanes
#   FILTER     run only the checks whose name contains FILTER
# Ends with `N passed, M failed`; exits non-zero on a failure. Needs
# `make deps-impl` for --full.
set -u
cd "$(dirname "$0")/../.."
FULL=0; FILTER=""; REPORT=""
while [ $# -gt 0 ]; do
    case $1 in
    --full) FULL=1 ;;
    --check-report) REPORT=$2; shift ;;
    -h | --help) sed -n '2,19p' "$0"; exit 0 ;;
    *) FILTER=$1 ;;
    esac
    shift
done
LOG=build/test-logs/impl
mkdir -p "$LOG"
pass=0; fail=0; failed=()
want() { [[ -z $FILTER || $1 == *$FILTER* ]]; }
check() {
    local name=$1 t0 t1
    shift
    want "$name" || return 0
    t0=$(date +%s)
    if "$@" > "$LOG/$name.log" 2>&1; then
        t1=$(date +%s); pass=$((pass + 1)); printf 'ok    %-32s %5ss\n' "$name" $((t1 - t0))
    else
        t1=$(date +%s); fail=$((fail + 1)); failed+=("$name")
        printf 'FAIL  %-32s %5ss  (log: %s)\n' "$name" $((t1 - t0)) "$LOG/$name.log"
        tail -8 "$LOG/$name.log" | sed 's/^/        /'
    fi
}

check_report() {
    python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
mods = {m['module']: m for m in r['modules']}
need = ['weft_gpu', 'weft_core', 'weft_regfile', 'weft_icache', 'weft_alu', 'weft_muldiv', 'weft_lsu',
        'weft_decode', 'weft_fetch', 'weft_scoreboard']
missing = [n for n in need if n not in mods]
assert not missing, f"modules missing from report.json: {missing}"
for m in r['modules']:
    for k in ('instances', 'cells', 'cells_hier', 'mem_bits', 'cells_by_type'):
        assert k in m, f"{m['module']}: no {k}"
tot = sum(m['cells'] * m['instances'] for m in r['modules'])
assert tot == r['total']['cells'] > 0, f"module cells add up to {tot}, total {r['total']['cells']}"
assert mods['weft_gpu']['cells_hier'] == r['total']['cells']
assert mods['weft_regfile']['mem_bits'] > 0 and mods['weft_icache']['mem_bits'] > 0, "memory bits missing"
assert r['total']['mem_bits'] == sum(m['mem_bits'] * m['instances'] for m in r['modules'])
print(f"ok: {len(r['modules'])} modules, {r['total']['cells']} cells, {r['total']['mem_bits']} memory bits")
PY
}
synth_json() {
    make -s synth CONFIG=tiny || return 1
    check_report build/synth/tiny/report.json && test -s build/synth/tiny/report.txt
}
if [[ -n $REPORT ]]; then
    check synth-report-json check_report "$REPORT"
    echo "$pass passed, $fail failed"
    [[ $fail -eq 0 ]]
    exit
fi
check synth-tiny-json synth_json

if [[ $FULL == 1 ]]; then
    ppa_tiny() {
        make -s ppa CONFIG=tiny || return 1
        python3 - build/ppa/tiny/report.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r['area_um2']['std_cells'] > 0
assert r['timing']['fmax_mhz'] and r['timing']['fmax_mhz'] > 1
assert r['power_w']['total'] > 0
mods = {m['module']: m for m in r['modules']}
assert mods['weft_regfile']['area_um2'] > 0 and mods['weft_icache']['power_mw'] > 0
s = sum(m['area_all_instances_um2'] for m in r['modules'])
assert abs(s - r['area_um2']['std_cells']) < 1e-3 * s, (s, r['area_um2'])
p = sum(m['power_mw'] for m in r['modules'])
assert abs(p - r['power_w']['total'] * 1e3) < 0.02 * p, (p, r['power_w'])
print(f"ok: {r['area_um2']['std_cells']:.0f} um2, {r['timing']['fmax_mhz']} MHz, {r['power_w']['total']*1e3:.2f} mW")
PY
    }
    check ppa-tiny ppa_tiny
    check fpga-sim make -s fpga-sim
    # The same top with a program that computes a wrong expectation must fail.
    fpga_sim_fail() {
        local d=build/fpga-broken
        make -s FPGA_OUT=$d FPGA_SW_CFLAGS=-DSELFTEST_BREAK $d/sim/fpga-sim || return 1
        ! $d/sim/fpga-sim | tee /dev/stderr | grep -q "fpga-sim: PASS"
    }
    check fpga-sim-detects-failure fpga_sim_fail
    fpga_bit() {
        make -s fpga || return 1
        test -s build/fpga/weft_fpga.bit && grep -q "LUT4" build/fpga/report.txt && grep -q "Fmax" build/fpga/report.txt
    }
    check fpga-bitstream fpga_bit
    netlist_sim() {
        make -s sim kernels CONFIG=tiny || return 1
        make -s netlist-sim CONFIG=tiny || return 1
        local k a b
        for k in vecadd psum; do
            a=$(build/tiny/weft-sim --kernel $k | grep -E "^(PASS|FAIL)|cycles|warp instrs") || return 1
            b=$(build/tiny-netlist/weft-sim --kernel $k | grep -E "^(PASS|FAIL)|cycles|warp instrs") || return 1
            echo "rtl:     $a"; echo "netlist: $b"
            [[ "$a" == "$b" ]] || { echo "netlist differs from RTL on $k"; return 1; }
            [[ "$a" == PASS* ]] || return 1
        done
    }
    check netlist-sim-tiny netlist_sim
    check scaling-4-8 make -s scaling SCALING_THREADS="4 8" SCALING_WARPS=2 SCALING_OUT=build/scaling-test
fi

echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
