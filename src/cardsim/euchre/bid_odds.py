"""Monte Carlo action odds for euchre (``cutthroat-euchre`` and the partnership ``euchre``).

The player holds 5 cards and sees the upcard.  In each trial the 18 unseen cards are
dealt at random to the other seats, the dummy (cutthroat) and the kitty, and every
action open to the player is played out from that same deal in the core:

* round 1, when it is the player's turn (the seats before them passed): ``pass``
  (later seats, and the player from then on, act by the policy), ``order up``
  (the dealer: ``take up``) with the dummy / partner, or alone;
* round 2, when it is the player's turn (everybody passed round 1, the seats before
  them passed round 2): ``pass`` (not for a stuck dealer), ``name X`` for each other
  suit X, with the dummy / partner, or alone.

Per action: the chance that the player's side is euchred, scores 1 point, marches;
that another side makes trump (the player defends); that the hand is thrown in; the
expected points of the player (partnership: the team), of an opponent, and the
difference ("net").  The best action in each round is the one with the highest net.

>>> from cardsim import bid_odds
>>> odds = bid_odds("euchre", "JH JD AH KH QH", upcard="9H", trials=500, seed=1, threads=1)
>>> row = odds.row(1, "order up alone")
>>> row["p_march"], row["expected_points"]
(1.0, 4.0)
>>> odds.recommendation["round1"]
'order up alone'
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from .. import _core
from ..cards import SUITS, CardSet
from ..errors import CardsimError
from ..game import Game, check_seed, check_threads
from ..odds import OddsRows, SOLVER_STEP, check_seat, conditions_line, odds_policies, sample_trials, wilson_interval
from ..solver.players import bidding_policies
from ..odds_conditions import build_conditions, finish, trial_runner

#: outcome codes written by the core (euchre/odds.pxd), in order
OUTCOMES = ("euchre", "one", "march", "defend", "thrown_in")
NOT_OPEN = 5


@dataclass
class EuchreOdds(OddsRows):
    """The odds of every action open to a euchre player: one row per action, and the best."""

    game: str
    cards: str
    upcard: str
    seat: int
    dealer: int
    trials: int
    seed: int
    policy: list[str]
    rows: list[dict[str, Any]]
    recommendation: dict[str, Any]
    conditions: dict[str, Any] | None = None

    def row(self, round: int, action: str) -> dict[str, Any]:
        for r in self.rows:
            if r["round"] == round and r["action"] == action:
                return r
        raise KeyError((round, action))

    def tables(self, sure: float = 0.995) -> list[tuple[str, tuple[str, ...], list[tuple[Any, ...]]]]:
        """What ``cardsim bid`` prints: one row per action, P(euchre), P(1 point), P(march)
        with 95% intervals, and the expected points (``sure`` is unused: no bids to fold)."""
        def p(row: dict[str, Any], name: str) -> str:
            return f"{row[f'p_{name}']:.3f} ({row[f'p_{name}_low']:.3f}..{row[f'p_{name}_high']:.3f})"

        rows = [(r["round"], r["action"], p(r, "euchre"), p(r, "one"), p(r, "march"),
                 f"{r['p_defend']:.3f}", f"{r['p_thrown_in']:.3f}", f"{r['expected_points']:.3f}",
                 f"{r['expected_net']:+.3f}") for r in self.rows]
        title = (f"{self.game}: {self.cards}, upcard {self.upcard} (seat {self.seat}, dealer {self.dealer}, "
                 f"{self.trials:,} deals)" + conditions_line(self.conditions))
        columns = ("round", "action", "P(euchre)", "P(1 point)", "P(march)", "P(defend)", "P(thrown in)",
                   "points", "net")
        return [(title, columns, rows)]

    def advice(self) -> str:
        return f"recommendation: {self.recommendation['action']}; {self.recommendation['reason']}"

    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``cardsim bid --json`` prints."""
        return {
            "game": self.game, "cards": self.cards, "upcard": self.upcard, "seat": self.seat,
            "dealer": self.dealer, "trials": self.trials, "seed": self.seed, "policy": self.policy,
            "rows": self.rows, "recommendation": self.recommendation,
        } | ({"conditions": self.conditions} if self.conditions is not None else {})


def actions(game: Game, upcard_suit: int, seat: int, dealer: int) -> list[tuple[int, int, str, str | None, bool | None]]:
    """(core slot, round, label, trump, alone) of every action open to the player."""
    cutthroat = game.name == "cutthroat-euchre"
    company = " with the dummy" if cutthroat else ""
    order = "take up" if seat == dealer else "order up"
    up = SUITS[upcard_suit]
    out = [(0, 1, "pass", None, None), (1, 1, order + company, up, False), (2, 1, order + " alone", up, True)]
    if not (game.rules["stick_the_dealer"] and seat == dealer):
        out.append((3, 2, "pass", None, None))
    others = [t for t in range(4) if t != upcard_suit]
    for k, t in enumerate(others):
        out.append((4 + 2 * k, 2, f"name {SUITS[t]}{company}", SUITS[t], False))
        out.append((5 + 2 * k, 2, f"name {SUITS[t]} alone", SUITS[t], True))
    return out


def _parse(game: Game, cards: str | CardSet, upcard: str | None) -> tuple[CardSet, int]:
    hand = game.cards(cards)
    if len(hand) != 5:
        raise CardsimError(f"a {game.name} hand has 5 cards, got {len(hand)}")
    if upcard is None:
        raise CardsimError(f"{game.name} bid odds need the upcard: upcard=... (--upcard CARD)")
    up = game.cards(upcard)
    if len(up) != 1:
        raise CardsimError(f"the upcard is one card, got {len(up)}: {str(up)!r}")
    if up.mask & hand.mask:
        raise CardsimError(f"the upcard {up} is also in the hand")
    return hand, up.mask.bit_length() - 1


