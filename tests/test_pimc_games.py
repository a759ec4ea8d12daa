"""PIMC and oracle seats in whole games (``Game.simulate(unit="game")``, issue 16): every hand of
a game is the hand the step API plays with the same decisions, the games do not depend on the
thread count, and with core policies only the PIMC path is the core's own game batch.  Nothing
here pins a stream value: each check compares two computations of the same thing."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game, _core, _games
from cardsim.errors import CardsimError
from cardsim.solver import _pimc
from cardsim.solver.players import check_batch_policies
from cardsim.whole_game import game_kind

HEUR = ("heuristic", 1, "solve", 0)
RAND = ("random", 1, "solve", 0)
STREAMS = 10_000  # hand k of game i is dealt (and keyed for PIMC) on stream i * 10000 + k


def _played(state) -> int:
    return sum(bin(w).count("1") for w in state.won) + len(state.trick)


def _play(state, spec, pseed: int, seed: int, stream: int):
    """Play ``state`` out: core policies by policy_step, PIMC and oracle seats by pimc_decision
    with the key the core gives that decision of the hand on ``stream``."""
    while state.to_act is not None and state.to_act >= 0 and state.phase != "done":
        kind = spec[state.to_act][0]
        if kind in ("pimc", "oracle") and state.phase == "play":
            key = _pimc.decision_key(pseed, seed, stream, _played(state), state.to_act)
            state.apply(_pimc.pimc_decision(state, spec[state.to_act], key))
        else:
            state.policy_step("random" if kind == "random" else "heuristic")
    return state


def _spec(game: Game, names: list[str]):
    """The seats' specs the core gets for ``names`` (the game's defaults filled in: spades' value=score)."""
    return check_batch_policies(game.name, names, game.seats)[1]


@pytest.mark.parametrize("game", ["euchre", "cutthroat-euchre"])
def test_euchre_games_equal_a_hand_by_hand_replay(game):
    """Each hand of each game (its dealer and points, from hand_scores) is the step API's hand on
    the game's stream for that hand, told the game so far (``game_score``: its players do not go
    alone once a march with the partner wins the game), PIMC seats deciding with the batch's keys."""
    g = Game(game, target_score=4)
    names = ["pimc(worlds=3,eval=solve,seed=7)", "oracle", "pimc(worlds=3,eval=playout)", "random"][:g.seats]
    spec = _spec(g, names)
    res = g.simulate(4, policy=names, unit="game", seed=11, hand_scores=True)
    rows = res.hand_scores
    pseed = _pimc.policy_seed(spec)
    r = 0
    for i in range(4):
        dealer = i % g.seats
        score = [0] * rows["score"].shape[1]
        for k in range(int(res.array["hands"][i])):
            state = _core.EuchreState(g.rules, g.seats, 11, dealer, i * STREAMS + k)
            state.game_score = score
            state = _play(state, spec, pseed, 11, i * STREAMS + k)
            assert rows["game"][r] == i and rows["hand"][r] == k and rows["dealer"][r] == state.dealer
            want = list(state.points)[:2] if game == "euchre" else list(state.points)
            assert list(rows["points"][r]) == want
            dealer = (state.dealer + 1) % g.seats
            score = list(rows["score"][r])
            r += 1
    assert r == len(rows)
    assert (rows["score"][np.cumsum(res.array["hands"]) - 1] == res.array["score"][:, :rows["score"].shape[1]]).all()


@pytest.mark.parametrize("game", ["spades", "cutthroat-spades"])
def test_spades_games_first_hands_equal_a_replay(game):
    """A spades game plays on one stream (game i on stream i): its first hand is the step API's
    hand on that stream, and PIMC keys it as hand i * 10000 of a batch."""
    g = Game(game, target_score=150)
    names = ["pimc(worlds=2,eval=playout,seed=3)", "heuristic", "random", "pimc(worlds=2,value=tricks)"][:g.seats]
    spec = _spec(g, names)
    res = g.simulate(3, policy=names, unit="game", seed=2, hand_scores=True)
    rows = res.hand_scores
    pseed = _pimc.policy_seed(spec)
    for i in range(3):
        state = _play(_core.SpadesState(g.rules, 2, i % g.seats, i), spec, pseed, 2, i * STREAMS)
        first = rows[rows["game"] == i][0]
        sides = 2 if game == "spades" else g.seats
        assert list(first["points"]) == list(state.score)[:sides]


