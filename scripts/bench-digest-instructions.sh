#!/bin/sh
# Issue 9's digest-only goal, counted in instructions rather than time: runs the untraced
# and the digest-only simulation rows each alone under cachegrind (valgrind) and prints the
# instructions each executed and their ratio. Instruction counts do not move with the
# host's load, so a change of a few thousandths shows in one run; on this machine the time
# ratio has tracked the instruction ratio within about 0.01.
#   scripts/bench-digest-instructions.sh
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root/Benchmarks" && swift build -c release >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the Swift debug info; the symbols are enough.
strip -g -o "$work/lifeloop-bench" "$root/Benchmarks/.build/release/lifeloop-bench"
for row in untraced digest; do
    LIFELOOP_BENCH_SIM_ROWS=$row BENCH_ONLY=simulation valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$work/lifeloop-bench" >"$work/$row.log" 2>&1 &
done
wait
count() { grep -E '== I +refs:' "$work/$1.log" | sed -E 's/.*refs: *//; s/,//g'; }
untraced=$(count untraced)
digest=$(count digest)
if [ -z "$untraced" ] || [ -z "$digest" ]; then
    echo "bench-digest-instructions: cachegrind gave no count; its output:" >&2
    cat "$work/untraced.log" "$work/digest.log" >&2
    exit 1
fi
echo "untraced:    $untraced instructions (warm-up and three simulated hours, process start included)"
echo "digest-only: $digest instructions"
echo "$digest $untraced" | awk '{printf "digest-only / untraced: %.4f instructions (goal for time: <= 1.15)\n", $1 / $2}'
