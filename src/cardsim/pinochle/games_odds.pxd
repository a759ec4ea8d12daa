# Monte Carlo trials for Partnership and Two-Hand Pinochle bid odds (cardsim.odds_pinochle_games).
#
# Same shape as pinochle/cutthroat_odds.pxd: one trial deals the cards the player
# cannot see uniformly from the trial's own stream keyed by (seed, trial), plays the
# hand out with the chosen players, and writes int16 columns; no Python per trial.
#
# Partnership: the player at ``seat`` holds ``hand`` and has won the auction; the other
# 36 cards are dealt 12 to each other seat.  For each of the four trump suits in turn,
# from that same deal (common random numbers), the partner passes, the player passes
# back, everyone melds and the hand is played out.  Columns per trump suit: the team's
# meld after passing, the team's trick points, and the counted total (team meld if the
# team's trick points reach save_meld_points, else 0, plus trick points); column 12:
# the suit the heuristic bidder names (pp_best_trump of the 12 cards held).
#
# Two-hand: the player at ``seat`` holds ``hand`` and sees the turned-up ``upcard``; the
# other 35 cards are shuffled into the opponent's 12 and the 23-card stock.  Trump is
# the upcard's suit.  Columns: the player's meld, the opponent's meld, the player's
# trick points, the opponent's trick points.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memcpy, memset
from cardsim._bits cimport ALL_LANES_BB, above_in_lane_bb, bit_bb, lane_bb, lsb, msb, nth_bit, popcount, suit_of
from cardsim._rng cimport Rng, rng_below, rng_next, rng_seed, rng_seed_hand, rng_take, shuffle_ints
from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM
from cardsim.pinochle.cards cimport *
from cardsim.pinochle.cutthroat_engine cimport *
from cardsim.pinochle.cutthroat_odds cimport *
from cardsim.pinochle.partnership_engine cimport *
from cardsim.pinochle.partnership_players cimport *
from cardsim.pinochle.two_hand_engine cimport *
from cardsim.pinochle.two_hand_players cimport *

cdef enum:
    TH_ODDS_COLUMNS = 4

cdef inline void pp_odds_deal(PPHand* h, uint64_t hand, int seat, int dealer) noexcept nogil:
    """Deal the cards the player cannot see (``h.deal_rng`` and ``h.rng`` seeded); the player wins the auction."""
    cdef uint64_t unseen = PINOCHLE_DECK_BB & ~hand
    cdef Rng deal_rng = h.deal_rng, rng = h.rng
    memset(h, 0, sizeof(PPHand))
    h.deal_rng = deal_rng
    h.rng = rng
    h.dealer = dealer
    pin_take_others(&h.deal_rng, &unseen, h.hand, PP_SEATS, seat, PP_HAND_SIZE)
    pp_odds_won(h, hand, seat)

cdef inline void pp_odds_won(PPHand* h, uint64_t hand, int seat) noexcept nogil:
    """The player (holding ``hand``) has won the auction."""
    cdef int i
    h.hand[seat] = hand
    for i in range(PP_SEATS):
        h.bid_value[i] = -1
    h.bidder = seat
    h.high_bidder = seat
    h.high_bid = 0
    h.out_mask = PP_ALL_SEATS & ~(1 << seat)
    h.phase = PH_DECLARE
    h.to_act = seat
    h.trump = -1
    h.last_winner = -1

cdef inline void pp_odds_trial(const PPRules* r, uint64_t hand, int seat, int dealer, uint64_t seed,
                        int64_t index, const int* policies, int16_t* out) noexcept nogil:
    cdef PPHand dealt
    rng_seed_hand(&dealt.deal_rng, &dealt.rng, seed, <uint64_t>index)
    pp_odds_deal(&dealt, hand, seat, dealer)
    pp_odds_play(&dealt, r, seat, policies, out)

cdef inline void pp_odds_play(const PPHand* dealt, const PPRules* r, int seat, const int* policies,
                       int16_t* out) noexcept nogil:
    """The columns of one trial from its deal (the player has won the auction)."""
    cdef PPHand h
    cdef int trump, value, team = seat & 1, counted
    cdef int16_t* row
    out[ODDS_CHOSEN] = pp_best_trump(dealt.hand[seat], r, &value)
    for trump in range(4):
        h = dealt[0]
        pp_declare(&h, r, trump)
        pp_play_out(&h, r, policies)
        counted = h.team_meld[team] if h.team_trick_points[team] >= r.save_meld_points else 0
        row = out + ODDS_PER_TRUMP * trump
        row[ODDS_MELD] = h.team_meld[team]
        row[ODDS_TRICK_POINTS] = h.team_trick_points[team]
        row[ODDS_TOTAL] = counted + h.team_trick_points[team]

cdef inline void th_fill_order(int* order, uint64_t hand, const int* theirs, int upcard, const int* stock, int seat,
                               int dealer) noexcept nogil:
    """The deal order (non-dealer's 12, dealer's 12, upcard, stock top first) of the player's
    ``hand``, the opponent's 12 cards ``theirs``, ``upcard`` and the 23 of ``stock``."""
    cdef int i, mine = 0 if seat != dealer else TH_HAND_SIZE
    for i in range(TH_HAND_SIZE):
        order[mine + i] = lsb(hand)
        hand &= hand - 1
        order[TH_HAND_SIZE - mine + i] = theirs[i]
    order[2 * TH_HAND_SIZE] = upcard
    for i in range(TH_STOCK_SIZE):
        order[2 * TH_HAND_SIZE + 1 + i] = stock[i]

cdef inline void th_odds_order(int* order, Rng* rng, uint64_t hand, int upcard, int seat, int dealer) noexcept nogil:
    """The deal order of a trial: the player's ``hand`` and ``upcard`` fixed, the other 35 cards
    shuffled by ``rng`` into the opponent's 12 and the stock."""
    cdef int rest[48]
    pin_shuffled(rng, PINOCHLE_DECK_BB & ~hand & ~bit_bb(upcard), rest)
    th_fill_order(order, hand, rest, upcard, rest + TH_HAND_SIZE, seat, dealer)

cdef inline void th_odds_deal(THHand* h, const THRules* r, uint64_t hand, int upcard, int seat, int dealer,
                       uint64_t seed, int64_t index) noexcept nogil:
    """Deal trial ``index`` from its deal stream keyed by (seed, index); ``h.rng`` is its players' stream."""
    cdef int order[48]
    cdef Rng deal_rng
    rng_seed_hand(&deal_rng, &h.rng, seed, <uint64_t>index)
    th_odds_order(order, &deal_rng, hand, upcard, seat, dealer)
    th_deal_order(h, r, order, dealer)

cdef inline void th_odds_trial(const THRules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed,
                        int64_t index, const int* policies, int16_t* out) noexcept nogil:
    cdef THHand h
    th_odds_deal(&h, r, hand, upcard, seat, dealer, seed, index)
    th_odds_play(&h, r, seat, policies, out)

cdef inline void th_odds_play(THHand* h, const THRules* r, int seat, const int* policies, int16_t* out) noexcept nogil:
    """Play the dealt hand out and write the trial's columns."""
    th_play_out(h, r, policies)
    out[0] = h.meld[seat]
    out[1] = h.meld[1 - seat]
    out[2] = h.trick_points[seat]
    out[3] = h.trick_points[1 - seat]
