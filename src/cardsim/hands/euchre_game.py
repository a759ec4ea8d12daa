"""Whole euchre games to ``target_score``: hands played in the core, one after another.

RULES.md conventions: the game ends after the hand in which a player (cutthroat) or a
team (partnership) reaches ``target_score``; with several there, the highest wins; an
exact tie for the highest plays another hand.  The dealer moves left after every hand
(redeals included).  Hand ``k`` of the game keyed by ``seed`` is dealt from stream
``k``, so a game depends on the seed alone.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from .. import _core
from ..errors import CardsimError
from ..players import check_policies

MAX_HANDS = 10_000  # a game that has not ended by then (it cannot happen with a score) is refused


def play_euchre_game(rules: Mapping, seats: int, *, seed: int = 0, policy: str | Sequence[str] = "heuristic",
                     dealer: int = 0) -> dict:
    """Play one game; returns the winner (seat, or team 0 = seats 0+2 / 1 = 1+3), the final
    scores (per seat, or per team), the hands played and the score after each hand."""
    policies = check_policies(policy, seats)
    if not 0 <= dealer < seats:
        raise CardsimError(f"dealer {dealer} is out of range: seats are 0..{seats - 1}")
    target = rules["target_score"]
    scores = [0] * (2 if seats == 4 else seats)
    history = []
    for k in range(MAX_HANDS):
        state = _core.EuchreState(rules, seats, seed, dealer, k)
        while state.phase != "done":
            state.policy_step(policies[state.to_act])
        gained = state.team_points if seats == 4 else state.points
        scores = [a + b for a, b in zip(scores, gained)]
        history.append(list(scores))
        dealer = (state.dealer + 1) % seats
        best = max(scores)
        if best >= target and scores.count(best) == 1:
            return {"winner": scores.index(best), "scores": scores, "hands": k + 1, "history": history}
    raise CardsimError(f"no winner after {MAX_HANDS} hands")  # pragma: no cover - needs target 0
