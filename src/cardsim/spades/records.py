"""Spades batches: record views cut to the seats in play, and the summary of hand batches
(field meanings in docs/spades.md; game and tournament summaries: cardsim.whole_game)."""
from __future__ import annotations

from typing import Any, Callable, Mapping

import numpy as np

from .. import _core
from .hand import KIND_NAMES, spades_seats
from ..summaries import Summary, Tally, ratio

UNITS = ("hand", "game", "tournament")


def record_dtype(unit: str) -> np.dtype:
    """What the core fills for one ``unit`` of a batch."""
    return {"hand": _core.SP_RECORD_DTYPE, "game": _core.SP_GAME_DTYPE,
            "tournament": _core.SP_TOURNAMENT_DTYPE}[unit]


def view_dtype(rules: Mapping[str, Any], unit: str = "hand") -> np.dtype:
    """The same records with per-seat fields cut to the seats in play (teams: 2 for wins)."""
    return _core.spades_record_dtype(spades_seats(rules), record_dtype(unit))


def simulate_chunk(unit: str) -> Callable[..., None]:
    """The core's chunk function of hand and game batches (tournaments: cardsim.whole_game)."""
    return {"hand": _core.simulate_spades, "game": _core.simulate_spades_games}[unit]


def _hand_add(t: Tally, array: np.ndarray) -> None:
    """How often each kind of bid is chosen and made, the mean regular bid, the first leader's seat."""
    kinds, made = array["kind"], array["made"]
    t.tops["seats"] = kinds.shape[1]
    t.add("n", len(array))
    t.add("cells", kinds.size)
    for k in range(len(KIND_NAMES)):
        chosen = kinds == k
        t.count(f"chosen_{k}", chosen)
        t.count(f"made_{k}", made[chosen])
    regular = kinds == 0
    t.add("bid_regular", array["bid"][regular].sum(dtype=np.int64))
    t.add("leader", np.array([np.count_nonzero(array["leader"] == s) for s in range(kinds.shape[1])]))


def _hand_finish(t: Tally) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, name in enumerate(KIND_NAMES):
        chosen = t[f"chosen_{k}"]
        out[f"bid_rate_{name}"] = ratio(chosen, t["cells"], 6)
        out[f"made_rate_{name}"] = ratio(t[f"made_{k}"], chosen, 6) if chosen else None
    regular = t["chosen_0"]
    out["mean_regular_bid"] = ratio(t["bid_regular"], regular, 4) if regular else None
    out["first_leader_seat_rate"] = [ratio(c, t["n"], 6) for c in t["leader"]]
    return out


hand_summary = Summary(_hand_add, _hand_finish)


#: game batches' summary: cardsim.whole_game.SUMMARIES (one for every game)
SUMMARIES = {"hand": hand_summary}
