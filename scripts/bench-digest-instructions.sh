#!/bin/sh
# The digest-only goal, counted in instructions rather than time: the untraced and the
# digest-only simulation rows (warm-up and three simulated hours, process start included),
# each alone under cachegrind. On this machine the time ratio has tracked the instruction
# ratio within about 0.01.
#   scripts/bench-digest-instructions.sh
exec "$(dirname "$0")/cachegrind-ratio.sh" bench-digest-instructions LIFELOOP_BENCH_SIM_ROWS simulation \
    untraced untraced digest digest-only 1.15