def _widest(results: np.ndarray, slots: list[int], opponents: int) -> float:
    """Largest 95% half-width over every reported probability."""
    counts = _core.euchre_odds_summary(results, opponents)[0][slots, :NOT_OPEN]
    low, high = wilson_interval(counts, len(results))
    return float(((high - low) / 2).max())


def euchre_odds(game: Game, cards: str | CardSet, *, upcard: str | None = None, trials: int | None = 20_000,
                precision: float | None = None, policy: str | Sequence[str] = "heuristic", seed: int = 0,
                threads: int | None = None, seat: int = 0, dealer: int | None = None,
                progress: Callable[[int, int], None] | None = None, known: Any = None, voids: Any = None,
                auction: Any = None, auction_slack: Any = None, constraints: Any = None,
                accept: Callable[..., Any] | None = None, min_acceptance: Any = None) -> EuchreOdds:
    hand, up = _parse(game, cards, upcard)
    seats = game.seats
    seat = check_seat("seat", seat, seats)
    dealer = check_seat("dealer", (seat + seats - 1) % seats if dealer is None else dealer, seats)
    conditioned = any(x is not None for x in (known, voids, auction, auction_slack, constraints, accept))
    policies, solver = odds_policies(game.name, policy, seats, conditioned)
    seed, threads = check_seed(seed), check_threads(threads)
    open_actions = actions(game, up >> 4, seat, dealer)
    bidders = bidding_policies(policies)  # the auction's check: a solver player bids as the heuristic
    cond = build_conditions(game, hand, seat, dealer, bidders, known=known, voids=voids, auction=auction,
                            auction_slack=auction_slack, constraints=constraints, accept=accept,
                            min_acceptance=min_acceptance, upcard_bit=up)
    if cond is not None and cond.round2_only:  # everybody passed round 1: only round 2 is open
        open_actions = [a for a in open_actions if a[1] == 2]
    slots = [a[0] for a in open_actions]

    def plain(start: int, n: int) -> np.ndarray:
        out = np.zeros((n, _core.EUCHRE_ODDS_COLUMNS), dtype=np.int16)
        if solver is not None:  # PIMC / oracle seats: the same deals (cardsim.solver._pimc)
            from ..solver._pimc import euchre_odds_pimc
            euchre_odds_pimc(game.rules, seats, hand.mask, up, seat, dealer, seed, start, out, solver, threads)
        else:
            _core.euchre_odds(game.rules, seats, hand.mask, up, seat, dealer, seed, start, out, policies, threads)
        return out

    run = trial_runner(cond, plain, game, hand.mask, seat, dealer, seed, bidders, threads, _core.EUCHRE_ODDS_COLUMNS,
                 upcard=up, solver=solver)

    opponents = 2 if game.name == "cutthroat-euchre" else 1  # the core gives the opponents' total
    results = sample_trials(run, lambda res: _widest(res, slots, opponents), trials=trials, precision=precision,
                            progress=progress, step=None if solver is None else SOLVER_STEP)
    n = len(results)
    # The summary runs on one thread after the trials, so it is read in the core in one pass as
    # integer sums (numpy's transposed copy and float columns took about a tenth of a two-thread
    # run at 240,000 trials): each mean is then an exact quotient, the spread an exact variance.
    outcome_counts, sums = _core.euchre_odds_summary(results, opponents)
    rows = []
    for slot, rnd, label, trump, alone in open_actions:
        counts = outcome_counts[slot, :NOT_OPEN]
        own, opp, net_squares = (int(x) for x in sums[slot])
        low, high = wilson_interval(counts, n)
        row: dict[str, Any] = {"round": rnd, "action": label, "trump": trump, "alone": alone}
        for k, name in enumerate(OUTCOMES):
            row[f"p_{name}"] = round(float(counts[k]) / n, 6)
            row[f"p_{name}_low"] = round(float(low[k]), 6)
            row[f"p_{name}_high"] = round(float(high[k]), 6)
        net = opponents * own - opp  # the net points' sum, times opponents
        row["expected_points"] = round(own / n, 4)
        row["expected_opponent_points"] = round(opp / n / opponents, 4)
        row["expected_net"] = round(net / (opponents * n), 4)
        variance = (n * net_squares - net * net) / (opponents * n) ** 2  # exact up to the one division
        row["net_se"] = round(math.sqrt(variance / n), 4)
        rows.append(row)
    return EuchreOdds(game.name, str(hand), game.deck.code(up), seat, dealer, n, seed, policies, rows,
                      _recommend(rows), None if cond is None else finish(cond, n))


def _recommend(rows: list[dict[str, Any]]) -> dict[str, Any]:
    best = {rnd: max((r for r in rows if r["round"] == rnd), key=lambda r: r["expected_net"])
            for rnd in (1, 2) if any(r["round"] == rnd for r in rows)}
    if 1 not in best:  # the auction reached round 2
        two = best[2]
        return {"action": two["action"], "round1": None, "round2": two["action"],
                "reason": f"round 2: {two['action']} has the highest expected net points ({two['expected_net']:+.3f}"
                          + (f"; P(euchre) {two['p_euchre']:.1%}, P(march) {two['p_march']:.1%}" if two["trump"]
                             else "") + ")"}
    one, two = best[1], best[2]
    reason = (f"round 1: {one['action']} has the highest expected net points ({one['expected_net']:+.3f}"
              + (f"; P(euchre) {one['p_euchre']:.1%}, P(march) {one['p_march']:.1%}" if one["trump"] else "")
              + f"); if everybody passes round 1: {two['action']} ({two['expected_net']:+.3f})")
    return {"action": one["action"], "round1": one["action"], "round2": two["action"], "reason": reason}
