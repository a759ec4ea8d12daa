"""The solver's point sums (sv_points_of, sv_cheapest_points), which every points bound adds up:
the two-value path (cutthroat and partnership pinochle's 0 and 1, one popcount a class) and the
general loop (two-hand pinochle's 0, 5 and 10) against plain sorted sums over random card sets."""
from __future__ import annotations

import random

import pytest

from cardsim.solver._solver import Position, _cheapest_points

HANDS = [0b1, 0b10, 0b100]          # any legal position: only its rules are read


def rules(points: list[int]) -> Position:
    return Position(HANDS, trump=0, leader=0, max_side=0b001, count_side=0b001, kind="pinochle",
                    card_points=points, last_trick_points=1, tricks_done=11)


def point_table(values: list[int], rng: random.Random) -> list[int]:
    """Every bit a value of ``values``, each value on some bit."""
    table = [rng.choice(values) for _ in range(64)]
    table[:len(values)] = values
    return table


@pytest.mark.parametrize("values", [[0, 1], [2, 5], [0, 5, 10], [0, 1, 3, 4]])
def test_point_sums_match_sorted_sums(values: list[int]) -> None:
    rng = random.Random(len(values) * 100 + values[-1])
    for _ in range(20):
        table = point_table(values, rng)
        pos = rules(table)
        for _ in range(50):
            cards = rng.getrandbits(64) & rng.getrandbits(64)
            pts = sorted(table[b] for b in range(64) if cards >> b & 1)
            for n in (-1, 0, 1, 2, len(pts) // 2, len(pts), len(pts) + 3):
                assert _cheapest_points(pos, cards, n) == (sum(pts), sum(pts[:max(n, 0)])), (values, cards, n)
