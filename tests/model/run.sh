#!/usr/bin/env bash
# run.sh - run the functional model's tests.
#
# usage: tests/model/run.sh WEFT_SIM OUTDIR [FILTER]
#   WEFT_SIM  the harness built with the model engine (build/model/weft-sim)
#   OUTDIR    where model.mk put the test ELFs (build/tests/model)
#   FILTER    run only tests whose name contains FILTER
#
# Each tests/model/NAME.S is run as a bare program; its header says the
# expected exit code (# expect:), extra options (# args:), text that must be
# in the FAIL line (# message:) and lines that must be printed (# output:).
# Then the harness's own error paths (bad options, malformed and missing
# ELF files) and the API test. Ends with "N passed, M failed".
set -u
SIM=$1
OUT=$2
FILTER=${3:-}
DIR=$(cd "$(dirname "$0")" && pwd)
ENGINE=${WEFT_ENGINE:-model}
pass=0
fail=0
skip=0
names=()

ok() { pass=$((pass + 1)); printf '  ok    %s\n' "$1"; }
bad() { fail=$((fail + 1)); names+=("$1"); printf '  FAIL  %s: %s\n' "$1" "$2"; }

# expect NAME CODE [MESSAGE] -- ARGS...: run the harness, check code/message
expect() {
    local name=$1 code=$2 msg=$3
    shift 3
    [[ -n $FILTER && $name != *$FILTER* ]] && return
    local log
    log=$(timeout 60 "$SIM" "$@" 2>&1)
    local rc=$?
    if [[ $rc -ne $code ]]; then
        bad "$name" "exit code $rc, expected $code; output:"$'\n'"$(echo "$log" | tail -15 | sed 's/^/        /')"
        return
    fi
    if [[ -n $msg ]] && ! grep -qF -- "$msg" <<<"$log"; then
        bad "$name" "output lacks '$msg':"$'\n'"$(echo "$log" | tail -15 | sed 's/^/        /')"
        return
    fi
    ok "$name"
}

