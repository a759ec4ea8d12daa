# Euchre (RULES.md section 2; readings in docs/euchre.md): one engine for
# cutthroat-euchre (3 seats + a dummy hand) and the 4-hand partnership preset.
#
# A hand is an EUHand driven through its phases by one action function per
# phase: eu_bid1 (pass / order up), eu_pickup (dealer takes the upcard or not),
# eu_discard, eu_bid2 (pass / name a suit), eu_alone (the maker), eu_merge (the
# maker keeps 5 of hand + dummy), eu_defend (a defender goes alone or not) and
# eu_play.  The batch players (euchre/players.pxd) and the Python step API
# (EuchreState in euchre.pyx, through euchre/play.pyx) call exactly these.
#
# Card encoding: physical bit = 16*suit + rank (9 T J Q K A = 0..5) until trump
# is fixed.  From then on every mask of the hand is in EFFECTIVE suits: the right
# bower (J of trump) moves to bit 7 and the left bower (J of the same colour, suit
# 3 - trump) to bit 6 of the trump lane.  A higher bit in a lane is a higher card,
# the left bower is a trump, and "follow suit" stays hand & lane(led).
#
# Invariant: hand[], dummy, kitty, discard, won[] and the current trick partition
# the 24 cards at every moment.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_below_trick, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM

cdef extern from *:
    """
    #define CARDSIM_EUCHRE_DECK_BB 0x003F003F003F003FULL
    """
    const uint64_t EUCHRE_DECK_BB "CARDSIM_EUCHRE_DECK_BB"  # the 24 cards, 9 to A of each suit

cdef enum:
    EU_MAX_SEATS = 4
    EU_HAND_SIZE = 5
    EU_TRICKS = 5
    EU_MAX_REDEALS = 1000       # a hand nobody ever makes trump in ends as "no contest"
    EU_JACK = 2                 # lane position of a jack (physical)
    EU_LEFT = 6                 # lane positions of the bowers in the trump lane (effective)
    EU_RIGHT = 7
    EPH_BID1 = 0                # round 1: pass or order up the upcard's suit
    EPH_PICKUP = 1              # the dealer takes the upcard or leaves it (dealer_pickup=optional)
    EPH_DISCARD = 2             # the dealer, holding 6, discards one
    EPH_BID2 = 3                # round 2: pass or name another suit
    EPH_ALONE = 4               # the maker goes alone or not
    EPH_MERGE = 5               # cutthroat: the maker keeps 5 of hand + dummy
    EPH_DEFEND = 6              # each defender in turn may go alone
    EPH_PLAY = 7
    EPH_DONE = 8
    EU_PICKUP_OPTIONAL = 0
    EU_PICKUP_ALWAYS = 1

ctypedef struct EURules:
    int seats                   # 3 (cutthroat, plus the dummy) or 4 (partnership)
    int partnership             # teams 0+2 and 1+3, no dummy
    int dealer_pickup           # EU_PICKUP_*
    int stick_the_dealer        # the dealer may not pass in round 2
    int allow_lone_defender     # one defender may go alone, the other sits out
    int march_points            # maker (team) takes all 5
    int lone_march_points       # ... having gone alone
    int euchre_points           # each defender (the defending team) when the maker takes < 3
    int lone_defender_euchre_points # ... when a lone defender takes 3 or 4
    int lone_defender_march_points  # ... when a lone defender takes all 5
    int target_score            # game level; not used by a single hand

ctypedef struct EUHand:
    uint64_t hand[EU_MAX_SEATS] # cards held (physical before trump, effective after)
    uint64_t dummy              # cutthroat: the dummy until merged (stays if the maker goes alone)
    uint64_t kitty              # undealt cards, the upcard included until the dealer takes it
    uint64_t discard            # the dealer's discard and the maker's merge discards
    uint64_t won[EU_MAX_SEATS]  # cards taken in tricks
    uint64_t played             # every card played to a trick so far
    Rng deal_rng                # the hand's deal stream: deals and redeals only
    Rng rng                     # its players' stream: the batch players' random choices
    int dealer                  # rotates left on every redeal
    int phase                   # EPH_*
    int to_act                  # seat to act; -1 once done
    int upcard                  # the turned card (physical, effective once trump is fixed)
    int round                   # 1 or 2: the bidding round trump was made in; 0: none yet
    int maker                   # -1 until trump is made
    int trump                   # -1 until made
    int picked_up               # the dealer took the upcard
    int maker_alone
    int lone_defender           # seat of a defender who went alone; -1: none
    int n_passed                # passes in the current bidding round
    int active                  # bit per seat that plays the tricks
    int n_active
    int leader                  # seat that led the current trick
    int n_in_trick
    int trick[EU_MAX_SEATS]     # effective card bits of the current trick, in play order
    int trick_seat[EU_MAX_SEATS]
    int best                    # index in trick[] of the card winning it so far
    int tricks_played
    int last_winner
    int tricks[EU_MAX_SEATS]    # tricks taken per seat
    int points[EU_MAX_SEATS]    # hand score per seat (partnership: the team's score)
    int team_points[2]          # partnership: per team (0+2, 1+3)
    int euchred                 # the maker (team) took fewer than 3 tricks
    int redeals                 # deals thrown in before this one
    # what the history proves (for hand.resample; the batch players never read these)
    uint64_t barred[EU_MAX_SEATS] # cards a seat's plays prove it does not hold (failing to follow)
    uint64_t dealer_discard     # the dealer's own discard (seen by the dealer only)

