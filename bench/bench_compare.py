"""The speed of ``cardsim compare`` (issue 13's target).

    PYTHONPATH=src python bench/bench_compare.py [--games 100000]

1. The issue's command, wall time of the whole CLI run (target: under 60 s on 2 cores):
   cardsim compare cutthroat-pinochle --variant "a: must_beat=always" --variant "b: must_beat=never" --games N
2. The same run on a LocalCluster of 2 workers, the run itself timed (cluster start-up and
   shutdown excluded), against the threaded local run (target: within 15%).
The JSON of every run must be the same bytes.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from cardsim.comparison import run as compare_run
from cardsim.comparison.variants import make_variants

GAME = "cutthroat-pinochle"
VARIANTS = ["a: must_beat=always", "b: must_beat=never"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    command = [sys.executable, "-m", "cardsim", "compare", GAME, "--variant", VARIANTS[0], "--variant", VARIANTS[1],
               "--games", str(args.games), "--threads", str(args.threads), "--json"]
    t0, c0 = time.perf_counter(), os.times()
    cli = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    t1, c1 = time.perf_counter(), os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    print(f"cli   --games {args.games} --threads {args.threads}: wall {t1 - t0:.1f} s, cpu {cpu:.1f} s")
    data = json.loads(cli)
    print(f"      mean game length "
          f"{data['variants'][0]['figures']['game_length']:.3f} / {data['variants'][1]['figures']['game_length']:.3f}")

    spec = compare_run.make_spec(GAME, make_variants(GAME, VARIANTS), unit="game", units=args.games,
                                 precision=None, seed=0, chunk=None)
    t0 = time.perf_counter()
    local = compare_run.build_result(spec, compare_run.run_spec(spec, threads=args.threads)).to_json()
    t_local = time.perf_counter() - t0

    import distributed

    t0 = time.perf_counter()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=50)
    client = distributed.Client(cluster)
    client.run(lambda: __import__("cardsim.comparison.run"))  # import cardsim on the workers before timing
    t_start = time.perf_counter() - t0
    t0 = time.perf_counter()
    remote = compare_run.build_result(spec, compare_run.run_spec(spec, scheduler=cluster.scheduler_address)).to_json()
    t_remote = time.perf_counter() - t0
    t0 = time.perf_counter()
    client.close()
    cluster.close()
    t_stop = time.perf_counter() - t0
    print(f"run   threads={args.threads}: {t_local:.1f} s; 2 workers: {t_remote:.1f} s "
          f"(ratio {t_remote / t_local:.2f}; cluster start {t_start:.1f} s, stop {t_stop:.1f} s)")
    same = local == remote == json.dumps(json.loads(cli), indent=2)
    print(f"same bytes: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
