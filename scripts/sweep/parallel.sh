#!/bin/bash
# A sweep as N shards under GNU parallel on this machine (-S host1,host2 for ssh hosts):
#   scripts/sweep/parallel.sh SCENARIO SEEDS SHARDS OUT/ [JOBS]
# The joblog lets `parallel --resume-failed --joblog OUT/joblog.tsv …` re-run failed shards;
# `lifeloop merge OUT/ --missing` prints the line for the shards missing.
set -euo pipefail
scenario=${1:?usage: parallel.sh SCENARIO SEEDS SHARDS OUT/ [JOBS]}
seeds=${2:?usage: parallel.sh SCENARIO SEEDS SHARDS OUT/ [JOBS]}
shards=${3:?usage: parallel.sh SCENARIO SEEDS SHARDS OUT/ [JOBS]}
out=${4:?usage: parallel.sh SCENARIO SEEDS SHARDS OUT/ [JOBS]}
jobs=${5:-$(nproc)}
mkdir -p "$out"
seq 0 $((shards - 1)) | parallel -j "$jobs" --joblog "$out/joblog.tsv" \
    "${LIFELOOP:-lifeloop}" experiment "$scenario" --seeds "$seeds" --shard {}/"$shards" \
    --jobs 1 --format json --out "$out" --quiet
