#!/usr/bin/env bash
# tests/alulat/run.sh SIM ALU_LAT - the ALU result latency of a build
# (docs/architecture.md "ALU result latency"): chain.S's 32 dependent addi,
# one warp, the nss front end (fetch keeps up), take 32 x (ALU_LAT + 1)
# cycles between its two cycle-counter reads; the result also passes
# co-simulation. Ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/../.."
SIM=$1; LAT=$2
out=build/tests/alulat; mkdir -p "$out"
pass=0; fail=0
riscv64-unknown-elf-gcc -march=rv32im -mabi=ilp32 -misa-spec=2.2 -nostdlib -nostartfiles -static -Itests/model \
  -T tests/model/link.ld -Wl,--no-warn-rwx-segments -o "$out/chain.elf" tests/alulat/chain.S || { echo "0 passed, 1 failed"; exit 1; }
want=$((32 * (LAT + 1)))
log=$("$SIM" --bare --elf "$out/chain.elf" --frontend nss --cosim 2>&1)
if echo "$log" | grep -q "program reported failure $want through tohost"; then
    echo "PASS chain-distance (32 dependent addi in $want cycles: $((LAT + 1)) per instruction)"; pass=$((pass + 1))
else
    echo "FAIL chain-distance (expected failure $want)"; echo "$log" | grep -E "FAIL|mismatch" | head -3; fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
