#!/bin/bash
# tools/buildtime.sh [CONFIG ...]: CPU time (user+sys) of a from-scratch
# build of each configuration's simulator, ccache off, in a scratch build
# directory (BT_DIR, default /tmp/weft-buildtime), JOBS=1, split into the
# harness objects (libweftsim.a), the C++ compile of each Verilated file
# (timed through Verilator's OBJCACHE hook) and the rest (Verilator itself,
# the link). Extra make variables: BT_MAKE="OPT_SLOW=-O0 ...". Prints one
# table row per configuration and the per-file times to BT_DIR/CONFIG/cxx.txt.
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
printf '| config | total CPU s | harness objects | Verilator + link | model C++ | largest C++ files (s) | wall s |\n'
for cfg in "$@"; do
    d=$BT_DIR/$cfg
    rm -rf "$d"; mkdir -p "$d"
    export BT_LOG=$d/cxx.txt
    : > "$BT_LOG"
    /usr/bin/time -f '%U %S %e' -o "$d/lib.time" \
        make -s BUILD="$d/b" CONFIG="$cfg" JOBS=1 ${BT_MAKE:-} "$d/b/$cfg/libweftsim.a" > "$d/lib.log" 2>&1
    OBJCACHE="$wrap" /usr/bin/time -f '%U %S %e' -o "$d/sim.time" \
        make -s sim BUILD="$d/b" CONFIG="$cfg" JOBS=1 ${BT_MAKE:-} > "$d/sim.log" 2>&1
    lib=$(cpu "$d/lib.time"); sim=$(cpu "$d/sim.time")
    cxx=$(awk '{s += $1 + $2} END {printf "%.1f", s}' "$BT_LOG")
    top=$(awk '{printf "%s %.1f\n", $3, $1 + $2}' "$BT_LOG" | sort -k2 -nr | head -3 |
          sed 's/Vweft_gpu___024root__DepSet_//' | awk '{printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2}')
    wall=$(awk '{print $3}' "$d/lib.time" "$d/sim.time" | awk '{s += $1} END {printf "%.0f", s}')
    awk -v c="$cfg" -v l="$lib" -v s="$sim" -v x="$cxx" -v t="$top" -v w="$wall" 'BEGIN {
        printf "| %s | %.0f | %.0f | %.0f | %.0f | %s | %s |\n", c, l + s, l, s - x, x, t, w }'
done
