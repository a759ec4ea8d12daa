"""Every figure of a batch summary, recomputed here from the records with plain numpy.

The batch is made by the CLI (``cardsim simulate GAME --json --out batch.npz``): the JSON it
prints is the summary users read, and the ``.npz`` holds the very records it summarises.
Each expected figure is worked out below from the record fields alone, row by row where
a seat is involved (position at the table: the seat after the dealer is left of the
dealer, it bids or acts first), and nothing is imported from cardsim's summary code.  The
summary must hold exactly these keys: a figure added to a summary needs its check here.
"""
from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from cardsim import CardsimError, Game
from cardsim.cli import main

SUITS = "SHDC"
SPADES_KINDS = ("regular", "nil", "blind_nil", "blind6", "one_for_50", "two_for_40", "moon")
#: fields that name a seat, a suit or a kind: counted by the game's own figures, never averaged
NOT_AVERAGED = {"dealer", "bidder", "maker", "trump", "lone_defender", "round", "exchanged", "last_trick",
                "leader", "kind", "prize", "winner", "first_dealer"}


def run_batch(tmp_path, game: str, n: int, seed: int, unit: str = "hand", policy_seats: str | None = None,
              sets: tuple[str, ...] = ()) -> tuple[dict, np.ndarray]:
    """The summary ``cardsim simulate --json`` prints, and the records it wrote."""
    path = tmp_path / f"{game}-{unit}-{seed}.npz"
    args = ["simulate", game, "--hands", str(n), "--seed", str(seed), "--threads", "2", "--unit", unit,
            "--json", "--out", str(path)]
    if policy_seats:
        args += ["--policy-seats", policy_seats]
    for s in sets:
        args += ["--set", s]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    with np.load(path) as data:
        records = data["records"]
    assert len(records) == n
    return summary, records


def mean(values) -> float:
    values = [int(v) for v in values]  # Python ints: an int16 field's sum would overflow
    return sum(values) / len(values)


def rate(flags) -> float:
    flags = [bool(f) for f in flags]
    return sum(flags) / len(flags)


def generic(records: np.ndarray, unit: str) -> dict:
    """The figures every batch has: the count, the mean of every numeric field (per seat where
    the field is per seat), the rate of every flag."""
    count = {"hand": "hands", "game": "games", "tournament": "tournaments"}[unit]
    out: dict = {count: len(records)}
    for name in records.dtype.names:
        if name in NOT_AVERAGED:
            continue
        column = records[name]
        if column.dtype == np.bool_:
            out[f"{name}_rate"] = rate(column.ravel())
        elif column.ndim == 2:
            out[f"mean_{name}"] = [mean(int(v) for v in column[:, s]) for s in range(column.shape[1])]
        else:
            out[f"mean_{name}"] = mean(int(v) for v in column)
    return out


def seat_at(dealer: int, k: int, seats: int) -> int:
    """The seat ``k`` places to the dealer's left (1: the seat that bids first)."""
    return (int(dealer) + k) % seats


def cutthroat_pinochle(rec: np.ndarray) -> dict:
    contested = [r for r in rec if r["bidder"] >= 0]
    played = [r for r in contested if not r["thrown_in"]]
    return {
        "mean_score_by_position": {
            "dealer": mean(r["score"][seat_at(r["dealer"], 0, 3)] for r in rec),
            "left_of_dealer": mean(r["score"][seat_at(r["dealer"], 1, 3)] for r in rec),
            "right_of_dealer": mean(r["score"][seat_at(r["dealer"], 2, 3)] for r in rec),
        },
        "no_contest_hands": len(rec) - len(contested),
        "made_rate_of_contracts": rate(r["made"] for r in contested),
        "made_rate_when_played": rate(r["made"] for r in played),
        "bidder_left_of_dealer_rate": rate(r["bidder"] == seat_at(r["dealer"], 1, 3) for r in contested),
        "bidder_is_dealer_rate": rate(r["bidder"] == r["dealer"] for r in contested),
        "max_bid": max(int(r["bid"]) for r in contested),
        "bidder_seat_rate": [rate(r["bidder"] == s for r in contested) for s in range(3)],
        "trump_rate": {SUITS[t]: rate(r["trump"] == t for r in contested) for t in range(4)},
    }


