#!/usr/bin/env bash
# tools/bench.sh CONFIG... - simulation speed of the RTL (issue 17).
#
# Runs each benchmark kernel REPEATS times (default 3) on the RTL of each
# configuration and prints, per kernel: cycles, the simulated clock per
# CPU-second of the engine (best = min CPU time, and median), and per
# wall-second (median). CPU time (CLOCK_PROCESS_CPUTIME_ID around the engine
# run, the harness's "cpu speed" line) does not depend on the machine's
# load; wall time does (on a shared 2-core machine it reads 1-6x low).
#
# The kernels run at sizes that give >= 300k cycles on base, so start-up
# and the host program do not count:
#   vecadd --size 16384   304k cycles      sgemm --size 48   294k cycles
#   psort  --size 1024    476k cycles      conv3 --size 48   311k cycles
# (BENCH_KERNELS="name:size ..." overrides.)
#
# Environment:
#   REPEATS=N            runs per kernel (default 3)
#   BENCH_VARIANT="..."  extra make variables for the build (e.g. "PGO=1",
#                        "NOFPU=1"); the row is labelled with them
#   BENCH_DOCS=0         do not update docs/performance.md (default: update
#                        the table between the bench markers; each row's
#                        previous median is kept beside the new one)
#   BENCH_ALL=1          also the old table: every kernel at its default size
# Figures, not pass/fail: a kernel whose check fails is marked FAIL.
set -u
cd "$(dirname "$0")/.."
REPEATS=${REPEATS:-3}
BENCH_KERNELS=${BENCH_KERNELS:-"vecadd:16384 psort:1024 sgemm:48 conv3:48"}
BENCH_VARIANT=${BENCH_VARIANT:-}
BENCH_DOCS=${BENCH_DOCS:-1}
rows=$(mktemp)
trap 'rm -f "$rows"' EXIT
printf '%-8s %-8s %-8s %6s %9s %5s %9s %9s %9s\n' config variant kernel size cycles check \
    cpu-best cpu-med wall-med
echo "(simulated clock in MHz; best = min CPU time over $REPEATS runs)"
for c in "$@"; do
    # shellcheck disable=SC2086
    make -s sim kernels CONFIG="$c" $BENCH_VARIANT > /dev/null || exit 1
    # shellcheck disable=SC2086
    bin=$(make -s print-sim-bin CONFIG="$c" $BENCH_VARIANT)
    for ks in $BENCH_KERNELS; do
        k=${ks%%:*}; sz=${ks#*:}
        cyc=""; st=PASS; cpus=(); walls=()
        for ((i = 0; i < REPEATS; i++)); do
            out=$("$bin" --kernel "$k" --elf build/sw/"$k".elf --size "$sz" 2>&1)
            grep -qE '^PASS' <<<"$out" || st=FAIL
            c1=$(sed -n 's/^  cycles *//p' <<<"$out" | awk '{print $1}')
            [ -n "$cyc" ] && [ "$cyc" != "$c1" ] && st=NONDET
            cyc=$c1
            cpus+=("$(sed -n 's/^  cpu speed *//p' <<<"$out" | awk '{print $1}')")
            walls+=("$(sed -n 's/^  speed *//p' <<<"$out" | awk '{print $1}')")
        done
        read -r best med wmed < <(python3 -c '
import sys, statistics as s
n = int(sys.argv[1]); v = [float(x) / 1e3 for x in sys.argv[2:]]
c, w = v[:n], v[n:]
print("%.3f %.3f %.3f" % (max(c), s.median(c), s.median(w)))' "$REPEATS" "${cpus[@]}" "${walls[@]}")
        printf '%-8s %-8s %-8s %6s %9s %5s %9s %9s %9s\n' "$c" "${BENCH_VARIANT:--}" "$k" "$sz" "$cyc" "$st" \
            "$best" "$med" "$wmed"
        echo "$c|${BENCH_VARIANT:--}|$k|$sz|$cyc|$st|$best|$med|$wmed" >> "$rows"
    done
    if [ "${BENCH_ALL:-0}" = 1 ]; then
        KERNELS="$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk) $(sed -n 's/^FKERNELS *:= *//p' sw/sw.mk)"
        printf '%-8s %-10s %-5s %10s %11s %12s %7s %9s\n' config kernel check cycles warp-instr thread-instr IPC cpu-kHz
        for k in $KERNELS; do
            out=$("$bin" --kernel "$k" 2>&1)
            st=$(grep -qE '^PASS' <<<"$out" && echo PASS || echo FAIL)
            get() { sed -n "s/^  $1 *//p" <<<"$out" | awk '{print $1}'; }
            printf '%-8s %-10s %-5s %10s %11s %12s %7s %9s\n' "$c" "$k" "$st" "$(get cycles)" \
                "$(get 'warp instrs')" "$(get 'thread instrs')" "$(get 'warp IPC')" "$(get 'cpu speed')"
        done
    fi
done
[ "$BENCH_DOCS" = 1 ] && python3 - "$rows" docs/performance.md <<'PY'
# update the table between the markers: one row per config/variant/kernel/size,
# the previous CPU median kept beside the new one
import sys, time
rows_f, doc = sys.argv[1], sys.argv[2]
B, E = "<!-- bench:begin -->", "<!-- bench:end -->"
text = open(doc).read()
head = ("| config | build | kernel | size | cycles | check | CPU MHz best | CPU MHz median "
        "| previous CPU MHz median | wall MHz median | date |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
old = {}
if B in text and E in text:
    body = text.split(B, 1)[1].split(E, 1)[0]
    for line in body.splitlines():
        f = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(f) == 11 and f[0] not in ("config", "---"):
            old[tuple(f[:4])] = f
day = time.strftime("%Y-%m-%d", time.gmtime())
for line in open(rows_f):
    c, v, k, sz, cyc, st, best, med, wmed = line.strip().split("|")
    key = (c, v, k, sz)
    prev = old[key][7] if key in old else "-"
    old[key] = [c, v, k, sz, cyc, st, best, med, prev, wmed, day]
table = head + "".join("| " + " | ".join(f) + " |\n" for _, f in sorted(old.items()))
section = B + "\n" + table + E
if B in text and E in text:
    text = text.split(B, 1)[0] + section + text.split(E, 1)[1]
else:
    text = text.rstrip("\n") + "\n\n## `make bench` (simulation speed, CPU time)\n\n" + section + "\n"
open(doc, "w").write(text)
print("updated", doc)
PY
exit 0
