#!/usr/bin/env bash
# tests/unit/run.sh: build and run the unit benches of tests/unit/ on
# Verilator and Icarus Verilog.
#
#   tests/unit/run.sh [options] [FILTER]
#
#   FILTER            run only tests whose name contains FILTER (substring)
#   --list            list the test names and exit
#   --selftest        run only the fault-injection tests (bench built with
#                     -DTB_INJECT_FAULT must print FAIL)
#   --no-selftest     skip the fault-injection tests
#   --sim=LIST        simulators, comma separated: verilator,icarus
#                     (default both)
#   -j N              tests run in parallel (default: number of CPUs)
#   --seed=N          passed to every bench as +seed=N
#
# Prints one line per (test, simulator): `ok|FAIL <test> <sim> <seconds>s`,
# then `N passed, M failed`; exits non-zero if any failed.  Build products
# and logs go to build/unit/<sim>/<test>/.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 2
OUT=build/unit
VERILATOR=${VERILATOR:-verilator}
IVERILOG=${IVERILOG:-iverilog}
VVP=${VVP:-vvp}

# Benches are discovered: every tests/unit/tb_*.sv, whose header declares
#   // unit-rtl: FILES...        the RTL files it needs (repository-relative)
#   // unit-sims: verilator icarus   the simulators it runs on (with the
#                                  reason in the header when one is missing)
# A new bench needs no edit here (tests/unit/README.md).
declare -A RTL=()
declare -A SIMS=()
BENCHES=""
for f in tests/unit/tb_*.sv; do
  b=$(basename "$f" .sv)
  r=$(sed -n 's|^// unit-rtl: *||p' "$f" | head -1)
  s=$(sed -n 's|^// unit-sims: *||p' "$f" | head -1)
  if [ -z "$r" ]; then
    echo "run.sh: $f has no '// unit-rtl: FILES' header line" >&2; exit 2
  fi
  RTL[$b]=$r
  SIMS[$b]=${s:-verilator icarus}
  BENCHES="$BENCHES $b"
done

filter="" list=0 selftest=1 normal=1 sims="verilator,icarus" jobs=$(nproc 2>/dev/null || echo 2) seed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=1 ;;
    --selftest) selftest=1; normal=0 ;;
    --no-selftest) selftest=0 ;;
    --sim=*) sims="${1#--sim=}" ;;
    -j) shift; jobs="$1" ;;
    -j*) jobs="${1#-j}" ;;
    --seed=*) seed="${1#--seed=}" ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) filter="$1" ;;
  esac
  shift
done

# Test list: "<test> <sim>" with <test> = bench or bench:fault.
TESTS=()
for sim in ${sims//,/ }; do
  case "$sim" in verilator|icarus) ;; *) echo "run.sh: unknown simulator $sim" >&2; exit 2 ;; esac
  for b in $BENCHES; do
    case " ${SIMS[$b]:-verilator icarus} " in *" $sim "*) ;; *) continue ;; esac
    [ "$normal" = 1 ] && TESTS+=("$b $sim")
    [ "$selftest" = 1 ] && TESTS+=("$b:fault $sim")
  done
done
SEL=()
for t in "${TESTS[@]}"; do
  name=${t%% *}
  case "$name" in *"$filter"*) SEL+=("$t") ;; esac
done

if [ "$list" = 1 ]; then
  for t in "${SEL[@]}"; do echo "$t"; done
  exit 0
