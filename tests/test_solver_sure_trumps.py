"""The pinochle solver's sure-trump bound (sv_sure_trump_points / sv_sure_trick_points) and the
ceiling that skips it where it cannot cut.

A side's trumps above every trump of the other side each win the trick they fall in; that trick
brings the trump's points, the other seats' cheapest cards and, where the holder keeps the last
trick, its bonus.  The bound is worked out only where a ceiling on it (the trumps' points, the
dearest card value from every other seat holding cards for each trick, the bonus) reaches the
least value that changes the window or the bounds found before.  Checked against the plain minimax
of tests/test_solver_draw_bound.py (the pure-Python reference's rules) at the root, where the bound
is read first: a hand-made case the bound settles at its ceiling exactly, and random four-card
positions where one side holds trumps above all of the other's, every probe and every must_beat.
"""
from __future__ import annotations

import random

import pytest

from cardsim.solver._solver import Position, _probe
from test_solver_draw_bound import PIN_POINTS, bit, four_card_deals, minimax


def pin(hands: list[int], trump: int, must_beat: int, leader: int, tricks_done: int) -> Position:
    """Seat 0 alone counts and raises the value (cutthroat pinochle's bidder)."""
    return Position(hands, trump=trump, leader=leader, max_side=0b001, count_side=0b001, kind="pinochle",
                    must_beat=must_beat, card_points=PIN_POINTS, last_trick_points=1, tricks_done=tricks_done)


def test_sure_trumps_settle_at_their_ceiling() -> None:
    """Seat 0: A A T of trump (spades) above seat 1's K, a 9 of hearts and of diamonds; every other
    card counts.  Seat 1 leads.  The three trumps take three tricks with three cards of each
    defender (3 + 3 + 3) and keep the last (three sure trumps, two other cards): 10, the ceiling
    itself (3 + 2 x 3 x 1 + 1), so the skip must not drop it: a probe at 10 is settled at the root
    (before the table, no other bound reaches it: the trump count gives 9, no bonus), and the value
    is the minimax's under each must_beat."""
    S, H, D, C = 0, 1, 2, 3
    hands = [sum(1 << bit(*c) for c in cards) for cards in (
        [(S, 5), (S, 5, 1), (S, 4), (H, 0), (D, 0)],
        [(S, 3), (H, 5), (H, 4), (H, 3), (D, 3)],
        [(D, 5), (D, 4), (C, 3), (C, 5), (C, 4)])]
    for must_beat in (0, 1, 2):
        assert _probe(pin(hands, 0, must_beat, 1, 7), 10) == (10, 1)
        assert pin(hands, 0, must_beat, 1, 7).value() == 10 == minimax(hands, 0, must_beat, leader=1)


def sure_for_a_side(hands: list[int], trump: int) -> bool:
    """Seat 0, or the defenders, hold a trump of a rank above every trump of the other side."""
    lane = 0xFFF << (16 * trump)
    mine, theirs = hands[0] & lane, (hands[1] | hands[2]) & lane

    def top(x: int) -> int:
        return (x.bit_length() - 1) >> 1 if x else -1

    return bool(mine or theirs) and top(mine) != top(theirs)


@pytest.mark.parametrize("must_beat", [0, 1, 2])
def test_sure_trump_bound_is_sound_against_minimax(must_beat: int) -> None:
    """Random four-card positions (any leader) where a side holds the top trump: every probe of the
    root and the value agree with the minimax."""
    rng = random.Random(20 + must_beat)
    for hands, trump in four_card_deals(rng, 40, sure_for_a_side):
        leader = rng.randrange(3)
        want = minimax(hands, trump, must_beat, leader=leader)
        assert pin(hands, trump, must_beat, leader, 8).value() == want, (hands, trump, leader)
        for beta in range(1, 12):
            got, _ = _probe(pin(hands, trump, must_beat, leader, 8), beta)
            assert (got >= beta) == (want >= beta), (hands, trump, leader, beta)
