"""PIMC and oracle in the core's batches and bid odds (issue 16 items 3-4): speed and strength.

    python bench/bench_pimc_odds.py [--trials 500] [--deals 400] [--only cli,batch,decision,euchre,spades]

* ``cli``: ``cardsim bid euchre "JH AH KS 9C TD" --upcard 9H --policy pimc --trials 500`` end to end
  (wall and CPU seconds, the load average before and after; target: under 60 s on 2 cores).
* ``batch``: hands a second with PIMC seats (``Game.simulate``, 2 threads), and the PIMC decisions
  they made (from a count of the decisions with more than one legal card).
* ``decision``: one core PIMC decision (cardsim.solver._pimc.pimc_decision_nodes, 32 worlds) at the
  first card of a hand, median and 90th percentile over deals, wall and thread-CPU time, and the
  solver's nodes a decision: euchre and cutthroat euchre with solver and with play-out evaluation,
  spades with play-outs (tricks and score), cutthroat spades with score play-outs.
* ``euchre``: duplicate strength: each deal played twice, the PIMC team in seats 0+2 then 1+3 against
  heuristic players, with the same deals and bidding; the edge is the PIMC team's mean net points a
  hand against the all-heuristic baseline of the same deals, with its standard error (and the oracle's).
* ``spades``: the same for spades, PIMC card play alone (``pimc(worlds=16)``) and with PIMC bidding as
  well (``pimc(worlds=16,bids=pimc)``: each candidate bid valued by heuristic play-outs of sampled
  worlds): the gain of the bidding is the difference of the two edges, paired on the same deals.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import numpy as np

from cardsim import Game


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def cli(trials: int) -> None:
    cmd = [sys.executable, "-m", "cardsim", "bid", "euchre", "JH AH KS 9C TD", "--upcard", "9H", "--policy", "pimc",
           "--trials", str(trials), "--threads", "2", "--json"]
    before = load()
    t0, c0 = time.perf_counter(), os.times()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    t1, c1 = time.perf_counter(), os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    print(f"cli: {' '.join(cmd[1:])}\n  wall {t1 - t0:.1f} s, CPU {cpu:.1f} s; load before {before}, after {load()}")


def team_net(rec: np.ndarray, game: str, team: int) -> np.ndarray:
    """Net points a hand of ``team`` (0: seats 0+2) against the other team."""
    if game == "euchre":
        pts = rec["team_points"].astype(np.int64)
    else:
        pts = rec["score"][:, :2].astype(np.int64)
    return pts[:, team] - pts[:, 1 - team]


def duplicate(game: str, policy: str, deals: int, seed: int) -> tuple[float, float]:
    """(edge, standard error): the policy's team's mean net points a hand over the two seatings,
    less the heuristic team's on the same deals (0 by symmetry, measured the same way)."""
    g = Game(game)
    base = g.simulate(deals, policy="heuristic", seed=seed, threads=2).array
    a = g.simulate(deals, policy=[policy, "heuristic"] * 2, seed=seed, threads=2).array
    b = g.simulate(deals, policy=["heuristic", policy] * 2, seed=seed, threads=2).array
    gain = (team_net(a, game, 0) - team_net(base, game, 0)) + (team_net(b, game, 1) - team_net(base, game, 1))
    gain = gain / 2
    return float(gain.mean()), float(gain.std(ddof=1) / np.sqrt(len(gain)))


