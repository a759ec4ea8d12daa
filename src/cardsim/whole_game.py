"""Whole games to ``target_score``, hand after hand, for every game but spades (whose
games run in the core: ``Game.simulate(n, unit="game")``).

The conventions of docs/rules/README.md: the dealer moves left after every hand (redeals included); the
game ends after the hand in which a player (or team) reaches ``target_score``; with
several there the highest wins; an exact tie for the highest plays another hand.
Partnership Pinochle: when both teams pass the target in the same hand, the bidding
team wins.  Hand ``k`` of the game keyed by ``seed`` is dealt from stream ``k``, so a
game depends on the seed alone.  With ``army_scoring`` (Cutthroat Pinochle) the
result carries the army ledger: every hand's entries plus 40 to the winner from each
other player.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from . import _core
from .errors import CardsimError
from .players import check_policies

MAX_HANDS = 10_000  # a game that has not ended by then (it cannot happen with a score) is refused
ARMY_GAME_PAYMENT = 40


@dataclass(frozen=True)
class HandScoring:
    """How one game's hands are made and read: the core state, and the points per side."""

    new_state: Callable[[Mapping[str, Any], int, int, int, int], Any]  # (rules, seats, seed, dealer, stream)
    points: Callable[[Any, int], list[int]]                   # (finished state, seats) -> per side
    sides: Callable[[int], int]                               # seats -> scoring sides (players or teams)


SCORING: dict[str, HandScoring] = {
    "cutthroat-pinochle": HandScoring(lambda r, n, s, d, k: _core.CutthroatPinochleState(r, s, d, k),
                                      lambda st, n: st.score, lambda n: n),
    "partnership-pinochle": HandScoring(lambda r, n, s, d, k: _core.PartnershipPinochleState(r, s, d, k),
                                        lambda st, n: st.team_score, lambda n: 2),
    "two-hand-pinochle": HandScoring(lambda r, n, s, d, k: _core.TwoHandPinochleState(r, s, d, k),
                                     lambda st, n: st.score, lambda n: n),
    "cutthroat-euchre": HandScoring(lambda r, n, s, d, k: _core.EuchreState(r, n, s, d, k),
                                    lambda st, n: st.points, lambda n: n),
    "euchre": HandScoring(lambda r, n, s, d, k: _core.EuchreState(r, n, s, d, k),
                          lambda st, n: st.team_points, lambda n: 2),
}


def game_winner(name: str, scores: list[int], target: int, state: Any) -> int | None:
    """The side that has won after this hand, or None to play on."""
    over = [side for side, score in enumerate(scores) if score >= target]
    if not over:
        return None
    if name == "partnership-pinochle" and len(over) == 2 and state.bidder >= 0:
        bidding_team: int = state.bidder % 2
        return bidding_team  # both teams passed the target in one hand: the bidding team wins
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else None


def play_game(name: str, rules: Mapping[str, Any], seats: int, *, seed: int = 0, policy: str | Sequence[str] = "heuristic",
              dealer: int = 0) -> dict[str, Any]:
    """Play one game; returns the winner (a seat, or a team: 0 = seats 0+2, 1 = seats 1+3), the
    final scores per side, the hands played, the scores after each hand and, with army
    scoring, the army ledger."""
    if name not in SCORING:
        raise CardsimError(f"play_game is not implemented for {name}; implemented: {', '.join(SCORING)} "
                           f"(spades: Game.simulate(n, unit='game'))")
    scoring = SCORING[name]
    policies = check_policies(policy, seats)
    if isinstance(dealer, (bool, np.bool_)) or not isinstance(dealer, (int, np.integer)) or not 0 <= dealer < seats:
        raise CardsimError(f"dealer {dealer!r} is out of range: seats are 0..{seats - 1}")
    dealer = int(dealer)
    target = rules["target_score"]
    scores = [0] * scoring.sides(seats)
    army = [0] * seats
    history = []
    for k in range(MAX_HANDS):
        state = scoring.new_state(rules, seats, seed, dealer, k)
        while state.phase != "done":
            state.policy_step(policies[state.to_act])
        scores = [a + b for a, b in zip(scores, scoring.points(state, seats))]
        history.append(list(scores))
        if rules.get("army_scoring"):
            army = [a + b for a, b in zip(army, state.army)]
        dealer = (state.dealer + 1) % seats
        winner = game_winner(name, scores, target, state)
        if winner is not None:
            result = {"winner": winner, "scores": scores, "hands": k + 1, "history": history}
            if rules.get("army_scoring"):
                army = [a + (ARMY_GAME_PAYMENT * (seats - 1) if s == winner else -ARMY_GAME_PAYMENT)
                        for s, a in enumerate(army)]
                result["army"] = army
            return result
    raise CardsimError(f"no winner after {MAX_HANDS} hands")  # pragma: no cover - needs a target no score reaches
