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
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from . import _core
from .cards import SUITS, CardSet
from .errors import CardsimError, RulesError
from .game import Game, check_seed, check_threads
from .odds_conditions import CONDITION_KEYS, ConditionedRun, build_conditions, finish, trial_runner
from .runner import Runner, active_runner, call_chunk, call_trials, using

if TYPE_CHECKING:
    import pandas as pd

    from .euchre.bid_odds import EuchreOdds
    from .pinochle.bid_odds import TwoHandOdds
    from .spades.bid_odds import SpadesBidOdds

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


class OddsRows:
    """What every game's bid-odds result shares: its ``rows`` (one dict per choice) as a table."""

    rows: list[dict[str, Any]]

    def to_pandas(self) -> pd.DataFrame:
        """The rows as a pandas DataFrame, one column per key (needs the ``pandas`` extra)."""
        try:
            import pandas as pd
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise CardsimError("to_pandas() needs pandas: pip install 'cardsim[pandas]'") from exc
        return pd.DataFrame(self.rows)


@dataclass
class BidOdds(OddsRows):
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
    conditions: dict[str, Any] | None = field(default=None)

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
        } | ({"conditions": self.conditions} if self.conditions is not None else {})

    def tables(self, sure: float = 0.995) -> list[tuple[str, list[str], list[list[Any]]]]:
        """What ``cardsim bid`` prints: (title, columns, rows) per table; bids made at least
        ``sure`` of the time are folded into the first table's last column."""
        folded = {r["trump"]: r["bid"] for r in self.rows if r["p_make"] >= sure}
        trump_rows = [
            [t["trump"], f"{t['named_rate']:.1%}" if t["trump"] != "best" else "", f"{t['meld_mean']:.1f}",
             f"{t['trick_points_mean']:.1f}", f"{t['total_mean']:.1f}", folded.get(t["trump"], "-")]
            for t in self.trumps
        ]
        who = "team " if self.game == "partnership-pinochle" else ""
        first = (f"{self.game}: {self.cards} (seat {self.seat}, dealer {self.dealer}, {self.trials:,} deals)"
                 + conditions_line(self.conditions),
                 ["trump", "named", f"{who}meld", f"{who}trick points", "total", f"sure up to (>= {sure:.1%})"],
                 trump_rows)
        best = [r for r in self.rows if r["trump"] == "best" and r["p_make"] < sure]
        columns = ["bid", "P(make)", "95% interval", "expected score"] + (["expected army"] if self.army else [])
        rows = [[r["bid"], f"{r['p_make']:.3f}", f"{r['ci_low']:.3f} .. {r['ci_high']:.3f}",
                 f"{r['expected_score']:+.1f}"] + ([f"{r['expected_army']:+.1f}"] if self.army else []) for r in best]
        return [first, ("bids with the player's best trump", columns, rows)]

    def advice(self) -> str:
        """The recommendation in one line."""
        rec = self.recommendation
        return f"recommendation: bid up to {rec['highest_positive_bid'] or 'nothing (pass)'}; {rec['reason']}"


def _totals_by_choice(results: np.ndarray) -> dict[str, tuple[np.ndarray, ...]]:
    """(meld, trick points, counted total) per trial for each trump choice.

    ``results`` has the layout of the pinochle odds trials: columns 3t, 3t+1, 3t+2 for
    trump suit t, column 12 the suit the heuristic names.  Each a contiguous array (the columns
    are transposed once: the reductions and counts over strided columns took twice as long)."""
    columns = np.ascontiguousarray(results.T)
    by_choice = {SUITS[t]: tuple(columns[3 * t + k] for k in range(3)) for t in range(4)}
    by_choice["best"] = tuple(np.choose(columns[12], [columns[3 * t + k] for t in range(4)]) for k in range(3))
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


def check_seat(name: str, value: Any, seats: int) -> int:
    """A seat number 0 .. seats-1, else a one-line CardsimError."""
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or not 0 <= value < seats:
        allowed = ", ".join(str(s) for s in range(seats))
        raise CardsimError(f"{name} must be one of {allowed}, got {value!r}")
    return int(value)


def check_trials(trials: Any) -> int:
    if not isinstance(trials, (int, np.integer)) or isinstance(trials, bool) or not 1 <= trials <= MAX_TRIALS:
        raise CardsimError(f"trials must be an integer from 1 to {MAX_TRIALS:,}, got {trials!r}")
    return int(trials)


