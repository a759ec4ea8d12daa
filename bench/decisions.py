"""Decision quality of the heuristic players against the simulator's own bid odds (issue 11).

    python bench/decisions.py [--hands 200] [--trials 3000] [--seed 11] [--games g1,g2] [--threads T] [--json FILE]
                              [--hand-seeds A-B] [--spades-kinds bid,blind] [--game-trials N] [--blind-cards unseen|dealt]
                              [--rates N]   # euchre games: score outcomes by seat from N heuristic hands
                              [--euchre-kinds bids,alone,defend] [--euchre-yardstick plain|conditioned|both]
                              [--pinochle-kinds ceiling,partner,throw-in]

For each game and decision kind, a fixed, seeded set of hands (``Game(g).deal(seed)`` for
seeds ``seed*100000 + i``, one seat's cards): the heuristic's choice with those cards,
against the recommendation of ``cardsim.bid_odds`` for the same cards with the same
(heuristic) players.  Printed per kind: the agreement rate and the expected points lost
per hand by the heuristic's choice (the recommendation's expected score less the heuristic
choice's, both from the same Monte Carlo table; a hand where they agree loses 0).

Decision kinds:

* ``spades``, ``cutthroat-spades`` — **bid**: the heuristic's bid (``policy_bid``: its bid in
  most deals of the odds) against the bid of the best expected score; seat 0, new game.
  **nil**: the same hands, nil or not: the heuristic bids nil against nil's expected score
  beating the best other bid's; points lost: the difference of the two where they disagree.
  Where the heuristic disagrees with the first run of the odds, the odds are run again on
  fresh seeds, ``REPLICATES`` runs of ``--trials`` deals in all; the recommendation is then
  the best mean over the runs, the points lost the mean difference, and the hand agrees when
  that difference is within the 95% t interval of its paired standard error (the runs play
  every bid on the same deals, so the spread of the run-by-run differences measures the
  noise of the difference itself): a recommendation that the trials cannot tell from the
  heuristic's choice is not counted against it.  ``exact`` (printed beside) counts only the
  same bid.  The points lost are not zeroed on such ties.
  **blind**: seat 0 bidding first, behind the other seats (team) by 0, 25, 50, 75, 100,
  150, 200, 300, 400 in turn (scores where no blind bid is open are skipped): the
  heuristic's blind nil, blind 6 or looking, against ``bid_odds(blind=True, scores=...)``
  with the same players (their looking row with the blind bids turned off for it, sp_game_bid's
  score rules too).  Where one of those rules holds (far behind, the leader near the target)
  the heuristic's bid is learned by games won, which a hand's points do not measure (a blind
  nil there gives up ~180 points of a hand for a chance at the game), so those entries are
  judged by games won: **blind (games won)**: for each choice open (blind nil, blind 6 where
  legal, looking: the heuristic's bid with the blind bids closed for that one bid) the chance
  that seat 0's side wins the game from that score (``cardsim.spades.game_odds``:
  ``--game-trials`` paired whole games a choice, every later hand heuristic, played in the
  core; seat 0's first hand unseen, dealt at random as the blind odds deal it: the bid is made
  before looking, so a hand-by-hand best with the cards known would charge the heuristic for
  information it cannot have; ``--blind-cards dealt`` plays the entry's own cards instead).
  The recommendation is the choice of the most games won; the heuristic agrees when its choice
  is within the paired 95% interval of it (a tie, as for the bid kind), and "lost" is the win
  probability its choice gives up a hand (the hand's points beside, in the notes).  **blind**
  is then the entries where no game rule holds, by a hand's points as before (its notes give
  all the entries by a hand's points too).  Cost: about 1.5 CPU seconds an entry at 100,000
  games a choice (a game from such a score lasts one to a few hands).  ``--spades-kinds blind
  --hand-seeds 11-50`` runs the kind alone on the hands of seeds 11..50 (the stop-37 check).
  **blind (real games)** (``--spades-kinds blind-real``, issue 11's benchmark for the kind):
  ``--blind-states`` (200) hand starts of seeded heuristic self-play games (``--seed``) where a
  seat is 50 or more behind a leader within 300 of the target, with their scores, bags, blind 6
  use, dealer and bidding order; the heuristic's recorded choice judged by games won from there
  (blind_states, spades_blind_states).  About 2.5 CPU seconds a state at 100,000 games a choice.
* ``euchre``, ``cutthroat-euchre`` — **round 1** (order up / take up or pass, alone or not) at
  seat ``i % seats``, and **round 2** (name a suit or pass, alone or not) with everybody
  having passed round 1; the heuristic's action is read by stepping it in a hand with those
  cards (its choice depends only on its cards, the upcard and the seats), the
  recommendation is the action of the highest expected net points.  ``--euchre-yardstick
  conditioned`` (or ``both``) adds **round 1 cond**: the same round-1 hands and heuristic
  choices, judged against bid odds conditioned on the passes the seat saw before its turn
  (``bid_odds(auction=["pass"] * k)``, k seats before it: only deals in which the heuristic
  players there pass), the odds the shipped round-1 table was fitted to; plain odds deal
  the other seats hands they would have ordered up with.  **alone (all)** reports
  the hands of that set where either the heuristic or the recommendation goes alone (round 1
  and 2; few: about 35 of 200).  **alone**: its own seeded set of ``--hands`` strong trump
  holdings, where going alone is a real question (``euchre_alone``: a bower, two trumps or
  more, at most one card neither trump nor an off ace, in the maker's five cards after the
  pickup; seeds ``seed*100000 + 60000 + j``): the seat makes that trump, and the heuristic's
  alone or not against the better of the odds' two rows for it (with the partner / dummy,
  alone); points lost: the difference of the two rows where they disagree.
* ``cutthroat-pinochle``, ``partnership-pinochle`` — **bid ceiling**: the most the heuristic
  bids with those cards (opponents raising by the minimum each turn, the partner passing)
  against the odds' "bid up to" (the highest bid of positive expected score; none: pass).
  Agreement: within 2 points (the issue's target: 60% of hands).  Points lost: what the
  ceiling costs when the auction reaches the higher of the two bids, where one of them
  bids and the other passes (0 points): a ceiling above the bid-up-to loses the (negative)
  expected score of bidding it, one below loses the (positive) expected score of the
  bid-up-to; the expected scores are the odds' as bidder, with the player's trump after
  the widow.  An upper figure: auctions stop earlier.  It has a floor: the seat stops up to
  ``seats - 2`` below its ceiling here (partnership's opener calls every third bid), so even a
  ceiling equal to "bid up to" loses the score of "bid up to" where it stops short (partnership,
  3,000 seeded opener hands: 1.24 points a hand).  Partnership: the opener's ceiling
  knowing nothing of its partner (the read of a partner's pass unloaded: this auction's partner
  passes at once, artificially).
  **bid ceiling (threshold)**: the same hands, odds and judgement (agreement within 2, the same
  points lost), the ceiling read as the decision itself rather than as the auction's last bid:
  the highest bid v the heuristic makes when it faces v - 1 (``threshold_ceiling``: after the
  seat's first call, a clone in which the next seat, an opponent, jumps to v - 1 and the others,
  the partner too, pass; v climbs until the seat passes; a first call of pass: none).  The
  heuristic's ceiling is a threshold fixed for the auction (``pp_heuristic_bid`` /
  ``cp_bid_ceiling``), so this measure is free of the stepping floor above: a ceiling exactly at
  "bid up to" agrees and loses 0.  It equals "bid ceiling" where the threshold falls on one of
  the seat's steps, and is at most ``seats - 2`` above it.  Partnership: with the read of a
  partner's pass unloaded, as above.
* ``partnership-pinochle`` — **trump**: the same hands; the heuristic's trump (named before the
  passing, from its 12 cards) against the suit of the highest expected score at the heuristic's
  own bid in the bid-ceiling auction (the odds play every suit from the same deals); points
  lost: the difference of the two suits' expected scores.
* ``partnership-pinochle`` — **after partner's pass**: the first seat to call after its partner
  passed (dealer ``i % 4``, the heuristic auction up to that call), its ceiling from there
  (the read of the partner's pass applied; opponents raising by the minimum) against the "bid
  up to" of the odds conditioned on that auction (``bid_odds(auction=...)``); agreement and
  points lost as for the bid ceiling (a pass counted as the bid below the lowest open one).  It
  carries the stepping floor of "bid ceiling": the partner out, the seat calls every third bid
  against two opponents still raising (every second against one), so even a ceiling equal to the
  conditioned "bid up to" loses where it stops short: 0.82, 0.91 and 0.96 points a hand on seeds
  11, 12 and 13 (``--hands 200 --trials 3000``).
  **after partner's pass (threshold)**: the same hands, odds and judgement, the ceiling read as a
  threshold from that call (``threshold_ceiling``: after the seat's first call an opponent jumps to
  v - 1 and the other passes; v climbs until the seat passes).  Once its partner passed the seat's
  ceiling is fixed (its count after the pass, ``pp_after_pass_ceiling``), so a
  ceiling at "bid up to" agrees and loses nothing, except where "bid up to" is one above the seat's
  first call, a bid no auction lets it make (the opener's threshold reads alike; here 0.07-0.18
  points a hand on seeds 11-13): the faithful measure of the read.
* ``cutthroat-pinochle`` with ``army_scoring`` on — **throw-in**: the hand's heuristic auction
  (all three seats), then the bidder's throw-in or play, against the bid odds with the widow
  known: throwing in pays 20 to the army ledger, playing 40 x P(set) at the winning bid, so the
  recommendation throws in when P(make) < 1/2; points lost are army points.  Printed too: how
  often either throws in.

The figures are Monte Carlo (``--trials`` deals per hand; the recommendation is the table's
best, so near-ties are counted by their sampled values).  How much that adds was measured for
cutthroat's bid ceiling (stop 30: the 200 hands of seeds 11, 12 and 13, 36,000 trials a hand,
the first 3,000 the bench's own; judges of disjoint trials): a player that knows each hand's
"bid up to" from the other 33,000 trials loses 0.042, 0.030 and 0.045 points a hand against a
3,000-trial judge (0.013-0.020 against 12,000), the judge's own noise charged to a perfect
player; the heuristic's threshold ceiling, judged on 12 such judges, spreads by 0.04-0.05 points
a hand, and its mean is within 0.05 of its figure at 36,000 (paired over the hands: +0.036 +-
0.041, -0.045 +- 0.051, +0.036 +- 0.046).  The hands are the larger error: a seed's 200 hands
give its mean a standard error of 0.12-0.15 points (the ``+-`` printed beside the ceiling kinds),
which is why seeds 11-13 differ by 0.1.  So the 3,000-trial figure stands as the measure: its
judge's bias is under a twentieth of a point, a third of the hands' standard error.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections import Counter
from typing import Any, Iterator

import numpy as np

from cardsim import Game, bid_odds
from cardsim.errors import CardsimError
from cardsim.spades.spades import SPADES_GAME_NEVER

GAMES = ("spades", "cutthroat-spades", "euchre", "cutthroat-euchre", "cutthroat-pinochle", "partnership-pinochle")
PASS, MIN_BID = 24, 31      # pinochle contract actions: pass, the first bid action


# -- spades -------------------------------------------------------------------------------

REPLICATES = 9          # runs of the odds (each --trials deals, its own seed) where the heuristic disagrees
T_CRIT = 2.306          # two-sided 95% Student t, REPLICATES - 1 degrees of freedom


def _replicated(game: Game, cards: str, s: int, trials: int, threads: int,
                first: dict[str, float]) -> list[dict[str, float]]:
    """REPLICATES runs of the bid odds of ``cards`` ({bid: expected score} each): ``first`` and
    REPLICATES - 1 more on seeds of their own (s x 16 + k: no other hand's)."""
    runs = [first]
    for k in range(1, REPLICATES):
        odds = bid_odds(game, cards, trials=trials, seed=s * 16 + k, threads=threads, seat=0)
        runs.append({r["bid"]: r["expected_score"] for r in odds.rows})
    return runs


def _judge(runs: list[dict[str, float]], mine: str, candidates: list[str]) -> tuple[str, float, float]:
    """(the best of ``candidates`` by the runs' mean, the mean of best - mine, its paired
    standard error over the runs: every run plays every bid on the same deals)."""
    mean = {b: float(np.mean([r[b] for r in runs])) for b in candidates}
    best = max(candidates, key=lambda b: mean[b])
    diff = np.array([r[best] - r[mine] for r in runs])
    return best, float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(len(runs))) if len(runs) > 1 else 0.0


