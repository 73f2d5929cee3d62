#!/usr/bin/env bash
# tests/sched/run.sh: cycle-exact test of rtl/sched/weft_sched_policy.sv
# against the C reference tests/sched/policy_ref.c, on Verilator and Icarus.
#
#   tests/sched/run.sh [options] [FILTER]
#
#   FILTER          report only (policy, N) whose "policy N=n" contains FILTER
#   --sim=LIST      verilator,icarus (default both)
#   --cycles=N      cycles per (policy, N) file (default 3000, max 3000)
#   --seed=N        stimulus seed (default 1)
#   --selftest      only the fault-injection check
#   --no-selftest   skip it
#   -h, --help
#
# Steps: build policy_ref (gcc) and policy_ref -DINJECT; generate the
# stimulus/expected files (build/sched/data, build/sched/data_inject); build
# tests/sched/tb_policy.sv on Verilator (--binary) and Icarus (-g2012); run
# every (policy, N) on each simulator.  One line per check:
#   ok|FAIL <policy> N=<n> <sim>          the bench matched the reference
#   ok|FAIL selftest <policy> N=<n> <sim> with the corrupted reference the
#                                         bench must report FAIL (N > 1;
#                                         with N = 1 every policy is the
#                                         same, so nothing is injected)
#   FAIL coverage ...                     a designed corner never happened
# then `N passed, M failed`; exit status non-zero if any failed.
# Logs: build/sched/<sim>/{build,run,run_inject}.log.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 2
OUT=build/sched
VERILATOR=${VERILATOR:-verilator}
IVERILOG=${IVERILOG:-iverilog}
VVP=${VVP:-vvp}
CC=${CC:-gcc}

# Policies: every named code of config/weft.yaml plus "mix", as
# build/sched/data/policies.txt ("code name" lines, written by policy_ref).
NS="1 3 4 8 32"            # = POINTS in policy_ref.c and tb_policy.sv
MAXCYC=3000
INJ_CYCLES=1000            # enough for every injected fault to show

filter="" sims="verilator,icarus" cycles=$MAXCYC seed=1 normal=1 selftest=1
while [ $# -gt 0 ]; do
  case "$1" in
    --sim=*) sims="${1#--sim=}" ;;
    --cycles=*) cycles="${1#--cycles=}" ;;
    --seed=*) seed="${1#--seed=}" ;;
    --selftest) selftest=1; normal=0 ;;
    --no-selftest) selftest=0 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) filter="$1" ;;
  esac
  shift
done
case "$cycles" in ''|*[!0-9]*) echo "run.sh: --cycles needs a number" >&2; exit 2 ;; esac
if [ "$cycles" -lt 10 ] || [ "$cycles" -gt $MAXCYC ]; then
  echo "run.sh: --cycles must be in 10..$MAXCYC" >&2; exit 2
fi
[ "$INJ_CYCLES" -gt "$cycles" ] && INJ_CYCLES=$cycles
for sim in ${sims//,/ }; do
  case "$sim" in verilator|icarus) ;; *) echo "run.sh: unknown simulator $sim" >&2; exit 2 ;; esac
done

T0=$(date +%s.%N)
mkdir -p "$OUT"
pass=0 fail=0
report() {  # report ok|FAIL text...
  echo "${*}"
  if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}
finish() {
  printf 'total %.1fs\n' "$(awk "BEGIN{print $(date +%s.%N) - $T0}")"
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
  exit $?
}

# 1. C reference and stimulus.
CFLAGS="-std=c11 -O2 -Wall -Wextra -Werror"
if ! $CC $CFLAGS -o "$OUT/policy_ref" tests/sched/policy_ref.c > "$OUT/cc.log" 2>&1 \
   || ! $CC $CFLAGS -DINJECT -o "$OUT/policy_ref_inject" tests/sched/policy_ref.c >> "$OUT/cc.log" 2>&1; then
  report FAIL "build policy_ref (see $OUT/cc.log)"; finish
fi
rm -rf "$OUT/data" "$OUT/data_inject"
mkdir -p "$OUT/data" "$OUT/data_inject"
"$OUT/policy_ref" -o "$OUT/data" -c "$cycles" -s "$seed" > "$OUT/data/coverage.txt" 2>&1
rc=$?
if [ $rc -eq 3 ]; then
  grep '^coverage hole' "$OUT/data/coverage.txt" | while read -r l; do echo "FAIL $l"; done
  fail=$((fail + $(grep -c '^coverage hole' "$OUT/data/coverage.txt")))
