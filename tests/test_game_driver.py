"""Whole games of every game through the core's one batch driver (cardsim._games).

Each batch game is replayed here hand by hand on the game contract's step states
(``policy_step`` one decision at a time), dealt as docs/whole-games.md says: game i of the
batch keyed by ``seed`` has first dealer ``i % seats`` and deals hand k on stream
``i * 10000 + k`` (spades: the whole game on stream i, ``next_hand`` continuing it), the
dealer moving left after every hand, redeals included.  The running scores, the counts, the
end of the game and the winner are worked out in this file from each hand's own figures;
nothing here calls the code that adds up or ends a game.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from cardsim import CardsimError, Game, _core, _games

GAMES = ["cutthroat-pinochle", "partnership-pinochle", "two-hand-pinochle", "cutthroat-euchre", "euchre",
         "cutthroat-spades", "spades"]
STREAMS = 10_000


def new_state(game: Game, seed: int, dealer: int, stream: int):
    rules, name = game.rules, game.name
    if name == "cutthroat-pinochle":
        return _core.CutthroatPinochleState(rules, seed, dealer, stream)
    if name == "partnership-pinochle":
        return _core.PartnershipPinochleState(rules, seed, dealer, stream)
    if name == "two-hand-pinochle":
        return _core.TwoHandPinochleState(rules, seed, dealer, stream)
    if name in ("euchre", "cutthroat-euchre"):
        return _core.EuchreState(rules, game.seats, seed, dealer, stream)
    return _core.SpadesState(rules, seed, dealer, stream)


def side_points(game: Game, state) -> list[int]:
    """The hand's points per side, read off the state by name."""
    name = game.name
    if name == "partnership-pinochle":
        return list(state.team_score)
    if name == "euchre":
        return list(state.team_points)
    if name == "cutthroat-euchre":
        return list(state.points)
    if name == "spades":
        return list(state.score)[:2]  # the team's score sits on both partners: team t on seat t
    return list(state.score)


def hand_counts(game: Game, state, sides: int) -> dict[str, list[int]]:
    """The game-specific counts this one hand adds, per side (or per seat for spades)."""
    name, zero = game.name, [0] * sides
    if name == "cutthroat-pinochle":
        out = {"contracts": list(zero), "made": list(zero), "thrown_in": list(zero), "army": list(state.army),
               "redeals": state.redeals}
        if state.bidder >= 0:
            out["contracts"][state.bidder] += 1
            out["made"][state.bidder] += bool(state.made)
            out["thrown_in"][state.bidder] += bool(state.thrown_in)
        return out
    if name == "partnership-pinochle":
        out = {"contracts": list(zero), "made": list(zero), "redeals": state.redeals}
        if state.bidder >= 0:
            out["contracts"][state.bidder % 2] += 1
            out["made"][state.bidder % 2] += bool(state.made)
        return out
    if name == "two-hand-pinochle":
        return {"meld": list(state.meld), "trick_points": list(state.trick_points)}
    if name in ("euchre", "cutthroat-euchre"):
        out = {k: list(zero) for k in ("makes", "euchred", "marches", "alone")}
        if state.maker >= 0:
            team = name == "euchre"
            side = state.maker % 2 if team else state.maker
            mine = [s for s in range(game.seats) if (s % 2 == state.maker % 2 if team else s == state.maker)]
            out["makes"][side] += 1
            out["euchred"][side] += bool(state.euchred)
            out["marches"][side] += sum(state.tricks[s] for s in mine) == 5
            out["alone"][side] += bool(state.maker_alone)
        return out
    kinds = state.kinds
    return {"bag_outs": [int(p > 0) for p in state.bag_penalty], "blind6": [int(k == 3) for k in kinds],
            "nil_bids": [int(k in (1, 2)) for k in kinds]}


