#!/usr/bin/env bash
# tests/run.sh - the Weft test suite (make test / make test-full).
#
# usage: tests/run.sh [--full] [FILTER]
#   --full   also the larger configurations and slower checks (make test-full)
#   FILTER   run only the groups whose name contains FILTER
#            (lint unit sched model rtl-isa isa random kernels perf mem knobs
#            fault errors determinism impl synth; impl only with --full)
#
# Every check prints `ok|FAIL NAME (seconds)`. Sub-suites that keep their own
# counts (tests/unit/run.sh, tests/model/run.sh) add them to the totals. The
# run ends with the line `N passed, M failed` and exits non-zero on failure.
set -u
cd "$(dirname "$0")/.."
FULL=0
FILTER=""
for a in "$@"; do
    case $a in
    --full) FULL=1 ;;
    -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
    *) FILTER=$a ;;
    esac
done
JOBS=${JOBS:-2}
LOG=build/test-logs
mkdir -p "$LOG"
pass=0
fail=0
failed=()
T0=$(date +%s)

want() { [[ -z $FILTER || $1 == *$FILTER* ]]; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# check NAME CMD...: CMD must exit 0
check() {
    local name=$1 t
    shift
    t=$(now)
    if "$@" > "$LOG/$name.log" 2>&1; then
        pass=$((pass + 1)); printf 'ok    %-40s %6ss\n' "$name" "$(elapsed "$t")"
    else
        fail=$((fail + 1)); failed+=("$name")
        printf 'FAIL  %-40s %6ss  (log: %s)\n' "$name" "$(elapsed "$t")" "$LOG/$name.log"
        tail -8 "$LOG/$name.log" | sed 's/^/        /'
    fi
}

# expect_rc NAME CODE TEXT CMD...: CMD must exit CODE and print TEXT
expect_rc() {
    local name=$1 code=$2 text=$3 t rc
    shift 3
    t=$(now)
    "$@" > "$LOG/$name.log" 2>&1
    rc=$?
    if [[ $rc -eq $code ]] && grep -qF -- "$text" "$LOG/$name.log"; then
        pass=$((pass + 1)); printf 'ok    %-40s %6ss\n' "$name" "$(elapsed "$t")"
    else
        fail=$((fail + 1)); failed+=("$name")
        printf 'FAIL  %-40s exit %s (want %s, text "%s")\n' "$name" "$rc" "$code" "$text"
        tail -5 "$LOG/$name.log" | sed 's/^/        /'
    fi
}

# suite NAME CMD...: CMD ends with "N passed, M failed"; add its counts
suite() {
    local name=$1 t line p f rc
    shift
    t=$(now)
    "$@" > "$LOG/$name.log" 2>&1
    rc=$?
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$LOG/$name.log" | tail -1)
    p=$(awk '{print $1}' <<<"$line"); f=$(awk '{print $3}' <<<"$line")
    if [[ -z $line ]]; then
        fail=$((fail + 1)); failed+=("$name")
        printf 'FAIL  %-40s no result line (exit %s, log: %s)\n' "$name" "$rc" "$LOG/$name.log"
        tail -8 "$LOG/$name.log" | sed 's/^/        /'
        return
    fi
    pass=$((pass + p)); fail=$((fail + f))
    [[ $f -gt 0 || $rc -ne 0 ]] && { failed+=("$name"); grep -E 'FAIL' "$LOG/$name.log" | head -10 | sed 's/^/        /'; }
    [[ $f -eq 0 && $rc -ne 0 ]] && { fail=$((fail + 1)); }
    printf '%-5s %-40s %6ss  (%s)\n' "$([[ $f -eq 0 && $rc -eq 0 ]] && echo ok || echo FAIL)" "$name" "$(elapsed "$t")" "$line"
}

source <(sed -n 's/^\(CFG_[a-z0-9]*\) *:= *\(.*\)$/\1="\2"/p; s/^\(REGRESS_CONFIGS\|CONFIGS\) *:= *\(.*\)$/\1="\2"/p' config/configs.mk)
KERNELS=$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk)
FKERNELS=$(sed -n 's/^FKERNELS *:= *//p' sw/sw.mk)   # float kernels (RV32F)
MKERNELS=$(sed -n 's/^MKERNELS *:= *//p' sw/sw.mk)   # memory-system kernels (atomics, imbal)
CONFIGS_RUN=$REGRESS_CONFIGS
[[ $FULL -eq 1 ]] && CONFIGS_RUN="$REGRESS_CONFIGS tiny w16t16 quad"

# Synthesis of the default configuration runs in the background from the start.
SYNTH_PID=""
if want synth; then
    # Memories stay memory cells in make test (SRAM macros; minutes faster);
    # make test-full maps them to flops as well.
    SMEM=keep; [[ $FULL -eq 1 ]] && SMEM=map
    ( SYNTH_MEM=$SMEM bash tools/synth.sh base $CFG_base build/synth > "$LOG/synth-base.log" 2>&1 ) &
    SYNTH_PID=$!
