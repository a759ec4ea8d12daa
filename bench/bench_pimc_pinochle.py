"""PIMC and the oracle in the pinochle games (issue 16, item 3): decision time and a
duplicate-style strength comparison against the heuristic.  Fixed seeds.

    PYTHONPATH=src python bench/bench_pimc_pinochle.py                      # everything, default sizes
    PYTHONPATH=src python bench/bench_pimc_pinochle.py --only time --decisions 200
    PYTHONPATH=src python bench/bench_pimc_pinochle.py --only strength --deals 400 --players pimc
    PYTHONPATH=src python bench/bench_pimc_pinochle.py --only batch --deals 200 --players pimc,oracle

``time``: one ``pimc(worlds=32,eval=playout)`` decision (32 resamples and a heuristic play-out of
every legal card in each, in the core), at the first lead of the card play (the most cards to
value and to play out) and at positions spread over it (0 to 11 cards played), median / p90 / max.
Two-hand pinochle: every decision of its card play is PIMC's (``pimc_values`` in the core: worlds
drawn from the deal and the history, every legal action played out with melds, dix and draws):
the first lead of the hand (stock phase), decisions spread over the stock phase (0 to 11 tricks
played, melds and draws included), and the first lead of the last 12 tricks, there beside the
Python path it replaces (``pimc_action(core=False)``: worlds and play-outs from Python).

``strength`` (cutthroat pinochle by default): each deal is played once with the heuristic in
every seat and, for each side k (each seat; each team in partnership), once more with the
player under test in the seats of k (the heuristic in the others, and in every bid, trump,
discard and pass); a deal's edge is the mean over the sides of (side k's hand score with the
player) - (side k's score with the heuristic): the same cards and the same auction each time.  Reported: the mean edge in points a hand, its
standard error over deals and z.  ``oracle`` sees every card; a full 15-trick cutthroat solve
costs seconds to minutes (docs/solver.md), so the oracle plays the last ``--oracle-tricks``
tricks (the heuristic before): an upper bound on endgame play only.

``batch``: the same duplicate comparison through the core's hand batches (Game.simulate with
pimc or oracle seats, every pinochle game; see bench_batch), with the CPU time a hand.  The
batches' oracle is the play-out oracle (one heuristic play-out of the true deal per card).
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

import numpy as np

from cardsim import Game
from cardsim.solver.players import oracle_action, parse_policy, pimc_action

PIMC = "pimc(worlds=32,eval=playout)"


def in_play(game: str, seed: int, played: int) -> Any:
    hand = Game(game).deal(seed=seed)
    while hand.to_act is not None and hand.phase != "play":
        hand.step("heuristic")
    for _ in range(played):
        if hand.to_act is not None:
            hand.step("heuristic")
    return hand if hand.to_act is not None else None


def in_stock(seed: int, tricks: int) -> Any:
    """A two-hand hand after ``tricks`` stock tricks (the heuristic everywhere), at its next
    decision of the stock phase (a lead, a reply, or a meld decision); None if none is left."""
    hand = Game("two-hand-pinochle").deal(seed=seed)
    while hand.to_act is not None and hand.phase != "play" and hand.tricks_played < tricks:
        hand.step("heuristic")
    return hand if hand.to_act is not None and hand.phase != "play" else None


def _report(game: str, times: list[float], cpu: list[float], where: str, how: str = "") -> None:
    a, b = np.array(times) * 1000, np.array(cpu) * 1000
    print(f"{game} {PIMC}{how} decision: median {np.median(a):.2f} ms wall ({np.median(b):.2f} ms CPU), p90 "
          f"{np.percentile(a, 90):.2f} ms wall ({np.percentile(b, 90):.2f} ms CPU), max {a.max():.2f} ms wall "
          f"over {len(times)} positions ({where})")


def _timed(hands: list[Any], decide: Callable[[Any], int]) -> tuple[list[float], list[float]]:
    times: list[float] = []
    cpu: list[float] = []
    for hand in hands:
        t, c = time.perf_counter(), time.thread_time()
        decide(hand)
        cpu.append(time.thread_time() - c)
        times.append(time.perf_counter() - t)
    return times, cpu


def bench_time(game: str, decisions: int, first: bool) -> None:
    p = parse_policy(PIMC)
    hands: list[Any] = []
    seed = 0
    while len(hands) < decisions:
        seed += 1
        hand = in_play(game, seed, 0 if first else seed % 12)
        if hand is not None:
            hands.append(hand)
    where = "the first lead" if first else "0-11 cards played"
    if game == "two-hand-pinochle":
        where = "the first lead of the last 12 tricks" if first else "0-11 cards of the last 12 tricks played"
    _report(game, *_timed(hands, lambda h: pimc_action(h, p)), where)
    if game == "two-hand-pinochle" and first:    # the Python path it replaces, same positions, same run
        _report(game, *_timed(hands, lambda h: pimc_action(h, p, core=False)), where, " (Python path)")


def bench_two_hand_stock(decisions: int) -> None:
    """Two-hand PIMC in the stock phase: the first lead of the hand, and decisions spread over
    the stock tricks (0 to 11 played: leads, replies, meld decisions)."""
    p = parse_policy(PIMC)
    game = "two-hand-pinochle"
    firsts = [Game(game).deal(seed=seed) for seed in range(1, decisions + 1)]
    _report(game, *_timed(firsts, lambda h: pimc_action(h, p)), "the first lead of the hand, stock phase")
    spread: list[Any] = []
    seed = 0
    while len(spread) < decisions:
        seed += 1
        hand = in_stock(seed, seed % 12)
        if hand is not None:
            spread.append(hand)
    _report(game, *_timed(spread, lambda h: pimc_action(h, p)), "0-11 stock tricks played")


def player(kind: str, oracle_tricks: int) -> Callable[[Any], int | None]:
    """The card the player under test plays now, or None to let the heuristic act."""
    if kind == "oracle":
        def act(hand: Any) -> int | None:
            if hand.phase != "play":
                return None
            total = hand._state.hand_size if hasattr(hand._state, "hand_size") else (24 if hand.seats == 2 else 12)
            left = total - hand.tricks_played
            return oracle_action(hand) if left <= oracle_tricks else None
        return act
    pol = parse_policy(PIMC if kind == "pimc" else kind)

    def pimc(hand: Any) -> int | None:
        if hand.phase != "play" and (hand.rules.game != "two-hand-pinochle" or pol.eval != "playout"):
            return None     # two-hand play-outs take the stock phase too (melds, dix, draws)
        return pimc_action(hand, pol)
    return pimc


def sides(game: str) -> list[set[int]]:
    """The sides a player under test takes in turn: each seat, or each team of partnership."""
    if game == "partnership-pinochle":
        return [{0, 2}, {1, 3}]
    return [{s} for s in range(Game(game).seats)]


def play(game: str, seed: int, dealer: int, side: set[int], act: Callable[[Any], int | None]) -> list[int]:
    """The deal played with the player under test in the seats of ``side`` (the heuristic in
    the others and in every other decision): each side's hand score."""
    hand = Game(game).deal(seed=seed, dealer=dealer)
    while hand.to_act is not None:
        if hand.to_act in side and hand.phase in ("play", "stock", "meld"):
            a = act(hand)
            if a is not None:
                hand.apply(a)
                continue
        hand.step("heuristic")
    res = hand.result()
    return list(res["team_scores"] if "team_scores" in res else res["scores"])


