"""Monte Carlo bid odds for cutthroat-spades (any player count and jokers) and spades.

The cards the player cannot see are dealt at random many times; in each trial
every bid open to the player is tried on the same deal: the player's bid is
forced when its turn comes, the other seats bid and everyone plays with the
chosen players, and the player's score for the hand is read (its team's, in
partnership spades: the contract of both partners).  A last candidate, "policy",
lets the chosen player bid for the player too: what the heuristic itself would do.

``blind=True`` asks the question before the player has seen its cards: its hand
is dealt at random too, and blind nil and blind 6 (those the rules and
``scores`` allow) are compared with looking at the cards and bidding as the
policy would.  CARDS must then be left out.

>>> from cardsim import bid_odds
>>> odds = bid_odds("cutthroat-spades", "AS KS QS 5S 2S AH KH 7H 3H AD 8D 4D 9C 6C 5C 4C 3C",
...                 trials=2000, seed=1, threads=1)
>>> odds.row("nil")["p_make"]          # the AS always takes a trick
0.0
>>> best = odds.recommendation["bid"]; best.isdigit() and 4 <= int(best) <= 10
True
>>> round(sum(t["p_exactly"] for t in odds.tricks), 4), odds.tricks[0]["p_at_least"]
(1.0, 1.0)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from .. import _core
from ..cards import CardSet
from ..errors import CardsimError
from ..game import Game, check_seed, check_threads
from .hand import KIND_NAMES
from ..odds import OddsRows, SOLVER_STEP, odds_policies, check_seat, conditions_line, sample_trials, wilson_interval
from ..solver.players import bidding_policies
from ..odds_conditions import build_conditions, finish, trial_runner

NIL, BLIND_NIL, BLIND6, ONE_FOR_50, TWO_FOR_40, MOON = 1, 2, 3, 4, 5, 6
POLICY_CODE = -1  # the policy bids for the player
MAX_SCORE = 100_000


def code_name(code: int) -> str:
    if code == POLICY_CODE:
        return "policy"
    kind, tricks = code >> 5, code & 31
    return str(tricks) if kind == 0 else KIND_NAMES[kind]


@dataclass
class SpadesBidOdds(OddsRows):
    """The odds for one spades hand: one row per bid open to the player, the trick
    distribution, and a recommendation.  ``to_dict()`` is what ``cardsim bid --json`` prints."""

    game: str
    cards: str | None
    seat: int
    dealer: int
    scores: list[int]
    blind: bool
    trials: int
    seed: int
    policy: list[str]
    rows: list[dict[str, Any]]
    tricks: list[dict[str, Any]]
    tricks_basis: str
    p_nil: float | None
    recommendation: dict[str, Any]
    conditions: dict[str, Any] | None = None

    def row(self, bid: str | int) -> dict[str, Any]:
        for r in self.rows:
            if r["bid"] == str(bid):
                return r
        raise KeyError(bid)

    def to_dict(self) -> dict[str, Any]:
        """Exactly what ``cardsim bid --json`` prints."""
        return {
            "game": self.game, "cards": self.cards, "seat": self.seat, "dealer": self.dealer,
            "scores": self.scores, "blind": self.blind, "trials": self.trials, "seed": self.seed,
            "policy": self.policy, "rows": self.rows, "tricks": self.tricks, "tricks_basis": self.tricks_basis,
            "p_nil": self.p_nil, "recommendation": self.recommendation,
        } | ({"conditions": self.conditions} if self.conditions is not None else {})

    # -- the command line's tables (cli_bid prints whatever a result's tables() gives) --
    def tables(self, sure: float = 0.995) -> list[tuple[str, Sequence[str], list[list[Any]]]]:
        where = (f"seat {self.seat}, dealer {self.dealer}, scores {','.join(map(str, self.scores))}, "
                 f"{self.trials:,} deals")
        title = (f"{self.game}: {'blind (cards not seen)' if self.blind else self.cards} ({where})"
                 + conditions_line(self.conditions))
        basis = ("tricks taken playing for every trick" if self.tricks_basis == "all"
                 else "tricks taken bidding as the policy would after looking")
        trick_rows = [[t["tricks"], f"{t['p_exactly']:.3f}", f"{t['p_at_least']:.3f}",
                       f"{t['ci_low']:.3f} .. {t['ci_high']:.3f}"] for t in self.tricks]
        bid_rows = [[r["bid"], f"{r['p_make']:.3f}", f"{r['ci_low']:.3f} .. {r['ci_high']:.3f}",
                     f"{r['expected_score']:+.1f}", f"{r['expected_tricks']:.2f}"] for r in self.rows]
        return [
            (f"{title}\n{basis}", ("k", "P(exactly k)", "P(at least k)", "95% interval (at least)"), trick_rows),
            ("bids (policy: what the chosen player bids itself)",
             ("bid", "P(make)", "95% interval", "expected score", "expected tricks"), bid_rows),
        ]

    def advice(self) -> str:
        return f"recommendation: {self.recommendation['bid']}; {self.recommendation['reason']}"


def _candidate_codes(game: Game, held: int, scores: list[int], seat: int, blind: bool, blind6_used: int = 0) -> list[int]:
    """Every bid open to the player (blind: the blind bids; blind 6 once the seat has bid it
    ``blind6_used`` times no more than ``blind6_limit`` allows), regular bids increasing, then the policy."""
    r = game.rules
    if blind:
        codes = []
        if r["allow_blind_nil"]:
            codes.append(BLIND_NIL << 5)
        behind = max(scores) - scores[seat]
        limit = r["blind6_limit"]
        if limit != 0 and (limit < 0 or blind6_used < limit) and held >= 6 and behind >= r["blind6_behind"]:
            codes.append(BLIND6 << 5 | 6)
        if not codes:
            raise CardsimError(
                f"no blind bid is open to seat {seat}: blind nil is "
                f"{'on' if r['allow_blind_nil'] else 'off'}, blind 6 needs blind6_limit > 0 and "
                f"{r['blind6_behind']} points behind the leader (seat {seat} is {behind} behind)")
        return codes + [POLICY_CODE]
    # the core's order: regular bids increasing, moon right after the top one, then the
    # specials read off regular plays (one-for-50, two-for-40), the policy last (spades/odds.pyx)
    codes = list(range(1, held + 1))
    if r["allow_moon"] and r["moon_tricks"] <= held:
        codes.append(MOON << 5 | int(r["moon_tricks"]))
    if r["allow_nil"]:
        codes.append(NIL << 5)
    if r["allow_one_for_50"]:
        codes.append(ONE_FOR_50 << 5 | 1)
    if r["allow_two_for_40"] and held >= 2:
        codes.append(TWO_FOR_40 << 5 | 2)
    return codes + [POLICY_CODE]


def _shown_order(code: int) -> tuple[int, int]:
    """Rows are listed nil, one-for-50, two-for-40, the regular bids, moon, the policy's bid."""
    kind = code >> 5
    if code == POLICY_CODE:
        return (3, 0)
    if kind == MOON:
        return (2, 0)
    if kind == 0:
        return (1, code)
    return (0, kind)