fi

echo "== build"
check build-kernels make -s kernels
check build-model make -s model-sim
for c in $CONFIGS_RUN; do check "build-rtl-$c" make -s sim CONFIG=$c JOBS=$JOBS; done

if want lint; then
    echo "== lint"
    for c in $CONFIGS; do
        eval "set -- \$CFG_$c"
        check "lint-verilator-$c" verilator --lint-only -Wall --assert +define+WEFT_ASSERTS_ON -Irtl --top-module weft_gpu \
            -GNUM_CORES=$1 -GNUM_WARPS=$2 -GNUM_THREADS=$3 rtl/lint_waivers.vlt $(cat rtl/files.f)
    done
    check lint-yosys-read make -s lint-yosys
    check lint-icarus-leaf make -s lint-icarus
    check spec-fresh python3 tools/gen_spec.py --check
fi

if want unit && [[ -x tests/unit/run.sh ]]; then
    echo "== unit (Verilator and Icarus)"
    suite unit tests/unit/run.sh
fi

if want sched && [[ -x tests/sched/run.sh ]]; then
    echo "== scheduling policies against their C reference (Verilator and Icarus)"
    suite sched tests/sched/run.sh
fi

if want model; then
    echo "== functional model"
    suite model make -s test-model
fi

if want fpu; then
    echo "== RV32F: fp32.c against the host FPU; F ISA tests and float kernels on the model; the RTL FPU against fp32.c"
    if [[ $FULL -eq 1 ]]; then
        suite fpu-host bash tests/fpu/run_host.sh --full
        suite fpu-model bash tests/fpu/run_model.sh --full
        suite fpu-rtl bash tests/fpu_rtl/run.sh --full
    else
        suite fpu-host bash tests/fpu/run_host.sh
        suite fpu-model bash tests/fpu/run_model.sh
        suite fpu-rtl bash tests/fpu_rtl/run.sh
    fi
    if [[ -x build/base/weft-sim ]]; then
        ENGINE=rtl suite fpu-isa-rtl-cosim bash tests/isa_f/run.sh build/base/weft-sim build/isa_f_rtl
    fi
fi

if want rtl-isa && [[ -x build/base/weft-sim ]]; then
    echo "== ISA and error-path programs on the RTL (base)"
    suite rtl-isa env WEFT_ENGINE=rtl tests/model/run.sh build/base/weft-sim build/tests/model
fi

if want isa && [[ -x build/base/weft-sim ]]; then
    echo "== directed ISA tests (tests/isa) on the RTL under co-simulation"
    suite isa tests/isa/run.sh build/base/weft-sim build/isa
    if [[ $FULL == 1 ]]; then
        for c in dual w8t8 single; do
            [[ -x build/$c/weft-sim ]] && suite "isa-$c" tests/isa/run.sh build/$c/weft-sim build/isa-$c
        done
    fi
fi

