# Players for both euchre games: choose each action of an EUHand.
#
# random     uniform over the legal actions of the phase: pass / order up, take the
#            upcard or not, the discard, pass / each suit it may name, alone or not,
#            the 5 cards kept of 10 (uniform over the 252 choices), the card played.
# heuristic  described at eu_heuristic_step below.
#
# Players read only what a seat may know (its hand, the upcard, the cards played)
# and draw randomness only from the hand's own stream.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.euchre.engine cimport *

cdef enum:
    EU_ORDER_THRESHOLD = 54     # tenths of a trick: order up / name trump at this hand value ...
    EU_CUTTHROAT_THRESHOLD = 28 # ... in cutthroat (dummy bonus included); both hand-set (no table)
    EU_DUMMY_BONUS = 10         # cutthroat: what the dummy is worth to a maker who merges it
    EU_DEALER_PARTNER_SHARE = 2 # the upcard helps the dealer's partner by value / this
    EU_T_CUTTHROAT = 0          # EUBidTables game index: r.partnership
    EU_T_EUCHRE = 1
    EU_T_POS = 4                # seats by position from the dealer's left (eu_pos)
    EU_F_RIGHT = 0              # eu_features: the right bower held (0/1) ...
    EU_F_LEFT = 1               # ... the left bower
    EU_F_ACE = 2                # ... trump ace, king, queen, ten, nine
    EU_F_KING = 3
    EU_F_QUEEN = 4
    EU_F_TEN = 5
    EU_F_NINE = 6
    EU_F_TRUMPS = 7             # trumps held
    EU_F_ACES = 8               # off-suit aces
    EU_F_ACE_KINGS = 9          # off-suit kings beside their ace
    EU_F_KINGS = 10             # off-suit kings without their ace
    EU_F_VOIDS = 11             # off-suit voids, with two trumps or more (else 0)
    EU_F_NEXT = 12              # round 2: trump is the turned-down card's colour partner ("next")
    EU_F_UPCARD = 13            # round 1, not the dealer: the upcard's share (tenths, + partner, - opponent)
    EU_F_ONE = 14               # 1
    EU_FEATURES = 15
    EU_NEAR_SHIFT = 16          # eu_rules_near_game: EURules.target_score's bits from here on (two a side) ...
    EU_LONE_WINS_SHIFT = 22     # ... and one a side from here: only a lone march wins the game this hand
    EU_LONE_GAME_FAR = 0        # thousandths of a point added to the alone gain when only a lone march wins ...
    EU_LONE_GAME_NEAR = 0       # ... and when the opponents too are a march from the game (both learned: 0)
    EU_TARGET_MASK = 0xFFFF     # ... and the target below them (target_score is at most 1000)

# -- the learned decision table (issue 11) -------------------------------------------
# Written by scripts/euchre_bid_table.py into src/cardsim/data/euchre_bids.json, loaded by
# euchre/euchre.pyx (set_euchre_bid_table) into the one copy, in euchre/play.pyx; a module that
# compiles the players points EU_TABLES at it when it is loaded (``EU_TABLES =
# eu_bid_tables()``, euchre/play.pxd).  A NULL pointer or a game not loaded: the hand-set
# rules (the thresholds above, eu_expects_march).  Game g = r.partnership, round k = 0
# (order up / take up) or 1 (name a suit), p = eu_pos (0: the dealer's left .. seats - 1:
# the dealer); coefficients in thousandths of a point per feature (EU_F_*, eu_features):
#   make[g][k][p][i]   the expected net points that making trump (not alone) gains over
#                      passing: a least-squares fit to the bid odds with the same players
#   alone[g][k][p][i]  the expected net points that going alone gains over not, fitted alike
#                      but only on hands in eu_alone_domain (strong trump holdings), and
#                      read only there
#   defend[g]          a defender goes alone when eu_hand_value with the trump reaches it
#                      (tenths of a trick; fitted by play-outs from resampled worlds)
# The features read no suit index (trump, its colour partner and the other suits only by
# role), so the decisions stay suit-symmetric.

#
# The players read the coefficients folded into an EUGain per table row (eu_gain_fold, done once
# when the table loads): the trump lane's seven features, trumps held and the constant are one
# sum per half of the lane (lo: bits 0-3, hi: bits 4-7), looked up instead of added a feature at
# a time; the rest keep their coefficient.  The sums are exact, so the decisions are the same.

cdef extern from *:
    """
    typedef struct {
        int lo[16]; int hi[16]; int aces; int ace_kings; int kings; int voids; int next; int upcard;
        int pad[26];   /* 256 bytes: a row's address is a shift of its index */
    } EUGain;
    typedef struct {
        int loaded[2]; int make[2][2][4][15]; int alone[2][2][4][15]; int defend[2]; int lone_game[2][2];
        EUGain make_gain[2][2][4]; EUGain alone_gain[2][2][4];
    } EUBidTables;
    static EUBidTables* EU_TABLES = 0;
    """
    ctypedef struct EUGain:
        int lo[16]                  # per value of the trump lane's bits 0-3: their features' sum, + EU_F_ONE's
        int hi[16]                  # ... of its bits 4-7
        int aces                    # the other features' coefficients (EU_F_ACES ... EU_F_UPCARD)
        int ace_kings
        int kings
        int voids
        int next
        int upcard
    ctypedef struct EUBidTables:
        int loaded[2]
        int make[2][2][EU_T_POS][EU_FEATURES]
        int alone[2][2][EU_T_POS][EU_FEATURES]
        int defend[2]
        int lone_game[2][2]                 # eu_goes_alone's bonus when only a lone march wins the game [opponents a march from it]
        EUGain make_gain[2][2][EU_T_POS]    # make and alone folded (eu_gain_fold)
        EUGain alone_gain[2][2][EU_T_POS]
    EUBidTables* EU_TABLES

