#!/usr/bin/env bash
# tests/robust/run.sh - issue 19 regressions: outputs, signals, stop reasons,
# escaping, strict numbers, --size before allocation.
#
#   tests/robust/run.sh [RTL_SIM [MODEL_SIM [OUT_DIR]]]
#
# RTL_SIM (default build/base/weft-sim) may be missing: its checks are then
# skipped (counted as failed, so a missing build is not silent); RTL_SIM "-"
# skips them on purpose (the asan group runs the model checks only). Ends with
# "N passed, M failed".
set -u
RTL=${1:-build/base/weft-sim}
MODEL=${2:-build/model/weft-sim}
OUT=${3:-build/robust}
TM=build/tests/model
ELF=build/sw/vecadd.elf
rm -rf "$OUT" && mkdir -p "$OUT"
pass=0
fail=0
ok() { echo "  ok    $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL  $1: $2"; fail=$((fail + 1)); }

# json FILE PYEXPR: FILE parses as JSON and PYEXPR (over d) is true
json() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("invalid JSON: %s" % e); sys.exit(1)
ok = eval(sys.argv[2])
if not ok:
    print({k: d.get(k) for k in ("complete", "stop_reason", "exit_code", "stop_message", "kernel")})
sys.exit(0 if ok else 1)
EOF
}

# expect NAME CODE TEXT CMD...: CMD exits CODE and prints TEXT (stdout+stderr)
expect() {
    local name=$1 code=$2 text=$3
    shift 3
    local log="$OUT/$name.log"
    "$@" >"$log" 2>&1
    local rc=$?
    if [ "$rc" != "$code" ]; then bad "$name" "exit $rc, expected $code ($(tail -1 "$log"))"
    elif [ -n "$text" ] && ! grep -qF -- "$text" "$log"; then bad "$name" "output lacks '$text'"
    else ok "$name"; fi
}

for f in "$MODEL" "$ELF" "$TM/timeout.elf" "$TM/illegal.elf"; do
    [ -e "$f" ] || { echo "missing $f (make kernels model-sim build/tests/model/{timeout,illegal}.elf)"; echo "0 passed, 1 failed"; exit 1; }
done
have_rtl=1
if [ "$RTL" = - ]; then have_rtl=0
elif [ ! -x "$RTL" ]; then have_rtl=0; bad rtl-build "$RTL missing: RTL checks skipped"; fi
# an ASan build (make asan-sim) reserves terabytes of shadow address space
asan=0
case $MODEL in *asan*) asan=1 ;; esac