def check_precision(precision: Any) -> float:
    if isinstance(precision, (bool, np.bool_)) or not isinstance(precision, (int, float, np.integer, np.floating)) \
            or not 0 < precision <= 0.1:
        raise CardsimError(f"precision must be a number above 0 and at most 0.1, got {precision!r}")
    return float(precision)


def odds_policies(game: str, policy: str | Sequence[str], seats: int,
                  conditioned: bool = False) -> tuple[list[str], list[tuple[Any, ...]] | None]:
    """The players of bid odds: one policy for every seat or one per seat, checked; with any
    solver player (pimc, oracle: euchre and spades) also each seat's spec for the core
    (cardsim.solver.players.check_batch_policies).  Conditioned odds take them too: the kept deals
    come from the core's conditioned dealer, the play from cardsim.solver._pimc; the auction is
    checked against the seats' bidding policy (a solver player bids as the heuristic)."""
    from .players import POLICIES
    policies = [policy] * seats if isinstance(policy, str) else list(policy)
    if len(policies) == seats and all(isinstance(p, str) and p in POLICIES for p in policies):
        return policies, None   # core policies only (what check_batch_policies says): the solver stays unloaded
    from .solver.players import check_batch_policies
    names, solver = check_batch_policies(game, policy, seats)
    return names, solver


#: trials per call into the core when PIMC or oracle seats play (a live progress bar)
SOLVER_STEP = 50


def sample_trials(run: Callable[[int, int], np.ndarray], widest: Callable[[np.ndarray], float], *,
                  trials: Any, precision: Any, progress: Callable[[int, int], None] | None,
                  step: int | None = None) -> np.ndarray:
    """Trials 0..n-1 from ``run(start, n)``: ``trials`` of them in one call (in chunks of 50,000 with a
    ``progress`` bar to move), or with
    ``precision`` batches of 10,000 until ``widest(results)`` (the largest 95% half-width of
    a reported probability) is at most ``precision`` (at most PRECISION_CAP trials).
    ``step`` (PIMC, oracle): calls of at most that many trials, for the progress bar; the
    trials are the same (trial i depends only on (seed, i)).  On a Dask cluster (:func:`using`)
    each task is ``step`` trials then (BATCH_TRIALS otherwise), so that the workers share them."""
    cluster = active_runner()
    # accept= picks each batch's deals after the last one's: with --precision (a run that stops at a
    # batch it cannot know ahead) that stays on this machine, the same trials
    ahead = not (isinstance(run, ConditionedRun) and run.cond.accept is not None and precision is not None)
    if cluster is not None and cluster.client is not None and ahead:  # on a Dask cluster (--workers)
        return _sample_on(cluster, run, widest, trials=trials, precision=precision, progress=progress,
                          batch=BATCH_TRIALS if step is None else step)
    if step is not None:
        inner = run

        def run(start: int, n: int) -> np.ndarray:
            parts = []
            for k in range(start, start + n, step):
                parts.append(inner(k, min(step, start + n - k)))
                if progress:
                    progress(k + len(parts[-1]), total)
            return np.concatenate(parts)
        total = PRECISION_CAP if precision is not None else check_trials(trials)
        progress_outer = None
    else:
        progress_outer = progress
    return _sample(run, widest, trials=trials, precision=precision, progress=progress_outer)


def _sample(run: Callable[[int, int], np.ndarray], widest: Callable[[np.ndarray], float], *,
            trials: Any, precision: Any, progress: Callable[[int, int], None] | None) -> np.ndarray:
    chunks = []
    if precision is not None:
        precision = check_precision(precision)
        done = 0
        while done < PRECISION_CAP:
            chunks.append(run(done, BATCH_TRIALS))
            done += BATCH_TRIALS
            if progress:
                progress(done, PRECISION_CAP)
            if widest(np.concatenate(chunks)) <= precision:
                break
        return np.concatenate(chunks)
    trials = check_trials(trials)
    # chunks of 50,000 only for a progress bar: each chunk is a parallel region of its own and the
    # join a serial copy (about 7% of a two-thread euchre run at 240,000 trials)
    chunk = trials if progress is None else 5 * BATCH_TRIALS
    for start in range(0, trials, chunk):
        n = min(chunk, trials - start)
        chunks.append(run(start, n))
        if progress:
            progress(start + n, trials)
    return chunks[0] if len(chunks) == 1 else np.concatenate(chunks)  # one chunk: no serial copy


