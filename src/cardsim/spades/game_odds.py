"""Games won from a score by a spades player's blind choice (issue 11: bids for the game).

Near the end of a game a hand's expected points do not say which bid wins the game: far
behind, the chance of winning lies in the variance a blind bid buys.  ``blind_game_odds``
measures that chance directly.  Each trial deals a hand at the given game so far (scores;
bags and blind 6 bids used, zero unless given; the player's cards at random: the bid is made
before seeing them, or
``cards`` when given), then for each of the player's choices in turn (blind nil, blind 6
where legal, looking: the heuristic's own bid with the blind bids closed for that one bid)
plays that hand and every later hand of the game to its end, every seat heuristic
(spades/games.pyx ``spades_game_odds``: whole games in the core).  The later hands are the
same deals whatever the player chose (the players draw nothing from the deal stream), so the
choices are compared on paired games: the standard error of a difference is that of the
trial-by-trial differences, far below the two win rates' own.

>>> from cardsim.spades.game_odds import blind_game_odds
>>> odds = blind_game_odds("cutthroat-spades", [0, 400, 400], trials=200, seed=1, threads=1)
>>> odds.choices
['blind_nil', 'blind6', 'look']
>>> 0.0 <= odds.p_win("look") <= 1.0
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _core
from ..game import Game, check_seed, check_threads
from ..odds import check_trials
from .bid_odds import POLICY_CODE, _candidate_codes, _check_scores, code_name, player_cards, player_setup

LOOK = "look"   # the choice of looking at the cards (the heuristic's bid, no blind bid)


@dataclass
class BlindGameOdds:
    """Per trial and choice, whether the player's side won the game (``won``: trials x choices)."""

    game: str
    scores: list[int]
    seat: int
    choices: list[str]
    won: np.ndarray

    @property
    def trials(self) -> int:
        return len(self.won)

    def p_win(self, choice: str) -> float:
        """The share of games the player's side won with ``choice``."""
        return float(self.won[:, self.choices.index(choice)].mean())

    def gain(self, choice: str, other: str) -> tuple[float, float]:
        """(P(win with ``choice``) - P(win with ``other``), its paired standard error)."""
        diff = (self.won[:, self.choices.index(choice)].astype(np.int8)
                - self.won[:, self.choices.index(other)].astype(np.int8))
        n = len(diff)
        return float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(n)) if n > 1 else 0.0

    def best(self) -> str:
        """The choice that won the most games."""
        return max(self.choices, key=self.p_win)


def blind_game_odds(game: str | Game, scores: Any, *, cards: Any = None, trials: int = 10_000, seed: int = 0,
                    threads: int | None = None, seat: int = 0, dealer: int | None = None,
                    start: int = 0, bags: Any = None, blind6_used: Any = None) -> BlindGameOdds:
    """Games won by ``seat``'s side from ``scores`` (one per seat, one per team in partnership;
    ``bags`` and ``blind6_used`` alike, zero by default) for each blind choice open to it (see
    the module docstring; blind 6 not once ``blind6_used`` reaches ``blind6_limit``); ``dealer``
    defaults to the seat on the player's right (the player bids first); ``cards`` fixes the
    player's first hand (default: dealt at random, as the blind bid odds deal it).  Trials
    ``start ..`` of ``seed``."""
    game = game if isinstance(game, Game) else Game(game)
    seats, seat, dealer, held, per_seat = player_setup(game, seat, dealer, scores)
    partnership = game.name == "spades"
    bag_count = _check_scores(bags, seats, partnership, "bags")
    used = _check_scores(blind6_used, seats, partnership, "blind6_used")
    codes = _candidate_codes(game, held, per_seat, seat, True, used[seat])   # the blind bids open, then looking
    hand = 0 if cards in (None, "") else player_cards(game, cards, seat, held).mask
    trials = check_trials(trials)
    out = np.zeros((trials, len(codes)), dtype=np.int8)
    _core.spades_game_odds(game.rules, hand, seat, dealer, per_seat, hand == 0, codes, check_seed(seed), start, out,
                           ["heuristic"] * seats, check_threads(threads), bag_count, used)
    side = seat % 2 if partnership else seat
    names = [LOOK if c == POLICY_CODE else code_name(c) for c in codes]
    shown = per_seat[:2] if partnership else per_seat
    return BlindGameOdds(game.name, shown, seat, names, out == side)
