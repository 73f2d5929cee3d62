#!/usr/bin/env bash
# tests/divergence/elf_note.sh - the divergence mode from the ELF (issue 16
# done-when; docs/isa.md "Divergence modes"): weft-sim's default
# --divergence auto runs an ELF in the mode of its .weft.divergence section
# and in ipdom without one; an explicit --divergence overrides it; a note
# that names no mode is refused (exit 3); the summary and the perf JSON say
# which mode ran and where it came from. Ends with "N passed, M failed".
# usage: tests/divergence/elf_note.sh OUTDIR   (needs build/base, build/model, make kernels)
set -u
OUT=${1:-build/divergence-elf-note}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 1
mkdir -p "$OUT"
OBJCOPY=${RV_OBJCOPY:-riscv64-unknown-elf-objcopy}
RTL=build/base/weft-sim
MODEL=(build/model/weft-sim --engine model)
pass=0; fail=0
one() { # NAME WANT_RC TEXT CMD...
    local n=$1 want=$2 text=$3 rc
    shift 3
    "$@" >"$OUT/$n.log" 2>&1
    rc=$?
    if [[ $rc -eq $want ]] && grep -qF -- "$text" "$OUT/$n.log"; then
        echo "  ok    $n"; pass=$((pass + 1))
    else
        echo "  FAIL  $n: exit $rc (want $want), text '$text'"; sed 's/^/        /' "$OUT/$n.log" | head -8
        fail=$((fail + 1))
    fi
}
json() { # NAME FILE MODE SOURCE: the perf JSON's divergence record
    local n=$1 f=$2
    if python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["divergence"]; sys.exit(d!={"mode":sys.argv[2],"source":sys.argv[3]})' \
        "$f" "$3" "$4" 2>"$OUT/$n.log"; then
        echo "  ok    $n"; pass=$((pass + 1))
    else
        echo "  FAIL  $n: $f has no divergence {mode: $3, source: $4}"; fail=$((fail + 1))
    fi
}
# ELFs: vecadd (no note) with a minpc note and with a bad note
printf 'minpc\n' >"$OUT/minpc.note"
printf 'fast\n' >"$OUT/bad.note"
$OBJCOPY --add-section .weft.divergence="$OUT/minpc.note" build/sw/vecadd.elf "$OUT/vecadd-minpc.elf" || fail=$((fail + 1))
$OBJCOPY --add-section .weft.divergence="$OUT/bad.note" build/sw/vecadd.elf "$OUT/vecadd-bad.elf" || fail=$((fail + 1))

# no note: ipdom (every golden-table kernel)
one rtl-vecadd-default 0 "ipdom (default: the ELF has no .weft.divergence note)" \
    $RTL --kernel vecadd --perf-json "$OUT/vecadd.json"
json rtl-vecadd-json "$OUT/vecadd.json" ipdom default
# the build's note on the plain-C kernels
one rtl-vecadd_c-default 0 "minpc (from the ELF's .weft.divergence note)" \
    $RTL --kernel vecadd_c --perf-json "$OUT/vecadd_c.json"
json rtl-vecadd_c-json "$OUT/vecadd_c.json" minpc elf
one model-plainc-auto 0 "minpc (from the ELF's .weft.divergence note)" \
    "${MODEL[@]}" --kernel plainc --divergence auto --perf-json "$OUT/plainc-model.json"
json model-plainc-json "$OUT/plainc-model.json" minpc elf
# explicit modes override the note
one model-plainc-minpc 0 "minpc (--divergence)" "${MODEL[@]}" --kernel plainc --divergence minpc
one model-plainc-ipdom 7 "divergent branch at pc" "${MODEL[@]}" --kernel plainc --divergence ipdom
one rtl-vecadd-minpc-note-ipdom 0 "ipdom (--divergence)" \
    $RTL --kernel vecadd --elf "$OUT/vecadd-minpc.elf" --divergence ipdom --perf-json "$OUT/override.json"
json rtl-override-json "$OUT/override.json" ipdom option
# a note added to another ELF (objcopy, as docs/isa.md tells external users)
one rtl-vecadd-minpc-note 0 "minpc (from the ELF's .weft.divergence note)" \
    $RTL --kernel vecadd --elf "$OUT/vecadd-minpc.elf" --cosim
# a note that names no mode: exit 3 (ELF), before the run
one model-bad-note 3 "section .weft.divergence holds 'fast'; expected ipdom or minpc" \
    "${MODEL[@]}" --kernel vecadd --elf "$OUT/vecadd-bad.elf"
one rtl-bad-note-explicit 0 "ipdom (--divergence)" $RTL --kernel vecadd --elf "$OUT/vecadd-bad.elf" --divergence ipdom
# an unknown mode is a usage error
one bad-option 2 "--divergence" "${MODEL[@]}" --kernel vecadd --divergence fastest
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
