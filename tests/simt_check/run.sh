#!/usr/bin/env bash
# tests/simt_check/run.sh - sw/tools/simt_check.py on small kernels: good.c
# must pass; break.c and return.c (leaving a WEFT_WHILE) must be rejected
# with the WEFT_WHILE message. Compiled with the kernels' flags (sw/sw.mk,
# RV_CFLAGS, incl. -fno-shrink-wrap). Ends with "N passed, M failed".
# usage: tests/simt_check/run.sh OUTDIR
set -u
OUT=${1:-build/simt_check}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=$ROOT/tests/simt_check
mkdir -p "$OUT"
CC=${RV_CC:-riscv64-unknown-elf-gcc}
OBJDUMP=${RV_OBJDUMP:-riscv64-unknown-elf-objdump}
read -ra CFLAGS <<<"$(cd "$ROOT" && make -s --no-print-directory -f sw/sw.mk \
    --eval='weft-print-cflags: ; @echo $(RV_CFLAGS)' weft-print-cflags 2>/dev/null | sed 's/-MMD -MP//')"
[[ ${#CFLAGS[@]} -gt 0 ]] || { echo "cannot read RV_CFLAGS"; echo "0 passed, 1 failed"; exit 1; }
pass=0; fail=0
one() { # NAME WANT_RC TEXT [SRC [CFLAGS...]]
    local n=$1 want=$2 text=$3 src=${4:-$1} rc
    local -a fl=("${CFLAGS[@]}")
    [[ $# -gt 4 ]] && fl=("${@:5}")
    if ! (cd "$ROOT" && $CC "${fl[@]}" -c -o "$OUT/$n.o" "$DIR/$src.c") >"$OUT/$n.build.log" 2>&1; then
        echo "  FAIL  $n: build"; sed 's/^/        /' "$OUT/$n.build.log" | head; fail=$((fail + 1)); return
    fi
    $OBJDUMP -d "$OUT/$n.o" >"$OUT/$n.dis"
    python3 "$ROOT/sw/tools/simt_check.py" "$OUT/$n.dis" >"$OUT/$n.log" 2>&1
    rc=$?
    if [[ $rc -eq $want ]] && grep -q -- "$text" "$OUT/$n.log"; then
        echo "  ok    $n"; pass=$((pass + 1))
    else
        echo "  FAIL  $n: exit $rc (want $want, text '$text')"; sed 's/^/        /' "$OUT/$n.log" | head; fail=$((fail + 1))
    fi
}
one good 0 ": ok"
one break 1 "break (or goto) out of the WEFT_WHILE"
one return 1 "return (or tail call) out of the WEFT_WHILE"
one shrinkwrap 0 ": ok"
# the same source with shrink-wrapping (the flags without -fno-shrink-wrap)
nosw=()
for f in "${CFLAGS[@]}"; do [[ $f == -fno-shrink-wrap ]] || nosw+=("$f"); done
[[ ${#nosw[@]} -lt ${#CFLAGS[@]} ]] || { echo "  FAIL  RV_CFLAGS lacks -fno-shrink-wrap"; fail=$((fail + 1)); }
one shrinkwrap-on 1 "continuations differ" shrinkwrap "${nosw[@]}"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
