"""The figures an organiser asks for, per hand or per game, as paired per-unit values.

Each figure is a ratio of two sums over the units (hands or games) of a batch,
``sum(num) / sum(den)``: a mean has ``den = 1`` for every unit, a rate among some
units (bids made among contested hands) has ``den`` 1 for the units it counts.
:func:`figure_values` gives each figure's per-unit ``num`` and ``den`` (integers),
so that the runner can accumulate exact sums and cross-products of two variants
(see stats.py) and never keeps the records.

``seat`` is the seat (or the team, 0 = seats 0 and 2, in partnership games) for
per-seat figures, the position from the dealer (0 = the dealer, 1 = on the dealer's
left, ...) for ``*_by_position`` figures (from the first dealer for whole games), and
None for whole-table figures.

Whole games use the fields every game's ``unit="game"`` records share: ``score``
(per side, or per seat with partners' equal), ``hands``, ``winner`` (a side; -1:
unfinished) and ``first_dealer``, plus spades' ``bag_outs``, ``nil_bids`` and
``blind6`` where present.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: games played by two teams of partners (seats 0+2 and 1+3)
TEAM_GAMES = ("partnership-pinochle", "euchre", "spades")


@dataclass(frozen=True)
class Figure:
    name: str
    seat: int | None
    kind: str  # "rate" (a probability) or "mean"
    num: np.ndarray
    den: np.ndarray

    @property
    def key(self) -> tuple[str, int | None]:
        return self.name, self.seat


def sides_of(game: str, seats: int) -> int:
    return 2 if game in TEAM_GAMES else seats


def _i(values: Any) -> np.ndarray:
    return np.asarray(values).astype(np.int64)


class _Figures:
    def __init__(self, n: int) -> None:
        self.n = n
        self.ones = np.ones(n, dtype=np.int64)
        self.out: list[Figure] = []

    def mean(self, name: str, values: Any, seat: int | None = None, among: Any = None) -> None:
        den = self.ones if among is None else _i(among)
        self.out.append(Figure(name, seat, "mean", _i(values) * den if among is not None else _i(values), den))

    def rate(self, name: str, hits: Any, seat: int | None = None, among: Any = None) -> None:
        den = self.ones if among is None else _i(among)
        self.out.append(Figure(name, seat, "rate", _i(hits) * (den > 0), den))

    def per_seat(self, name: str, matrix: np.ndarray, kind: str = "mean") -> None:
        for s in range(matrix.shape[1]):
            (self.mean if kind == "mean" else self.rate)(name, matrix[:, s], s)

    def by_position(self, name: str, matrix: np.ndarray, dealer: np.ndarray, kind: str = "mean") -> None:
        rows = np.arange(len(matrix))
        for k in range(matrix.shape[1]):
            column = matrix[rows, (dealer.astype(np.int64) + k) % matrix.shape[1]]
            (self.mean if kind == "mean" else self.rate)(f"{name}_by_position", column, k)


def seat_scores(game: str, records: np.ndarray) -> np.ndarray:
    """Each seat's score of each hand (a partner's is the team's in partnership pinochle)."""
    if game == "partnership-pinochle":
        return records["team_score"][:, [0, 1, 0, 1]]
    if game in ("euchre", "cutthroat-euchre"):
        return records["points"]
    return records["score"]


