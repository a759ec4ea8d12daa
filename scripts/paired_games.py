"""Paired whole games: what a rule on one team gains in games won (issue 11's score-aware rules).

scripts/euchre_lone_game.py and scripts/spades_blind_game.py each play a game of a fixed seed
three times on the same deals: with no rule (the baseline), the rule on team 0 only, the rule
on team 1 only.  A game's gain is (team 0 wins with its rule - team 0 wins in the baseline +
team 1 wins with its rule - team 1 wins in the baseline) / 2: games that never meet a changed
decision add exactly 0, so the standard error is far below that of unpaired win rates.
"""
from __future__ import annotations

import math
from typing import Callable


def paired_gain(play: Callable[[int, int], tuple[int, int]], games: int,
                base: list[int]) -> tuple[float, float, int, int]:
    """(mean gain, its standard error, the rule's calls summed, games that changed) over games
    0 .. ``games`` - 1: ``play(game, team)`` plays a game with the rule on ``team`` and returns
    (the winning team, -1 if none; how often the rule team made the call the rule is about);
    ``base`` the baseline's winners."""
    total = square = calls = changed = 0
    for g in range(games):
        w0, c0 = play(g, 0)
        w1, c1 = play(g, 1)
        gain = ((w0 == 0) - (base[g] == 0) + (w1 == 1) - (base[g] == 1)) / 2
        total += gain
        square += gain * gain
        calls += c0 + c1
        changed += w0 != base[g] or w1 != base[g]
    mean = total / games
    se = math.sqrt(max(square / games - mean * mean, 0.0) / (games - 1))
    return mean, se, calls, changed


def print_row(label: str, mean: float, se: float, calls: int, changed: int) -> None:
    """One rule's line under the header ``label gain se z calls changed``."""
    z = mean / se if se else 0.0
    print(f"{label:>12} {mean:+9.5f} {se:8.5f} {z:6.2f} {calls:10d} {changed:8d}", flush=True)
