# The random players' trick loop, shared by Cutthroat (3 seats) and Partnership (4 seats) Pinochle.
#
# A random batch spends most of its time playing tricks in which every seat picks uniformly
# among its distinct legal cards.  Both games play that loop from the same few locals (the hands,
# the cards won, the play stream), so it is written once here against a seat count the engines
# pass as a constant: cutthroat_players.pxd (cp_random_tricks, cp_play_out_group) and
# partnership_players.pxd (pp_random_tricks, pp_play_out_group) load their hand into a
# PinRandomPlay, run pin_random_trick to the last trick and store it back before scoring.
#
# Every trick is straight-line code: the legal cards by masks (heading_legal), the pick by
# popcount and nth_bit (pdep where the CPU has a fast one, _bits.pxd), the card heading the trick
# as the mask of its beaters (beaters_row), the taker by an index (pin_seat_mod), so no branch
# depends on the cards.  The draws are those of the engines' card-by-card play with
# rng_below_trick: one 64-bit draw at the lead, each card a mul_hi_lo digit of it.

from libc.stdint cimport uint64_t
from cardsim._bits cimport bit_bb, fast_pdep, lane_bb, nth_bit_by, popcount
from cardsim._rng cimport mix64, mul_hi_lo
from cardsim.pinochle.cards cimport beaters_row, distinct_cards, head_on_follow, head_on_trump, heading_legal
from cardsim.pinochle.pin_hand cimport PinHand, pin_seats

cdef enum:
    PIN_MAX_SEATS = 4           # the most seats a pinochle trick has (partnership)
    # Hands a random batch plays side by side (cp_play_out_group, pp_play_out_group): a trick is one
    # chain of dependent steps (the cards left, the card, the card to beat), so several hands' chains
    # keep the CPU busy where one leaves it waiting.  Measured for cutthroat (issue 15, one process
    # alternating builds, chrt): hands per CPU second against main 1.32x with 2, 1.36x with 4, 1.36x
    # with 8 (the beaters table in; without it 4 gave 1.27x).
    PIN_PLAY_GROUP = 4

ctypedef struct PinRandomPlay:
    # One hand's random play-out kept in locals (pin_random_trick): what a trick reads and writes.
    uint64_t hands[PIN_MAX_SEATS]
    uint64_t won[PIN_MAX_SEATS]
    uint64_t played
    uint64_t state              # the play stream's state (rng_next inline) ...
    uint64_t frac               # ... and what is left of the current trick's draw
    uint64_t trump_lane
    uint64_t head_trump         # head_on_trump(must_beat)
    uint64_t head_follow[4]     # head_on_follow(suit led, ...) per suit
    const uint64_t* beaters     # beaters_row(trump): the cards that beat a card, by its bit
    int leader
    int tricks

cdef inline int pin_seat_mod(int x, int seats) noexcept nogil:
    """``x % seats`` for 0 <= x < 2 * seats - 1 (a seat plus at most seats - 1), without a division
    or a branch (which seat comes next is data in a trick loop): three seats from a table of 2-bit
    entries, four by a mask.  ``seats`` is a constant at every call, so one of the two remains."""
    if seats == 3:
        return (0x124 >> (2 * x)) & 3
    return x & 3

cdef inline void pin_random_play_load(PinRandomPlay* p, const PinHand* h, int must_beat) noexcept nogil:
    """Fill ``p`` from a hand (either game's) at a trick's start: its hands and cards won, the
    cards played, the play stream (rng_below_trick's draw kept), trump and the heading duty."""
    cdef int i
    for i in range(pin_seats(h)):
        p.hands[i] = h.hand[i]
        p.won[i] = h.won[i]
    p.played = h.played
    p.state = h.rng.state
    p.frac = h.rng.tfrac
    p.trump_lane = lane_bb(h.trump)
    p.head_trump = head_on_trump(must_beat)
    for i in range(4):
        p.head_follow[i] = head_on_follow(i, h.trump, must_beat)
    p.beaters = beaters_row(h.trump)
    p.leader = h.leader
    p.tricks = h.tricks_played

cdef inline void pin_random_play_store(const PinRandomPlay* p, PinHand* h) noexcept nogil:
    """Write a play-out that ran to the last trick back into ``h`` (the engine scores it)."""
    cdef int i
    for i in range(pin_seats(h)):
        h.hand[i] = p.hands[i]
        h.won[i] = p.won[i]
    if p.tricks > h.tricks_played:
        h.rng.trick = p.tricks - 1   # rng_below_trick's record: the last trick drawn for
    h.rng.state = p.state
    h.rng.tfrac = p.frac
    h.played = p.played
    h.tricks_played = p.tricks
    h.leader = p.leader
    h.last_winner = p.leader
    h.to_act = p.leader
    h.n_in_trick = 0

