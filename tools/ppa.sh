#!/usr/bin/env bash
# tools/ppa.sh CONFIG CORES WARPS THREADS OUTDIR
# Power, performance and area of weft_gpu on the OSU 0.18 um standard cells
# (Debian qflow-tech-osu018) with Yosys and OpenSTA (Debian opensta).
#
#   1. Yosys: synth (hierarchy kept), dfflegalize to plain D flip-flops,
#      dfflibmap and abc -D (timing-driven) against osu018_stdcells.lib;
#      stat per module (tools/synth_report.py adds the Liberty areas).
#   2. Fan-out buffer trees (tools/buffer_netlist.py, at most PPA_FANOUT = 12
#      loads per net), then OpenSTA on the mapped netlist: clock on clk_i (PPA_PERIOD ns), inputs
#      and outputs constrained at 0 ns against it (the memory ports are taken
#      as registered on the other side), no wire-load model (the library has
#      none): worst slack, the critical path, achievable period
#      (period - worst slack) and Fmax; report_power with a global switching
#      activity of PPA_ACTIVITY (toggles per clock cycle of every net, inputs
#      included) and duty 0.5, in total and per module instance.
#
# Memories (PPA_MEM):
#   flops  (default) every memory is built from flip-flops and multiplexers
#          (memory_map), as in `make synth`: measured area, timed paths;
#   sram   memories are kept as black boxes (after the coarse stage): their
#          bits are counted and an SRAM macro area is estimated at
#          PPA_SRAM_UM2_PER_BIT um^2 per bit (default 11.2, docs/synthesis.md)
#          times max(1, ports / 2); logic area, timing and power are of the
#          standard cells only (paths through the memories are not timed, the
#          memories' power is not included).
#
# Environment: PPA_PERIOD (ns, default 10), PPA_ACTIVITY (0.1), PPA_ABC
# (dch|fast|yosys, the ABC script, see below), PPA_MEM
# (flops|sram), PPA_SRAM_UM2_PER_BIT (11.2), PPA_LIB (Liberty file),
# SYNTH_DEFS (extra -D defines), PPA_TAG (suffix of the output directory),
# PPA_GENERIC_ONLY=1 (stop after the generic synthesis: generic_report.*),
# PPA_REUSE=0 (redo the generic synthesis), PPA_FANOUT (12).
# Writes OUTDIR/CONFIG[-sram][PPA_TAG]/: yosys.log, stat*.txt/json, netlist.v,
# sta.tcl, sta.log, report.txt, report.json; prints a one-line summary last.
set -euo pipefail
cfg=$1; cores=$2; warps=$3; threads=$4
period=${PPA_PERIOD:-10}
activity=${PPA_ACTIVITY:-0.1}
memmode=${PPA_MEM:-flops}
um2bit=${PPA_SRAM_UM2_PER_BIT:-11.2}
lib=${PPA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
case $memmode in flops|sram) ;; *) echo "ppa.sh: PPA_MEM is flops or sram" >&2; exit 2 ;; esac
out=$5/$cfg$([ "$memmode" = flops ] || echo "-$memmode")${PPA_TAG:-}
here=$(cd "$(dirname "$0")" && pwd)
for t in yosys sta python3; do
    command -v $t > /dev/null || { echo "ppa.sh: $t not found (make deps-impl)" >&2; exit 1; }
done
[ -f "$lib" ] || { echo "ppa.sh: no Liberty file $lib (make deps-impl installs qflow-tech-osu018)" >&2; exit 1; }
mkdir -p "$out"
files=$(tr '\n' ' ' < rtl/files.f)
period_ps=$(python3 -c "print(int(round($period * 1000)))")

if [ "$memmode" = sram ]; then
    memstep="tee -q -o $out/mem_list.txt select -list t:\$mem_v2 t:\$mem
  tee -q -o $out/mem_cells.txt dump t:\$mem_v2 t:\$mem
  chtype -set WEFT_SRAM t:\$mem_v2 t:\$mem"
    fine="synth -top weft_gpu -run fine:check"
    strip="delete t:WEFT_SRAM"
else
    memstep=""
    fine="synth -top weft_gpu -run fine:"
    strip=""
fi

# ABC script: Yosys's default for -liberty starts with &fraig -x and scorr,
# which take many minutes on the multipliers and dividers (SAT sweeping of
# XOR-heavy logic); "dch" (default) keeps the structural choices and the
# delay-targeted mapper, "fast" is abc -fast, "yosys" the Yosys default.
case ${PPA_ABC:-dch} in
dch) abcscript="-script +strash;dc2;&get,-n;&dch,-f;&nf,-D,$period_ps;&put;buffer,-p;upsize,-D,$period_ps;dnsize,-D,$period_ps" ;;
fast) abcscript="-fast" ;;
yosys) abcscript="" ;;
*) echo "ppa.sh: PPA_ABC is dch, fast or yosys" >&2; exit 2 ;;
esac

t0=$(date +%s)
# Stage 1, generic synthesis: kept in generic.il and reused while it is newer
# than the RTL and was made with the same defines (PPA_REUSE=0 forces a rerun).
key="$cores $warps $threads ${SYNTH_DEFS:-} $memmode $(md5sum rtl/files.f | cut -c1-8)"
if [ "${PPA_REUSE:-1}" = 1 ] && [ -f "$out/generic.il" ] && [ "$(cat "$out/generic.key" 2>/dev/null)" = "$key" ] \
   && [ -z "$(find $files rtl/files.f -newer "$out/generic.il" 2>/dev/null)" ]; then
    echo "ppa.sh: reusing $out/generic.il"