cdef extern from *:
    """
    #define CARDSIM_EU_LANE_TOP 0x8000800080008000ULL
    """
    const uint64_t EU_LANE_TOP "CARDSIM_EU_LANE_TOP"  # bit 15 of every lane (no card sits there)

cdef extern from *:
    """
    static const int cardsim_eu_trump_value[8] = {10, 11, 0, 13, 16, 20, 25, 30};
    """
    const int* EU_TRUMP_VALUE "cardsim_eu_trump_value"  # tenths of a trick per trump lane position

cdef inline bint eu_table(const EURules* r) noexcept nogil:
    return EU_TABLES != NULL and EU_TABLES.loaded[r.partnership]

cdef inline int eu_threshold(const EURules* r) noexcept nogil:
    """The hand-set threshold on eu_bid_value (no table loaded)."""
    return EU_ORDER_THRESHOLD if r.partnership else EU_CUTTHROAT_THRESHOLD

# -- the off suits on the mask (eu_hand_value, eu_features) ---------------------------
# ``off``: a hand's effective cards less the trump lane.  An ace is bit 5 of its lane, a king
# bit 4 (its ace one above it).

cdef inline int eu_off_aces(uint64_t off) noexcept nogil:
    return popcount(off & (<uint64_t>0x20 * ALL_LANES_BB))

cdef inline int eu_off_ace_kings(uint64_t off) noexcept nogil:
    """Kings beside their ace."""
    return popcount(off & (off >> 1) & (<uint64_t>0x10 * ALL_LANES_BB))

cdef inline int eu_off_kings(uint64_t off) noexcept nogil:
    """Kings without their ace."""
    return popcount(off & ~(off >> 1) & (<uint64_t>0x10 * ALL_LANES_BB))

cdef inline int eu_off_voids(uint64_t off) noexcept nogil:
    """The three off suits without a card: a lane's bit 0 of ``held`` gathers its bits 0..7 (what
    a shift carries in from the lane above lands at bit 9 or more)."""
    cdef uint64_t held = off | (off >> 1)
    held |= held >> 2
    held |= held >> 4
    return 3 - popcount(held & ALL_LANES_BB)

# -- hand values ---------------------------------------------------------------------

cdef inline int eu_hand_value(uint64_t e, int t) noexcept nogil:
    """Rough tricks (in tenths) the effective hand ``e`` takes with trump ``t``.

    Each trump by rank (right bower 3.0 .. nine 1.0), each off-suit ace 1.0, an
    off-suit king beside its ace 0.4, and with two or more trumps 0.6 per void suit.
    """
    cdef uint64_t trumps = e & lane_bb(t), off = e & ~lane_bb(t)
    cdef int v = 10 * eu_off_aces(off) + 4 * eu_off_ace_kings(off), n_trumps = popcount(trumps)
    while trumps:
        v += EU_TRUMP_VALUE[lsb(trumps) & 15]
        trumps &= trumps - 1
    if n_trumps >= 2:
        v += 6 * eu_off_voids(off)
    return v

ctypedef struct EUSuitView:
    # what eu_suit_keys reads; the keys are packed on the first tie only (ties are rare)
    uint64_t e
    uint64_t played
    int t
    int ready
    uint64_t key[4]

cdef inline void eu_suit_view(EUSuitView* v, uint64_t e, uint64_t played, int t) noexcept nogil:
    v.e, v.played, v.t, v.ready = e, played, t, 0

cdef inline void eu_suit_keys(EUSuitView* v) noexcept nogil:
    """Per suit, what a player sees of it once ``t`` is trump, packed without its index.

    key[s] packs the effective cards of s held (``e``) and played, and the suit's part:
    trump, trump's colour partner (which lost its jack), or one of the two suits of the
    other colour.  Ties between cards of equal worth go to the suit with the smaller key;
    only the two suits of the other colour can share a key, and then they look alike in
    every respect the heuristic reads (either choice is right; the lowest bit picks).
    """
    cdef int s, t = v.t
    for s in range(4):
        v.key[s] = (((v.e >> (16 * s)) & 0xFF) | (((v.played >> (16 * s)) & 0xFF) << 8)
                    | (<uint64_t>(0 if s == t else (1 if s == 3 - t else 2)) << 16))
    v.ready = 1

cdef inline bint eu_before(int c, int best, EUSuitView* v) noexcept nogil:
    """Between two cards of equal worth: the suit with the smaller key, then the lower bit."""
    if (c >> 4) == (best >> 4):
        return c < best
    if not v.ready:
        eu_suit_keys(v)
    cdef uint64_t kc = v.key[c >> 4], kb = v.key[best >> 4]
    return kc < kb or (kc == kb and c < best)

cdef inline int eu_cheapest(uint64_t cards, int t, EUSuitView* key) noexcept nogil:
    """The lowest card of ``cards`` (non-empty), any plain card before any trump (ties: eu_before).

    Trumps share one lane, so without a plain card the lowest bit is the card.  Among plain
    cards the lowest rank position is the lowest bit of the four lanes folded onto one; only
    the cards at that position in other suits tie, and eu_before orders those."""
    cdef uint64_t plain = cards & ~lane_bb(t), ties
    cdef int best, c
    if not plain:
        return lsb(cards)
    ties = plain & (ALL_LANES_BB << lsb(plain | (plain >> 16) | (plain >> 32) | (plain >> 48)))
    best = lsb(ties)
    ties &= ties - 1
    while ties:
        c = lsb(ties)
        ties &= ties - 1
        if eu_before(c, best, key):
            best = c
    return best