def spades_bids(game: Game, seeds: list[int], trials: int, threads: int) -> dict[str, list[dict[str, Any]]]:
    """Bid and nil of seat 0 bidding first (see the module docstring).  Where the heuristic's bid
    is not the first run's best, the odds are run REPLICATES times in all; the recommendation
    is the best mean, the points lost are the mean difference, and the hand counts as agreeing
    when that difference is within the t interval of its paired standard error (``tie``: the
    recommendation is not clear); ``exact`` counts only the same bid."""
    out, nil = [], []
    for s in seeds:
        first = game.deal(seed=s)
        cards = str(game.deal(seed=s, dealer=len(first.hands) - 1).hands[0])
        odds = bid_odds(game, cards, trials=trials, seed=s, threads=threads, seat=0)
        rows = {r["bid"]: r for r in odds.rows}
        scores = {b: r["expected_score"] for b, r in rows.items()}
        rec, mine = odds.recommendation["bid"], odds.recommendation["policy_bid"]
        trick_bids = [b for b in rows if b not in ("nil", "policy")]
        runs = [scores]
        if mine != rec and mine in rows:
            runs = _replicated(game, cards, s, trials, threads, scores)
            rec, lost, se = _judge(runs, mine, [b for b in rows if b != "policy"])
        else:
            lost, se = 0.0, 0.0
        tie = mine != rec and lost <= T_CRIT * se
        out.append({"seed": s, "cards": cards, "heuristic": mine, "recommended": rec, "exact": mine == rec,
                    "agree": mine == rec or tie, "tie": tie, "lost": lost if mine != rec else 0.0, "lost_se": se,
                    "runs": len(runs)})
        if "nil" in rows:     # nil or not: nil's expected score against the best trick bid's
            mine_nil = mine == "nil"
            if len(runs) == 1 and (rows["nil"]["expected_score"] > max(scores[b] for b in trick_bids)) != mine_nil:
                runs = _replicated(game, cards, s, trials, threads, scores)
            mean = {b: float(np.mean([r[b] for r in runs])) for b in rows}
            best = max(trick_bids, key=lambda b: mean[b])
            rec_nil = mean["nil"] > mean[best]
            diff = np.array([r["nil"] - r[best] for r in runs]) * (1 if rec_nil else -1)
            nse = float(diff.std(ddof=1) / np.sqrt(len(runs))) if len(runs) > 1 else 0.0
            ntie = mine_nil != rec_nil and float(diff.mean()) <= T_CRIT * nse
            nil.append({"seed": s, "cards": cards, "heuristic": mine_nil, "recommended": rec_nil,
                        "exact": mine_nil == rec_nil, "agree": mine_nil == rec_nil or ntie, "tie": ntie,
                        "p_nil": rows["nil"]["p_make"], "lost": float(diff.mean()) if mine_nil != rec_nil else 0.0,
                        "lost_se": nse})
    return {"bid": out, "nil": nil}


BLIND_GAPS = (0, 25, 50, 75, 100, 150, 200, 300, 400)


