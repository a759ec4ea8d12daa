# cython: language_level=3
"""What the three pinochle games share above the card primitives (cards.pxd): the auction's
integer actions (one numbering for cutthroat and partnership; docs/actions.md) and the
meld values of a rules mapping.  Defined in common.pyx."""
from libc.stdint cimport int64_t, uint64_t
from cardsim.pinochle.bid_tables cimport PinBidTables

cdef enum:
    # The integer actions (docs/actions.md): cards 0..23 (pinochle/cards.pxd: 6*suit + rank), played
    # or, in the declare phase, one of the bidder's three discards; then the calls.
    CP_A_PASS = 24              # auction: pass
    CP_A_TRUMP = 25             # declare: 25 + suit (S H D C) names trump
    CP_A_THROW_IN = 29          # declare, last step: concede
    CP_A_PLAY_ON = 30           # declare, last step: play the hand
    CP_A_BID = 31               # auction: 31 + (amount - min_bid) bids amount
    CP_BID_ACTIONS = 400        # bids min_bid .. min_bid + 399 are actions
    CP_NUM_ACTIONS = CP_A_BID + CP_BID_ACTIONS

ctypedef struct CPSteps:              # a decision made of several actions (cutthroat, partnership)
    int trump                   # declare: the trump named so far, -1 before
    uint64_t discard            # declare: the physical copies put away so far
    uint64_t barred[4]          # per seat: cards its plays prove it does not hold (hand.resample)
    uint64_t played_by[4]       # per seat: the cards it has played (hand.resample)


cdef int pinochle_meld_values(rules, int* out) except -1
cdef PinBidTables* pin_bid_tables() noexcept nogil   # the learned tables the players read (PIN_TABLES)

cdef inline int pinochle_auction_action(int seat, int high_bidder, int high_bid, int bid_before, bint redealt,
                                        int min_bid) noexcept nogil:
    """The auction action a policy step took for ``seat``: its bid when it now holds a new high
    bid (and nobody redealt), else a pass."""
    if high_bidder == seat and high_bid != bid_before and not redealt:
        return CP_A_BID + high_bid - min_bid
    return CP_A_PASS