if want random && [[ -x build/base/weft-sim ]]; then
    echo "== random instruction streams (tools/rigen.py) on the RTL under co-simulation"
    if [[ $FULL == 1 ]]; then
        suite random tests/random/run.sh build/base/weft-sim build/random --full
    else
        suite random tests/random/run.sh build/base/weft-sim build/random --seeds 25
    fi
    # Programs that once failed (tests/random/known), at several memory latencies.
    mkdir -p build/random/known
    for src in tests/random/known/*.S; do
        n=$(basename "$src" .S)
        check "random-known-$n-build" riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -misa-spec=2.2 \
            -nostdlib -nostartfiles -static -Itests/model -T tests/model/link.ld -Wl,--no-warn-rwx-segments \
            -o "build/random/known/$n.elf" "$src"
        for lat in 5 20 50; do
            expect_rc "random-known-$n-lat$lat" 0 PASS build/base/weft-sim --bare --elf "build/random/known/$n.elf" \
                --cosim --mem-latency $lat
        done
    done
fi

if want kernels; then
    echo "== kernels (RTL and model, every output checked by the host program)"
    for c in $CONFIGS_RUN; do
        eval "set -- \$CFG_$c"
        for k in $KERNELS $FKERNELS $MKERNELS; do
            expect_rc "kernel-$k-$c-rtl-cosim" 0 PASS build/$c/weft-sim --kernel $k --cosim --max-cycles 50000000
            expect_rc "kernel-$k-$c-model" 0 PASS build/model/weft-sim --engine model --kernel $k \
                --cores $1 --warps $2 --threads $3
        done
    done
fi

if want perf; then
    echo "== counters and CPI stacks (tests/perf/run.sh: exact sums on every kernel and configuration)"
    suite perf tests/perf/run.sh --configs "$CONFIGS_RUN"
fi

if want mem; then
    echo "== memory model (tests/mem/run.sh: kernels under co-simulation with the DRAM model; all of them with --full)"
    if [[ $FULL -eq 1 ]]; then
        suite mem tests/mem/run.sh --configs "base dual"
    else
        suite mem tests/mem/run.sh --configs base --kernels "vecadd psum stencil ubench_ldchain saxpy"
    fi
fi

if want knobs; then
    echo "== scheduling knobs under co-simulation (tools/sweep.sh; ready issue must miss no schedule)"
    if [[ $FULL -eq 1 ]]; then
        suite knobs bash tools/sweep.sh --full --small --csv build/test-logs/knobs.csv base dual
    else
        suite knobs bash tools/sweep.sh --csv build/test-logs/knobs.csv base dual
    fi
fi

if want errors; then
    echo "== harness errors on the RTL engine"
    S=build/base/weft-sim
    TM=build/tests/model
    expect_rc err-bad-option 2 "no-such-option" $S --no-such-option
    expect_rc err-missing-elf 3 "cannot open" $S --kernel vecadd --elf /nonexistent.elf
    expect_rc err-malformed-elf 3 "" $S --bare --elf sw/sw.mk
    expect_rc err-illegal 4 "illegal instruction" $S --bare --elf $TM/illegal.elf
    expect_rc err-out-of-range 5 "out-of-range" $S --bare --elf $TM/load_oob.elf
    expect_rc err-misaligned 5 "misaligned" $S --bare --elf $TM/store_misaligned.elf
    expect_rc err-cycle-limit 6 "cycle limit" $S --bare --elf $TM/timeout.elf --max-cycles 20000
    expect_rc err-wrong-config 2 "build that configuration" $S --kernel vecadd --warps 8
fi

if want fault; then
    echo "== planted fault: co-simulation must report a corrupted ALU result"
    check build-rtl-base-fault make -s sim CONFIG=base FAULT=1 JOBS=$JOBS
    expect_rc fault-detected-by-cosim 8 "co-simulation mismatch at cycle" build/base-fault/weft-sim --kernel vecadd --cosim
    expect_rc fault-found-by-random 1 "cosim exit 8" tests/random/run.sh build/base-fault/weft-sim build/random-fault --seed 1 --seeds 10
    echo "== planted assertion violation: an RTL assertion must stop the run (exit 12)"
    check build-rtl-base-plant make -s sim CONFIG=base PLANT=1 JOBS=$JOBS
    expect_rc assert-planted-message 12 "u_perf: assertion 'cpi_share_sum' failed" build/base-plant/weft-sim --kernel vecadd
    expect_rc assert-planted-exit 12 "RTL assertion failed at cycle" build/base-plant/weft-sim --kernel vecadd
fi

if want determinism; then
    echo "== determinism"
    det() {
        local a b
        a=$(build/base/weft-sim --kernel diverge | grep -E '^  cycles')
        b=$(build/base/weft-sim --kernel diverge | grep -E '^  cycles')
        echo "$a / $b"
        [[ -n $a && $a == "$b" ]]
    }
    check determinism-diverge-base det
    # Brief §5: random initial values of every unreset bit (an XRAND=1 build,
    # --x-initial unique) must change neither results nor cycle counts.
    check build-rtl-base-xrand make -s sim CONFIG=base XRAND=1 JOBS=$JOBS
    xdet() {
        local k=$1 ref s c out
        ref=$(build/base/weft-sim --kernel "$k" | sed -n 's/^  cycles *//p')
        for s in 1 2 3; do
            out=$(build/base-xrand/weft-sim --kernel "$k" --cosim --x-seed $s)
            c=$(sed -n 's/^  cycles *//p' <<<"$out")
            echo "x-seed $s: $(head -1 <<<"$out"), cycles $c (reference $ref)"
            [[ $(head -1 <<<"$out") == PASS && $c == "$ref" ]] || return 1
        done
    }
    for k in diverge psort; do check "determinism-xseed-$k" xdet "$k"; done
fi

if want impl && [[ $FULL -eq 1 ]]; then
    echo "== implementation views (tests/impl/run.sh --full: PPA, FPGA, fpga-sim, netlist simulation, scaling)"
    suite impl bash tests/impl/run.sh --full
fi

if [[ -n $SYNTH_PID ]]; then
    echo "== synthesis (Yosys generic, default configuration)"
    t=$(now)
    if wait $SYNTH_PID; then
        pass=$((pass + 1)); printf 'ok    %-40s %6ss  %s\n' synth-base "$(elapsed "$t")" "$(tail -1 "$LOG/synth-base.log")"
    else
        fail=$((fail + 1)); failed+=(synth-base); printf 'FAIL  %-40s\n' synth-base; tail -5 "$LOG/synth-base.log"
    fi
fi
if [[ -n $SYNTH_PID ]]; then
    suite impl-synth-report bash tests/impl/run.sh --check-report build/synth/base/report.json
fi

echo
echo "suite time $(( $(date +%s) - T0 )) s"
[[ $fail -gt 0 ]] && echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
