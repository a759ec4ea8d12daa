"""Batch summaries per game: the figures a club organiser or designer asks for
(bids and how often they make, seat and dealer edge), from the per-hand records."""
from __future__ import annotations

from typing import Any

import numpy as np

from .cards import SUITS


def cutthroat_pinochle_summary(array: np.ndarray) -> dict[str, Any]:
    """Figures a club organiser asks of Cutthroat Pinochle: bids, makes, seat and dealer edge."""
    contested = array[array["bidder"] >= 0]
    played = contested[~contested["thrown_in"]]
    offset = (contested["bidder"] - contested["dealer"]) % 3  # 1 = left of dealer, 0 = dealer
    # score by position at the table: 0 = the dealer, 1 = left of the dealer (bids first), 2 = right
    rows = np.arange(len(array))
    by_position = [array["score"][rows, (array["dealer"] + k) % 3].mean() for k in range(3)]
    return {
        "mean_score_by_position": {name: round(float(v), 4) for name, v in
                                   zip(("dealer", "left_of_dealer", "right_of_dealer"), by_position)},
        "no_contest_hands": int(len(array) - len(contested)),
        "made_rate_of_contracts": round(float(contested["made"].mean()), 6) if len(contested) else None,
        "made_rate_when_played": round(float(played["made"].mean()), 6) if len(played) else None,
        "bidder_left_of_dealer_rate": round(float((offset == 1).mean()), 6) if len(contested) else None,
        "bidder_is_dealer_rate": round(float((offset == 0).mean()), 6) if len(contested) else None,
        "max_bid": int(contested["bid"].max()) if len(contested) else None,
        "bidder_seat_rate": [round(float((contested["bidder"] == s).mean()), 6) for s in range(3)]
        if len(contested) else None,
        "trump_rate": {SUITS[t]: round(float((contested["trump"] == t).mean()), 6) for t in range(4)}
        if len(contested) else None,
    }


def euchre_summary(array: np.ndarray) -> dict[str, Any]:
    """Figures of either euchre game: who makes trump, how it goes, alone play, dealer edge."""
    seats = array["tricks"].shape[1]
    made = array[array["maker"] >= 0]
    if not len(made):
        return {"no_contest_hands": int(len(array))}
    maker_side = made["tricks"][np.arange(len(made)), made["maker"]].astype(int)
    if seats == 4:
        maker_side += made["tricks"][np.arange(len(made)), (made["maker"] + 2) % 4]
    offset = (made["maker"] - made["dealer"]) % seats  # 0 = the dealer made trump
    rows = np.arange(len(array))
    positions = ("dealer", "left_of_dealer", "right_of_dealer") if seats == 3 else \
        ("dealer", "left_of_dealer", "across_from_dealer", "right_of_dealer")
    by_position = [array["points"][rows, (array["dealer"] + k) % seats].mean() for k in range(seats)]
    return {
        "mean_points_by_position": {name: round(float(v), 4) for name, v in zip(positions, by_position)},
        "no_contest_hands": int(len(array) - len(made)),
        "made_in_round_2_rate": round(float((made["round"] == 2).mean()), 6),
        "makes_rate": round(float((~made["euchred"]).mean()), 6),
        "march_rate": round(float((maker_side == 5).mean()), 6),
        "maker_is_dealer_rate": round(float((offset == 0).mean()), 6),
        "maker_seat_rate": [round(float((made["maker"] == s).mean()), 6) for s in range(seats)],
        "trump_rate": {SUITS[t]: round(float((made["trump"] == t).mean()), 6) for t in range(4)},
    }


def partnership_pinochle_summary(array: np.ndarray) -> dict[str, Any]:
    """Bids, makes, passing edge: how often the bidding team makes, and team balance."""
    contested = array[array["bidder"] >= 0]
    if not len(contested):
        return {"no_contest_hands": int(len(array))}
    team = contested["bidder"] % 2
    rows = np.arange(len(contested))
    return {
        "no_contest_hands": int(len(array) - len(contested)),
        "made_rate_of_contracts": round(float(contested["made"].mean()), 6),
        "max_bid": int(contested["bid"].max()),
        "bidding_team_rate": [round(float((team == t).mean()), 6) for t in range(2)],
        "bidding_team_mean_meld": round(float(contested["team_meld"][rows, team].mean()), 4),
        "bidding_team_mean_trick_points": round(float(contested["team_trick_points"][rows, team].mean()), 4),
        "bidder_seat_rate": [round(float((contested["bidder"] == s).mean()), 6) for s in range(4)],
        "trump_rate": {SUITS[t]: round(float((contested["trump"] == t).mean()), 6) for t in range(4)},
    }


def two_hand_pinochle_summary(array: np.ndarray) -> dict[str, Any]:
    """Who wins a hand, from which seat, and how much of it is meld."""
    diff = array["score"][:, 0] - array["score"][:, 1]
    non_dealer = 1 - array["dealer"]
    rows = np.arange(len(array))
    return {
        "non_dealer_win_rate": round(float((array["score"][rows, non_dealer] > array["score"][rows, 1 - non_dealer]).mean()), 6),
        "tie_rate": round(float((diff == 0).mean()), 6),
        "dix_exchange_rate": round(float((array["exchanged"] >= 0).mean()), 6),
        "last_trick_non_dealer_rate": round(float((array["last_trick"] == non_dealer).mean()), 6),
        "mean_meld_share": round(float(array["meld"].sum() / max(1, int(array["score"].sum()))), 6),
    }
