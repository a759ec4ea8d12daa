"""Two-hand pinochle's stock-phase solver (solver/stock.py, _stock.pyx) equals a plain brute force.

The brute force below walks the game contract (``legal_actions``, ``clone``, ``apply``) through
the rest of the stock phase, maximising seat 0's points less seat 1's for seat 0 and minimising
them for seat 1; the points scored are read off the engine's state (meld, won cards).  Once the
last 12 tricks begin it asks the trick-play solver, already checked against its own brute force
(tests/test_solver_exact.py), for seat 0's trick points there.  Positions come from hands played
by the built-in policies and stop with one or two stock tricks left, at a trick's start, after
its lead, or in the winner's melding.

``CARDSIM_STOCK_POSITIONS`` (default 12) sets how many positions with one stock trick left (a
twelfth as many with two); the closing note's figure used several hundred.
"""
from __future__ import annotations

import json
import os
import random
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import Game, solve
from cardsim.cli import main
from cardsim.errors import CardsimError
from cardsim.solver.positions import card_points_by_bit, position
from cardsim.solver.stock import scored, solve_stock, stock_tricks_left

N = int(os.environ.get("CARDSIM_STOCK_POSITIONS", "12"))
GAME = "two-hand-pinochle"


def leaves(hand: Any, out: dict[Any, Any]) -> dict[Any, Any]:
    """Every position where the last 12 tricks begin below ``hand``, by (hands, leader)."""
    st = hand._state
    if st.phase == "play":
        out[(st.hands, st.leader)] = hand
        return out
    for action in hand.legal_actions():
        child = hand.clone()
        child.apply(action)
        leaves(child, out)
    return out


def last_twelve(hand: Any) -> dict[Any, int]:
    """Seat 0's points less seat 1's in the last 12 tricks of every leaf below ``hand``: the
    trick-play solver's values (seat 0's trick points v of the total t: 2 v - t), solved in one
    batch a leader."""
    found = leaves(hand, {})
    pts = card_points_by_bit(hand.rules)
    out = {}
    for leader in (0, 1):
        keys = [k for k in found if k[1] == leader]
        if not keys:
            continue
        values = position(found[keys[0]], 0).values_many(np.array([k[0] for k in keys], dtype=np.uint64))
        for (hands, _), v in zip(keys, values):
            total = sum(pts[b] for h in hands for b in range(64) if h >> b & 1) + hand.rules["last_trick_points"]
            out[(hands, leader)] = 2 * int(v) - total
    return out


def brute(hand: Any, leaf: dict[Any, int]) -> int:
    """Seat 0's final points less seat 1's with best play by both from ``hand``."""
    st = hand._state
    if st.phase == "play":
        return scored(hand, 0) + leaf[(st.hands, st.leader)]
    values = []
    for action in hand.legal_actions():
        child = hand.clone()
        child.apply(action)
        values.append(brute(child, leaf))
    return max(values) if hand.to_act == 0 else min(values)


def stock_positions(n: int, left: int, seed: int, where: tuple[str, ...] = ("start", "lead", "meld")) -> list[Any]:
    """``n`` hands with ``left`` stock tricks left: at a trick's start, after its lead, or in the
    winner's melding after the trick before them (chosen from ``where``)."""
    rng = random.Random(seed)
    g = Game(GAME)
    out = []
    i = 0
    while len(out) < n:
        i += 1
        hand = g.deal(seed=seed * 100003 + i, dealer=i % 2)
        policy = "random" if rng.random() < 0.5 else "heuristic"
        at = rng.choice(where)
        while hand.tricks_played < 12 - left or (hand.phase == "meld" and at != "meld"):
            hand.step(policy)
        if at == "meld" and hand.phase != "meld":
            continue                     # the winner had nothing to declare or exchange
        if at == "lead":
            hand.step(policy)
        out.append(hand)
    return out


def check(hand: Any) -> None:
    """The solver's value and every action's value against the brute force, for both seats."""
    leaf = last_twelve(hand)
    base = scored(hand, 0)
    answer = solve_stock(hand, 0, stock_tricks=2)
    assert answer["rest"] == brute(hand, leaf) - base, hand.to_dict()
    for action in hand.legal_actions():
        child = hand.clone()
        child.apply(action)
        assert answer["moves"][hand.action_to_string(action)] == brute(child, leaf) - base, \
            (hand.to_dict(), hand.action_to_string(action))
    other = solve_stock(hand, 1, stock_tricks=2)
    assert other["rest"] == -answer["rest"] and other["so_far"] == -answer["so_far"]
    assert other["moves"] == {a: -v for a, v in answer["moves"].items()}


def test_stock_solver_equals_brute_force_on_the_last_stock_trick() -> None:
    for hand in stock_positions(N, 1, 11):
        assert stock_tricks_left(hand) == 1
        check(hand)