def _looking_tables(game: Game) -> tuple[int, dict[str, Any] | None]:
    """The game's bid-table shape and its loaded tables; loads them again with the blind bids
    off (the same players, looking), for the blind odds' "look" row."""
    from cardsim import _core
    shape = 0 if game.name == "spades" else 1
    if not hasattr(_core, "spades_bid_params"):   # an older core: the players as they are
        return shape, None
    params = _core.spades_bid_params()[shape]
    if params is not None:   # every loaded part by name, as spades_bid_params names them, but the blind bids
        _core.set_spades_bid_table(shape, _core.spades_bid_tables()[shape], _core.spades_nil_limits()[shape],
                                   **{**params, "blind_nil": None, "blind6": None})
    return shape, params


GAME_BLIND_RULES = ("blind_nil", "blind6")     # sp_game_bid's blind rules (spades_game_rule's kinds)


def _game_blind_rules(shape: int, rules: dict[str, tuple[int, ...]] | None = None) -> dict[str, tuple[int, ...]]:
    """sp_game_bid's blind rules of ``shape`` (kind: (gap, reach, bar)) as they were, setting them
    to ``rules`` when given: the blind odds' "look" row turns them off, so that the row is the seat
    looking (with them on, a seat far behind near the end bids blind nil there too)."""
    from cardsim.spades.spades import spades_game_rule
    return {k: spades_game_rule(shape, k, None if rules is None else rules[k]) for k in GAME_BLIND_RULES}


def _game_rule_holds(rules: dict[str, tuple[int, ...]], scores: list[int], target: int) -> bool:
    """Whether one of sp_game_bid's blind rules holds for seat 0 at ``scores``: the seat at least
    gap behind the leader and the leader within reach of ``target``.  There the heuristic's blind
    bid is learned by games won (scripts/spades_blind_game.py), which a hand's expected points do
    not measure: the bench reports those scores apart."""
    top = max(scores)
    return any(gap < SPADES_GAME_NEVER and top - scores[0] >= gap and target - top <= reach
               for gap, reach, _bar in rules.values())


Z_CRIT = 1.96          # two-sided 95% normal: a games-won difference inside it is a tie
GAME_TRIALS = 100_000  # paired games a game-rule entry plays per choice (--game-trials)


def games_won_entry(game: Game, scores: list[int], seed: int, mine: str, trials: int, threads: int,
                    cards: str | None = None, **context: Any) -> dict[str, Any]:
    """The blind choices at ``scores`` judged by games won (cardsim.spades.game_odds: ``trials``
    paired whole games from that score, seat 0's cards unseen unless ``cards``; ``context``: the
    rest of blind_game_odds' game so far, seat, dealer, bags, blind6_used): each choice's P(win),
    the best, the win probability the heuristic's choice ``mine`` loses against it and the paired
    standard error of that difference; a difference within Z_CRIT of it is a tie."""
    from cardsim.spades.game_odds import blind_game_odds
    odds = blind_game_odds(game, scores, cards=cards, trials=trials, seed=seed, threads=threads, **context)
    best = odds.best()
    lost, se = odds.gain(best, mine) if mine in odds.choices else (float("nan"), 0.0)
    tie = best != mine and lost <= Z_CRIT * se
    return {"p_win": {c: odds.p_win(c) for c in odds.choices}, "recommended": best, "agree": best == mine or tie,
            "tie": tie, "lost": lost, "lost_se": se, "trials": trials}


