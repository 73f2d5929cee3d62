#!/usr/bin/env bash
# tests/dcache/presets.sh - the Vortex configurations build Vortex's banked L1
# (config/weft.yaml `dc_lines: 4` in vortex and vortex8; docs/memory.md "Walk
# width"; issue 21, fourteenth session, vtx14).
#
#   tests/dcache/presets.sh BASE_SIM VORTEX_SIM [VORTEX8_SIM]
#
#  1. make: CONFIG=vortex and CONFIG=vortex8 default to DC_LINES 4 (their
#     build directories build/vortex, build/vortex8; DC_LINES=1 is
#     build/vortex-dcl1), and the Yosys flows get the define too
#     (SYNTH_DEFS has -DWEFT_DC_LINES=4; base has none);
#  2. the spec: vortex8 is vortex with 8 warps (same threads per warp, L1
#     defines, front end and banks);
#  3. each build given (VORTEX_SIM, VORTEX8_SIM: "none" skips it) runs vecadd
#     under co-simulation with --mem-preset vortex and reports a 16 KiB
#     direct-mapped L1 in 4 banks (--perf-json dcache.banks, the text
#     summary), its Verilator flags carry WEFT_DC_LINES=4, and its walk
#     serves more than one line per walk cycle (impossible with one bank);
#     BASE_SIM reports 1 bank and walks exactly one line per walk cycle.
# Prints ok/FAIL lines and `N passed, M failed` (a suite of tests/manifest.py).
set -u
[ $# -ge 2 ] || { sed -n '2,20p' "$0"; exit 2; }
BS=$1 VS=$2 V8=${3:-none}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); printf 'ok    %-30s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); printf 'FAIL  %-30s %s\n' "$1" "$2"; }
mk() { make -s --no-print-directory --eval "weft-print-x: ; @echo \$($1)" weft-print-x "${@:2}" 2>&1 | tail -1; }

# 1. make interface
for t in "build/vortex/weft-sim:CONFIG=vortex" "build/vortex8/weft-sim:CONFIG=vortex8" \
         "build/vortex-dcl1/weft-sim:CONFIG=vortex DC_LINES=1" "build/vortex8-dcl2/weft-sim:CONFIG=vortex8 DC_LINES=2" \
         "build/base/weft-sim:CONFIG=base" "build/base-dcl4/weft-sim:CONFIG=base DC_LINES=4"; do
    want=${t%%:*}; vars=${t#*:}
    # shellcheck disable=SC2086
    got=$(mk SIM_BIN $vars)
    [ "$got" = "$want" ] && ok "make-dir ${vars// /,}" "$got" || bad "make-dir ${vars// /,}" "got '$got', want '$want'"
done
for t in "4:CONFIG=vortex" "4:CONFIG=vortex8" "1:CONFIG=base" "1:CONFIG=vortex DC_LINES=1"; do
    want=${t%%:*}; vars=${t#*:}
    # shellcheck disable=SC2086
    defs=$(mk SYNTH_DEFS $vars)
    got=$(grep -o 'WEFT_DC_LINES=[0-9]*' <<< "$defs" | cut -d= -f2); got=${got:-1}
    [ "$got" = "$want" ] && ok "synth-defs ${vars// /,}" "DC_LINES $got" \
        || bad "synth-defs ${vars// /,}" "DC_LINES '$got' in '$defs', want $want"
done

# 2. the spec
if python3 - <<'PY'
import sys
sys.path.insert(0, "tools")
import weft_spec as s
c = {x["name"]: x for x in s.CONFIGURATIONS}
v, v8 = c["vortex"], c["vortex8"]
assert v["dc_lines"] == 4 and v8["dc_lines"] == 4, (v.get("dc_lines"), v8.get("dc_lines"))
assert (v["cores"], v["warps"], v["threads"]) == (1, 4, 4), v
assert (v8["cores"], v8["warps"], v8["threads"]) == (1, 8, 4), v8
for k in ("rtl_defines", "frontend_depth", "c_defines", "lanes"):
    assert v.get(k) == v8.get(k), (k, v.get(k), v8.get(k))
assert "dc_lines" not in c["base"]
PY
then ok spec "vortex 1x4x4 and vortex8 1x8x4, both dc_lines 4, same L1 and front end"
else bad spec "config/weft.yaml vortex / vortex8 (tools/weft_spec.py)"; fi

# 3. the builds
run() {   # run NAME SIM BANKS
    local n=$1 sim=$2 want=$3
    if [ "$sim" = none ]; then return; fi
    [ -x "$sim" ] || { bad "$n-build" "$sim missing"; return; }
    if ! "$sim" --kernel vecadd --cosim --mem-preset vortex --perf-json "$T/$n.json" > "$T/$n.log" 2>"$T/$n.err"; then
        bad "$n-run" "$sim vecadd --cosim exit $?: $(tail -2 "$T/$n.err" "$T/$n.log" | tr '\n' ' ')"; return
    fi
    head -1 "$T/$n.log" | grep -q '^PASS' || { bad "$n-run" "$(head -1 "$T/$n.log")"; return; }
    if grep -q "L1 D-cache .*, $want bank" "$T/$n.log"; then ok "$n-summary" "$(grep -o 'L1 D-cache [^:]*' "$T/$n.log")"
    else bad "$n-summary" "no '$want bank' in the L1 line: $(grep 'L1 D-cache' "$T/$n.log")"; fi
    local vf; vf=$(dirname "$sim")/vflags.txt
    local vd; vd=$(grep -o 'WEFT_DC_LINES=[0-9]*' "$vf" | cut -d= -f2); vd=${vd:-1}
    [ "$vd" = "$want" ] && ok "$n-vflags" "WEFT_DC_LINES $vd" || bad "$n-vflags" "WEFT_DC_LINES '$vd' in $vf, want $want"
    if r=$(python3 - "$T/$n.json" "$want" 2>&1 <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); n = int(sys.argv[2])
d = j["dcache"]
def c(key):
    return sum(x["counters"]["dcache_" + key] for x in j["cores"])
lines, walk = c("load_lines") + c("store_lines"), c("walk_cycles")
if d["banks"] != n:
    sys.exit("dcache.banks %d, want %d" % (d["banks"], n))
if n > 1 and (d["sets"], d["ways"]) != (512, 1):
    sys.exit("L1 %d sets x %d ways, want the vortex L1 512 x 1" % (d["sets"], d["ways"]))
if n == 1 and walk != lines:
    sys.exit("1 bank: %d walk cycles for %d lines" % (walk, lines))
if n > 1 and not (lines > walk and walk * n >= lines):
    sys.exit("%d banks: %d walk cycles for %d lines (want fewer walk cycles than lines, at most %d lines each)"
             % (n, walk, lines, n))
print("%d banks, %d x %d, %d lines in %d walk cycles" % (d["banks"], d["sets"], d["ways"], lines, walk))
PY
    ); then ok "$n-walk" "$r"; else bad "$n-walk" "$r"; fi
}
run base "$BS" 1
run vortex "$VS" 4
run vortex8 "$V8" 4
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
