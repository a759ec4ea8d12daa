"""Action histories with PIMC and oracle seats (issue 16) where the batches' own tests do not
reach: two-hand hand batches, spades seats that bid by PIMC (``bids=pimc``), and every hand of
whole games (``unit="game"``, ``--unit game --histories FILE``) in every game.  Each history,
replayed on its deal through the step API, ends where the batch's record (or the game's
hand_scores row) does; the tables are byte-identical for 1 and 2 threads, and the records with
histories are those without.  Nothing here pins a stream value."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import CardsimError, Game
from cardsim.cli import main

from test_batch_histories import check_game_histories, state_matches

P = "pimc(worlds=2)"


def _same_histories(a, b) -> None:
    assert a.rows.tobytes() == b.rows.tobytes() and a.actions.tobytes() == b.actions.tobytes()


@pytest.mark.parametrize("name, names", [
    ("two-hand-pinochle", [P, "oracle"]),
    ("two-hand-pinochle", ["random", "pimc(worlds=3)"]),
    ("spades", ["pimc(worlds=2,bids=pimc)", "heuristic", "pimc(worlds=2,bids=pimc,value=score)", "random"]),
    ("cutthroat-spades", ["pimc(worlds=2,bids=pimc)", "heuristic", "random"]),
])
def test_hand_histories_replay_to_the_records(name, names):
    game = Game(name)
    two = game.simulate(6, policy=names, seed=7, threads=2, histories=True)
    one = game.simulate(6, policy=names, seed=7, threads=1, histories=True)
    assert two.array.tobytes() == one.array.tobytes() == game.simulate(6, policy=names, seed=7).array.tobytes()
    _same_histories(two.histories, one.histories)
    for i in range(6):
        hand = two.histories.replay(i)
        assert hand.to_act is None and hand.history == two.histories.history(i)
        assert state_matches(hand._state, two.array[i]) >= 5


def test_pimc_bids_are_written_as_bid():
    """The seats with bids=pimc bid otherwise than the heuristic on some of these hands, and their
    histories hold the bids they made (the replay above checks them against the records' bids)."""
    game = Game("spades")
    names = ["pimc(worlds=4,bids=pimc)", "heuristic", "heuristic", "heuristic"]
    pimc = game.simulate(12, policy=names, seed=3, histories=True)
    plain = game.simulate(12, policy=["pimc(worlds=4)"] + names[1:], seed=3)
    assert (pimc.array["bid"][:, 0] != plain.array["bid"][:, 0]).any()
    acts = pimc.histories.actions
    bids = acts[(acts["seat"] == 0) & (acts["action"] >= 55)]  # 55 + n: a regular bid of n; 72 + kind: nil, ...
    assert len(bids) == 12
    regular = bids["action"] < 72
    assert list(bids["action"][regular] - 55) == [int(b) for b in pimc.array["bid"][regular, 0]]


GAMES = [("euchre", {"target_score": 5}, [P, "heuristic", "oracle", "random"]),
         ("cutthroat-euchre", {"target_score": 5}, [P, "heuristic", "oracle"]),
         ("spades", {"target_score": 150}, ["pimc(worlds=2,bids=pimc)", "heuristic", "oracle(tricks=4)", "random"]),
         ("cutthroat-spades", {"target_score": 100}, [P, "heuristic", "random"]),
         ("cutthroat-pinochle", {"target_score": 150}, [P, "heuristic", "oracle"]),
         ("partnership-pinochle", {"target_score": 150}, [P, "heuristic", "oracle", "random"]),
         ("two-hand-pinochle", {"target_score": 300}, [P, "oracle"])]


@pytest.mark.parametrize("name, rules, names", GAMES)
def test_every_hand_of_whole_games_replays_to_its_points(name, rules, names):
    game = Game(name, **rules)
    one = game.simulate(2, policy=names, unit="game", seed=3, threads=1, histories=True, hand_scores=True)
    two = game.simulate(2, policy=names, unit="game", seed=3, threads=2, histories=True)
    assert one.array.tobytes() == two.array.tobytes()
    assert one.array.tobytes() == game.simulate(2, policy=names, unit="game", seed=3).array.tobytes()
    _same_histories(one.histories, two.histories)
    hist, scores = one.histories, one.hand_scores
    assert len(hist) == len(scores) == int(one.array["hands"].sum())
    check_game_histories(name, hist, scores)


def test_game_histories_in_chunks_are_the_whole_batch():
    game = Game("cutthroat-pinochle", target_score=150)
    names = [P, "heuristic", "oracle"]
    records = game.simulate(4, policy=names, unit="game", seed=9, histories=True)
    first = game.histories(records.array[:1], unit="game", policy=names, seed=9)
    rest = game.histories(records.array[1:], unit="game", start=1, policy=names, seed=9, threads=2,
                          offset=len(first[1]))
    assert np.concatenate([first[0], rest[0]]).tobytes() == records.histories.rows.tobytes()
    assert np.concatenate([first[1], rest[1]]).tobytes() == records.histories.actions.tobytes()
    bad = records.array.copy()
    bad["hands"] += 1
    with pytest.raises(CardsimError, match="own lengths"):
        game.histories(bad, unit="game", policy=names, seed=9)


def test_cli_writes_game_histories_with_solver_seats(tmp_path):
    out = tmp_path / "games.csv"
    result = CliRunner().invoke(main, ["simulate", "two-hand-pinochle", "--hands", "2", "--unit", "game",
                                       "--seed", "4", "--policy", P, "--set", "target_score=300",
                                       "--threads", "2", "--histories", str(out)])
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    want = Game("two-hand-pinochle", target_score=300).simulate(2, unit="game", seed=4, policy=P,
                                                                histories=True).histories.actions
    assert lines[0] == "game,hand,step,seat,action" and len(lines) == 1 + len(want)
    assert [int(v) for v in lines[-1].split(",")] == [int(want[-1][k]) for k in ("game", "hand", "step", "seat",
                                                                                 "action")]


def test_what_histories_still_refuse_is_one_line():
    for game, kwargs in ((Game("two-hand-pinochle"), {"policy": "pimc(eval=solve)"}),
                         (Game("spades"), {"policy": P, "unit": "tournament"})):
        with pytest.raises(CardsimError) as info:
            game.simulate(2, histories=True, **kwargs)
        assert "\n" not in str(info.value)
