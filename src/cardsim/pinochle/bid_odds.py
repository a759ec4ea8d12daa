"""Bid odds for Partnership Pinochle and Two-Hand Pinochle (registered in cardsim.odds.ODDS).

Partnership: the player holds 12 cards and wins the auction; the 36 unseen cards are
dealt uniformly to the three other seats; for each trump suit in turn (on the same
deal) the partner passes, the player passes back, everyone melds and the hand is
played out.  The numbers are the *team's*: meld after passing, trick points, and the
counted total against each bid.

>>> from cardsim import bid_odds
>>> odds = bid_odds("partnership-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH",
...                 trials=2000, seed=1, threads=1)
>>> odds.recommendation["trump"], odds.row("best", 16)["p_make"] > 0.5
('S', True)

Two-hand: the player holds 12 cards and sees the turned-up card (trump); the other 35
are shuffled into the opponent's hand and the stock and the hand is played out.

>>> odds = bid_odds("two-hand-pinochle", "AS AS TS KS QS JS 9S AH AD AC KH QH", upcard="TC",
...                 trials=2000, seed=1, threads=1)
>>> odds.summary["trump"], odds.summary["meld_mean"] > 100, 0 < odds.recommendation["p_win"] < 1
('C', True, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from .. import _core
from ..cards import CardSet
from ..errors import CardsimError
from ..game import Game, check_seed, check_threads, two_hand_solver_seats
from ..odds import SOLVER_STEP, OddsRows, odds_policies, BidOdds, check_seat, conditions_line, pinochle_bid_odds, sample_trials, wilson_interval
from ..odds_conditions import build_conditions, finish, trial_runner
from ..solver.players import bidding_policies

DIFFERENCE_STEP = 20  # two-hand rows: P(difference >= d) for d a multiple of this


def partnership_pinochle_odds(game: Game, cards: str | CardSet, *, trials: int | None = 20_000,
                              precision: float | None = None, policy: str | Sequence[str] = "heuristic", seed: int = 0,
                              threads: int | None = None, seat: int = 0, dealer: int | None = None,
                              progress: Callable[[int, int], None] | None = None, known: Any = None,
                              voids: Any = None, auction: Any = None, auction_slack: Any = None,
                              constraints: Any = None, accept: Callable[..., Any] | None = None,
                              min_acceptance: Any = None) -> BidOdds:
    """Odds of each bid for a 12-card partnership hand, the player winning the auction."""
    hand = game.cards(cards)
    if len(hand) != 12:
        raise CardsimError(f"a partnership-pinochle hand has 12 cards, got {len(hand)}")
    return pinochle_bid_odds(
        game, hand, _core.partnership_pinochle_odds, seats=4, seat=seat, dealer=dealer, army=False,
        reason_tail="the heuristic names {trump} with this hand; meld and trick points are the team's, after passing",
        trials=trials, precision=precision, policy=policy, seed=seed, threads=threads, progress=progress,
        conditioning=dict(known=known, voids=voids, auction=auction, auction_slack=auction_slack,
                          constraints=constraints, accept=accept, min_acceptance=min_acceptance))


@dataclass
class TwoHandOdds(OddsRows):
    """Two-Hand Pinochle odds: the law of the hand's point difference (player - opponent).

    ``rows``: P(difference >= d) with its 95% interval for every multiple d of
    DIFFERENCE_STEP from where that is above 99% to where it falls below 1%;
    ``distribution``: P(difference = v) for every value seen; ``recommendation``: the
    chance of winning the hand (more points than the opponent), of a tie, the expected
    difference and meld."""

    game: str
    cards: str
    upcard: str
    seat: int
    dealer: int
    trials: int
    seed: int
    policy: list[str]
    rows: list[dict[str, Any]]
    distribution: dict[int, float]
    summary: dict[str, Any]
    recommendation: dict[str, Any]
    conditions: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``cardsim bid --json`` prints."""
        return {
            "game": self.game, "cards": self.cards, "upcard": self.upcard, "seat": self.seat, "dealer": self.dealer,
            "trials": self.trials, "seed": self.seed, "policy": self.policy, "summary": self.summary,
            "distribution": {str(k): v for k, v in self.distribution.items()}, "rows": self.rows,
            "recommendation": self.recommendation,
        } | ({"conditions": self.conditions} if self.conditions is not None else {})

    def tables(self, sure: float = 0.995) -> list[tuple[str, list[str], list[list[Any]]]]:
        s = self.summary
        first = (f"{self.game}: {self.cards}, upcard {self.upcard} (seat {self.seat}, dealer {self.dealer}, "
                 f"{self.trials:,} deals)" + conditions_line(self.conditions),
                 ["", "meld", "trick points", "score"],
                 [["player", f"{s['meld_mean']:.1f}", f"{s['trick_points_mean']:.1f}", f"{s['score_mean']:.1f}"],
                  ["opponent", f"{s['opponent_meld_mean']:.1f}", f"{s['opponent_trick_points_mean']:.1f}",
                   f"{s['opponent_score_mean']:.1f}"]])
        rows = [[r["difference_at_least"], f"{r['p']:.3f}", f"{r['ci_low']:.3f} .. {r['ci_high']:.3f}"]
                for r in self.rows]
        return [first, ("point difference (player - opponent)", ["at least", "P", "95% interval"], rows)]

    def advice(self) -> str:
        rec = self.recommendation
        return (f"P(win the hand) {rec['p_win']:.3f} ({rec['ci_low']:.3f} .. {rec['ci_high']:.3f}), "
                f"P(tie) {rec['p_tie']:.3f}, expected difference {rec['expected_difference']:+.1f}, "
                f"expected meld {rec['expected_meld']:.1f}")


