#!/bin/bash
# Opt-in end-to-end check of the Slurm scripts on this machine (not run by CI):
# installs Debian's slurm-wlm and munge if they are missing, starts a private
# one-node cluster on localhost (slurmctld + slurmd, its own configuration and
# state under a temporary folder: /etc/slurm is not touched), submits a small
# analysis through submit.sh (a job array and the merge job that depends on
# it), and checks that the merged result equals the same analysis run on one
# machine with the same seed: every game's result, and the report, with only
# timing and provenance fields (seconds, games per second, dates, versions) set
# aside. Stops the daemons it started when it ends.
#
#   sudo docs/slurm/check.sh                       # builds tabula (release)
#   sudo TABULA=target/debug/tabula docs/slurm/check.sh
#   LOCAL=1 TABULA=target/debug/tabula docs/slurm/check.sh
#
# Needs root (to install packages and run the daemons), python3, and the
# ports 6817 and 6818 free (SLURMCTLD_PORT / SLURMD_PORT to change them).
# With LOCAL=1 it needs neither root nor Slurm: the array's tasks and the
# merge job run here, one after another, through the same analyze.sbatch and
# merge.sbatch (with the variables Slurm would set), and the results are
# compared in the same way; what it does not check is Slurm's part (sbatch,
# the array, the dependency).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
local=${LOCAL:-}
[ -n "$local" ] || [ "$(id -u)" = 0 ] || {
    echo "check.sh: run as root (it installs slurm-wlm and starts its daemons), or with LOCAL=1" >&2; exit 2; }
command -v python3 > /dev/null || { echo "check.sh: needs python3 to compare the results" >&2; exit 2; }

# The analysis: small, but with chance, both seat orders and a searching agent.
shards=${SHARDS:-4}
analysis=(${ANALYSIS:-senet --agents mcts:100,greedy --swap-sides --games 200 --seed 2026})

if [ -z "$local" ] && { ! command -v sbatch > /dev/null || ! command -v munged > /dev/null; }; then
    echo "== installing slurm-wlm and munge"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge > /dev/null
fi
if [ -z "${TABULA:-}" ]; then
    echo "== building tabula (release)"
    (cd "$repo" && cargo build --release --locked -p tabula-cli -q)
    TABULA=$repo/target/release/tabula
fi
TABULA=$(cd "$(dirname "$TABULA")" && pwd)/$(basename "$TABULA")
export TABULA

work=$(mktemp -d /tmp/tabula-slurm-check.XXXXXX)
if [ -n "$local" ]; then
    # The jobs submit.sh would submit, run here: each array task, then the merge.
    echo "== running ${analysis[*]} in $shards shards here (LOCAL=1: no Slurm)"
    mkdir -p "$work/run/logs"
    for ((i = 0; i < shards; i++)); do
        SLURM_ARRAY_TASK_ID=$i SLURM_CPUS_PER_TASK=1 OUT=$work/run SHARDS=$shards \
            "$repo/docs/slurm/analyze.sbatch" "${analysis[@]}" > "$work/run/logs/shard-$i.out" 2>&1
    done
    OUT=$work/run SHARDS=$shards "$repo/docs/slurm/merge.sbatch" > "$work/run/logs/merge.out" 2>&1
else
# (Not indented: the here-document below ends at the start of a line.)
mkdir -p "$work/state" "$work/spool" "$work/log"
export SLURM_CONF=$work/slurm.conf
node=$(hostname -s)
cpus=$(nproc)
memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
cat > "$SLURM_CONF" <<CONF
# A one-node cluster for docs/slurm/check.sh.
ClusterName=tabula-check
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=${SLURMCTLD_PORT:-6817}
SlurmdPort=${SLURMD_PORT:-6818}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
# No cgroups (containers often lack them): processes are tracked by parent.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=check Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF

