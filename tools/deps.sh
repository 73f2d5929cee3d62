#!/usr/bin/env bash
# tools/deps.sh - check the toolchain and install what is missing (Debian).
# Needs: verilator (5.006 from Debian is the reference), iverilog, yosys,
# riscv64-unknown-elf-gcc with picolibc, g++, make, python3.
set -euo pipefail
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
if [ ${#need[@]} -gt 0 ]; then
    echo "deps: installing ${need[*]}"
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
fi
echo "deps: $(verilator --version | head -1)"
echo "deps: $(iverilog -V 2>&1 | head -1)"
echo "deps: $(yosys -V | head -1)"
echo "deps: $(riscv64-unknown-elf-gcc --version | head -1)"