cdef inline int eu_worst_card(uint64_t e, int t) noexcept nogil:
    """The card of ``e`` (non-empty, effective for trump ``t``) a player least wants to keep: by
    what it is worth, trump (by rank) over an off ace over the other cards by rank, and among
    those a singleton (throwing it makes a void) before the rest; ties: eu_before.

    The plain cards that are not aces are looked at first, the singletons among them first;
    among a group the lowest rank is eu_cheapest's choice.  Then the off aces, all of one rank
    (eu_cheapest: eu_before orders them); then the lowest trump (one lane: its lowest bit).

    The singletons on the mask at once: with bit 15 of every lane set, subtracting 1 per lane
    borrows within the lane only, and a lane x becomes 0x8000 + x - 1 (x > 0) or 0x7FFF (x = 0);
    so ``more`` (x & (x - 1) per lane) is empty exactly in the lanes of at most one card, and
    the same subtraction on it marks those lanes at bit 15."""
    cdef uint64_t plain = e & ~lane_bb(t), low = plain & ~(<uint64_t>0x20 * ALL_LANES_BB), more, single_lanes
    cdef EUSuitView key
    if not plain:
        return lsb(e)
    eu_suit_view(&key, e, 0, t)
    if low:
        more = plain & ((plain | EU_LANE_TOP) - ALL_LANES_BB)
        single_lanes = EU_LANE_TOP & ~((more | EU_LANE_TOP) - ALL_LANES_BB)   # bit 15: at most one card
        single_lanes = (single_lanes >> 15) * <uint64_t>0xFF & low             # the cards of those lanes
        return eu_cheapest(single_lanes if single_lanes else low, t, &key)
    return eu_cheapest(plain, t, &key)

cdef inline uint64_t eu_drop_worst(uint64_t e, int t, int n) noexcept nogil:
    """``e`` less its ``n`` least wanted cards (eu_worst_card), one at a time: voids emerge as
    suits shorten."""
    cdef int i
    for i in range(n):
        e &= ~bit_bb(eu_worst_card(e, t))
    return e

cdef inline bint eu_expects_march(uint64_t e, int t) noexcept nogil:
    """A hand to go alone with: only trumps and off aces with the two bowers, or four trumps
    with the three top ones."""
    cdef uint64_t trumps = e & lane_bb(t)
    cdef int n_trumps = popcount(trumps), top = 0, pos = EU_RIGHT, off_aces
    while pos >= 3 and (trumps >> (16 * t + pos)) & 1:
        top += 1
        pos -= 1
    off_aces = popcount(e & ~lane_bb(t) & (<uint64_t>0x20 * ALL_LANES_BB))
    return (n_trumps >= 3 and top >= 2 and n_trumps + off_aces == EU_HAND_SIZE) or (n_trumps >= 4 and top >= 3)

cdef inline int eu_bid_value(const EUHand* h, const EURules* r, int s, int t, bint with_upcard) noexcept nogil:
    """Value to seat ``s`` of making trump ``t`` (round 1: the upcard goes to the dealer)."""
    cdef uint64_t e = eu_effective(h.hand[s], t)
    cdef int up, v
    if with_upcard:
        up = eu_effective_card(h.upcard, t)
        if s == h.dealer:
            return eu_hand_value(eu_drop_worst(e | bit_bb(up), t, 1), t) + (0 if r.partnership else EU_DUMMY_BONUS)
        v = eu_hand_value(e, t)
        if r.partnership and s == eu_partner(r, h.dealer):
            v += EU_TRUMP_VALUE[up & 15] // EU_DEALER_PARTNER_SHARE
        else:
            v -= EU_TRUMP_VALUE[up & 15] // EU_DEALER_PARTNER_SHARE
    else:
        v = eu_hand_value(e, t)
    return v + (0 if r.partnership else EU_DUMMY_BONUS)

ctypedef struct EUFeatures:
    # eu_features, compact: the trump lane (EU_F_RIGHT .. EU_F_NINE are its bits) and the counts
    int lane                    # the trump lane of the five cards (effective: bits 0..7)
    int trumps                  # EU_F_TRUMPS
    int aces                    # EU_F_ACES
    int ace_kings               # EU_F_ACE_KINGS
    int kings                   # EU_F_KINGS
    int voids                   # EU_F_VOIDS
    int next                    # EU_F_NEXT
    int upcard                  # EU_F_UPCARD (EU_F_ONE is 1)

cdef extern from *:
    """
    static const int cardsim_eu_lane_feature[8] = {6, 5, -1, 4, 3, 2, 1, 0};
    """
    # the EU_F_* of each trump lane position 0..7 (9, 10, -: the jack's place is empty once
    # effective, Q, K, A, left, right bower)
    const int* EU_LANE_FEATURE "cardsim_eu_lane_feature"

