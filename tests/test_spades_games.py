"""Whole spades games and tournaments: the batch against a game replayed hand by hand.

A batch game i is hand after hand on stream (seed, i).  Here the same game is replayed
through the step state (``next_hand`` continues the stream and carries the game so far),
every hand is scored again by the pure-Python reference with the bags carried from the
hands before (bag rollover in real games), and the end of the game is decided by this
file's own reading of the rule: after a hand, the best score (per team in partnership)
ends the game when it reaches target_score and nobody shares it; ties play on.
"""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import CardsimError, Game, _core
from reference import spades as ref
from test_differential_spades import reference_rules



def hand_cap(game: Game) -> int:
    """Hands after which a game stops unfinished (docs/spades.md)."""
    return 1000 + game.rules["target_score"] // 10


def bid_names(state) -> list[str]:
    return [str(b) if k == 0 else _core.SP_BID_KIND_NAMES[k] for k, b in zip(state.kinds, state.bids)]


def replay_game(game: Game, seed: int, stream: int, dealer: int, policy: str) -> dict:
    rules = reference_rules(game)
    seats = game.seats
    sides = [0, 1] if game.name == "spades" else list(range(seats))
    state = _core.SpadesState(game.rules, seed, dealer, stream)
    hands, bags = 0, [0] * seats
    counts = {"bag_outs": [0] * seats, "blind6": [0] * seats, "nil_bids": [0] * seats, "with_bags": [0] * seats}
    while True:
        while state.phase != "done":
            state.policy_step(policy)
        hands += 1
        taken = [[game.deck.code(b) for b in range(64) if mask >> b & 1] for mask in state.won]
        names = bid_names(state)
        want = ref.score_hand(rules, names, state.tricks, taken, state.game_bags)
        assert state.score == want["scores"] and state.bags_after == want["bags_after"], (hands, want)
        for s in range(seats):  # counted from the reference's hand and the bids, not the core's game loop
            counts["bag_outs"][s] += want["bag_penalty"][s] > 0
            counts["with_bags"][s] += want["bags"][s] > 0  # not a record field: what a bag-out is not
            counts["blind6"][s] += names[s] == "blind6"
            counts["nil_bids"][s] += names[s] in ("nil", "blind_nil")
        scores = [a + b for a, b in zip(state.game_scores, state.score)]
        bags = state.bags_after
        top = max(scores[s] for s in sides)
        leaders = [s for s in sides if scores[s] == top]
        if (top >= game.rules["target_score"] and len(leaders) == 1) or hands >= hand_cap(game):
            winner = leaders[0] if top >= game.rules["target_score"] and len(leaders) == 1 else -1
            return {"hands": hands, "winner": winner, "score": scores, "bags": bags, **counts}
        dealer = (dealer + 1) % seats
        state.next_hand(dealer)
        assert state.game_scores == scores and state.game_bags == bags


VARIANTS = [
    ("cutthroat-spades", {"players": 3}),
    ("cutthroat-spades", {"players": 4, "bag_limit": 3, "prize_jacks": "JD,JC,JH"}),
    ("cutthroat-spades", {"players": 5, "jokers": 2, "blind6_limit": -1}),
    ("cutthroat-spades", {"players": 5, "jokers": 3, "target_score": 150}),
    ("spades", {"bag_limit": 4}),
    ("cutthroat-spades", {"players": 3, "bag_limit": 4, "bag_penalty": "carry", "break_spades": False}),
    ("cutthroat-spades", {"players": 4, "preset": "legacy", "bag_limit": 5}),
    ("spades", {"bag_limit": 3, "bag_penalty": "held", "failed_nil_tricks": "contract", "prize_jacks": "JD,JC"}),
    ("spades", {"failed_nil_tricks": "bags", "break_spades": False}),
]


