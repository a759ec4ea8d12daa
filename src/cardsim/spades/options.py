"""Spades options: cutthroat spades and the classic 4-hand partnership game (docs/rules/)."""
from __future__ import annotations

from typing import Any

from ..errors import RulesError
from ..rules import GameSpec, Option, wins_needed_option


def _options(*, specials: bool, moon_tricks: int, prize_jacks: str, bag_penalty: str,
             partnership: bool) -> tuple[Option, ...]:
    """The bidding, play and scoring options; ``specials`` turns on blind 6, one-for-50, two-for-40, moon."""
    failed_nil = (Option(
        "failed_nil_tricks", "enum", "ignored",
        "a failed nil bidder's tricks: ignored (neither contract nor bags), bags (the team's bags), "
        "contract (toward the partner's contract, beyond it bags)",
        choices=("ignored", "bags", "contract")),) if partnership else ()
    return (
        Option("allow_nil", "bool", True, "nil bid: +100 for taking no trick, else -100"),
        Option("allow_blind_nil", "bool", True, "blind nil, bid before seeing the cards: +200 / -200"),
        *failed_nil,
        Option("blind6_limit", "int", 1 if specials else 0,
               "blind 6 bids a player may make per game (0: none, -1: unlimited)", min=-1, max=100),
        Option("blind6_behind", "int", 50, "blind 6 only when at least this far behind the leader",
               min=0, max=10_000),
        Option("allow_one_for_50", "bool", specials, "one-for-50 bid: exactly 1 trick +50, more +10, none -50"),
        Option("allow_two_for_40", "bool", specials, "two-for-40 bid: exactly 2 tricks +40, more +20, fewer -40"),
        Option("allow_moon", "bool", specials, "shoot the moon: at least moon_tricks tricks +150, else -150"),
        Option("moon_tricks", "int", moon_tricks, "tricks that shooting the moon needs", min=1, max=17),
        Option("bag_mode", "enum", "limit",
               "overtricks (bags): limit (accumulate, a bag_penalty on reaching bag_limit) or per_bag (-10 each)",
               choices=("limit", "per_bag")),
        Option("bag_limit", "int", 10, "bags that cost a penalty when reached (bag_mode=limit)",
               min=1, max=100),
        Option("bag_penalty", "enum", bag_penalty,
               "bag-out at bag_limit (bag_mode=limit): held (10 per bag held, then 0), limit (10*bag_limit, "
               "excess dropped), carry (10*bag_limit per bag_limit bags, excess carried)",
               choices=("held", "limit", "carry")),
        Option("prize_jacks", "cards", prize_jacks,
               "prize jacks: JD and JC captured score prize_jack_points, JH removes a bag",
               choices=("JD", "JC", "JH")),
        Option("prize_jack_points", "int", 10, "points for each prize JD or JC captured", min=0, max=1000),
        Option("multiple_prize_jacks", "enum", "void",
               "two or more prize jacks captured in a hand: void (none counts, but all three of three pay) "
               "or each (every one counts)" + ("; a team's captures together" if partnership else ""),
               choices=("void", "each")),
        Option("break_spades", "bool", True,
               "spades may not be led until broken (a spade played on another suit's lead) unless only "
               "spades are held; false: lead spades at any time"),
        Option("target_score", "int", 500, "the game ends after the hand in which a score reaches this",
               min=1, max=100_000),
        wins_needed_option(),
    )


MOON_DEFAULT = 14


def _check_cutthroat(values: dict[str, Any]) -> None:
    jokers, players = values["jokers"], values["players"]
    if jokers not in (0, 2, 3):
        raise RulesError(f"option jokers: {jokers!r} is not one of 0, 2, 3")
    if jokers and players != 5:
        raise RulesError(f"jokers={jokers} needs players=5 (got players={players}): only 5 players use jokers")
    held = {3: 17, 4: 13, 5: 11 if jokers else 10}[players]  # the most cards a seat holds
    moon = values["moon_tricks"]
    # the table default (14) is kept as "not offered" with fewer cards (docs/spades.md); a chosen one is refused
    if values["allow_moon"] and moon > held and moon != MOON_DEFAULT:
        raise RulesError(f"moon_tricks={moon} is more than the {held} cards a player holds with players={players}: "
                         f"the moon could never be bid")


def _check_partnership(values: dict[str, Any]) -> None:
    extra = [name for name, on in (
        ("blind6_limit", values["blind6_limit"] != 0), ("allow_one_for_50", values["allow_one_for_50"]),
        ("allow_two_for_40", values["allow_two_for_40"]), ("allow_moon", values["allow_moon"])) if on]
    if extra:
        raise RulesError(f"{', '.join(extra)}: partnership spades has no special bids but nil and blind nil")


#: What the options meant before issue 9 gave them the seed's readings (every preset keeps
#: its own values): a bag-out cost 10*bag_limit and dropped the excess, every prize jack
#: captured counted.  ``preset="legacy"`` reproduces earlier results byte for byte.
_LEGACY: dict[str, object] = {"bag_penalty": "limit", "multiple_prize_jacks": "each"}

_OFFICIAL = {
    "target_score": 500, "bag_limit": 10, "blind6_limit": 1, "prize_jacks": ["JD", "JC"], "prize_jack_points": 10,
    "wins_needed": 5,
}

_CLASSIC_300 = {
    "target_score": 300, "bag_limit": 5, "blind6_limit": 1, "prize_jacks": ["JC"], "prize_jack_points": 10,
    "wins_needed": 3,
}

CUTTHROAT = GameSpec(
    name="cutthroat-spades",
    title="Cutthroat Spades",
    section="docs/rules/cutthroat-spades.md (seed 002_2130b3ad5df11a67.txt)",
    players="3 to 5 (option players)",
    options=(
        Option("players", "int", 3,
               "3: 2C removed, 17 each; 4: 13 each; 5: 2C 2D removed, 10 each (11 with jokers)", min=3, max=5),
        Option("jokers", "int", 0, "jokers J1 J2 J3 above the AS with 5 players: 0, 2 or 3", min=0, max=3),
        *_options(specials=True, moon_tricks=MOON_DEFAULT, prize_jacks="JD,JC", bag_penalty="held", partnership=False),
    ),
    presets={
        "official": _OFFICIAL,
        "classic-300": _CLASSIC_300,
        "classic-300-per-bag": {**_CLASSIC_300, "bag_mode": "per_bag"},
        "long-500": {
            "target_score": 500, "bag_limit": 10, "blind6_limit": -1, "prize_jacks": ["JD", "JC", "JH"],
            "prize_jack_points": 10, "wins_needed": 5,
        },
        "legacy": {**_OFFICIAL, **_LEGACY},
    },
    default_preset="official",
    check=_check_cutthroat,
)

PARTNERSHIP = GameSpec(
    name="spades",
    title="Spades",
    section="docs/rules/spades.md (the classic 4-hand partnership game, beyond the seeds)",
    players=4,
    options=_options(specials=False, moon_tricks=13, prize_jacks="", bag_penalty="carry", partnership=True),
    presets={"legacy": _LEGACY},
    check=_check_partnership,
)

GAMES = (CUTTHROAT, PARTNERSHIP)