def replay_game(game: Game, seed: int, index: int, dealer: int, policy: list[str]) -> dict:
    """Game ``index`` of the batch keyed by ``seed``, hand by hand, added up and ended here."""
    name = game.name
    spades = name in ("spades", "cutthroat-spades")
    sides = 2 if name in ("partnership-pinochle", "euchre", "spades") else game.seats
    target = game.rules["target_score"]
    cap = 1000 + target // 10 if spades else 10_000
    totals, counts, rows, first = [0] * sides, {}, [], dealer
    state = None
    for k in range(cap):
        if spades and k > 0:
            state.next_hand(dealer)
        else:
            state = new_state(game, seed, dealer, index if spades else index * STREAMS + k)
            if name in ("euchre", "cutthroat-euchre"):
                state.game_score = totals   # the players see the game so far (going alone near game)
        while state.phase != "done":
            state.policy_step(policy[state.to_act])
        points = side_points(game, state)
        totals = [a + b for a, b in zip(totals, points)]
        for key, value in hand_counts(game, state, game.seats if spades else sides).items():
            counts[key] = value if key not in counts else (
                counts[key] + value if isinstance(value, int) else [a + b for a, b in zip(counts[key], value)])
        rows.append((state.dealer, points, list(totals)))
        dealer = (state.dealer + 1) % game.seats
        over = [s for s in range(sides) if totals[s] >= target]
        winner = -1
        if name == "partnership-pinochle" and len(over) == 2 and state.bidder >= 0:
            winner = state.bidder % 2
        elif over and totals.count(max(totals)) == 1:
            winner = totals.index(max(totals))
        if winner >= 0:
            break
    if name == "cutthroat-pinochle" and game.rules["army_scoring"] and winner >= 0:
        counts["army"] = [a + (80 if s == winner else -40) for s, a in enumerate(counts["army"])]
    if spades:
        counts["bags"] = list(state.bags_after)
        totals = [a + b for a, b in zip(state.game_scores, state.score)]
    return {"score": totals, "hands": len(rows), "winner": winner, "first_dealer": first, "rows": rows, **counts}


CASES = [
    ("cutthroat-pinochle", {}, "heuristic"),
    ("cutthroat-pinochle", {"army_scoring": True, "target_score": 100}, "heuristic,random,heuristic"),
    ("partnership-pinochle", {}, "heuristic"),
    ("partnership-pinochle", {"target_score": 60}, "random,heuristic,heuristic,random"),
    ("two-hand-pinochle", {}, "heuristic"),
    ("two-hand-pinochle", {"target_score": 500}, "random,heuristic"),
    ("cutthroat-euchre", {}, "heuristic"),
    ("euchre", {}, "heuristic"),
    ("euchre", {"stick_the_dealer": True, "target_score": 5}, "heuristic,random,random,heuristic"),
    ("cutthroat-spades", {"players": 4, "target_score": 200}, "heuristic"),
    ("spades", {"target_score": 250}, "heuristic"),
]


