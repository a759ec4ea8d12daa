"""An oracle nobody here wrote: with ``break_spades=false`` partnership spades is bridge with
spades trump, so the solver's tricks must equal DDS's (the ``endplay`` package) for every
opening lead of every seat.

CI plays 200 random deals of 3 to 8 cards a hand (DDS solves any position with equal hands);
``bench/bench_solver.py --dds-deals 1000`` runs the full 13-card comparison.
"""
from __future__ import annotations

import random

import pytest

endplay = pytest.importorskip("endplay")
from endplay.dds import solve_board  # noqa: E402
from endplay.types import Deal, Denom, Player  # noqa: E402

from cardsim.solver._solver import Position  # noqa: E402

RANKS = "23456789TJQKA"


def random_hands(rng: random.Random, n: int) -> list[int]:
    cards = [16 * s + r for s in range(4) for r in range(13)]
    rng.shuffle(cards)
    hands = [0] * 4
    for seat in range(4):
        for c in cards[seat * n:(seat + 1) * n]:
            hands[seat] |= 1 << c
    return hands


def pbn(hands: list[int]) -> str:
    seats = []
    for h in hands:
        seats.append(".".join("".join(RANKS[r] for r in range(12, -1, -1) if h >> (16 * suit + r) & 1)
                              for suit in range(4)))
    return "N:" + " ".join(seats)


def dds_leads(hands: list[int], leader: int) -> dict[int, int]:
    """DDS: {card bit: tricks for the leader's side} for every card the leader may lead."""
    deal = Deal(pbn(hands))
    deal.trump = Denom.spades
    deal.first = Player(leader)
    return {16 * int(card.suit) + int(card.rank).bit_length() - 3: tricks for card, tricks in solve_board(deal)}


def test_solver_equals_dds_on_200_random_deals() -> None:
    rng = random.Random(16)
    for k in range(200):
        n = 3 + k % 6
        hands = random_hands(rng, n)
        for leader in range(4):
            side = 0b0101 if leader % 2 == 0 else 0b1010
            pos = Position(hands, trump=0, leader=leader, max_side=side, count_side=side, tt_bits=16)
            ours = pos.move_values()
            theirs = dds_leads(hands, leader)
            assert ours == theirs, (k, leader, pbn(hands))
            assert pos.value() == max(theirs.values())