cdef inline void eu_features(const EUHand* h, const EURules* r, int s, int t, int k, EUFeatures* f) noexcept nogil:
    """The table's features (EU_F_*) of seat ``s`` making ``t`` in round ``k + 1``: its five cards
    once trump is made (the dealer in round 1 with the upcard, less eu_drop_worst's card, as it
    will discard), by role, never by suit index.  Called at the bid (the hand physical) and again
    at the alone decision (effective, the pickup done): both give the same features.

    At the bid, other than the dealer's in round 1, only trump's lane needs the bowers moved
    (eu_effective's work): the off suits are the physical ones less the left bower."""
    cdef uint64_t e = h.hand[s], lane
    cdef int up, n
    f.upcard = 0
    f.next = 0
    if k == 0:
        up = eu_effective_card(h.upcard, t) if h.trump < 0 else h.upcard
        if s == h.dealer:
            if h.trump < 0:
                e = eu_drop_worst(eu_effective(e, t) | bit_bb(up), t, 1)
        else:
            f.upcard = EU_TRUMP_VALUE[up & 15] >> 1   # // EU_DEALER_PARTNER_SHARE (2) of a value >= 0
            if not (r.partnership and s == eu_partner(r, h.dealer)):
                f.upcard = -f.upcard
    else:
        up = h.upcard >> 4                  # the turned-down card's own suit (physical) ...
        if h.trump >= 0 and up == t and (h.upcard & 15) == EU_LEFT:
            up = 3 - t                      # ... also once it is effective (a left bower)
        f.next = up == 3 - t
    if h.trump < 0 and not (k == 0 and s == h.dealer):
        lane = (e >> (16 * t)) & 0xFF       # physical: the jacks of trump's colour become the bowers
        f.lane = <int>((lane & ~(<uint64_t>1 << EU_JACK)) | ((lane >> EU_JACK & 1) << EU_RIGHT)
                       | ((e >> (16 * (3 - t) + EU_JACK) & 1) << EU_LEFT))
        e &= ~bit_bb(16 * (3 - t) + EU_JACK)
    else:
        f.lane = (e >> (16 * t)) & 0xFF
    n = popcount(f.lane)
    f.trumps = n
    e &= ~lane_bb(t)
    f.aces = eu_off_aces(e)
    f.ace_kings = eu_off_ace_kings(e)
    f.kings = eu_off_kings(e)
    f.voids = eu_off_voids(e) if n >= 2 else 0

cdef inline void eu_gain_fold(const int* coef, EUGain* out) noexcept nogil:
    """``out``: the coefficients ``coef`` (EU_F_*) of one table row, folded for eu_gain.  A trump
    lane bit adds its own feature's coefficient and EU_F_TRUMPS's (trumps held is the lane's
    popcount), so each half of the lane sums to one entry; EU_F_ONE goes into ``lo``."""
    cdef int x, b, v, half
    for half in range(2):
        for x in range(16):
            v = coef[EU_F_ONE] if half == 0 else 0
            for b in range(4):
                if (x >> b) & 1:
                    v += coef[EU_F_TRUMPS]
                    if EU_LANE_FEATURE[4 * half + b] >= 0:
                        v += coef[EU_LANE_FEATURE[4 * half + b]]
            if half == 0:
                out.lo[x] = v
            else:
                out.hi[x] = v
    out.aces = coef[EU_F_ACES]
    out.ace_kings = coef[EU_F_ACE_KINGS]
    out.kings = coef[EU_F_KINGS]
    out.voids = coef[EU_F_VOIDS]
    out.next = coef[EU_F_NEXT]
    out.upcard = coef[EU_F_UPCARD]

cdef inline int eu_gain(const EUGain* g, const EUFeatures* f) noexcept nogil:
    """The row's sum of coefficient times feature (eu_gain_fold's ``g``)."""
    return (g.lo[f.lane & 15] + g.hi[f.lane >> 4] + g.aces * f.aces + g.ace_kings * f.ace_kings
            + g.kings * f.kings + g.voids * f.voids + g.next * f.next + g.upcard * f.upcard)

cdef inline bint eu_alone_domain(const EUFeatures* f) noexcept nogil:
    """Going alone is a question only for a maker with a bower, two trumps or more and at most
    one card that is neither a trump nor an off ace (features ``f``): the alone count is fitted
    on such hands only (scripts/euchre_bid_table.py alone_samples), and never goes alone outside."""
    return (f.lane >> EU_LEFT) != 0 and f.trumps >= 2 and f.trumps + f.aces >= 4

cdef inline bint eu_alone_pays(const EURules* r) noexcept nogil:
    """Alone gives up the partner (the dummy in cutthroat) and gains only the lone march's
    bonus: never when there is none (cutthroat's default 3 = 3: keeping 5 of 10 is never worse
    than one's own 5)."""
    return r.lone_march_points > r.march_points

# -- near game ----------------------------------------------------------------------
# RULES.md: the game ends after the hand in which a side reaches target_score, so the points a
# hand can win are capped by what the side still needs, need = target_score - its score.  Going
# alone adds only the lone march's bonus over a march (lone_march_points against march_points)
# and gives up the partner's (dummy's) tricks: it can pay only while a march with the partner
# falls short of the game, need > march_points.  Partnership euchre (target 10, march 2, lone
# march 4): a team at 8 (a march wins) or 9 (any make wins) never goes alone; alike a defender
# never defends alone when a euchre with the partner wins the game (need <= euchre_points).
# At 6-7 (march_points < need <= lone_march_points) only a lone march wins the game in this hand:
# the lone march's bonus is then worth the game, not 2 points, while a euchre alone may hand it
# to opponents at 8-9.  eu_goes_alone adds EUBidTables.lone_game to the alone count there
# (eu_lone_march_wins), one bonus while the opponents are short of a march from the game and
# one once they are a march from it; learned by paired whole games (scripts/euchre_lone_game.py,
# the bonus on one team only, the same deals), no bonus tried won games: both +-0.5 point
# -0.15% / -0.09% (z -16 / -9, 200,000 games); far only +0.5 / -0.5 point -0.117% / -0.012% +-
# 0.011% (z -11.5 / -1.1, 100,000 games); near only +0.25 / +0.4 / +1 / -1 point -0.008% /
# -0.017% / -0.026% / -0.27% (z -2.0 / -3.5 / -3.2 / -19): the count fitted at the start of a
# game already goes alone at 6-7 about where it wins the most games, so both ship as 0.  The score reaches the players in the rules
# they are handed, not in EUHand (whose layout pickles pin): a hand inside a game is played under
# eu_rules_near_game's copy, whose target_score carries two flags per side above EU_NEAR_SHIFT
# and one per side above EU_LONE_WINS_SHIFT; single hands and the bid odds play under the plain
# rules (no flag: the start of a game).

