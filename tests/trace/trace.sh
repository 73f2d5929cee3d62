#!/bin/bash
# tests/trace/trace.sh TRACED UNTRACED KERNEL... - the TRACE=1 build (FST
# waveforms, `--trace FILE`) runs each kernel to PASS with the untraced
# build's cycle count and writes a non-empty FST file. TRACED and UNTRACED
# are weft-sim binaries of the same configuration.
set -u
traced=$1 plain=$2; shift 2
pass=0 fail=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then pass=$((pass + 1)); else echo "FAIL: $1"; fail=$((fail + 1)); fi; }
for k in "$@"; do
    "$traced" --kernel "$k" --trace "$tmp/$k.fst" > "$tmp/$k.t.out" 2>&1; rc=$?
    "$plain" --kernel "$k" > "$tmp/$k.p.out" 2>&1
    ct=$(awk '$1 == "cycles" {print $2; exit}' "$tmp/$k.t.out")
    cp=$(awk '$1 == "cycles" {print $2; exit}' "$tmp/$k.p.out")
    check "$k: traced run exits 0 and prints PASS" '[ $rc -eq 0 ] && grep -q PASS "$tmp/$k.t.out"'
    check "$k: cycles traced ($ct) = untraced ($cp)" '[ -n "$ct" ] && [ "$ct" = "$cp" ]'
    # an FST file starts with its header block (block type 0) and is more than
    # a header: the value-change blocks of every cycle follow
    sz=$(stat -c %s "$tmp/$k.fst" 2>/dev/null || echo 0)
    check "$k: FST file written ($sz bytes)" '[ "$sz" -gt 4096 ] && [ "$(head -c 1 "$tmp/$k.fst" | od -An -tu1 | tr -d " ")" = 0 ]'
done
# --trace on the untraced build is refused with a message, not ignored
"$plain" --kernel "$1" --trace "$tmp/no.fst" > "$tmp/no.out" 2>&1; rc=$?
check "untraced build refuses --trace (exit $rc)" '[ $rc -ne 0 ] && [ ! -s "$tmp/no.fst" ]'
echo "$pass passed, $fail failed (trace)"
[ $fail -eq 0 ]
