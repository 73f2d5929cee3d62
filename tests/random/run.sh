#!/usr/bin/env bash
# tests/random/run.sh - constrained random programs (tools/rigen.py) run on
# the Verilated RTL in lock-step co-simulation with the functional model.
#
# usage: tests/random/run.sh SIM OUTDIR [--seeds N] [--seed S] [--length L]
#                            [--full] [--jobs J] [--keep] [--divergence D]
#   SIM        an RTL build of weft-sim (build/base/weft-sim)
#   OUTDIR     where programs, ELFs and logs go (build/random)
#   --seeds N  number of programs (default 25; --full: 200)
#   --seed S   first seed (default: derived from the time and $RANDOM);
#              with --seed and no --seeds exactly one program: a replay
#   --length L approximate warp instructions per warp (default 6000)
#   --full     more seeds, and the same programs also on the dual (2 cores)
#              and w8t8 builds next to SIM when they exist
#   --jobs J   programs in parallel (default $JOBS or 2)
#   --keep     keep the files of passing programs too
#   --divergence minpc: programs with per-thread control flow (rigen.py
#              --divergence minpc), run with --divergence minpc on both
#              engines; the knob draw then includes --swas on
#
# Each seed: rigen.py -> .S -> ELF (riscv64-unknown-elf-gcc, tests/model
# flags) -> `SIM --bare --elf X --cosim` (must exit 0: every committed warp
# instruction checked against the model) and `SIM --engine model` (must exit
# 0). The seeds are printed on one line; a failure is replayed with
# `tests/random/run.sh SIM OUTDIR --seed S [--length L]`. Prints the total of
# lock-step-checked warp instructions, the rate, and last `N passed, M failed`.
set -u
if [[ $# -lt 2 ]]; then sed -n '2,27p' "$0"; exit 2; fi
SIM=$1
OUT=$2
shift 2
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
NSEEDS=""
SEED=""
LENGTH=6000
FULL=0
KEEP=0
DIV=ipdom
J=${JOBS:-2}
while [[ $# -gt 0 ]]; do
    case $1 in
    --seeds) NSEEDS=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --length) LENGTH=$2; shift ;;
    --full) FULL=1 ;;
    --jobs) J=$2; shift ;;
    --keep) KEEP=1 ;;
    --divergence) DIV=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
if [[ -z $NSEEDS ]]; then
    if [[ -n $SEED ]]; then NSEEDS=1; elif [[ $FULL == 1 ]]; then NSEEDS=200; else NSEEDS=25; fi
fi
if [[ -z $SEED ]]; then
    SEED=$(( ($(date +%s) % 100000) * 1000 + RANDOM % 1000 ))
fi
CC=${RV_CC:-riscv64-unknown-elf-gcc}
CFLAGS="-march=rv32im -mabi=ilp32 -misa-spec=2.2 -nostdlib -nostartfiles -static -T $ROOT/tests/model/link.ld -Wl,--no-warn-rwx-segments"
mkdir -p "$OUT"

sims=("$SIM")
if [[ $FULL == 1 ]]; then
    bdir=$(dirname "$(dirname "$SIM")")
    for c in dual w8t8; do
        [[ -x $bdir/$c/weft-sim ]] && sims+=("$bdir/$c/weft-sim")
    done
fi

seeds=()
for ((i = 0; i < NSEEDS; i++)); do seeds+=($((SEED + i))); done
echo "seeds: ${seeds[*]}"
echo "length $LENGTH, simulators: ${sims[*]}"