def bench_strength(game: str, kind: str, deals: int, oracle_tricks: int) -> None:
    act = player(kind, oracle_tricks)
    all_sides = sides(game)
    seats = Game(game).seats
    edges = []
    t0 = time.perf_counter()
    for i in range(deals):
        seed, dealer = 5000 + i, i % seats
        base = play(game, seed, dealer, set(), act)
        edge = 0.0
        for k, side in enumerate(all_sides):
            edge += play(game, seed, dealer, side, act)[k] - base[k]
        edges.append(edge / len(all_sides))
    mean = statistics.mean(edges)
    se = statistics.stdev(edges) / len(edges) ** 0.5
    name = f"oracle (last {oracle_tricks} tricks)" if kind == "oracle" else (PIMC if kind == "pimc" else kind)
    print(f"{game} duplicate, {name} vs heuristic card play, {deals} deals x {len(all_sides)} sides: "
          f"edge {mean:+.3f} points a hand (se {se:.3f}, z {mean / se if se else float('inf'):.1f}); "
          f"{time.perf_counter() - t0:.0f} s")


def bench_batch(game: str, kind: str, deals: int, threads: int) -> None:
    """Duplicate strength through the core's batches (Game.simulate: no Python call per card):
    hand i of the batch keyed by 5000 with the heuristic everywhere, and once more for each side
    k with the player under test in the seats of k (PIMC: ``pimc(worlds=32,eval=playout)``;
    oracle: one heuristic play-out of the true deal per card); the same deals and auctions (the
    players' bids are the heuristic's, which draws no random numbers).  Also the CPU time a hand."""
    g = Game(game)
    field = "team_score" if game == "partnership-pinochle" else "score"
    pol = PIMC if kind == "pimc" else kind
    base = g.simulate(deals, policy="heuristic", seed=5000, threads=threads).array[field].astype(np.int64)
    all_sides = sides(game)
    edges = np.zeros(deals)
    cpu = 0.0
    for k, side in enumerate(all_sides):
        names = [pol if s in side else "heuristic" for s in range(g.seats)]
        c = time.process_time()
        rec = g.simulate(deals, policy=names, seed=5000, threads=threads).array
        cpu += time.process_time() - c
        edges += rec[field][:, k].astype(np.int64) - base[:, k]
    edges /= len(all_sides)
    mean, se = float(edges.mean()), float(edges.std(ddof=1) / len(edges) ** 0.5)
    print(f"{game} batch duplicate, {pol} vs heuristic card play, {deals} deals x {len(all_sides)} sides: "
          f"edge {mean:+.2f} points a hand (se {se:.2f}, z {mean / se if se else float('inf'):.1f}); "
          f"{1000 * cpu / (deals * len(all_sides)):.0f} ms CPU a hand ({threads} thread(s))")


