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

    * **Bidding.** It values its hand as the best, over the four suits, of meld plus
      a trick estimate (1.5 points an ace, 0.8 a ten with its ace, 1 a trump beyond
      four, 4.5 for the lead, the discard and the last trick), plus 4 for the widow,
      and bids the minimum while the minimum is within that value.
    * **Trump and discard.** After the widow it names the suit with the best value,
      then discards three cards one at a time, each time the card that loses the
      least meld and is least worth keeping (trump and aces are kept; a counter is
      worth discarding when the discard counts for the bidder; cards of short suits
      go first to make voids).
    * **Throw-in.** It throws in when meld + estimate (+ discarded counters) falls
      more than 4 short of the bid.
    * **Play.** The two non-bidders play as partners against the bidder.  Leading,
      the bidder pulls trump with sure winners while defenders may hold trump; then
      anyone leads a sure winner (a card no unseen card of its suit beats) in a suit no
      opponent has shown void in; else its cheapest card.  Following, a defender
      whose partner is winning a safe trick (it plays last, or the partner's card is
      a sure winner the bidder cannot trump) throws its richest counter (K before T
      before A, trump last); otherwise every player wins with its cheapest winning
      card (a sure winner when others are still to play), or gives up its cheapest
      card.
"""
from __future__ import annotations

from . import _core
from .errors import CardsimError

#: Names accepted wherever a policy is asked for.
POLICIES: tuple[str, ...] = tuple(_core.POLICIES)


def check_policy(policy: str) -> str:
    """``policy`` if the core knows it, else a one-line CardsimError."""
    if policy not in _core.POLICIES:
        raise CardsimError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    return policy