# -- cards in effective suits --------------------------------------------------------

cdef inline uint64_t eu_effective(uint64_t m, int t) noexcept nogil:
    """Physical mask -> effective suits for trump ``t`` (bowers into the trump lane)."""
    cdef int rb = 16 * t + EU_JACK, lb = 16 * (3 - t) + EU_JACK
    cdef uint64_t out = m & ~(bit_bb(rb) | bit_bb(lb))
    out |= ((m >> rb) & 1) << (16 * t + EU_RIGHT)
    out |= ((m >> lb) & 1) << (16 * t + EU_LEFT)
    return out

cdef inline uint64_t eu_physical(uint64_t m, int t) noexcept nogil:
    """Effective suits for trump ``t`` -> physical mask (the inverse of eu_effective)."""
    cdef int r = 16 * t + EU_RIGHT, l = 16 * t + EU_LEFT
    cdef uint64_t out = m & ~(bit_bb(r) | bit_bb(l))
    out |= ((m >> r) & 1) << (16 * t + EU_JACK)
    out |= ((m >> l) & 1) << (16 * (3 - t) + EU_JACK)
    return out

cdef inline int eu_effective_card(int c, int t) noexcept nogil:
    """The physical card ``c`` in effective suits for trump ``t`` (lsb of eu_effective of its bit):
    only the two jacks of trump's colour move."""
    if c == 16 * t + EU_JACK:
        return 16 * t + EU_RIGHT
    if c == 16 * (3 - t) + EU_JACK:
        return 16 * t + EU_LEFT
    return c

cdef inline uint64_t eu_effective_deck(int t) noexcept nogil:
    """The 24 cards in effective suits for trump ``t`` (eu_effective of the deck): both jacks of
    trump's colour leave their places for the top two of the trump lane."""
    return ((EUCHRE_DECK_BB & ~(bit_bb(16 * t + EU_JACK) | bit_bb(16 * (3 - t) + EU_JACK)))
            | ((<uint64_t>0xC0) << (16 * t)))

cdef inline bint eu_beats(int card, int best, int trump) noexcept nogil:
    """Effective ``card`` beats effective ``best`` (the card winning the trick so far)."""
    if (card >> 4) == (best >> 4):
        return card > best
    return (card >> 4) == trump

cdef inline int eu_partner(const EURules* r, int s) noexcept nogil:
    return (s + 2) & 3 if r.partnership else -1

cdef inline bint eu_same_side(const EUHand* h, const EURules* r, int a, int b) noexcept nogil:
    """Seats ``a`` and ``b`` play on the same side this hand (defenders are partners)."""
    if r.partnership:
        return (a & 1) == (b & 1)
    return a == b or (a != h.maker and b != h.maker)

# -- deal -----------------------------------------------------------------------------

cdef inline void eu_deal(EUHand* h, const EURules* r) noexcept nogil:
    """Deal 5 to each seat (and the dummy) from the dealer's left, from the deal stream; turn the upcard."""
    cdef int i, seat
    cdef uint64_t deck = EUCHRE_DECK_BB
    for seat in range(EU_MAX_SEATS):
        h.hand[seat] = 0
    for i in range(r.seats):
        h.hand[(h.dealer + 1 + i) % r.seats] = rng_take(&h.deal_rng, &deck, EU_HAND_SIZE)
    h.dummy = 0 if r.partnership else rng_take(&h.deal_rng, &deck, EU_HAND_SIZE)
    h.upcard = nth_bit(deck, rng_below(&h.deal_rng, popcount(deck)))
    h.kitty = deck
    eu_start_bidding(h, r)

