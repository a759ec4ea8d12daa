"""The solver's generalised transposition table (DDS's winning ranks, trick mode) and pinochle's
point-class key give the same values as a table keyed on the cards themselves.

Positions deeper than the brute force of test_solver_exact.py can reach (5 to 8 tricks left,
some in the middle of a trick), from hands played by the built-in policies; every game, the
rule variants that change play, both objectives of cutthroat spades.  The value and every
legal card's value must agree.  Values do not depend on the random streams, only the
positions do, and any position must agree.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from cardsim import Game
from cardsim.solver.positions import position

CASES = [
    ("euchre", {}, 4),
    ("cutthroat-euchre", {}, 4),
    ("spades", {}, 7),
    ("spades", {"break_spades": False}, 7),
    ("cutthroat-spades", {}, 7),
    ("cutthroat-spades", {"players": 4}, 6),
    ("cutthroat-pinochle", {}, 6),
    ("cutthroat-pinochle", {"must_beat": "never"}, 6),
    ("partnership-pinochle", {}, 5),
    ("two-hand-pinochle", {}, 7),
]


def positions(game: str, rules: dict[str, Any], deepest: int, n: int, seed: int) -> list[Any]:
    rng = random.Random(seed)
    g = Game(game, **rules)
    out = []
    i = 0
    while len(out) < n:
        i += 1
        hand = g.deal(seed=seed * 1000 + i)
        policy = "random" if rng.random() < 0.5 else "heuristic"
        while hand.to_act is not None and hand._state.phase != "play":
            hand.step(policy)
        if hand.to_act is None:
            continue
        left = rng.randint(max(2, deepest - 3), deepest)
        while hand.to_act is not None and position(hand).tricks_left > left:
            hand.step(policy)
        for _ in range(rng.randrange(3)):
            if hand.to_act is not None:
                hand.step(policy)
        if hand.to_act is not None:
            out.append(hand)
    return out


@pytest.mark.parametrize("game,rules,deepest", CASES,
                         ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in r.items()) or 'default'}" for g, r, _ in CASES])
def test_generalised_table_equals_exact_table(game: str, rules: dict[str, Any], deepest: int) -> None:
    for k, hand in enumerate(positions(game, rules, deepest, 12, 31)):
        for objective in (["max", "min"] if game == "cutthroat-spades" else ["max"]):
            fast = position(hand, objective=objective, tt_bits=14)
            slow = position(hand, objective=objective, tt_bits=14, exact_table=True)
            assert fast.move_values() == slow.move_values(), (game, rules, k, objective, hand.to_dict())
            assert fast.value() == slow.value()


def test_generalised_table_searches_fewer_nodes() -> None:
    """What the tables are for (a spades deal of 9 cards a hand, every opening lead)."""
    rng = random.Random(3)
    cards = [16 * s + r for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[9 * i:9 * i + 9]) for i in range(4)]
    from cardsim.solver._solver import Position
    fast = Position(hands, trump=0, leader=0, max_side=0b0101, count_side=0b0101, tt_bits=16)
    slow = Position(hands, trump=0, leader=0, max_side=0b0101, count_side=0b0101, tt_bits=16, exact_table=True)
    assert fast.move_values() == slow.move_values()
    assert fast.nodes < slow.nodes
