"""Spades options: cutthroat spades and the classic 4-hand partnership game (docs/rules/)."""
from __future__ import annotations

from ..errors import RulesError
from ..rules import GameSpec, Option


def _options(*, specials: bool, moon_tricks: int, prize_jacks: str) -> tuple[Option, ...]:
    """The bidding and scoring options; ``specials`` turns on blind 6, one-for-50, two-for-40, moon."""
    return (
        Option("allow_nil", "bool", True, "nil bid: +100 for taking no trick, else -100"),
        Option("allow_blind_nil", "bool", True, "blind nil, bid before seeing the cards: +200 / -200"),
        Option("blind6_limit", "int", 1 if specials else 0,
               "blind 6 bids a player may make per game (0: none, -1: unlimited)", min=-1, max=100),
        Option("blind6_behind", "int", 50, "blind 6 only when at least this far behind the leader",
               min=0, max=10_000),
        Option("allow_one_for_50", "bool", specials, "one-for-50 bid: exactly 1 trick +50, more +10, none -50"),
        Option("allow_two_for_40", "bool", specials, "two-for-40 bid: exactly 2 tricks +40, more +20, fewer -40"),
        Option("allow_moon", "bool", specials, "shoot the moon: at least moon_tricks tricks +150, else -150"),
        Option("moon_tricks", "int", moon_tricks, "tricks that shooting the moon needs", min=1, max=17),
        Option("bag_mode", "enum", "limit",
               "overtricks (bags): limit (accumulate, lose 10*bag_limit on reaching it) or per_bag (-10 each)",
               choices=("limit", "per_bag")),
        Option("bag_limit", "int", 10, "bags that cost 10*bag_limit points when reached (bag_mode=limit)",
               min=1, max=100),
        Option("prize_jacks", "cards", prize_jacks,
               "prize jacks: JD and JC captured score prize_jack_points, JH removes a bag",
               choices=("JD", "JC", "JH")),
        Option("prize_jack_points", "int", 10, "points for each prize JD or JC captured", min=0, max=1000),
        Option("target_score", "int", 500, "the game ends after the hand in which a score reaches this",
               min=1, max=100_000),
        Option("wins_needed", "int", 5, "game wins that take a tournament", min=1, max=1000),
    )


def _check_cutthroat(values: dict) -> None:
    jokers, players = values["jokers"], values["players"]
    if jokers not in (0, 2, 3):
        raise RulesError(f"option jokers: {jokers!r} is not one of 0, 2, 3")
    if jokers and players != 5:
        raise RulesError(f"jokers={jokers} needs players=5 (got players={players}): only 5 players use jokers")


def _check_partnership(values: dict) -> None:
    extra = [name for name, on in (
        ("blind6_limit", values["blind6_limit"] != 0), ("allow_one_for_50", values["allow_one_for_50"]),
        ("allow_two_for_40", values["allow_two_for_40"]), ("allow_moon", values["allow_moon"])) if on]
    if extra:
        raise RulesError(f"{', '.join(extra)}: partnership spades has no special bids but nil and blind nil")


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
        *_options(specials=True, moon_tricks=14, prize_jacks="JD,JC"),
    ),
    presets={
        "official": {
            "target_score": 500, "bag_limit": 10, "blind6_limit": 1, "prize_jacks": ["JD", "JC"],
            "prize_jack_points": 10, "wins_needed": 5,
        },
        "classic-300": _CLASSIC_300,
        "classic-300-per-bag": {**_CLASSIC_300, "bag_mode": "per_bag"},
        "long-500": {
            "target_score": 500, "bag_limit": 10, "blind6_limit": -1, "prize_jacks": ["JD", "JC", "JH"],
            "prize_jack_points": 10, "wins_needed": 5,
        },
    },
    default_preset="official",
    check=_check_cutthroat,
)

PARTNERSHIP = GameSpec(
    name="spades",
    title="Spades",
    section="docs/rules/spades.md (the classic 4-hand partnership game, beyond the seeds)",
    players=4,
    options=_options(specials=False, moon_tricks=13, prize_jacks=""),
    check=_check_partnership,
)

GAMES = (CUTTHROAT, PARTNERSHIP)
