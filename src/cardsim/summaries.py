"""Batch summaries per game: the figures a club organiser or designer asks for
(bids and how often they make, seat and dealer edge), from the per-hand records.

Every summary is a :class:`Summary`: ``add`` takes exact integer tallies (counts,
sums, maxima) of one chunk of records, ``finish`` turns the tallies into figures.
Calling it on an array runs both, so one batch and the same records fed chunk by
chunk (``cardsim simulate --out``, ``Game.iter_simulate``) give the same figures:
a mean is ``float(exact sum) / count``, which is what ``numpy.mean`` gives for
integer records.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .cards import SUITS


class Tally:
    """Exact tallies over chunks: ``add`` sums integers (or integer vectors), ``top`` keeps a maximum."""

    def __init__(self) -> None:
        self.sums: dict[str, Any] = {}
        self.tops: dict[str, int] = {}

    def add(self, key: str, value: Any) -> None:
        if isinstance(value, np.ndarray):
            value = value.astype(np.int64)
        else:
            value = int(value)
        old = self.sums.get(key)
        self.sums[key] = value if old is None else old + value

    def count(self, key: str, mask: np.ndarray) -> None:
        self.add(key, np.count_nonzero(mask))

    def top(self, key: str, values: np.ndarray) -> None:
        if len(values):
            best = int(values.max())
            self.tops[key] = max(best, self.tops.get(key, best))

    def __getitem__(self, key: str) -> Any:
        return self.sums.get(key, 0)


def ratio(part: Any, whole: Any, digits: int) -> float:
    """``round(part / whole, digits)`` as numpy's mean of the same integers gives it."""
    return round(float(part) / float(whole), digits)


class Summary:
    """A batch summary that can be fed chunk by chunk (see the module docstring)."""

    def __init__(self, add: Callable[[Tally, np.ndarray], None], finish: Callable[[Tally], dict[str, Any]]) -> None:
        self.add, self.finish = add, finish
        self.__doc__ = add.__doc__

    def __call__(self, array: np.ndarray) -> dict[str, Any]:
        tally = Tally()
        self.add(tally, array)
        return self.finish(tally)


def _seat_values(array: np.ndarray, field: str, seats: int, k: int) -> np.ndarray:
    rows = np.arange(len(array))
    values: np.ndarray = array[field][rows, (array["dealer"] + k) % seats]
    return values


# -- cutthroat pinochle ------------------------------------------------------------------
def _cutthroat_pinochle_add(t: Tally, array: np.ndarray) -> None:
    """Figures a club organiser asks of Cutthroat Pinochle: bids, makes, seat and dealer edge."""
    contested = array[array["bidder"] >= 0]
    played = contested[~contested["thrown_in"]]
    offset = (contested["bidder"] - contested["dealer"]) % 3  # 1 = left of dealer, 0 = dealer
    t.add("n", len(array))
    # score by position at the table: 0 = the dealer, 1 = left of the dealer (bids first), 2 = right
    t.add("by_position", np.array([_seat_values(array, "score", 3, k).sum(dtype=np.int64) for k in range(3)]))
    t.add("contested", len(contested))
    t.count("contested_made", contested["made"])
    t.add("played", len(played))
    t.count("played_made", played["made"])
    t.count("left_of_dealer", offset == 1)
    t.count("dealer", offset == 0)
    t.top("max_bid", contested["bid"])
    t.add("bidder_seat", np.array([np.count_nonzero(contested["bidder"] == s) for s in range(3)]))
    t.add("trump", np.array([np.count_nonzero(contested["trump"] == s) for s in range(4)]))