@pytest.mark.parametrize("name, options", VARIANTS)
def test_games_match_replay(name, options):
    """Every figure of a game record, bag_outs, blind6 and nil_bids included, against the replay;
    and the game summary's means of them."""
    options = dict(options)
    game = Game(name, preset=options.pop("preset", None), **options)
    records = game.simulate(60, unit="game", policy="heuristic", seed=4, threads=2)
    counts = {key: [] for key in ("bag_outs", "blind6", "nil_bids")}
    with_bags = 0
    for i, rec in enumerate(records.array):
        want = replay_game(game, 4, i, i % game.seats, "heuristic")
        assert rec["hands"] == want["hands"] and rec["winner"] == want["winner"], i
        assert list(rec["score"]) == want["score"] and list(rec["bags"]) == want["bags"], i
        for key in counts:
            assert list(rec[key]) == want[key], (i, key)
            counts[key].append(want[key])
        with_bags += sum(want["with_bags"])
        assert rec["first_dealer"] == i % game.seats
    assert (records["winner"] >= 0).all()
    summary = records.summary()
    for key, per_game in counts.items():
        assert summary[f"mean_{key}"] == pytest.approx(np.mean(per_game, axis=0).tolist(), abs=1e-4), key
    if options.get("blind6_limit") == -1:
        assert records["blind6"].sum() > 0  # somebody fell behind and went blind (no learned table: 100 behind)
    if name == "cutthroat-spades" and game.seats == 3:
        # the learned table's margin never bids blind 6 (it never beat looking), the game rule
        # does (sp_game_bid: 50 behind near the end), once a game at most (blind6_limit 1)
        assert records["blind6"].sum() > 0 and records["blind6"].max() <= game.rules["blind6_limit"]
    if game.rules["bag_limit"] <= 5:
        # bag-outs happen, and are fewer than the hands with bags (issue 17: counting those instead
        # gave 4.83 a game for 0.36), so the comparison above tells the two apart
        assert 0 < records["bag_outs"].sum() < with_bags


def test_random_players_never_finish_and_games_cap():
    game = Game("cutthroat-spades", players=4)
    records = game.simulate(4, unit="game", policy="random", seed=1, threads=2)
    for i, rec in enumerate(records.array):
        want = replay_game(game, 1, i, i % 4, "random")
        assert rec["hands"] == want["hands"] and rec["winner"] == want["winner"]
    assert (records["hands"] == 1050).all() and (records["winner"] == -1).all()


@pytest.mark.parametrize("name, options", [("cutthroat-spades", {"players": 3, "preset": "classic-300"}),
                                           ("spades", {"wins_needed": 2})])
def test_tournaments_match_replay(name, options):
    options = dict(options)
    game = Game(name, preset=options.pop("preset", None), **options)
    records = game.simulate(8, unit="tournament", policy="heuristic", seed=2, threads=2)
    needed = game.rules["wins_needed"]
    for i, rec in enumerate(records.array):
        wins = [0] * game.seats
        hands = g = 0
        while max(wins) < needed:
            played = replay_game(game, 2, i * 10_000 + g, g % game.seats, "heuristic")
            wins[played["winner"]] += 1
            hands += played["hands"]
            g += 1
        assert rec["games"] == g and rec["hands"] == hands and list(rec["wins"]) == wins
        assert rec["winner"] == wins.index(needed)


def test_game_batches_are_deterministic_across_threads():
    game = Game("cutthroat-spades", players=5, jokers=3)
    one = game.simulate(300, unit="game", seed=9, threads=1).array
    four = game.simulate(300, unit="game", seed=9, threads=4).array
    assert one.tobytes() == four.tobytes()


def test_units_and_errors():
    game = Game("cutthroat-spades")
    assert game.units == ("hand", "game", "tournament")
    assert game.unit_dtype("game").names[:2] == ("score", "hands")
    summary = game.simulate(50, unit="game", seed=1, threads=1).summary()
    assert summary["unfinished_rate"] == 0.0 and abs(sum(summary["win_rate"]) - 1) < 1e-9
    with pytest.raises(CardsimError, match="cannot simulate 'season' batches"):
        game.simulate(5, unit="season")
    assert np.all(game.simulate(20, unit="tournament", seed=1, threads=2)["winner"] >= 0)


@pytest.mark.parametrize("name, options", [("cutthroat-spades", {"players": 4}), ("spades", {})])
def test_a_whole_game_through_the_step_api(name, options):
    game = Game(name, **options)
    rec = game.simulate(1, unit="game", policy="heuristic", seed=5, threads=1)[0]
    hand = game.deal(seed=5, dealer=0)  # stream 0, dealer 0: game 0 of the batch
    hands = 0
    while True:
        hand.play_out("heuristic")
        hands += 1
        winner = hand.game_winner()
        if winner is not None:
            break
        hand.next_hand()
    assert hands == rec["hands"] and winner == rec["winner"]
    assert hand.result()["game_scores_after"] == list(rec["score"])
    with pytest.raises(CardsimError, match="not legal now"):
        hand.next_hand() if hand.phase != "done" else game.deal(seed=1).next_hand()


def test_context_only_for_spades():
    with pytest.raises(CardsimError, match="take no scores"):
        Game("cutthroat-pinochle").deal(seed=1, scores=[0, 0, 0])
