"""The solver's figures (issue 16): speed against DDS, solves a second, PIMC decision times,
and a duplicate-style strength check.  Fixed seeds; prints one line per figure.

    PYTHONPATH=src python bench/bench_solver.py                      # everything, small sizes
    PYTHONPATH=src python bench/bench_solver.py --only dds --dds-deals 1000 --cards 8
    PYTHONPATH=src python bench/bench_solver.py --only spades --spades-deals 5

``dds``: partnership spades with break_spades=false is bridge with spades trump; the value
of every opening lead (DDS's SolveBoard) by both solvers on the same random deals, checked
equal, with the time of each (median, p90).  ``--cards`` deals fewer cards a hand (DDS
solves any position with equal hands) so the 1,000-deal check runs in minutes.

Times are CPU seconds of this process (``time.process_time``), not wall-clock: on a shared
machine the wall clock counts the time spent waiting for a core, which says more about the
other jobs than about the solvers (DDS's SolveBoard runs in this process's one thread too).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np

from cardsim import Game
from cardsim.solver._solver import Position
from cardsim.solver.players import core_action, oracle_action, parse_policy, pimc_action, play_hand
from cardsim.solver.positions import position

RANKS = "23456789TJQKA"


def pct(values: list[float], q: float) -> float:
    return float(np.percentile(np.array(values), q))


def random_spades_hands(rng: random.Random, n: int) -> list[int]:
    cards = [16 * s + r for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[i * n:(i + 1) * n]) for i in range(4)]


def pbn(hands: list[int]) -> str:
    return "N:" + " ".join(".".join("".join(RANKS[r] for r in range(12, -1, -1) if h >> (16 * s + r) & 1)
                                    for s in range(4)) for h in hands)


def bench_dds(deals: int, cards: int, seed: int) -> None:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player
    rng = random.Random(seed)
    ours, theirs = [], []
    nodes = first = 0
    for k in range(deals):
        hands = random_spades_hands(rng, cards)
        deal = Deal(pbn(hands))
        deal.trump = Denom.spades
        deal.first = Player.north
        t = time.process_time()
        dds = {16 * int(c.suit) + int(c.rank).bit_length() - 3: v for c, v in solve_board(deal)}
        theirs.append(time.process_time() - t)
        t = time.process_time()
        pos = Position(hands, trump=0, leader=0, max_side=0b0101, count_side=0b0101, tt_bits=20)
        pos.value()             # the deal's value first (move_values then finds it in the table)
        first += pos.nodes
        mine = pos.move_values()
        ours.append(time.process_time() - t)
        nodes += pos.nodes
        if mine != dds:
            raise SystemExit(f"deal {k}: solver {mine} != DDS {dds} ({pbn(hands)})")
    print(f"spades (break_spades=false) vs DDS, {deals} deals of {cards} cards a hand, every opening lead: "
          f"all equal; CPU: cardsim median {1000 * statistics.median(ours):.2f} ms p90 {1000 * pct(ours, 90):.2f} ms; "
          f"DDS median {1000 * statistics.median(theirs):.2f} ms p90 {1000 * pct(theirs, 90):.2f} ms; "
          f"ratio of medians {statistics.median(ours) / statistics.median(theirs):.1f}x, "
          f"of totals {sum(ours) / sum(theirs):.1f}x; "
          f"cardsim nodes {nodes:,} in all ({nodes / deals:,.0f} a deal: the deal's value {first / deals:,.0f}, "
          f"then every other lead's {(nodes - first) / deals:,.0f})")


def bench_euchre(n: int, seed: int) -> None:
    rng = random.Random(seed)
    rows = []
    for _ in range(n):
        deck = [16 * s + r for s in range(4) for r in range(6)]
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[5 * j:5 * j + 5]) for j in range(4)]
        # spades trump in effective suits: JS (bit 2) to bit 7, JC (bit 50) to bit 6
        rows.append([(h & ~((1 << 2) | (1 << 50))) | ((h >> 2) & 1) << 7 | ((h >> 50) & 1) << 6 for h in hands])
    arr = np.array(rows, dtype=np.uint64)
    pos = Position(list(map(int, arr[0])), trump=0, leader=1, max_side=0b0101, count_side=0b0101, tricks_done=0,
                   tt_bits=14)
    t = time.process_time()
    pos.values_many(arr)
    dt = time.process_time() - t
    print(f"euchre 5-card full-deal solves: {n / dt:,.0f} a CPU second on one core ({n} random deals, "
          f"{pos.nodes / n:.0f} nodes a solve)")


def bench_spades_full(deals: int, seed: int) -> None:
    rng = random.Random(seed)
    times = []
    nodes = []
    for _ in range(deals):
        hands = random_spades_hands(rng, 13)
        t = time.process_time()
        pos = Position(hands, trump=0, leader=0, max_side=0b0101, count_side=0b0101, tt_bits=22)
        pos.move_values()
        times.append(time.process_time() - t)
        nodes.append(pos.nodes)
    print(f"spades 13-card full deal, every opening lead: CPU median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s over {deals} deals; nodes median {statistics.median(nodes):,.0f}")


def bench_pinochle(deals: int, tricks_left: int) -> None:
    times, done = [], 0
    nodes: list[int] = []
    seed = 0
    while done < deals:
        seed += 1
        hand = Game("cutthroat-pinochle").deal(seed=seed)
        while hand.to_act is not None and hand._state.phase != "play":
            hand.step("heuristic")
        if hand.to_act is None:
            continue
        while hand.to_act is not None and position(hand).tricks_left > tricks_left:
            hand.step("heuristic")
        pos = position(hand)
        t = time.process_time()
        pos.value()
        times.append(time.process_time() - t)
        nodes.append(pos.nodes)
        done += 1
    print(f"cutthroat pinochle after the discard, {tricks_left} tricks left (heuristic play before): "
          f"CPU median {1000 * statistics.median(times):.1f} ms, p90 {1000 * pct(times, 90):.1f} ms, "
          f"p99 {1000 * pct(times, 99):.1f} ms over {deals} (seeds 1-{seed}); "
          f"nodes median {statistics.median(nodes):,.0f}, p99 {pct(nodes, 99):,.0f}, max {max(nodes):,}")


def bench_pimc(game: str, policy: str, decisions: int, skip: int) -> None:
    """A PIMC decision hand by hand, as cardsim.solver.players.act takes it (the core's), and the
    Python reference's time for the same decision beside it."""
    times: list[float] = []
    reference: list[float] = []
    seed = 0
    p = parse_policy(policy)
    while len(times) < decisions:
        seed += 1
        hand = Game(game).deal(seed=seed)
        while hand.to_act is not None and hand._state.phase != "play":
            hand.step("heuristic")
        for _ in range(skip):
            if hand.to_act is not None:
                hand.step("heuristic")
        if hand.to_act is None:
            continue
        t = time.perf_counter()
        core_action(hand, p)          # what play_hand / act play: the core's decision in euchre and spades
        times.append(time.perf_counter() - t)
        t = time.perf_counter()
        pimc_action(hand, p)          # the Python reference: the same card, a Python call per world
        reference.append(time.perf_counter() - t)
    print(f"{game} {policy} decision ({skip} cards played before): median {1000 * statistics.median(times):.2f} ms, "
          f"p90 {1000 * pct(times, 90):.2f} ms over {decisions} (the Python reference: median "
          f"{1000 * statistics.median(reference):.2f} ms)")


def duplicate(game: str, strong: str, deals: int) -> None:
    """Each deal twice, the strong player on team 0+2 then on 1+3 (heuristic elsewhere and in
    every call): the strong team's points a hand minus the other's, averaged over both seatings."""
    edges = []
    for i in range(deals):
        net = 0.0
        for team in (0, 1):
            hand = Game(game).deal(seed=1000 + i, dealer=i % 4)
            pols = [strong if s % 2 == team else "heuristic" for s in range(4)]
            play_hand(hand, pols)
            tp = hand.result()["team_points"]
            net += tp[team] - tp[1 - team]
        edges.append(net / 2)
    mean = statistics.mean(edges)
    se = statistics.stdev(edges) / len(edges) ** 0.5
    print(f"{game} duplicate, {strong} vs heuristic card play, {deals} deals x 2 seatings: "
          f"edge {mean:+.4f} points a hand (se {se:.4f}, z {mean / se if se else float('inf'):.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=None,
                    choices=["dds", "euchre", "spades", "pinochle", "pimc", "strength"])
    ap.add_argument("--dds-deals", type=int, default=200)
    ap.add_argument("--cards", type=int, default=8)
    ap.add_argument("--spades-deals", type=int, default=2)
    ap.add_argument("--euchre-deals", type=int, default=20000)
    ap.add_argument("--pinochle-deals", type=int, default=50)
    ap.add_argument("--pinochle-tricks", type=int, default=7)
    ap.add_argument("--pimc-decisions", type=int, default=40)
    ap.add_argument("--strength-deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    only = set(a.only or ["dds", "euchre", "spades", "pinochle", "pimc", "strength"])
    if "euchre" in only:
        bench_euchre(a.euchre_deals, a.seed)
    if "dds" in only:
        bench_dds(a.dds_deals, a.cards, a.seed)
    if "pimc" in only:
        bench_pimc("euchre", "pimc(worlds=32,eval=solve)", a.pimc_decisions, 0)
        bench_pimc("euchre", "pimc(worlds=32,eval=playout)", a.pimc_decisions, 0)
        bench_pimc("spades", "pimc(worlds=32,eval=playout)", a.pimc_decisions, 0)
        bench_pimc("spades", "pimc(worlds=32,eval=solve)", max(5, a.pimc_decisions // 8), 36)
    if "pinochle" in only:
        bench_pinochle(a.pinochle_deals, a.pinochle_tricks)
    if "strength" in only:
        duplicate("euchre", "oracle", a.strength_deals)
        duplicate("euchre", "pimc(worlds=32,eval=solve)", a.strength_deals)
    if "spades" in only:
        bench_spades_full(a.spades_deals, a.seed)


if __name__ == "__main__":
    main()
