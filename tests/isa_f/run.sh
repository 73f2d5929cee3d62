#!/usr/bin/env bash
# tests/isa_f/run.sh - directed RV32F tests (tests/isa_f/*.S).
#
# usage: tests/isa_f/run.sh SIM OUTDIR [FILTER]
#   SIM     weft-sim (e.g. build/model/weft-sim)
#   OUTDIR  where the ELFs go (rebuilt when older than their source)
#   ENGINE  environment: model (default) runs --engine model; rtl runs the
#           RTL build under --cosim (once the RTL implements F)
#   FILTER  only tests whose name contains FILTER
#
# Every NAME.S is a self-checking bare program (tohost 1 = pass, (n << 1) | 1
# = fail n -> exit 10); `# expect: CODE` gives the expected exit code (default
# 0), `# args:` extra options, `# message:` text the output must contain.
# Built with -march=rv32imf -mabi=ilp32f. Ends with "N passed, M failed".
set -u
if [[ $# -lt 2 ]]; then sed -n '2,16p' "$0"; exit 2; fi
SIM=$1
OUT=$2
FILTER=${3:-}
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
CC=${RV_CC:-riscv64-unknown-elf-gcc}
CFLAGS="-march=rv32imf -mabi=ilp32f -misa-spec=2.2 -nostdlib -nostartfiles -static -I$DIR -I$ROOT/tests/isa -T $ROOT/tests/model/link.ld -Wl,--no-warn-rwx-segments"
ENGINE=${ENGINE:-model}
if [[ $ENGINE == rtl ]]; then MODE="--cosim"; else MODE="--engine $ENGINE"; fi
mkdir -p "$OUT"
pass=0
fail=0
for src in "$DIR"/*.S; do
    name=$(basename "$src" .S)
    [[ -n $FILTER && $name != *$FILTER* ]] && continue
    elf=$OUT/$name.elf
    if [[ ! -f $elf || $src -nt $elf || $DIR/test_f.h -nt $elf || $ROOT/tests/isa/test.h -nt $elf ]]; then
        # shellcheck disable=SC2086
        if ! $CC $CFLAGS -o "$elf" "$src" >"$OUT/$name.build.log" 2>&1; then
            fail=$((fail + 1))
            printf 'FAIL %s: build\n' "$name"
            sed 's/^/        /' "$OUT/$name.build.log" | head -10
            continue
        fi
    fi
    code=$(sed -n 's/^# expect: *//p' "$src" | head -1)
    args=$(sed -n 's/^# args: *//p' "$src" | head -1)
    msg=$(sed -n 's/^# message: *//p' "$src" | head -1)
    # shellcheck disable=SC2086
    log=$(timeout 120 "$SIM" --bare --elf "$elf" $MODE --max-cycles 20000000 $args 2>&1)
    rc=$?
    if [[ $rc -eq ${code:-0} && ( -z $msg || $log == *"$msg"* ) ]]; then
        pass=$((pass + 1))
        printf 'PASS %-16s %s\n' "$name" "$(awk '/^  warp instrs/ {print $3 " warp instrs"}' <<<"$log")"
    else
        fail=$((fail + 1))
        printf 'FAIL %s: exit %s, expected %s%s\n' "$name" "$rc" "${code:-0}" "${msg:+ with \"$msg\"}"
        grep -v '^\[' <<<"$log" | head -4 | sed 's/^/        /'
    fi
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
