# cython: language_level=3
"""Whole games in the core: the batch driver every game plugs into (docs/whole-games.md).

A game is a run of hands.  The driver (cardsim._games) plays it: deal hand k for the
dealer due, play it out with one policy per seat, fold it into the game, add each
side's points to the running scores, and stop after the hand in which a side has won
(or after ``max_hands``, unfinished).  What differs between games sits behind the
function pointers of a ``GDGame``, filled by each game's glue next to its engine
(at the end of its module, e.g. ``pinochle/cutthroat.pyx``); the driver calls them through
the pointers, so it works whatever extension module the game is compiled into.

Hook contract (all nogil, none may fail):

* ``deal(hand, game, rules, seed, game_stream, k, dealer)``: deal hand ``k`` (0 first)
  of the game keyed by ``(seed, game_stream)`` for ``dealer``.  The hand buffer is the
  same for every hand of a game (a game may carry its state there, as spades does);
  ``game`` is the game's own context, zeroed by the driver before hand 0.  Games whose
  hands are independent deal hand k on stream ``gd_hand_stream(game_stream, k)``.
* ``play_out(hand, rules, policies)``: play the hand to its end.
* ``end_hand(hand, game, rules, points)``: fold the finished hand into the game's
  context (its counts) and write each side's points of this hand into ``points``;
  return the dealer of the deal that was played (redeals inside a hand move it), the
  next hand's dealer being the seat to its left.
* ``winner(hand, game, rules, score, sides, target)``: the side that has won after
  this hand, -1 to play on; NULL means ``gd_highest_alone``.
* ``record(hand, game, rules, result, out)``: write the game's record (zeroed first).

Action histories (docs/whole-games.md, "Action histories"), optional (NULL: none):

* ``play_history(hand, rules, policies, hist)``: play the hand to its end as ``play_out`` does
  (the same policy steps, so the same hand), writing every action (the contract's numbering,
  docs/actions.md) and the seat that took it from ``hist.actions[0]`` / ``hist.seats[0]`` on, and
  the deal the hand played into ``hist.deal`` (``deal_words`` masks: each seat's cards, then the
  game's other places) and ``hist.extra`` (``extra_ints``: the dealer, the deals thrown in before
  it, then the game's own).  A redeal inside the hand starts the history again on the new deal.
  Returns the number of actions, -1 past ``history_cap``.
* ``new_hand(hand, rules, seed, stream, dealer)``: a fresh hand on stream ``(seed, stream)``:
  hand ``index`` of a hand batch is ``new_hand(.., index, index % seats)``, and with ``deal``
  NULL hand k of a game is ``new_hand(.., gd_hand_stream(game_stream, k), dealer)``.

``gd_history_loop`` is the one history loop a game's ``play_history`` calls with its step
function (``*_step_actions``, which the step state's ``policy_step`` uses too) and its deal row.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.string cimport memset

cdef enum:
    GD_STEP_MAX = 16            # most actions one decision amounts to
    GD_MAX_SIDES = 8            # scoring sides: players, or teams
    GD_MAX_SEATS = 8            # players
    GD_HAND_STREAMS = 10000     # hand k of game g is dealt on stream g * GD_HAND_STREAMS + k
    GD_MAX_HANDS = 10000        # a game not over by then stops unfinished (winner -1)
    GD_TOURNAMENT_GAMES = 10000 # game g of tournament t is played on game stream t * GD_TOURNAMENT_GAMES + g

ctypedef struct GDResult:
    int32_t score[GD_MAX_SIDES] # final scores per side
    int32_t hands               # hands played
    int winner                  # side; -1 unfinished
    int first_dealer

ctypedef void (*gd_deal_fn)(void* hand, void* game, const void* rules, uint64_t seed, uint64_t game_stream,
                            int k, int dealer) noexcept nogil
ctypedef void (*gd_play_fn)(void* hand, const void* rules, const int* policies) noexcept nogil
ctypedef int (*gd_end_fn)(void* hand, void* game, const void* rules, int32_t* points) noexcept nogil
ctypedef int (*gd_winner_fn)(const void* hand, const void* game, const void* rules, const int32_t* score,
                             int sides, int target) noexcept nogil
ctypedef void (*gd_record_fn)(const void* hand, const void* game, const void* rules, const GDResult* result,
                              void* out) noexcept nogil

ctypedef struct GDTournament:   # one tournament (cardsim._games.TOURNAMENT_DTYPE)
    int32_t hands               # hands over all its games
    int16_t games               # games played (-1: the core could not allocate its buffers)
    int16_t wins[GD_MAX_SIDES]  # games won per winning side (a seat, or a team)
    int8_t winner               # the side with wins_needed wins; -1 when a game was unfinished
    int8_t first_dealer         # 0: game g is first dealt by seat g mod seats

# Play one whole game on game stream ``stream``, first dealt by ``dealer``, into ``result``;
# returns its winner (-1 unfinished).  ``context`` is the caller's (its hooks, buffers, players).
ctypedef int (*gd_game_fn)(void* context, uint64_t stream, int dealer, GDResult* result) noexcept nogil

ctypedef struct GDHistory:
    int16_t* actions            # the hand's actions, in order
    int8_t* seats               # the seat that took each
    uint64_t* deal              # the deal played: deal_words masks
    int32_t* extra              # extra_ints: dealer, redeals, the game's own

ctypedef int (*gd_history_fn)(void* hand, const void* rules, const int* policies, GDHistory* hist) noexcept nogil
ctypedef void (*gd_new_fn)(void* hand, const void* rules, uint64_t seed, uint64_t stream, int dealer) noexcept nogil
# one decision of the seat to act by its policy, as the actions it amounts to: how many (-1: the hand is over)
ctypedef int (*gd_step_fn)(void* hand, const void* rules, const int* policies, int* out, int* seat) noexcept nogil
# the hand's deal row into ``hist`` (when ``write``); returns the deals thrown in so far
ctypedef int (*gd_row_fn)(const void* hand, const void* rules, GDHistory* hist, bint write) noexcept nogil

ctypedef struct GDGame:
    int seats                   # players (dealer rotation)
    int sides                   # scoring sides
    int target                  # target_score
    int max_hands               # hands after which a game stops unfinished
    size_t hand_bytes           # the game's hand struct
    size_t game_bytes           # its game context (0: none)
    size_t record_bytes         # its game record
    gd_deal_fn deal            # NULL: new_hand on stream gd_hand_stream(game_stream, k)
    gd_new_fn new_hand          # a fresh hand on (seed, stream) for a dealer
    gd_play_fn play_out
    gd_end_fn end_hand
    gd_winner_fn winner         # NULL: gd_highest_alone
    gd_record_fn record
    gd_history_fn play_history  # NULL: no action histories
    int history_cap             # most actions one hand can take
    int deal_words              # masks of a deal row
    int extra_ints              # ints of a deal row (dealer, redeals, ...)

cdef inline uint64_t gd_hand_stream(uint64_t game_stream, int k) noexcept nogil:
    return game_stream * GD_HAND_STREAMS + <uint64_t>k

cdef inline void gd_setup(GDGame* g, int seats, int sides, int target, int max_hands, size_t hand_bytes,
                          size_t game_bytes, size_t record_bytes) noexcept nogil:
    """A game's GDGame with its sizes; the caller sets the hooks."""
    memset(g, 0, sizeof(GDGame))
    g.seats, g.sides, g.target, g.max_hands = seats, sides, target, max_hands
    g.hand_bytes, g.game_bytes, g.record_bytes = hand_bytes, game_bytes, record_bytes

