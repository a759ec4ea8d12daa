"""``cardsim solve`` and ``cardsim.solve``: the deal's table, a position, the review of a
played hand, solver players in ``simulate``; bad input gets one line and exit status 2."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardsim import Game, postmortem, solve
from cardsim.cli import main
from cardsim.solver.positions import euchre_effective
from cardsim.solver._solver import Position


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), env={"COLUMNS": None})


def test_euchre_table_cells_are_the_solver_on_the_dealt_cards() -> None:
    hand = Game("euchre").deal(seed=5)
    table = solve(hand)["table"]
    assert len(table) == 16
    st = hand._state
    up, dealer = st.upcard, st.dealer
    for row in table:
        t = "SHDC".index(row["trump"])
        if up >> 4 == t:
            continue                    # the dealer's pickup and discard: checked below
        side = (1 << row["maker"]) | (1 << (row["maker"] + 2) % 4)
        pos = Position([euchre_effective(h, t) for h in st.hands], trump=t, leader=(dealer + 1) % 4,
                       max_side=side, count_side=side, tricks_done=0)
        assert row["tricks"] == pos.value()
    # the upcard's suit: the dealer picks up and discards the card best for its own side
    t = up >> 4
    for row in (r for r in table if r["trump"] == "SHDC"[t]):
        side = (1 << row["maker"]) | (1 << (row["maker"] + 2) % 4)
        six = st.hands[dealer] | 1 << up
        values = []
        for b in (b for b in range(64) if six >> b & 1):
            hands = list(st.hands)
            hands[dealer] = six & ~(1 << b)
            values.append(Position([euchre_effective(h, t) for h in hands], trump=t, leader=(dealer + 1) % 4,
                                   max_side=side, count_side=side, tricks_done=0).value())
        assert row["tricks"] == (max(values) if side >> dealer & 1 else min(values))


def test_cli_table_and_json() -> None:
    result = run("solve", "euchre", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["solve"]["table"] == solve(Game("euchre").deal(seed=5))["table"]


def test_review_of_a_played_hand_adds_up() -> None:
    """Each card's 'after' is the next card's 'best' for that side when nobody lost value, and
    the last card's 'after' is what the side actually took."""
    hand = Game("euchre").deal(seed=8).play_out("heuristic")
    rows = postmortem(hand)
    assert len(rows) == 20
    for r in rows:
        assert r["lost"] == abs(r["best"] - r["after"])
    final = rows[-1]
    taken = sum(hand.result()["tricks"][s] for s in final["side"])
    assert final["after"] == taken
    data = json.loads(run("solve", "euchre", "--deal", json.dumps(hand.to_dict()), "--json").output)
    assert data["review"] == rows and data["solve"] is None


def test_cli_history_then_position() -> None:
    hand = Game("euchre").deal(seed=5)
    while hand._state.phase != "play":
        hand.step("heuristic")
    history = ",".join(str(a) for a in hand.history)
    data = json.loads(run("solve", "euchre", "--seed", "5", "--history", history, "--json").output)
    assert data["solve"]["to_act"] == hand.to_act
    assert data["solve"]["rest"] == max(data["solve"]["moves"].values()) or data["solve"]["rest"] == min(
        data["solve"]["moves"].values())


@pytest.mark.parametrize("args", [
    ["solve", "euchre", "--deal", "{x"],
    ["solve", "euchre", "--deal", "[1, 2]"],
    ["solve", "euchre", "--seed", "5", "--history", "pass,pass,bogus"],
    ["solve", "euchre", "--seed", "5", "--seat", "9"],
    ["solve", "cutthroat-pinochle", "--seed", "1"],
    ["solve", "euchre", "--deal", "@/nonexistent/hand.json"],
    ["simulate", "euchre", "--hands", "2", "--policy-seats", "oracle,heuristic,pimc(worlds=0),heuristic"],
    ["simulate", "spades", "--hands", "2", "--policy", "oracle(tricks=99)", "--unit", "tournament"],
])
def test_bad_input_gets_one_line_and_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1, result.output


def test_simulate_with_solver_players_per_seat() -> None:
    """A plain summary with pimc / oracle seats comes from the core's batch, as with --out: the same
    hands and summary as Game.simulate, for any --threads."""
    from cardsim import Game
    names = ["oracle", "heuristic", "pimc(worlds=4)", "random"]
    result = run("simulate", "euchre", "--hands", "6", "--policy-seats", ",".join(names), "--seed", "3",
                 "--threads", "2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["policy"][2].startswith("pimc") and data["hands"] == 6
    assert abs(sum(data["mean_tricks"]) - 5) < 1e-9
    want = Game("euchre").simulate(6, policy=names, seed=3, threads=1).summary()
    assert data == json.loads(json.dumps(want))


def test_simulate_whole_games_with_solver_players_runs_in_the_core(tmp_path) -> None:
    """--unit game (and --out) with pimc / oracle seats: the core's game batches, the same games
    as Game.simulate(unit="game")."""
    from cardsim import Game
    out = tmp_path / "games.csv"
    result = run("simulate", "euchre", "--hands", "3", "--policy-seats", "oracle,heuristic,pimc(worlds=2),heuristic",
                 "--unit", "game", "--seed", "4", "--threads", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    want = Game("euchre").simulate(3, policy=["oracle", "heuristic", "pimc(worlds=2)", "heuristic"], unit="game",
                                   seed=4, threads=1)
    rows = [line.split(",") for line in out.read_text().splitlines()]
    head = rows[0]
    assert len(rows) == 4
    for i, row in enumerate(rows[1:]):
        assert int(row[head.index("hands")]) == int(want.array["hands"][i])
        assert [int(row[head.index("score_0")]), int(row[head.index("score_1")])] == list(want.array["score"][i])


def test_simulate_histories_with_solver_players(tmp_path) -> None:
    """--histories with pimc / oracle seats: the core's hand batch's actions (Game.simulate(histories=True))."""
    from cardsim import Game
    out = tmp_path / "actions.csv"
    names = ["pimc(worlds=2)", "heuristic", "oracle"]
    result = run("simulate", "cutthroat-pinochle", "--hands", "3", "--policy-seats", ",".join(names), "--seed", "3",
                 "--threads", "1", "--histories", str(out))
    assert result.exit_code == 0, result.output
    want = Game("cutthroat-pinochle").simulate(3, policy=names, seed=3, threads=1, histories=True).histories
    rows = out.read_text().splitlines()[1:]
    assert [int(r.split(",")[-1]) for r in rows] == [int(a) for a in want.actions["action"]]
