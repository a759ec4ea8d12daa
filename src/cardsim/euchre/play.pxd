# cython: language_level=3
"""What euchre/play.pyx (module cardsim.euchre.play: the hands played in C) exports.

cardsim.euchre.play is the one module that compiles the euchre engine, players and odds trial
for the batches and the step state: the batches of hands, odds trials and deals, the whole-game
hooks, the hand's steps as contract actions, the hidden cards' places and the learned table.
The Python face (cardsim.euchre.euchre: the rules struct, ``EuchreState``, the table setters,
the record dtypes) calls these through function pointers, once per Python call, and compiles no
inline engine or player code; so do cardsim.solver._pimc (a call a card of the true hand, a
play-out of a world or a step of an odds trial) and cardsim._odds_conditions (a call a
conditioned trial).  ``eu_ext_*``: the exported copy of the inline function of that name in
euchre/engine.pxd, players.pxd or odds.pxd.  This header cimports no players' header (the
table's pointer is ``void*``)."""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t

from cardsim._games cimport GDGame, GDHistory
from cardsim.euchre.engine cimport EUHand, EURules

cdef enum:
    # eu_hidden_places: the places other than a seat's hand
    EU_PLACE_KITTY = -1
    EU_PLACE_DUMMY = -2
    EU_PLACE_DISCARD = -3

cdef enum:
    # The integer actions (docs/actions.md): cards 0..23 are 6*suit + rank (ranks 9 T J Q K A,
    # suits S H D C, as printed: JD stays JD when it is the left bower); a card is played,
    # discarded by the dealer, or (cutthroat merge) one of the five the maker puts away.
    EU_CARD_ACTIONS = 24
    EU_A_PASS = 24              # bid1 / bid2: pass
    EU_A_ORDER = 25             # bid1: order up the upcard's suit (the dealer: take it up)
    EU_A_PICK_UP = 26           # pickup: the dealer takes the upcard
    EU_A_LEAVE = 27             # pickup: the dealer leaves it
    EU_A_NAME = 28              # bid2: 28 + suit (S H D C) names trump
    EU_A_ALONE = 32             # alone / defend: go alone
    EU_A_NOT_ALONE = 33         # alone / defend: play with the dummy or partner
    EU_NUM_ACTIONS = 34

cdef enum:
    EU_HISTORY_CAP = 64         # most actions a hand can take: two bidding rounds, alone calls, merge, 20 cards

ctypedef struct EURecord:
    int16_t redeals         # deals thrown in (everybody passed twice) before the one played
    int16_t points[4]       # hand score per seat (partnership: the team's score for both seats)
    int16_t team_points[2]  # partnership: per team 0+2, 1+3
    int8_t tricks[4]        # tricks taken per seat
    int8_t dealer           # dealer of the deal that was played
    int8_t maker            # -1: no contest (nobody made trump in EU_MAX_REDEALS deals)
    int8_t trump            # 0..3 = S H D C; -1: no contest
    int8_t round            # bidding round trump was made in (1, 2); 0: no contest
    int8_t maker_alone
    int8_t lone_defender    # seat of the lone defender; -1: none
    int8_t picked_up        # the dealer took the upcard
    int8_t euchred          # the maker (team) took fewer than 3 tricks

# Whole Euchre and Cutthroat Euchre games (the hooks of the batch driver, cardsim._games).
ctypedef struct EUGameHand:
    EUHand h                        # first: the driver's hooks read the hand through the same pointer
    EURules near                    # the rules its players see: eu_rules_near_game of the game so far

ctypedef struct EUGame:
    int32_t score[3]                # each side's score so far (the next hand's EUGameHand.near)
    int16_t makes[3]
    int16_t euchred[3]
    int16_t marches[3]
    int16_t alone[3]

ctypedef struct EUGameRecord:
    int32_t score[3]                # final score per side (euchre: two teams)
    int32_t hands                   # hands played
    int16_t makes[3]                # hands the side made trump in
    int16_t euchred[3]              # ... and was euchred
    int16_t marches[3]              # ... and took all five tricks
    int16_t alone[3]                # ... with the maker alone
    int8_t winner                   # side; -1 unfinished
    int8_t first_dealer

# The batches: hands, odds trials and the deals hands played, ``start ..`` of the batch keyed by ``seed``
# (each row depends only on (seed, its index)), ``threads`` OpenMP threads.
cdef void eu_simulate_batch(const EURules* r, uint64_t seed, int64_t start, const int* policies, EURecord* out,
                            Py_ssize_t n, int threads) noexcept nogil
cdef void eu_odds_batch(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed, int64_t start,
                        const int* policies, int16_t* out, Py_ssize_t n, int threads) noexcept nogil
cdef void eu_odds_deals(const EURules* r, uint64_t hand, int upcard, int seat, int dealer, uint64_t seed, int64_t start,
                        uint64_t* out, Py_ssize_t n) noexcept nogil
