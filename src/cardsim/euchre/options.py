"""Euchre options: cutthroat euchre and the classic 4-hand partnership game (docs/rules/).

Both games share one option table; only the defaults differ.
"""
from __future__ import annotations

from ..rules import GameSpec, Option, wins_needed_option


def _options(*, dealer_pickup: str, allow_lone_defender: bool, march_points: int,
             lone_march_points: int) -> tuple[Option, ...]:
    return (
        Option("dealer_pickup", "enum", dealer_pickup,
               "when the upcard's suit is ordered, the dealer may pick it up (optional) or must (always)",
               choices=("optional", "always")),
        Option("stick_the_dealer", "bool", False,
               "if all pass twice the dealer must name trump (false: redeal)"),
        Option("allow_lone_defender", "bool", allow_lone_defender,
               "one defender may go alone against the maker; the other sits out"),
        Option("march_points", "int", march_points, "maker's score for taking all 5 tricks", min=0, max=100),
        Option("lone_march_points", "int", lone_march_points, "maker's score for taking all 5 tricks alone",
               min=0, max=100),
        Option("euchre_points", "int", 2,
               "each defender's score when the maker takes fewer than 3 tricks", min=0, max=100),
        Option("lone_defender_euchre_points", "int", 2,
               "each defender's score when a lone defender takes 3 or 4 tricks", min=0, max=100),
        Option("lone_defender_march_points", "int", 4,
               "each defender's score when a lone defender takes all 5 tricks", min=0, max=100),
        Option("target_score", "int", 10, "the game ends after the hand in which a score reaches this",
               min=1, max=1000),
        wins_needed_option(),
    )


CUTTHROAT = GameSpec(
    name="cutthroat-euchre",
    title="Cutthroat Euchre",
    section="docs/rules/cutthroat-euchre.md (seed 001_1f3f50cad815657d.txt)",
    players=3,
    options=_options(dealer_pickup="optional", allow_lone_defender=True, march_points=3, lone_march_points=3),
    # legacy: the defaults before issue 9 (a lone march paid 4), so earlier results reproduce
    presets={"legacy": {"lone_march_points": 4}},
)

PARTNERSHIP = GameSpec(
    name="euchre",
    title="Euchre",
    section="docs/rules/euchre.md (the classic 4-hand partnership game, beyond the seeds)",
    players=4,
    options=_options(dealer_pickup="always", allow_lone_defender=False, march_points=2, lone_march_points=4),
)

GAMES = (CUTTHROAT, PARTNERSHIP)