else
    rm -f "$out/generic.il" "$out/generic.key"
    yosys -q -l "$out/yosys_generic.log" -p "
  read_verilog -sv -DWEFT_ORACLES=0 -DWEFT_CORES=$cores -DWEFT_WARPS=$warps -DWEFT_THREADS=$threads ${SYNTH_DEFS:-} $files
  hierarchy -check -top weft_gpu
  synth -top weft_gpu -run begin:coarse
  tee -q -o $out/stat_mem.json stat -json
  synth -top weft_gpu -run coarse:fine
  $memstep
  $fine
  tee -q -o $out/stat_generic.json stat -json
  write_rtlil $out/generic.il
" > "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys_generic.log"; exit 1; }
    echo "$key" > "$out/generic.key"
fi
tg=$(date +%s)
python3 "$here/synth_report.py" --stat "$out/stat_generic.json" --mem-stat "$out/stat_mem.json" \
    --title "generic cells before mapping (memories: $memmode), $cfg (${cores}x${warps}x${threads})" \
    --extra generic_seconds=$((tg - t0)) --txt "$out/generic_report.txt" --json "$out/generic_report.json"
if [ "${PPA_GENERIC_ONLY:-0}" = 1 ]; then
    echo "ppa $cfg (${cores}x${warps}x${threads}, memories $memmode): generic synthesis only, $((tg - t0)) s; $out/generic_report.txt"
    exit 0
fi
# Stage 2, mapping to the library. ABC: strash, dc2, structural choices
# (&dch), delay-targeted mapping (&nf -D), then buffering of high-fanout
# nets and gate sizing against the target (buffer, upsize, dnsize).
yosys -q -l "$out/yosys.log" -p "
  read_rtlil $out/generic.il
  dfflegalize -cell \$_DFF_P_ 01
  dfflibmap -liberty $lib
  abc -liberty $lib -D $period_ps $abcscript
  opt_clean
  setundef -zero
  tee -q -o $out/stat.txt stat -liberty $lib
  tee -q -o $out/stat.json stat -json
  $strip
  opt_clean -purge
  write_verilog -noattr -noexpr -nohex -nodec -simple-lhs $out/netlist_raw.v
" >> "$out/yosys.stdout" 2>&1 || { tail -20 "$out/yosys.log"; exit 1; }
t1=$(date +%s)

# OpenSTA reads plain identifiers more reliably than Yosys's escaped
# $paramod names: rename every escaped identifier.
python3 - "$here" "$out/netlist_raw.v" "$out/netlist_mapped.v" <<'EOF'
# the renaming lives in tools/synth_modules.py (clean_names), which the
# per-module flow's stitched netlists use too: one rule for both. Escaped
# identifiers of the form \name[3] (a bit of a bus) stay apart from the bus
# select: Yosys writes bus bits as name[3] without escaping.
import sys
sys.path.insert(0, sys.argv[1])
from synth_modules import clean_names
open(sys.argv[3], 'w').write(clean_names(open(sys.argv[2]).read())[0])
EOF
rm -f "$out/netlist_raw.v"
# Fan-out buffer trees (tools/buffer_netlist.py: flip-flop outputs and nets
# that cross module ports are not buffered by ABC).
python3 "$here/buffer_netlist.py" "$out/netlist_mapped.v" "$out/netlist.v" "$out/buffers.json" \
    --liberty "$lib" --fanout "${PPA_FANOUT:-12}" > "$out/buffers.log"
rm -f "$out/netlist_mapped.v"

cat > "$out/sta.tcl" <<EOF
# generated by tools/ppa.sh
read_liberty $lib
read_verilog $out/netlist.v
link_design weft_gpu
create_clock -name clk -period $period [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0 -clock clk [all_outputs]
puts "== worst path"
report_checks -path_delay max -group_count 1 -digits 3
puts "== summary"
report_wns -digits 3
report_tns -digits 3
report_worst_slack -digits 3
puts "== power"
# OpenSTA 2.0.17 (Debian) spells the option -activiity; newer releases -activity.
if {[catch {set_power_activity -global -activity $activity -duty 0.5}]} {
  set_power_activity -global -activiity $activity -duty 0.5
}
if {[catch {set_power_activity -input -activity $activity -duty 0.5}]} {
  catch {set_power_activity -input -activiity $activity -duty 0.5}
}
report_power -digits 6
# Hierarchical instances report 0 W: the leaf cells' powers are written out
# and summed per module instance by tools/ppa_report.py.
report_power -instances [get_cells -hierarchical *] -digits 9 > $out/power_instances.txt
EOF
sta -no_splash -exit "$out/sta.tcl" > "$out/sta.log" 2>&1 || { tail -20 "$out/sta.log"; exit 1; }
t2=$(date +%s)

python3 "$here/ppa_report.py" --out "$out" --liberty "$lib" --period "$period" --activity "$activity" \
    --mem "$memmode" --sram-um2-per-bit "$um2bit" --config "$cfg" --shape "${cores}x${warps}x${threads}" \
    --synth-seconds $((t1 - t0)) --generic-seconds $((tg - t0)) --sta-seconds $((t2 - t1)) --synth-report "$here/synth_report.py"