def spades_blind(game: Game, seeds: list[int], trials: int, threads: int, game_trials: int = GAME_TRIALS,
                 dealt_cards: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Blind bids, before looking: seat 0 bidding first, behind the others by a margin from
    BLIND_GAPS in turn; the heuristic's bid (blind nil, blind 6 or looking) against the blind
    bid odds at that score (``bid_odds(blind=True, scores=...)``, the "policy" row: looking,
    with the same players' blind bids, the table's and sp_game_bid's, turned off for it).  Each
    entry says whether a game rule decides at its scores (``game_rule``); such an entry is also
    judged by games won (``games``: games_won_entry, ``game_trials`` paired games per choice;
    seat 0's cards unseen as in the blind odds, or with ``dealt_cards`` the entry's own), the
    yardstick its rule was learned by: a hand's expected points do not judge it (a far-behind
    blind nil loses ~180 points by them: stop 37's note)."""
    from cardsim import _core
    out: list[dict[str, Any]] = []
    partnership = game.name == "spades"
    seats = len(game.deal(seed=seeds[0]).hands)
    for i, s in enumerate(seeds):
        gap = BLIND_GAPS[i % len(BLIND_GAPS)]
        scores = [0, gap] if partnership else [0] + [gap] * (seats - 1)
        per_seat = [scores[k % 2] for k in range(4)] if partnership else scores
        hand = game.deal(seed=s, dealer=seats - 1, scores=per_seat)
        n = len(hand.history)
        hand.step("heuristic")
        name = hand.action_to_string(hand.history[n])
        mine = name if name in ("blind_nil", "blind6") else "look"
        shape, params = _looking_tables(game)
        game_shape = 0 if partnership else 1 if seats == 3 else 2     # sp_game_bid's shapes
        game_rules = _game_blind_rules(game_shape, {k: (SPADES_GAME_NEVER, 0, 0) for k in GAME_BLIND_RULES})
        try:
            odds = bid_odds(game, None, blind=True, scores=scores, trials=trials, seed=s, threads=threads, seat=0)
        except CardsimError:       # no blind bid open at this score
            continue
        finally:
            _core._load_spades_bid_tables()
            _game_blind_rules(game_shape, game_rules)
        by_game = _game_rule_holds(game_rules, scores, int(game.rules["target_score"]))
        rows = {("look" if r["bid"] == "policy" else r["bid"]): r["expected_score"] for r in odds.rows}
        rec = max(rows, key=lambda b: rows[b])
        entry = {"seed": s, "gap": gap, "heuristic": mine, "recommended": rec, "agree": mine == rec,
                 "lost": rows[rec] - rows[mine], "scores": {b: round(v, 2) for b, v in rows.items()},
                 "look_exact": params is not None, "game_rule": by_game}
        if by_game and game_trials > 0:
            entry["games"] = games_won_entry(game, scores, s, mine, game_trials, threads,
                                             str(hand.hands[0]) if dealt_cards else None)
        out.append(entry)
    return {"blind": out}


# The blind kind on states of real games (issue 11, stop 39): the fixed scores above (both
# opponents tied, no bags, the player bidding first) are not where games are when a blind bid
# matters.  These entries are hand starts of seeded heuristic self-play games (whole games in the
# core, ``Game.simulate(unit="game", histories=True)``: each hand's scores, bags and blind 6 bids
# used, its dealer and its bids) at which a seat is at least BLIND_STATE_BEHIND behind the leader
# (blind 6's own bar, ``blind6_behind``) while the leader is within BLIND_STATE_REACH of the target
# (wider than every shipped sp_game_bid blind rule's reach, so the sample holds both sides of
# their edges); --blind-states of them drawn at random (seeded) from all such (hand, seat) pairs
# of BLIND_STATE_GAMES games.  The heuristic's choice is its own bid in that game (blind nil,
# blind 6 or looking: sp_game_bid decides before looking, so the bid the game recorded is the
# choice at that state); every entry is judged by games won from there (games_won_entry: the
# seat's cards and the hands of the seats before it unseen, dealt at random; the same dealer,
# bags and blind 6 use).

BLIND_STATE_BEHIND = 50
BLIND_STATE_REACH = 300
BLIND_STATE_GAMES = 4000
BLIND_CHOICES = {"blind_nil": "blind_nil", "blind6": "blind6"}   # a bid's name -> its blind choice (else looking)


def blind_states(game: Game, seed: int, count: int, games: int = BLIND_STATE_GAMES) -> list[dict[str, Any]]:
    """``count`` hand-start states of ``games`` seeded heuristic games (see above), in game order:
    each the per-side scores, bags and blind 6 use (as blind_game_odds takes them), the seat, the
    dealer and the heuristic's choice there (``heuristic``)."""
    played = game.simulate(games, unit="game", histories=True, seed=seed, threads=1).histories
    rows = played.rows
    seats = rows["scores"].shape[1]
    sides = 2 if game.name == "spades" else seats
    target = int(game.rules["target_score"])
    top = rows["scores"].max(axis=1)
    found = [(i, s) for s in range(seats)
             for i in np.flatnonzero((top - rows["scores"][:, s] >= BLIND_STATE_BEHIND)
                                     & (top >= target - BLIND_STATE_REACH))]
    if len(found) < count:
        raise CardsimError(f"{games} games hold {len(found)} such states, fewer than {count}")
    picked = sorted(found[k] for k in np.random.default_rng(seed).choice(len(found), count, replace=False))
    out = []
    for i, s in picked:
        row = rows[i]
        dealer = int(row["dealer"])
        turn = (s - dealer - 1) % seats          # the seat's bid: the auction's turn-th action
        history = played.history(int(i))
        hand = game.replay(played.deal(int(i)), history[:turn])
        bid = hand.action_to_string(history[turn])
        out.append({"game": int(row["game"]), "hand": int(row["hand"]), "seat": s, "dealer": dealer,
                    "scores": row["scores"][:sides].astype(int).tolist(), "bags": row["bags"][:sides].astype(int).tolist(),
                    "blind6_used": row["blind6_used"][:sides].astype(int).tolist(),
                    "heuristic": BLIND_CHOICES.get(bid, "look"), "bid": bid})
    return out


def spades_blind_states(game: Game, seed: int, count: int, trials: int, threads: int) -> dict[str, list[dict[str, Any]]]:
    """**blind (real games)**: blind_states' entries judged by games won (games_won_entry,
    ``trials`` paired games a choice, trial seeds of the entry's own: seed x 10000 + its index)."""
    out = []
    for k, state in enumerate(blind_states(game, seed, count)):
        judged = games_won_entry(game, state["scores"], seed * 10_000 + k, state["heuristic"], trials, threads,
                                 seat=state["seat"], dealer=state["dealer"], bags=state["bags"],
                                 blind6_used=state["blind6_used"])
        out.append({**state, **judged})
    return {"blind (real games)": out}


def split_blind(entries: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The blind kind's two report lines: **blind**, the entries where no game rule holds, judged
    by a hand's points; **blind (games won)**, those where one holds and was judged by games won
    (``games``), their agreement and loss (win probability) by games, a hand's points kept beside
    (``points_agree``, ``points_lost``)."""
    won = []
    for e in entries:
        if "games" in e:
            g = e["games"]
            won.append({**e, "points_agree": e["agree"], "points_lost": e["lost"], "points_recommended": e["recommended"],
                        "recommended": g["recommended"], "agree": g["agree"], "tie": g["tie"], "lost": g["lost"],
                        "lost_se": g["lost_se"]})
    return {"blind": [e for e in entries if "games" not in e], "blind (games won)": won}


# -- euchre -------------------------------------------------------------------------------

def euchre_choice(game: Game, seed: int, seat: int, dealer: int, rnd: int) -> tuple[str | None, bool | None]:
    """The heuristic's (trump, alone) at ``seat`` in round ``rnd``, the seats before it passing
    (round 2: everybody passed round 1); (None, None) for a pass."""
    hand = game.deal(seed=seed, dealer=dealer)
    while True:
        if hand.phase == "bid1" and (rnd == 2 or hand.to_act != seat):
            hand.apply(hand.string_to_action("pass"))
            continue
        if hand.phase == "bid2" and hand.to_act != seat:
            hand.apply(hand.string_to_action("pass"))
            continue
        break
    assert hand.to_act == seat and hand.phase == ("bid1" if rnd == 1 else "bid2"), (hand.phase, hand.to_act)
    n = len(hand.history)
    hand.step("heuristic")
    name = hand.action_to_string(hand.history[n])
    if name == "pass":
        return None, None
    trump = str(hand.upcard)[-1] if rnd == 1 else name[-1]
    while hand.to_act is not None and hand.phase not in ("alone",):
        if hand.phase == "play":
            return trump, False
        hand.step("heuristic")
    if hand.phase != "alone":
        return trump, False
    n = len(hand.history)
    hand.step("heuristic")
    return trump, hand.action_to_string(hand.history[n]) == "alone"


def _euchre_entry(rows: list[dict[str, Any]], trump: str | None, alone: bool | None,
                  **where: Any) -> dict[str, Any] | None:
    """The heuristic's (trump, alone) judged against the odds' ``rows`` of one round: the
    recommendation is the row of the highest expected net; None when the table has no row for
    the heuristic's action."""
    best = max(rows, key=lambda r: r["expected_net"])
    if trump is None:
        mine = next((r for r in rows if r["trump"] is None), None)
    else:
        mine = next((r for r in rows if r["trump"] == trump and bool(r["alone"]) == alone), None)
    if mine is None:
        return None
    return {**where, "heuristic": mine["action"], "recommended": best["action"], "agree": mine is best,
            "lost": best["expected_net"] - mine["expected_net"], "alone_involved": bool(mine["alone"]) or
            bool(best["alone"])}


def euchre_decisions(game: Game, seeds: list[int], trials: int, threads: int,
                     yardstick: str = "plain") -> dict[str, list[dict[str, Any]]]:
    """Round 1, round 2 and alone (all) (see the module docstring).  ``yardstick``: "plain" judges
    round 1 against odds that know nothing of the passes before the seat; "conditioned" against
    odds conditioned on them (``bid_odds(auction=["pass"] * pos)``, pos the seats before it from
    the dealer's left: the deals in which the heuristic players at those seats pass), kind
    "round 1 cond"; "both" reports both (the same hands and seeds: the heuristic's choice is
    the same, only the yardstick moves)."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    if yardstick in ("plain", "both"):
        kinds.update({"round 1": [], "round 2": [], "alone (all)": []})
    if yardstick in ("conditioned", "both"):
        kinds["round 1 cond"] = []
    for i, s in enumerate(seeds):
        deal = game.deal(seed=s)
        seats = len(deal.hands)
        seat, dealer = i % seats, (i // seats) % seats
        cards, upcard = str(game.deal(seed=s, dealer=dealer).hands[seat]), str(game.deal(seed=s, dealer=dealer).upcard)
        pos = (seat - dealer - 1) % seats
        where = {"seed": s, "cards": cards, "upcard": upcard, "seat": seat, "dealer": dealer}
        odds = None
        if "round 1" in kinds or pos == 0:
            odds = bid_odds(game, cards, upcard=upcard, seat=seat, dealer=dealer, trials=trials, seed=s,
                            threads=threads)
        if "round 1 cond" in kinds:
            trump, alone = euchre_choice(game, s, seat, dealer, 1)
            cond = odds if pos == 0 else bid_odds(game, cards, upcard=upcard, seat=seat, dealer=dealer,
                                                  trials=trials, seed=s, threads=threads, auction=["pass"] * pos)
            assert cond is not None
            entry = _euchre_entry([r for r in cond.rows if r["round"] == 1], trump, alone, **where, round=1,
                                  passes=pos)
            if entry is not None:
                kinds["round 1 cond"].append(entry)
        if "round 1" not in kinds:
            continue
        assert odds is not None
        for rnd in (1, 2):
            rows = [r for r in odds.rows if r["round"] == rnd]
            if not rows:
                continue
            trump, alone = euchre_choice(game, s, seat, dealer, rnd)
            entry = _euchre_entry(rows, trump, alone, **where, round=rnd)
            if entry is None:
                continue
            kinds[f"round {rnd}"].append(entry)
            if entry["alone_involved"]:
                kinds["alone (all)"].append(entry)
    return kinds


def _strong(cards: list[str], trump: str) -> bool:
    """A strong trump holding, where going alone is a question: a bower, two trumps or more, and at
    most one card that is neither a trump nor an off-suit ace (the maker's five cards, after the
    dealer's pickup)."""
    left = {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
    trumps = [c for c in cards if c[1] == trump or c == "J" + left]
    bowers = sum(c in ("J" + trump, "J" + left) for c in cards)
    aces = sum(c[0] == "A" and c[1] != trump for c in cards)
    return bowers > 0 and len(trumps) >= 2 and len(trumps) + aces >= 4


def euchre_alone(game: Game, seed: int, hands: int, trials: int, threads: int,
                 yardstick: str = "plain") -> dict[str, list[dict[str, Any]]]:
    """The going-alone question on strong holdings: seeded deals (seeds ``seed*100000 + 60000 + j``,
    seat ``j % seats``, dealer ``(j // seats) % seats``), and for each round and each trump the seat
    may make there (round 1 the upcard's suit, the seats before passing; round 2 each other suit,
    everybody having passed round 1), the seat makes it; where the maker's five cards are
    ``_strong`` (the dealer's after the heuristic's pickup and discard) the hand is in the set,
    until ``hands`` entries.  The heuristic's alone or not, stepped at the alone phase, against the
    bid odds' better of the two rows (make with the partner or dummy, make alone) for that trump.
    ``yardstick`` "conditioned" (or "both", kind "alone cond"): the odds conditioned on the passes
    the seat saw (round 1: the seats before it; round 2: all of round 1 and the seats before it;
    a hand whose passes the players almost never make is left out of that kind)."""
    out: list[dict[str, Any]] = []
    cond_out: list[dict[str, Any]] = []
    seats = len(game.deal(seed=seed).hands)
    j = taken = 0
    while taken < hands:
        s = seed * 100_000 + 60_000 + j
        seat, dealer = j % seats, (j // seats) % seats
        j += 1
        deal = game.deal(seed=s, dealer=dealer)
        up = str(deal.upcard)[-1]
        found = []
        for rnd, trump in [(1, up)] + [(2, t) for t in "SHDC" if t != up]:
            hand = deal.clone()
            while hand.to_act != seat or hand.phase != ("bid1" if rnd == 1 else "bid2"):
                hand.act("pass")
            hand.act("order" if rnd == 1 else trump)
            while hand.phase in ("pickup", "discard"):
                hand.step("heuristic")
            if hand.phase != "alone" or hand.to_act != seat or not _strong(str(hand.hands[seat]).split(), trump):
                continue
            n = len(hand.history)
            hand.step("heuristic")
            found.append((rnd, trump, hand.action_to_string(hand.history[n]) == "alone"))
        if not found:
            continue
        cards = str(deal.hands[seat])
        odds = bid_odds(game, cards, upcard=str(deal.upcard), seat=seat, dealer=dealer, trials=trials, seed=s,
                        threads=threads)
        pos = (seat - dealer - 1) % seats
        for rnd, trump, mine in found[:hands - taken]:
            judged = []
            if yardstick in ("plain", "both"):
                judged.append((out, odds))
            if yardstick in ("conditioned", "both"):
                passes = pos + (seats if rnd == 2 else 0)
                try:
                    judged.append((cond_out, odds if not passes else bid_odds(
                        game, cards, upcard=str(deal.upcard), seat=seat, dealer=dealer, trials=trials, seed=s,
                        threads=threads, auction=["pass"] * passes)))
                except CardsimError:     # the players almost never make these passes
                    pass
            for into, table in judged:
                net = {bool(r["alone"]): r["expected_net"] for r in table.rows if r["round"] == rnd and r["trump"] == trump}
                rec = net[True] > net[False]
                into.append({"seed": s, "cards": cards, "upcard": str(deal.upcard), "seat": seat, "dealer": dealer,
                             "round": rnd, "trump": trump, "heuristic": mine, "recommended": rec,
                             "agree": mine == rec, "lost": net[rec] - net[mine], "gain_alone": net[True] - net[False]})
            taken += 1
    kinds: dict[str, list[dict[str, Any]]] = {}
    if yardstick in ("plain", "both"):
        kinds["alone"] = out
    if yardstick in ("conditioned", "both"):
        kinds["alone cond"] = cond_out
    return kinds


def _net(st: Any, seat: int, partnership: bool) -> float:
    """The bid odds' net: the player's (team's) points less the mean opponent's."""
    if partnership:
        pts = st.team_points
        return float(pts[seat & 1] - pts[1 - (seat & 1)])
    pts = st.points
    return pts[seat] - (sum(pts) - pts[seat]) / (len(pts) - 1)


def defend_decisions(game: Game, seeds: list[int], trials: int) -> dict[str, list[dict[str, Any]]]:
    """The first defender's defend-alone decision (see the module docstring)."""
    if not game.rules["allow_lone_defender"]:
        game = Game(game.name, **{**game.rules, "allow_lone_defender": True})
    partnership = game.name == "euchre"
    worlds = max(trials // 4, 20)
    out = []
    for s in seeds:
        hand = game.deal(seed=s)
        while hand.phase not in ("defend", "play", "done"):
            hand.step("heuristic")
        if hand.phase != "defend" or hand.redeals:
            continue
        seat, st = hand.to_act, hand._state
        mine_st = st.clone()
        mine_st.policy_step("heuristic")
        mine = mine_st.lone_defender == seat
        total = {False: 0.0, True: 0.0}
        for w in range(worlds):
            world, _ = st.resample(seat, s * 1000 + w)
            for alone in (False, True):
                x = world.clone()
                x.defend(alone)
                while x.phase != "done":
                    x.policy_step("heuristic")
                total[alone] += _net(x, seat, partnership)
        value = {k: v / worlds for k, v in total.items()}
        rec = value[True] > value[False]
        out.append({"seed": s, "cards": str(hand.hands[seat]), "seat": seat, "trump": hand.trump,
                    "maker_alone": bool(hand.maker_alone), "heuristic": mine, "recommended": rec,
                    "agree": mine == rec, "lost": value[rec] - value[mine]})
    return {"defend alone": out}


# published simulations of human-like partnership play: share of hands by each side's score
HUMAN_LIKE = {"dealer's team": {1: 0.45, 2: 0.16, 4: 0.05}, "opponents": {1: 0.17, 2: 0.12, 4: 0.05}}


def euchre_rates(name: str, hands: int, seed: int, threads: int) -> None:
    """Print the score outcomes by side relative to the dealer (partnership euchre: the dealer's
    team and the opponents; cutthroat: the dealer, its left, its right), from a heuristic batch:
    each side's share of hands scoring 1, 2 (a march, or euchring the makers) and 4 (a lone
    march), its lone-march rate and the rate at which it is euchred as maker."""
    rec = Game(name).simulate(hands, seed=seed, threads=threads).array
    rec = rec[rec["maker"] >= 0]
    n = len(rec)
    seats = 4 if name == "euchre" else 3
    dealer, maker = rec["dealer"].astype(int), rec["maker"].astype(int)
    if name == "euchre":
        sides = {"dealer's team": 0, "opponents": 1}
        pts = {0: rec["team_points"][np.arange(n), dealer & 1], 1: rec["team_points"][np.arange(n), 1 - (dealer & 1)]}
        side_of_maker = (maker & 1) != (dealer & 1)
    else:
        sides = {"dealer": 0, "dealer's left": 1, "dealer's right": 2}
        pts = {k: rec["points"][np.arange(n), (dealer + k) % seats] for k in range(3)}
        side_of_maker = (maker - dealer) % seats
    print(f"{name}: {n} hands with a maker of {hands} (heuristic, seed {seed})")
    print(f"  {'side':16s} {'+1':>7s} {'+2':>7s} {'+4':>7s}  {'makes':>7s} {'alone':>7s} {'lone march':>10s} {'euchred':>8s}"
          "   human-like +1/+2/+4")
    for label, k in sides.items():
        p = pts[k]
        mine = side_of_maker == k
        made_tricks = np.zeros(n, dtype=int)
        for s in range(seats):
            on_side = (s & 1) == (maker & 1) if name == "euchre" else s == maker
            made_tricks += np.where(on_side, rec["tricks"][:, s], 0)
        lone_march = mine & rec["maker_alone"] & (made_tricks == 5)
        ref = HUMAN_LIKE.get(label)
        ref_text = "/".join(f"{ref[v]:.0%}" for v in (1, 2, 4)) if ref else ""
        print(f"  {label:16s} {np.mean(p == 1):7.1%} {np.mean(p == 2):7.1%} {np.mean(p == 4):7.1%}  "
              f"{np.mean(mine):7.1%} {np.mean(mine & rec['maker_alone']):7.1%} {np.mean(lone_march):10.2%} "
              f"{np.mean(mine & rec['euchred']):8.1%}   {ref_text}")


# -- pinochle -----------------------------------------------------------------------------

def pinochle_ceiling(game: Game, seed: int, seat: int, dealer: int) -> int | None:
    """The most the heuristic at ``seat`` bids (opponents raising by the minimum, the partner
    passing); None when it never bids."""
    hand = opening_deal(game, seed, dealer)
    partner = (seat + 2) % 4 if len(hand.hands) == 4 else -1
    return _ceiling_from(hand, seat, partner)


def opening_deal(game: Game, seed: int, dealer: int) -> Any:
    """The deal of ``seed`` with ``dealer``, its auction not begun: where the deal was thrown in
    and redealt (cutthroat's nines: about 3-5% of deals), the dealer has moved on, so the seat
    measured would no longer open the auction that its odds (``bid_odds(dealer=dealer)``, the
    cards it ends with) assume; those cards are dealt again with ``dealer``.  Until stop 30 the
    ceilings were read in the moved auction: on 6, 8 and 11 of cutthroat's 200 hands of seeds 11,
    12 and 13 the threshold read charged the heuristic a pass or a late call (0.068, 0.042 and
    0.008 points a hand).

    >>> game = Game("cutthroat-pinochle")
    >>> moved, kept = game.deal(seed=1_100_008, dealer=2), opening_deal(game, 1_100_008, 2)
    >>> moved.dealer, kept.dealer, str(moved.hands[0]) == str(kept.hands[0]), str(moved.widow) == str(kept.widow)
    (0, 2, True, True)
    """
    hand = game.deal(seed=seed, dealer=dealer)
    if hand.dealer == dealer:
        return hand
    places = {"hands": [str(h) for h in hand.hands]}
    if game.rules.get("widow"):
        places["widow"] = str(hand.widow)
    return game.deal(seed=seed, dealer=dealer, cards=places)


@contextlib.contextmanager
def partner_read_unloaded(game: Game) -> Iterator[None]:
    """Partnership: the opener's ceiling knowing nothing of its partner.  The measuring auctions'
    partner passes at once (an artificial pass, which the read of a partner's pass would take at
    its word), so the read is unloaded while they run; it is measured where it acts, "after
    partner's pass".  Other games: nothing to unload."""
    if game.name != "partnership-pinochle":
        yield
        return
    from cardsim.pinochle import common
    tables = common.pinochle_bid_tables()["partnership-pinochle"]
    common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, None, tables.get("trump"),
                                  tables.get("trees"))
    try:
        yield
    finally:
        common.set_pinochle_bid_table("partnership-pinochle", tables["ceiling"], None, tables.get("partner"),
                                      tables.get("trump"), partner_count=tables.get("partner_count"),
                                      partner_trees=tables.get("partner_trees"), trees=tables.get("trees"))


def pinochle_decisions(game: Game, seeds: list[int], trials: int, threads: int) -> dict[str, list[dict[str, Any]]]:
    with partner_read_unloaded(game):
        return _pinochle_decisions(game, seeds, trials, threads)


def _pinochle_decisions(game: Game, seeds: list[int], trials: int, threads: int) -> dict[str, list[dict[str, Any]]]:
    out: list[dict[str, Any]] = []
    thresholds: list[dict[str, Any]] = []
    trumps: list[dict[str, Any]] = []
    for i, s in enumerate(seeds):
        deal = game.deal(seed=s)
        seats = len(deal.hands)
        seat, dealer = 0, seats - 1      # the player opens the auction
        cards = str(opening_deal(game, s, dealer).hands[seat])
        odds = bid_odds(game, cards, seat=seat, dealer=dealer, trials=trials, seed=s, threads=threads)
        rec = odds.recommendation["highest_positive_bid"]
        mine = pinochle_ceiling(game, s, seat, dealer)
        score = {r["bid"]: r["expected_score"] for r in odds.rows if r["trump"] == "best"}
        floor = int(game.rules["min_bid"]) - 1
        entry = _ceiling_entry(score, floor, rec, mine, seed=s, cards=cards)
        out.append(entry)
        partner = (seat + 2) % 4 if seats == 4 else -1
        threshold = threshold_ceiling(opening_deal(game, s, dealer), seat, partner)
        thresholds.append(_ceiling_entry(score, floor, rec, threshold, seed=s, cards=cards))
        if game.name == "partnership-pinochle":
            trumps.append(trump_choice(odds, s, cards, max(floor if mine is None else mine, min(score))))
    kinds = {"bid ceiling": out, "bid ceiling (threshold)": thresholds}
    if trumps:
        kinds["trump"] = trumps
    return kinds


def _ceiling_entry(score: dict[int, float], floor: int, rec: int | None, mine: int | None,
                   **where: Any) -> dict[str, Any]:
    """A ceiling ``mine`` judged against the odds' "bid up to" ``rec`` (None: pass, counted as
    ``floor``, the bid below the minimum): agreement within 2 points; points lost where the auction
    reaches the higher of the two bids and one of them bids while the other passes (0 points):
    above "bid up to", the (negative) expected score of bidding ``mine``; below it, the
    (positive) expected score of ``rec``.  ``score``: the odds' expected score as bidder by bid
    (the "best" trump rows); a bid below the lowest row reads the lowest, one above the highest
    the worst."""
    low = min(score)

    def value(b: int) -> float:
        return score.get(max(b, low), min(score.values()))

    a, b = floor if rec is None else rec, floor if mine is None else mine
    lost = 0.0 if a == b else (-value(b) if b > a else value(a))
    return {**where, "heuristic": mine, "recommended": rec, "agree": abs(a - b) <= 2, "lost": lost, "gap": b - a}


def trump_choice(odds: Any, seed: int, cards: str, bid: int) -> dict[str, Any]:
    """Partnership: the heuristic's trump (the odds' "best" rows follow it) against the suit of the
    highest expected score at ``bid`` (the heuristic's own bid in the ceiling auction), every suit
    played from the same deals; points lost: the difference of the two suits' expected scores."""
    rows = {r["trump"]: r["expected_score"] for r in odds.rows if r["bid"] == bid and r["trump"] != "best"}
    if not rows:        # above every total seen: the top bid's rows
        top = max(r["bid"] for r in odds.rows)
        rows = {r["trump"]: r["expected_score"] for r in odds.rows if r["bid"] == top and r["trump"] != "best"}
    mine = odds.recommendation["trump"]
    rec = max(rows, key=lambda t: (rows[t], t == mine))
    return {"seed": seed, "cards": cards, "bid": bid, "heuristic": mine, "recommended": rec, "agree": rec == mine,
            "lost": rows[rec] - rows[mine]}


def partner_pass_decisions(game: Game, seeds: list[int], trials: int,
                           threads: int) -> dict[str, list[dict[str, Any]]]:
    """Partnership: the ceiling of the first seat to call after its partner passed (dealer
    ``i % 4``; the heuristic auction up to that call), against the odds' "bid up to"
    conditioned on that auction (``bid_odds(auction=...)``); measured both ways from there, as
    the opener's (``_ceiling_entry``, a pass counted as the bid below the lowest open one):
    stepped (``_ceiling_from``: opponents raising by the minimum) and as a threshold
    (``threshold_ceiling``: an opponent jumps to v - 1, the other passes)."""
    out, thresholds = [], []
    for i, s in enumerate(seeds):
        dealer = i % 4
        hand = game.deal(seed=s, dealer=dealer)
        calls: list[str] = []
        passed: set[int] = set()
        seat = None
        while hand.phase == "auction":
            if (hand.to_act + 2) % 4 in passed:
                seat = hand.to_act
                break
            who, n = hand.to_act, len(hand.history)
            hand.step("heuristic")
            if isinstance(hand.history[-1], dict):
                break
            calls.append(hand.action_to_string(hand.history[n]))
            if calls[-1] == "pass":
                passed.add(who)
        if seat is None:
            continue
        cards = str(hand.hands[seat])
        try:
            odds = bid_odds(game, cards, seat=seat, dealer=dealer, trials=trials, seed=s, threads=threads,
                            auction=calls)
        except CardsimError:       # too few deals agree with the auction
            continue
        rec = odds.recommendation["highest_positive_bid"]
        score = {r["bid"]: r["expected_score"] for r in odds.rows if r["trump"] == "best"}
        where = {"seed": s, "cards": cards, "seat": seat, "auction": " ".join(calls),
                 "acceptance": odds.conditions.get("acceptance")}
        partner = (seat + 2) % 4
        threshold = threshold_ceiling(hand.clone(), seat, partner)
        out.append(_ceiling_entry(score, min(score) - 1, rec, _ceiling_from(hand, seat, partner), **where))
        thresholds.append(_ceiling_entry(score, min(score) - 1, rec, threshold, **where))
    return {"after partner's pass": out, "after partner's pass (threshold)": thresholds}


def _ceiling_from(hand: Any, seat: int, partner: int) -> int | None:
    """The most the heuristic at ``seat`` bids from here (opponents raising by the minimum,
    the partner passing); None when it passes at once."""
    best = None
    while hand.phase == "auction":
        if hand.to_act == seat:
            n = len(hand.history)
            probe = hand.clone()
            probe.step("heuristic")
            action = probe.history[n]
            if action == PASS:
                return best
            best = int(hand.action_to_string(action))
            hand.apply(action)
        else:
            _other_call(hand, partner)
        if isinstance(hand.history[-1], dict):
            return best
    return best


def _other_call(hand: Any, partner: int) -> None:
    """The call of a seat other than the measured one: an opponent raises by the minimum, the
    partner passes."""
    legal = hand.legal_actions()
    if hand.to_act != partner and any(a >= MIN_BID for a in legal):
        hand.apply(min(a for a in legal if a >= MIN_BID))
    else:
        hand.apply(PASS)


def threshold_ceiling(hand: Any, seat: int, partner: int) -> int | None:
    """The heuristic's bid ceiling at ``seat`` as a threshold: the highest bid v it makes when it
    faces v - 1, free of the auction's stepping (``_ceiling_from`` reads the last bid it makes
    against minimum raises, which lands only on every ``seats - 1``-th value).  ``hand``: the
    auction before ``seat``'s first call (the seats before it, after a redeal, call as in
    ``_ceiling_from``: opponents raise by the minimum, the partner passes).  Probed from clones: after the seat's first
    call (a pass: None), the next seat jumps to v - 1, every other seat (the partner too) passes,
    and the seat bids v or not; v climbs from two above the first call until it does not (the
    heuristic's ceiling is fixed for the auction, so the first refusal is the last).  The first call
    is applied to a clone of the hand before it, so a partnership seat reads its partner's pass again
    at each probe: exact for a ceiling of the cards and the partner's level (the shipped ones), not for
    one that would read the auction at the read (the bid open now: stop 32's prototype).

    Where the threshold falls on a step of the minimum-raise auction, the two agree:

    >>> game = Game("cutthroat-pinochle")
    >>> hand = game.deal(seed=1_100_003, dealer=2)
    >>> threshold_ceiling(hand.clone(), 0, -1), _ceiling_from(hand.clone(), 0, -1)
    (24, 24)
    >>> hand = game.deal(seed=1_100_001, dealer=2)   # off a step: the auction asks it next at 36
    >>> threshold_ceiling(hand.clone(), 0, -1), _ceiling_from(hand.clone(), 0, -1)
    (35, 34)
    >>> game = Game("partnership-pinochle")
    >>> with partner_read_unloaded(game):
    ...     hand = game.deal(seed=1_100_010, dealer=3)   # 1_100_003: off a step since the opener trees
    ...     threshold_ceiling(hand.clone(), 0, 2), _ceiling_from(hand.clone(), 0, 2)
    (28, 28)
    """
    while hand.phase == "auction" and hand.to_act != seat:
        _other_call(hand, partner)
        if isinstance(hand.history[-1], dict):      # redealt
            return None
    if hand.phase != "auction":
        return None
    n = len(hand.history)
    probe = hand.clone()
    probe.step("heuristic")
    if probe.history[n] == PASS:
        return None
    opened = hand.clone()
    opened.apply(probe.history[n])
    best = int(hand.action_to_string(probe.history[n]))
    bids = {int(hand.action_to_string(a)): a for a in opened.legal_actions() if a >= MIN_BID}
    v = best + 2
    while v - 1 in bids and v in bids:
        trial = opened.clone()
        trial.apply(bids[v - 1])            # the next seat (an opponent) jumps to v - 1
        while trial.phase == "auction" and trial.to_act != seat:
            trial.apply(PASS)
        if trial.phase != "auction" or isinstance(trial.history[-1], dict):
            break
        k = len(trial.history)
        trial.step("heuristic")
        if trial.history[k] == PASS:
            break
        best, v = v, v + 1
    return best


def throw_in_decisions(game: Game, seeds: list[int], trials: int, threads: int) -> dict[str, list[dict[str, Any]]]:
    army = Game(game.name, army_scoring=True)
    out = []
    for s in seeds:
        hand = army.deal(seed=s)
        dealt = [str(h) for h in hand.hands]
        while hand.phase == "auction":
            hand.step("heuristic")
        if hand.phase != "declare" or hand.dealer != army.deal(seed=s).dealer:
            continue                 # no contest, or thrown in for nines and redealt
        bidder, bid, widow = hand.bidder, int(hand.bid_amount), str(hand.widow)
        probe = hand.clone()
        while probe.phase == "declare":
            probe.step("heuristic")
        mine = bool(probe.thrown_in)
        odds = bid_odds(army, dealt[bidder], seat=bidder, dealer=hand.dealer, trials=trials, seed=s,
                        threads=threads, known={"widow": widow})
        p = next((r["p_make"] for r in odds.rows if r["trump"] == "best" and r["bid"] == bid), 0.0)
        value = {False: -40 * (1 - p), True: -20.0}
        rec = value[True] > value[False]
        out.append({"seed": s, "cards": dealt[bidder], "widow": widow, "bid": bid, "p_make": p, "heuristic": mine,
                    "recommended": rec, "agree": mine == rec, "lost": value[rec] - value[mine]})
    return {"throw-in": out}


#: the yes-or-no decision kinds: how the summary line names the choice, and what the hands are
CHOICE_NOTES = {"nil": ("bids nil", "hands"), "blind": ("blind", "scores"),
                "blind (games won)": ("blind", "scores"), "blind (real games)": ("blind", "states"), "alone": ("alone", "strong holdings"),
                "alone cond": ("alone", "strong holdings"),
                "defend alone": ("defends alone", "hands"), "throw-in": ("throws in", "contracts (army points)")}


def positive_int(text: str) -> int:
    """argparse type: a count of one or more (a bad count is argparse's one-line error, status 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=positive_int, default=200)
    parser.add_argument("--trials", type=positive_int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--json", default=None, help="write every hand's figures to this file")
    parser.add_argument("--euchre-kinds", default="bids,alone,defend",
                        help="euchre games: which decision sets (bids: round 1, round 2 and alone (all))")
    parser.add_argument("--euchre-yardstick", choices=("plain", "conditioned", "both"), default="plain",
                        help="euchre games: judge round 1 and alone against odds that ignore the passes before "
                             "the seat (plain), odds conditioned on them (kinds 'round 1 cond', 'alone cond'), or both")
    parser.add_argument("--pinochle-kinds", default="ceiling,partner,throw-in",
                        help="pinochle games: which decision sets (ceiling: bid ceiling, bid ceiling (threshold) "
                             "and partnership's trump, from one odds run a hand; partner: after partner's pass; "
                             "throw-in: cutthroat's army throw-in)")
    parser.add_argument("--spades-kinds", default="bid,blind,blind-real",
                        help="spades games: which decision sets (bid: bid and nil; blind: the blind kind at fixed "
                             "scores; blind-real: the blind kind on states of real games, --blind-states of them)")
    parser.add_argument("--blind-states", type=positive_int, default=200,
                        help="spades blind kind on real games: how many states (seeded by --seed)")
    parser.add_argument("--hand-seeds", default=None, metavar="A-B",
                        help="the hands' seeds A..B themselves (instead of --seed x 100000 + i, --hands)")
    parser.add_argument("--game-trials", type=int, default=GAME_TRIALS,
                        help="spades blind kind: paired whole games per choice where a game rule holds (0: none)")
    parser.add_argument("--blind-cards", choices=("unseen", "dealt"), default="unseen",
                        help="spades blind kind, games won: seat 0's first hand dealt at random (unseen, as the blind "
                             "bid is made) or the entry's own cards")
    parser.add_argument("--rates", type=int, default=0, metavar="N",
                        help="euchre games: also print the score outcomes by seat from N heuristic hands")
    args = parser.parse_args()
    seeds = [args.seed * 100_000 + i for i in range(args.hands)]
    if args.hand_seeds:
        low, _, high = args.hand_seeds.partition("-")
        seeds = list(range(int(low), int(high or low) + 1))
    report: dict[str, Any] = {}
    print(f"{'game':22s} {'decision':23s} {'hands':>5s} {'agree':>7s} {'lost/hand':>9s}  notes")
    for name in args.games.split(","):
        game = Game(name)
        start = time.perf_counter()
        if "spades" in name:
            only = set(args.spades_kinds.split(","))
            kinds = spades_bids(game, seeds, args.trials, args.threads) if "bid" in only else {}
            if "blind" in only:
                kinds.update(split_blind(spades_blind(game, seeds, args.trials, args.threads, args.game_trials,
                                                      args.blind_cards == "dealt")["blind"]))
            if "blind-real" in only:
                kinds.update(spades_blind_states(game, args.seed, args.blind_states, args.game_trials or GAME_TRIALS,
                                                 args.threads))
        elif "euchre" in name:
            only = set(args.euchre_kinds.split(","))
            kinds = euchre_decisions(game, seeds, args.trials, args.threads, args.euchre_yardstick) \
                if "bids" in only else {}
            if "alone" in only:
                kinds.update(euchre_alone(game, args.seed, args.hands, args.trials, args.threads, args.euchre_yardstick))
            if "defend" in only:
                kinds.update(defend_decisions(game, seeds, args.trials))
            if args.rates:
                euchre_rates(name, args.rates, args.seed, args.threads)
        else:
            only = set(args.pinochle_kinds.split(","))
            kinds = pinochle_decisions(game, seeds, args.trials, args.threads) if "ceiling" in only else {}
            if name == "partnership-pinochle" and "partner" in only:
                kinds.update(partner_pass_decisions(game, seeds, args.trials, args.threads))
            if name == "cutthroat-pinochle" and "throw-in" in only:
                kinds.update(throw_in_decisions(game, seeds, args.trials, args.threads))
        for kind, entries in kinds.items():
            n = len(entries)
            agree = sum(e["agree"] for e in entries) / n if n else float("nan")
            lost = sum(e["lost"] for e in entries) / n if n else float("nan")
            note = ""
            if entries and "exact" in entries[0]:
                note = (f"exact {sum(e['exact'] for e in entries) / n:.1%}, {sum(e['tie'] for e in entries)} ties "
                        f"(within the noise: see spades_bids); ")
            ceilings = ("bid ceiling", "bid ceiling (threshold)", "after partner's pass", "after partner's pass (threshold)")
            if kind in ceilings and n > 1:
                note += f"+- {np.std([e['lost'] for e in entries], ddof=1) / np.sqrt(n):.3f} (the hands' standard error); "
            if kind == "bid" or kind in ceilings:
                over = sum(1 for e in entries if not e["agree"] and _above(e))
                note += f"heuristic above the recommendation on {over} of {n - sum(e['agree'] for e in entries)} disagreements"
            if kind in CHOICE_NOTES:
                verb, what = CHOICE_NOTES[kind]
                chose = (lambda v: v != "look") if kind.startswith("blind") else bool
                note += (f"heuristic {verb} on {sum(chose(e['heuristic']) for e in entries)}, the odds on "
                         f"{sum(chose(e['recommended']) for e in entries)} of {n} {what}")
            if kind == "blind":   # every entry by a hand's points (the judge of them all before games won)
                ruled = kinds.get("blind (games won)", [])
                every = [(e["agree"], e["lost"]) for e in entries] + [(e["points_agree"], e["points_lost"]) for e in ruled]
                note += (f"; no game rule at these scores (sp_game_bid); all {len(every)} by a hand's points: "
                         f"{np.mean([a for a, _ in every]) if every else 0.0:.1%} agree, "
                         f"{np.mean([x for _, x in every]) if every else 0.0:.3f} lost a hand")
            if kind.startswith("blind (") and entries:
                note += (f"; lost: win probability a hand (paired se {np.mean([e['lost_se'] for e in entries]):.5f}"
                         f" an entry), {sum(e['tie'] for e in entries)} ties")
                if "points_agree" in entries[0]:
                    note += (f"; by a hand's points there: {np.mean([e['points_agree'] for e in entries]):.1%} agree, "
                             f"{np.mean([e['points_lost'] for e in entries]):.3f} lost a hand")
                else:
                    pairs = Counter((e["heuristic"], e["recommended"]) for e in entries if not e["agree"])
                    note += "; disagreements (heuristic -> best): " + (
                        ", ".join(f"{a} -> {b} {c}" for (a, b), c in sorted(pairs.items())) or "none")
            print(f"{name:22s} {kind:23s} {n:5d} {agree:7.1%} {lost:9.5f}  {note}" if kind.startswith("blind (")
                  else f"{name:22s} {kind:23s} {n:5d} {agree:7.1%} {lost:9.3f}  {note}", flush=True)
            report[f"{name}/{kind}"] = {"hands": n, "agree": agree, "lost_per_hand": lost, "entries": entries}
        report[f"{name}/seconds"] = time.perf_counter() - start
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1, default=str)


def _above(e: dict[str, Any]) -> bool:
    if "gap" in e:
        return e["gap"] > 0
    def num(b: Any) -> float:
        text = str(b)
        return float(text) if text.isdigit() else {"nil": 0, "blind nil": 0}.get(text, float("nan"))
    try:
        return num(e["heuristic"]) > num(e["recommended"])
    except ValueError:
        return False


if __name__ == "__main__":
    main()
