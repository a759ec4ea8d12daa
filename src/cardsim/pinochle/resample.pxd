# cython: language_level=3
"""What a pinochle seat's observations prove about the hidden cards (hand.resample;
docs/actions.md, Resampling).  Inline helpers shared by the three pinochle step states.

Plays.  A play of card c proves the seat holds no card x (of another card: the twin of c
proves nothing) for which, from the hand {c, x}, c would not have been legal: failing to
follow (a void), failing to trump, and failing to beat where must_beat required it (no
higher card of that suit).  The legal set is always the cards of the best non-empty tier
(higher of the led suit, the led suit, higher trump, trump, any), so the pairwise test is
exact: c is legal from a hand exactly when it is legal from {c, x} for every x held.

Melds.  The cards a seat lays down, per card 0, 1 or 2 copies: for each meld kind it
scores, as many copies as sets it holds (a card serving in several kinds is shown once per
copy, the most any kind needs).  ``pin_meld_shown`` is a function of the hand that only
grows as the hand grows (while every meld value is positive), and holds exactly the cards
the melds of the hand use, so two hands show the same meld exactly when they show the same
cards.  A resampled hand must show what the seat showed: the shown cards stay with the
seat, a card whose addition to the known cards would show more is barred (a dix not shown,
the queen of a suit whose king was shown without a marriage ...), and the combinations left
(a king and a queen neither shown) are checked on the dealt hand, a deal that fails being
drawn again: rejection from an exact uniform deal stays exactly uniform.
"""
from libc.stdint cimport uint64_t
from cardsim._bits cimport ALL_LANES_BB, bit_bb, lsb, popcount
from cardsim.pinochle.cards cimport *

cdef enum:
    PIN_RESAMPLE_TRIES = 200000     # deals drawn before a resample gives up (never seen near)


cdef inline uint64_t pin_copies_of(int bit) noexcept nogil:
    """Both physical copies of the card of ``bit``."""
    return (<uint64_t>3) << (bit & ~1)


cdef inline uint64_t pin_play_barred(int card, int led, int best, int trump, int must_beat) noexcept nogil:
    """Cards (both copies) that playing ``card`` into a trick led in ``led`` and won so far by
    ``best`` proves the player does not hold; 0 for a lead (``led`` < 0)."""
    cdef uint64_t out = 0, mine = pin_copies_of(card)
    cdef int suit, rank, x
    if led < 0:
        return 0
    for suit in range(4):
        for rank in range(N_RANKS):
            x = 16 * suit + 2 * rank
            if pin_copies_of(x) == mine:
                continue
            if not (legal_cards(bit_bb(card) | bit_bb(x), led, best, trump, must_beat) & mine):
                out |= pin_copies_of(x)
    return out


cdef inline void pin_show_sets(uint64_t one, uint64_t two, uint64_t cards, int single, int double_,
                               uint64_t* s1, uint64_t* s2) noexcept nogil:
    """Show ``cards`` (copy-0 bits of one meld) once per set held when that many sets score."""
    cdef int sets = 2 if (two & cards) == cards else (1 if (one & cards) == cards else 0)
    if sets == 2 and double_ != 0:
        s1[0] |= cards
        s2[0] |= cards
    elif sets >= 1 and single != 0:
        s1[0] |= cards


