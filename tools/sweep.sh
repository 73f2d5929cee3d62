#!/usr/bin/env bash
# tools/sweep.sh [--full] [--csv FILE] CONFIG... - run kernels under every
# scheduling-knob combination on the RTL with co-simulation.
#
# Default (make test): a representative subset: every fetch policy once, with
# the issue policy, readiness, front end, back-pressure and stall table
# rotated so that every value of every knob appears, plus the baseline and
# two "all on" corners, on the kernels vecadd, psum and diverge.
# --full (make test-full): the whole cross product fetch x issue x readiness
# x front end x back-pressure x stall table (nss and pnt only) on every
# kernel of KERNELS (sw/sw.mk), plus SWaS with every issue policy and
# readiness (SWaS has one scheduler, so the fetch policy, front end and
# stall table do not apply).
# --small runs every kernel on a reduced input (SMALL below; about 3.5x
# fewer cycles than the defaults), to keep the 9,372-run cross product of a
# configuration near half an hour on a 2-core machine.
# --kernels "K1 K2" restricts the run to those kernels (to split or resume a
# long run). SIMNAME=NAME runs build/CONFIG/NAME instead of weft-sim.
# Every run must PASS (host check + co-simulation), every run with ready
# issue must report 0 missed schedules (seed 000 sec. 3.2.1), and every SWaS
# run 0 osched2 errors (seed 002 sec. VI-B). Prints a progress line per run,
# writes CSV rows (--csv), ends with "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
FULL=0
CSV=""
KSEL=""
SMALLRUN=0
# --small input sizes (--size of each host program; 0 = its default)
declare -A SMALL=([vecadd]=256 [psum]=256 [psort]=128 [transpose]=17 [conv3]=17 [diverge]=128
                  [stencil]=128 [ubench_ldchain]=64 [ubench_alu]=16 [ubench_bar]=8 [ubench_straight]=0)
cfgs=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --full) FULL=1 ;;
    --csv) CSV=$2; shift ;;
    --kernels) KSEL=$2; shift ;;
    --small) SMALLRUN=1 ;;
    *) cfgs+=("$1") ;;
    esac
    shift
done
# Knob values: config/weft.yaml, through tools/weft_spec.py.
spec() { python3 tools/weft_spec.py values "$1" || exit 2; }
read -ra FP <<<"$(spec fetch_policy)"
read -ra IP <<<"$(spec issue_policy)"
read -ra RD <<<"$(spec issue_ready)"
read -ra FE <<<"$(spec frontend)"
read -ra BP <<<"$(spec bpr)"
combos=()
if [[ $FULL -eq 1 ]]; then
    KERNELS=$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk)
    for f in "${FP[@]}"; do for i in "${IP[@]}"; do for r in "${RD[@]}"; do for e in "${FE[@]}"; do for b in "${BP[@]}"; do
        combos+=("$f $i $r $e $b 0 off")
        [[ $e != stall ]] && combos+=("$f $i $r $e $b 128 off")   # the stall table acts with nss and pnt only
    done; done; done; done; done
    for i in "${IP[@]}"; do for r in "${RD[@]}"; do combos+=("$i $i $r pnt off 0 on"); done; done
else
    KERNELS="vecadd psum diverge"
    combos+=("fixed lrr unready stall off 0 off" "lrr lrr ready nss on 128 off" "gto gto ready pnt on 128 off")
    for n in "${!FP[@]}"; do
        combos+=("${FP[$n]} ${IP[$(( (n + 2) % ${#IP[@]} ))]} ${RD[$(( n % ${#RD[@]} ))]} ${FE[$(( n % ${#FE[@]} ))]} ${BP[$(( (n / 2) % 2 ))]} $(( (n / 3) % 2 * 128 )) off")
    done
    combos+=("lrr lrr unready pnt off 0 on" "gtlrr gtlrr ready pnt off 0 on" "gtlo gtlo unready pnt off 0 on")
fi
[[ -n $KSEL ]] && KERNELS=$KSEL
[[ -n $CSV ]] && echo "config,kernel,fetch,issue,ready,frontend,bpr,stall_table,swas,status,cycles,warp_instrs,ipc,missed,discrepancies,errors,size" > "$CSV"
pass=0
fail=0
total=$(( ${#cfgs[@]} * $(wc -w <<<"$KERNELS") * ${#combos[@]} ))
n=0
for c in "${cfgs[@]}"; do
    sim=build/$c/${SIMNAME:-weft-sim}
    [[ -x $sim ]] || { echo "missing $sim (make sim CONFIG=$c)"; fail=$((fail + 1)); continue; }
    for k in $KERNELS; do
        size=0
        [[ $SMALLRUN -eq 1 ]] && size=${SMALL[$k]:-0}
        for combo in "${combos[@]}"; do
            set -- $combo
            n=$((n + 1))
            out=$($sim --kernel "$k" --size "$size" --cosim --fetch-policy "$1" --issue-policy "$2" --issue-ready "$3" \
                --frontend "$4" --bpr "$5" --stall-table "$6" --swas "$7" 2>&1)
            st=$(head -1 <<<"$out")
            cyc=$(sed -n 's/^  cycles *//p' <<<"$out")
            wi=$(sed -n 's/^  warp instrs *//p' <<<"$out")
            ipc=$(sed -n 's/^  warp IPC *//p' <<<"$out")
            missed=$(sed -n 's/^  missed sched\. *\([0-9]*\).*/\1/p' <<<"$out")
            disc=$(sed -n 's/^  oracles *\([0-9]*\) discrepancies.*/\1/p' <<<"$out")
            errs=$(sed -n 's/^  oracles .*, \([0-9]*\) errors.*/\1/p' <<<"$out")
            ok=1
            [[ $st == PASS ]] || ok=0
            [[ $3 == ready && ${missed:-1} != 0 ]] && { ok=0; st="ready issue missed $missed schedules"; }
            [[ $7 == on && ${errs:-1} != 0 ]] && { ok=0; st="SWaS: $errs osched2 errors"; }
            if [[ $ok -eq 1 ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
            printf '[%d/%d] %-4s %-6s %-9s %-36s cycles %-8s IPC %-6s missed %-6s errors %s\n' "$n" "$total" \
                "$([[ $ok -eq 1 ]] && echo ok || echo FAIL)" "$c" "$k" "$combo" "$cyc" "$ipc" "$missed" "$errs"
            [[ $ok -eq 1 ]] || echo "      $st"
            [[ -n $CSV ]] && echo "$c,$k,$1,$2,$3,$4,$5,$6,$7,$([[ $ok -eq 1 ]] && echo PASS || echo FAIL),$cyc,$wi,$ipc,$missed,$disc,$errs,$size" >> "$CSV"
        done
    done
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