@pytest.mark.parametrize("game", ["euchre", "spades"])
def test_pimc_games_do_not_depend_on_threads_and_core_seats_are_the_core_games(game):
    g = Game(game, target_score=4 if game == "euchre" else 120)
    pol = ["pimc(worlds=3,eval=playout)", "heuristic", "random", "heuristic"]
    one = g.simulate(5, policy=pol, unit="game", seed=4, threads=1)
    two = g.simulate(5, policy=pol, unit="game", seed=4, threads=2)
    assert one.array.tobytes() == two.array.tobytes()
    # heuristic and random seats through the PIMC driver: exactly the core's game batch
    spec = [HEUR, RAND, HEUR, HEUR]
    core = g.simulate(6, policy=[s[0] for s in spec], unit="game", seed=4).array
    kind = game_kind(game, g.rules, g.seats, [s[0] for s in spec])
    out = np.zeros(6, dtype=kind.record_dtype)
    _pimc.simulate_games_pimc(kind, 4, 0, out, spec, 2)
    assert out.tobytes() == core.view(kind.record_dtype).tobytes()


@pytest.mark.parametrize("game, options", [("spades", {"target_score": 150}), ("euchre", {"target_score": 5}),
                                           ("cutthroat-pinochle", {"target_score": 60})])
def test_tournaments_take_pimc_seats(game, options):
    """Tournaments with PIMC seats (gd_tournament over the PIMC games' driver in cardsim.solver._pimc):
    with core policies only that loop gives the core's own tournaments; with PIMC seats the records
    do not depend on the thread count."""
    g = Game(game, wins_needed=2, **options)
    names = (["heuristic", "random"] * 2)[:g.seats]
    want = g.simulate(3, policy=names, unit="tournament", seed=6, threads=1).array
    got = np.zeros(3, dtype=_games.TOURNAMENT_DTYPE)
    _pimc.simulate_tournaments_pimc(game_kind(game, g.rules, g.seats, names), 6, 0, got,
                                    ([HEUR, RAND] * 2)[:g.seats], 2, 1)
    for field in want.dtype.names:
        cut = got[field][:, :want[field].shape[1]] if field == "wins" else got[field]
        assert np.array_equal(cut, want[field]), field
    solver = ["pimc(worlds=2)"] + ["heuristic"] * (g.seats - 1)
    one = g.simulate(2, policy=solver, unit="tournament", seed=6, threads=1).array
    two = g.simulate(2, policy=solver, unit="tournament", seed=6, threads=2).array
    assert one.tobytes() == two.tobytes() and (one["winner"] >= 0).all()
    with pytest.raises(CardsimError, match="eval=playout"):  # pinochle plays pimc by play-outs only
        Game("cutthroat-pinochle").simulate(2, policy="pimc(eval=solve)", unit="game")


def test_pimc_batches_on_a_dask_cluster_are_the_local_batches():
    """Game.simulate(..., scheduler=...) with PIMC seats: the workers play the same chunks (hands
    and whole games) as this process."""
    distributed = pytest.importorskip("distributed", reason="the cluster extra: pip install 'cardsim[cluster]'")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0",
                                       silence_logs=50)
    try:
        for name, unit, n in (("euchre", "hand", 40), ("spades", "game", 2)):
            game = Game(name, target_score=4) if name == "euchre" else Game(name, target_score=120)
            pol = ["pimc(worlds=3,eval=playout)", "heuristic", "oracle" if name == "euchre" else "random", "heuristic"]
            local = game.simulate(n, policy=pol, seed=6, threads=1, unit=unit)
            remote = game.simulate(n, policy=pol, seed=6, unit=unit, scheduler=cluster.scheduler_address)
            assert local.array.tobytes() == remote.array.tobytes()
    finally:
        cluster.close()


def test_pimc_euchre_games_tell_the_players_the_score():
    """A team at 8 or 9 of 10 never goes alone (a march with the partner wins the game), with PIMC
    seats as with the heuristic: the bidding is the heuristic's, under the rules of the game so far.
    A lone march (4 points) from 8 or 9 would show that a hand was bid at 0-0; before the score
    reached the PIMC games, 4,000 games had 425 of them (and the heuristic's 0)."""
    g = Game("euchre")
    rows = g.simulate(300, policy="pimc(worlds=2,eval=playout)", unit="game", seed=3, hand_scores=True).hand_scores
    before = rows["score"] - rows["points"]
    assert ((rows["points"] == 4) & (before < 6)).sum() > 50        # lone marches happen
    assert ((rows["points"] == 4) & (before >= 8)).sum() == 0       # but not from 8 or 9
