"""Whole games to target_score for the pinochle games (Game.play_game, cardsim.whole_game)."""
import pytest

from cardsim import CardsimError, Game
from cardsim.whole_game import SCORING

PINOCHLE_GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle"]


def replay(game: Game, seed: int, hands: int, dealer: int = 0) -> list:
    """The finished core states of a game's first ``hands`` hands, dealt as play_game deals them."""
    states = []
    for k in range(hands):
        state = SCORING[game.name].new_state(game.rules, game.seats, seed, dealer, k)
        while state.phase != "done":
            state.policy_step("heuristic")
        states.append(state)
        dealer = (state.dealer + 1) % game.seats
    return states


@pytest.mark.parametrize("name", PINOCHLE_GAMES)
def test_game_ends_after_the_hand_a_side_reaches_the_target(name):
    game = Game(name)
    target = game.rules["target_score"]
    for seed in range(5):
        result = game.play_game(seed=seed)
        history, scores, winner = result["history"], result["scores"], result["winner"]
        assert history[-1] == scores and len(history) == result["hands"]
        assert scores[winner] >= target
        for earlier in history[:-1]:  # nobody had won yet: under the target, or tied at the top
            assert max(earlier) < target or (name != "partnership-pinochle" and earlier.count(max(earlier)) > 1)
        if name != "partnership-pinochle":
            assert scores.count(max(scores)) == 1 and scores[winner] == max(scores)
        # the scores are the sums of the hands' scores
        states = replay(game, seed, result["hands"])
        totals = [0] * len(scores)
        for state in states:
            totals = [a + b for a, b in zip(totals, SCORING[name].points(state, game.seats))]
        assert totals == scores


@pytest.mark.parametrize("name", PINOCHLE_GAMES)
def test_game_depends_on_the_seed_alone(name):
    game = Game(name)
    assert game.play_game(seed=9) == game.play_game(seed=9)
    assert game.play_game(seed=9) != game.play_game(seed=10)


def test_partnership_both_teams_over_the_target_the_bidding_team_wins():
    game = Game("partnership-pinochle", target_score=30)
    lower_score_wins = 0
    for seed in range(60):
        result = game.play_game(seed=seed)
        if min(result["scores"]) >= 30:
            last = replay(game, seed, result["hands"])[-1]
            assert result["winner"] == last.bidder % 2
            lower_score_wins += result["scores"][result["winner"]] < max(result["scores"])
    assert lower_score_wins >= 1  # the rule decided at least one game against the higher score


def test_army_ledger_of_a_game():
    game = Game("cutthroat-pinochle", army_scoring=True)
    result = game.play_game(seed=2)
    ledger = [0, 0, 0]
    for state in replay(game, 2, result["hands"]):
        ledger = [a + b for a, b in zip(ledger, state.army)]
    winner = result["winner"]
    assert result["army"] == [a + (80 if s == winner else -40) for s, a in enumerate(ledger)]
    assert "army" not in Game("cutthroat-pinochle").play_game(seed=2)


def test_bad_dealer_and_policy():
    with pytest.raises(CardsimError, match="dealer 3 is out of range"):
        Game("cutthroat-pinochle").play_game(dealer=3)
    with pytest.raises(CardsimError, match="one policy or 2"):
        Game("two-hand-pinochle").play_game(policy=["random"] * 3)
