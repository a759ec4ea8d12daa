"""What conditioning costs in bid odds (issue 12): plain, known cards + voids, the auction so far.

    python bench/bench_conditioned_odds.py [--trials N] [--repeats R] [GAME ...]
    python bench/bench_conditioned_odds.py --target      # the issue's end-to-end command, wall time

Per game, ``bid_odds`` in-process on one thread, the median CPU seconds of R runs (the figure to
quote on a shared machine) for the plain run; for the same (unconditioned) law dealt through the
conditioned path (the constrained dealer and the trial loop with nothing to reject: what the
machinery costs, the issue's budget being +20%); with known cards and voids (the deals differ, so
the play-out's cost may differ too); and with an auction (rejection: the acceptance is printed).  ``--target`` times ``cardsim bid cutthroat-pinochle ... --auction "21
pass" --trials 100000`` from the shell on every core (the issue's target: under 3 s wall).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cardsim
from cardsim import bid_odds

CP_HAND = "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D"
CASES = {  # game -> (cards, context, known + voids, auction)
    "cutthroat-pinochle": (CP_HAND, {"dealer": 0, "rules": {"dealer_may_bid": True}},
                           {"known": {1: "KD QD", "widow": "TC"}, "voids": {2: "H"}}, {"auction": "21 pass"}),
    "partnership-pinochle": ("AS AS TS KS QS JS 9S AH AD AC KH QH", {"seat": 3, "dealer": 0},
                             {"known": {1: "AH"}, "voids": {2: "S"}}, {"auction": "16 17"}),
    "two-hand-pinochle": ("AS AS TS KS QS JS 9S AH AD AC KH QH", {"upcard": "TC"},
                          {"known": {"stock": "AC"}, "voids": {1: "D"}}, None),
    "euchre": ("9H TH AC KC 9S", {"upcard": "JH", "seat": 0, "dealer": 0},
               {"known": {1: "JD"}, "voids": {2: "C", 3: "S"}}, {"auction": "pass pass pass"}),
    "cutthroat-euchre": ("JS AS KD AC 9H", {"upcard": "TS", "seat": 2, "dealer": 0},
                         {"known": {"dummy": "AH"}, "voids": {1: "D"}}, {"auction": "pass"}),
    "spades": ("AS KS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C", {"seat": 2, "dealer": 3},
               {"known": {1: "QS"}, "voids": {0: "H", 3: "D"}}, {"auction": "2 1"}),
    "cutthroat-spades": ("AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C", {"seat": 2, "dealer": 0},
                         {"known": {1: "2D"}, "voids": {1: "H"}}, {"auction": "3", "auction_slack": 1}),
}


def cpu_seconds(game: str, cards: str, trials: int, repeats: int, **context: object) -> tuple[float, object]:
    times, odds = [], None
    for _ in range(repeats):
        start = time.process_time()
        odds = bid_odds(game, cards, trials=trials, seed=1, threads=1, **context)
        times.append(time.process_time() - start)
    return statistics.median(times), odds


def target(repeats: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(cardsim.__file__).resolve().parents[1])}
    command = [sys.executable, "-m", "cardsim", "bid", "cutthroat-pinochle", CP_HAND, "--set", "dealer_may_bid=true",
               "--dealer", "0", "--auction", "21 pass", "--trials", "100000"]
    for label, cmd in (("auction '21 pass'", command), ("plain", command[:9] + command[11:])):
        times, cpu = [], []
        for _ in range(repeats):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        print(f"cardsim bid cutthroat-pinochle ... --trials 100000, {label}: median {statistics.median(times):.2f} s "
              f"wall (min {min(times):.2f}, max {max(times):.2f}), {statistics.median(cpu):.2f} s CPU, "
              f"{repeats} runs, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--target", action="store_true", help="time the issue's end-to-end command instead")
    parser.add_argument("games", nargs="*", default=list(CASES), help="games to run (default: all)")
    args = parser.parse_args()
    if args.target:
        target(args.repeats)
        return
    for game in args.games:
        cards, context, known, auction = CASES[game]
        plain, _ = cpu_seconds(game, cards, args.trials, args.repeats, **context)
        line = f"{game:<21} {args.trials:,} trials, CPU s: plain {plain:.3f}"
        same, _ = cpu_seconds(game, cards, args.trials, args.repeats, **context, constraints=[])
        line += f", same law via the constrained dealer {same:.3f} ({same / plain - 1:+.1%})"
        cond, _ = cpu_seconds(game, cards, args.trials, args.repeats, **context, **known)
        line += f", known+voids {cond:.3f} ({cond / plain - 1:+.1%})"
        if auction:
            auc, odds = cpu_seconds(game, cards, args.trials, args.repeats, **context, **auction)
            rate = odds.conditions["acceptance"]  # type: ignore[union-attr]
            line += f", auction {auc:.3f} ({auc / plain - 1:+.1%}; acceptance {rate:.1%})"
        print(line, flush=True)


if __name__ == "__main__":
    main()
