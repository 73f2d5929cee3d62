#!/usr/bin/env bash
# tests/fpu_rtl/mutate.sh: check that tb_fpu detects deliberate RTL faults.
# Each mutant is a copy of rtl/fpu/ with one sed edit, built and run with a
# few thousand vectors per op; the bench must FAIL on every mutant.
# (Not part of run.sh: about 45 s of build per mutant.)
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
OUT=build/fpu_rtl/mutants
MUTANTS=(
  "round-rne-half-up|weft_fpu_round.sv|s/weft_fpu_pkg::RNE: rinc = g \& (s | lsb);/weft_fpu_pkg::RNE: rinc = g;/"
  "tiny-before-round|weft_fpu_round.sv|s/tiny    = !normal \&\& .*/tiny    = !normal;/"
  "fma-sticky-window|weft_fpu_fma.sv|s/d > 13'sd49/d > 13'sd44/"
  "div-one-step-short|weft_fpu.sv|s/< 32'd26)/< 32'd25)/"
  "cvt-wu-neg-zero|weft_fpu_cvt.sv|s/nv = sgn ? (mag != 33'd0) : mag\[32\]/nv = sgn ? 1'b1 : mag[32]/"
  "minmax-zero-sign|weft_fpu_misc.sv|s/(a_i | b_i) : (a_i \& b_i)/(a_i \& b_i) : (a_i | b_i)/"
  "pipe-valid-not-held|weft_fpu_pipe.sv|s/assign v_d = hold_i ? v_q : {v_q/assign v_d = 1'b0 ? v_q : {v_q/"
  "no-offer-lock|weft_fpu.sv|s/(lock_q != 4'd0) ? enc4(lock_q) : rr_pick/rr_pick/"
  "flags-all-lanes|weft_fpu.sv|s/if (m\[t\]) or_flags/if (1'b1) or_flags/"
  "div-no-backpressure|weft_fpu.sv|s/(!dv_busy_q || cls_take\[C_DIV\])/1'b1/"
)
fails=0
for m in "${MUTANTS[@]}"; do
  IFS='|' read -r name file expr <<< "$m"
  d="$OUT/$name"
  rm -rf "$d"; mkdir -p "$d/rtl"
  cp rtl/fpu/*.sv "$d/rtl/"
  sed -i "$expr" "$d/rtl/$file"
  if cmp -s "rtl/fpu/$file" "$d/rtl/$file"; then echo "BROKEN $name (sed did not apply)"; fails=$((fails+1)); continue; fi
  files=$(sed "s#rtl/fpu/#$d/rtl/#" tests/fpu_rtl/files.f)
  refdefs="" refsrc=""
  [ -f sim/model/fp32.c ] && { refdefs="-DTB_USE_FP32"; refsrc="$ROOT/sim/model/fp32.c"; }
  verilator --cc --exe --build -j 2 --top-module weft_fpu --assert -DWEFT_ASSERTS_ON -I$ROOT/rtl -Wno-fatal -Wno-lint -Wno-style \
    -Mdir "$d/obj" -o tb_fpu \
    -CFLAGS "-O1 -frounding-math -ffp-contract=off -I$ROOT/sim/model -I$ROOT/tests/fpu_rtl $refdefs" \
    -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1" $files \
    "$ROOT/tests/fpu_rtl/tb_fpu.cpp" "$ROOT/tests/fpu_rtl/host_ref.c" $refsrc > "$d/build.log" 2>&1 \
    || { echo "BROKEN $name (build failed)"; fails=$((fails+1)); continue; }
  if "$d/obj/tb_fpu" --vectors 5000 > "$d/run.log" 2>&1; then
    echo "UNDETECTED $name"; fails=$((fails+1))
  else
    echo "detected $name: $(grep -c '^FAIL' "$d/run.log") FAIL lines"
  fi
done
[ "$fails" -eq 0 ]
