"""Spades batch invariants over a million hands: tricks per hand equal the hand size, bids in
range, and every record's score, bags and bag penalty recomputed from its own bids and tricks
with the section 3 table (numpy, independent of the core).  Batches start every hand from
zero bags, so a penalty comes from one hand's bags reaching the limit."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game

REGULAR, NIL, BLIND_NIL, BLIND6, ONE50, TWO40, MOON = range(7)


def bid_points(kind, bid, tricks, moon_tricks):
    """(points, bags) per seat from the table, vectorized."""
    made = tricks >= bid
    regular = np.where(made, 10 * bid + tricks - bid, -10 * bid)
    points = np.select(
        [kind == REGULAR, kind == NIL, kind == BLIND_NIL, kind == BLIND6, kind == ONE50, kind == TWO40,
         kind == MOON],
        [regular, np.where(tricks == 0, 100, -100), np.where(tricks == 0, 200, -200),
         np.where(tricks >= 6, 100, -100), np.select([tricks == 1, tricks > 1], [50, 10], -50),
         np.select([tricks == 2, tricks > 2], [40, 20], -40), np.where(tricks >= moon_tricks, 150, -150)])
    bags = np.where((kind == REGULAR) & made, tricks - bid, 0)
    return points, bags


def check_scores(game: Game, a: np.ndarray) -> None:
    rules = game.rules
    kind, bid, tricks = (a[f].astype(np.int64) for f in ("kind", "bid", "tricks"))
    points, bags = bid_points(kind, bid, tricks, rules["moon_tricks"])
    prize = a["prize"].astype(np.int64)
    if game.name == "spades":  # team contracts: seats 0+2 and 1+3, nil bids alone
        rule = rules["failed_nil_tricks"]
        for team in (0, 1):
            seats = [team, team + 2]
            reg = kind[:, seats] == REGULAR
            contract = (bid[:, seats] * reg).sum(axis=1)
            nil_tricks = (tricks[:, seats] * ~reg).sum(axis=1)
            taken = (tricks[:, seats] * reg).sum(axis=1) + (nil_tricks if rule == "contract" else 0)
            any_reg = reg.any(axis=1)
            beyond = np.where(any_reg, taken - contract, taken if rule == "contract" else 0)
            made = taken >= contract
            team_points = np.where(~any_reg, 0, np.where(made, 10 * contract, -10 * contract))
            team_bags = np.where(made, beyond, 0) + (nil_tricks if rule == "bags" else 0)
            team_points = team_points + team_bags + (points[:, seats] * ~reg).sum(axis=1)
            for s in seats:
                points[:, s] = team_points
                bags[:, s] = team_bags
            flags = prize[:, seats[0]] | prize[:, seats[1]]
            prize[:, seats[0]] = prize[:, seats[1]] = flags
    jacks = ((prize & 1) > 0).astype(np.int64) + ((prize & 2) > 0)
    hearts = ((prize & 4) > 0).astype(np.int64)
    if rules["multiple_prize_jacks"] == "void":  # two or more: nothing, unless all three of three
        caught = jacks + hearts
        void = (caught >= 2) & ~((caught == 3) & (len(rules["prize_jacks"]) == 3))
        jacks, hearts = np.where(void, 0, jacks), np.where(void, 0, hearts)
    if rules["bag_mode"] == "per_bag":
        penalty = 10 * np.maximum(bags - hearts, 0)
        after = np.zeros_like(bags)
    else:
        total = np.maximum(bags - hearts, 0)
        limit = rules["bag_limit"]
        over = total >= limit
        penalty = np.where(over, {"held": 10 * total, "limit": 10 * limit,
                                  "carry": 10 * limit * (total // limit)}[rules["bag_penalty"]], 0)
        after = np.where(over, total % limit if rules["bag_penalty"] == "carry" else 0, total)
    assert (a["bags"] == bags).all()
    assert (a["bag_penalty"] == penalty).all()
    assert (a["bags_after"] == after).all()
    assert (a["score"] == points + rules["prize_jack_points"] * jacks - penalty).all()


def check_shape(game: Game, a: np.ndarray) -> None:
    size = (game.deck.size + 1) // game.seats
    assert (a["tricks"].sum(axis=1) == size).all()
    assert ((a["tricks"] >= 0) & (a["bid"] >= 0) & (a["bid"] <= size)).all()
    assert ((a["kind"] >= 0) & (a["kind"] <= 6)).all()
    regular = a["kind"] == REGULAR
    assert (a["bid"][regular] >= 1).all()
    assert (a["dealer"] == np.arange(len(a)) % game.seats).all()
    # each prize jack is captured by at most one seat (in cutthroat)
    if game.name != "spades":
        for flag in (1, 2, 4):
            assert ((a["prize"] & flag) > 0).sum(axis=1).max() <= 1


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_a_million_hands_four_players(policy):
    game = Game("cutthroat-spades", players=4)
    a = game.simulate(1_000_000, policy=policy, seed=11, threads=2).array
    check_shape(game, a)
    check_scores(game, a)
    if policy == "random":  # every kind of bid shows up and most are made sometimes
        assert set(np.unique(a["kind"])) == {REGULAR, NIL, BLIND_NIL, ONE50, TWO40}


@pytest.mark.parametrize("name, options", [
    ("cutthroat-spades", {"players": 3}),
    ("cutthroat-spades", {"players": 3, "preset": "classic-300-per-bag"}),
    ("cutthroat-spades", {"players": 5}),
    ("cutthroat-spades", {"players": 5, "jokers": 2}),
    ("cutthroat-spades", {"players": 5, "jokers": 3, "preset": "long-500", "bag_limit": 3}),
    ("cutthroat-spades", {"players": 4, "moon_tricks": 5, "blind6_behind": 0, "prize_jacks": "JD,JC,JH"}),
    ("cutthroat-spades", {"players": 4, "bag_limit": 2, "bag_penalty": "carry", "prize_jacks": "JD,JC",
                          "break_spades": False}),
    ("cutthroat-spades", {"players": 3, "preset": "legacy", "bag_limit": 4, "prize_jacks": "JD,JC,JH"}),
    ("spades", {}),
    ("spades", {"bag_mode": "per_bag", "prize_jacks": "JD,JC,JH", "failed_nil_tricks": "bags"}),
    ("spades", {"bag_limit": 2, "failed_nil_tricks": "contract", "prize_jacks": "JD,JC"}),
    ("spades", {"bag_limit": 3, "bag_penalty": "held", "failed_nil_tricks": "bags", "break_spades": False,
                "multiple_prize_jacks": "each", "prize_jacks": "JD,JC"}),
    ("spades", {"preset": "legacy", "bag_limit": 2}),
])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_variants(name, options, policy):
    options = dict(options)
    preset = options.pop("preset", None)
    game = Game(name, preset=preset, **options)
    a = game.simulate(100_000, policy=policy, seed=5, threads=2).array
    check_shape(game, a)
    check_scores(game, a)
    if options.get("blind6_behind") == 0 and policy == "random":
        assert (a["kind"] == BLIND6).any() and (a["kind"] == MOON).any()