def batch(deals: int) -> None:
    for game, policy in [("euchre", "pimc"), ("euchre", "pimc(worlds=32,eval=playout)"),
                         ("spades", "pimc(worlds=32)"), ("spades", "pimc(worlds=16,bids=pimc)")]:
        g = Game(game)
        n = deals if game == "euchre" else max(20, deals // 4)
        t0 = time.perf_counter()
        g.simulate(n, policy=[policy, "heuristic"] * 2, seed=1, threads=2)
        dt = time.perf_counter() - t0
        print(f"batch {game} {policy} in seats 0+2: {n / dt:,.0f} hands/s wall (2 threads, load {load()})")


def strength(game: str, deals: int) -> None:
    policies = (["oracle", "pimc", "pimc(worlds=32,eval=playout)"] if game == "euchre"
                else ["pimc(worlds=16)", "pimc(worlds=16,bids=pimc)"])
    edges = {}
    for policy in policies:
        t0 = time.perf_counter()
        edge, se = duplicate(game, policy, deals, seed=7)
        edges[policy] = edge
        print(f"{game} duplicate, {deals} deals x 2 seatings: {policy} {edge:+.4f} points a hand "
              f"(se {se:.4f}, z {edge / se if se else float('inf'):.1f}; {time.perf_counter() - t0:.0f} s)")
    if game == "spades":
        g = Game(game)
        a1 = g.simulate(deals, policy=["pimc(worlds=16)", "heuristic"] * 2, seed=7, threads=2).array
        a2 = g.simulate(deals, policy=["pimc(worlds=16,bids=pimc)", "heuristic"] * 2, seed=7, threads=2).array
        b1 = g.simulate(deals, policy=["heuristic", "pimc(worlds=16)"] * 2, seed=7, threads=2).array
        b2 = g.simulate(deals, policy=["heuristic", "pimc(worlds=16,bids=pimc)"] * 2, seed=7, threads=2).array
        gain = ((team_net(a2, game, 0) - team_net(a1, game, 0)) + (team_net(b2, game, 1) - team_net(b1, game, 1))) / 2
        se = gain.std(ddof=1) / np.sqrt(len(gain))
        print(f"spades: the gain of PIMC bidding over heuristic bidding (both with PIMC card play), paired: "
              f"{gain.mean():+.3f} points a hand (se {se:.3f}, z {gain.mean() / se:.1f})")


def decision(deals: int) -> None:
    """Wall and thread-CPU milliseconds a decision (CPU time is the fairer figure on a loaded
    machine) and, with solver evaluation, the solver's positions searched (a figure that does not
    depend on the load at all)."""
    from cardsim.solver._pimc import pimc_decision_nodes
    for game, specs in [("euchre", [("pimc", 32, "solve", 0), ("pimc", 32, "playout", 0)]),
                        ("cutthroat-euchre", [("pimc", 32, "solve", 0), ("pimc", 32, "playout", 0)]),
                        ("spades", [("pimc", 32, "playout", 0), ("pimc", 32, "playout", 0, "heuristic", "score")]),
                        ("cutthroat-spades", [("pimc", 32, "playout", 0, "heuristic", "score")])]:
        g = Game(game)
        for spec in specs:
            wall, cpu, nodes = [], [], 0
            for seed in range(min(deals, 300)):
                hand = g.deal(seed=seed)
                while hand.to_act is not None and hand._state.phase != "play":
                    hand.step("heuristic")
                if hand.to_act is None:
                    continue
                t0, c0 = time.perf_counter(), time.thread_time()
                nodes += pimc_decision_nodes(hand._state, spec, seed)[1]
                cpu.append(time.thread_time() - c0)
                wall.append(time.perf_counter() - t0)
            w, c = np.array(wall) * 1e3, np.array(cpu) * 1e3
            print(f"decision {game} {spec}: median {np.median(w):.2f} ms wall, {np.median(c):.2f} ms CPU, "
                  f"p90 {np.percentile(w, 90):.2f} ms wall, {np.percentile(c, 90):.2f} ms CPU, "
                  f"{nodes / len(w):.0f} solver nodes a decision ({len(w)} first leads; load {load()})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=500)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--only", default="cli,batch,decision,euchre,spades")
    args = ap.parse_args()
    only = set(args.only.split(","))
    if "cli" in only:
        cli(args.trials)
    if "batch" in only:
        batch(args.deals)
    if "decision" in only:
        decision(args.deals)
    if "euchre" in only:
        strength("euchre", args.deals)
    if "spades" in only:
        strength("spades", args.deals)


if __name__ == "__main__":
    main()
