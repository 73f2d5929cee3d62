#!/usr/bin/env bash
# tests/frontend/depth.sh - the front-end depth presets (make FE=weft|vortex,
# IC_LAT=N, DEC_REG=0|1; docs/architecture.md "Front-end depth").
#
#   tests/frontend/depth.sh FE_SIM TF [BASE_SIM]
#
# FE_SIM is a build of base with a deeper front end (make FE=vortex:
# build/base-fevortex/weft-sim; or IC_LAT/DEC_REG overrides), TF its fetch
# depth (IC_LAT + DEC_REG); BASE_SIM (default build/base/weft-sim) the
# default front end (tF = 1).
#   1. make: FE=vortex builds in build/base-fevortex, CONFIG=vortex defaults
#      to the vortex front end (build/vortex) and FE=weft there is
#      build/vortex-feweft; IC_LAT=2 DEC_REG=1 -> build/base-iclat2-decreg1;
#      FE=foo, IC_LAT=0 and DEC_REG=2 are refused (make error naming the
#      variable); the build's Verilator flags carry WEFT_IC_LAT / WEFT_DEC_REG
#      with the sum TF;
#   2. every kernel (KERNELS FKERNELS MKERNELS of sw/sw.mk) passes on FE_SIM
#      under co-simulation with the default knobs, and under SWaS (GTLRR) with
#      0 osched2 errors (the buffers of depth tF + 1 never run dry);
#   3. the depth takes effect: with the stall front end a warp is refetched
#      tF + 1 cycles after its previous fetch, so vecadd, psum and
#      ubench_straight take more cycles on FE_SIM than on BASE_SIM; under
#      SWaS every kernel has more NOPs (tF + 1 per warp start and up to tF in
#      flight per redirect).
# Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
FS=${1:?usage: depth.sh FE_SIM TF [BASE_SIM]}
TF=${2:?usage: depth.sh FE_SIM TF [BASE_SIM]}
BS=${3:-build/base/weft-sim}
OUT=build/test-frontend-depth
rm -rf "$OUT"; mkdir -p "$OUT"
pass=0; fail=0
ok() { pass=$((pass + 1)); printf 'ok    %-36s %s\n' "$1" "$2"; }
bad() { fail=$((fail + 1)); printf 'FAIL  %-36s %s\n' "$1" "$2"; }
cyc() { sed -n 's/^  cycles *\([0-9]*\).*/\1/p' "$1" | head -1; }
nops() { sed -n 's/.*SWaS NOPs \([0-9]*\).*/\1/p' "$1" | head -1; }
errs() { sed -n 's/.* \([0-9]*\) errors (osched2).*/\1/p' "$1" | head -1; }
simbin() { make -s --no-print-directory --eval 'weft-print-simbin: ; @echo $(SIM_BIN)' weft-print-simbin "$@" 2>&1 | tail -1; }

