"""The spades players behave as docs/spades.md says (statistically, on fixed seeds)."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game

VARIANTS = [("cutthroat-spades", {"players": 3}), ("cutthroat-spades", {"players": 4}),
            ("cutthroat-spades", {"players": 5}), ("cutthroat-spades", {"players": 5, "jokers": 2}),
            ("cutthroat-spades", {"players": 5, "jokers": 3}), ("spades", {})]


@pytest.mark.parametrize("name, options", VARIANTS)
def test_heuristic_beats_random_players(name, options):
    game = Game(name, **options)
    policies = ["heuristic"] + ["random"] * (game.seats - 1)
    if name == "spades":  # a heuristic team (seats 0 and 2) against a random one
        policies = ["heuristic", "random", "heuristic", "random"]
    mean = game.simulate(20_000, policy=policies, seed=2, threads=2)["score"].mean(axis=0)
    assert mean[0] > 20
    for seat, policy in enumerate(policies):
        if policy == "random":
            assert mean[0] > mean[seat] + 50


@pytest.mark.parametrize("name, options", VARIANTS)
def test_heuristic_bids_close_to_what_it_makes(name, options):
    a = Game(name, **options).simulate(20_000, policy="heuristic", seed=3, threads=2).array
    regular = a["kind"] == 0
    assert 0.7 < a["made"][regular].mean() < 0.99  # neither reckless nor timid
    over = (a["tricks"] - a["bid"])[regular & a["made"]]
    assert over.mean() < 1.5  # then it ducks: few bags
    nil = a["kind"] == 1
    assert nil.any() and a["made"][nil].mean() > 0.6
    assert not (a["kind"] == 2).any()  # never blind nil


def test_heuristic_takes_the_special_bids_it_counts():
    a = Game("cutthroat-spades", players=4).simulate(20_000, policy="heuristic", seed=4, threads=2).array
    kinds = np.bincount(a["kind"].ravel(), minlength=7)
    assert kinds[4] > 0 and kinds[5] > 0  # one-for-50 and two-for-40 for counts of 1 and 2
    # four seats: no learned table, moon from a count of moon_tricks (the three-seat table's
    # learned moon offset is 'never': moon at 14 of 17 never paid against the bid odds)
    easy_moon = Game("cutthroat-spades", players=4, moon_tricks=7)
    b = easy_moon.simulate(20_000, policy="heuristic", seed=4, threads=2).array
    assert (b["kind"] == 6).any()


def test_partner_covers_a_nil_bid():
    game = Game("spades")
    with_partner = game.simulate(100_000, policy=["heuristic", "random", "heuristic", "random"], seed=1,
                                 threads=2).array
    alone = game.simulate(100_000, policy=["heuristic", "random", "random", "random"], seed=1, threads=2).array

    def nil_made(a):
        nil = a["kind"][:, 0] == 1
        return a["made"][nil, 0].mean()

    assert nil_made(with_partner) > nil_made(alone)


def test_random_bids_cover_every_legal_kind():
    a = Game("cutthroat-spades", players=3).simulate(20_000, policy="random", seed=6, threads=2).array
    kinds = set(np.unique(a["kind"]))
    assert kinds == {0, 1, 2, 4, 5, 6}  # no blind 6: nobody is behind at the start
    assert a["bid"][a["kind"] == 0].max() == 17