cdef inline void pin_meld_shown(uint64_t hand, int trump, const int* v, uint64_t* s1, uint64_t* s2) noexcept nogil:
    """The cards ``hand`` lays down in ``trump`` with meld values ``v[N_MELDS]``: copy-0 bits
    of the cards shown at least once into ``s1``, twice into ``s2``."""
    cdef uint64_t one = copies_one(hand), two = copies_two(hand), kq, lane
    cdef int suit, rank, runs, pairs
    cdef uint64_t run = RUN_LANE << (16 * trump)
    s1[0] = 0
    s2[0] = 0
    runs = 2 if (two & run) == run else (1 if (one & run) == run else 0)
    if runs == 2 and v[M_DOUBLE_RUN] != 0:
        s1[0] |= run
        s2[0] |= run
    elif runs >= 1 and v[M_RUN] != 0:
        s1[0] |= run
    for suit in range(4):
        kq = ((<uint64_t>1 << (2 * RK)) | (<uint64_t>1 << (2 * RQ))) << (16 * suit)
        pairs = 2 if (two & kq) == kq else (1 if (one & kq) == kq else 0)
        if suit == trump:
            pairs -= runs  # the run's K Q are its own, not a trump marriage
            if pairs > 0 and v[M_TRUMP_MARRIAGE] != 0:
                s1[0] |= kq
                if pairs + runs == 2:
                    s2[0] |= kq
        elif pairs > 0 and v[M_MARRIAGE] != 0:
            s1[0] |= kq
            if pairs == 2:
                s2[0] |= kq
    if v[M_DIX] != 0:
        s1[0] |= one & (<uint64_t>1 << (16 * trump))
        s2[0] |= two & (<uint64_t>1 << (16 * trump))
    pin_show_sets(one, two, (<uint64_t>1 << (2 * RA)) * ALL_LANES_BB, v[M_ACES], v[M_DOUBLE_ACES], s1, s2)
    pin_show_sets(one, two, (<uint64_t>1 << (2 * RK)) * ALL_LANES_BB, v[M_KINGS], v[M_DOUBLE_KINGS], s1, s2)
    pin_show_sets(one, two, (<uint64_t>1 << (2 * RQ)) * ALL_LANES_BB, v[M_QUEENS], v[M_DOUBLE_QUEENS], s1, s2)
    pin_show_sets(one, two, (<uint64_t>1 << (2 * RJ)) * ALL_LANES_BB, v[M_JACKS], v[M_DOUBLE_JACKS], s1, s2)
    pin_show_sets(one, two, (<uint64_t>1 << (2 * RQ)) | (<uint64_t>1 << (32 + 2 * RJ)),
                  v[M_PINOCHLE], v[M_DOUBLE_PINOCHLE], s1, s2)


cdef inline uint64_t pin_shown_cards(uint64_t hand, int trump, const int* v) noexcept nogil:
    """The physical copies ``hand`` lays down: both copies where two are shown, else the
    lower copy it holds."""
    cdef uint64_t s1, s2, out = 0, low
    pin_meld_shown(hand, trump, v, &s1, &s2)
    out = (s2 | (s2 << 1)) & hand
    low = s1 & ~s2
    while low:
        out |= bit_bb(lsb(hand & pin_copies_of(lsb(low))))
        low &= low - 1
    return out


cdef inline bint pin_shows_same(uint64_t hand, uint64_t want1, uint64_t want2, int trump, const int* v) noexcept nogil:
    cdef uint64_t s1, s2
    pin_meld_shown(hand, trump, v, &s1, &s2)
    return s1 == want1 and s2 == want2


cdef inline bint pin_values_positive(const int* v) noexcept nogil:
    cdef int i
    for i in range(N_MELDS):
        if v[i] <= 0:
            return False
    return True


cdef inline uint64_t pin_meld_barred(uint64_t known, uint64_t candidates, int trump, const int* v) noexcept nogil:
    """Of ``candidates``, the physical cards that would make ``known`` (cards the seat held
    when it melded) show more than it does: they cannot have been in that hand.  Only
    while every meld value is positive (then showing grows with the hand)."""
    cdef uint64_t want1, want2, out = 0, x
    if not pin_values_positive(v):
        return 0
    pin_meld_shown(known, trump, v, &want1, &want2)
    while candidates:
        x = candidates & (~candidates + 1)
        candidates &= candidates - 1
        if not pin_shows_same(known | x, want1, want2, trump, v):
            out |= x
    return out


# -- what a seat is known to hold now --------------------------------------------------------
# The observer sees cards, not copies: "the partner passed the bidder a KS, the bidder played a
# KS" leaves open whether the bidder still holds one (it may have played the very copy it got).
# So what is known of another seat is kept as a count per card, updated in time order: cards
# that came to it (the widow, a pass) add their copies, cards that left it (a pass back, a
# play) take theirs away (never below 0), the meld it laid down raises the count to the copies
# shown.  The copies fixed in its hand are that many of the copies it truly holds (the copies
# of a card are alike, so which ones does not matter); every other copy is hidden.

