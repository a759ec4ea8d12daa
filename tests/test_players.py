"""The players behave as their docstrings say (statistically, on fixed seeds)."""
import numpy as np

from cardsim import Game


def test_heuristic_beats_random_players():
    game = Game("cutthroat-pinochle")
    records = game.simulate(20_000, policy=["heuristic", "random", "random"], seed=2, threads=1)
    mean = records["score"].mean(axis=0)
    assert mean[0] > mean[1] + 10 and mean[0] > mean[2] + 10


def test_heuristic_bids_close_to_what_it_makes():
    records = Game("cutthroat-pinochle").simulate(20_000, policy="heuristic", seed=3, threads=1).array
    contracts = records[records["bidder"] >= 0]
    assert 0.75 < contracts["made"].mean() < 0.99  # neither reckless nor timid
    assert contracts["bid"].mean() > 18


def test_random_player_bids_are_legal_raises():
    records = Game("cutthroat-pinochle").simulate(5_000, policy="random", seed=4, threads=1).array
    contracts = records[records["bidder"] >= 0]
    assert (contracts["bid"] >= 16).all()
    assert not records["thrown_in"].any()  # the random player never concedes


def test_defenders_feed_each_other_counters():
    """Heuristic defenders together take more trick points than random defenders do."""
    game = Game("cutthroat-pinochle")
    smart = game.simulate(10_000, policy="heuristic", seed=5, threads=1).array
    mixed = game.simulate(10_000, policy=["heuristic", "random", "random"], seed=5, threads=1).array

    def defenders_points(r, seats):
        played = r[(r["bidder"] >= 0) & ~r["thrown_in"]]
        rows = [row for row in played if row["bidder"] not in seats]
        return np.mean([sum(row["trick_points"][s] for s in seats) for row in rows])

    # seats 1 and 2 defending against seat 0
    assert defenders_points(smart, (1, 2)) > defenders_points(mixed, (1, 2))