def test_stock_solver_equals_brute_force_two_tricks_from_the_end() -> None:
    """Two stock tricks left, the first already led (a full two-trick tree has some 300,000 leaves:
    too many for the brute force)."""
    for hand in stock_positions(max(1, N // 12), 2, 12, ("lead",)):
        assert stock_tricks_left(hand) == 2
        check(hand)


ACES = "AS AH AD AC"


def scripted_to_the_last_stock_trick(upcard: str, hands: list[str]) -> Any:
    """A hand dealt as given (seat 0 deals; the stock: the other cards in deck order), played to the
    start of the 12th stock trick by a script that keeps its aces and nines of spades and never
    melds: each seat plays its lowest other card and draws at once after a trick it wins."""
    g = Game(GAME)
    held = " ".join(hands + [upcard]).split()
    stock = []
    for suit in "SHDC":
        for rank in "9JQKTA":
            code = rank + suit
            stock += [code] * (2 - held.count(code))
    hand = g.deal(dealer=0, cards={"hands": hands, "upcard": upcard, "stock": " ".join(stock)})
    while hand.tricks_played < 11 or hand.phase == "meld":
        legal = hand.legal_actions()
        if hand.phase == "meld":
            hand.apply(max(legal))                          # the draw (61)
            continue
        kept = [a for a in legal if a % 24 % 6 != 5 and a % 24 != 0]  # not an ace, not the 9 of spades
        hand.apply(min(kept or legal))
    return hand


def meld_children(hand: Any) -> list[Any]:
    """The positions after the 12th trick where its winner melds (every lead and follow)."""
    out = []
    for lead in hand.legal_actions():
        first = hand.clone()
        first.apply(lead)
        for follow in first.legal_actions():
            second = first.clone()
            second.apply(follow)
            if second.phase == "meld":
                out.append(second)
    return out


def test_a_meld_only_the_tricks_winner_may_declare() -> None:
    """Both seats hold four aces at the last stock trick (the upcard is the dix, so no exchange):
    the winner, and only it, declares them, worth exactly meld_aces (the melding after the 12th
    trick changes nothing the last 12 tricks see)."""
    hand = scripted_to_the_last_stock_trick("9S", [f"{ACES} 9S JD JD JC JC QD QD KD",
                                                   f"{ACES} 9H 9H 9D 9D 9C 9C JH JH"])
    assert stock_tricks_left(hand) == 1
    check(hand)
    declared = set()
    for child in meld_children(hand):
        assert child.to_act == child.last_winner
        moves = solve(child)["moves"]
        assert "exchange" not in moves
        if "aces" in moves:                                  # the winner played no ace to the trick
            assert moves["aces"] == moves["draw"] + 100
            declared.add(child.to_act)
    assert declared == {0, 1}                                # either may win it, as the play goes


def test_the_dix_exchange_at_the_last_stock_trick() -> None:
    """Seat 0 keeps its unscored 9 of spades to the last stock trick (the upcard is the ten): when it
    wins, the exchange scores meld_dix and sends the dix to the loser instead of the upcard, so it
    is worth 10 plus the last 12 tricks with the ten in the winner's hand instead of the nine."""
    hand = scripted_to_the_last_stock_trick("TS", [f"{ACES} 9S JD JD JC JC QD QD KD",
                                                   f"{ACES} 9H 9H 9D 9D 9C 9C JH JH"])
    check(hand)
    dix_spots = [c for c in meld_children(hand) if c.to_act == 0 and c.can_exchange()][:4]
    assert dix_spots
    pts = card_points_by_bit(hand.rules)
    for child in dix_spots:
        moves = solve(child)["moves"]
        ends = {}
        for name in ("exchange", "draw"):
            end = child.clone()
            end.apply(end.string_to_action(name))
            while end.phase == "meld":                      # after the exchange: a meld left, or the draw
                end.draw()
            total = sum(pts[b] for h in end._state.hands for b in range(64) if h >> b & 1) + 10
            ends[name] = 2 * position(end, 0).value() - total
            if name == "exchange":
                assert end._state.hands[1] & 3                # the loser took the dix (9S: bits 0 and 1)
        assert moves["exchange"] >= 10 + ends["exchange"] and moves["draw"] == ends["draw"]


def test_limits_and_errors_in_one_line() -> None:
    hand = Game(GAME).deal(seed=3)
    with pytest.raises(CardsimError, match="at most 2 stock tricks left and this hand has 12"):
        solve(hand)
    while hand.tricks_played < 11:
        hand.step("heuristic")
    with pytest.raises(CardsimError, match="stock_tricks=1"):
        solve(hand, stock_tricks=0)
    assert solve(hand, stock_tricks=1)["stock_tricks_left"] == 1
    result = CliRunner().invoke(main, ["solve", GAME, "--seed", "3"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output


def test_cli_in_the_stock_phase() -> None:
    hand = Game(GAME).deal(seed=3)
    while hand.tricks_played < 11:
        hand.step("heuristic")
    history = ",".join(str(a) for a in hand.history)
    result = CliRunner().invoke(main, ["solve", GAME, "--seed", "3", "--history", history, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)["solve"]
    assert data == solve(hand) and data["measure"] == "difference"
    text = CliRunner().invoke(main, ["solve", GAME, "--seed", "3", "--history", history], env={"COLUMNS": "200"})
    assert text.exit_code == 0 and "stock phase (1 stock trick left)" in text.output
