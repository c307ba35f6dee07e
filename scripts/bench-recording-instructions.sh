#!/bin/sh
# Recording's cost counted in instructions rather than time: runs the recording workload's
# unrecorded and recorded rows (a host-clock loop of 100,000 turns, a job every 50, a
# digest-only trace) each alone under cachegrind (valgrind) and prints the instructions
# each executed and their ratio (goal for time: <= 1.2). Instruction counts barely move
# with the host's load, so one run judges; the time ratio needs many runs on a busy host
# (BENCH_ONLY=recording gives the median of interleaved timed pairs).
#   scripts/bench-recording-instructions.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root/Benchmarks" && swift build -c release >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the Swift debug info; the symbols are enough.
strip -g -o "$work/lifeloop-bench" "$root/Benchmarks/.build/release/lifeloop-bench"
for row in unrecorded recorded; do
    LIFELOOP_BENCH_RECORDING_ROW=$row BENCH_ONLY=recording valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$work/lifeloop-bench" >"$work/$row.log" 2>&1 &
done
wait
count() { grep -E '== I +refs:' "$work/$1.log" | sed -E 's/.*refs: *//; s/,//g'; }
unrecorded=$(count unrecorded)
recorded=$(count recorded)
if [ -z "$unrecorded" ] || [ -z "$recorded" ]; then
    echo "bench-recording-instructions: cachegrind gave no count; its output:" >&2
    cat "$work/unrecorded.log" "$work/recorded.log" >&2
    exit 1
fi
echo "unrecorded: $unrecorded instructions (100,000 host-clock turns, process start included)"
echo "recorded:   $recorded instructions"
echo "$recorded $unrecorded" | awk '{printf "recorded / unrecorded: %.4f instructions (goal for time: <= 1.2)\n", $1 / $2}'