def partnership_pinochle(rec: np.ndarray) -> dict:
    contested = [r for r in rec if r["bidder"] >= 0]
    team = [int(r["bidder"]) % 2 for r in contested]  # seats 0+2 are team 0, 1+3 team 1
    return {
        "no_contest_hands": len(rec) - len(contested),
        "made_rate_of_contracts": rate(r["made"] for r in contested),
        "max_bid": max(int(r["bid"]) for r in contested),
        "bidding_team_rate": [rate(t == k for t in team) for k in range(2)],
        "bidding_team_mean_meld": mean(int(r["meld"][t]) + int(r["meld"][t + 2]) for r, t in zip(contested, team)),
        "bidding_team_mean_trick_points": mean(int(r["trick_points"][t]) + int(r["trick_points"][t + 2])
                                               for r, t in zip(contested, team)),
        "bidder_seat_rate": [rate(r["bidder"] == s for r in contested) for s in range(4)],
        "trump_rate": {SUITS[t]: rate(r["trump"] == t for r in contested) for t in range(4)},
    }


def two_hand_pinochle(rec: np.ndarray) -> dict:
    non_dealer = [1 - int(r["dealer"]) for r in rec]
    return {
        "non_dealer_win_rate": rate(r["score"][nd] > r["score"][1 - nd] for r, nd in zip(rec, non_dealer)),
        "tie_rate": rate(r["score"][0] == r["score"][1] for r in rec),
        "dix_exchange_rate": rate(r["exchanged"] >= 0 for r in rec),
        "last_trick_non_dealer_rate": rate(r["last_trick"] == nd for r, nd in zip(rec, non_dealer)),
        "mean_meld_share": sum(int(r["meld"][0]) + int(r["meld"][1]) for r in rec)
        / sum(int(r["score"][0]) + int(r["score"][1]) for r in rec),
    }


def euchre(rec: np.ndarray) -> dict:
    seats = rec["tricks"].shape[1]
    made = [r for r in rec if r["maker"] >= 0]

    def maker_side_tricks(r) -> int:
        m = int(r["maker"])
        return int(r["tricks"][m]) + (int(r["tricks"][(m + 2) % 4]) if seats == 4 else 0)

    names = ("dealer", "left_of_dealer", "right_of_dealer") if seats == 3 else \
        ("dealer", "left_of_dealer", "across_from_dealer", "right_of_dealer")
    return {
        "mean_points_by_position": {name: mean(r["points"][seat_at(r["dealer"], k, seats)] for r in rec)
                                    for k, name in enumerate(names)},
        "no_contest_hands": len(rec) - len(made),
        "made_in_round_2_rate": rate(r["round"] == 2 for r in made),
        "makes_rate": rate(not r["euchred"] for r in made),
        "march_rate": rate(maker_side_tricks(r) == 5 for r in made),
        "maker_is_dealer_rate": rate(r["maker"] == r["dealer"] for r in made),
        "maker_seat_rate": [rate(r["maker"] == s for r in made) for s in range(seats)],
        "trump_rate": {SUITS[t]: rate(r["trump"] == t for r in made) for t in range(4)},
    }


def spades_hands(rec: np.ndarray) -> dict:
    seats = rec["kind"].shape[1]
    out: dict = {}
    chosen_all = [(int(r["kind"][s]), bool(r["made"][s])) for r in rec for s in range(seats)]
    for k, name in enumerate(SPADES_KINDS):
        chosen = [made for kind, made in chosen_all if kind == k]
        out[f"bid_rate_{name}"] = len(chosen) / len(chosen_all)
        out[f"made_rate_{name}"] = rate(chosen) if chosen else None
    regular = [int(r["bid"][s]) for r in rec for s in range(seats) if r["kind"][s] == 0]
    out["mean_regular_bid"] = mean(regular) if regular else None
    out["first_leader_seat_rate"] = [rate(r["leader"] == s for r in rec) for s in range(seats)]
    return out


