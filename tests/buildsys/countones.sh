#!/bin/bash
# tests/buildsys/countones.sh - sim/vl_fast.h (issue 17, bld13) redirects
# Verilator's VL_COUNTONES_I in the model to its own count: it must give
# Verilator's value for every input. Compiled twice (portable count, and
# popcnt when the compiler can target it); each run compares the two on
# 2^24 inputs spread over the 32-bit range, the edges and 2^20 random ones
# (Verilator's original is called as (VL_COUNTONES_I)(x), which the macro
# does not expand). A planted wrong count must be caught (the check fails).
set -u
VROOT=$(verilator --getenv VERILATOR_ROOT 2>/dev/null || echo /usr/share/verilator)
T=$(mktemp -d); trap 'rm -rf $T' EXIT
cat > $T/t.cpp <<'CPP'
#include "vl_fast.h"
#include <cstdio>
#include <cstdint>
int main() {
    unsigned long bad = 0, n = 0;
    auto chk = [&](IData x) {
        n++;
        IData want = (VL_COUNTONES_I)(x);
        IData got = VL_COUNTONES_I(x);
#ifdef PLANT
        if (x == 0xffffffffu) got ^= 1;
#endif
        if (got != want && bad++ < 5) std::printf("x=%08x: vl_fast %u, Verilator %u\n", x, got, want);
    };
    for (uint64_t i = 0; i < (1ull << 24); i++) chk(static_cast<IData>(i * 257u + (i >> 12)));
    for (unsigned b = 0; b < 32; b++) { chk(1u << b); chk(~(1u << b)); chk((1u << b) - 1u); }
    chk(0); chk(0xffffffffu);
    uint32_t s = 12345;
    for (int i = 0; i < (1 << 20); i++) { s = s * 1664525u + 1013904223u; chk(s); }
    std::printf("%lu inputs, %lu differ\n", n, bad);
    return bad != 0;
}
CPP
pass=0; fail=0
run() {  # name expect(0 ok, 1 must fail) flags...
    local name=$1 expect=$2; shift 2
    if ! g++ -O2 -std=gnu++17 -I sim -I "$VROOT/include" -I "$VROOT/include/vltstd" "$@" $T/t.cpp -o $T/t 2> $T/cc.log; then
        echo "FAIL $name: does not compile"; cat $T/cc.log; fail=$((fail + 1)); return
    fi
    $T/t > $T/out.log; rc=$?
    if { [ $expect = 0 ] && [ $rc = 0 ]; } || { [ $expect = 1 ] && [ $rc != 0 ]; }; then
        echo "ok   $name ($(tail -1 $T/out.log))"; pass=$((pass + 1))
    else
        echo "FAIL $name (exit $rc)"; cat $T/out.log; fail=$((fail + 1))
    fi
}
run portable 0
if echo 'int main(){}' | g++ -mpopcnt -x c++ - -o $T/p 2>/dev/null && grep -qw popcnt /proc/cpuinfo; then
    run popcnt 0 -mpopcnt
fi
run planted 1 -DPLANT
echo "$pass passed, $fail failed"
[ $fail = 0 ]