def _cutthroat_pinochle_finish(t: Tally) -> dict[str, Any]:
    n, contested, played = t["n"], t["contested"], t["played"]
    return {
        "mean_score_by_position": {name: round(float(v) / n, 4) for name, v in
                                   zip(("dealer", "left_of_dealer", "right_of_dealer"), t["by_position"])},
        "no_contest_hands": int(n - contested),
        "made_rate_of_contracts": ratio(t["contested_made"], contested, 6) if contested else None,
        "made_rate_when_played": ratio(t["played_made"], played, 6) if played else None,
        "bidder_left_of_dealer_rate": ratio(t["left_of_dealer"], contested, 6) if contested else None,
        "bidder_is_dealer_rate": ratio(t["dealer"], contested, 6) if contested else None,
        "max_bid": t.tops["max_bid"] if contested else None,
        "bidder_seat_rate": [ratio(c, contested, 6) for c in t["bidder_seat"]] if contested else None,
        "trump_rate": {SUITS[i]: ratio(c, contested, 6) for i, c in enumerate(t["trump"])} if contested else None,
    }


cutthroat_pinochle_summary = Summary(_cutthroat_pinochle_add, _cutthroat_pinochle_finish)


# -- euchre -------------------------------------------------------------------------------
def _euchre_add(t: Tally, array: np.ndarray) -> None:
    """Figures of either euchre game: who makes trump, how it goes, alone play, dealer edge."""
    seats = array["tricks"].shape[1]
    t.tops["seats"] = seats
    t.add("n", len(array))
    t.add("by_position", np.array([_seat_values(array, "points", seats, k).sum(dtype=np.int64)
                                   for k in range(seats)]))
    made = array[array["maker"] >= 0]
    maker_side = made["tricks"][np.arange(len(made)), made["maker"]].astype(int)
    if seats == 4:
        maker_side += made["tricks"][np.arange(len(made)), (made["maker"] + 2) % 4]
    offset = (made["maker"] - made["dealer"]) % seats  # 0 = the dealer made trump
    t.add("made", len(made))
    t.count("round_2", made["round"] == 2)
    t.count("makes", ~made["euchred"])
    t.count("march", maker_side == 5)
    t.count("maker_is_dealer", offset == 0)
    t.add("maker_seat", np.array([np.count_nonzero(made["maker"] == s) for s in range(seats)]))
    t.add("trump", np.array([np.count_nonzero(made["trump"] == s) for s in range(4)]))


def _euchre_finish(t: Tally) -> dict[str, Any]:
    n, made, seats = t["n"], t["made"], t.tops["seats"]
    if not made:
        return {"no_contest_hands": int(n)}
    positions = ("dealer", "left_of_dealer", "right_of_dealer") if seats == 3 else \
        ("dealer", "left_of_dealer", "across_from_dealer", "right_of_dealer")
    return {
        "mean_points_by_position": {name: round(float(v) / n, 4) for name, v in zip(positions, t["by_position"])},
        "no_contest_hands": int(n - made),
        "made_in_round_2_rate": ratio(t["round_2"], made, 6),
        "makes_rate": ratio(t["makes"], made, 6),
        "march_rate": ratio(t["march"], made, 6),
        "maker_is_dealer_rate": ratio(t["maker_is_dealer"], made, 6),
        "maker_seat_rate": [ratio(c, made, 6) for c in t["maker_seat"]],
        "trump_rate": {SUITS[i]: ratio(c, made, 6) for i, c in enumerate(t["trump"])},
    }


euchre_summary = Summary(_euchre_add, _euchre_finish)


# -- partnership pinochle -----------------------------------------------------------------
def _partnership_pinochle_add(t: Tally, array: np.ndarray) -> None:
    """Bids, makes, passing edge: how often the bidding team makes, and team balance."""
    contested = array[array["bidder"] >= 0]
    team = contested["bidder"] % 2
    rows = np.arange(len(contested))
    t.add("n", len(array))
    t.add("contested", len(contested))
    t.count("made", contested["made"])
    t.top("max_bid", contested["bid"])
    t.add("team", np.array([np.count_nonzero(team == s) for s in range(2)]))
    t.add("team_meld", contested["team_meld"][rows, team].sum(dtype=np.int64))
    t.add("team_trick_points", contested["team_trick_points"][rows, team].sum(dtype=np.int64))
    t.add("bidder_seat", np.array([np.count_nonzero(contested["bidder"] == s) for s in range(4)]))
    t.add("trump", np.array([np.count_nonzero(contested["trump"] == s) for s in range(4)]))


