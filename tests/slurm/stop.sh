#!/usr/bin/env bash
# tests/slurm/stop.sh [DIR] - stop the Slurm of tests/slurm/start.sh DIR (by the pid files in DIR/run).
DIR=${1:-${WEFT_SLURM_DIR:-/tmp/weft-slurm}}
for d in slurmd slurmctld munged; do
    f=$DIR/run/$d.pid
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    if [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null; then
        kill "$pid" 2> /dev/null
        for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2> /dev/null && kill -9 "$pid" 2> /dev/null
    fi
    rm -f "$f"
done
exit 0