echo "programs (tests/model/*.S):"
for src in "$DIR"/*.S; do
    name=$(basename "$src" .S)
    [[ -n $FILTER && $name != *$FILTER* ]] && continue
    code=$(sed -n 's/^# expect: *//p' "$src" | head -1)
    args=$(sed -n 's/^# args: *//p' "$src" | head -1)
    msg=$(sed -n 's/^# message: *//p' "$src" | head -1)
    code=${code:-0}
    if [[ ${WEFT_ENGINE:-model} == rtl ]]; then
        # An RTL build has a fixed shape: a program that asks for another one
        # runs on the model only. Error texts are the RTL engine's own, so
        # only the exit code is compared.
        if [[ $args == *--cores* || $args == *--warps* || $args == *--threads* ||
              $args == *--ipdom-depth* || $args == *--barriers* ]]; then
            printf '  skip  %s (needs %s)\n' "$name" "$args"
            continue
        fi
        msg=""
        args=${args//model steps/}
    fi
    # shellcheck disable=SC2086
    log=$(timeout 60 "$SIM" --engine "${WEFT_ENGINE:-model}" --bare --elf "$OUT/$name.elf" $args 2>&1)
    rc=$?
    if [[ $rc -ne $code ]]; then
        bad "$name" "exit code $rc, expected $code; output:"$'\n'"$(echo "$log" | tail -15 | sed 's/^/        /')"
        continue
    fi
    if [[ -n $msg ]] && ! grep -qF -- "$msg" <<<"$log"; then
        bad "$name" "output lacks '$msg':"$'\n'"$(echo "$log" | tail -15 | sed 's/^/        /')"
        continue
    fi
    missing=""
    while IFS= read -r line; do
        [[ -z $line ]] && continue
        grep -qxF -- "$line" <<<"$log" || missing="$line"
    done < <(sed -n 's/^# output: *//p' "$src")
    if [[ -n $missing ]]; then
        bad "$name" "no output line '$missing':"$'\n'"$(echo "$log" | tail -15 | sed 's/^/        /')"
        continue
    fi
    ok "$name"
done

echo "harness:"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
GOOD=$OUT/rv32i.elf
expect help 0 "usage:" --help
expect no-arguments 2 "need --kernel" 
expect unknown-option 2 "unknown option --bogus" --bogus
expect missing-argument 2 "needs an argument" --bare --elf
expect bad-number 2 "--cores abc: expected a number" --bare --elf "$GOOD" --cores abc
expect negative-number 2 "expected a number" --bare --elf "$GOOD" --max-cycles -5
expect unknown-engine 2 "unknown engine" --engine nosuch --bare --elf "$GOOD"
expect stray-argument 2 "unexpected argument" --bare --elf "$GOOD" extra
expect unknown-kernel 2 "unknown kernel 'no_such_kernel'" --kernel no_such_kernel
expect bad-config 2 "threads = 33" --bare --elf "$GOOD" --threads 33
expect zero-warps 2 "warps = 0" --bare --elf "$GOOD" --warps 0
expect list 0 "" --list
expect missing-elf 3 "cannot open" --bare --elf "$T/does-not-exist.elf"
printf 'hello, not an ELF file' >"$T/magic.elf"
expect bad-magic 3 "bad magic" --bare --elf "$T/magic.elf"
: >"$T/empty.elf"
expect empty-file 3 "bad magic" --bare --elf "$T/empty.elf"
head -c 40 "$GOOD" >"$T/short.elf"
expect truncated-header 3 "truncated file" --bare --elf "$T/short.elf"
head -c 100 "$GOOD" >"$T/phdr.elf"
expect truncated-phdrs 3 "truncated file" --bare --elf "$T/phdr.elf"
# keep the headers, cut the segment data
phend=$(python3 -c "import struct,sys;d=open(sys.argv[1],'rb').read();print(struct.unpack_from('<I',d,28)[0]+32*struct.unpack_from('<H',d,44)[0])" "$GOOD")
head -c "$((phend + 8))" "$GOOD" >"$T/seg.elf"
expect truncated-segment 3 "truncated file: segment" --bare --elf "$T/seg.elf"
cp "$GOOD" "$T/mach.elf"
printf '\x3e\x00' | dd of="$T/mach.elf" bs=1 seek=18 conv=notrunc status=none
expect wrong-machine 3 "machine 62 is not RISC-V" --bare --elf "$T/mach.elf"
cp "$GOOD" "$T/be.elf"
printf '\x02' | dd of="$T/be.elf" bs=1 seek=5 conv=notrunc status=none
expect big-endian 3 "not little-endian" --bare --elf "$T/be.elf"
cp "$GOOD" "$T/rel.elf"
printf '\x01\x00' | dd of="$T/rel.elf" bs=1 seek=16 conv=notrunc status=none
expect not-executable 3 "not an executable" --bare --elf "$T/rel.elf"
expect elf64 3 "not ELFCLASS32" --bare --elf "$OUT/bad/elf64.elf"
expect rvc 3 "compressed instructions" --bare --elf "$OUT/bad/rvc.elf"
expect outside-ram 3 "outside device RAM" --bare --elf "$OUT/bad/lowaddr.elf"
expect in-stack-region 3 "overlaps the stack region" --bare --elf "$OUT/bad/stack.elf"
expect directory 3 "" --bare --elf "$T"
expect kernel-default-elf 3 "build/sw/zz_none.elf" --bare --kernel zz_none

if [[ $ENGINE == model ]] && [[ -z $FILTER || commit-trace == *$FILTER* ]]; then
    if "$SIM" --engine model --bare --elf "$OUT/split_join.elf" --threads 8 --branch-check off --commit-trace "$T/trace.txt" >/dev/null 2>&1 &&
        grep -qxF "c0 w0 80000024 06400713 m=aa x14=-,64,-,64,-,64,-,64" "$T/trace.txt" &&
        grep -qxF "c0 w0 80000030 0000300b m=aa -> m=55" "$T/trace.txt"; then
        ok commit-trace
    else
        bad commit-trace "$(head -20 "$T/trace.txt" 2>&1 | sed 's/^/        /')"
    fi
fi

echo "SIGINT:"
if [[ -z $FILTER || sigint == *$FILTER* ]]; then
    "$SIM" --engine "$ENGINE" --bare --elf "$OUT/timeout.elf" >"$T/int.log" 2>&1 &
    pid=$!
    sleep 0.5
    kill -INT "$pid"
    wait "$pid"
    rc=$?
    if [[ $rc -eq 11 ]] && grep -q "FAIL (interrupted" "$T/int.log" && grep -q "thread instrs" "$T/int.log"; then
        ok sigint
    else
        bad sigint "exit code $rc:"$'\n'"$(sed 's/^/        /' "$T/int.log")"
    fi
fi

echo "api:"
if [[ -z $FILTER || api == *$FILTER* ]]; then
    if "$OUT/api_test" "$OUT/api/launch.elf" "$OUT/api/step.elf" >"$T/api.log" 2>&1; then
        ok "api ($(grep '^api:' "$T/api.log"))"
    else
        bad api "$(sed 's/^/        /' "$T/api.log")"
    fi
    grep -qxF "[c1 w0 t0] k" "$T/api.log" || bad api-console "no '[c1 w0 t0] k' line"
fi

[[ $skip -gt 0 ]] && echo "($skip skipped on the $ENGINE engine)"
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