def _partnership_pinochle_finish(t: Tally) -> dict[str, Any]:
    n, contested = t["n"], t["contested"]
    if not contested:
        return {"no_contest_hands": int(n)}
    return {
        "no_contest_hands": int(n - contested),
        "made_rate_of_contracts": ratio(t["made"], contested, 6),
        "max_bid": t.tops["max_bid"],
        "bidding_team_rate": [ratio(c, contested, 6) for c in t["team"]],
        "bidding_team_mean_meld": ratio(t["team_meld"], contested, 4),
        "bidding_team_mean_trick_points": ratio(t["team_trick_points"], contested, 4),
        "bidder_seat_rate": [ratio(c, contested, 6) for c in t["bidder_seat"]],
        "trump_rate": {SUITS[i]: ratio(c, contested, 6) for i, c in enumerate(t["trump"])},
    }


partnership_pinochle_summary = Summary(_partnership_pinochle_add, _partnership_pinochle_finish)


# -- two-hand pinochle --------------------------------------------------------------------
def _two_hand_pinochle_add(t: Tally, array: np.ndarray) -> None:
    """Who wins a hand, from which seat, and how much of it is meld."""
    diff = array["score"][:, 0].astype(np.int64) - array["score"][:, 1]
    non_dealer = 1 - array["dealer"]
    rows = np.arange(len(array))
    t.add("n", len(array))
    t.count("non_dealer_wins", array["score"][rows, non_dealer] > array["score"][rows, 1 - non_dealer])
    t.count("ties", diff == 0)
    t.count("exchanged", array["exchanged"] >= 0)
    t.count("last_trick_non_dealer", array["last_trick"] == non_dealer)
    t.add("meld", array["meld"].sum(dtype=np.int64))
    t.add("score", array["score"].sum(dtype=np.int64))


def _two_hand_pinochle_finish(t: Tally) -> dict[str, Any]:
    n = t["n"]
    return {
        "non_dealer_win_rate": ratio(t["non_dealer_wins"], n, 6),
        "tie_rate": ratio(t["ties"], n, 6),
        "dix_exchange_rate": ratio(t["exchanged"], n, 6),
        "last_trick_non_dealer_rate": ratio(t["last_trick_non_dealer"], n, 6),
        "mean_meld_share": ratio(t["meld"], max(1, int(t["score"])), 6),
    }


two_hand_pinochle_summary = Summary(_two_hand_pinochle_add, _two_hand_pinochle_finish)


# -- every game: the means of every field -------------------------------------------------
#: Fields that name a seat or a suit: their mean means nothing, so summaries count them instead.
CATEGORICAL_FIELDS = ("dealer", "bidder", "maker", "trump", "lone_defender", "round", "exchanged", "last_trick",
                      "leader", "kind", "prize", "winner", "first_dealer")


def _generic_add(t: Tally, array: np.ndarray) -> None:
    """Means of every numeric field (rates for flags), per seat where the field is per seat."""
    t.add("n", len(array))
    for name in array.dtype.names or ():
        if name in CATEGORICAL_FIELDS:
            continue
        values = array[name]
        if values.dtype == np.bool_:  # a rate over every cell (hands x seats for a per-seat flag)
            t.count(name, values)
            t.add(f"{name}.cells", values.size)
        else:
            t.add(name, values.sum(axis=0, dtype=np.int64))
        t.tops.setdefault(f"{name}.ndim", values.ndim)
    t.names = [(name, array[name].dtype == np.bool_) for name in array.dtype.names or ()  # type: ignore[attr-defined]
               if name not in CATEGORICAL_FIELDS]


def _generic_finish(t: Tally) -> dict[str, Any]:
    n = t["n"]
    out: dict[str, Any] = {"hands": int(n)}
    if not n:
        return out
    for name, flag in getattr(t, "names", ()):
        if flag:
            out[f"{name}_rate"] = ratio(t[name], t[f"{name}.cells"], 6)
        elif t.tops[f"{name}.ndim"] == 2:
            out[f"mean_{name}"] = [round(float(v) / n, 4) for v in t[name]]
        else:
            out[f"mean_{name}"] = ratio(t[name], n, 4)
    return out


generic_summary = Summary(_generic_add, _generic_finish)