# The knob values the streams draw from: config/weft.yaml (tools/weft_spec.py).
spec() { python3 "$ROOT/tools/weft_spec.py" values "$1"; }
read -ra KFP <<<"$(spec fetch_policy)"
read -ra KIP <<<"$(spec issue_policy)"
read -ra KFE <<<"$(spec frontend)"
read -ra KRD <<<"$(spec issue_ready)"
read -ra KBP <<<"$(spec bpr)"
[[ ${#KFP[@]} -gt 0 && ${#KIP[@]} -gt 0 && ${#KFE[@]} -gt 0 ]] || { echo "tools/weft_spec.py failed" >&2; exit 2; }

# one SEED: build and run; writes OUT/SEED.result: "ok|FAIL instrs engine_s msg"
one() {
    local s=$1 base=$OUT/r$1 res="" instrs=0 secs=0 sim tag rc
    if ! python3 "$ROOT/tools/rigen.py" --seed "$s" --length "$LENGTH" --divergence "$DIV" -o "$base.S" ||
        ! $CC $CFLAGS -o "$base.elf" "$base.S" >"$base.build.log" 2>&1; then
        echo "FAIL 0 0 build (see $base.build.log)" >"$base.result"
        return
    fi
    for sim in "${sims[@]}"; do
        tag=$(basename "$(dirname "$sim")")
        # The scheduling knobs are drawn from the seed too, so every front end
        # and policy meets random code (replaying a seed replays its knobs).
        # Value lists: config/weft.yaml (KFP.. above).
        local h=$(( (s * 2654435761) & 0xffffffff ))
        local knobs="--fetch-policy ${KFP[$((h % ${#KFP[@]}))]} --issue-policy ${KIP[$(( (h >> 4 & 0xff) % ${#KIP[@]} ))]}"
        knobs="$knobs --frontend ${KFE[$(( (h >> 12 & 0xff) % ${#KFE[@]} ))]} --issue-ready ${KRD[$((h >> 20 & 1))]}"
        knobs="$knobs --bpr ${KBP[$((h >> 21 & 1))]} --stall-table $(( (h >> 22 & 1) * 128 ))"
        if [[ $DIV != ipdom ]]; then
            knobs="$knobs --divergence $DIV"
            [[ $((h >> 23 & 1)) == 1 ]] && knobs="$knobs --swas on"
        else
            # ipdom streams test the leader rule on purpose (rigen.py: forward
            # branches with per-lane operands): no branch check
            knobs="$knobs --branch-check off"
        fi
        # shellcheck disable=SC2086
        timeout 120 "$sim" --bare --elf "$base.elf" --cosim --max-cycles 20000000 $knobs >"$base.$tag.log" 2>&1
        rc=$?
        if [[ $rc -ne 0 ]]; then
            res="$res $tag-cosim exit $rc ($knobs): $(grep -m1 -E '^FAIL' "$base.$tag.log")"
        else
            instrs=$((instrs + $(awk '/^  warp instrs/ {print $3}' "$base.$tag.log")))
            secs=$(awk -v a="$secs" '/wall seconds/ {gsub(/\)/, "", $5); print a + $5}' "$base.$tag.log")
        fi
        timeout 60 "$sim" --engine model --bare --elf "$base.elf" --divergence "$DIV" --branch-check off >"$base.$tag.model.log" 2>&1
        rc=$?
        [[ $rc -ne 0 ]] && res="$res $tag-model exit $rc: $(grep -m1 -E '^FAIL' "$base.$tag.model.log")"
    done
    if [[ -z $res ]]; then
        echo "ok $instrs $secs" >"$base.result"
        [[ $KEEP == 1 ]] || rm -f "$base.S" "$base.elf" "$base".*.log
    else
        echo "FAIL $instrs $secs$res" >"$base.result"
    fi
}

T0=$(date +%s.%N)
running=0
for s in "${seeds[@]}"; do
    rm -f "$OUT/r$s.result"
    one "$s" &
    running=$((running + 1))
    if [[ $running -ge $J ]]; then wait -n; running=$((running - 1)); fi
done
wait
T1=$(date +%s.%N)

pass=0
fail=0
total=0
esecs=0
for s in "${seeds[@]}"; do
    read -r st n secs msg <"$OUT/r$s.result"
    total=$((total + n))
    esecs=$(awk -v a="$esecs" -v b="$secs" 'BEGIN { print a + b }')
    if [[ $st == ok ]]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL seed $s:$msg"
        echo "      replay: tests/random/run.sh $SIM $OUT --seed $s --length $LENGTH --keep   (program $OUT/r$s.S)"
    fi
done
wall=$(awk -v a="$T0" -v b="$T1" 'BEGIN { printf "%.1f", b - a }')
echo "lock-step checked warp instructions: $total in $wall s wall ($(awk -v n="$total" -v w="$wall" 'BEGIN { printf "%.0f", n / w }')/s wall, $(awk -v n="$total" -v e="$esecs" 'BEGIN { if (e > 0) printf "%.0f", n / e; else print 0 }')/s of simulator time)"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
