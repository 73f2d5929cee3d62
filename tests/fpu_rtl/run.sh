#!/usr/bin/env bash
# tests/fpu_rtl/run.sh [--full] [--seed N] [--xcheck] [--no-build]
#
# Tests of the RTL floating-point unit rtl/fpu/weft_fpu.sv:
#   lint       verilator --lint-only -Wall at several parameter points, Yosys
#              read + hierarchy check, Icarus 11 compile
#   smoke      tests/fpu_rtl/tb_fpu_smoke.sv on Icarus (directed vectors, T=2,
#              short latencies)
#   random     tests/fpu_rtl/tb_fpu.cpp on Verilator (T=4, default
#              latencies): every op and rounding mode, random tmask and
#              back-pressure, checked bit-exact with flags against
#              sim/model/fp32.c (the host-FPU oracle if fp32.c is missing).
#              Default 20000 vectors per op; --full: 1000000 per op, plus
#              200000 per op at two other latency points.
#   --xcheck   also compare fp32.c with the host-FPU oracle on every vector
#
# Prints `PASS <name>` / `FAIL <name>` per op and check, then
# `N passed, M failed`; exits non-zero on any failure. Build products and
# logs: build/fpu_rtl/. The Verilator build (about 40 s) is redone only when
# a source is newer than the binary.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 2
OUT=build/fpu_rtl
full=0 seed=1 xcheck="" nobuild=0
while [ $# -gt 0 ]; do
  case "$1" in
    --full) full=1 ;;
    --seed) shift; seed=$1 ;;
    --seed=*) seed=${1#--seed=} ;;
    --xcheck) xcheck=--xcheck ;;
    --no-build) nobuild=1 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUT"
FILES=$(tr '\n' ' ' < tests/fpu_rtl/files.f)
pass=0 fail=0
result() { # result PASS|FAIL name [detail]
  echo "$1 $2${3:+ $3}"
  if [ "$1" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}
T0=$(date +%s)

# ---------------------------------------------------------------- lint
lint_ok=1
for g in "" "-GT=1 -GW=1" "-GT=8 -GW=8 -GLAT_MISC=2 -GLAT_FMA=1 -GLAT_CVT=1 -GLAT_DIV=4" "-GLAT_DIV=40 -GLAT_FMA=7"; do
  if ! verilator --lint-only -Wall --top-module weft_fpu $g rtl/lint_waivers.vlt $FILES > "$OUT/lint.log" 2>&1; then
    lint_ok=0; echo "    verilator lint failed at '$g':"; head -5 "$OUT/lint.log" | sed 's/^/    /'
  fi
done
[ $lint_ok = 1 ] && result PASS lint-verilator || result FAIL lint-verilator
if yosys -q -l "$OUT/yosys_read.log" -p "read_verilog -sv $FILES; hierarchy -check -top weft_fpu" > /dev/null 2>&1; then
  result PASS lint-yosys
else
  result FAIL lint-yosys "(see $OUT/yosys_read.log)"
fi
if iverilog -g2012 -o "$OUT/leaf.vvp" -s weft_fpu $FILES > "$OUT/iverilog.log" 2>&1; then
  result PASS lint-icarus
else
  result FAIL lint-icarus "(see $OUT/iverilog.log)"
fi

# ---------------------------------------------------------------- Icarus smoke
if iverilog -g2012 -DWEFT_ASSERTS_ON -Irtl -o "$OUT/smoke.vvp" -s tb_fpu_smoke $FILES tests/fpu_rtl/tb_fpu_smoke.sv \
     > "$OUT/smoke_build.log" 2>&1 \
   && timeout 120 vvp -n "$OUT/smoke.vvp" > "$OUT/smoke.log" 2>&1 \
   && [ "$(tail -1 "$OUT/smoke.log")" = "PASS tb_fpu_smoke" ] && ! grep -q '^ERROR' "$OUT/smoke.log"; then
  result PASS smoke-icarus
else
  result FAIL smoke-icarus "($(tail -1 "$OUT/smoke.log" 2>/dev/null))"
fi

# ---------------------------------------------------------------- Verilator random
# run_random NAME VECTORS LAT(F,C,D,M) [-G...]
run_random() {
  local name=$1 vec=$2 lat=$3; shift 3
  local dir="$OUT/obj_$name" bin stale=0 f
  bin="$dir/tb_fpu"
  if [ ! -x "$bin" ]; then stale=1; else
    for f in $FILES tests/fpu_rtl/tb_fpu.cpp tests/fpu_rtl/host_ref.c tests/fpu_rtl/host_ref.h \
             tests/fpu_rtl/build.sh rtl/lint_waivers.vlt sim/model/fp32.c sim/model/fp32.h; do
      [ -e "$f" ] && [ "$f" -nt "$bin" ] && stale=1
    done
  fi
  [ "$(cat "$dir/params" 2>/dev/null)" != "$*" ] && stale=1
  if [ $stale = 1 ] && [ $nobuild = 0 ]; then
    rm -rf "$dir"
    if ! tests/fpu_rtl/build.sh "$dir" "$@" > "$OUT/build_$name.log" 2>&1; then
      result FAIL "build-$name" "(see $OUT/build_$name.log)"; return
    fi
    echo "$*" > "$dir/params"
  fi
  "$bin" --vectors "$vec" --seed "$seed" --lat "$lat" $xcheck > "$OUT/random_$name.log" 2>&1
  local rc=$?
  local sfx=""
  [ "$name" != default ] && sfx="@$name"
  while read -r st op rest; do
    result "$st" "$op$sfx" "($rest)"
  done < <(grep -E '^(PASS|FAIL) ' "$OUT/random_$name.log")
  if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$OUT/random_$name.log"; then
    result FAIL "random$sfx" "(exit $rc, see $OUT/random_$name.log)"
  fi
  grep -E '^(ERROR|XREF)' "$OUT/random_$name.log" | head -10 | sed 's/^/    /'
}

if [ $full = 1 ]; then
  run_random default 1000000 4,5,16,1
  run_random short 200000 2,1,4,2 -GLAT_FMA=2 -GLAT_CVT=1 -GLAT_DIV=4 -GLAT_MISC=2
  run_random long 200000 7,3,25,3 -GLAT_FMA=7 -GLAT_CVT=3 -GLAT_DIV=25 -GLAT_MISC=3
else
  run_random default 20000 4,5,16,1
fi

T1=$(date +%s)
echo "total $((T1 - T0)) s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