def conditions_line(conditions: dict[str, Any] | None) -> str:
    """A title's second line saying what the odds were conditioned on ('' when nothing)."""
    from .odds_conditions import conditions_text
    return "" if conditions is None else "\n" + conditions_text(conditions)


def _as_is(part: np.ndarray) -> np.ndarray:
    return part


def _sample_on(runner: Runner, run: Callable[[int, int], np.ndarray], widest: Callable[[np.ndarray], float], *,
               trials: Any, precision: Any, progress: Callable[[int, int], None] | None,
               batch: int = BATCH_TRIALS) -> np.ndarray:
    """:func:`sample_trials` with tasks of ``batch`` trials (a divisor of BATCH_TRIALS) spread
    over a cluster: trial ``i`` depends only on ``(seed, i)`` and the tasks are joined in order,
    so the result is the same trials; with ``precision`` it looks at every BATCH_TRIALS trials,
    so it stops where a local run does."""
    chunks: list[np.ndarray] = []
    assert BATCH_TRIALS % batch == 0
    fn: Callable[..., Any] = call_chunk
    kept: Callable[[Any], np.ndarray] = _as_is
    if isinstance(run, ConditionedRun):  # the trials there; their ids and the deals they tried here, in order
        conditioned = run
        fn, kept = call_trials, lambda part: conditioned.kept(*part)

        def task(start: int, count: int) -> tuple[Any, ...]:
            return conditioned.trials, conditioned.ids(start, count)
    else:
        def task(start: int, count: int) -> tuple[Any, ...]:
            return run, start, count

    if precision is not None:
        precision = check_precision(precision)
        tasks = (task(start, batch) for start in range(0, PRECISION_CAP, batch))
        for part in map(kept, runner.map(fn, tasks)):
            chunks.append(part)
            done = len(chunks) * batch
            if progress:
                progress(done, PRECISION_CAP)
            if done % BATCH_TRIALS == 0 and widest(np.concatenate(chunks)) <= precision:
                break
        return np.concatenate(chunks)
    trials = check_trials(trials)
    tasks = (task(start, min(batch, trials - start)) for start in range(0, trials, batch))
    done = 0
    for part in map(kept, runner.map(fn, tasks)):
        chunks.append(part)
        done += len(part)
        if progress:
            progress(done, trials)
    return np.concatenate(chunks)


def pinochle_bid_odds(game: Game, hand: CardSet, core_trials: Callable[..., None], *, seats: int, seat: int,
                      dealer: int | None, army: bool, reason_tail: str, trials: int | None,
                      precision: float | None, policy: str | Sequence[str], seed: int, threads: int | None,
                      progress: Callable[[int, int], None] | None, conditioning: dict[str, Any]) -> BidOdds:
    """Bid odds of a pinochle game whose core trials use the 13-column trump layout
    (_totals_by_choice); the dealer defaults to the seat on the player's right."""
    seat = check_seat("seat", seat, seats)
    dealer = check_seat("dealer", (seat + seats - 1) % seats if dealer is None else dealer, seats)
    policies, solver = odds_policies(game.name, policy, seats)
    seed, threads = check_seed(seed), check_threads(threads)
    min_bid = int(game.rules["min_bid"])
    from .solver.players import bidding_policies
    bidders = bidding_policies(policies)  # the auction's check: a solver player bids as the heuristic
    cond = build_conditions(game, hand, seat, dealer, bidders, **conditioning)
    if cond is not None and cond.first_bid is not None:
        min_bid = cond.first_bid  # after the auction so far, the lowest bid the player can make

    def plain(start: int, n: int) -> np.ndarray:
        out = np.zeros((n, 13), dtype=np.int16)
        if solver is not None:  # PIMC / oracle seats: the same deals (cardsim.solver._pimc)
            from .solver._pimc import pinochle_odds_pimc
            pinochle_odds_pimc(game.name, game.rules, hand.mask, seat, dealer, seed, start, out, solver, threads)
        else:
            core_trials(game.rules, hand.mask, seat, dealer, seed, start, out, policies, threads)
        return out

    run = trial_runner(cond, plain, game, hand.mask, seat, dealer, seed, bidders, threads, 13, solver=solver)
    results = sample_trials(run, lambda res: _widest_interval(res, min_bid), trials=trials, precision=precision,
                            progress=progress, step=None if solver is None else SOLVER_STEP)
    rows, trumps, recommendation = bid_summary(results, min_bid, int(game.rules["bid_increment"]), army,
                                               reason_tail)
    return BidOdds(game.name, str(hand), seat, dealer, len(results), seed, policies, rows, trumps, recommendation,
                   army, None if cond is None else finish(cond, len(results)))