started=()
stop() {
    local pids=()
    for pidfile in "${started[@]}"; do
        [ -s "$pidfile" ] && pids+=("$(cat "$pidfile")")
    done
    [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2> /dev/null || true
    # Wait for them to go, so that a next run finds the ports free.
    for _ in $(seq 20); do
        local alive=
        for pid in "${pids[@]}"; do kill -0 "$pid" 2> /dev/null && alive=1; done
        [ -n "$alive" ] || break
        sleep 0.5
    done
    echo "== daemons stopped; configuration, logs and results kept in $work"
}
trap stop EXIT

echo "== starting munge, slurmctld and slurmd (configuration $SLURM_CONF)"
if ! munge -n 2> /dev/null | unmunge > /dev/null 2>&1; then
    # munged runs as its own user: its pid file goes where that user may write.
    mkdir -p /run/munge "$work/munge" && chown munge:munge /run/munge "$work/munge" && chmod 711 "$work"
    runuser -u munge -- /usr/sbin/munged --pid-file="$work/munge/munged.pid"
    started+=("$work/munge/munged.pid")
fi
slurmctld -c
started+=("$work/slurmctld.pid")
slurmd -c -N "$node"
started+=("$work/slurmd.pid")
for _ in $(seq 60); do
    state=$(sinfo -h -n "$node" -o %T 2> /dev/null || true)
    [ "$state" = idle ] && break
    sleep 1
done
[ "$state" = idle ] || { echo "check.sh: the node did not come up ($state); see $work/log" >&2; exit 1; }
sinfo

echo "== submitting: ${analysis[*]} in $shards shards"
"$repo/docs/slurm/submit.sh" --shards "$shards" --cpus 1 --time 00:30:00 --out "$work/run" -- "${analysis[@]}" \
    | tee "$work/submit.txt"
merge=$(sed -n 's/.*merge job \([0-9]*\).*/\1/p' "$work/submit.txt")
squeue
for _ in $(seq 1800); do
    [ -z "$(squeue -h 2> /dev/null)" ] && break
    sleep 1
done
[ -z "$(squeue -h)" ] || { echo "check.sh: jobs still queued after 30 minutes" >&2; squeue; exit 1; }
[ -s "$work/run/merged.json" ] || {
    echo "check.sh: no merged result (merge job $merge); the jobs' logs:" >&2
    tail -n 20 "$work/run/logs/"*.out >&2
    exit 1
}
fi
echo "== the jobs' logs (each shard's report cut to its first lines)"
for log in "$work/run/logs/"shard-*.out; do echo "-- $(basename "$log")"; head -n 4 "$log"; done
echo "-- merge.out"
head -n 2 "$work/run/logs/merge.out"

echo "== the same analysis on one machine"
"$TABULA" analyze "${analysis[@]}" --save "$work/single.json" --json "$work/single-report.json" --quiet > /dev/null

echo "== comparing"
python3 - "$work/single.json" "$work/run/merged.json" "$work/single-report.json" "$work/run/report.json" <<'PY'
import json, sys
# Timing and provenance differ between any two runs; everything else must not.
ASIDE = {"seconds", "games_per_second", "date", "created", "started", "tabula_version", "version", "host"}
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ASIDE}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v
def load(path):
    with open(path) as f:
        return strip(json.load(f))
failed = False
for one, merged, what in [(sys.argv[1], sys.argv[2], "games"), (sys.argv[3], sys.argv[4], "report")]:
    a, b = load(one), load(merged)
    if a == b:
        count = len(a["games"]) if what == "games" else a["games"]
        print(f"  {what}: identical ({count} games, {len(json.dumps(a))} bytes compared)")
    else:
        failed = True
        keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
        print(f"  {what}: DIFFERENT in {keys}")
sys.exit(1 if failed else 0)
PY
echo "== merged report"
cat "$work/run/report.txt"
if [ -n "$local" ]; then
    echo "== OK: the array's tasks and the merge job, run here without Slurm, give the one-machine result"
    echo "== results kept in $work"
else
    echo "== OK: the Slurm array + merge gives the one-machine result"
fi