def _check_scores(scores: Any, seats: int, partnership: bool, name: str = "scores") -> list[int]:
    """Per-seat game scores (or ``name``: bags, blind 6 bids used) for the core (team figures on
    both partners)."""
    want = 2 if partnership else seats
    if scores is None:
        return [0] * seats
    if isinstance(scores, str):
        try:
            scores = [int(x) for x in scores.split(",")]
        except ValueError:
            raise CardsimError(f"{name} must be {want} comma-separated integers, got {scores!r}") from None
    try:
        values = list(scores)
    except TypeError:
        raise CardsimError(f"{name} must be {want} integers, got {scores!r}") from None
    what = "one per team (seats 0+2, seats 1+3)" if partnership else "one per seat"
    if len(values) != want:
        raise CardsimError(f"{name} needs {want} values, {what}, got {len(values)}")
    for v in values:
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or not -MAX_SCORE < v < MAX_SCORE:
            raise CardsimError(f"{name} must be integers between -{MAX_SCORE:,} and {MAX_SCORE:,}, got {v!r}")
    values = [int(v) for v in values]
    return [values[s % 2] for s in range(4)] if partnership else values


def player_setup(game: Game, seat: int, dealer: int | None, scores: Any) -> tuple[int, int, int, int, list[int]]:
    """(seats, the player's seat, the dealer, the cards the player holds, per-seat game scores),
    checked: ``dealer`` defaults to the seat on the player's right (the player bids first),
    ``scores`` to a new game (one per seat, one per team in partnership)."""
    seats, hand_size, _deck, sits_out, _ = _core.spades_table(game.rules)
    seat = check_seat("seat", seat, seats)
    dealer = (seat - 1) % seats if dealer is None else check_seat("dealer", dealer, seats)
    held = hand_size - 1 if sits_out and seat == dealer else hand_size
    return seats, seat, dealer, held, _check_scores(scores, seats, game.name == "spades")


