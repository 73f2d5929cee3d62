#!/usr/bin/env bash
# tests/fpu_rtl/build.sh OUTDIR [-GNAME=VALUE ...]: Verilate weft_fpu with
# the testbench tb_fpu.cpp into OUTDIR/tb_fpu. The reference is
# sim/model/fp32.c when it exists, else the host oracle alone.
set -eu
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=$1; shift
cd "$ROOT"
refdefs="" refsrc=""
if [ -f sim/model/fp32.c ] && [ -f sim/model/fp32.h ]; then
  refdefs="-DTB_USE_FP32"; refsrc="$ROOT/sim/model/fp32.c"
fi
mkdir -p "$out"
verilator --cc --exe --build -j 2 --top-module weft_fpu -Wall --assert -DWEFT_ASSERTS_ON -I$ROOT/rtl "$@" \
  -Mdir "$out" -o tb_fpu \
  -CFLAGS "-O1 -frounding-math -ffp-contract=off -I$ROOT/sim/model -I$ROOT/tests/fpu_rtl $refdefs" \
  -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1" \
  rtl/lint_waivers.vlt $(cat tests/fpu_rtl/files.f) \
  "$ROOT/tests/fpu_rtl/tb_fpu.cpp" "$ROOT/tests/fpu_rtl/host_ref.c" $refsrc
