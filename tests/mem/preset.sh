#!/usr/bin/env bash
# tests/mem/preset.sh - the memory presets (--mem-preset fixed|vortex,
# docs/memory.md "Memory presets").
#
#   tests/mem/preset.sh [RTL_SIM [MODEL_SIM [VORTEX_SIM]]]
#
# RTL_SIM (default build/base/weft-sim):
#   1. vecadd, psort and sgemm pass under co-simulation with --mem-preset
#      vortex, and take a different number of cycles than with the default
#      (fixed) memory: the preset takes effect;
#   2. the perf JSON records the preset and its values (L2 128 KiB,
#      direct-mapped, 64-byte lines; DRAM tCL/tRCD/tRP 16, 16 B/cycle, 16
#      banks, 8 KiB rows, 64-byte lines);
#   3. `--mem-preset vortex --mem-preset fixed` runs exactly as the default
#      (same cycles), and an option after the preset overrides it
#      (--l2-lat 20: JSON lat 20, other cycles);
#   4. an unknown preset is exit 2; the model engine refuses the vortex
#      preset with exit 2 (it has no timing);
# VORTEX_SIM (default build/vortex/weft-sim; skipped with a note when not
# built): 5. with the preset it passes under co-simulation, reports its
#   16 KiB direct-mapped D-cache (512 sets x 1 way) and takes other cycles
#   than RTL_SIM with the same preset (the L1 geometry takes effect); no
#   "note:" about the L1 is printed there, while RTL_SIM prints one.
# Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
S=${1:-build/base/weft-sim}
M=${2:-build/model/weft-sim}
VX=${3:-build/vortex/weft-sim}
OUT=build/test-mem-preset
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
ok() { pass=$((pass + 1)); printf 'ok    %-36s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); printf 'FAIL  %-36s %s\n' "$1" "$2"; }
cyc() { sed -n 's/^  cycles *\([0-9]*\).*/\1/p' "$1" | head -1; }
pj() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if eval(sys.argv[2]) else 1)' "$1" "$2"; }

[ -x "$S" ] || { bad rtl-build "$S missing"; echo "$pass passed, $fail failed"; exit 1; }

for k in vecadd psort sgemm; do
    "$S" --kernel $k > "$OUT/$k-fixed.log" 2>&1
    "$S" --kernel $k --mem-preset vortex --cosim --perf-json "$OUT/$k-vortex.json" > "$OUT/$k-vortex.log" 2> "$OUT/$k-vortex.err"
    rc=$?
    a=$(cyc "$OUT/$k-fixed.log"); b=$(cyc "$OUT/$k-vortex.log")
    if [ $rc -ne 0 ] || ! head -1 "$OUT/$k-vortex.log" | grep -q '^PASS'; then
        bad "vortex-cosim-$k" "exit $rc: $(head -1 "$OUT/$k-vortex.log")"
    elif [ -z "$a" ] || [ -z "$b" ] || [ "$a" = "$b" ]; then
        bad "vortex-cosim-$k" "cycles fixed '$a' vortex '$b': the preset did not take effect"
    else ok "vortex-cosim-$k" "PASS, cycles $a fixed -> $b vortex"; fi
done

J=$OUT/vecadd-vortex.json
if pj "$J" "(d['knobs']['mem_preset'] == 'vortex' and (d['l2']['size'], d['l2']['ways'], d['l2']['line']) == (131072, 1, 64)
        and (d['dram']['tcl'], d['dram']['trcd'], d['dram']['trp'], d['dram']['bw'], d['dram']['banks'], d['dram']['row'],
             d['dram']['line']) == (16, 16, 16, 16, 16, 8192, 64) and d['l2']['accesses'] > 0 and d['dram']['reads'] > 0)"; then
    ok vortex-json-values "L2 and DRAM of table 6.1, both used"
else bad vortex-json-values "$J"; fi

"$S" --kernel vecadd --mem-preset vortex --mem-preset fixed > "$OUT/back.log" 2>&1
[ "$(cyc "$OUT/back.log")" = "$(cyc "$OUT/vecadd-fixed.log")" ] && ok fixed-restores "$(cyc "$OUT/back.log") cycles" \
    || bad fixed-restores "$(cyc "$OUT/back.log") vs $(cyc "$OUT/vecadd-fixed.log")"
"$S" --kernel vecadd --mem-preset vortex --l2-lat 20 --perf-json "$OUT/lat.json" > "$OUT/lat.log" 2>&1
if pj "$OUT/lat.json" "d['l2']['lat'] == 20 and d['l2']['size'] == 131072" && \
   [ "$(cyc "$OUT/lat.log")" != "$(cyc "$OUT/vecadd-vortex.log")" ]; then
    ok later-option-overrides "--l2-lat 20: $(cyc "$OUT/lat.log") cycles"
else bad later-option-overrides "$OUT/lat.json"; fi

"$S" --kernel vecadd --mem-preset dram4 > "$OUT/badname.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "mem-preset takes fixed or vortex" "$OUT/badname.log" && ok bad-preset-name "exit 2" \
    || bad bad-preset-name "exit $rc"
"$M" --engine model --kernel vecadd --mem-preset vortex > "$OUT/model.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "applies to the rtl engine only" "$OUT/model.log" && ok model-refuses "exit 2" || bad model-refuses "exit $rc"
grep -q "note: --mem-preset vortex: .*build's L1" "$OUT/vecadd-vortex.err" && ok l1-note "printed on $S" \
    || bad l1-note "no note about the L1 D-cache on $S"

if [ -x "$VX" ]; then
    "$VX" --kernel vecadd --mem-preset vortex --cosim --perf-json "$OUT/vx.json" > "$OUT/vx.log" 2> "$OUT/vx.err"
    rc=$?
    if [ $rc -ne 0 ]; then bad vortex-build "exit $rc: $(head -1 "$OUT/vx.log")"
    elif ! pj "$OUT/vx.json" "(d['dcache']['sets'], d['dcache']['ways'], d['dcache']['line']) == (512, 1, 32)"; then
        bad vortex-build "D-cache geometry in $OUT/vx.json"
    elif grep -q "^note:" "$OUT/vx.err"; then bad vortex-build "note printed on the vortex build"
    elif [ "$(cyc "$OUT/vx.log")" = "$(cyc "$OUT/vecadd-vortex.log")" ]; then
        bad vortex-build "same cycles as $S: the L1 geometry did not take effect"
    else ok vortex-build "PASS, 16 KiB direct-mapped L1: $(cyc "$OUT/vx.log") cycles"; fi
else
    echo "note: $VX not built (make sim CONFIG=vortex): its checks skipped"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