echo "D1: an output never destroys an input, outputs appear whole"
for eng in model rtl; do
    S=$MODEL; [ $eng = rtl ] && { [ $have_rtl = 1 ] || continue; S=$RTL; }
    opts="--perf-json --perf-csv --commit-trace"
    [ $eng = rtl ] && opts="$opts --timeline --trace"
    for o in $opts; do
        cp "$ELF" "$OUT/k.elf"
        sum=$(md5sum <"$OUT/k.elf")
        n=d1-$eng-${o#--}-is-elf
        "$S" --kernel vecadd --elf "$OUT/k.elf" "$o" "$OUT/k.elf" >"$OUT/$n.log" 2>&1
        rc=$?
        if [ $rc != 2 ]; then bad $n "exit $rc, expected 2"
        elif [ "$(md5sum <"$OUT/k.elf")" != "$sum" ]; then bad $n "the ELF was changed"
        elif ! grep -q "input ELF" "$OUT/$n.log"; then bad $n "no message"
        else ok $n; fi
    done
    # through another name of the same file (a hard link)
    ln -f "$OUT/k.elf" "$OUT/k2.elf"
    expect d1-$eng-hardlink 2 "input ELF" "$S" --kernel vecadd --elf "$OUT/k.elf" --perf-json "$OUT/k2.elf"
    expect d1-$eng-two-outputs-one-file 2 "name the same file" "$S" --kernel vecadd --perf-json "$OUT/same" --perf-csv "$OUT/same"
    # a run whose ELF cannot be read leaves an existing output's content only
    # replaced by a complete report (never an empty file)
    echo OLD >"$OUT/old.json"
    "$S" --kernel vecadd --elf "$OUT/missing.elf" --perf-json "$OUT/old.json" >/dev/null 2>&1
    json "$OUT/old.json" 'd["complete"] is False and d["stop_reason"] == "elf" and d["exit_code"] == 3' >"$OUT/d1-$eng-old.log" &&
        ok d1-$eng-failed-run-report || bad d1-$eng-failed-run-report "$(cat "$OUT/d1-$eng-old.log")"
    mkdir -p "$OUT/tmpcheck-$eng"
    "$S" --kernel vecadd --perf-json "$OUT/tmpcheck-$eng/p.json" --perf-csv "$OUT/tmpcheck-$eng/p.csv" \
        --commit-trace "$OUT/tmpcheck-$eng/c.trace" >/dev/null 2>&1
    left=$(ls "$OUT/tmpcheck-$eng" | grep -c '\.tmp\.')
    [ "$left" = 0 ] && [ -s "$OUT/tmpcheck-$eng/c.trace" ] && ok d1-$eng-no-temp-left ||
        bad d1-$eng-no-temp-left "$left temporary files left or no trace"
done

echo "D4: every write and close checked (exit 9 with the path)"
for o in --perf-json --perf-csv --commit-trace; do
    expect d4-model-${o#--}-devfull 9 "/dev/full" "$MODEL" --kernel vecadd "$o" /dev/full
done
expect d4-model-timeline-refused 2 "--timeline applies to the rtl engine only" "$MODEL" --kernel vecadd --timeline "$OUT/t.tl"
if [ $have_rtl = 1 ]; then
    for o in --perf-json --perf-csv --commit-trace --timeline; do
        expect d4-rtl-${o#--}-devfull 9 "/dev/full" "$RTL" --kernel vecadd "$o" /dev/full
    done
fi
expect d4-unwritable-dir 2 "cannot write" "$MODEL" --kernel vecadd --perf-json /nonexistent-dir/p.json

echo "D2: SIGTERM, SIGHUP and SIGINT stop the run with complete reports (exit 11)"
for eng in model rtl; do
    S=$MODEL; [ $eng = rtl ] && { [ $have_rtl = 1 ] || continue; S=$RTL; }
    for sig in TERM HUP INT; do
        n=d2-$eng-sig$sig
        timeout --preserve-status -s $sig 1 "$S" --bare --elf "$TM/timeout.elf" --max-cycles 0 \
            --perf-json "$OUT/$n.json" --perf-csv "$OUT/$n.csv" >"$OUT/$n.log" 2>&1
        rc=$?
        if [ $rc != 11 ]; then bad $n "exit $rc, expected 11"
        elif ! grep -q "interrupted by SIG$sig" "$OUT/$n.log"; then bad $n "no 'interrupted by SIG$sig'"
        elif ! json "$OUT/$n.json" 'd["complete"] is False and d["stop_reason"] == "interrupt" and d["exit_code"] == 11' >>"$OUT/$n.log"; then
            bad $n "perf JSON: $(tail -1 "$OUT/$n.log")"
        elif ! tail -1 "$OUT/$n.csv" | grep -q ',0,interrupt,11$'; then bad $n "CSV row: $(tail -1 "$OUT/$n.csv")"
        else ok $n; fi
    done
done

echo "D3: stop_reason and complete in every report"
# NAME CODE REASON COMPLETE ENGINE-ARGS...
stop() {
    local n=$1 code=$2 reason=$3 complete=$4
    shift 4
    "$@" --perf-json "$OUT/$n.json" --perf-csv "$OUT/$n.csv" >"$OUT/$n.log" 2>&1
    local rc=$?
    if [ $rc != "$code" ]; then bad "$n" "exit $rc, expected $code"
    elif ! json "$OUT/$n.json" "d['complete'] is $complete and d['stop_reason'] == '$reason' and d['exit_code'] == $code and d['provenance']['command_line'][1:3] == ['$2', '$3']" >>"$OUT/$n.log"; then
        bad "$n" "perf JSON: $(tail -1 "$OUT/$n.log")"
    elif ! python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); sys.exit(not r or any(x['stop_reason'] != '$reason' or x['complete'] != str(int($complete)) for x in r))" "$OUT/$n.csv"; then
        bad "$n" "CSV: $(tail -1 "$OUT/$n.csv")"
    else ok "$n"; fi
}
for eng in model rtl; do
    S=$MODEL; [ $eng = rtl ] && { [ $have_rtl = 1 ] || continue; S=$RTL; }
    stop d3-$eng-pass 0 pass True "$S" --kernel vecadd
    stop d3-$eng-cycle-limit 6 cycle_limit False "$S" --kernel vecadd --max-cycles 100
    stop d3-$eng-illegal 4 illegal_instruction False "$S" --bare --elf "$TM/illegal.elf"
    stop d3-$eng-usage-size 2 usage False "$S" --kernel vecadd --size 4294967295
done
json "$OUT/d3-model-pass.json" 'd["provenance"]["git_commit"] not in ("", "unknown") and d["provenance"]["build_config"] in ("model", "model-asan") and d["provenance"]["seed"] == 1' \
    >"$OUT/d3-provenance.log" && ok d3-provenance || bad d3-provenance "$(cat "$OUT/d3-provenance.log")"
python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); sys.exit(not (len(r) == 1 and r[0]['kernel'] == 'vecadd' and int(r[0]['warp_instrs']) > 0))" \
    "$OUT/d3-model-pass.csv" && ok d3-model-csv-row || bad d3-model-csv-row "$(cat "$OUT/d3-model-pass.csv" | tail -1 | cut -c1-80)"

echo "D6: names escaped in JSON and CSV"
weird='we"ird\na,me.elf'
mkdir -p "$OUT/dir,\"x\\"
cp "$TM/illegal.elf" "$OUT/$weird"
for eng in model rtl; do
    S=$MODEL; [ $eng = rtl ] && { [ $have_rtl = 1 ] || continue; S=$RTL; }
    n=d6-$eng-escaping
    "$S" --bare --elf "$OUT/$weird" --perf-json "$OUT/dir,\"x\\/p.json" --perf-csv "$OUT/dir,\"x\\/p.csv" >"$OUT/$n.log" 2>&1
    if ! json "$OUT/dir,\"x\\/p.json" "d['kernel'] == r'''$weird''' and d['provenance']['command_line'][-1].endswith('p.csv')" >>"$OUT/$n.log"; then
        bad $n "JSON: $(tail -1 "$OUT/$n.log")"
    elif ! python3 -c "import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); sys.exit(not r or r[0]['kernel'] != sys.argv[2])" "$OUT/dir,\"x\\/p.csv" "$weird"; then
        bad $n "CSV row: $(tail -1 "$OUT/dir,\"x\\/p.csv")"
    else ok $n; fi