cdef inline void eu_rules_near_game(const EURules* r, const int* score, EURules* out) noexcept nogil:
    """``out``: ``r`` for a hand of a game in which side k (team, or seat in cutthroat) has
    ``score[k]``: per side, bit EU_NEAR_SHIFT + 2k set when a march reaches the game (need <=
    march_points: no going alone), bit EU_NEAR_SHIFT + 2k + 1 when a euchre does (need <=
    euchre_points: no defending alone); bit EU_LONE_WINS_SHIFT + k when only a lone march wins
    it (march_points < need <= lone_march_points: eu_lone_march_wins)."""
    cdef int k, need, target = r.target_score & EU_TARGET_MASK
    out[0] = r[0]
    out.target_score = target
    for k in range(2 if r.partnership else r.seats):
        need = target - score[k]
        if need <= r.march_points:
            out.target_score |= 1 << (EU_NEAR_SHIFT + 2 * k)
        elif need <= r.lone_march_points:
            out.target_score |= 1 << (EU_LONE_WINS_SHIFT + k)
        if need <= r.euchre_points:
            out.target_score |= 1 << (EU_NEAR_SHIFT + 2 * k + 1)

cdef inline bint eu_lone_bonus_counts(const EURules* r, int s) noexcept nogil:
    """Whether a lone march's bonus can still count for seat ``s``'s side (eu_rules_near_game)."""
    cdef int side = s & 1 if r.partnership else s
    return not ((r.target_score >> (EU_NEAR_SHIFT + 2 * side)) & 1)

cdef inline bint eu_lone_march_wins(const EURules* r, int s) noexcept nogil:
    """Whether only a lone march wins the game for seat ``s``'s side in this hand (a march with
    the partner falls short of it; eu_rules_near_game): partnership euchre at 6 or 7 of 10."""
    cdef int side = s & 1 if r.partnership else s
    return (r.target_score >> (EU_LONE_WINS_SHIFT + side)) & 1

cdef inline bint eu_lone_defence_counts(const EURules* r, int s) noexcept nogil:
    """Whether a lone defender's march can still count for seat ``s``'s side (eu_rules_near_game)."""
    cdef int side = s & 1 if r.partnership else s
    return not ((r.target_score >> (EU_NEAR_SHIFT + 2 * side + 1)) & 1)

cdef inline bint eu_makes(const EUHand* h, const EURules* r, int s, int t, int k) noexcept nogil:
    """With the table: make ``t`` when the fitted gain of making, plus that of going alone
    where it is positive and pays, is above nothing; else the hand-set threshold."""
    cdef EUFeatures f
    cdef int g = r.partnership, p, gain, alone
    if not eu_table(r):
        return eu_bid_value(h, r, s, t, k == 0) >= eu_threshold(r)
    p = eu_pos(h, r, s)
    eu_features(h, r, s, t, k, &f)
    gain = eu_gain(&EU_TABLES.make_gain[g][k][p], &f)
    if eu_alone_pays(r) and eu_alone_domain(&f) and eu_lone_bonus_counts(r, s):
        alone = eu_gain(&EU_TABLES.alone_gain[g][k][p], &f)
        if alone > 0:
            gain += alone
    return gain > 0

cdef inline bint eu_goes_alone(const EUHand* h, const EURules* r, int s) noexcept nogil:
    """Only where a lone march pays a bonus: with a hand expected to march (eu_expects_march),
    or with the table, for a hand in eu_alone_domain (a bower, two trumps or more, at most one
    card neither trump nor an off ace: the only hands the alone count is fitted on), when the
    fitted gain of going alone (same features as the bid; per round and position) is above
    nothing.  Outside the domain going alone cannot pay (two losers or no bower); inside it the
    position decides much: in round 1 alone pays on about 71% of the dealer's strong holdings
    and 12% of its right's.  Never once a march with the partner wins the game
    (eu_lone_bonus_counts: a team at 8 or 9 of 10).  Where only a lone march wins the game (a
    team at 6 or 7 of 10, eu_lone_march_wins) the gain gets EUBidTables.lone_game on top (the
    opponents short of a march from the game, or a march from it): what the game-winning bonus
    is worth beyond the 2 points the count prices it at, learned by whole games
    (scripts/euchre_lone_game.py: paired games, the bonus on one side only; learned 0 and 0,
    see "near game" above).  The untabled rule (eu_expects_march) does not read it."""
    cdef EUFeatures f
    cdef int k = h.round - 1, gain
    if not eu_alone_pays(r) or not eu_lone_bonus_counts(r, s):
        return False
    if eu_expects_march(h.hand[s], h.trump):
        return True
    if eu_table(r):
        eu_features(h, r, s, h.trump, k, &f)
        if not eu_alone_domain(&f):
            return False
        gain = eu_gain(&EU_TABLES.alone_gain[r.partnership][k][eu_pos(h, r, s)], &f)
        if eu_lone_march_wins(r, s):
            gain += EU_TABLES.lone_game[r.partnership][not eu_lone_bonus_counts(r, s + 1)]
        return gain > 0
    return False