cdef inline void pin_count_add(int* n, uint64_t cards) noexcept nogil:
    """``n[24]`` (known copies per card, 6*suit + rank) += the copies in ``cards``."""
    while cards:
        n[pin_card_action(lsb(cards))] += 1
        cards &= cards - 1

cdef inline void pin_count_take(int* n, uint64_t cards) noexcept nogil:
    cdef int a
    while cards:
        a = pin_card_action(lsb(cards))
        if n[a] > 0:
            n[a] -= 1
        cards &= cards - 1

cdef inline void pin_count_at_least(int* n, uint64_t cards) noexcept nogil:
    """n = max(n, the copies in ``cards``), per card."""
    cdef int a, c
    cdef uint64_t one = copies_one(cards)
    while one:
        a = pin_card_action(lsb(one))
        c = popcount(cards & pin_action_copies_bb(a))
        if n[a] < c:
            n[a] = c
        one &= one - 1

cdef inline uint64_t pin_fix_copies(const int* n, uint64_t held) noexcept nogil:
    """``n[a]`` copies of each card a, taken from ``held`` (the seat's true cards now)."""
    cdef uint64_t out = 0, pair
    cdef int a
    for a in range(PIN_CARD_ACTIONS):
        if n[a] <= 0:
            continue
        pair = held & pin_action_copies_bb(a)
        out |= pair if n[a] >= 2 or popcount(pair) == 1 else bit_bb(lsb(pair))
    return out

cdef inline uint64_t pin_relabel(uint64_t want, uint64_t pool) noexcept nogil:
    """``want``'s cards, copy for copy, as copies in ``pool`` (its own copies where there)."""
    cdef uint64_t out = 0, pair, avail, one = copies_one(want)
    cdef int a, c
    while one:
        a = pin_card_action(lsb(one))
        one &= one - 1
        pair = pin_action_copies_bb(a)
        c = popcount(want & pair)
        avail = pool & pair
        if (want & pair & avail) == (want & pair):
            out |= want & pair
        elif c >= 2 or popcount(avail) == 1:
            out |= avail
        else:
            out |= bit_bb(lsb(avail))
    return out

cdef inline bint pin_covers(uint64_t pool, uint64_t want) noexcept nogil:
    """Does ``pool`` hold at least as many copies of every card as ``want``?"""
    cdef uint64_t one = copies_one(want), pair
    while one:
        pair = (<uint64_t>3) << lsb(one)
        one &= one - 1
        if popcount(pool & pair) < popcount(want & pair):
            return False
    return True


# -- a prepared resample: the places, what is known, the checks (one per seat and position) ---

cdef enum:
    PIN_WIDOW_PLACE = -1
    PIN_DISCARD_PLACE = -2

ctypedef struct PinWorld:
    int n                                  # places
    int kind[8]                            # per place: its seat, or PIN_WIDOW_PLACE / PIN_DISCARD_PLACE
    int cap[8]                             # hidden cards per place
    uint64_t barred[8]                     # per place: cards it cannot hold
    uint64_t known                         # cards that stay where they are
    uint64_t hidden                        # the cards dealt
    int melded                             # the meld is on the table: check it
    int discard_place                      # cutthroat, a defender's view: the discard's place (widow check); -1
    uint64_t widow                         # the widow (for that check)
    int bidder
    int trump
    uint64_t want1[4]                      # per seat: the meld shown (pin_meld_shown)
    uint64_t want2[4]
    uint64_t meldknown[4]                  # per seat: the cards known to have been in its meld hand
    uint64_t fixed[4]                      # per seat: the cards known to be in its hand now

cdef inline bint pin_world_ok(const PinWorld* w, const uint64_t* dealt, const int* values) noexcept nogil:
    """Does the deal ``dealt`` (per place) show every seat's meld as shown (and, for a
    defender, leave the widow with the bidder or in the discard)?"""
    cdef int p, s
    if not w.melded:
        return True
    for p in range(w.n):
        s = w.kind[p]
        if s < 0:
            continue
        if not pin_shows_same(w.meldknown[s] | dealt[p], w.want1[s], w.want2[s], w.trump, values):
            return False
        if s == w.bidder and w.discard_place >= 0 and not pin_covers(
                w.meldknown[s] | dealt[p] | dealt[w.discard_place], w.widow):
            return False
    return True