cdef inline void eu_start_bidding(EUHand* h, const EURules* r) noexcept nogil:
    """Everything but the cards back to the start of a hand: round 1, left of the dealer."""
    cdef int seat
    for seat in range(EU_MAX_SEATS):
        h.won[seat] = 0
        h.tricks[seat] = 0
        h.points[seat] = 0
    h.discard = 0
    h.dealer_discard = 0
    for seat in range(EU_MAX_SEATS):
        h.barred[seat] = 0
    h.played = 0
    h.team_points[0] = h.team_points[1] = 0
    h.phase = EPH_BID1
    h.to_act = (h.dealer + 1) % r.seats
    h.round = 0
    h.maker = -1
    h.trump = -1
    h.picked_up = 0
    h.maker_alone = 0
    h.lone_defender = -1
    h.n_passed = 0
    h.active = (1 << r.seats) - 1
    h.n_active = r.seats
    h.n_in_trick = 0
    h.tricks_played = 0
    h.last_winner = -1
    h.euchred = 0

cdef inline void eu_new_hand(EUHand* h, const EURules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil:
    rng_seed_hand(&h.deal_rng, &h.rng, seed, stream)
    h.dealer = dealer
    h.redeals = 0
    eu_deal(h, r)

# -- bidding ----------------------------------------------------------------------------

cdef inline void eu_make_trump(EUHand* h, const EURules* r, int maker, int trump, int rnd) noexcept nogil:
    """Fix trump: from here on every mask of the hand is in effective suits."""
    cdef int s
    h.maker = maker
    h.trump = trump
    h.round = rnd
    for s in range(r.seats):
        h.hand[s] = eu_effective(h.hand[s], trump)
    h.dummy = eu_effective(h.dummy, trump)
    h.kitty = eu_effective(h.kitty, trump)
    h.upcard = eu_effective_card(h.upcard, trump)

cdef inline void eu_take_upcard(EUHand* h) noexcept nogil:
    h.hand[h.dealer] |= bit_bb(h.upcard)
    h.kitty &= ~bit_bb(h.upcard)
    h.picked_up = 1
    h.phase = EPH_DISCARD
    h.to_act = h.dealer

cdef inline void eu_after_trump(EUHand* h) noexcept nogil:
    h.phase = EPH_ALONE
    h.to_act = h.maker

cdef inline void eu_bid1(EUHand* h, const EURules* r, bint order) noexcept nogil:
    """Round 1: the seat to act orders up the upcard's suit (or, as dealer, takes it) or passes."""
    cdef int s = h.to_act
    if order:
        eu_make_trump(h, r, s, h.upcard >> 4, 1)
        if s == h.dealer or r.dealer_pickup == EU_PICKUP_ALWAYS:
            eu_take_upcard(h)
        else:
            h.phase = EPH_PICKUP
            h.to_act = h.dealer
        return
    h.n_passed += 1
    if h.n_passed == r.seats:
        h.phase = EPH_BID2
        h.n_passed = 0
    h.to_act = (s + 1) % r.seats

cdef inline void eu_pickup(EUHand* h, const EURules* r, bint take) noexcept nogil:
    if take:
        eu_take_upcard(h)
    else:
        eu_after_trump(h)

cdef inline void eu_discard(EUHand* h, const EURules* r, int card) noexcept nogil:
    """The dealer (holding 6) discards the effective card ``card``."""
    h.hand[h.dealer] &= ~bit_bb(card)
    h.discard |= bit_bb(card)
    h.dealer_discard = bit_bb(card)
    eu_after_trump(h)

cdef inline bint eu_may_pass2(const EUHand* h, const EURules* r) noexcept nogil:
    return not (r.stick_the_dealer and h.to_act == h.dealer)

cdef inline void eu_bid2(EUHand* h, const EURules* r, int suit) noexcept nogil:
    """Round 2: the seat to act names ``suit`` (not the upcard's) or passes (``suit`` < 0)."""
    cdef int s = h.to_act
    if suit >= 0:
        eu_make_trump(h, r, s, suit, 2)
        eu_after_trump(h)
        return
    h.n_passed += 1
    if h.n_passed < r.seats:
        h.to_act = (s + 1) % r.seats
        return
    h.redeals += 1
    h.dealer = (h.dealer + 1) % r.seats
    if h.redeals > EU_MAX_REDEALS:
        h.phase = EPH_DONE
        h.to_act = -1
    else:
        eu_deal(h, r)

# -- going alone, the dummy ------------------------------------------------------------------

cdef inline int eu_next_active(const EUHand* h, const EURules* r, int s) noexcept nogil:
    s = (s + 1) % r.seats
    while not (h.active >> s) & 1:
        s = (s + 1) % r.seats
    return s

cdef inline void eu_start_play(EUHand* h, const EURules* r) noexcept nogil:
    h.phase = EPH_PLAY
    h.n_active = popcount(h.active)
    h.leader = eu_next_active(h, r, h.dealer)
    h.to_act = h.leader
    h.n_in_trick = 0

cdef inline int eu_pos(const EUHand* h, const EURules* r, int s) noexcept nogil:
    """Position of seat ``s`` in the order of the bidding: 0 for the dealer's left (no division:
    both seats are below r.seats)."""
    cdef int p = s - h.dealer - 1
    return p + r.seats if p < 0 else p

cdef inline void eu_start_defend(EUHand* h, const EURules* r) noexcept nogil:
    cdef int s, i
    if r.allow_lone_defender:
        for i in range(r.seats):  # the first defender from the dealer's left
            s = (h.dealer + 1 + i) % r.seats
            if not eu_same_side(h, r, s, h.maker):
                h.phase = EPH_DEFEND
                h.to_act = s
                return
    eu_start_play(h, r)

cdef inline void eu_alone(EUHand* h, const EURules* r, bint alone) noexcept nogil:
    """The maker goes alone (partner sits out; cutthroat: no dummy) or not (cutthroat: merge)."""
    h.maker_alone = alone
    if alone and r.partnership:
        h.active &= ~(1 << eu_partner(r, h.maker))
    if not alone and not r.partnership:
        h.hand[h.maker] |= h.dummy
        h.dummy = 0
        h.phase = EPH_MERGE
        return
    eu_start_defend(h, r)

cdef inline void eu_merge(EUHand* h, const EURules* r, uint64_t keep) noexcept nogil:
    """The maker keeps the 5 effective cards ``keep`` of their 10; the rest are discarded."""
    h.discard |= h.hand[h.maker] & ~keep
    h.hand[h.maker] = keep
    eu_start_defend(h, r)

cdef inline void eu_defend(EUHand* h, const EURules* r, bint alone) noexcept nogil:
    """The defender to act goes alone (the other defender sits out) or not."""
    cdef int s = h.to_act, p, o
    if alone:
        h.lone_defender = s
        for o in range(r.seats):
            if o != s and not eu_same_side(h, r, o, h.maker):
                h.active &= ~(1 << o)
        eu_start_play(h, r)
        return
    for p in range(eu_pos(h, r, s) + 1, r.seats):  # the next defender in bidding order
        o = (h.dealer + 1 + p) % r.seats
        if not eu_same_side(h, r, o, h.maker):
            h.to_act = o
            return
    eu_start_play(h, r)

# -- play -----------------------------------------------------------------------------------

cdef inline int eu_random_card(EUHand* h, uint64_t legal) noexcept nogil:
    """A uniform card of ``legal`` (non-empty); several picks per 64-bit draw (rng_below)."""
    return nth_bit(legal, rng_below_trick(&h.rng, h.tricks_played, popcount(legal)))

cdef inline uint64_t eu_legal(const EUHand* h) noexcept nogil:
    """Effective cards the seat to act may play: follow the led (effective) suit if able."""
    cdef uint64_t held = h.hand[h.to_act], follow
    if h.n_in_trick == 0:
        return held
    follow = held & lane_bb(h.trick[0] >> 4)
    return follow if follow else held

cdef inline void eu_score(EUHand* h, const EURules* r) noexcept nogil:
    cdef int s, side_tricks = 0, pts, team
    for s in range(r.seats):
        if eu_same_side(h, r, s, h.maker):
            side_tricks += h.tricks[s]
    h.euchred = side_tricks < 3
    if not h.euchred:
        pts = 1 if side_tricks < EU_TRICKS else (r.lone_march_points if h.maker_alone else r.march_points)
    elif h.lone_defender >= 0:  # the lone defender took the 3, 4 or 5 tricks the maker side lost
        pts = (r.lone_defender_march_points if h.tricks[h.lone_defender] == EU_TRICKS
               else r.lone_defender_euchre_points)
    else:
        pts = r.euchre_points
    for s in range(r.seats):
        if eu_same_side(h, r, s, h.maker) != h.euchred:
            h.points[s] = pts
    if r.partnership:
        team = h.maker & 1
        h.team_points[team if not h.euchred else 1 - team] = pts
    h.phase = EPH_DONE
    h.to_act = -1

cdef inline void eu_play(EUHand* h, const EURules* r, int card) noexcept nogil:
    """The seat to act plays the effective card ``card`` (legal, checked by the caller)."""
    cdef int s = h.to_act, w, i, n = h.n_in_trick
    h.hand[s] &= ~bit_bb(card)
    h.played |= bit_bb(card)
    if n == 0:
        h.best = 0
    elif eu_beats(card, h.trick[h.best], h.trump):
        h.best = n
    h.trick[n] = card
    h.trick_seat[n] = s
    h.n_in_trick = n + 1
    if n + 1 < h.n_active:
        h.to_act = eu_next_active(h, r, s)
        return
    w = h.trick_seat[h.best]
    for i in range(n + 1):
        h.won[w] |= bit_bb(h.trick[i])
    h.tricks[w] += 1
    h.tricks_played += 1
    h.last_winner = w
    h.leader = w
    h.to_act = w
    h.n_in_trick = 0
    if h.tricks_played == EU_TRICKS:
        eu_score(h, r)
