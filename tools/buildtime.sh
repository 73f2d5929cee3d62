#!/bin/bash
# tools/buildtime.sh [CONFIG ...]: CPU time (user+sys) of a from-scratch
# build of each configuration's simulator, ccache off, in a scratch build
# directory (BT_DIR, default /tmp/weft-buildtime), JOBS=1, split into the
# harness objects (libweftsim.a), the C++ compile of each Verilated file
# (timed through Verilator's OBJCACHE hook) and the rest (Verilator itself,
# the link). Extra make variables: BT_MAKE="OPT_SLOW=-O0 ...". Prints one
# table row per configuration and the per-file times to BT_DIR/CONFIG/cxx.txt.
# BT_BUILD=DIR: one build tree for every configuration (as in real use): the
# objects shared between configurations (build/common-<key>: the harness
# objects that read no configuration define; build/vlrt-<key>: the Verilator
# runtime) are built first, once, and reported as the row "shared"; each
# configuration's directory DIR/CONFIG is removed before it is timed, so its
# row is what a new configuration costs when the shared objects are warm.
# The last column is the 1-minute load average before and after the row.
# Issue 17 item 4; docs/performance.md "Build time". Heavy: nice it.
set -eu
cd "$(dirname "$0")/.."
BT_DIR=${BT_DIR:-/tmp/weft-buildtime}
export CCACHE_DISABLE=1
[ $# -gt 0 ] || set -- base
mkdir -p "$BT_DIR"
wrap=$BT_DIR/cxxtime.sh
cat > "$wrap" <<'W'
#!/bin/sh
# OBJCACHE wrapper: time one compiler run, named by its last argument (the source)
for last; do :; done
exec /usr/bin/time -a -o "$BT_LOG" -f "%U %S $(basename "$last")" "$@"
W
chmod +x "$wrap"
cpu() { awk '{print $1 + $2}' "$1"; }
load() { cut -d' ' -f1 /proc/loadavg; }
printf '| config | total CPU s | harness objects | Verilator + link | model C++ | largest C++ files (s) | wall s | load |\n'
if [ -n "${BT_BUILD:-}" ]; then
    d=$BT_DIR/shared
    rm -rf "$d"; mkdir -p "$d"
    export BT_LOG=$d/cxx.txt
    : > "$BT_LOG"
    l0=$(load)
    # shellcheck disable=SC2046
    OBJCACHE="$wrap" /usr/bin/time -f '%U %S %e' -o "$d/shared.time" \
        make -s BUILD="$BT_BUILD" CONFIG="$1" JOBS=1 ${BT_MAKE:-} \
        $(make -s BUILD="$BT_BUILD" CONFIG="$1" ${BT_MAKE:-} print-shared) > "$d/shared.log" 2>&1
    awk -v l="$l0-$(load)" '{printf "| shared (harness objects + Verilator runtime) | %.0f | | | | | %.0f | %s |\n", $1 + $2, $3, l}' "$d/shared.time"
fi
for cfg in "$@"; do
    d=$BT_DIR/$cfg
    rm -rf "$d"; mkdir -p "$d"
    b=${BT_BUILD:-$d/b}
    [ -z "${BT_BUILD:-}" ] || rm -rf "${BT_BUILD:?}/$cfg"
    export BT_LOG=$d/cxx.txt
    : > "$BT_LOG"
    l0=$(load)
    /usr/bin/time -f '%U %S %e' -o "$d/lib.time" \
        make -s BUILD="$b" CONFIG="$cfg" JOBS=1 ${BT_MAKE:-} "$b/$cfg/libweftsim.a" > "$d/lib.log" 2>&1
    OBJCACHE="$wrap" /usr/bin/time -f '%U %S %e' -o "$d/sim.time" \
        make -s sim BUILD="$b" CONFIG="$cfg" JOBS=1 ${BT_MAKE:-} > "$d/sim.log" 2>&1 ||
        { echo "error: $cfg did not build (see $d/sim.log)" >&2; tail -5 "$d/sim.log" >&2; }
    lib=$(cpu "$d/lib.time"); sim=$(cpu "$d/sim.time")
    cxx=$(awk '{s += $1 + $2} END {printf "%.1f", s}' "$BT_LOG")
    top=$(awk '{printf "%s %.1f\n", $3, $1 + $2}' "$BT_LOG" | sort -k2 -nr | head -3 |
          sed 's/Vweft_gpu___024root__DepSet_//' | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
    wall=$(awk '{print $3}' "$d/lib.time" "$d/sim.time" | awk '{s += $1} END {printf "%.0f", s}')
    awk -v c="$cfg" -v l="$lib" -v s="$sim" -v x="$cxx" -v t="$top" -v w="$wall" -v ld="$l0-$(load)" 'BEGIN {
        printf "| %s | %.0f | %.0f | %.0f | %.0f | %s | %s | %s |\n", c, l + s, l, s - x, x, t, w, ld }'
done