done

echo "D8: strict numbers (decimal or 0x hex; no octal, sign, spaces, overflow)"
i=0
for v in 010 +3 " -1" -1 "1 " 0x 0x1g 1e3 ""; do
    i=$((i + 1))
    expect "d8-max-cycles-$i" 2 "expected a number" "$MODEL" --kernel vecadd --max-cycles "$v"
done
expect d8-overflow-message 2 "number too large" "$MODEL" --kernel vecadd --max-cycles 18446744073709551616
expect d8-size-too-large 2 "number too large" "$MODEL" --kernel vecadd --size 4294967296
expect d8-seed-octal 2 "expected a number" "$MODEL" --kernel vecadd --seed 07
expect d8-hex-ok 0 PASS "$MODEL" --kernel vecadd --max-cycles 0x100000 --seed 0X2a
expect d8-zero-ok 0 PASS "$MODEL" --kernel vecadd --max-cycles 0

echo "D7: --size checked before the host program allocates"
n=d7-vecadd-size-max
# 1 GiB of address space is far below the 12 GiB the old code asked for
(if [ $asan = 0 ]; then ulimit -v 1048576; fi; exec "$MODEL" --kernel vecadd --size 4294967295) >"$OUT/$n.log" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "free device memory" "$OUT/$n.log" && ok $n || bad $n "exit $rc: $(head -1 "$OUT/$n.log")"
for k in gather saxpy psum psort atomics sgemm conv3 sfilter transpose imbal; do
    expect d7-$k-size-max 2 "free device memory" "$MODEL" --kernel $k --size 4294967295
done
# sizes whose 32-bit products wrapped (width * 3 / 4 in conv3, sfilter, transpose)
for k in conv3 sfilter transpose; do
    expect d7-$k-size-wrap 2 "free device memory" "$MODEL" --kernel $k --size 1431655766
done
# every host program whose --size counts device items checks it first; one
# without a size refuses --size (ubench_alu/bar/ldchain: an iteration count
# that allocates nothing; smem_bank: a stride it bounds itself)
for h in sw/kernels/*/host.c sw/tests/*/host.c; do
    k=$(basename "$(dirname "$h")")
    case $k in ubench_alu | ubench_bar | ubench_ldchain | smem_bank) continue ;; esac
    if grep -q weft_check_size "$h" || grep -q 'takes no --size' "$h"; then ok d7-$k-size-handled
        continue
    fi
    # an experiment variant whose host only hands over to another kernel's host program
    # (v_psort_bf and v_psort_spawn -> v_psort_host*, v_saxpy_nd -> weft_host_v_saxpy): that
    # program must check, and the variant must refuse a size too large (exit 2) when run
    d=$(grep -o -E '(weft_host_[a-z0-9_]+|[a-z0-9_]+_host(_[a-z]+)?)\(dev\b' "$h" | head -1 |
        sed -E 's/\(dev$//; s/^weft_host_//; s/_host(_[a-z]+)?$//')
    if [ -n "$d" ] && [ "$d" != "$k" ] && [ -f "sw/kernels/$d/host.c" ] && grep -q weft_check_size "sw/kernels/$d/host.c"; then
        expect d7-$k-size-handled 2 "--size 4294967168" "$MODEL" --kernel $k --size 4294967168
    else bad d7-$k-size-handled "$h neither calls weft_check_size nor refuses --size"; fi