def whole_games(rec: np.ndarray, sides: int | None = None) -> dict:
    """Game batches of every game: sides are the score columns (spades: two teams)."""
    sides = sides or rec["score"].shape[1]
    lengths = sorted(int(r["hands"]) for r in rec)

    def quantile(q):  # the shortest length that at least q% of the games do not exceed
        return next(L for L in lengths if sum(x <= L for x in lengths) >= q / 100 * len(lengths))

    return {
        "unfinished_rate": rate(r["winner"] == -1 for r in rec),
        "win_rate": [rate(r["winner"] == s for r in rec) for s in range(sides)],
        "win_rate_by_position": [rate(r["winner"] >= 0 and (int(r["winner"]) - int(r["first_dealer"])) % sides == k
                                      for r in rec) for k in range(sides)],
        "hands_quantiles": {f"p{q}": quantile(q) for q in (10, 25, 50, 75, 90)},
        "max_hands": lengths[-1],
    }


def spades_tournaments(rec: np.ndarray) -> dict:
    seats = rec["wins"].shape[1]
    return {
        "unfinished_rate": rate(r["winner"] == -1 for r in rec),
        "win_rate": [rate(r["winner"] == s for r in rec) for s in range(seats)],
        "max_games": max(int(r["games"]) for r in rec),
    }


GAME_FIGURES = {
    ("cutthroat-pinochle", "hand"): cutthroat_pinochle,
    ("partnership-pinochle", "hand"): partnership_pinochle,
    ("two-hand-pinochle", "hand"): two_hand_pinochle,
    ("cutthroat-euchre", "hand"): euchre,
    ("euchre", "hand"): euchre,
    ("cutthroat-spades", "hand"): spades_hands,
    ("spades", "hand"): spades_hands,
    ("cutthroat-spades", "game"): whole_games,
    ("spades", "game"): lambda rec: whole_games(rec, 2),
    ("cutthroat-pinochle", "game"): whole_games,
    ("partnership-pinochle", "game"): whole_games,
    ("two-hand-pinochle", "game"): whole_games,
    ("cutthroat-euchre", "game"): whole_games,
    ("euchre", "game"): whole_games,
    ("cutthroat-spades", "tournament"): spades_tournaments,
    ("spades", "tournament"): spades_tournaments,
}


