#!/bin/sh
# Two rows of the benchmark, each alone under cachegrind (valgrind): the instructions each
# executed and their ratio. Instruction counts barely move with the host's load, so one run
# judges a change of a few thousandths where timed runs on a busy host cannot.
#   scripts/cachegrind-ratio.sh NAME ROW_VARIABLE BENCH_ONLY BASE_ROW BASE_TEXT ROW ROW_TEXT GOAL
# NAME names the caller in errors; ROW_VARIABLE is the environment variable that picks a
# single row of the BENCH_ONLY workload; the ratio printed is ROW / BASE_ROW.
set -eu
name=$1 variable=$2 only=$3 base=$4 base_text=$5 row=$6 row_text=$7 goal=$8
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root/Benchmarks" && swift build -c release >/dev/null)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the Swift debug info; the symbols are enough.
strip -g -o "$work/lifeloop-bench" "$root/Benchmarks/.build/release/lifeloop-bench"
for one in "$base" "$row"; do
    env "$variable=$one" BENCH_ONLY="$only" valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$work/lifeloop-bench" >"$work/$one.log" 2>&1 &
done
wait
count() { grep -E '== I +refs:' "$work/$1.log" | sed -E 's/.*refs: *//; s/,//g'; }
base_count=$(count "$base")
row_count=$(count "$row")
if [ -z "$base_count" ] || [ -z "$row_count" ]; then
    echo "$name: cachegrind gave no count; its output:" >&2
    cat "$work/$base.log" "$work/$row.log" >&2
    exit 1
fi
echo "$base_text: $base_count instructions"
echo "$row_text: $row_count instructions"
echo "$row_count $base_count" | awk -v label="$row_text / $base_text" -v goal="$goal" \
    '{printf "%s: %.4f instructions (goal for time: <= %s)\n", label, $1 / $2, goal}'
