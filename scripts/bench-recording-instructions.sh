#!/bin/sh
# Recording's cost counted in instructions rather than time: the recording workload's
# unrecorded and recorded rows (a host-clock loop of 100,000 turns, a job every 50, a
# digest-only trace, process start included), each alone under cachegrind. The time ratio
# needs many runs on a busy host (BENCH_ONLY=recording gives the median of interleaved
# timed pairs).
#   scripts/bench-recording-instructions.sh
exec "$(dirname "$0")/cachegrind-ratio.sh" bench-recording-instructions LIFELOOP_BENCH_RECORDING_ROW recording \
    unrecorded unrecorded recorded recorded 1.2
