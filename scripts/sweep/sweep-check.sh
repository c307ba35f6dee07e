#!/bin/bash
# `make sweep-check`: one sweep run four ways, and the merged reports compared figure for
# figure: a real single-node Slurm array (slurm-array.sh), GNU parallel (parallel.sh), a
# Dask LocalCluster (dask_fanout.py) and a single process. Installs what is missing (Debian
# slurm-wlm, munge, parallel; PyPI distributed in a venv under .build), starts munged,
# slurmctld and slurmd directly (no systemd) on a slurm.conf in a temporary state folder,
# and stops exactly the daemons it started. Needs root for apt and the Slurm daemons.
#
#   scripts/sweep/sweep-check.sh [SCENARIO] [SEEDS] [SHARDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
scenario=${1:-$root/Samples/Scenarios/feed-jobs.yaml}
seeds=${2:-0..399}
shards=${3:-4}
lifeloop=${LIFELOOP:-$root/.build/debug/lifeloop}
export LIFELOOP=$lifeloop
start=$(date +%s)
state=$(mktemp -d /tmp/lifeloop-sweep.XXXXXX)
chmod 755 "$state"   # munged (as the munge user) keeps its seed and log here
out=$state/out
mkdir -p "$out"
started=()
say() { printf 'sweep-check: %s\n' "$*"; }
stop() {
    for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${started[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    [ ${#started[@]} -gt 0 ] && say "stopped the daemons it started (pids ${started[*]})"
    return 0
}
trap stop EXIT

[ -x "$lifeloop" ] || { say "no $lifeloop: build it first (swift build --product lifeloop)"; exit 2; }
missing=()
command -v slurmctld >/dev/null || missing+=(slurm-wlm)
command -v munged >/dev/null || missing+=(munge)
command -v parallel >/dev/null || missing+=(parallel)
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} (apt)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >"$state/apt.log" 2>&1 \
        || { apt-get update >>"$state/apt.log" 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >>"$state/apt.log" 2>&1; } \
        || { say "apt-get install ${missing[*]} failed: see $state/apt.log"; exit 2; }
fi

# munge: a key, its socket folder, the daemon as the munge user, on a socket of our own.
[ -f /etc/munge/munge.key ] || mungekey -c -f >/dev/null 2>&1 || dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
chown munge:munge /etc/munge/munge.key 2>/dev/null || true
chmod 400 /etc/munge/munge.key
mkdir -p /run/munge "$state/munge"
chown munge:munge /run/munge "$state/munge"
socket=/run/munge/munge.socket.2
if ! munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged --foreground --socket="$socket" --pid-file="$state/munge/munged.pid" \
        --log-file="$state/munge/munged.log" --seed-file="$state/munge/munged.seed" >"$state/munge/stdout" 2>&1 &
    started+=($!)
    for _ in $(seq 50); do munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi
munge -n | unmunge >/dev/null || { say "munged did not answer"; exit 2; }

# Slurm: one node, its state in $state, started in the foreground (-D) and backgrounded.
cpus=$(nproc)
mkdir -p "$state/ctld" "$state/d"
cat >"$state/slurm.conf" <<CONF
ClusterName=lifeloop
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=100001
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE
CONF
export SLURM_CONF=$state/slurm.conf
slurmctld -D -i >"$state/slurmctld.stdout" 2>&1 &
started+=($!)
sleep 1
slurmd -D -N localhost >"$state/slurmd.stdout" 2>&1 &
started+=($!)
for _ in $(seq 100); do sinfo -h -o %t 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %t | grep -q idle || { say "the Slurm node never became idle"; tail -5 "$state/slurmctld.log" "$state/slurmd.log"; exit 2; }
say "slurm up: $(sinfo -h -o '%P %a %D %t %N' | head -1)"

# 1. Slurm array: one task per shard, ids 0..n-1.
t=$(date +%s.%N)
sbatch --wait --array=0-$((shards - 1)) --chdir="$root" --output="$state/slurm-%A_%a.out" \
    "$root/scripts/sweep/slurm-array.sh" "$scenario" "$seeds" "$out/slurm/" >"$state/sbatch.out"
say "slurm array: $(cat "$state/sbatch.out"), $(ls "$out/slurm" | wc -l) shard files, $(echo "$(date +%s.%N) - $t" | bc) s"

# 1b. Two shards lost: `merge --missing` prints the sbatch line for exactly those; run it.
rm -f "$out/slurm/"*-shard-0001-of-* "$out/slurm/"*-shard-0002-of-*
resubmit=$("$lifeloop" merge "$out/slurm/" --seeds "$seeds" --missing 2>"$state/missing.err" || true)
say "shards 1 and 2 removed; merge --missing printed: $resubmit"
(eval "${resubmit/sbatch /sbatch --wait --output=$state/slurm-again-%A_%a.out }") >/dev/null
say "after running it: $(ls "$out/slurm" | wc -l) shard files"

# 2. GNU parallel.
t=$(date +%s.%N)
"$root/scripts/sweep/parallel.sh" "$scenario" "$seeds" "$shards" "$out/parallel/" "$cpus" || true
say "GNU parallel: $(ls "$out/parallel"/*.json | wc -l) shard files, $(echo "$(date +%s.%N) - $t" | bc) s"

# 3. Dask LocalCluster, from PyPI in a venv under .build.
venv=$root/.build/sweep-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import distributed' 2>/dev/null; then
    say "installing dask distributed in $venv (pip)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet distributed >"$state/pip.log" 2>&1 || { say "pip install distributed failed: see $state/pip.log"; exit 2; }
fi
t=$(date +%s.%N)
"$venv/bin/python" "$root/scripts/sweep/dask_fanout.py" "$scenario" "$seeds" "$shards" "$out/dask/" --workers "$cpus" \
    --lifeloop "$lifeloop" 2>"$state/dask.err" | sed 's/^/  /'
say "Dask: $(ls "$out/dask" | wc -l) shard files, $(echo "$(date +%s.%N) - $t" | bc) s"

# 4. One process, and the comparison.
"$lifeloop" experiment "$scenario" --seeds "$seeds" --format json --out "$out/single.json" --quiet || true
status=0
for engine in slurm parallel dask; do
    "$lifeloop" merge "$out/$engine/" --seeds "$seeds" --out "$out/$engine.json" 2>"$state/merge-$engine.err" \
        || { say "$engine: merge failed: $(cat "$state/merge-$engine.err")"; status=1; continue; }
    if python3 - "$out/single.json" "$out/$engine.json" <<'PY'
import json, sys
single, merged = (json.load(open(path)) for path in sys.argv[1:3])
for report in (single, merged):
    report.pop("context")
if single != merged:
    keys = [key for key in single if single.get(key) != merged.get(key)]
    print("  differs in: " + ", ".join(keys))
    sys.exit(1)
runs, failed = single["runs"], single["failed"]
print(f"  {runs} runs, {failed} failed, {len(single['metrics'])} metrics, {len(single.get('seedDigests', '')) // 16} seed digests: equal")
PY
    then say "$engine merged report = single process, figure for figure"; else say "$engine merged report DIFFERS from the single process"; status=1; fi
done
say "done in $(( $(date +%s) - start )) s; state and logs in $state"
exit $status