def hand_figures(game: str, records: np.ndarray) -> list[Figure]:
    """Per-hand figures of ``game`` from its hand records."""
    f = _Figures(len(records))
    scores = _i(seat_scores(game, records))
    seats = scores.shape[1]
    dealer = _i(records["dealer"])
    f.per_seat("mean_score", scores)
    f.by_position("mean_score", scores, dealer)
    if "redeals" in (records.dtype.names or ()):  # five nines, all passed (no stick-the-dealer), ...
        f.mean("redeals_per_hand", records["redeals"])
    if game in ("cutthroat-pinochle", "partnership-pinochle"):
        contested = _i(records["bidder"] >= 0)
        made = _i(records["made"])
        thrown = _i(records["thrown_in"]) if "thrown_in" in (records.dtype.names or ()) else np.zeros_like(made)
        f.rate("no_contest_rate", 1 - contested)
        f.rate("bid_make_rate", made, among=contested)
        f.rate("set_rate", (1 - made) & (1 - thrown), among=contested)
        if game == "cutthroat-pinochle":
            f.rate("throw_in_rate", thrown, among=contested)
        f.mean("mean_winning_bid", records["bid"], among=contested)
        offset = (_i(records["bidder"]) - dealer) % seats
        for k in range(seats):
            f.rate("bidder_by_position", offset == k, k, among=contested)
        f.per_seat("mean_meld", _i(records["meld"]))
        f.per_seat("mean_trick_points", _i(records["trick_points"]))
        rows = np.arange(len(records))
        bidder = np.maximum(_i(records["bidder"]), 0)
        if game == "cutthroat-pinochle":
            f.mean("bidder_meld", _i(records["meld"])[rows, bidder], among=contested)
            f.mean("bidder_trick_points", _i(records["trick_points"])[rows, bidder], among=contested * (1 - thrown))
        else:
            team = bidder % 2
            f.mean("bidding_team_meld", _i(records["team_meld"])[rows, team], among=contested)
            f.mean("bidding_team_trick_points", _i(records["team_trick_points"])[rows, team], among=contested)
    elif game in ("euchre", "cutthroat-euchre"):
        contested = _i(records["maker"] >= 0)
        euchred = _i(records["euchred"])
        tricks = _i(records["tricks"])
        rows = np.arange(len(records))
        maker = np.maximum(_i(records["maker"]), 0)
        side = tricks[rows, maker]
        if seats == 4:
            side = side + tricks[rows, (maker + 2) % 4]
        f.rate("no_contest_rate", 1 - contested)
        f.rate("make_rate", 1 - euchred, among=contested)
        f.rate("euchre_rate", euchred, among=contested)
        f.rate("march_rate", side == 5, among=contested)
        f.rate("loner_rate", _i(records["maker_alone"]), among=contested)
        f.rate("loner_march_rate", (side == 5) & _i(records["maker_alone"]).astype(bool), among=contested)
        f.rate("round_2_rate", _i(records["round"]) == 2, among=contested)
        offset = (_i(records["maker"]) - dealer) % seats
        for k in range(seats):
            f.rate("maker_by_position", offset == k, k, among=contested)
    elif game in ("spades", "cutthroat-spades"):
        kind = _i(records["kind"])
        made = _i(records["made"])
        f.per_seat("mean_bags", _i(records["bags"]))
        f.per_seat("bag_out_rate", _i(records["bag_penalty"]) > 0, kind="rate")
        nil = (kind == 1) | (kind == 2)
        f.per_seat("nil_bid_rate", nil, kind="rate")
        f.rate("nil_made_rate", (nil & made.astype(bool)).sum(axis=1), among=nil.sum(axis=1))
        f.per_seat("blind_bid_rate", (kind == 2) | (kind == 3), kind="rate")
        regular = kind == 0
        f.mean("mean_regular_bid", (_i(records["bid"]) * regular).sum(axis=1), among=regular.sum(axis=1))
        f.rate("bid_make_rate", (made.astype(bool) & regular).sum(axis=1), among=regular.sum(axis=1))
    elif game == "two-hand-pinochle":
        rows = np.arange(len(records))
        non_dealer = 1 - dealer
        f.rate("non_dealer_win_rate", scores[rows, non_dealer] > scores[rows, dealer])
        f.rate("tie_rate", scores[:, 0] == scores[:, 1])
        f.per_seat("mean_meld", _i(records["meld"]))
        f.per_seat("mean_trick_points", _i(records["trick_points"]))
    return f.out


def game_figures(game: str, records: np.ndarray, seats: int) -> list[Figure]:
    """Per-game figures from whole-game records (the common fields, see the module docstring)."""
    f = _Figures(len(records))
    sides = sides_of(game, seats)
    winner = _i(records["winner"])
    first = _i(records["first_dealer"])
    hands = _i(records["hands"])
    for s in range(sides):
        f.rate("win_rate", winner == s, s)
    finished = winner >= 0
    offset = (winner - first) % sides
    for k in range(sides):
        f.rate("win_rate_by_position", finished & (offset == k), k)
    f.mean("game_length", hands)
    f.rate("unfinished_rate", ~finished)
    score = _i(records["score"])[:, :sides]
    f.per_seat("mean_final_score", score)
    names = records.dtype.names or ()
    for field, label in (("bag_outs", "bag_outs_per_game"), ("nil_bids", "nil_bids_per_game"),
                         ("blind6", "blind6_per_game")):
        if field in names:
            f.per_seat(label, _i(records[field])[:, :sides])
    return f.out