def assert_figures_equal(got, want, key="summary"):
    """Same keys and values; summaries round to 4 or 6 places."""
    if isinstance(want, dict):
        assert isinstance(got, dict) and set(got) == set(want), \
            f"{key}: keys differ: extra {sorted(set(got) - set(want))}, missing {sorted(set(want) - set(got))}"
        for k in want:
            assert_figures_equal(got[k], want[k], f"{key}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{key}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            assert_figures_equal(g, w, f"{key}[{i}]")
    elif want is None or isinstance(want, str):
        assert got == want, f"{key}: {got!r} != {want!r}"
    else:
        assert got == pytest.approx(want, abs=6e-5), f"{key}: {got} != {want}"


CASES = [
    # game, unit, batch size, seed, policy per seat, --set
    ("cutthroat-pinochle", "hand", 3000, 1, None, ()),
    ("cutthroat-pinochle", "hand", 3000, 2, "random,heuristic,random", ("army_scoring=true",)),
    ("partnership-pinochle", "hand", 3000, 3, None, ()),
    ("partnership-pinochle", "hand", 3000, 4, "random,random,heuristic,heuristic", ()),
    ("two-hand-pinochle", "hand", 2000, 5, None, ()),
    ("two-hand-pinochle", "hand", 2000, 6, "random,heuristic", ()),
    ("cutthroat-euchre", "hand", 4000, 7, None, ()),
    ("cutthroat-euchre", "hand", 4000, 8, "random,random,random", ()),
    ("euchre", "hand", 4000, 9, None, ()),
    ("euchre", "hand", 4000, 10, "heuristic,random,random,heuristic", ("stick_the_dealer=true",)),
    ("cutthroat-spades", "hand", 3000, 11, None, ()),
    ("cutthroat-spades", "hand", 3000, 12, None, ("players=5", "jokers=2")),
    ("spades", "hand", 3000, 13, "heuristic,random,heuristic,random", ()),
    ("cutthroat-spades", "game", 150, 14, None, ()),
    ("spades", "game", 150, 15, None, ()),
    ("cutthroat-pinochle", "game", 80, 18, None, ("army_scoring=true",)),
    ("partnership-pinochle", "game", 80, 19, "random,heuristic,random,heuristic", ()),
    ("two-hand-pinochle", "game", 80, 20, None, ()),
    ("cutthroat-euchre", "game", 80, 21, None, ()),
    ("euchre", "game", 80, 22, None, ()),
    ("cutthroat-spades", "tournament", 25, 16, None, ("players=4",)),
    ("spades", "tournament", 25, 17, None, ()),
]


@pytest.mark.parametrize("game, unit, n, seed, policy_seats, sets", CASES,
                         ids=[f"{c[0]}-{c[1]}-{c[3]}" for c in CASES])
def test_every_summary_figure_recomputed_from_the_records(tmp_path, game, unit, n, seed, policy_seats, sets):
    summary, records = run_batch(tmp_path, game, n, seed, unit, policy_seats, sets)
    seats = Game(game, sets=sets).seats
    policy = policy_seats.split(",") if policy_seats else ["heuristic"] * seats
    want = {"game": game, "seed": seed, "policy": policy}
    want.update(generic(records, unit))
    want.update(GAME_FIGURES[game, unit](records))
    assert_figures_equal(summary, want)


@pytest.mark.parametrize("game", ["cutthroat-pinochle", "cutthroat-euchre"])
def test_left_and_right_of_the_dealer_are_told_apart(tmp_path, game):
    """The seat after the dealer (it bids first) is left of the dealer; the figure under that name
    is that seat's mean and not the other neighbour's (the two differ on these batches; in
    euchre both neighbours are one team, with the same points)."""
    # cutthroat euchre with euchre_points=4: the learned players (issue 11) leave the seed's two
    # neighbours 0.01 apart on this batch, while the left, who makes trump most, loses 0.45 a
    # hand more to euchres at 4 points
    sets = ("euchre_points=4",) if game == "cutthroat-euchre" else ()
    summary, records = run_batch(tmp_path, game, 4000, 22, sets=sets)
    key = "score" if game == "cutthroat-pinochle" else "points"
    seats = records[key].shape[1]
    rows = np.arange(len(records))
    left = records[key][rows, (records["dealer"] + 1) % seats].mean()
    right = records[key][rows, (records["dealer"] + seats - 1) % seats].mean()
    assert abs(left - right) > 0.03  # so a swap would show
    by_position = summary[f"mean_{key}_by_position"]
    assert by_position["left_of_dealer"] == pytest.approx(left, abs=6e-5)
    assert by_position["right_of_dealer"] == pytest.approx(right, abs=6e-5)
    # and "left" is the seat that acts first: the first to bid (pinochle) is dealer + 1
    if game == "cutthroat-pinochle":
        state = Game(game).deal(seed=1, dealer=2)
        assert state.to_act == 0


def test_summary_of_python_records_is_the_cli_summary(tmp_path):
    """``HandRecords.summary()`` and ``cardsim simulate --json`` print the same figures."""
    summary, _ = run_batch(tmp_path, "partnership-pinochle", 1000, 31)
    records = Game("partnership-pinochle").simulate(1000, seed=31, threads=1)
    assert records.summary() == summary



def test_records_to_pandas_and_parquet_hold_the_records(tmp_path, monkeypatch):
    """The real pandas and pyarrow paths (both are in the test extras: missing, this fails)."""
    import pandas as pd
    import pyarrow.parquet as pq

    records = Game("euchre").simulate(300, seed=51, threads=1)
    frame = records.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 300
    assert list(frame["points_3"]) == records["points"][:, 3].tolist()
    assert list(frame["euchred"]) == records["euchred"].tolist()
    path = records.save(tmp_path / "hands.parquet")
    table = pq.read_table(path)
    assert table.column_names == list(frame.columns)
    assert table.column("team_points_1").to_pylist() == records["team_points"][:, 1].tolist()
    assert json.loads(table.schema.metadata[b"cardsim"])["seed"] == 51
    monkeypatch.setitem(sys.modules, "pandas", None)  # as if pandas were missing: says what to install
    with pytest.raises(CardsimError, match="needs pandas"):
        records.to_pandas()