cdef inline bint eu_defends_alone(const EUHand* h, const EURules* r, int s) noexcept nogil:
    """A lone defender scores more than a euchre only by taking all five tricks, so never when
    lone_defender_march_points does not beat euchre_points; else the learned threshold on the
    defender's eu_hand_value with the trump (fitted by play-outs from resampled worlds), or
    without a table the hand-set eu_expects_march.  Never once a euchre with the partner wins
    the game (eu_lone_defence_counts)."""
    if r.lone_defender_march_points <= r.euchre_points or not eu_lone_defence_counts(r, s):
        return False
    if eu_table(r):
        return eu_hand_value(h.hand[s], h.trump) >= EU_TABLES.defend[r.partnership]
    return eu_expects_march(h.hand[s], h.trump)

# -- card play helpers ---------------------------------------------------------------

cdef inline uint64_t eu_bosses(uint64_t cards, uint64_t unseen) noexcept nogil:
    """Cards of ``cards`` that no unseen card of their (effective) suit outranks.

    ``above``: every position with an unseen card 1 to 8 places higher in its lane (cards sit
    at lane positions 0..7, so a bit that a shift carries out of its lane lands at position 8
    or more of the lane below, where no card is)."""
    cdef uint64_t above = unseen >> 1
    above |= above >> 1
    above |= above >> 2
    above |= above >> 4
    return cards & ~above

cdef inline uint64_t eu_winners(uint64_t cards, int best, int t) noexcept nogil:
    """Cards of ``cards`` that beat the effective card ``best`` (eu_beats): higher in its
    suit, or any trump over a plain card."""
    cdef uint64_t beats = above_in_lane_bb(best)
    if (best >> 4) != t:
        beats |= lane_bb(t)
    return cards & beats

cdef inline int eu_heuristic_lead(bint maker_side, uint64_t held, uint64_t unseen, int t,
                                  EUSuitView* key) noexcept nogil:
    cdef uint64_t trumps = held & lane_bb(t), plain = held & ~lane_bb(t), bosses
    if maker_side and trumps and (unseen & lane_bb(t)):
        bosses = eu_bosses(trumps, unseen)  # the maker pulls trump: a boss, else low from length
        if bosses:
            return msb(bosses)
        if popcount(trumps) >= 2:
            return lsb(trumps)
    bosses = eu_bosses(plain, unseen)
    if bosses:
        return eu_cheapest(bosses, t, key)
    return eu_cheapest(held, t, key)

cdef inline int eu_heuristic_choice(uint64_t held, uint64_t legal, uint64_t played, int t, bint lead,
                                    bint maker_side, int best, bint friend_wins, bint last) noexcept nogil:
    """Lead as eu_heuristic_lead; follow: a friend's winning trick gets the cheapest card (never a
    trump when a plain card will do); else win as cheaply as possible, with a boss when others
    still play; else throw the cheapest card.  What it reads: the seat's cards ``held``, those it
    may play (``legal``, more than one), every card ``played`` so far (this trick's too), trump;
    leading: whether the seat is on the maker's side; following: the card winning the trick
    (``best``), whether a friend played it, whether the seat plays last to the trick."""
    cdef uint64_t unseen = eu_effective_deck(t) & ~played & ~held
    cdef uint64_t winners, bosses
    cdef EUSuitView view
    eu_suit_view(&view, held, played, t)
    cdef EUSuitView* key = &view
    if lead:
        return eu_heuristic_lead(maker_side, legal, unseen, t, key)
    if friend_wins:
        return eu_cheapest(legal, t, key)
    winners = eu_winners(legal, best, t)
    if not winners:
        return eu_cheapest(legal, t, key)
    if not last:
        bosses = eu_bosses(winners, unseen)
        if bosses:
            return eu_cheapest(bosses, t, key)
    return eu_cheapest(winners, t, key)

cdef inline int eu_heuristic_card(const EUHand* h, const EURules* r) noexcept nogil:
    """The heuristic's card for the seat to act (eu_heuristic_choice)."""
    cdef uint64_t legal = eu_legal(h)
    if not (legal & (legal - 1)):
        return lsb(legal)
    cdef int s = h.to_act, t = h.trump
    if h.n_in_trick == 0:
        return eu_heuristic_choice(h.hand[s], legal, h.played, t, True, eu_same_side(h, r, s, h.maker), 0, False,
                                   False)
    return eu_heuristic_choice(h.hand[s], legal, h.played, t, False, False, h.trick[h.best],
                               eu_same_side(h, r, s, h.trick_seat[h.best]), h.n_in_trick == h.n_active - 1)

# -- dispatch ------------------------------------------------------------------------

cdef inline uint64_t eu_name_key(uint64_t hand, int t, int upcard) noexcept nogil:
    """What naming ``t`` looks like, without suit indices: the effective lanes of trump, of
    its colour partner, then of the two other suits (the upcard's suit first when it is one
    of them, else the longer lane first), and where the upcard lies.  Two suits with the
    same key are interchanged by a renaming that keeps the colours, the hand and the upcard."""
    cdef uint64_t e = eu_effective(hand, t)
    cdef int u = upcard >> 4, o = 1 if t == 0 or t == 3 else 0   # o, 3 - o: the other colour
    cdef uint64_t a = (e >> (16 * o)) & 0xFF, b = (e >> (16 * (3 - o))) & 0xFF, x
    cdef int where = 0 if u == 3 - t else 1
    if u == 3 - o:
        a, b = b, a
    elif u != o and a < b:
        a, b = b, a
    x = (((e >> (16 * t)) & 0xFF) << 24) | (((e >> (16 * (3 - t))) & 0xFF) << 16) | (a << 8) | b
    return (x << 4) | (<uint64_t>where << 3) | <uint64_t>(upcard & 7)

