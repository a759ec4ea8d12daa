"""Pinned records of the spades engines as they were before issue 9 changed their defaults.

``SIGNATURES`` (in spades_legacy.json beside this file) was recorded with the build before
issue 9 (commit c488aab): for each workload below, a sha256 of the record bytes of a small
seeded batch, and the full output of a few bid-odds runs.  tests/test_spades_legacy.py
plays the same workloads under ``preset="legacy"`` and must find the same bytes.  Run this
file (``PYTHONPATH=src python tests/cases/spades_legacy.py``) only to record them again
from a build that is known to be right.  The heuristic players' entries (their batches and
the bid odds) were recorded again with ``--players`` when issue 11 changed the players (not
the rules).  Everything was recorded again under ``preset="legacy"`` with ``--streams`` when
issues 15 and 10 changed the random streams (a faster deal and draw, separate deal and player
streams; no rule and no player changed).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

PATH = Path(__file__).with_name("spades_legacy.json")

#: (name, game, options): options written out in full (no preset), so that ``preset="legacy"``
#: can be added to them.
WORKLOADS = [
    ("cutthroat-3", "cutthroat-spades", {}),
    ("cutthroat-4", "cutthroat-spades", {"players": 4}),
    ("cutthroat-5-jokers-2", "cutthroat-spades", {"players": 5, "jokers": 2}),
    ("cutthroat-5-jokers-3-three-jacks", "cutthroat-spades",
     {"players": 5, "jokers": 3, "prize_jacks": "JD,JC,JH", "blind6_limit": -1}),
    ("cutthroat-3-bag-limit-3-three-jacks", "cutthroat-spades",
     {"bag_limit": 3, "prize_jacks": "JD,JC,JH", "prize_jack_points": 25}),
    ("cutthroat-4-per-bag", "cutthroat-spades", {"players": 4, "bag_mode": "per_bag"}),
    ("spades", "spades", {}),
    ("spades-three-jacks-bag-limit-4", "spades", {"prize_jacks": "JD,JC,JH", "bag_limit": 4}),
]

#: (name, game, options, cards, context) for bid odds.
ODDS = [
    ("cutthroat-3", "cutthroat-spades", {}, "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C", {}),
    ("cutthroat-3-weak", "cutthroat-spades", {"prize_jacks": "JD,JC,JH"},
     "9S 4S 2S JH 7H 3H JD 8D 4D 2D 9C 8C 6C 5C 4C 3C JC", {"seat": 1, "dealer": 2}),
    ("cutthroat-4-leader", "cutthroat-spades", {"players": 4},
     "KS 5S 3S AH 7H 3H 8D 4D 2D 9C 6C 5C 4C", {"scores": "120,40,0,10"}),
    ("spades", "spades", {}, "AS KS 5S 2S AH 7H 3H 8D 4D 2D 9C 6C 4C", {"seat": 1}),
    ("spades-blind", "spades", {}, None, {"blind": True, "scores": "0,150"}),
]

BATCHES = [("hand", "heuristic", 3000, 7), ("hand", "random", 3000, 8), ("game", "heuristic", 20, 9),
           ("tournament", "heuristic", 2, 10)]


def batch_digest(game, unit: str, policy: str, n: int, seed: int) -> str:
    records = game.simulate(n, policy=policy, seed=seed, threads=1, unit=unit)
    return hashlib.sha256(records.array.tobytes()).hexdigest()


def signatures(preset: str | None) -> dict:
    from cardsim import Game, bid_odds
    out: dict = {"batches": {}, "odds": {}}
    for name, game_name, options in WORKLOADS:
        game = Game(game_name, **({"preset": preset} if preset else {}), **options)
        out["batches"][name] = {f"{unit}-{policy}-{n}-{seed}": batch_digest(game, unit, policy, n, seed)
                                for unit, policy, n, seed in BATCHES}
    for name, game_name, options, cards, context in ODDS:
        game = Game(game_name, **({"preset": preset} if preset else {}), **options)
        out["odds"][name] = bid_odds(game, cards, trials=600, seed=5, threads=1, **context).to_dict()
    return out


def rerecord_players() -> None:
    """Record again what the heuristic players decide (their batches and the bid odds) under
    ``preset="legacy"``, keeping the random players' batches, which must not change: for a
    change of the players (issue 11), not of the rules."""
    old = json.loads(PATH.read_text())
    new = signatures("legacy")
    for name, batches in old["batches"].items():
        for key in batches:
            if "-random-" in key:
                assert new["batches"][name][key] == batches[key], (name, key)
            else:
                batches[key] = new["batches"][name][key]
    old["odds"] = new["odds"]
    PATH.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    import sys
    if "--players" in sys.argv:
        rerecord_players()
    elif "--streams" in sys.argv:  # the random streams changed, nothing else: record under the preset
        PATH.write_text(json.dumps(signatures("legacy"), indent=1, sort_keys=True) + "\n")
    else:
        PATH.write_text(json.dumps(signatures(None), indent=1, sort_keys=True) + "\n")
    print(f"wrote {PATH}")
