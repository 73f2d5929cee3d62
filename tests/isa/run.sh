#!/usr/bin/env bash
# tests/isa/run.sh - directed ISA tests on a simulator.
#
# usage: tests/isa/run.sh SIM OUTDIR [FILTER]
#   SIM     weft-sim; an RTL build runs every test with --cosim (lock-step
#           check against the model), WEFT_ENGINE=model runs the model alone
#   OUTDIR  where the ELFs go (built here from tests/isa/*.S when missing or
#           older than their source, test.h or link.ld)
#   FILTER  only tests whose name contains FILTER
#
# Every tests/isa/NAME.S is a self-checking bare program (tohost 1 = pass,
# (n << 1) | 1 = fail n -> exit 10). A header line `# expect: CODE` gives the
# expected exit code (default 0), `# args: ...` extra options. Ends with
# "N passed, M failed".
set -u
if [[ $# -lt 2 ]]; then sed -n '2,14p' "$0"; exit 2; fi
SIM=$1
OUT=$2
FILTER=${3:-}
DIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
CC=${RV_CC:-riscv64-unknown-elf-gcc}
CFLAGS="-march=rv32im -mabi=ilp32 -misa-spec=2.2 -nostdlib -nostartfiles -static -I$DIR -T $ROOT/tests/model/link.ld -Wl,--no-warn-rwx-segments"
ENGINE=${WEFT_ENGINE:-rtl}
if [[ $ENGINE == rtl ]]; then MODE="--cosim"; else MODE="--engine $ENGINE"; fi
mkdir -p "$OUT"
pass=0
fail=0
for src in "$DIR"/*.S; do
    name=$(basename "$src" .S)
    [[ -n $FILTER && $name != *$FILTER* ]] && continue
    elf=$OUT/$name.elf
    # (a test may #include another: any newer .S rebuilds)
    if [[ ! -f $elf || $src -nt $elf || $DIR/test.h -nt $elf || -n $(find "$DIR" -name "*.S" -newer "$elf") ]]; then
        # shellcheck disable=SC2086
        if ! $CC $CFLAGS -o "$elf" "$src" >"$OUT/$name.build.log" 2>&1; then
            fail=$((fail + 1))
            printf '  FAIL  %s: build\n' "$name"
            sed 's/^/        /' "$OUT/$name.build.log" | head -10
            continue
        fi
    fi
    code=$(sed -n 's/^# expect: *//p' "$src" | head -1)
    args=$(sed -n 's/^# args: *//p' "$src" | head -1)
    # shellcheck disable=SC2086
    log=$(timeout 60 "$SIM" --bare --elf "$elf" $MODE --max-cycles 5000000 $args 2>&1)
    rc=$?
    if [[ $rc -eq ${code:-0} ]]; then
        pass=$((pass + 1))
        printf '  ok    %-14s %s\n' "$name" "$(awk '/^  warp instrs/ {print $3 " warp instrs"}' <<<"$log")"
    else
        fail=$((fail + 1))
        printf '  FAIL  %s: exit %s, expected %s\n' "$name" "$rc" "${code:-0}"
        grep -v '^\[' <<<"$log" | head -4 | sed 's/^/        /'
    fi
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
