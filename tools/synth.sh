#!/usr/bin/env bash
# tools/synth.sh CONFIG CORES WARPS THREADS OUTDIR
# Yosys generic synthesis of weft_gpu for one configuration, hierarchy kept so
# that cells are counted per module. Writes OUTDIR/CONFIG/{yosys.log,stat.txt,
# stat.json} and prints the total cell count.
set -euo pipefail
cfg=$1; cores=$2; warps=$3; threads=$4; out=$5/$cfg
mkdir -p "$out"
files=$(tr '\n' ' ' < rtl/files.f)
start=$(date +%s)
yosys -q -l "$out/yosys.log" -p "
  read_verilog -sv -DWEFT_CORES=$cores -DWEFT_WARPS=$warps -DWEFT_THREADS=$threads $files
  hierarchy -check -top weft_gpu
  synth -top weft_gpu
  tee -q -o $out/stat.txt stat
  tee -q -o $out/stat.json stat -json
" > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
end=$(date +%s)
total=$(awk '/=== design hierarchy ===/{h=1} h && /Number of cells:/{print $4; exit}' "$out/stat.txt")
echo "synth $cfg (${cores}x${warps}x${threads}): $total cells, $((end-start)) s; per-module table in $out/stat.txt"
[ -n "$total" ] && [ "$total" -gt 0 ]
