#!/usr/bin/env bash
# tools/sweep.sh [--full] [--csv FILE] CONFIG... - run kernels under every
# scheduling-knob combination on the RTL with co-simulation.
#
# Default (make test): a representative subset: every fetch policy once, with
# the issue policy, readiness, front end, back-pressure and stall table
# rotated so that every value of every knob appears, plus the baseline and
# two "all on" corners, on the kernels vecadd, psum and diverge.
# --full (make test-full): the whole cross product fetch x issue x readiness
# x front end x back-pressure x stall table (nss and pnt only) on all six
# kernels.
# Every run must PASS (host check + co-simulation), and every run with ready
# issue must report 0 missed schedules (seed 000 sec. 3.2.1). Prints a
# progress line per run, writes CSV rows (--csv), ends with
# "N passed, M failed".
set -u
cd "$(dirname "$0")/.."
FULL=0
CSV=""
cfgs=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --full) FULL=1 ;;
    --csv) CSV=$2; shift ;;
    *) cfgs+=("$1") ;;
    esac
    shift
done
FP=(fixed lrr gto gtlrr gtlo pta icount)
IP=(fixed lrr gto gtlrr gtlo pta)
RD=(unready ready)
FE=(stall nss pnt)
BP=(off on)
combos=()
if [[ $FULL -eq 1 ]]; then
    KERNELS=$(sed -n 's/^KERNELS *:= *//p' sw/sw.mk)
    for f in "${FP[@]}"; do for i in "${IP[@]}"; do for r in "${RD[@]}"; do for e in "${FE[@]}"; do for b in "${BP[@]}"; do
        combos+=("$f $i $r $e $b 0")
        [[ $e != stall ]] && combos+=("$f $i $r $e $b 128")   # the stall table acts with nss and pnt only
    done; done; done; done; done
else
    KERNELS="vecadd psum diverge"
    combos+=("fixed lrr unready stall off 0" "lrr lrr ready nss on 128" "gto gto ready pnt on 128")
    for n in "${!FP[@]}"; do
        combos+=("${FP[$n]} ${IP[$(( (n + 2) % 6 ))]} ${RD[$(( n % 2 ))]} ${FE[$(( n % 3 ))]} ${BP[$(( (n / 2) % 2 ))]} $(( (n / 3) % 2 * 128 ))")
    done
fi
[[ -n $CSV ]] && echo "config,kernel,fetch,issue,ready,frontend,bpr,stall_table,status,cycles,warp_instrs,ipc,missed" > "$CSV"
pass=0
fail=0
total=$(( ${#cfgs[@]} * $(wc -w <<<"$KERNELS") * ${#combos[@]} ))
n=0
for c in "${cfgs[@]}"; do
    sim=build/$c/weft-sim
    [[ -x $sim ]] || { echo "missing $sim (make sim CONFIG=$c)"; fail=$((fail + 1)); continue; }
    for k in $KERNELS; do
        for combo in "${combos[@]}"; do
            set -- $combo
            n=$((n + 1))
            out=$($sim --kernel "$k" --cosim --fetch-policy "$1" --issue-policy "$2" --issue-ready "$3" \
                --frontend "$4" --bpr "$5" --stall-table "$6" 2>&1)
            st=$(head -1 <<<"$out")
            cyc=$(sed -n 's/^  cycles *//p' <<<"$out")
            wi=$(sed -n 's/^  warp instrs *//p' <<<"$out")
            ipc=$(sed -n 's/^  warp IPC *//p' <<<"$out")
            missed=$(sed -n 's/^  missed sched\. *\([0-9]*\).*/\1/p' <<<"$out")
            ok=1
            [[ $st == PASS ]] || ok=0
            [[ $3 == ready && ${missed:-1} != 0 ]] && { ok=0; st="ready issue missed $missed schedules"; }
            if [[ $ok -eq 1 ]]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
            printf '[%d/%d] %-4s %-6s %-9s %-32s cycles %-8s IPC %-6s missed %s\n' "$n" "$total" \
                "$([[ $ok -eq 1 ]] && echo ok || echo FAIL)" "$c" "$k" "$combo" "$cyc" "$ipc" "$missed"
            [[ $ok -eq 1 ]] || echo "      $st"
            [[ -n $CSV ]] && echo "$c,$k,$1,$2,$3,$4,$5,$6,$([[ $ok -eq 1 ]] && echo PASS || echo FAIL),$cyc,$wi,$ipc,$missed" >> "$CSV"
        done
    done
done
echo "$pass passed, $fail failed"
[[ $fail -eq 0 ]]