cdef void eu_odds_summary(const int16_t* table, Py_ssize_t n, int opponents, int64_t* count, int64_t* total) noexcept nogil
cdef void eu_hand_deals(const EURules* r, uint64_t seed, int64_t start, const int* policies, uint64_t* out,
                        int8_t* dealers, Py_ssize_t n, int threads) noexcept nogil
cdef void eu_hand_record(const EUHand* h, const EURules* r, void* record) noexcept nogil  # an EURecord
# the learned table the players read (EU_TABLES, an EUBidTables*; void* here, so that this header does not
# pull the players' inline code into every module that cimports it), and game ``g``'s rows folded once its
# coefficients are in (set_euchre_bid_table)
cdef void* eu_bid_tables() noexcept nogil
cdef void eu_fold_bid_table(int g) noexcept nogil
# the whole-game driver's hooks (cardsim._games) set in ``g``
cdef void eu_game_hooks(GDGame* g) noexcept nogil
# the hand's steps as contract actions and its deal row (cardsim.solver._pimc's histories with solver seats)
cdef int eu_step_actions(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
cdef int eu_history_deal(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil
# the places of the cards a seat cannot see (EuchreState.resample's, PIMC's worlds)
cdef int eu_hidden_places(const EUHand* h, const EURules* r, int seat, uint64_t* known_out, uint64_t* hidden_out,
                          uint64_t* where, uint64_t* barred, int* cap, int* place) noexcept nogil
# the rules a whole game's hand is played under (its EUGameHand's eu_rules_near_game copy: going alone near game)
cdef const void* eu_game_hand_rules(const void* hand) noexcept nogil

# The step state's contract (cardsim.euchre.euchre.EuchreState): the legal actions, ascending, into ``out``
# (their number); apply a legal action; the decision of ``policy`` for the seat to act with the game so far
# ``game_score``, applied, as the actions it amounts to into ``out`` (their number); both add what a card
# played proves of the seat's other cards (EUHand.barred, for the resample)
cdef int eu_legal_actions(const EUHand* h, const EURules* r, int* out) noexcept nogil
cdef void eu_apply_action(EUHand* h, const EURules* r, int action) noexcept nogil
cdef int eu_policy_actions(EUHand* h, const EURules* r, const int* game_score, int policy, int* out) noexcept nogil

# The engine's, players' and odds trial's functions, compiled here once
cdef void eu_ext_new_hand(EUHand* h, const EURules* r, uint64_t seed, uint64_t stream, int dealer) noexcept nogil
cdef void eu_ext_start_bidding(EUHand* h, const EURules* r) noexcept nogil
cdef void eu_ext_bid1(EUHand* h, const EURules* r, bint order) noexcept nogil
cdef void eu_ext_pickup(EUHand* h, const EURules* r, bint take) noexcept nogil
cdef void eu_ext_discard(EUHand* h, const EURules* r, int card) noexcept nogil
cdef bint eu_ext_may_pass2(const EUHand* h, const EURules* r) noexcept nogil
cdef void eu_ext_bid2(EUHand* h, const EURules* r, int suit) noexcept nogil
cdef void eu_ext_alone(EUHand* h, const EURules* r, bint alone) noexcept nogil
cdef void eu_ext_merge(EUHand* h, const EURules* r, uint64_t keep) noexcept nogil
cdef void eu_ext_defend(EUHand* h, const EURules* r, bint alone) noexcept nogil
cdef uint64_t eu_ext_legal(const EUHand* h) noexcept nogil
cdef void eu_ext_play(EUHand* h, const EURules* r, int card) noexcept nogil
cdef void eu_ext_score(EUHand* h, const EURules* r) noexcept nogil
cdef int eu_ext_heuristic_card(const EUHand* h, const EURules* r) noexcept nogil
cdef void eu_ext_policy_step(EUHand* h, const EURules* r, int policy) noexcept nogil
cdef void eu_ext_play_out(EUHand* h, const EURules* r, const int* policies) noexcept nogil
cdef uint64_t eu_ext_drop_worst(uint64_t cards, int trump, int n) noexcept nogil
cdef void eu_ext_odds_deal(EUHand* h, const EURules* r, uint64_t hand, int upcard, int seat, int dealer) noexcept nogil
cdef bint eu_ext_force_call(EUHand* h, const EURules* r, int seat, int action) noexcept nogil
cdef void eu_ext_odds_record(const EUHand* h, const EURules* r, int seat, int16_t* out) noexcept nogil
# an odds trial's play from its deal (cardsim._odds_conditions: one call a conditioned trial)
cdef void eu_ext_odds_play(const EUHand* dealt, const EURules* r, int seat, const int* policies, int16_t* out) noexcept nogil
