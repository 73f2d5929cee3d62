#!/usr/bin/env bash
# tools/synth.sh CONFIG CORES WARPS THREADS OUTDIR [KNOBS]
# KNOBS: "runtime" (default: every policy and front end, chosen by inputs;
# hierarchy kept, cells per module), "all" (the same, flattened) or
# "baseline" (fixed fetch, unready lrr issue, stall front end, no BPR, no
# stall table, tied by the FIX_* parameters and flattened so that constants
# reach every module and only the chosen logic remains), "nss" (gto/gto ready,
# nss, BPR, stall table) or "swas" (SWaS with gtlrr). Compare "all" with
# "baseline" for the area of the knobs.
# Yosys generic synthesis of weft_gpu for one configuration, hierarchy kept so
# that cells are counted per module. Writes OUTDIR/CONFIG/:
#   yosys.log                 the Yosys log
#   stat.txt, stat.json       Yosys `stat` after synthesis (generic cells)
#   stat_mem.txt, .json       Yosys `stat` after elaboration (the memories
#                             are still RTLIL memories): memory bits per module
#   report.txt, report.json   per module: instances, own cells, cells with
#                             submodules, memory bits; totals (tools/synth_report.py)
# and prints the total cell count (last line).
# Environment: SYNTH_DEFS adds -D defines (tools/scaling.sh); SYNTH_MEM=keep
# keeps memories as memory cells (below).
set -euo pipefail
cfg=$1; cores=$2; warps=$3; threads=$4; knobs=${6:-runtime}
out=$5/$cfg$([ "$knobs" = runtime ] || echo "-$knobs")
flat=""
# Knob codes from config/weft.yaml (tools/weft_spec.py): fix NAME=knob:value ...
fix() {
    local d="" kv
    for kv in "$@"; do
        d="$d -DWEFT_FIX_${kv%%=*}=$(python3 tools/weft_spec.py code "$(tr 'A-Z' 'a-z' <<<"${kv%%=*}")" "${kv#*=}")"
    done
    echo "$d"
}
case $knobs in
runtime) kdefs="" ;;
all) kdefs=""; flat="-flatten" ;;
baseline) flat="-flatten"; kdefs="$(fix FETCH_POLICY=fixed ISSUE_POLICY=lrr ISSUE_READY=unready FRONTEND=stall BPR=off SWAS=off) -DWEFT_FIX_STALL_TABLE=0" ;;
# seed 000's best front end: GTO fetch and issue, ready issue, nss, BPR, stall table
nss) flat="-flatten"; kdefs="$(fix FETCH_POLICY=gto ISSUE_POLICY=gto ISSUE_READY=ready FRONTEND=nss BPR=on SWAS=off) -DWEFT_FIX_STALL_TABLE=1" ;;
# seed 002's SWaS with GTLRR (its best policy), unready issue
swas) flat="-flatten"; kdefs="$(fix FETCH_POLICY=gtlrr ISSUE_POLICY=gtlrr ISSUE_READY=unready FRONTEND=pnt BPR=off SWAS=on) -DWEFT_FIX_STALL_TABLE=0" ;;
*) echo "synth.sh: unknown knob set '$knobs' (runtime, all, baseline, nss, swas)" >&2; exit 2 ;;
esac
mkdir -p "$out"
# SYNTH_MEM=keep: memories stay memory cells (\$mem_v2, counted in memory
# bits, as SRAM macros would be) instead of being mapped to flops; the
# register file and I-cache then cost minutes less (make test uses it).
if [ "${SYNTH_MEM:-map}" = keep ]; then
    fine="synth -top weft_gpu $flat -run coarse:fine; opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast; check"
else
    fine="synth -top weft_gpu $flat -run coarse:"
fi
here=$(cd "$(dirname "$0")" && pwd)
files=$(tr '\n' ' ' < rtl/files.f)
start=$(date +%s)
yosys -q -l "$out/yosys.log" -p "
  read_verilog -sv -DWEFT_ORACLES=0 -DWEFT_CORES=$cores -DWEFT_WARPS=$warps -DWEFT_THREADS=$threads $kdefs ${SYNTH_DEFS:-} $files
  hierarchy -check -top weft_gpu
  synth -top weft_gpu $flat -run begin:coarse
  tee -q -o $out/stat_mem.txt stat
  tee -q -o $out/stat_mem.json stat -json
  $fine
  tee -q -o $out/stat.txt stat
  tee -q -o $out/stat.json stat -json
" > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
end=$(date +%s)
if [ -n "$flat" ]; then
    total=$(awk '/Number of cells:/{print $4; exit}' "$out/stat.txt")
else
    total=$(awk '/=== design hierarchy ===/{h=1} h && /Number of cells:/{print $4; exit}' "$out/stat.txt")
fi
python3 "$here/synth_report.py" --stat "$out/stat.json" --mem-stat "$out/stat_mem.json" \
    --title "Yosys $(yosys -V | awk '{print $2}') generic synthesis of weft_gpu, $cfg (${cores}x${warps}x${threads}), knobs $knobs" \
    --extra config="$cfg" --extra cores="$cores" --extra warps="$warps" --extra threads="$threads" \
    --extra knobs="$knobs" --extra hierarchy="$([ -n "$flat" ] && echo flattened || echo kept)" \
    --extra synth_seconds=$((end - start)) \
    --txt "$out/report.txt" --json "$out/report.json"
echo "synth $cfg (${cores}x${warps}x${threads}, knobs $knobs): $total cells, $((end-start)) s; per-module table in $out/report.txt"
[ -n "$total" ] && [ "$total" -gt 0 ]