ctypedef struct PinTrick:
    # A trick in flight (pin_random_trick's locals): what the cards after the lead read and write.
    uint64_t led_lane           # the suit led
    uint64_t head_follow        # p.head_follow[suit led]
    uint64_t beaters            # the cards that beat the card heading the trick
    uint64_t cards              # the cards played to it
    int best_i                  # the index (from the lead) of the card heading it
    int seat                    # the seat that played last

cdef inline void pin_random_follow(PinRandomPlay* p, PinTrick* t, int i, int seats, bint use_pdep) noexcept nogil:
    """The ``i``-th card of trick ``t`` (after the lead; ``seats`` cards in all): a random legal
    card of the next seat, the next digit of the trick's draw picking among them, taken from its
    hand.  Where it beats the card heading the trick it heads it: its index and its beaters
    replace theirs by selects, not branches (the beaters not worked out for the last card)."""
    cdef uint64_t legal, beat
    cdef int card
    t.seat = pin_seat_mod(t.seat + 1, seats)
    legal = heading_legal(p.hands[t.seat], t.led_lane, p.trump_lane, t.beaters, t.head_follow, p.head_trump)
    card = nth_bit_by(legal, <int>mul_hi_lo(p.frac, <uint64_t>popcount(legal), &p.frac), use_pdep)
    p.hands[t.seat] &= ~bit_bb(card)
    t.cards |= bit_bb(card)
    beat = (<uint64_t>0) - ((t.beaters >> card) & 1)   # all bits when the card heads the trick
    t.best_i ^= <int>((<uint64_t>(t.best_i ^ i)) & beat)
    if i < seats - 1:
        t.beaters ^= (t.beaters ^ p.beaters[card]) & beat

cdef inline void pin_random_trick(PinRandomPlay* p, int seats, bint use_pdep) noexcept nogil:
    """One whole trick by ``seats`` (3 or 4, a constant) random players, from its lead; the picks
    by nth_bit_by(``use_pdep``).

    The same cards and the same draws as the engine's play card by card with rng_below_trick: the
    lead draws the trick's 64-bit value (rng_next on the kept state) and the picks are its
    mul_hi_lo digits.  The followers are written out one by one (a loop over them was not
    unrolled by gcc: its counter and the last card's beaters cost 8% of a partnership hand).
    It skips void_mask, which random players never read.
    """
    cdef PinTrick t
    cdef uint64_t legal = distinct_cards(p.hands[p.leader])
    cdef int card
    p.state += 0x9E3779B97F4A7C15ULL
    p.frac = mix64(p.state)
    card = nth_bit_by(legal, <int>mul_hi_lo(p.frac, <uint64_t>popcount(legal), &p.frac), use_pdep)
    p.hands[p.leader] &= ~bit_bb(card)
    t.seat = p.leader
    t.cards = bit_bb(card)
    t.led_lane = lane_bb(card >> 4)
    t.head_follow = p.head_follow[card >> 4]
    t.beaters = p.beaters[card]
    t.best_i = 0
    pin_random_follow(p, &t, 1, seats, use_pdep)
    pin_random_follow(p, &t, 2, seats, use_pdep)
    if seats == 4:
        pin_random_follow(p, &t, 3, seats, use_pdep)
    p.leader = pin_seat_mod(p.leader + t.best_i, seats)
    p.won[p.leader] |= t.cards
    p.played |= t.cards
    p.tricks += 1

cdef inline void pin_random_tricks(PinRandomPlay* p, int tricks, int seats) noexcept nogil:
    """Play ``p`` on to ``tricks`` tricks (the hand's last), the pick path chosen once."""
    if fast_pdep:
        while p.tricks < tricks:
            pin_random_trick(p, seats, True)
    else:
        while p.tricks < tricks:
            pin_random_trick(p, seats, False)

cdef inline void pin_random_tricks_side_by_side(PinRandomPlay* plays, int m, int tricks, int seats) noexcept nogil:
    """``tricks`` tricks of each of ``m`` hands from their first, one trick of each in turn
    (PIN_PLAY_GROUP), the pick path chosen once."""
    cdef int t, k
    if fast_pdep:
        for t in range(tricks):
            for k in range(m):
                pin_random_trick(&plays[k], seats, True)
    else:
        for t in range(tricks):
            for k in range(m):
                pin_random_trick(&plays[k], seats, False)