def cutthroat_pinochle_odds(game: Game, cards: str | CardSet, *, trials: int | None = 20_000,
                            precision: float | None = None, policy: str | Sequence[str] = "heuristic",
                            seed: int = 0, threads: int | None = None, seat: int = 0, dealer: int | None = None,
                            progress: Callable[[int, int], None] | None = None, known: Any = None,
                            voids: Any = None, auction: Any = None, auction_slack: Any = None,
                            constraints: Any = None, accept: Callable[..., Any] | None = None,
                            min_acceptance: Any = None) -> BidOdds:
    hand = game.cards(cards)
    size = 15 if game.rules["widow"] else 16
    if len(hand) != size:
        raise CardsimError(f"a cutthroat-pinochle hand has {size} cards with widow={str(game.rules['widow']).lower()}, "
                           f"got {len(hand)}")
    if not game.rules["dealer_may_bid"] and dealer is not None and check_seat("dealer", dealer, 3) == \
            check_seat("seat", seat, 3):
        raise CardsimError(f"seat {seat} is the dealer, who may not bid (dealer_may_bid=false), so there are no "
                           "odds of bidding: choose another --dealer, or --set dealer_may_bid=true")
    return pinochle_bid_odds(game, hand, _core.cutthroat_pinochle_odds, seats=3, seat=seat, dealer=dealer,
                             army=bool(game.rules["army_scoring"]),
                             reason_tail="after seeing the widow the heuristic names {trump} most often",
                             trials=trials, precision=precision, policy=policy, seed=seed, threads=threads,
                             progress=progress, conditioning=dict(
                                 known=known, voids=voids, auction=auction, auction_slack=auction_slack,
                                 constraints=constraints, accept=accept, min_acceptance=min_acceptance))


def bid_summary(results: np.ndarray, min_bid: int, increment: int, army: bool,
                reason_tail: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any]]:
    """Rows, per-trump summaries and recommendation of pinochle odds trials (the layout of
    _totals_by_choice): for every choice, every bid from ``min_bid`` up to the first made
    less than MIN_REPORTED of the time.  ``reason_tail`` ends the recommendation's reason
    (``{trump}``: the suit the heuristic names most often)."""
    n = len(results)
    rows: list[dict[str, Any]] = []
    trumps: list[dict[str, Any]] = []
    named = np.bincount(results[:, 12], minlength=4)  # trials in which the heuristic names each suit
    for choice, (meld, trick_points, total) in _totals_by_choice(results).items():
        low_meld = int(meld.min())
        counts = np.bincount(meld.astype(np.int64) - low_meld)  # np.unique's counts, without the sort
        values = np.flatnonzero(counts)
        counts, values = counts[values], values + low_meld
        trumps.append({
            "trump": choice,
            "named_rate": round(float(named[SUITS.index(choice)] / n), 6) if choice != "best" else 1.0,
            "meld_mean": round(float(meld.mean()), 4),
            "meld_distribution": {int(v): round(float(c) / n, 6) for v, c in zip(values, counts)},
            "trick_points_mean": round(float(trick_points.mean()), 4),
            "total_mean": round(float(total.mean()), 4),
        })
        # every bid at once: how many trials reach each total (a count per value, summed from
        # the top) and the sum of those totals; the same figures as made = total >= bid per bid
        low_total = int(total.min())
        by_value = np.bincount(total.astype(np.int64) - low_total)
        reach = np.cumsum(by_value[::-1])[::-1]                      # trials with total >= low_total + v
        reach_sum = np.cumsum((by_value * np.arange(low_total, low_total + len(by_value)))[::-1])[::-1]
        top = low_total + len(by_value) - 1
        bids = np.arange(min_bid, max(min_bid, top + 1) + increment, increment)
        at = np.clip(bids - low_total, 0, len(by_value))
        made_n = np.where(at < len(by_value), reach[np.minimum(at, len(by_value) - 1)], 0)
        made_sum = np.where(at < len(by_value), reach_sum[np.minimum(at, len(by_value) - 1)], 0)
        ci_low, ci_high = wilson_interval(made_n, n)
        for k, bid in enumerate(bids.tolist()):
            made_k = int(made_n[k])
            p = made_k / n
            row = {"trump": choice, "bid": bid, "p_make": round(p, 6), "ci_low": round(float(ci_low[k]), 6),
                   "ci_high": round(float(ci_high[k]), 6),
                   "expected_score": round((int(made_sum[k]) - bid * (n - made_k)) / n, 4)}
            if army:  # set after playing pays 40 in all, a throw-in 20: the better of the two
                row["expected_army"] = round(max(-40 * (1 - p), -20.0), 4)
            rows.append(row)
            if p < MIN_REPORTED:
                break
    best = [r for r in rows if r["trump"] == "best"]
    chosen = SUITS[int(named.argmax())]
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
            + reason_tail.format(trump=chosen)
        )
    else:
        recommendation["reason"] = f"pass: even {min_bid} has a negative expected score"
    return rows, trumps, recommendation


