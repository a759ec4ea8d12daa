"""Spades batches: record views cut to the seats in play, and the summaries of hand, game
and tournament batches (field meanings in docs/spades.md)."""
from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from . import _core
from .hands.spades import KIND_NAMES, spades_seats

UNITS = ("hand", "game", "tournament")


def record_dtype(unit: str) -> np.dtype:
    """What the core fills for one ``unit`` of a batch."""
    return {"hand": _core.SP_RECORD_DTYPE, "game": _core.SP_GAME_DTYPE,
            "tournament": _core.SP_TOURNAMENT_DTYPE}[unit]


def view_dtype(rules: Mapping, unit: str = "hand") -> np.dtype:
    """The same records with per-seat fields cut to the seats in play (teams: 2 for wins)."""
    return _core.spades_record_dtype(spades_seats(rules), record_dtype(unit))


def simulate_chunk(unit: str):
    return {"hand": _core.simulate_spades, "game": _core.simulate_spades_games,
            "tournament": _core.simulate_spades_tournaments}[unit]


def _rate(mask: np.ndarray) -> float:
    return round(float(mask.mean()), 6)


def hand_summary(array: np.ndarray) -> dict[str, Any]:
    """How often each kind of bid is chosen and made, the mean regular bid, the first leader's seat."""
    kinds, made = array["kind"], array["made"]
    out: dict[str, Any] = {}
    for k, name in enumerate(KIND_NAMES):
        chosen = kinds == k
        out[f"bid_rate_{name}"] = _rate(chosen)
        out[f"made_rate_{name}"] = _rate(made[chosen]) if chosen.any() else None
    regular = kinds == 0
    out["mean_regular_bid"] = round(float(array["bid"][regular].mean()), 4) if regular.any() else None
    out["first_leader_seat_rate"] = [_rate(array["leader"] == s) for s in range(kinds.shape[1])]
    return out


def game_summary(array: np.ndarray) -> dict[str, Any]:
    """Who wins (seat, or team 0/1 in partnership), how long games last, unfinished games."""
    seats = array["score"].shape[1]
    return {
        "unfinished_rate": _rate(array["winner"] < 0),
        "win_rate": [_rate(array["winner"] == s) for s in range(seats)],
        "max_hands": int(array["hands"].max()),
    }


def tournament_summary(array: np.ndarray) -> dict[str, Any]:
    seats = array["wins"].shape[1]
    return {
        "unfinished_rate": _rate(array["winner"] < 0),
        "win_rate": [_rate(array["winner"] == s) for s in range(seats)],
        "max_games": int(array["games"].max()),
    }


SUMMARIES = {"hand": hand_summary, "game": game_summary, "tournament": tournament_summary}