fi
if [ ${#SEL[@]} -eq 0 ]; then
  echo "run.sh: no test matches '$filter'" >&2
  echo "0 passed, 0 failed"
  exit 1
fi

mkdir -p "$OUT"
VLRT="$ROOT/$OUT/vlrt"   # cached Verilator runtime objects (vl_objcache.sh)

# run_one <test> <sim> <result-file>: build and run, write
# "ok|FAIL <test> <sim> <secs>s" to the result file.
run_one() {
  local test=$1 sim=$2 res=$3
  local bench=${test%:fault} fault=0 dir defs rtl status=FAIL last
  [ "$bench" != "$test" ] && fault=1
  dir="$OUT/$sim/${test/:/_}"
  rm -rf "$dir"; mkdir -p "$dir"
  defs="-DWEFT_ASSERTS_ON -Irtl"
  [ "$fault" = 1 ] && defs="$defs -DTB_INJECT_FAULT"
  rtl=${RTL[$bench]}
  local t0 t1 plus=""
  [ -n "$seed" ] && plus="+seed=$seed"
  t0=$(date +%s.%N)
  if [ "$sim" = verilator ]; then
    VL_OBJCACHE_DIR="$VLRT" "$VERILATOR" --binary --timing --assert $defs -Wall \
      -Itests/unit --top-module "$bench" -Mdir "$dir/obj" -o "$bench" \
      -CFLAGS -DVL_USER_FINISH \
      -MAKEFLAGS "VM_PARALLEL_BUILDS=0 OPT_GLOBAL=-O0 OPT_FAST=-O0 OPT_SLOW=-O0 OBJCACHE=$ROOT/tests/unit/vl_objcache.sh" \
      rtl/lint_waivers.vlt tests/unit/waivers.vlt $rtl "tests/unit/$bench.sv" \
      "$ROOT/tests/unit/vl_finish.cpp" > "$dir/build.log" 2>&1 \
      && "$dir/obj/$bench" $plus > "$dir/run.log" 2>&1
  else
    "$IVERILOG" -g2012 $defs -Itests/unit -s "$bench" -o "$dir/$bench.vvp" \
      $rtl "tests/unit/$bench.sv" > "$dir/build.log" 2>&1 \
      && "$VVP" -n "$dir/$bench.vvp" $plus > "$dir/run.log" 2>&1
  fi
  local rc=$?
  t1=$(date +%s.%N)
  last=$(grep -E '^(PASS|FAIL) ' "$dir/run.log" 2>/dev/null | tail -1)
  if [ "$fault" = 0 ]; then
    # Pass: exit 0, last line is the PASS line, no assertion/error output.
    if [ $rc -eq 0 ] && [ "$(tail -1 "$dir/run.log")" = "PASS $bench" ] \
       && ! grep -qE '^(ERROR|%Error|Assertion)' "$dir/run.log"; then
      status=ok
    fi
  else
    # Fault injected: the bench must report FAIL.
    case "$last" in "FAIL $bench:"*) status=ok ;; esac
  fi
  printf '%s %s %s %.1fs\n' "$status" "$test" "$sim" "$(awk "BEGIN{print $t1 - $t0}")" > "$res"
  if [ "$status" = FAIL ]; then
    {
      if [ -s "$dir/run.log" ]; then
        echo "    --- $dir/run.log (tail)"; tail -5 "$dir/run.log" | sed 's/^/    /'
      else
        echo "    --- $dir/build.log (errors)"
        grep -E '^%(Warning|Error)|error' "$dir/build.log" | head -5 | sed 's/^/    /'
      fi
    } >> "$res"
  fi
}

T0=$(date +%s.%N)
RES="$OUT/results"
rm -rf "$RES"; mkdir -p "$RES"
# Warm the Verilator runtime cache once so parallel builds reuse it.
i=0
for t in "${SEL[@]}"; do
  i=$((i + 1))
  set -- $t
  if [ "$i" -gt 1 ]; then
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  fi
  run_one "$1" "$2" "$RES/$(printf %03d $i)" &
  [ "$i" -eq 1 ] && [ "$2" = verilator ] && wait
done
wait

pass=0 fail=0
for r in "$RES"/*; do
  cat "$r"
  if head -1 "$r" | grep -q '^ok '; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
T1=$(date +%s.%N)
printf 'total %.1fs\n' "$(awk "BEGIN{print $T1 - $T0}")"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
