"""Whole euchre games to target_score (Game.play_game)."""
from __future__ import annotations

import pytest

from cardsim import CardsimError, Game


@pytest.mark.parametrize("name, sides", [("cutthroat-euchre", 3), ("euchre", 2)])
def test_game_ends_when_one_side_leads_at_the_target(name, sides):
    game = Game(name)
    for seed in range(200):
        result = game.play_game(seed=seed)
        scores, history = result["scores"], result["history"]
        assert len(scores) == sides and result["hands"] == len(history) and history[-1] == scores
        assert scores[result["winner"]] >= 10 and scores.count(max(scores)) == 1
        assert scores[result["winner"]] == max(scores)
        for before in history[:-1]:   # nobody had won before the last hand
            assert max(before) < 10 or before.count(max(before)) > 1
        assert all(b >= a for prev, nxt in zip(history, history[1:]) for a, b in zip(prev, nxt))


def test_games_depend_on_the_seed_alone():
    game = Game("cutthroat-euchre", target_score=15)
    assert game.play_game(seed=4) == game.play_game(seed=4)
    assert max(game.play_game(seed=4)["scores"]) >= 15


def test_heuristic_team_wins_most_games_against_random():
    game = Game("euchre")
    wins = sum(game.play_game(seed=s, policy=["heuristic", "random"] * 2)["winner"] == 0 for s in range(200))
    assert wins > 170


def test_bad_input():
    with pytest.raises(CardsimError, match="one per seat"):
        Game("euchre").play_game(policy=["random"] * 3)
    with pytest.raises(CardsimError, match="dealer 3 is out of range"):
        Game("cutthroat-euchre").play_game(dealer=3)