def player_cards(game: Game, cards: Any, seat: int, held: int) -> CardSet:
    """The player's cards, checked: ``held`` of them (player_setup's count: one fewer for a
    dealer who sits out trick 1), else a one-line CardsimError naming the count the game wants."""
    hand = game.cards(cards)
    if len(hand) != held:
        seats = _core.spades_table(game.rules)[0]
        variant = (f"{seats} players" if game.name != "spades" else "partnership") + (
            f", {game.rules['jokers']} jokers" if game.rules.get("jokers") else "")
        who = "the dealer (who sits out trick 1)" if held != _core.spades_table(game.rules)[1] else f"seat {seat}"
        raise CardsimError(f"a {game.name} hand of {who} has {held} cards ({variant}), got {len(hand)}")
    return hand


def spades_odds(game: Game, cards: Any, *, trials: int | None = 20_000, precision: float | None = None,
                policy: str | Sequence[str] = "heuristic", seed: int = 0, threads: int | None = None, seat: int = 0,
                dealer: int | None = None, scores: Any = None, blind: bool = False,
                progress: Callable[[int, int], None] | None = None, known: Any = None, voids: Any = None,
                auction: Any = None, auction_slack: Any = None, constraints: Any = None,
                accept: Callable[..., Any] | None = None, min_acceptance: Any = None) -> SpadesBidOdds:
    """Bid odds of ``cards`` at ``seat`` (see the module docstring); ``dealer`` defaults to the
    seat on the player's right (the player bids first), ``scores`` to a new game."""
    seats, seat, dealer, held, per_seat = player_setup(game, seat, dealer, scores)
    partnership = game.name == "spades"
    if blind:
        if cards not in (None, ""):
            raise CardsimError("blind bids are made before seeing the cards: leave CARDS out with --blind")
        hand_mask, hand_text = 0, None
    else:
        if cards in (None, ""):
            raise CardsimError("CARDS is required (or --blind, to bid before seeing them)")
        hand = player_cards(game, cards, seat, held)
        hand_mask, hand_text = hand.mask, str(hand)
    codes = _candidate_codes(game, held, per_seat, seat, bool(blind))
    conditioned = any(x is not None for x in (known, voids, auction, auction_slack, constraints, accept))
    policies, solver = odds_policies(game.name, policy, seats, conditioned)
    seed, threads = check_seed(seed), check_threads(threads)
    width = 3 * len(codes) + 1
    bidders = bidding_policies(policies)  # the auction's check: a solver player bids as the heuristic
    cond = build_conditions(game, None if blind else hand, seat, dealer, bidders, known=known, voids=voids,
                            auction=auction, auction_slack=auction_slack, constraints=constraints, accept=accept,
                            min_acceptance=min_acceptance, scores=per_seat, blind=bool(blind))

    def plain(start: int, n: int) -> np.ndarray:
        out = np.zeros((n, width), dtype=np.int16)
        if solver is not None:  # PIMC / oracle seats: the same deals (cardsim.solver._pimc)
            from ..solver._pimc import spades_odds_pimc
            spades_odds_pimc(game.rules, hand_mask, seat, dealer, per_seat, bool(blind), codes, seed, start, out,
                             solver, threads)
        else:
            _core.spades_odds(game.rules, hand_mask, seat, dealer, per_seat, bool(blind), codes, seed, start, out,
                              policies, threads)
        return out

    run = trial_runner(cond, plain, game, hand_mask, seat, dealer, seed, bidders, threads, width, scores=per_seat,
                 blind=bool(blind), codes=codes, solver=solver)

    results = sample_trials(run, lambda res: _widest_interval(res, codes, held, bool(blind)), trials=trials,
                            precision=precision, progress=progress, step=None if solver is None else SOLVER_STEP)
    shown_scores = per_seat[:2] if partnership else per_seat
    odds = _summarise(game, hand_text, seat, dealer, shown_scores, bool(blind), seed, policies, codes, held, results)
    if cond is not None:
        odds.conditions = finish(cond, len(results))
    return odds