cdef inline int eu_best_suit(const EUHand* h, const EURules* r, int s, int exclude, int* value) noexcept nogil:
    """The suit (not ``exclude``) of the best eu_bid_value; ties: the larger eu_name_key, never
    the suit order (equal keys: suits interchangeable, the lower index is taken).  The keys are
    made on a tie only (``keyed``: best_k is the key of ``best``)."""
    cdef int t, v, best = -1, best_v = -(1 << 30)
    cdef bint keyed = False
    cdef uint64_t k, best_k = 0
    for t in range(4):
        if t == exclude:
            continue
        v = eu_bid_value(h, r, s, t, False)
        if v > best_v:
            best, best_v, keyed = t, v, False
        elif v == best_v:
            if not keyed:
                best_k, keyed = eu_name_key(h.hand[s], best, h.upcard), True
            k = eu_name_key(h.hand[s], t, h.upcard)
            if k > best_k:
                best, best_k = t, k
    value[0] = best_v
    return best

cdef inline bint eu_bid1_choice(EUHand* h, const EURules* r, int policy) noexcept nogil:
    """Round 1: whether the seat to act orders up, by ``policy`` (the heuristic: eu_makes; random:
    a coin from the hand's stream): the same calls as eu_heuristic_step's and eu_random_step's
    first phase.  eu_play_out calls it straight, this being the most frequent step
    (eu_heuristic_step's frame, set up for its every phase, cost more than the choice; the steps
    keep their own calls: through this function gcc inlined differently, callgrind: euchre
    heuristic 4,228 and random 2,331 instructions a hand against 4,086 and 2,314)."""
    if policy == POLICY_HEURISTIC:
        return eu_makes(h, r, h.to_act, h.upcard >> 4, 0)
    return rng_below(&h.rng, 2)

cdef inline void eu_heuristic_step(EUHand* h, const EURules* r) noexcept nogil:
    """Order up / name the best other suit (the best eu_bid_value) by eu_makes (the learned
    gain per round and position from the dealer; the dealer stuck in round 2 names it); the
    dealer always takes the upcard and drops its least wanted card; alone by eu_goes_alone,
    defend alone by eu_defends_alone (each only where the lone march pays a bonus);
    the merge keeps the best 5 of 10 (trumps, aces, then rank, voids made where possible).
    The game score is read only near game, by going alone and defending alone (the flags of
    eu_rules_near_game in ``r``: whole games, EuchreState.game_score); single hands and the
    bid odds are the start of a game."""
    cdef int s = h.to_act, value, suit
    if h.phase == EPH_BID1:
        eu_bid1(h, r, eu_makes(h, r, s, h.upcard >> 4, 0))
    elif h.phase == EPH_PICKUP:
        eu_pickup(h, r, True)
    elif h.phase == EPH_DISCARD:
        eu_discard(h, r, lsb(h.hand[s] & ~eu_drop_worst(h.hand[s], h.trump, 1)))
    elif h.phase == EPH_BID2:
        suit = eu_best_suit(h, r, s, h.upcard >> 4, &value)
        eu_bid2(h, r, suit if not eu_may_pass2(h, r) or eu_makes(h, r, s, suit, 1) else -1)
    elif h.phase == EPH_ALONE:
        eu_alone(h, r, eu_goes_alone(h, r, s))
    elif h.phase == EPH_MERGE:
        eu_merge(h, r, eu_drop_worst(h.hand[s], h.trump, EU_HAND_SIZE))
    elif h.phase == EPH_DEFEND:
        eu_defend(h, r, eu_defends_alone(h, r, s))
    elif h.phase == EPH_PLAY:
        eu_play(h, r, eu_heuristic_card(h, r))

cdef inline void eu_random_step(EUHand* h, const EURules* r) noexcept nogil:
    cdef int s = h.to_act, k, n, i
    cdef uint64_t e
    if h.phase == EPH_BID1:
        eu_bid1(h, r, rng_below(&h.rng, 2))
    elif h.phase == EPH_PICKUP:
        eu_pickup(h, r, rng_below(&h.rng, 2))
    elif h.phase == EPH_DISCARD:
        e = h.hand[s]
        eu_discard(h, r, nth_bit(e, rng_below(&h.rng, popcount(e))))
    elif h.phase == EPH_BID2:
        n = 3 + eu_may_pass2(h, r)
        k = rng_below(&h.rng, n)   # 0..2: the other suits in order; 3: pass
        if k == 3:
            eu_bid2(h, r, -1)
        else:
            eu_bid2(h, r, k + (k >= (h.upcard >> 4)))
    elif h.phase == EPH_ALONE:
        eu_alone(h, r, rng_below(&h.rng, 2))
    elif h.phase == EPH_MERGE:
        e = h.hand[s]
        for i in range(EU_HAND_SIZE):
            e &= ~bit_bb(nth_bit(e, rng_below(&h.rng, popcount(e))))
        eu_merge(h, r, e)
    elif h.phase == EPH_DEFEND:
        eu_defend(h, r, rng_below(&h.rng, 2))
    elif h.phase == EPH_PLAY:
        eu_play(h, r, eu_random_card(h, eu_legal(h)))

cdef inline void eu_policy_step(EUHand* h, const EURules* r, int policy) noexcept nogil:
    if policy == POLICY_HEURISTIC:
        eu_heuristic_step(h, r)
    else:
        eu_random_step(h, r)

ctypedef struct EUTrick:
    # a trick of eu_random_tricks / eu_tricks, in locals
    uint64_t cards              # its cards so far
    uint64_t led                # the led suit's lane; 0 before the lead
    int best                    # the card winning it so far ...
    int winner                  # ... and its seat