def bench_core_decision(game: str, decisions: int) -> None:
    """The core's batch decision (cardsim.solver._pimc.pinochle_decision, what Game.simulate
    plays) at the first lead and 0-11 cards into the play: thread CPU per decision."""
    from cardsim.solver import _pimc
    spec = ("pimc", 32, "playout", 0)
    for first in (True, False):
        hands = []
        seed = 0
        while len(hands) < decisions:
            seed += 1
            hand = in_play(game, seed, 0 if first else seed % 12)
            if hand is not None:
                hands.append(hand)
        where = "the first lead" if first else "0-11 cards played"
        _report(game, *_timed(hands, lambda h: _pimc.pinochle_decision(h._state, spec, 7)), where,
                " (core batch decision)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=["time", "strength", "batch"])
    ap.add_argument("--games", default="cutthroat-pinochle,partnership-pinochle,two-hand-pinochle")
    ap.add_argument("--decisions", type=int, default=100)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--players", default="pimc,oracle")
    ap.add_argument("--strength-game", default="cutthroat-pinochle")
    ap.add_argument("--oracle-tricks", type=int, default=6)
    ap.add_argument("--threads", type=int, default=1, help="batch: the core's threads")
    a = ap.parse_args()
    only = set(a.only or ["time", "strength"])
    if "time" in only:
        for game in a.games.split(","):
            if game == "two-hand-pinochle":
                bench_two_hand_stock(a.decisions)
            bench_time(game, a.decisions, True)
            bench_time(game, a.decisions, False)
            if game != "two-hand-pinochle":
                bench_core_decision(game, a.decisions)
    if "strength" in only:
        for kind in a.players.split(","):
            bench_strength(a.strength_game, kind, a.deals, a.oracle_tricks)
    if "batch" in only:
        for game in a.games.split(","):
            for kind in a.players.split(","):
                bench_batch(game, kind, a.deals, a.threads)


if __name__ == "__main__":
    main()
