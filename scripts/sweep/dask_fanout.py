#!/usr/bin/env python3
"""A sweep as N shards on a Dask LocalCluster (the same code runs on a real Dask cluster:
pass the scheduler's address instead of starting a LocalCluster).

    python3 scripts/sweep/dask_fanout.py SCENARIO SEEDS SHARDS OUT/ [--workers 2] [--scheduler ADDRESS]

Each task is one `lifeloop experiment --shard i/n` process: a shard holds many seeds, so
Dask's per-task overhead is paid once per shard, not per seed. Exits 0 when every shard
ran (status 0 or 1: failing seeds are results), 2 otherwise.
"""
import argparse
import os
import subprocess
import sys


def run_shard(lifeloop, scenario, seeds, index, shards, out):
    env = dict(os.environ, LIFELOOP_ENGINE="dask")
    done = subprocess.run([lifeloop, "experiment", scenario, "--seeds", seeds, "--shard", f"{index}/{shards}",
                           "--jobs", "1", "--format", "json", "--out", out, "--quiet"],
                          env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return index, done.returncode, done.stderr[-2000:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scenario")
    parser.add_argument("seeds")
    parser.add_argument("shards", type=int)
    parser.add_argument("out")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--scheduler", help="a running scheduler's address; default: start a LocalCluster")
    parser.add_argument("--lifeloop", default=os.environ.get("LIFELOOP", "lifeloop"))
    args = parser.parse_args()
    from dask.distributed import Client, LocalCluster, as_completed

    os.makedirs(args.out, exist_ok=True)
    cluster = None
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    lifeloop = os.path.abspath(args.lifeloop) if os.path.sep in args.lifeloop else args.lifeloop
    futures = [client.submit(run_shard, lifeloop, os.path.abspath(args.scenario), args.seeds, index, args.shards,
                             os.path.abspath(args.out) + "/", pure=False) for index in range(args.shards)]
    failed = []
    for future in as_completed(futures):
        index, status, stderr = future.result()
        if status not in (0, 1):
            failed.append(index)
            sys.stderr.write(f"shard {index}/{args.shards}: exit status {status}\n{stderr}\n")
    client.close()
    if cluster is not None:
        cluster.close()
    if failed:
        sys.stderr.write(f"shards that did not run: {','.join(map(str, sorted(failed)))}\n")
        return 2
    print(f"dask: {args.shards} shards ran on {args.workers} workers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