def _difference_rows(diff: np.ndarray) -> list[dict[str, Any]]:
    n = len(diff)
    lo = int(np.floor(diff.min() / DIFFERENCE_STEP)) * DIFFERENCE_STEP
    hi = int(np.ceil(diff.max() / DIFFERENCE_STEP)) * DIFFERENCE_STEP
    thresholds = np.arange(lo, hi + DIFFERENCE_STEP, DIFFERENCE_STEP)
    counts = np.array([(diff >= d).sum() for d in thresholds])
    p = counts / n
    keep = (p <= 0.99) & (p >= 0.01)
    if keep.any():  # one row either side of the 1% .. 99% range
        idx = np.flatnonzero(keep)
        keep[max(0, idx[0] - 1):idx[-1] + 2] = True
    else:
        keep[:] = True
    low, high = wilson_interval(counts, n)
    return [{"difference_at_least": int(d), "p": round(float(pp), 6), "ci_low": round(float(a), 6),
             "ci_high": round(float(b), 6)}
            for d, pp, a, b, k in zip(thresholds, p, low, high, keep) if k]


def _two_hand_widest(results: np.ndarray) -> float:
    diff = results[:, 0].astype(np.int32) + results[:, 2] - results[:, 1] - results[:, 3]
    n = len(diff)
    counts = np.array([(diff > 0).sum(), (diff == 0).sum()] + [r["p"] * n for r in _difference_rows(diff)])
    low, high = wilson_interval(np.rint(counts), n)
    return float(((high - low) / 2).max())


