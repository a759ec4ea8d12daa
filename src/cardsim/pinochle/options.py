"""Pinochle options: cutthroat, two-hand and partnership pinochle.

The rules and every option: docs/rules/<game>.md; docs/<game>.md pins down the readings.
"""
from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..rules import GameSpec, Option, wins_needed_option

#: Ranks that ``card_points`` may name, high to low (``10`` is read as ``T``).
CARD_POINT_RANKS = "ATKQJ9"


def parse_card_points(text: str) -> dict[str, int]:
    """Points per rank from ``"A=1,T=1,K=1"``, in rank order; ValueError says what is wrong.

    >>> parse_card_points("k=5, 10=10,A=10")
    {'A': 10, 'T': 10, 'K': 5}
    """
    points: dict[str, int] = {}
    for pair in text.split(","):
        rank, sep, number = (part.strip() for part in pair.partition("="))
        rank = "T" if rank == "10" else rank.upper()
        if not sep or not rank or not number:
            raise ValueError("expected RANK=POINTS pairs separated by commas, like 'A=1,T=1,K=1'")
        if len(rank) != 1 or rank not in CARD_POINT_RANKS:
            raise ValueError(f"rank {rank!r} is not one of {' '.join(CARD_POINT_RANKS)}")
        if rank in points:
            raise ValueError(f"rank {rank} is given twice")
        if not number.isdigit() or int(number) > 100:
            raise ValueError(f"points for {rank} must be an integer 0..100, got {number!r}")
        points[rank] = int(number)
    return {rank: points[rank] for rank in CARD_POINT_RANKS if rank in points}


def _normalize_card_points(text: str) -> str:
    return ",".join(f"{rank}={points}" for rank, points in parse_card_points(text).items())


def _card_points(default: str) -> Option:
    return Option(
        "card_points", "str", default, "trick points per card rank, RANK=POINTS pairs over A T K Q J 9",
        normalize=_normalize_card_points,
    )


# name, what it is, points in cutthroat/partnership (section 1), in two-hand (section 4; None: no such meld)
MELDS = (
    ("run", "A T K Q J of trump, its trump marriage included", 15, 150),
    ("double_run", "both runs of trump (instead of two runs)", 150, None),
    ("trump_marriage", "K Q of trump not in a run, each", 4, 40),
    ("marriage", "K Q of a plain suit, each", 2, 20),
    ("dix", "9 of trump, each", 1, 10),
    ("aces", "an A of every suit", 10, 100),
    ("double_aces", "both A of every suit (instead of aces)", 100, None),
    ("kings", "a K of every suit", 8, 80),
    ("double_kings", "both K of every suit (instead of kings)", 80, None),
    ("queens", "a Q of every suit", 6, 60),
    ("double_queens", "both Q of every suit (instead of queens)", 60, None),
    ("jacks", "a J of every suit", 4, 40),
    ("double_jacks", "both J of every suit (instead of jacks)", 40, None),
    ("pinochle", "QS JD", 4, 40),
    ("double_pinochle", "both QS JD pairs (instead of pinochle)", 30, None),
)


def _meld_options(two_hand: bool = False) -> tuple[Option, ...]:
    return tuple(
        Option(f"meld_{name}", "int", two if two_hand else points, f"meld points: {name} = {what}", min=0, max=1000)
        for name, what, points, two in MELDS
        if not (two_hand and two is None)
    )


def _min_bid() -> Option:
    return Option("min_bid", "int", 16, "lowest first bid", min=1, max=1000)


def _bid_increment() -> Option:
    return Option("bid_increment", "int", 1, "each later bid at least this much higher", min=1, max=1000)


def _must_beat(default: str, trump_led: str) -> Option:
    return Option(
        "must_beat", "enum", default, f"duty to head the trick: always; trump_led ({trump_led}); never",
        choices=("always", "trump_led", "never"),
    )


def _last_trick_points(default: int) -> Option:
    return Option("last_trick_points", "int", default, "bonus to the winner of the last trick", min=0, max=1000)


def _save_meld_points() -> Option:
    return Option(
        "save_meld_points", "int", 1, "trick points a player (or team) needs to keep its meld", min=0, max=1000,
    )


def _target_score(default: int) -> Option:
    return Option("target_score", "int", default, "the game ends after the hand in which a score reaches this",
                  min=1, max=100_000)


def trick_points_total(values: dict[str, Any]) -> int:
    """All the trick points of one hand: 8 copies of each rank's points, plus the last trick."""
    points = parse_card_points(values["card_points"])
    total: int = 8 * sum(points.values()) + values["last_trick_points"]
    return total


