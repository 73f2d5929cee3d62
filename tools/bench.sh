#!/usr/bin/env bash
# tools/bench.sh CONFIG... - run every kernel on the RTL of each configuration
# and print a table: cycles, warp/thread instructions, warp IPC, simulated
# kHz (wall clock of the engine, one host core). Figures, not pass/fail: a
# kernel whose check fails is marked FAIL in the table.
set -u
cd "$(dirname "$0")/.."
KERNELS="$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk) $(sed -n 's/^FKERNELS *:= *//p' sw/sw.mk)"
printf '%-8s %-10s %-5s %10s %11s %12s %7s %9s\n' config kernel check cycles warp-instr thread-instr IPC sim-kHz
for c in "$@"; do
    make -s sim kernels CONFIG="$c" > /dev/null || exit 1
    for k in $KERNELS; do
        out=$(build/"$c"/weft-sim --kernel "$k" 2>&1)
        st=$(grep -qE '^PASS' <<<"$out" && echo PASS || echo FAIL)
        get() { sed -n "s/^  $1 *//p" <<<"$out" | awk '{print $1}'; }
        printf '%-8s %-10s %-5s %10s %11s %12s %7s %9s\n' "$c" "$k" "$st" "$(get cycles)" \
            "$(get 'warp instrs')" "$(get 'thread instrs')" "$(get 'warp IPC')" "$(get speed)"
    done
done
