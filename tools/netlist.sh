#!/usr/bin/env bash
# tools/netlist.sh CORES WARPS THREADS OUTDIR
# The post-synthesis netlist for simulation: Yosys generic synthesis of
# weft_gpu, flattened, written as Verilog in which every generic gate
# ($_AND_, $_MUX_, ...) is a plain expression and every flip-flop
# ($_DFF_P_, $_SDFFE_PN0P_, ...) a plain always block, so Verilator and
# Icarus read it without Yosys's simulation library. The scheduling knobs stay
# inputs (the harness sets them), as in `make synth`. The netlist is built
# for the harness only, so it is synthesized with IN_REG=1 (the boundary
# registers the harness's one-cycle-early inputs assume, docs/performance.md);
# NETLIST_IN_REG=0 gives the synthesis top's unregistered boundary instead.
# Writes OUTDIR/weft_gpu_netlist.v, OUTDIR/yosys.log, OUTDIR/stat.txt.
set -euo pipefail
cores=$1; warps=$2; threads=$3; out=$4
mkdir -p "$out"
files=$(tr '\n' ' ' < rtl/files.f)
t0=$(date +%s)
yosys -q -l "$out/yosys.log" -p "
  read_verilog -sv -DWEFT_ORACLES=0 -DWEFT_CORES=$cores -DWEFT_WARPS=$warps -DWEFT_THREADS=$threads -DWEFT_IN_REG=${NETLIST_IN_REG:-1} ${SYNTH_DEFS:-} $files
  hierarchy -check -top weft_gpu
  synth -top weft_gpu -flatten
  opt_clean -purge
  tee -q -o $out/stat.txt stat
  write_verilog -noattr $out/weft_gpu_netlist.v.tmp
" > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
mv "$out/weft_gpu_netlist.v.tmp" "$out/weft_gpu_netlist.v"
cells=$(awk '/Number of cells:/{print $4; exit}' "$out/stat.txt")
echo "netlist ${cores}x${warps}x${threads}: $cells generic cells, $(( $(date +%s) - t0 )) s -> $out/weft_gpu_netlist.v"