def bid_odds(game: str | Game, cards: str | CardSet | None, *, trials: int | None = 20_000,
             precision: float | None = None, policy: str | Sequence[str] = "heuristic", seed: int = 0,
             threads: int | None = None, progress: Callable[[int, int], None] | None = None,
             rules: dict[str, Any] | None = None, scheduler: str | None = None, workers: int | None = None,
             **context: Any) -> BidOdds | EuchreOdds | TwoHandOdds | SpadesBidOdds:
    """Monte Carlo odds of each bid (or action) for ``cards``; ``context`` is game-specific:
    ``seat``, ``dealer`` (every game), ``upcard`` (two-hand-pinochle, cutthroat-euchre, euchre),
    ``scores``, ``blind`` (cutthroat-spades, spades: see cardsim.spades.bid_odds); conditioning
    (every game, cardsim.odds_conditions): ``known``, ``voids``, ``auction``, ``auction_slack``,
    ``constraints``, ``accept``, ``min_acceptance``.
    ``precision`` replaces ``trials``: sample until every reported probability has a 95%
    interval of at most +/- ``precision``.  ``policy``: one name for every seat or one per seat:
    heuristic, random, ``oracle`` and ``pimc(worlds=N,eval=solve|playout,seed=S)`` (card play by
    PIMC, everything else by the heuristic but spades' ``bids=pimc``; cardsim.solver._pimc).
    ``scheduler`` (``tcp://HOST:PORT``) or ``workers`` (a LocalCluster) spread the trials over a
    Dask cluster: the same odds (cardsim.runner)."""
    the_game = game if isinstance(game, Game) else Game(game, **(rules or {}))
    if the_game.name not in ODDS:
        _register_more()  # the other games' odds modules, imported only when one is asked for
    if the_game.name not in ODDS:
        raise RulesError(f"bid odds are not implemented for {the_game.name} yet; implemented: {', '.join(ODDS)}")
    odds = ODDS[the_game.name]
    context = {key: value for key, value in context.items() if value is not None}  # CLI options not given
    accepted = inspect.signature(odds).parameters
    for key in context:
        if key not in accepted or key in ("game", "cards"):
            known = [k for k, p in accepted.items() if p.kind is p.KEYWORD_ONLY and k not in _COMMON]
            raise CardsimError(f"{the_game.name} bid odds take no {key}; game options: {', '.join(known) or 'none'}")
    with using(scheduler, workers):
        result: BidOdds | EuchreOdds | TwoHandOdds | SpadesBidOdds = odds(the_game, cards, trials=trials, precision=precision, policy=policy, seed=seed,
                    threads=threads, progress=progress, **context)
    return result


_COMMON = ("trials", "precision", "policy", "seed", "threads", "progress") + CONDITION_KEYS

#: Bid odds per game: a function (game, cards, *, trials, precision, policy, seed, threads,
#: progress, **context) -> a result with .rows, .recommendation, .to_dict().  Each game's
#: odds live in their own module, which builds on the helpers above.
ODDS: dict[str, Callable[..., Any]] = {
    "cutthroat-pinochle": cutthroat_pinochle_odds,
}


def _register_more() -> None:
    # On first use, not at import: the game modules import this one, and may be imported first.
    if len(ODDS) > 1:
        return
    from .euchre.bid_odds import euchre_odds
    from .pinochle.bid_odds import partnership_pinochle_odds, two_hand_pinochle_odds
    from .spades.bid_odds import spades_odds
    ODDS.update({"cutthroat-euchre": euchre_odds, "euchre": euchre_odds,
                 "partnership-pinochle": partnership_pinochle_odds, "two-hand-pinochle": two_hand_pinochle_odds,
                 "cutthroat-spades": spades_odds, "spades": spades_odds})
