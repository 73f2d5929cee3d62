#!/usr/bin/env bash
# tests/buildsys/guard.sh - the guard of the shared harness objects (issue 17,
# Makefile "RTL_COMMON_SRCS"): the harness sources that read no define of a
# configuration are compiled once per build tree (build/common-<key>); the
# archive step of a configuration's libweftsim.a must stop the build, naming
# the file, when such a shared source or a header it includes names a define
# of that configuration.
#
# Works on a copy of the tracked tree in a temporary directory (the objects
# of build/common-<key> and build/base/obj copied beside it when present);
# never writes to the tree. Each case appends a comment to a file and gives
# it back its old modification time, so nothing recompiles (the guard reads
# the files themselves; the archive is removed so that its step runs) and
# the run takes seconds.
# Ends with `N passed, M failed`.
set -u
cd "$(dirname "$0")/../.."
root=$PWD
tmp=$(mktemp -d "${TMPDIR:-/tmp}/weft-guard.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; shift; printf '     %s\n' "$@"; fail=$((fail + 1)); }

git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$tmp"
mkdir -p "$tmp/build"
common=$(dirname "$(make -s print-shared | tr ' ' '\n' | grep '/common-' | head -1)")
common=${common%/obj*}
[ -d "$common" ] && cp -a "$common" "$tmp/build/"
[ -d build/base/obj ] && mkdir -p "$tmp/build/base" && cp -a build/base/obj build/base/ccflags.txt "$tmp/build/base/"
cd "$tmp"

lib() {  # CONFIG: (re)archive its libweftsim.a in the copy (the guard runs in that step); $out, $st
    rm -f build/"$1"/libweftsim.a
    out=$(make ${GUARD_MAKE_S--s} CONFIG="$1" JOBS=1 build/"$1"/libweftsim.a 2>&1); st=$?
    [ -z "${GUARD_DEBUG:-}" ] || echo "$out" | grep -E "^(gcc|ar|GEN)" | cut -c1-150 >&2
}
# the message must name the file and say why
expect_stop() {  # NAME CONFIG FILE
    lib "$2"
    if [ "$st" -ne 0 ] && grep -q "error: .*$3.* name a define of this configuration" <<<"$out" \
        && grep -q "compiled once for every configuration" <<<"$out"; then
        ok "$1"
    else
        bad "$1" "make exit $st, expected a stop naming $3; output:" "$(tail -5 <<<"$out")"
    fi
}
expect_build() {  # NAME CONFIG
    lib "$2"
    if [ "$st" -eq 0 ] && [ -s build/"$2"/libweftsim.a ]; then ok "$1"; else
        bad "$1" "make exit $st; output:" "$(tail -5 <<<"$out")"; fi
}

# 1. the tree as it is archives (the per-configuration sources name the defines)
expect_build guard-clean-tree base
mention() {  # FILE WORD: append a comment naming WORD, keep the file's time
    cp -p "$1" "$1.orig"; echo "/* $2 */" >> "$1"; touch -r "$1.orig" "$1"
}
unmention() { mv "$1.orig" "$1"; }
# 2. a shared source naming a define of the configuration
mention sim/dram.c WEFT_WARPS
expect_stop guard-shared-source base sim/dram.c
unmention sim/dram.c
# 3. a header that only the dependency files name (it is not a source)
mention sim/elf.h WEFT_CFG_THREADS
expect_stop guard-shared-header base sim/elf.h
unmention sim/elf.h
# 4. a host program (shared) naming a define of the configuration
h=$(ls sw/kernels/*/host.c | head -1)
mention "$h" WEFT_BUILD_CONFIG
expect_stop guard-host-program base "$h"
unmention "$h"
# 5. the check is per configuration: quad's define WEFT_DEFAULT_L2 in a
#    shared source passes base (not its define) and stops quad
mention sim/l2.c WEFT_DEFAULT_L2
expect_build guard-other-config-define base
expect_stop guard-config-define-quad quad sim/l2.c

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
