"""The solver equals a plain brute-force minimax on small end positions, in every game.

The brute force below knows nothing of the solver: it walks the game contract itself
(``legal_actions``, ``clone``, ``apply``) to the end of the hand and reads the tricks or
the won cards' points from the engine's state, maximising on the side's seats and
minimising elsewhere.  Positions come from hands played by the built-in policies (the
random policy makes the calls too, so lone hands and odd trumps turn up) and stop with
at most three tricks to play, sometimes in the middle of a trick.  Rule variants that
change play (break_spades, must_beat, card points) each get their share.

``CARDSIM_SOLVER_POSITIONS`` (default 100 per game and variant) sets how many; the
closing note's figure used 2,000.
"""
from __future__ import annotations

import os
import random
from typing import Any

import pytest

from cardsim import Game
from cardsim.solver.positions import card_points_by_bit, position

N = int(os.environ.get("CARDSIM_SOLVER_POSITIONS", "100"))


def side_value(hand: Any, side: int) -> int:
    """Tricks (trick games) or won card points plus the last-trick bonus (pinochle) of ``side``."""
    st = hand._state
    game = hand.rules.game
    if "pinochle" not in game:
        return sum(t for s, t in enumerate(st.tricks) if side >> s & 1)
    pts = card_points_by_bit(hand.rules)
    total = 0
    for s, won in enumerate(st.won):
        if side >> s & 1:
            total += sum(pts[b] for b in range(64) if won >> b & 1)
    if hand.to_act is None and side >> st.last_winner & 1:
        total += hand.rules["last_trick_points"]
    return total


def brute(hand: Any, count: int, most: int) -> int:
    """Best play by everyone to the end of the hand: what ``count`` has at the end."""
    if hand.to_act is None:
        return side_value(hand, count)
    values = []
    for action in hand.legal_actions():
        child = hand.clone()
        child.apply(action)
        values.append(brute(child, count, most))
    return max(values) if most >> hand.to_act & 1 else min(values)


def end_positions(game: str, n: int, seed: int, rules: dict[str, Any]) -> list[Any]:
    rng = random.Random(seed)
    g = Game(game, **rules)
    out = []
    i = 0
    while len(out) < n:
        i += 1
        hand = g.deal(seed=seed * 100003 + i)
        policy = "random" if rng.random() < 0.5 else "heuristic"
        while hand.to_act is not None and hand._state.phase != "play":
            hand.step(policy)
        if hand.to_act is None:
            continue
        left_wanted = rng.choice((1, 2, 2, 3, 3, 3))
        while hand.to_act is not None and position(hand).tricks_left > left_wanted:
            hand.step(policy)
        for _ in range(rng.randrange(len(hand._state.hands))):
            if hand.to_act is None:
                break
            hand.step(policy)
        if hand.to_act is not None:
            out.append(hand)
    return out


CASES = [
    ("euchre", {}),
    ("euchre", {"allow_lone_defender": True}),
    ("cutthroat-euchre", {}),
    ("spades", {}),
    ("spades", {"break_spades": False}),
    ("cutthroat-spades", {}),
    ("cutthroat-spades", {"players": 4}),
    ("cutthroat-pinochle", {}),
    ("cutthroat-pinochle", {"must_beat": "trump_led", "card_points": "A=11,T=10,K=4,Q=3,J=2"}),
    ("cutthroat-pinochle", {"must_beat": "never"}),
    ("partnership-pinochle", {}),
    ("partnership-pinochle", {"must_beat": "trump_led"}),
    ("two-hand-pinochle", {}),
]


@pytest.mark.parametrize("game,rules", CASES, ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in r.items()) or 'default'}"
                                                     for g, r in CASES])
def test_solver_equals_brute_force_on_end_positions(game: str, rules: dict[str, Any]) -> None:
    checked = 0
    for k, hand in enumerate(end_positions(game, N, 7 + len(rules), rules)):
        seat = hand.to_act
        objectives = ["max", "min"] if game == "cutthroat-spades" else ["max"]
        for objective in objectives:
            pos = position(hand, seat, objective=objective)
            count, most = pos.count_side, pos.max_side
            before = side_value(hand, count)
            expected = brute(hand, count, most) - before
            assert pos.value() == expected, (game, rules, k, objective, hand.to_dict())
            # the value after each legal card is the brute force's after that card
            for bit, value in pos.move_values().items():
                child = hand.clone()
                child.apply(card_action(hand, bit))
                assert value == brute(child, count, most) - before, (game, k, bit)
            checked += 1
    assert checked >= N


def card_action(hand: Any, bit: int) -> int:
    from cardsim.solver.positions import card_bit_to_action
    return card_bit_to_action(hand, bit)
