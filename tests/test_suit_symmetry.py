"""The pinochle heuristics name trump without looking at suit order (issue 11, first step).

Hearts and clubs play the same part in pinochle (the pinochle meld ties spades to
diamonds), so over many deals the bidders must name hearts and clubs equally often.
Before ties were broken by suit index (H 24.7% against C 21.2% over 1M cutthroat hands,
z = 60); now by trump length, trump strength and, last, a hash of the cards.
"""
import numpy as np
import pytest

from cardsim import Game


@pytest.mark.parametrize("game", ["cutthroat-pinochle", "partnership-pinochle"])
def test_hearts_and_clubs_are_named_trump_equally_often(game):
    trump = Game(game).simulate(400_000, seed=11, threads=2)["trump"]
    named = trump[trump >= 0]
    h, c = (named == 1).mean(), (named == 3).mean()
    se = np.sqrt(h * (1 - h) / len(named) + c * (1 - c) / len(named))
    assert abs(h - c) < 4 * se, (game, h, c, se)
