#!/usr/bin/env bash
# tools/deps-slurm.sh - what the experiment runner (tools/weft, docs/sweeps.md)
# and its test (tests/sweeps/run.sh) need beyond tools/deps.sh: the Python
# packages of tools/weft/requirements.txt (PyYAML, matplotlib, tqdm; PyPI, or
# Debian's python3-yaml / python3-tqdm when pip cannot reach PyPI) and a
# single-node Slurm for the test (Debian's slurm-wlm and munge: slurmctld,
# slurmd, munged, the client commands). Checks first, installs only what is
# missing. --python: only the Python packages (`make deps-sweep` on a machine
# that has no use for a local Slurm).
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
if ! python3 -c 'import yaml, matplotlib, tqdm' > /dev/null 2>&1; then
    echo "deps-slurm: installing tools/weft/requirements.txt (pip)"
    python3 -m pip install -q -r tools/weft/requirements.txt > /dev/null 2>&1 || {
        $SUDO apt-get update -q
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q python3-yaml python3-tqdm python3-matplotlib
    }
fi
if [ "${1:-}" != --python ]; then
    need=()
    for c in slurmctld slurmd sbatch squeue sinfo; do command -v $c > /dev/null 2>&1 || need=(slurm-wlm); done
    command -v munged > /dev/null 2>&1 || need+=(munge)
    if [ ${#need[@]} -gt 0 ]; then
        echo "deps-slurm: installing ${need[*]} (apt)"
        $SUDO apt-get update -q
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}"
    fi
    echo "deps-slurm: $(slurmctld -V 2>/dev/null || echo "slurm MISSING"); $(munged --version 2>&1 | head -1)"
fi
echo "deps-slurm: python $(python3 -c 'import yaml, tqdm, matplotlib; print("PyYAML", yaml.__version__, "tqdm", tqdm.__version__, "matplotlib", matplotlib.__version__)' 2>/dev/null || echo 'packages MISSING')"
