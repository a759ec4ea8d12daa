"""The players (policies) the core offers, and what each one does.

Players run inside the compiled core, so a batch never calls back into Python.
Every game has the same two:

``random``
    A baseline.  Cutthroat Pinochle: in the auction it passes or bids the minimum,
    one half each (only the allowed one when a rule forbids the other); it names a
    trump uniformly at random, discards three cards uniformly at random, never
    throws in, and plays uniformly among the distinct legal cards.

``heuristic``
    A sensible player.  Cutthroat Pinochle:

    * **Bidding.** It bids the minimum while the minimum is within its ceiling, a
      learned estimate of the bid odds' "bid up to" for its cards (the highest bid whose
      expected score as bidder is positive, with these same players): over the four suits
      as trump, the largest linear count of the hand's meld, trumps, aces, tens with their
      ace, side suits of at most one card, what the widow may complete (four or three cards
      of the trump run, aces of three suits, the trump K-Q without the run, trumps beyond
      four), the trump's aces, tens, kings and queens and the side suits' cards (tens, queens
      and jacks, tens without their ace, the longest side suit), partnership's count with
      coefficients of its own, fitted by ``scripts/pinochle_bid_table.py`` to thousands of
      seeded hands' odds and shipped in ``cardsim/data/pinochle_bids.json`` (about 0.9 a meld
      point, 1 a trump, 1.1 an ace, 1.6 for four of the run, 1.2 for aces of three suits, 0.8
      a card of the longest side suit, a trump ace, ten, king or queen 0.6-1 more).  The least squares fit is then moved to the
      fewest points lost when the ceiling is read as the decision: a ceiling above "bid up
      to" loses the steeply negative score of its bid, one below only the small positive
      score of "bid up to".  "Bid up to" sits about one point above the median of meld +
      trick points after the widow: a made bid scores all of it, a set loses only the bid.
      Cutthroat's ceiling adds twelve small boosted trees (four yes/no questions each, one
      table entry a tree) fitted to what the linear count misses, read at the suit of the
      largest count: the count, the meld, and each suit's cards rank by rank (a king guarded
      or bare, a long suit's low cards), the side suits ordered by length and holding, never
      by suit index (held out: 1.61 -> 1.31 points lost a hand read as a threshold).  (The old count, meld plus a trick estimate of 1.5 points an ace,
      0.8 a ten with its ace, 1 a trump beyond four and 4.5 for the lead, discard and last
      trick, plus 4 for the widow, sat about 7 points lower; it is still the value that
      names trump, and the ceiling without a widow.)
    * **Trump and discard.** After the widow it names the suit with the best value
      (ties: the longer trump, then the stronger holding, then a suit drawn by a hash
      of the hand read with hearts and clubs in a fixed order, never the suit order:
      hearts and clubs are named equally often),
      then discards three cards one at a time, each time the card that loses the
      least meld and is least worth keeping (trump and aces are kept; a counter is
      worth discarding when the discard counts for the bidder; cards of short suits
      go first to make voids).
    * **Throw-in.** Only with ``army_scoring``, and only when it is the cheaper loss:
      thrown in, the bidder pays 10 to each other player; played and set, 20 to each;
      the score is -bid either way when set, so without army scoring it always plays.
      It throws in when its meld plus the learned median of its trick points (a linear
      count over the 15 cards it keeps: trumps, aces, guarded tens, short side suits,
      discarded counters; ``scripts/pinochle_bid_table.py``, fitted to the bid odds with
      the widow known) falls short of the bid, i.e. when P(make) < 1/2.
    * **Play.** The two non-bidders play as partners against the bidder.  Leading,
      the bidder pulls trump with sure winners while defenders may hold trump; then
      anyone leads a sure winner (a card no unseen card of its suit beats) in a suit no
      opponent has shown void in; else its cheapest card.  Following, a defender
      whose partner is winning a safe trick (it plays last, or the partner's card is
      a sure winner the bidder cannot trump) throws its richest counter (K before T
      before A, trump last); otherwise every player wins with its cheapest winning
      card (a sure winner when others are still to play), or gives up its cheapest
      card.

Euchre (``cutthroat-euchre`` and ``euchre``), in ``euchre/players.pxd``:

``random``
    Uniform over the legal actions of each decision: pass or order (one half each),
    pick up or leave, the discard, pass or each suit it may name, alone or not (one
    half each), the 5 cards kept of 10 (uniform over the 252 choices), the card.

``heuristic``
    * **Hand value** for a trump suit, in tenths of a trick: each trump by rank (right
      bower 3.0, left 2.5, A 2.0, K 1.6, Q 1.3, T 1.1, 9 1.0), each off-suit ace 1.0
      (+0.4 with its king), each void 0.6 when holding two trumps or more.  Round 1
      the upcard counts for the dealer (the dealer's hand with it, less its worst
      card), half its trump value for the dealer's partner, and half against any
      other seat (it goes to an opponent).  Cutthroat adds 1.0 for the dummy a maker
      merges.
    * **Bidding.** It orders up (round 1) or names its best other suit (round 2, the best
      hand value) when a learned count says making trump gains over passing
      (``scripts/euchre_bid_table.py``, fitted to the bid odds with the same players and
      shipped in ``cardsim/data/euchre_bids.json``): per game, round and seat position from
      the dealer, a linear count, in expected net points, over the five cards the maker
      would hold (each trump rank, the number of trumps, off aces, kings beside their ace,
      bare kings, voids with two trumps, "next" in round 2, the upcard's share in round 1).
      The same cards are a different bet for the dealer (who keeps the upcard), its partner
      and its opponents, and in round 2 for the first seat to name and the last.  The gain
      of going alone is added where positive.  A dealer stuck in round 2 names its best
      suit.  As dealer
      it always takes the upcard (it can only help) and discards its least wanted
      card (a singleton off-suit card first to make a void, never trump or an ace).
    * **Alone.** Only when the lone march pays more than a march
      (``lone_march_points`` above ``march_points``; a cutthroat maker under the seed's
      scoring, 3 either way, keeps the dummy, since 5 of 10 cards are never worse than its
      own 5): the maker goes alone with a hand expected to march (three trumps or more with
      both bowers and nothing but off-suit aces besides, or four trumps or more with the
      three top ones), or when the table's count of the gain of going alone is positive.
      A defender (``allow_lone_defender``) goes alone only when
      ``lone_defender_march_points`` beats ``euchre_points`` and its hand value with the
      trump reaches the learned ``defend`` threshold (fitted by play-outs from resampled
      worlds).  Without the table (``set_euchre_bid_table(game, None)``) the hand-set
      rules: thresholds 5.4 (euchre) and 2.8 (cutthroat, dummy included) on the hand value,
      and alone only with a hand expected to march.
    * **Score.** Only going alone and defending alone read the game score, near game:
      never once a march (a euchre) with the partner wins the game (a team at 8 or 9 of
      10).  At 6 or 7, where only a lone march wins at once, a bonus on the alone count was
      learned by whole games (``scripts/euchre_lone_game.py``) and is 0: the count already
      goes alone there where it wins the most games.  Every other decision reads the cards
      only, so a hand decides alike alone and inside a whole game.
    * **Merge.** The maker keeps the best 5 of 10: trumps, then aces, then rank,
      dropping cards one at a time so short suits are emptied into voids.
    * **Play.** The maker's side leads trump while an opponent may hold some: the top
      trump if it is a sure winner, else a low one from two or more; otherwise anyone
      leads a sure winner off trump (a card no unseen card of its suit beats), else its
      cheapest card.  Following: when a partner (the other defender in cutthroat) is
      winning it plays its cheapest card, a plain card before any trump, so it never
      trumps a partner's trick when it need not; else it wins as cheaply as it can (a
      sure winner when others are still to play), or throws its cheapest card.

**No suit order, in any game.**  Every heuristic decision is the same, renamed, for a
hand whose suits are renamed in a way the rules do not see (pinochle: hearts with clubs;
euchre: the two suits of a colour, and the two colours together; spades: side suits the
options treat alike).  Where two cards are worth the same (two nines to throw, two aces
to lead, a tie in a drop), the tie goes by what the player sees of each suit, packed into
a key without the suit's index (its cards there, the cards of it played, the voids shown,
its part: trump, trump's colour partner, a meld suit, a prize jack, the cards of it in the
deck), and only suits with equal keys, alike in every respect the player reads, fall to
the lowest bit: either choice is right there.  ``tests/test_decision_symmetry.py`` plays
hands and their renamed twins side by side, decision by decision;
``tests/test_bid_odds_symmetry.py`` checks that their bid odds agree.
"""
from __future__ import annotations

from typing import Sequence

from . import _core
from .errors import CardsimError

#: Names accepted wherever a policy is asked for.
POLICIES: tuple[str, ...] = tuple(_core.POLICIES)


def check_policies(policy: str | Sequence[str], seats: int) -> list[str]:
    """One policy for every seat, or one per seat, as a checked list of ``seats`` names."""
    policies = [policy] * seats if isinstance(policy, str) else list(policy)
    if len(policies) != seats:
        raise CardsimError(f"give one policy or {seats} (one per seat), got {len(policies)}")
    return [check_policy(p) for p in policies]


def check_policy(policy: str) -> str:
    """``policy`` if the core knows it, else a one-line CardsimError."""
    if policy not in _core.POLICIES and (policy == "oracle" or policy.replace(" ", "").startswith("pimc")):
        raise CardsimError(f"{policy!r} plays hand by hand from Python, not in the core's batch: use "
                           "cardsim.solver.players.simulate(game, n, policies) or cardsim simulate --policy-seats")
    if policy not in _core.POLICIES:
        raise CardsimError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    return policy