cdef inline int gd_history_loop(void* hand, const void* rules, const int* policies, GDHistory* hist, int cap,
                                gd_step_fn step, gd_row_fn deal_row) noexcept nogil:
    """Play the hand out by ``step`` (the same policy steps as its play_out), writing each step's
    actions and seat into ``hist`` and the deal played (``deal_row``); a redeal starts the history
    again on the new deal.  Returns the actions written, -1 past ``cap``."""
    cdef int buf[GD_STEP_MAX]
    cdef int i, m, s = -1, n = 0
    cdef int redeals = deal_row(hand, rules, hist, True)
    while True:
        m = step(hand, rules, policies, buf, &s)
        if m < 0:
            return n
        if deal_row(hand, rules, hist, False) != redeals:  # thrown in: the new deal's history
            redeals, n = deal_row(hand, rules, hist, True), 0
        elif n + m > cap:
            return -1
        else:
            for i in range(m):
                hist.actions[n + i] = <int16_t>buf[i]
                hist.seats[n + i] = <int8_t>s
            n += m

cdef inline void gd_tournament(gd_game_fn play, void* context, int seats, int wins_needed, int64_t index,
                               GDTournament* out) noexcept nogil:
    """Tournament ``index``: games until one side has ``wins_needed`` wins (docs/whole-games.md,
    "Tournaments"); game g on game stream ``index * GD_TOURNAMENT_GAMES + g``, first dealt by seat
    g mod ``seats``.  An unfinished game ends the tournament unfinished (winner -1)."""
    cdef GDResult result
    cdef int g, w
    memset(out, 0, sizeof(GDTournament))
    out.winner = -1
    for g in range(GD_TOURNAMENT_GAMES):
        w = play(context, <uint64_t>index * GD_TOURNAMENT_GAMES + <uint64_t>g, g % seats, &result)
        out.games += 1
        out.hands += result.hands
        if w < 0:
            return
        out.wins[w] += 1
        if out.wins[w] >= wins_needed:
            out.winner = <int8_t>w
            return

