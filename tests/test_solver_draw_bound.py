"""The pinochle solver's bidder bound after drawing trumps (sv_draw_trumps in sv_sure_plain_points).

A bidder on lead holding at least as many trumps above every defender's trump as the longest
defender's trumps draws them, and then its trumps and plain winners all take tricks, the last one
too when it keeps more trumps than plain losers.  Checked against a plain minimax over the
pure-Python reference's rules (tests/reference/cutthroat_pinochle.py: legal cards, trick winner),
which knows nothing of the solver, on random four-card positions where the draw applies, and on a
hand-made case that the bound settles at the root.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, Iterator

import pytest

from cardsim.solver._solver import Position, _probe
from reference import cutthroat_pinochle as ref

PIN_POINTS = [1 if (b & 15) < 12 and (b & 15) // 2 >= 3 else 0 for b in range(64)]   # A, T, K: 1 point
MUST_BEAT = {0: "always", 1: "trump_led", 2: "never"}         # pinochle/cards.pxd's MUST_BEAT_*


def bit(lane: int, rank: int, copy: int = 0) -> int:   # pinochle ranks 9 J Q K T A = 0..5
    return 16 * lane + 2 * rank + copy


def codes(mask: int) -> tuple[str, ...]:
    """A hand mask as the reference's card codes (lane l is suit "SHDC"[l])."""
    return tuple(sorted(ref.RANKS[(b & 15) >> 1] + ref.SUITS[b >> 4] for b in range(64) if mask >> b & 1))


def minimax(hands: list[int], trump: int, must_beat: int, leader: int = 0) -> int:
    """Seat 0 (raising) against seats 1 and 2, ``leader`` leading: seat 0's card points and the last
    trick's bonus."""
    t = ref.SUITS[trump]
    rule = MUST_BEAT[must_beat]

    @lru_cache(maxsize=None)
    def go(hs: tuple[tuple[str, ...], ...], leader: int, trick: tuple[str, ...]) -> int:
        if len(trick) == 3:
            winner = (leader + ref.trick_winner(list(trick), t)) % 3
            got = sum(c[0] in "ATK" for c in trick) if winner == 0 else 0
            if not hs[0]:
                return got + (1 if winner == 0 else 0)
            return got + go(hs, winner, ())
        seat = (leader + len(trick)) % 3
        values = []
        for card in ref.legal_cards(list(hs[seat]), list(trick), t, rule):
            rest = list(hs[seat])
            rest.remove(card)
            child = tuple(tuple(rest) if s == seat else hs[s] for s in range(3))
            values.append(go(child, leader, trick + (card,)))
        return max(values) if seat == 0 else min(values)

    return go(tuple(codes(h) for h in hands), leader, ())


def draws(hands: list[int], trump: int) -> bool:
    """The bound's case: the defenders hold a trump, and seat 0 as many trumps above all of theirs
    (a higher rank) as the longest defender's trumps."""
    lane = 0xFFF << (16 * trump)
    theirs = (hands[1] | hands[2]) & lane
    if not theirs:
        return False
    above = [b for b in range(64) if (hands[0] & lane) >> b & 1 and b >> 1 > (theirs.bit_length() - 1) >> 1]
    return len(above) >= max(bin(hands[s] & lane).count("1") for s in (1, 2))


def four_card_deals(rng: random.Random, count: int,
                    accept: Callable[[list[int], int], bool]) -> Iterator[tuple[list[int], int]]:
    """``count`` random deals of four cards a seat (the hands, the trump lane) that ``accept`` takes."""
    deck = [bit(lane, rank, copy) for lane in range(4) for rank in range(6) for copy in range(2)]
    seen = 0
    while seen < count:
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[4 * s:4 * s + 4]) for s in range(3)]
        trump = rng.randrange(4)
        if accept(hands, trump):
            seen += 1
            yield hands, trump


def pin(hands: list[int], trump: int, must_beat: int, **kw: Any) -> Position:
    return Position(hands, trump=trump, leader=0, max_side=0b001, count_side=0b001, kind="pinochle",
                    must_beat=must_beat, card_points=PIN_POINTS, last_trick_points=1, tricks_done=8, **kw)


def test_bidder_draws_and_keeps_the_last_trick() -> None:
    """Seat 0: A 9 9 of trump (spades), K of hearts, 9 of clubs; seat 1's J is the defenders' only
    trump.  The ace draws it, the nines and the king then win, and seat 0 keeps a trump for the last
    trick (two trumps after the draw, one loser): at least 3 points.  Before, its quick tricks cashed
    every trump (2 points, no last trick) and a probe at 3 took 53 nodes; now one, under each
    must_beat, and the value is the brute force's."""
    S, H, D, C = 0, 1, 2, 3
    hands = [sum(1 << bit(*c) for c in cards) for cards in (
        [(S, 5), (S, 0), (S, 0, 1), (H, 3), (C, 0)],
        [(S, 1), (H, 0), (H, 1), (D, 2), (C, 5)],
        [(H, 2), (D, 1), (D, 0), (C, 2), (C, 4)])]
    for must_beat in (0, 1, 2):
        assert _probe(pin(hands, 0, must_beat), 3) == (3, 1)
        assert pin(hands, 0, must_beat).value() == 3 == minimax(hands, 0, must_beat)


@pytest.mark.parametrize("must_beat", [0, 1, 2])
def test_draw_bound_is_sound_against_minimax(must_beat: int) -> None:
    """Random four-card deals where the draw applies: every probe of the root (where the bound is
    read first) and the value agree with the minimax."""
    for hands, trump in four_card_deals(random.Random(18 + must_beat), 40, draws):
        want = minimax(hands, trump, must_beat)
        assert pin(hands, trump, must_beat).value() == want, (hands, trump)
        for beta in range(1, 10):
            got, _ = _probe(pin(hands, trump, must_beat), beta)
            assert (got >= beta) == (want >= beta), (hands, trump, beta)
