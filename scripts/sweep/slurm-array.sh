#!/bin/bash
# One shard of a sweep per Slurm array task: submit with ids 0..n-1, e.g.
#   sbatch --array=0-7 scripts/sweep/slurm-array.sh SCENARIO SEEDS OUT/
# Each task runs the block of seeds of shard SLURM_ARRAY_TASK_ID of SLURM_ARRAY_TASK_COUNT
# and writes OUT/<scenarioHash>-shard-IIII-of-NNNN.json atomically. `lifeloop merge OUT/
# --missing` prints the `sbatch --array=…` line that re-runs exactly the shards missing.
#SBATCH --cpus-per-task=1
set -euo pipefail
scenario=${1:?usage: slurm-array.sh SCENARIO SEEDS OUT/}
seeds=${2:?usage: slurm-array.sh SCENARIO SEEDS OUT/}
out=${3:?usage: slurm-array.sh SCENARIO SEEDS OUT/}
exec "${LIFELOOP:-lifeloop}" experiment "$scenario" --seeds "$seeds" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
    --format json --out "$out" --quiet