# 1. make interface
for t in "build/base-fevortex/weft-sim:FE=vortex" "build/vortex/weft-sim:CONFIG=vortex" \
         "build/vortex-feweft/weft-sim:CONFIG=vortex FE=weft" "build/base/weft-sim:FE=weft" \
         "build/base-iclat2-decreg1/weft-sim:IC_LAT=2 DEC_REG=1" "build/base-fevortex-decreg1/weft-sim:FE=vortex DEC_REG=1"; do
    want=${t%%:*}; vars=${t#*:}
    # shellcheck disable=SC2086
    got=$(simbin $vars)
    [ "$got" = "$want" ] && ok "make-dir ${vars// /,}" "$got" || bad "make-dir ${vars// /,}" "got '$got', want '$want'"
done
for t in "FE=foo:unknown FE 'foo'" "IC_LAT=0:IC_LAT '0'" "DEC_REG=2:DEC_REG '2'"; do
    v=${t%%:*}; want=${t#*:}
    out=$(make -s --no-print-directory "$v" --eval 'x: ; @true' x 2>&1); rc=$?
    if [ $rc -ne 0 ] && grep -qF "$want" <<< "$out"; then ok "make-refuses $v" "exit $rc: $(tail -1 <<< "$out" | cut -c1-60)"
    else bad "make-refuses $v" "exit $rc: $out"; fi
done
[ -x "$FS" ] || { bad fe-build "$FS missing"; echo "$pass passed, $fail failed"; exit 1; }
vf=$(dirname "$FS")/vflags.txt
il=$(grep -o 'WEFT_IC_LAT=[0-9]*' "$vf" | cut -d= -f2); dr=$(grep -o 'WEFT_DEC_REG=[0-9]*' "$vf" | cut -d= -f2)
if [ -n "$il" ] && [ -n "$dr" ] && [ $((il + dr)) -eq "$TF" ] && [ "$TF" -gt 1 ]; then
    ok fe-build-depth "IC_LAT $il + DEC_REG $dr = tF $TF"
else bad fe-build-depth "IC_LAT '$il' DEC_REG '$dr' in $vf, expected a sum of $TF > 1"; fi

# 2. every kernel under co-simulation, default knobs and SWaS
K=$(make -s --no-print-directory --eval 'k: ; @echo $(KERNELS) $(FKERNELS) $(MKERNELS)' k)
nk=0; swbad=""; dbad=""
for k in $K; do
    nk=$((nk + 1))
    "$FS" --kernel "$k" --cosim > "$OUT/$k-default.log" 2>&1 || dbad="$dbad $k(exit $?)"
    head -1 "$OUT/$k-default.log" | grep -q '^PASS' || dbad="$dbad $k"
    "$FS" --kernel "$k" --cosim --swas on --issue-policy gtlrr > "$OUT/$k-swas.log" 2>&1 || swbad="$swbad $k(exit $?)"
    { head -1 "$OUT/$k-swas.log" | grep -q '^PASS' && [ "$(errs "$OUT/$k-swas.log")" = 0 ]; } ||
        swbad="$swbad $k(errors '$(errs "$OUT/$k-swas.log")')"
done
[ -z "$dbad" ] && ok cosim-default "$nk kernels PASS" || bad cosim-default "failed:$dbad (logs in $OUT)"
[ -z "$swbad" ] && ok cosim-swas "$nk kernels PASS, 0 osched2 errors" || bad cosim-swas "failed:$swbad (logs in $OUT)"

# 2b. hardware-managed divergence (issue 16) with the deeper front end: its
# fetch-time merging of waiting threads meets the I-cache answer stages
DK=$(make -s --no-print-directory --eval 'k: ; @echo $(DKERNELS)' k)
mbad=""; nm=0
for k in $DK; do
    for kn in "" "--swas on --issue-policy gtlrr" "--frontend nss --bpr on --stall-table 128"; do
        nm=$((nm + 1))
        "$FS" --kernel "$k" --divergence minpc --cosim $kn > "$OUT/$k-minpc.log" 2>&1 || mbad="$mbad $k[$kn](exit $?)"
        head -1 "$OUT/$k-minpc.log" | grep -q '^PASS' || mbad="$mbad $k[$kn]"
    done
done
{ [ -z "$mbad" ] && [ "$nm" -gt 0 ]; } && ok cosim-minpc "$nm runs of ${DK:-no kernels} PASS" ||
    bad cosim-minpc "failed:${mbad:- no DKERNELS} (logs in $OUT)"

# 3. the depth takes effect
if [ -x "$BS" ]; then
    for k in vecadd psum ubench_straight; do
        "$BS" --kernel "$k" > "$OUT/$k-base.log" 2>&1
        a=$(cyc "$OUT/$k-base.log"); b=$(cyc "$OUT/$k-default.log")
        if [ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]; then ok "slower-stall-$k" "cycles $a (tF 1) -> $b (tF $TF)"
        else bad "slower-stall-$k" "cycles '$a' (tF 1) -> '$b' (tF $TF): expected more"; fi
    done
    nb=""; msg=""
    for k in vecadd psort sgemm diverge; do
        "$BS" --kernel "$k" --swas on --issue-policy gtlrr > "$OUT/$k-base-swas.log" 2>&1
        a=$(nops "$OUT/$k-base-swas.log"); b=$(nops "$OUT/$k-swas.log")
        { [ -n "$a" ] && [ -n "$b" ] && [ "$b" -gt "$a" ]; } || nb="$nb $k($a -> $b)"
        msg="$msg $k $a->$b"
    done
    [ -z "$nb" ] && ok swas-more-nops "NOPs tF 1 -> tF $TF:${msg:-}" || bad swas-more-nops "not more:$nb"
else
    bad base-build "$BS missing"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