def _basis_column(codes: list[int], held: int, blind: bool) -> tuple[int, str]:
    """The candidate whose tricks make the trick distribution: the highest regular bid, or the policy."""
    if blind:
        return codes.index(POLICY_CODE), "policy"
    return codes.index(held), "all"


def _widest_interval(results: np.ndarray, codes: list[int], held: int, blind: bool) -> float:
    n = len(results)
    made = results[:, 2:3 * len(codes):3].sum(axis=0)
    basis, _ = _basis_column(codes, held, blind)
    tricks = results[:, 3 * basis]
    at_least = np.array([(tricks >= k).sum() for k in range(held + 1)])
    low, high = wilson_interval(np.concatenate([made, at_least]), n)
    return float(((high - low) / 2).max())


def _summarise(game: Game, cards: str | None, seat: int, dealer: int, scores: list[int], blind: bool, seed: int,
               policies: list[str], codes: list[int], held: int, results: np.ndarray) -> SpadesBidOdds:
    n = len(results)
    rows = []
    for c, code in enumerate(codes):
        tricks, score, made = (results[:, 3 * c + k] for k in range(3))
        hits = int(made.sum())
        low, high = wilson_interval(np.array([hits]), n)
        sd = float(score.std(ddof=1)) if n > 1 else 0.0
        rows.append({
            "bid": code_name(code), "p_make": round(hits / n, 6), "ci_low": round(float(low[0]), 6),
            "ci_high": round(float(high[0]), 6), "expected_score": round(float(score.mean()), 4),
            "score_se": round(sd / np.sqrt(n), 4), "expected_tricks": round(float(tricks.mean()), 4),
        })
    rows = [rows[i] for i in sorted(range(len(codes)), key=lambda i: _shown_order(codes[i]))]
    basis, basis_name = _basis_column(codes, held, blind)
    taken = results[:, 3 * basis]
    counts = np.bincount(taken, minlength=held + 1)[:held + 1]
    at_least = np.cumsum(counts[::-1])[::-1]
    low, high = wilson_interval(at_least, n)
    trick_rows = [{"tricks": k, "p_exactly": round(float(counts[k]) / n, 6), "p_at_least": round(float(at_least[k]) / n, 6),
               "ci_low": round(float(low[k]), 6), "ci_high": round(float(high[k]), 6)} for k in range(held + 1)]
    nil_name = "blind_nil" if blind else "nil"
    p_nil = next((r["p_make"] for r in rows if r["bid"] == nil_name), None)
    chosen = results[:, -1]
    values, freq = np.unique(chosen, return_counts=True)
    policy_bid = code_name(int(values[freq.argmax()]))
    policy_share = float(freq.max()) / n
    bids = [r for r in rows if r["bid"] != "policy"] if not blind else rows
    best = max(bids, key=lambda r: r["expected_score"])
    likely = [int(r["bid"]) for r in rows if r["bid"].isdigit() and r["p_make"] >= 0.5]
    recommendation: dict[str, Any] = {
        "bid": "look" if best["bid"] == "policy" else best["bid"],
        "expected_score": best["expected_score"],
        "p_make": best["p_make"],
        "highest_likely_bid": max(likely) if likely else None,
        "policy_bid": policy_bid,
    }
    if blind:
        look = next(r for r in rows if r["bid"] == "policy")
        if best["bid"] == "policy":
            recommendation["reason"] = (f"no blind bid: looking at the cards and bidding as {policies[0]} averages "
                                        f"{look['expected_score']:+.1f}, better than every blind bid")
        else:
            recommendation["reason"] = (f"{best['bid']} averages {best['expected_score']:+.1f} "
                                        f"(P(make) {best['p_make']:.1%}) against {look['expected_score']:+.1f} "
                                        f"for looking and bidding as {policies[0]}")
    else:
        recommendation["reason"] = (
            f"{best['bid']} has the highest expected score ({best['expected_score']:+.1f}, "
            f"P(make) {best['p_make']:.1%})"
            + (f"; {max(likely)} is the highest bid made at least half the time" if likely else "")
            + f"; {policies[0]} would bid {policy_bid} ({policy_share:.0%} of deals)")
    return SpadesBidOdds(game.name, cards, seat, dealer, scores, blind, n, seed, policies, rows, trick_rows, basis_name,
                         p_nil, recommendation)