def meld_bound(values: dict[str, Any]) -> int:
    """An upper bound on one player's meld: every meld at its most (a double, or twice the single)."""
    single = {name: values[f"meld_{name}"] for name, _, _, _ in MELDS if f"meld_{name}" in values}
    bound: int = 0
    for name in ("run", "aces", "kings", "queens", "jacks", "pinochle"):
        bound += max(2 * single[name], single.get(f"double_{name}", 0))
    # two trump marriages, two marriages in each of three plain suits, both dixes
    bound += 2 * single["trump_marriage"] + 6 * single["marriage"] + 2 * single["dix"]
    return bound


def _check_feasible(values: dict[str, Any]) -> None:
    """Refuse rules under which no contract can ever be made or no meld ever kept."""
    taken = trick_points_total(values)
    if "min_bid" in values:
        most = taken + meld_bound(values)
        if values["min_bid"] > most:
            raise RulesError(f"min_bid={values['min_bid']} can never be made: a hand scores at most {most} "
                             f"({taken} trick points and at most {most - taken} meld)")
    if values.get("save_meld_points", 0) > taken:
        raise RulesError(f"save_meld_points={values['save_meld_points']} is more than the {taken} trick points "
                         f"a hand holds (card_points {values['card_points']}, last trick "
                         f"{values['last_trick_points']}): no meld could ever be kept")


def _check_cutthroat(values: dict[str, Any]) -> None:
    if values["all_pass"] == "dealer_forced" and not values["dealer_may_bid"]:
        raise RulesError("all_pass=dealer_forced needs dealer_may_bid=true (the default is false): "
                         "a dealer who may not bid cannot be held to a bid")
    _check_feasible(values)


CUTTHROAT = GameSpec(
    name="cutthroat-pinochle",
    title="Cutthroat Pinochle",
    section="docs/rules/cutthroat-pinochle.md (seed 000_396befb27fc91dff.txt)",
    players=3,
    options=(
        Option("widow", "bool", True, "deal 15 cards each and 3 to a widow; false: 16 each, no widow"),
        Option("redeal_nines", "int", 5,
               "redeal a hand with at least this many nines and no meld but dix (0: never)", min=0, max=8),
        _min_bid(),
        _bid_increment(),
        Option("dealer_may_bid", "bool", False,
               "the dealer may bid (false, the seed: the dealer is out of the auction for the hand)"),
        Option("all_pass", "enum", "redeal",
               "when all pass: redeal; first_forced (left of dealer must open); dealer_forced (dealer held to min_bid)",
               choices=("redeal", "first_forced", "dealer_forced")),
        Option("discard_counts", "bool", True, "card points in the bidder's discard count for the bidder"),
        Option("bidder_needs_trump_marriage", "bool", False,
               "a bidder without K Q of trump after the widow is set"),
        *_meld_options(),
        _must_beat("always", "only on a trump lead and when over-trumping"),
        _card_points("A=1,T=1,K=1"),
        _last_trick_points(1),
        _save_meld_points(),
        Option("dix_always_counts", "bool", True, "a player who loses their meld still scores their dix"),
        _target_score(150),
        Option("army_scoring", "bool", False,
               "keep the army ledger: throw-in pays 10, set pays 20 to each other player, game winner collects 40"),
        wins_needed_option(),
    ),
    # legacy: the defaults before dealer_may_bid followed the seed (issue 9), to reproduce earlier results
    presets={"standard": {}, "army": {"army_scoring": True}, "no-widow": {"widow": False},
             "legacy": {"dealer_may_bid": True}},
    default_preset="standard",
    check=_check_cutthroat,
)

TWO_HAND = GameSpec(
    name="two-hand-pinochle",
    title="Two-Hand Pinochle",
    section="docs/rules/two-hand-pinochle.md (seed 003_6b41872e00f601da.txt)",
    players=2,
    options=(
        *_meld_options(two_hand=True),
        _card_points("A=10,T=10,K=5,Q=5"),
        _last_trick_points(10),
        _target_score(1000),
        wins_needed_option(),
    ),
)

PARTNERSHIP = GameSpec(
    name="partnership-pinochle",
    title="Partnership Pinochle",
    section="docs/rules/partnership-pinochle.md (seed 004_1a0257b54084cfa2.txt)",
    players=4,
    options=(
        _min_bid(),
        _bid_increment(),
        Option("all_pass", "enum", "dealer_forced",
               "when all pass: dealer_forced (dealer held to min_bid) or redeal",
               choices=("dealer_forced", "redeal")),
        Option("pass_cards", "int", 3,
               "cards the bidder's partner passes to the bidder and gets back (0: no passing)", min=0, max=12),
        *_meld_options(),
        _must_beat("trump_led", "only on a trump lead; trumping a plain lead needs no over-trump"),
        _card_points("A=1,T=1,K=1"),
        _last_trick_points(1),
        _save_meld_points(),
        _target_score(300),
        wins_needed_option(),
    ),
    check=_check_feasible,
)

GAMES = (CUTTHROAT, TWO_HAND, PARTNERSHIP)