elif [ $rc -ne 0 ]; then
  report FAIL "policy_ref (see $OUT/data/coverage.txt)"; finish
fi
if [ "$selftest" = 1 ]; then
  # Coverage holes are expected with few cycles; only the files matter.
  "$OUT/policy_ref_inject" -q -o "$OUT/data_inject" -c "$INJ_CYCLES" -s "$seed" > /dev/null 2>&1
  [ $? -le 3 ] || { report FAIL "policy_ref -DINJECT"; finish; }
fi

declare -A PCODE=()
POLICIES=""
while read -r code name; do PCODE[$name]=$code; POLICIES="$POLICIES $name"; done < "$OUT/data/policies.txt"
[ -n "$POLICIES" ] || { report FAIL "no policies in $OUT/data/policies.txt"; finish; }

# 2. Build and run the bench on each simulator (in parallel).
SRC="rtl/gen/weft_spec_pkg.sv tests/sched/tb_policy.sv tests/sched/tb_policy_inst.sv rtl/sched/weft_sched_policy.sv"
run_sim() {
  local sim=$1 dir="$OUT/$1" bin
  rm -rf "$dir"; mkdir -p "$dir"
  if [ "$sim" = verilator ]; then
    VL_OBJCACHE_DIR="$ROOT/$OUT/vlrt" "$VERILATOR" --binary --timing --assert -Wall -DWEFT_ASSERTS_ON -Irtl \
      --top-module tb_policy -GMAXCYC=$MAXCYC -Mdir "$dir/obj" -o tb_policy \
      -MAKEFLAGS "VM_PARALLEL_BUILDS=0 OPT_GLOBAL=-O0 OPT_FAST=-O0 OPT_SLOW=-O0 OBJCACHE=$ROOT/tests/unit/vl_objcache.sh" \
      tests/sched/waivers.vlt $SRC > "$dir/build.log" 2>&1 || return 0
    bin=("$dir/obj/tb_policy")
  else
    "$IVERILOG" -g2012 -DWEFT_ASSERTS_ON -Irtl -Ptb_policy.MAXCYC=$MAXCYC -s tb_policy -o "$dir/tb_policy.vvp" \
      $SRC > "$dir/build.log" 2>&1 || return 0
    bin=("$VVP" -n "$dir/tb_policy.vvp")
  fi
  [ "$normal" = 1 ] && "${bin[@]}" +dir="$OUT/data" +cycles="$cycles" > "$dir/run.log" 2>&1
  [ "$selftest" = 1 ] && "${bin[@]}" +dir="$OUT/data_inject" +cycles="$INJ_CYCLES" > "$dir/run_inject.log" 2>&1
  return 0
}
for sim in ${sims//,/ }; do run_sim "$sim" & done
wait

# 3. Results: every expected (policy, N) must have its RESULT line.
for sim in ${sims//,/ }; do
  dir="$OUT/$sim"
  for pol in $POLICIES; do
    for n in $NS; do
      name="$pol N=$n"
      case "$name" in *"$filter"*) ;; *) continue ;; esac
      if [ "$normal" = 1 ]; then
        line=$(grep -E "^RESULT p${PCODE[$pol]} N=$n " "$dir/run.log" 2>/dev/null | head -1)
        case "$line" in
          "RESULT p${PCODE[$pol]} N=$n ok "*) report ok "$name $sim" ;;
          "") report FAIL "$name $sim (no result; see $dir/build.log, $dir/run.log)" ;;
          *) report FAIL "$name $sim: ${line#*FAIL }" ;;
        esac
      fi
      if [ "$selftest" = 1 ] && [ "$n" != 1 ]; then
        line=$(grep -E "^RESULT p${PCODE[$pol]} N=$n " "$dir/run_inject.log" 2>/dev/null | head -1)
        case "$line" in
          "RESULT p${PCODE[$pol]} N=$n FAIL "*"first: cycle"*) report ok "selftest $name $sim" ;;
          "") report FAIL "selftest $name $sim (no result; see $dir/run_inject.log)" ;;
          *) report FAIL "selftest $name $sim: the bench did not detect the injected fault" ;;
        esac
      fi
    done
  done
done
finish
