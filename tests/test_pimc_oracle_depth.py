"""``oracle(tricks=N)`` (issue 16): the core's oracle solves only once at most N tricks are left
and plays the heuristic's card before, so a spades batch with an oracle seat costs N-trick solves,
not 13-trick ones.  Batch hands equal a step replay, and with N = 1 (every decision then has one
legal card or is the heuristic's) the batch is the all-heuristic one.  No stream value is pinned."""
from __future__ import annotations

import numpy as np
import pytest

from cardsim import Game, _core
from cardsim.errors import CardsimError
from cardsim.solver import _pimc
from cardsim.solver.players import check_batch_policies, parse_policy


def _replay(g: Game, seed: int, index: int, spec) -> object:
    state = _core.SpadesState(g.rules, seed, index % g.seats, index)
    pseed = _pimc.policy_seed(spec)
    while state.to_act is not None and state.to_act >= 0 and state.phase != "done":
        kind = spec[state.to_act][0]
        if kind == "oracle" and state.phase == "play":
            played = sum(bin(w).count("1") for w in state.won) + len(state.trick)
            key = _pimc.decision_key(pseed, seed, index, played, state.to_act)
            state.apply(_pimc.pimc_decision(state, spec[state.to_act], key))
        else:
            state.policy_step("heuristic")
    return state


@pytest.mark.parametrize("game", ["spades", "cutthroat-spades"])
def test_oracle_with_a_depth_limit_equals_a_step_replay(game):
    g = Game(game)
    names = ["oracle(tricks=4)"] + ["heuristic"] * (g.seats - 1)
    spec = check_batch_policies(game, names, g.seats)[1]
    assert spec[0][6] == 4
    recs = g.simulate(6, policy=names, seed=3, threads=2).array
    for i in range(6):
        state = _replay(g, 3, i, spec)
        assert list(recs["tricks"][i][:g.seats]) == list(state.tricks)
        assert list(recs["score"][i][:g.seats]) == list(state.score)[:g.seats]


def test_oracle_tricks_1_is_the_heuristic_and_names_parse_back():
    g = Game("spades")
    a = g.simulate(40, policy=["oracle(tricks=1)", "heuristic", "heuristic", "heuristic"], seed=8).array
    b = g.simulate(40, policy="heuristic", seed=8).array
    assert a.tobytes() == b.tobytes()
    assert parse_policy("oracle(tricks=6)").name == "oracle(tricks=6)"
    assert parse_policy(parse_policy("oracle(tricks=6)").name).tricks == 6
    with pytest.raises(CardsimError, match="oracle tricks must be"):
        parse_policy("oracle(tricks=0)")
