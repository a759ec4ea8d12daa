"""Paired whole games: what a rule on one team gains in games won (issue 11's score-aware rules).

scripts/euchre_lone_game.py and scripts/spades_blind_game.py each play a game of a fixed seed
on the same deals with no rule (the baseline), then once per side (team, or seat in cutthroat)
with the rule on that side only.  A game's gain is the mean over the sides of (the side wins
with its rule - the side wins in the baseline), what the rule gains the side that uses it:
games that never meet a changed decision add exactly 0, so the standard error is far below
that of unpaired win rates.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence


def paired_gain(play: Callable[[int, int], tuple[int, int]], games: int, base: Sequence[int | Sequence[int]],
                sides: int = 2) -> tuple[float, float, int, int]:
    """(mean gain, its standard error, the rule's calls summed, games that changed) over games
    0 .. ``games`` - 1: ``play(game, side)`` plays a game with the rule on ``side`` only and
    returns (the winning side, -1 if none; how often the rule side made the call the rule is
    about); ``base`` the baseline's winners, one a game (no side using the rule), or one per
    side a game (another rule on that side: the gain is then over that rule)."""
    total = square = calls = changed = 0
    for g in range(games):
        gain = 0.0
        moved = False
        for side in range(sides):
            winner, made = play(g, side)
            was = base[g] if isinstance(base[g], int) else base[g][side]   # type: ignore[index]
            gain += ((winner == side) - (was == side)) / sides
            calls += made
            moved = moved or winner != was
        total += gain
        square += gain * gain
        changed += moved
    mean = total / games
    se = math.sqrt(max(square / games - mean * mean, 0.0) / (games - 1))
    return mean, se, calls, changed


def print_row(label: str, mean: float, se: float, calls: int, changed: int) -> None:
    """One rule's line under the header ``label gain se z calls changed``."""
    z = mean / se if se else 0.0
    print(f"{label:>12} {mean:+9.5f} {se:8.5f} {z:6.2f} {calls:10d} {changed:8d}", flush=True)
