#!/usr/bin/env bash
# tests/slurm/start.sh [DIR] - a real single-node Slurm on localhost, for tests.
#
# Writes DIR/slurm.conf (default DIR: $WEFT_SLURM_DIR or /tmp/weft-slurm), a
# munge key, and starts munged, slurmctld and slurmd as root (no systemd),
# all state, logs, sockets and pid files under DIR, on ports of their own
# (WEFT_SLURM_PORT, default 16817 for slurmctld and +1 for slurmd), so it
# does not touch a system Slurm. Waits until sinfo shows the node idle.
# Prints `export SLURM_CONF=DIR/slurm.conf` (the clients read it); stop with
# tests/slurm/stop.sh DIR. Debian packages: slurm-wlm munge (tools/deps-slurm.sh).
# Exit 0 started; 2 cannot start here (the reason on stderr).
set -u
DIR=${1:-${WEFT_SLURM_DIR:-/tmp/weft-slurm}}
PORT=${WEFT_SLURM_PORT:-16817}
STARTED=0
why() {
    echo "slurm/start.sh: $*" >&2
    [ $STARTED -eq 1 ] && bash "$(dirname "$0")/stop.sh" "$DIR" > /dev/null 2>&1
    exit 2
}
# two free TCP ports from PORT on (another instance may hold PORT)
busy() { python3 -c 'import socket,sys
for p in map(int, sys.argv[1:]):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try: s.bind(("", p))
    except OSError: sys.exit(0)
    finally: s.close()
sys.exit(1)' "$@"; }
for _ in $(seq 20); do busy $PORT $((PORT + 1)) || break; PORT=$((PORT + 2)); done
for c in munged slurmctld slurmd sinfo sbatch squeue scontrol; do
    command -v $c > /dev/null 2>&1 || why "$c is not installed (tools/deps-slurm.sh installs slurm-wlm and munge)"
done
[ "$(id -u)" -eq 0 ] || why "needs root (slurmd runs jobs as their user; SlurmUser=root here)"
mkdir -p "$DIR"/{state,spool,log,run,munge}
DIR=$(cd "$DIR" && pwd)
chmod 700 "$DIR/munge"
# an old instance of this directory first
[ -x "$(dirname "$0")/stop.sh" ] && bash "$(dirname "$0")/stop.sh" "$DIR" > /dev/null 2>&1

STARTED=1
# munge: a key and a daemon of our own
dd if=/dev/urandom bs=1 count=1024 of="$DIR/munge/munge.key" 2> /dev/null
chmod 400 "$DIR/munge/munge.key"
munged --force --key-file="$DIR/munge/munge.key" --socket="$DIR/run/munge.socket" \
    --pid-file="$DIR/run/munged.pid" --log-file="$DIR/log/munged.log" --seed-file="$DIR/munge/munged.seed" \
    || why "munged did not start ($(tail -3 "$DIR/log/munged.log" 2>/dev/null))"

# the node as slurmd sees the hardware, named localhost
hw=$(slurmd -C 2> /dev/null | head -1)
cpus=$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<< "$hw"); cpus=${cpus:-$(nproc)}
mem=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<< "$hw"); mem=${mem:-1024}
topo=$(grep -o 'Boards=[0-9]* SocketsPerBoard=[0-9]* CoresPerSocket=[0-9]* ThreadsPerCore=[0-9]*' <<< "$hw")
cat > "$DIR/slurm.conf" << EOF
# written by tests/slurm/start.sh: a single-node Slurm for tests
ClusterName=weft
SlurmctldHost=localhost
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/run/munge.socket
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
SlurmdTimeout=60
InactiveLimit=0
MinJobAge=30
MaxArraySize=1001
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus $topo RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$DIR/slurm.conf
slurmctld -c -f "$SLURM_CONF" || why "slurmctld did not start ($(tail -3 "$DIR/log/slurmctld.log" 2>/dev/null))"
slurmd -f "$SLURM_CONF" -N localhost || why "slurmd did not start ($(tail -3 "$DIR/log/slurmd.log" 2>/dev/null))"
for _ in $(seq 60); do
    for d in slurmctld slurmd; do
        kill -0 "$(cat "$DIR/run/$d.pid" 2>/dev/null || echo 0)" 2> /dev/null \
            || why "$d exited ($(tail -2 "$DIR/log/$d.log" 2>/dev/null | tr '\n' ' '))"
    done
    st=$(sinfo -h -N -n localhost -o %t 2> /dev/null | head -1)
    case $st in idle*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
    sleep 1
done
why "the node did not become idle in 60 s (sinfo: '${st:-no answer}'; $(tail -2 "$DIR/log/slurmctld.log" 2>/dev/null | tr '\n' ' '))"