cdef inline int gd_highest_alone(const int32_t* score, int sides, int target) noexcept nogil:
    """docs/rules/README.md: once a side has reached ``target``, the highest score wins; an exact
    tie for the highest plays on (-1)."""
    cdef int s, top = 0, count = 1
    cdef bint over = score[0] >= target
    for s in range(1, sides):
        over = over or score[s] >= target
        if score[s] > score[top]:
            top = s
            count = 1
        elif score[s] == score[top]:
            count += 1
    return top if over and count == 1 else -1


cdef class GameKind:
    """One game under one set of rules and policies, ready for the driver: its hooks, a
    copy of its rules struct and the seats' policy codes (filled by the game's glue)."""
    cdef GDGame game
    cdef void* rules
    cdef int policies[GD_MAX_SEATS]
    cdef readonly object name          # the game's name
    cdef readonly object record_dtype  # numpy dtype of its game records (record_bytes each)

    cdef int set_rules(self, const void* rules, size_t rules_bytes) except -1
    cdef int fill(self, name, record_dtype, const GDGame* game, const void* rules, size_t rules_bytes,
                  const int* policies) except -1


ctypedef struct GDGameRun:      # a game's context for a gd_game_fn: the driver's arguments and buffers
    const GDGame* g
    const void* rules
    const int* policies
    uint64_t seed
    char* hand
    char* game

# gd_game_fn of core policies: gd_play_game with the run's arguments
cdef int gd_run_game(void* context, uint64_t stream, int dealer, GDResult* result) noexcept nogil
# Tournament ``index`` into ``out`` (its own buffers), each game played by ``play`` on a GDGameRun
cdef void gd_tournament_one(const GDGame* g, const void* rules, const int* policies, uint64_t seed, int64_t index,
                            int wins_needed, gd_game_fn play, GDTournament* out) noexcept nogil
cdef int gd_play_game(const GDGame* g, const void* rules, const int* policies, uint64_t seed,
                      uint64_t game_stream, int dealer, void* hand, void* game, GDResult* result,
                      int32_t* points, int32_t* scores, int8_t* dealers, int64_t max_rows) noexcept nogil
