"""Monte Carlo bid odds: how likely each bid is to make, and which bid is worth making.

The unseen cards are dealt at random many times; in each trial the player wins
the auction, sees the widow, names trump (each suit in turn, and the suit the
heuristic would choose), discards, and the hand is played out by the chosen
players in the core.  Every bid is judged on the same trials.

>>> from cardsim import bid_odds
>>> odds = bid_odds("cutthroat-pinochle", "AS AS TS KS QS JS 9S AH AD AC QS JD KH QH 9D",
...                 trials=2000, seed=1, threads=1)
>>> odds.recommendation["trump"], odds.recommendation["highest_positive_bid"] >= 16
('S', True)
>>> row = odds.row("best", 16)
>>> 0.9 < row["p_make"] <= 1.0 and row["ci_low"] <= row["p_make"] <= row["ci_high"]
True
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from . import _core
from .cards import SUITS, CardSet
from .errors import CardsimError, RulesError
from .game import Game, check_seed, check_threads
from .players import check_policy

MAX_TRIALS = 10_000_000
PRECISION_CAP = 2_000_000  # most trials a --precision run may take
BATCH_TRIALS = 10_000
MIN_REPORTED = 0.01  # bids are listed up to where making falls below this
Z95 = 1.959964
CHOICES = ("S", "H", "D", "C", "best")


def wilson_interval(successes: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """95% Wilson score interval of a binomial proportion (well-behaved at 0 and 1)."""
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * np.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


@dataclass
class BidOdds:
    """The odds for one hand: one row per (trump choice, bid), and a recommendation."""

    game: str
    cards: str
    seat: int
    dealer: int
    trials: int
    seed: int
    policy: list[str]
    rows: list[dict[str, Any]]
    trumps: list[dict[str, Any]]
    recommendation: dict[str, Any]
    army: bool = field(default=False)

    def row(self, trump: str, bid: int) -> dict[str, Any]:
        for r in self.rows:
            if r["trump"] == trump and r["bid"] == bid:
                return r
        raise KeyError((trump, bid))

    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``cardsim bid --json`` prints."""
        return {
            "game": self.game, "cards": self.cards, "seat": self.seat, "dealer": self.dealer,
            "trials": self.trials, "seed": self.seed, "policy": self.policy,
            "trumps": self.trumps, "rows": self.rows, "recommendation": self.recommendation,
        }

    def to_pandas(self):  # -> pandas.DataFrame
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise CardsimError("to_pandas() needs pandas: pip install 'cardsim[pandas]'") from exc
        return pd.DataFrame(self.rows)


def check_precision(precision: Any) -> float:
    """A --precision: a number above 0 and at most 0.1 (one-line CardsimError otherwise)."""
    if not isinstance(precision, (int, float)) or isinstance(precision, bool) or not 0 < precision <= 0.1:
        raise CardsimError(f"precision must be a number above 0 and at most 0.1, got {precision!r}")
    return float(precision)


def check_trials(trials: Any) -> int:
    """A trial count from 1 to MAX_TRIALS (one-line CardsimError otherwise)."""
    if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
        raise CardsimError(f"trials must be an integer from 1 to {MAX_TRIALS:,}, got {trials!r}")
    return int(trials)


def _run_trials(game: Game, hand: CardSet, seat: int, dealer: int, seed: int, start: int, n: int,
                policies: list[str], threads: int) -> np.ndarray:
    out = np.zeros((n, 13), dtype=np.int16)
    _core.cutthroat_pinochle_odds(game.rules, hand.mask, seat, dealer, seed, start, out, policies, threads)
    return out