done
expect d7-ids-no-size 2 "takes no --size" "$MODEL" --kernel ids --size 5
expect d7-strided-stride 2 "too large" "$MODEL" --kernel strided --size 4294967295
expect d7-smem_bank-stride 2 "exceeds" "$MODEL" --kernel smem_bank --size 4294967295
expect d7-ubench_straight-no-size 2 "takes no --size" "$MODEL" --kernel ubench_straight --size 5

echo "Options of another engine or build are refused (exit 2; config/weft.yaml engine/build)"
# every rtl-only option of the spec, with a valid value, on the model engine
n=0
while read -r opt arg; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    expect "opt-model-${opt}" 2 "--$opt applies to the rtl engine only" "$MODEL" --kernel vecadd --$opt $arg
done < <(python3 -c '
import sys; sys.path.insert(0, "tools"); import weft_spec as w
for k in w.KNOBS:
    if k["engine"] != "rtl": continue
    a = {"enum": lambda: w.values(k["name"])[0], "number": lambda: "0", "flag": lambda: "",
         "string": lambda: "build/robust/unused.out"}[k["kind"]]()
    print(k["option"], a)')
[ $n -ge 20 ] && ok opt-model-count || bad opt-model-count "only $n rtl-only options in the spec"
expect opt-model-no-l2 2 "--no-l2 applies to the rtl engine only" "$MODEL" --kernel vecadd --no-l2
expect opt-model-perf-json-ok 0 PASS "$MODEL" --kernel vecadd --perf-json "$OUT/opt.json"
if [ $have_rtl = 1 ]; then
    expect opt-rtl-engine-model 2 "--cosim applies to the rtl engine only" "$RTL" --engine model --kernel vecadd --cosim
    case $RTL in
    *xrand*) ;;
    *) expect opt-rtl-x-seed-no-xrand 2 "needs a build made with XRAND=1" "$RTL" --kernel vecadd --x-seed 1 ;;
    esac
fi
# the experiment runner says so when it expands such a sweep
cat >"$OUT/sweep-model.yaml" <<'YAML'
name: robust-engine
axes: {engine: [rtl, model], fetch_policy: [fixed, gto]}
YAML
expect opt-sweep-model-policy 2 "apply to the rtl engine only" python3 -m tools.weft expand "$OUT/sweep-model.yaml"

echo "stack guard: runaway recursion (sw/tests/recurse) stops with exit 14 naming core, warp, thread, pc"
# Thread 2 of warp 1 of core 0 is global thread 6: its stack is
# [RAM_END - 7 * 4128, RAM_END - 6 * 4128] (docs/isa.md "Stack guard").
SG="of core 0, warp 1, thread 2 at pc 0x"
SGB="outside the stack [0x83ff8f20, 0x83ff9f40]"
RC=build/sw/recurse.elf
if [ ! -e $RC ]; then bad stack-guard "missing $RC (make kernels)"; else
    expect stack-guard-model 14 "$SG" "$MODEL" --bare --elf $RC --perf-json "$OUT/sg-model.json"
    grep -qF -- "$SGB" "$OUT/stack-guard-model.log" && ok stack-guard-model-bounds || bad stack-guard-model-bounds "no '$SGB'"
    json "$OUT/sg-model.json" "d['stop_reason'] == 'stack_overflow' and d['exit_code'] == 14 and not d['complete']" \
        >/dev/null && ok stack-guard-model-json || bad stack-guard-model-json "stop_reason"
    if [ $have_rtl = 1 ]; then
        expect stack-guard-rtl 14 "$SG" "$RTL" --bare --elf $RC --perf-json "$OUT/sg-rtl.json"
        json "$OUT/sg-rtl.json" "d['stop_reason'] == 'stack_overflow' and d['exit_code'] == 14 and not d['complete']" \
            >/dev/null && ok stack-guard-rtl-json || bad stack-guard-rtl-json "stop_reason"
        expect stack-guard-cosim 14 "$SG" "$RTL" --bare --elf $RC --cosim
        # the same message on both engines (the FAIL line: message, sp and pc)
        m1=$(grep -m1 '^FAIL (stack overflow' "$OUT/stack-guard-model.log")
        m2=$(grep -m1 '^FAIL (stack overflow' "$OUT/stack-guard-rtl.log")
        [ -n "$m1" ] && [ "$m1" = "$m2" ] && ok stack-guard-same-message || bad stack-guard-same-message "model '$m1' rtl '$m2'"
    fi
    # Programs with the runtime's layout and sane stacks are not stopped.
    expect stack-guard-hello-model 0 "" "$MODEL" --bare --elf build/sw/hello.elf
    [ $have_rtl = 1 ] && expect stack-guard-hello-rtl 0 "" "$RTL" --bare --elf build/sw/hello.elf
fi

echo "$pass passed, $fail failed"
[ $fail = 0 ]
