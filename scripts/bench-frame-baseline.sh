#!/bin/sh
# Issue 9's frame-path goal: the 4-window simulation (simulation1h, untraced) against the
# baseline commit's, built from a worktree and run alternately with this tree's on the
# same machine. Prints each run's simulated seconds per wall second and the ratios.
#   scripts/bench-frame-baseline.sh [BASELINE_COMMIT] [RUNS]
set -eu
baseline=${1:-78608b6}
runs=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
tree="$root/.build-baseline-wt"
if [ ! -d "$tree" ]; then git -C "$root" worktree add --detach "$tree" "$baseline" >/dev/null; fi
(cd "$tree/Benchmarks" && swift build -c release >/dev/null)
(cd "$root/Benchmarks" && swift build -c release >/dev/null)
figure() { grep -E '^  simulation1h: [0-9]+ s simulated' | sed -E 's/.*= ([0-9.]+)× real time.*/\1/'; }
i=0
while [ "$i" -lt "$runs" ]; do
    old=$(cd "$tree/Benchmarks" && BENCH_ONLY=trace .build/release/lifeloop-bench 2>/dev/null | figure)
    new=$(cd "$root/Benchmarks" && BENCH_ONLY=simulation .build/release/lifeloop-bench 2>/dev/null | figure)
    echo "run $((i + 1)): baseline $baseline ${old}× real time, this tree ${new}× real time, ratio $(echo "$new $old" | awk '{printf "%.2f", $1 / $2}')"
    i=$((i + 1))
done