def _totals_by_choice(results: np.ndarray) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(meld, trick points, counted total) per trial for each trump choice."""
    by_choice = {SUITS[t]: tuple(results[:, 3 * t + k] for k in range(3)) for t in range(4)}
    chosen = results[:, 12].astype(np.intp)
    rows = np.arange(len(results))
    by_choice["best"] = tuple(results[rows, 3 * chosen + k] for k in range(3))
    return by_choice


def _widest_interval(results: np.ndarray, min_bid: int) -> float:
    """Largest 95% half-width over the P(make) that would be reported."""
    n = len(results)
    widest = 0.0
    for _, _, total in _totals_by_choice(results).values():
        top = int(total.max())
        made = np.array([(total >= b).sum() for b in range(min_bid, max(min_bid, top) + 1)])
        low, high = wilson_interval(made, n)
        widest = max(widest, float(((high - low) / 2).max()))
    return widest


def cutthroat_pinochle_odds(game: Game, cards: str | CardSet, *, trials: int | None = 20_000,
                            precision: float | None = None, policy: str = "heuristic", seed: int = 0,
                            threads: int | None = None, seat: int = 0, dealer: int | None = None,
                            progress: Callable[[int, int], None] | None = None) -> BidOdds:
    hand = game.cards(cards)
    size = 15 if game.rules["widow"] else 16
    if len(hand) != size:
        raise CardsimError(f"a cutthroat-pinochle hand has {size} cards with widow={str(game.rules['widow']).lower()}, "
                           f"got {len(hand)}")
    if not 0 <= seat < 3:
        raise CardsimError(f"seat must be 0, 1 or 2, got {seat}")
    dealer = (seat + 2) % 3 if dealer is None else dealer
    if not 0 <= dealer < 3:
        raise CardsimError(f"dealer must be 0, 1 or 2, got {dealer}")
    policies = [check_policy(policy)] * 3
    seed, threads = check_seed(seed), check_threads(threads)
    min_bid = int(game.rules["min_bid"])
    if precision is not None:
        if not isinstance(precision, (int, float)) or not 0 < precision <= 0.1:
            raise CardsimError(f"precision must be a number above 0 and at most 0.1, got {precision!r}")
        chunks, done = [], 0
        while done < PRECISION_CAP:
            chunks.append(_run_trials(game, hand, seat, dealer, seed, done, BATCH_TRIALS, policies, threads))
            done += BATCH_TRIALS
            if progress:
                progress(done, PRECISION_CAP)
            if _widest_interval(np.concatenate(chunks), min_bid) <= precision:
                break
        results = np.concatenate(chunks)
    else:
        if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
            raise CardsimError(f"trials must be an integer from 1 to {MAX_TRIALS:,}, got {trials!r}")
        chunks = []
        for start in range(0, trials, 5 * BATCH_TRIALS):
            n = min(5 * BATCH_TRIALS, trials - start)
            chunks.append(_run_trials(game, hand, seat, dealer, seed, start, n, policies, threads))
            if progress:
                progress(start + n, trials)
        results = np.concatenate(chunks)
    return _summarise(game, hand, seat, dealer, seed, policies, results)


def _summarise(game: Game, hand: CardSet, seat: int, dealer: int, seed: int, policies: list[str],
               results: np.ndarray) -> BidOdds:
    n = len(results)
    min_bid = int(game.rules["min_bid"])
    army = bool(game.rules["army_scoring"])
    rows, trumps = [], []
    for choice, (meld, trick_points, total) in _totals_by_choice(results).items():
        values, counts = np.unique(meld, return_counts=True)
        trumps.append({
            "trump": choice,
            "named_rate": round(float((results[:, 12] == SUITS.index(choice)).mean()), 6) if choice != "best" else 1.0,
            "meld_mean": round(float(meld.mean()), 4),
            "meld_distribution": {int(v): round(float(c) / n, 6) for v, c in zip(values, counts)},
            "trick_points_mean": round(float(trick_points.mean()), 4),
            "total_mean": round(float(total.mean()), 4),
        })
        bid = min_bid
        while True:
            made = total >= bid
            p = float(made.mean())
            low, high = wilson_interval(np.array([made.sum()]), n)
            row = {"trump": choice, "bid": bid, "p_make": round(p, 6), "ci_low": round(float(low[0]), 6),
                   "ci_high": round(float(high[0]), 6),
                   "expected_score": round(float(np.where(made, total, -bid).mean()), 4)}
            if army:  # set after playing pays 40 in all, a throw-in 20: the better of the two
                row["expected_army"] = round(max(-40 * (1 - p), -20.0), 4)
            rows.append(row)
            if p < MIN_REPORTED:
                break
            bid += int(game.rules["bid_increment"])
    best = [r for r in rows if r["trump"] == "best"]
    chosen = SUITS[int(np.bincount(results[:, 12], minlength=4).argmax())]
    positive = [r["bid"] for r in best if r["expected_score"] > 0]
    likely = [r["bid"] for r in best if r["p_make"] >= 0.5]
    recommendation = {
        "trump": chosen,
        "highest_positive_bid": max(positive) if positive else None,
        "highest_likely_bid": max(likely) if likely else None,
    }
    if positive:
        top = max(positive)
        recommendation["reason"] = (
            f"{top} is the highest bid with a positive expected score "
            f"(P(make) {next(r['p_make'] for r in best if r['bid'] == top):.1%}); "
            + (f"{max(likely)} is the highest made at least half the time; " if likely else "")
            + f"after seeing the widow the heuristic names {chosen} most often"
        )
    else:
        recommendation["reason"] = f"pass: even {min_bid} has a negative expected score"
    return BidOdds(game.name, str(hand), seat, dealer, n, seed, policies, rows, trumps, recommendation, army)


def bid_odds(game: str | Game, cards: str | CardSet, *, trials: int | None = 20_000,
             precision: float | None = None, policy: str = "heuristic", seed: int = 0,
             threads: int | None = None, progress: Callable[[int, int], None] | None = None,
             rules: dict | None = None, **context: Any) -> BidOdds | SpadesBidOdds:
    """Monte Carlo odds of each bid for ``cards``; ``context`` is game-specific (``seat``,
    ``dealer`` for cutthroat-pinochle; also ``scores``, ``blind`` for cutthroat-spades and
    spades, see cardsim.odds_spades).  ``precision`` replaces ``trials``: sample until
    every reported probability has a 95% interval of at most +/- ``precision``."""
    the_game = game if isinstance(game, Game) else Game(game, **(rules or {}))
    if the_game.name not in ODDS:
        raise RulesError(f"bid odds are not implemented for {the_game.name} yet; implemented: {', '.join(ODDS)}")
    odds = ODDS[the_game.name]
    accepted = inspect.signature(odds).parameters
    unknown = [k for k in context if k not in accepted]
    if unknown:
        raise CardsimError(f"{the_game.name} bid odds take no {', '.join(unknown)}")
    return odds(the_game, cards, trials=trials, precision=precision, policy=policy, seed=seed,
                threads=threads, progress=progress, **context)


#: Bid odds per game: a function (game, cards, *, trials, precision, policy, seed, threads,
#: progress, **context) -> a result (BidOdds, SpadesBidOdds).  Each game's odds live in their own module.
ODDS: dict[str, Callable[..., BidOdds]] = {
    "cutthroat-pinochle": cutthroat_pinochle_odds,
}

from .odds_spades import SpadesBidOdds, spades_odds  # noqa: E402  (it imports the helpers above)

ODDS.update({"cutthroat-spades": spades_odds, "spades": spades_odds})
