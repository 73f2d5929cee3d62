#!/usr/bin/env bash
# speed.sh - measure the functional model's speed on the benchmark kernels.
#
# usage: tests/model/speed.sh WEFT_SIM [RUNS] [extra harness options]
# Runs every kernel RUNS times (default 3) at a size that takes a fraction of
# a second and prints a Markdown table with the best (highest) rate of thread
# instructions per second of engine time (the harness's "speed" line; engine
# time excludes the host program's input generation and checking).
# Benchmarks measure; nothing here asserts a speed.
set -u
SIM=$1
RUNS=${2:-3}
shift $(($# < 2 ? $# : 2))
sizes="vecadd:1000000 psum:1000000 psort:8192 transpose:1024 conv3:512 diverge:50000"
printf '| kernel | size | config | warp instrs | thread instrs | threads/warp instr | best engine s | M thread-instrs/s |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for ks in $sizes; do
    k=${ks%%:*}
    n=${ks##*:}
    best=""
    for ((i = 0; i < RUNS; i++)); do
        log=$("$SIM" --engine model --kernel "$k" --size "$n" "$@" 2>&1) || {
            echo "| $k | $n | FAILED: $(echo "$log" | grep -m1 FAIL) |"
            continue 2
        }
        s=$(awk '/wall seconds/ {gsub(/\)/, "", $5); print $5}' <<<"$log")
        if [[ -z $best ]] || awk -v a="$s" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best=$s
            wi=$(awk '/warp instrs/ {print $3}' <<<"$log")
            ti=$(awk '/thread instrs/ {print $3}' <<<"$log")
            cfg=$(awk '/configuration/ {print $2}' <<<"$log")
        fi
    done
    awk -v k="$k" -v n="$n" -v c="$cfg" -v w="$wi" -v t="$ti" -v s="$best" \
        'BEGIN { printf "| %s | %s | %s | %d | %d | %.2f | %.3f | %.1f |\n", k, n, c, w, t, t / w, s, t / s / 1e6 }'
done
