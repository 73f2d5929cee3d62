#!/usr/bin/env bash
# tools/sweep.sh [--full [--small]] [--csv FILE] [--kernels "K1 K2"] [-j N] CONFIG...
# tools/sweep.sh's command line on the experiment runner (tools/weft, docs/sweeps.md):
# sweeps/knobs-subset.yaml (default) or sweeps/knobs-full.yaml (--full; --small
# keeps its reduced sizes, without it the default sizes), the same checks
# (every run PASS under --cosim, ready issue 0 missed schedules, SWaS 0 osched2
# errors), the same CSV columns, the same last line "N passed, M failed".
# Resumable: the results stay in build/sweeps/knobs-*-CONFIGS (or $WEFT_RESULTS); rerun = resume;
# --fresh starts over (make test does: a rebuilt simulator must be retested).
# NOFPU=1 in the environment runs NOFPU builds (faster, integer kernels only).
# FE=vortex (or IC_LAT=N, DEC_REG=N) in the environment runs builds with that
# front-end depth (docs/architecture.md "Front-end depth").

set -u
cd "$(dirname "$0")/.."
FULL=0 SMALLRUN=0 FRESH=0 CSV="" KSEL="" J=$(nproc 2>/dev/null || echo 2)
cfgs=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --full) FULL=1 ;;
    --small) SMALLRUN=1 ;;
    --fresh) FRESH=1 ;;
    --csv) CSV=$2; shift ;;
    --kernels) KSEL=$2; shift ;;
    -j) J=$2; shift ;;
    *) cfgs+=("$1") ;;
    esac
    shift
done
[[ ${#cfgs[@]} -gt 0 ]] || { echo "usage: $0 [--full [--small]] [--csv FILE] [--kernels \"K...\"] [-j N] [--fresh] CONFIG..."; exit 2; }
[[ -n ${SIMNAME:-} ]] && { echo "sweep.sh: SIMNAME is not supported; builds are named by make variables (NOFPU=1)"; exit 2; }
Y=sweeps/knobs-subset.yaml
[[ $FULL -eq 1 ]] && Y=sweeps/knobs-full.yaml
cl=$(IFS=,; echo "${cfgs[*]}")
args=(--axis "config=$cl")
[[ -n $KSEL ]] && args+=(--axis "kernel=$(tr ' ' ',' <<< "$KSEL" | sed 's/,,*/,/g; s/^,//; s/,$//')")
[[ $FULL -eq 1 && $SMALLRUN -eq 0 ]] && args+=(--axis size=0)
[[ ${NOFPU:-0} == 1 ]] && args+=(--axis NOFPU=1)
fe=""
for v in FE IC_LAT DEC_REG; do
    [[ -n ${!v:-} ]] && { args+=(--axis "$v=${!v}"); fe="$fe-$(tr -d _ <<< "${v,,}")${!v}"; }
done
name=$(basename $Y .yaml)-$(tr ',' '-' <<< "$cl")$([[ $FULL -eq 1 && $SMALLRUN -eq 0 ]] && echo -default)$([[ ${NOFPU:-0} == 1 ]] && echo -nofpu)$fe
RES=${WEFT_RESULTS:-build/sweeps/$name}
# --fresh: start from an empty results directory (the test suite: results of
# an earlier build must not count as this build's)
[[ $FRESH -eq 1 ]] && rm -rf "$RES"
args+=(--results "$RES")
export PYTHONPATH=$PWD/tools${PYTHONPATH:+:$PYTHONPATH}
python3 -m weft sweep $Y "${args[@]}" -j "$J" --build-jobs "${JOBS:-2}"
rc=$?
if [[ -n $CSV ]]; then
    python3 -m weft export $Y "${args[@]}" -o "$CSV" --columns \
        config,kernel,fetch=fetch_policy,issue=issue_policy,ready=issue_ready,frontend,bpr,stall_table,swas,status,cycles,warp_instrs,ipc,missed=missed_schedules,discrepancies=osched1_discrepancies,errors=osched2_errors,size
fi
exit $rc