@pytest.mark.parametrize("name, options, policy", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_batch_games_equal_step_by_step_replays(name, options, policy):
    game = Game(name, **options)
    policies = policy.split(",") if "," in policy else [policy] * game.seats
    for seed in (3, 11):
        n = 4
        records = game.simulate(n, unit="game", seed=seed, policy=policies, threads=1, hand_scores=True)
        rows = records.hand_scores
        assert len(rows) == records["hands"].sum()
        for i in range(n):
            want = replay_game(game, seed, i, i % game.seats, policies)
            rec = records[i]
            for field in rec.dtype.names:
                got = rec[field].tolist()
                assert got == want[field], (seed, i, field, got, want[field])
            mine = rows[rows["game"] == i]
            assert mine["hand"].tolist() == list(range(want["hands"]))
            assert [(int(d), p.tolist(), s.tolist()) for d, p, s in zip(mine["dealer"], mine["points"], mine["score"])] \
                == want["rows"]


@pytest.mark.parametrize("name", GAMES)
def test_game_records_are_the_same_for_any_threads_and_chunks(name):
    game = Game(name)
    runs = [game.simulate(40, unit="game", seed=5, threads=t, hand_scores=True) for t in (1, 2, 3)]
    assert runs[0].array.tobytes() == runs[1].array.tobytes() == runs[2].array.tobytes()
    assert runs[0].hand_scores.tobytes() == runs[1].hand_scores.tobytes() == runs[2].hand_scores.tobytes()
    parts = list(game.iter_simulate(40, chunk=7, unit="game", seed=5, threads=2))
    joined = np.concatenate(parts)  # numpy packs a dtype with gaps (euchre, spades views): compare fields
    for field in runs[0].array.dtype.names:
        assert joined[field].tobytes() == runs[0].array[field].tobytes(), field
    rows = np.concatenate([game.hand_scores(p, start=7 * j, seed=5, threads=2) for j, p in enumerate(parts)])
    assert rows.tobytes() == runs[0].hand_scores.tobytes()
    assert game.simulate(40, unit="game", seed=6, threads=1).array.tobytes() != runs[0].array.tobytes()


@pytest.mark.parametrize("name", GAMES)
def test_play_game_is_game_zero_of_a_batch(name):
    game = Game(name)
    records = game.simulate(1, unit="game", seed=8, threads=1, hand_scores=True)
    result = game.play_game(seed=8)
    assert result["winner"] == records["winner"][0] and result["hands"] == records["hands"][0]
    assert result["history"] == records.hand_scores["score"].tolist()
    assert result["scores"] == result["history"][-1]
    other = game.play_game(seed=8, dealer=1)
    assert other == replay_summary(game, 8, 1)


def replay_summary(game: Game, seed: int, dealer: int) -> dict:
    want = replay_game(game, seed, 0, dealer, ["heuristic"] * game.seats)
    sides = len(want["rows"][0][2])
    return {"winner": want["winner"], "scores": want["rows"][-1][2][:sides], "hands": want["hands"],
            "history": [row[2] for row in want["rows"]]}


def test_game_summary_names_the_sides_and_positions():
    summary = Game("euchre").simulate(300, unit="game", seed=2, threads=2).summary()
    assert len(summary["win_rate"]) == len(summary["win_rate_by_position"]) == 2
    assert abs(sum(summary["win_rate"]) + summary["unfinished_rate"] - 1) < 1e-9
    q = summary["hands_quantiles"]
    assert q["p10"] <= q["p25"] <= q["p50"] <= q["p75"] <= q["p90"] <= summary["max_hands"]


def test_bad_requests():
    game = Game("cutthroat-pinochle")
    with pytest.raises(CardsimError, match="hand_scores=True needs unit='game'"):
        game.simulate(5, hand_scores=True)
    records = game.simulate(3, unit="game", seed=1, threads=1).array.copy()
    records["hands"] += 1
    with pytest.raises(CardsimError, match="hands must be the games' own lengths"):
        game.hand_scores(records, seed=1)
    with pytest.raises(CardsimError, match="cannot simulate 'season' batches"):
        game.simulate(2, unit="season")
    with pytest.raises(CardsimError, match="hand_scores=True needs unit='game'"):
        game.simulate(2, unit="tournament", hand_scores=True)
    kind = _core.cutthroat_pinochle_game_kind(game.rules, ["heuristic"] * 3)
    with pytest.raises(ValueError, match="game record dtype"):
        _games.simulate_games(kind, 1, 0, np.zeros(2, dtype=_core.PP_GAME_DTYPE))
    with pytest.raises(ValueError, match="dealer 3 is out of range"):
        _games.simulate_games(kind, 1, 0, np.zeros(2, dtype=_core.CP_GAME_DTYPE), 1, 3)
    with pytest.raises(ValueError, match="TOURNAMENT_DTYPE"):
        _games.simulate_tournaments(kind, 1, 0, np.zeros(2, dtype=_core.CP_GAME_DTYPE), 2)
    with pytest.raises(ValueError, match="wins_needed 0 is out of range"):
        _games.simulate_tournaments(kind, 1, 0, np.zeros(2, dtype=_games.TOURNAMENT_DTYPE), 0)
    with pytest.raises(ValueError, match="was not filled"):
        _games.simulate_games(_games.GameKind(), 1, 0, np.zeros(0, dtype=_core.CP_GAME_DTYPE))


@pytest.mark.parametrize("name", ["partnership-pinochle", "cutthroat-euchre"])
def test_cli_simulates_games(name, tmp_path, capsys):
    from click.testing import CliRunner

    from cardsim.cli import main

    out = tmp_path / "games.csv"
    scores = tmp_path / "scores.csv"
    result = CliRunner().invoke(main, ["simulate", name, "--hands", "30", "--unit", "game", "--seed", "4",
                                       "--threads", "2", "--json", "--out", str(out), "--hand-scores", str(scores)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    want = Game(name).simulate(30, unit="game", seed=4, threads=1, hand_scores=True)
    assert summary["games"] == 30 and summary["win_rate"] == want.summary()["win_rate"]
    lines = out.read_text().splitlines()
    assert len(lines) == 31 and lines[0].startswith("score_0,score_1")
    rows = scores.read_text().splitlines()
    assert len(rows) == 1 + len(want.hand_scores) and rows[0].startswith("game,hand,dealer,points_0")
    bad = CliRunner().invoke(main, ["simulate", name, "--hands", "3", "--hand-scores", str(scores)])
    assert bad.exit_code == 2 and "--hand-scores needs --unit game" in bad.output
