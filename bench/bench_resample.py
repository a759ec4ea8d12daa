"""Resamples per second of hand.resample (issue 10, item 4) in a mid-hand position.

    python bench/bench_resample.py [--n N]

For euchre after 2 tricks and spades after 5 (heuristic play from seed 11) prints the rate
of the core state's resample (constraints, the exact constrained deal, the copy) and of
``hand.resample`` (the same plus the Python wrapper: the relabelled deal and history).
"""
from __future__ import annotations

import argparse
import time

from cardsim import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    n = parser.parse_args().n
    for name, tricks in (("euchre", 2), ("cutthroat-euchre", 2), ("spades", 5), ("cutthroat-spades", 5)):
        hand = Game(name).deal(seed=11)
        while hand.to_act is not None and hand.tricks_played < tricks:
            hand.step("heuristic")
        seat = hand.to_act
        t = time.perf_counter()
        for i in range(n):
            hand._state.resample(seat, i)
        core = n / (time.perf_counter() - t)
        t = time.perf_counter()
        for i in range(n):
            hand.resample(seat, i)
        full = n / (time.perf_counter() - t)
        print(f"{name:17s} after {hand.tricks_played} tricks: core {core:10,.0f}/s   hand.resample {full:8,.0f}/s")


if __name__ == "__main__":
    main()