cdef inline void eu_tricks_start(const EUHand* h, const EURules* r, uint64_t* hands, int* nxt) noexcept nogil:
    """The seats' cards into ``hands``, and each seat's next active seat."""
    cdef int i
    for i in range(r.seats):
        hands[i] = h.hand[i]
        nxt[i] = eu_next_active(h, r, i)

cdef inline void eu_trick_lead(EUTrick* k, int leader) noexcept nogil:
    k.cards = 0
    k.led = 0
    k.best = -1
    k.winner = leader

cdef inline void eu_trick_card(EUTrick* k, uint64_t* hands, int seat, int card, int t) noexcept nogil:
    """``seat`` plays ``card`` to the trick (eu_play's rules; the first card leads)."""
    hands[seat] &= ~bit_bb(card)
    k.cards |= bit_bb(card)
    if not k.led:
        k.led = lane_bb(card >> 4)
        k.best = card
    elif eu_beats(card, k.best, t):
        k.best, k.winner = card, seat

cdef inline void eu_trick_taken(EUHand* h, const EUTrick* k) noexcept nogil:
    h.won[k.winner] |= k.cards
    h.played |= k.cards
    h.tricks[k.winner] += 1
    h.tricks_played += 1

cdef inline void eu_tricks_end(EUHand* h, const EURules* r, const uint64_t* hands, int leader) noexcept nogil:
    """The hand after its five tricks (``leader``: the last trick's winner), scored."""
    cdef int i
    for i in range(r.seats):
        h.hand[i] = hands[i]
    h.leader = leader
    h.last_winner = leader
    h.to_act = leader
    h.n_in_trick = 0
    eu_score(h, r)

cdef inline void eu_random_tricks(EUHand* h, const EURules* r) noexcept nogil:
    """All five tricks with random players only, from the first lead, in registers.

    The same rules and the same draws as eu_play with eu_random_card, so a batch
    hand replays exactly through the step API."""
    cdef uint64_t hands[EU_MAX_SEATS]
    cdef int nxt[EU_MAX_SEATS]
    cdef uint64_t legal
    cdef int leader = h.leader, seat, i, n = h.n_active
    cdef EUTrick k
    eu_tricks_start(h, r, hands, nxt)
    while h.tricks_played < EU_TRICKS:
        eu_trick_lead(&k, leader)
        seat = leader
        for i in range(n):
            legal = hands[seat] & k.led
            eu_trick_card(&k, hands, seat, eu_random_card(h, legal if legal else hands[seat]), h.trump)
            seat = nxt[seat]
        eu_trick_taken(h, &k)
        leader = k.winner
    eu_tricks_end(h, r, hands, leader)

cdef inline void eu_tricks(EUHand* h, const EURules* r, const int* policies) noexcept nogil:
    """All five tricks from the first lead, in registers, each card by its seat's policy
    (eu_random_tricks when every seat's is random).

    The same rules and the same cards as eu_play with eu_random_card (the same draws) or
    eu_heuristic_card (eu_heuristic_choice, told the same), so a batch hand replays exactly
    through the step API.  ``side``: a seat's side, equal for seats on the same side this hand
    (eu_same_side: the teams; cutthroat: the maker against the two defenders)."""
    cdef uint64_t hands[EU_MAX_SEATS]
    cdef int nxt[EU_MAX_SEATS]
    cdef int side[EU_MAX_SEATS]
    cdef uint64_t legal
    cdef int leader = h.leader, seat, i, card, n = h.n_active, t = h.trump
    cdef EUTrick k
    eu_tricks_start(h, r, hands, nxt)
    for i in range(r.seats):
        side[i] = i & 1 if r.partnership else i != h.maker
    while h.tricks_played < EU_TRICKS:
        eu_trick_lead(&k, leader)
        seat = leader
        for i in range(n):
            legal = hands[seat] & k.led
            if not legal:
                legal = hands[seat]
            if policies[seat] == POLICY_RANDOM:
                card = eu_random_card(h, legal)
            elif not (legal & (legal - 1)):
                card = lsb(legal)
            else:
                card = eu_heuristic_choice(hands[seat], legal, h.played | k.cards, t, i == 0,
                                           side[seat] == side[h.maker], k.best, side[seat] == side[k.winner],
                                           i == n - 1)
            eu_trick_card(&k, hands, seat, card, t)
            seat = nxt[seat]
        eu_trick_taken(h, &k)
        leader = k.winner
    eu_tricks_end(h, r, hands, leader)

cdef inline bint eu_all_random(const EURules* r, const int* policies) noexcept nogil:
    return (policies[0] == POLICY_RANDOM and policies[1] == POLICY_RANDOM and policies[2] == POLICY_RANDOM
            and (r.seats == 3 or policies[3] == POLICY_RANDOM))

cdef inline void eu_play_out(EUHand* h, const EURules* r, const int* policies) noexcept nogil:
    """Finish the hand with one policy per seat (the tricks from a lead by eu_tricks)."""
    cdef bint all_random = eu_all_random(r, policies)
    while h.phase != EPH_DONE:
        if h.phase == EPH_PLAY and h.n_in_trick == 0:
            if all_random:
                eu_random_tricks(h, r)
            else:
                eu_tricks(h, r, policies)
        elif h.phase == EPH_PLAY and policies[h.to_act] == POLICY_RANDOM:
            eu_play(h, r, eu_random_card(h, eu_legal(h)))
        elif h.phase == EPH_BID1:           # the most frequent step, straight (no step function's frame)
            eu_bid1(h, r, eu_bid1_choice(h, r, policies[h.to_act]))
        else:
            eu_policy_step(h, r, policies[h.to_act])
