"""Whole games per second, every game, through the core's one batch driver (cardsim._games).

    PYTHONPATH=src python bench/bench_games.py [--games N] [--repeats R] [--threads T] [--python-games M]

For each of the seven games (default rules) prints, for heuristic players on one thread:
games per second (wall clock and process CPU time, medians of R runs), the hands per
second inside those games, the games per second with ``hand_scores=True`` (the core plays
them twice), and for comparison the same games played as cardsim did before the driver:
a Python loop over the step states, one ``policy_step`` per decision and one state per hand
(``--python-games`` games, 0 to skip).  With --threads T > 1 adds a wall-clock figure on T
threads.  Last, a signature of a fixed workload's records (compare across commits).
"""
from __future__ import annotations

import argparse
import hashlib
import statistics
import time

from cardsim import Game, _core

GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "cutthroat-euchre", "euchre",
         "cutthroat-spades", "spades"]


def rates(game: Game, n: int, threads: int, repeats: int, hand_scores: bool = False) -> tuple[float, float, float]:
    """(wall, cpu) games per second and hands per CPU second, medians of ``repeats`` runs."""
    wall, cpu, hands = [], [], []
    for r in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        records = game.simulate(n, seed=r, threads=threads, unit="game", hand_scores=hand_scores)
        w, c = time.perf_counter() - w0, max(time.process_time() - c0, 1e-9)
        wall.append(n / w)
        cpu.append(n / c)
        hands.append(int(records["hands"].sum()) / c)
    return statistics.median(wall), statistics.median(cpu), statistics.median(hands)


def new_state(game: Game, seed: int, dealer: int, stream: int):
    if game.name == "cutthroat-pinochle":
        return _core.CutthroatPinochleState(game.rules, seed, dealer, stream)
    if game.name == "partnership-pinochle":
        return _core.PartnershipPinochleState(game.rules, seed, dealer, stream)
    if game.name == "two-hand-pinochle":
        return _core.TwoHandPinochleState(game.rules, seed, dealer, stream)
    if game.name in ("euchre", "cutthroat-euchre"):
        return _core.EuchreState(game.rules, game.seats, seed, dealer, stream)
    return _core.SpadesState(game.rules, seed, dealer, stream)


POINTS = {"partnership-pinochle": "team_score", "euchre": "team_points", "cutthroat-euchre": "points"}


def python_game(game: Game, seed: int) -> int:
    """One game as the Python loop of cardsim.whole_game played it before the driver."""
    spades = game.name in ("spades", "cutthroat-spades")
    field = POINTS.get(game.name, "score")
    sides = 2 if game.name in ("partnership-pinochle", "euchre", "spades") else game.seats
    target, totals, dealer = game.rules["target_score"], [0] * sides, 0
    state = None
    for k in range(10_000):
        if spades and k:
            state.next_hand(dealer)
        else:
            state = new_state(game, seed, dealer, k)
        while state.phase != "done":
            state.policy_step("heuristic")
        totals = [a + b for a, b in zip(totals, list(getattr(state, field))[:sides])]
        dealer = (state.dealer + 1) % game.seats
        if max(totals) >= target and totals.count(max(totals)) == 1:
            return k + 1
    return 10_000


def python_rate(game: Game, n: int) -> float:
    c0 = time.process_time()
    for seed in range(n):
        python_game(game, seed)
    return n / max(time.process_time() - c0, 1e-9)


def signature() -> str:
    digest = hashlib.sha256()
    for name in GAMES:
        records = Game(name).simulate(200, seed=12345, threads=1, unit="game")
        for field in records.dtype.names:
            digest.update(records[field].tobytes())
    return digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--python-games", type=int, default=100)
    args = parser.parse_args()
    print(f"{args.games} games x {args.repeats} repeats, heuristic players, default rules")
    head = f"{'game':22} {'games/s wall':>13} {'games/s CPU':>12} {'hands/s CPU':>12} {'+hand_scores':>13}"
    if args.python_games:
        head += f" {'Python loop':>12} {'ratio':>6}"
    if args.threads > 1:
        head += f" {f'{args.threads} threads':>11}"
    print(head)
    for name in GAMES:
        game = Game(name)
        game.simulate(50, unit="game", threads=1)  # warm up
        wall, cpu, hands = rates(game, args.games, 1, args.repeats)
        _, scored, _ = rates(game, args.games, 1, args.repeats, hand_scores=True)
        line = f"{name:22} {wall:13,.0f} {cpu:12,.0f} {hands:12,.0f} {scored:13,.0f}"
        if args.python_games:
            slow = python_rate(game, args.python_games)
            line += f" {slow:12,.0f} {cpu / slow:5.0f}x"
        if args.threads > 1:
            line += f" {rates(game, args.games, args.threads, args.repeats)[0]:11,.0f}"
        print(line, flush=True)
    print(f"signature {signature()}")


if __name__ == "__main__":
    main()