def two_hand_pinochle_odds(game: Game, cards: str | CardSet, *, upcard: str | CardSet | None = None,
                           trials: int | None = 20_000, precision: float | None = None, policy: str | Sequence[str] = "heuristic",
                           seed: int = 0, threads: int | None = None, seat: int = 0, dealer: int | None = None,
                           progress: Callable[[int, int], None] | None = None, known: Any = None,
                              voids: Any = None, auction: Any = None, auction_slack: Any = None,
                              constraints: Any = None, accept: Callable[..., Any] | None = None,
                              min_acceptance: Any = None) -> TwoHandOdds:
    """Odds of a 12-card two-hand hand with the turned-up card ``upcard``."""
    hand = game.cards(cards)
    if len(hand) != 12:
        raise CardsimError(f"a two-hand-pinochle hand has 12 cards, got {len(hand)}")
    if upcard is None:
        raise CardsimError("two-hand-pinochle needs the turned-up card: upcard=CARD (--upcard CARD)")
    up = game.cards(upcard)
    if len(up) != 1:
        raise CardsimError(f"upcard must be one card, got {len(up)}")
    if _copies(hand, up) >= 2:  # one copy in hand and the other turned up is a legal deal
        raise CardsimError(f"upcard {up} is also in the hand: the hand holds both copies of it")
    seat = check_seat("seat", seat, 2)
    dealer = check_seat("dealer", 1 - seat if dealer is None else dealer, 2)
    policies, solver = odds_policies(game.name, policy, 2)
    seed, threads = check_seed(seed), check_threads(threads)
    upcard_bit = _free_copy(hand.mask, up.mask)
    bidders = bidding_policies(policies)  # a solver seat's other decisions: the heuristic's
    cond = build_conditions(game, hand, seat, dealer, bidders, known=known, voids=voids, auction=auction,
                            auction_slack=auction_slack, constraints=constraints, accept=accept,
                            min_acceptance=min_acceptance, upcard_bit=upcard_bit)

    def plain(start: int, n: int) -> np.ndarray:
        out = np.zeros((n, 4), dtype=np.int16)
        if solver is not None:  # PIMC / oracle seats: the same deals, in the core (pinochle/two_hand.pyx)
            from .two_hand import two_hand_pinochle_odds_pimc
            kinds, worlds, pseed = two_hand_solver_seats(solver)
            two_hand_pinochle_odds_pimc(game.rules, hand.mask, upcard_bit, seat, dealer, seed, start, out, kinds,
                                        worlds, pseed, threads)
        else:
            _core.two_hand_pinochle_odds(game.rules, hand.mask, upcard_bit, seat, dealer, seed, start, out,
                                         policies, threads)
        return out

    run = trial_runner(cond, plain, game, hand.mask, seat, dealer, seed, bidders, threads, 4, upcard=upcard_bit,
                       solver=solver)
    results = sample_trials(run, _two_hand_widest, trials=trials, precision=precision, progress=progress,
                            step=None if solver is None else SOLVER_STEP)
    n = len(results)
    meld, opp_meld, tp, opp_tp = (results[:, k].astype(np.int32) for k in range(4))
    diff = meld + tp - opp_meld - opp_tp
    values, counts = np.unique(diff, return_counts=True)
    wins, ties = int((diff > 0).sum()), int((diff == 0).sum())
    low, high = wilson_interval(np.array([wins]), n)
    summary = {
        "trump": str(up)[-1], "meld_mean": round(float(meld.mean()), 4),
        "opponent_meld_mean": round(float(opp_meld.mean()), 4),
        "trick_points_mean": round(float(tp.mean()), 4), "opponent_trick_points_mean": round(float(opp_tp.mean()), 4),
        "score_mean": round(float((meld + tp).mean()), 4),
        "opponent_score_mean": round(float((opp_meld + opp_tp).mean()), 4),
        "difference_mean": round(float(diff.mean()), 4), "difference_sd": round(float(diff.std()), 4),
    }
    p_win = wins / n
    recommendation = {
        "p_win": round(p_win, 6), "ci_low": round(float(low[0]), 6), "ci_high": round(float(high[0]), 6),
        "p_tie": round(ties / n, 6), "expected_difference": summary["difference_mean"],
        "expected_meld": summary["meld_mean"],
        "reason": (f"the player outscores the opponent in {p_win:.1%} of the deals, by "
                   f"{summary['difference_mean']:+.1f} points on average"),
    }
    distribution = {int(v): round(float(c) / n, 6) for v, c in zip(values, counts)}
    return TwoHandOdds(game.name, str(hand), str(up), seat, dealer, n, seed, policies, _difference_rows(diff),
                       distribution, summary, recommendation, None if cond is None else finish(cond, n))


def _copies(hand: CardSet, card: CardSet) -> int:
    """How many copies of ``card``'s card the hand holds."""
    bit = int(card.mask).bit_length() - 1
    pair = 3 << (bit & ~1)
    return bin(int(hand.mask) & pair).count("1")


def _free_copy(hand: int, card: int) -> int:
    """The bit of a physical copy of ``card`` the hand does not hold."""
    bit = int(card).bit_length() - 1
    base = bit & ~1
    return base if not (int(hand) >> base) & 1 else base + 1
