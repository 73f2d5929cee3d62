#!/usr/bin/env bash
# tests/fpu/run_model.sh - RV32F on the functional model: the directed F ISA
# tests (tests/isa_f), the model's commit records of F instructions
# (tests/fpu/commit_test.c) and the float kernels (sw/sw.mk FKERNELS: saxpy
# sgemm sfilter blackscholes), each checked by its host program.
#
# usage: tests/fpu/run_model.sh [--full] [SIM]
#   SIM     default build/model/weft-sim (built with `make model-sim kernels`)
#   --full  more configurations, sizes and seeds
#
# Configurations: the kernel regression's base 1x4x4, w8t8 1x8x8, dual
# 2x4x4, single 1x1x1 (--full adds tiny 1x2x2, w32t32 1x32x32, quad 4x4x4).
# Prints PASS/FAIL lines, ends with "N passed, M failed". (The RTL has no
# FPU yet, so these kernels are not in the RTL regression; once it has,
# run them with --cosim there.)
set -u
cd "$(dirname "$0")/../.."
FULL=0
SIM=build/model/weft-sim
for a in "$@"; do
    case $a in
    --full) FULL=1 ;;
    -h | --help) sed -n '2,14p' "$0"; exit 0 ;;
    *) SIM=$a ;;
    esac
done
pass=0
fail=0
if ! make -s model-sim kernels > build/fpu-model-build.log 2>&1; then
    # kernels may fail for reasons outside F (another kernel's check); build ours
    make -s model-sim build/sw/saxpy.elf build/sw/sgemm.elf build/sw/sfilter.elf build/sw/blackscholes.elf \
        build/sw/simt_check_f.ok >> build/fpu-model-build.log 2>&1 || { echo "FAIL build"; tail -20 build/fpu-model-build.log; echo "0 passed, 1 failed"; exit 1; }
fi

out=$(ENGINE=model tests/isa_f/run.sh "$SIM" build/isa_f 2>&1)
grep -E '^(PASS|FAIL)|^ ' <<<"$out" | sed 's/^PASS /PASS isa_f-/; s/^FAIL /FAIL isa_f-/'
p=$(grep -c '^PASS' <<<"$out"); f=$(grep -c '^FAIL' <<<"$out")
pass=$((pass + p)); fail=$((fail + f))

# the F ISA tests on other shapes (model)
for shape in "1 1 1" "1 2 8" "2 2 32"; do
    set -- $shape
    for t in arith fma fcsr ldst; do
        if "$SIM" --bare --elf build/isa_f/$t.elf --engine model --cores $1 --warps $2 --threads $3 > /dev/null 2>&1; then
            pass=$((pass + 1)); echo "PASS isa_f-$t-${1}x${2}x${3}"
        else
            fail=$((fail + 1)); echo "FAIL isa_f-$t-${1}x${2}x${3}"
        fi
    done
done

# the commit records of F instructions (tests/fpu/commit_test.c)
if make -s build/fpu/commit.elf build/fpu/commit_test >> build/fpu-model-build.log 2>&1; then
    out=$(build/fpu/commit_test build/fpu/commit.elf 2>&1)
    grep -E '^(PASS|FAIL)' <<<"$out" | sed 's/^PASS /PASS commit-/; s/^FAIL /FAIL commit-/'
    pass=$((pass + $(grep -c '^PASS' <<<"$out"))); fail=$((fail + $(grep -c '^FAIL' <<<"$out")))
else
    fail=$((fail + 1)); echo "FAIL commit_test build"
fi

# the commit trace names FP destinations fN (f0 included) and integer ones xN
ct=build/isa_f/ldst.trace
if "$SIM" --bare --elf build/isa_f/ldst.elf --engine model --threads 4 --warps 1 --commit-trace $ct > /dev/null 2>&1 &&
    grep -q ' f0=7f800001,ff800001,7fbfffff,7fc00000' $ct && grep -q ' f31=' $ct && grep -q ' x13=' $ct; then
    pass=$((pass + 1)); echo "PASS commit-trace-fp-destinations"
else
    fail=$((fail + 1)); echo "FAIL commit-trace-fp-destinations ($ct)"
fi

CONFIGS="1x4x4 1x8x8 2x4x4 1x1x1"
[[ $FULL -eq 1 ]] && CONFIGS="$CONFIGS 1x2x2 1x32x32 4x4x4"
run() { # name args...
    local name=$1 log
    shift
    log=$("$SIM" --engine model "$@" 2>&1)
    if [[ $? -eq 0 && $(head -1 <<<"$log") == PASS ]]; then
        pass=$((pass + 1)); printf 'PASS %-40s %s\n' "$name" "$(awk '/^  warp instrs/ {print $3 " warp instrs"}' <<<"$log")"
    else
        fail=$((fail + 1)); echo "FAIL $name"; grep -v '^\[' <<<"$log" | head -6 | sed 's/^/    /'
    fi
}
for cfg in $CONFIGS; do
    IFS=x read -r C W T <<<"$cfg"
    for k in saxpy sgemm sfilter blackscholes; do
        run "$k-$cfg" --kernel $k --cores $C --warps $W --threads $T
    done
done
# other sizes and seeds
SEEDS="7"
[[ $FULL -eq 1 ]] && SEEDS="7 11 12345"
for s in $SEEDS; do
    run "saxpy-n4097-seed$s" --kernel saxpy --size 4097 --seed $s
    run "sgemm-m33-seed$s" --kernel sgemm --size 33 --seed $s
    run "sfilter-w50-seed$s" --kernel sfilter --size 50 --seed $s --warps 8 --threads 8
    run "blackscholes-n1000-seed$s" --kernel blackscholes --size 1000 --seed $s
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
