# cython: language_level=3
"""Whole games in the core: the one batch driver (declared in _games.pxd).

Each game's glue (at the end of its module, e.g. ``pinochle/cutthroat.pyx``) fills a ``GameKind``
with its hooks, rules and policies; everything here is written once for every
game: the game loop, the batch over threads, and each hand's scores on request.
Game ``i`` of a batch keyed by ``seed`` is played on game stream ``i`` with first
dealer ``i % seats`` (or one fixed dealer), so records are the same for any
number of threads or chunks.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset
from cython.parallel cimport prange

import numpy as np


cdef class GameKind:
    """One game under one set of rules and policies, for the driver (see _games.pxd)."""

    def __cinit__(self):
        self.rules = NULL
        memset(&self.game, 0, sizeof(GDGame))

    def __dealloc__(self):
        free(self.rules)

    cdef int set_rules(self, const void* rules, size_t rules_bytes) except -1:
        free(self.rules)
        self.rules = malloc(rules_bytes if rules_bytes else 1)
        if self.rules == NULL:
            raise MemoryError()
        memcpy(self.rules, rules, rules_bytes)
        return 0

    cdef int fill(self, name, record_dtype, const GDGame* game, const void* rules, size_t rules_bytes,
                  const int* policies) except -1:
        cdef int s
        if game.seats > GD_MAX_SEATS or game.sides > GD_MAX_SIDES:
            raise ValueError(f"{name}: at most {GD_MAX_SEATS} seats and {GD_MAX_SIDES} sides")
        if record_dtype.itemsize != game.record_bytes:
            raise ImportError(f"cardsim: the {name} game record dtype does not match its C struct")
        self.game = game[0]
        self.set_rules(rules, rules_bytes)
        for s in range(game.seats):
            self.policies[s] = policies[s]
        self.name = name
        self.record_dtype = record_dtype
        return 0

    @property
    def seats(self): return self.game.seats
    @property
    def sides(self): return self.game.sides
    @property
    def target(self): return self.game.target
    @property
    def max_hands(self): return self.game.max_hands


cdef inline size_t _round16(size_t n) noexcept nogil:
    return (n + 15) & ~(<size_t>15)


cdef int gd_play_game(const GDGame* g, const void* rules, const int* policies, uint64_t seed,
                      uint64_t game_stream, int dealer, void* hand, void* game, GDResult* result,
                      int32_t* points, int32_t* scores, int8_t* dealers, int64_t max_rows) noexcept nogil:
    """Play one game; fill ``result``; returns the winner (-1 unfinished).  With ``points``
    (and ``scores``, ``dealers``) not NULL, hand k's points, the scores after it and its dealer
    go to row k (``sides`` columns), for at most ``max_rows`` hands."""
    return _gd_play(g, rules, policies, seed, game_stream, dealer, hand, game, result, points, scores, dealers,
                    max_rows, NULL, NULL)


cdef int _gd_play(const GDGame* g, const void* rules, const int* policies, uint64_t seed,
                  uint64_t game_stream, int dealer, void* hand, void* game, GDResult* result,
                  int32_t* points, int32_t* scores, int8_t* dealers, int64_t max_rows,
                  const GDHistory* hist, int32_t* lengths) noexcept nogil:
    """gd_play_game; with ``hist`` not NULL (and ``lengths``), hand k of the game is played by
    ``play_history`` into row k of ``hist`` (``history_cap`` actions a row), its length (-1: past the
    cap) into ``lengths[k]``, for at most ``max_rows`` hands."""
    cdef int32_t pts[GD_MAX_SIDES]
    cdef int s, k = 0, w = -1, played
    cdef GDHistory row
    memset(result, 0, sizeof(GDResult))
    result.first_dealer = dealer
    if g.game_bytes:
        memset(game, 0, g.game_bytes)
    while True:
        if g.deal != NULL:
            g.deal(hand, game, rules, seed, game_stream, k, dealer)
        else:
            g.new_hand(hand, rules, seed, gd_hand_stream(game_stream, k), dealer)
        if hist != NULL and k < max_rows:
            row.actions = hist.actions + <int64_t>k * g.history_cap
            row.seats = hist.seats + <int64_t>k * g.history_cap
            row.deal = hist.deal + <int64_t>k * g.deal_words
            row.extra = hist.extra + <int64_t>k * g.extra_ints
            lengths[k] = g.play_history(hand, rules, policies, &row)
        else:
            g.play_out(hand, rules, policies)
        memset(pts, 0, sizeof(pts))
        played = g.end_hand(hand, game, rules, pts)
        for s in range(g.sides):
            result.score[s] += pts[s]
        if points != NULL and k < max_rows:
            dealers[k] = <int8_t>played
            for s in range(g.sides):
                points[k * g.sides + s] = pts[s]
                scores[k * g.sides + s] = result.score[s]
        k += 1
        result.hands = k
        if g.winner != NULL:
            w = g.winner(hand, game, rules, result.score, g.sides, g.target)
        else:
            w = gd_highest_alone(result.score, g.sides, g.target)
        if w >= 0 or k >= g.max_hands:
            break
        dealer = played + 1 if played + 1 < g.seats else 0
    result.winner = w
    return w


cdef void _game_one(const GDGame* g, const void* rules, const int* policies, uint64_t seed, int64_t index,
                    int dealer, char* record, int32_t* points, int32_t* scores, int8_t* dealers,
                    int64_t max_rows, int16_t* actions, int8_t* seats, uint64_t* deal, int32_t* extra,
                    int32_t* lengths) noexcept nogil:
    """Game ``index`` of the batch into ``record`` (and its hands' rows: scores, or with ``actions``
    not NULL histories), with its own buffers."""
    cdef GDResult result
    cdef GDHistory hist
    cdef GDHistory* hp = NULL
    if actions != NULL:
        hist.actions, hist.seats, hist.deal, hist.extra = actions, seats, deal, extra
        hp = &hist
    cdef size_t hand_bytes = _round16(g.hand_bytes)
    cdef char* buf = <char*>malloc(hand_bytes + g.game_bytes + 16)
    if buf == NULL:
        return  # out of memory inside a thread: the record stays zeroed (hands == 0 tells it)
    if dealer < 0:
        dealer = <int>(index % g.seats)
    _gd_play(g, rules, policies, seed, <uint64_t>index, dealer, buf, buf + hand_bytes,
             &result, points, scores, dealers, max_rows, hp, lengths)
    memset(record, 0, g.record_bytes)
    g.record(buf, buf + hand_bytes, rules, &result, record)
    free(buf)


def _records_bytes(GameKind kind, records, int dealer=-1):
    """The game records' bytes, for the driver to fill; checks the kind, the dtype and ``dealer``."""
    if kind.game.deal == NULL and kind.game.new_hand == NULL:
        raise ValueError("this GameKind was not filled by a game (use the game's *_game_kind)")
    if records.dtype != kind.record_dtype:
        raise ValueError(f"records must have the {kind.name} game record dtype")
    if dealer >= kind.game.seats:
        raise ValueError(f"dealer {dealer} is out of range: seats are 0..{kind.game.seats - 1}")
    return records.view(np.uint8).reshape(-1)


def simulate_games(GameKind kind, uint64_t seed, int64_t start, records, int threads=1, int dealer=-1):
    """Play games ``start .. start+len(records)-1`` of the batch keyed by ``seed`` into
    ``records``: game i on game stream i, first dealer i % seats (``dealer`` >= 0: that one)."""
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = _records_bytes(kind, records, dealer)
    cdef char* out = <char*>&raw[0] if n else NULL
    cdef size_t size = kind.game.record_bytes
    cdef const GDGame* g = &kind.game
    cdef const void* rules = kind.rules
    cdef const int* policies = kind.policies
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        _game_one(g, rules, policies, seed, start + i, dealer, out + i * size, NULL, NULL, NULL, 0,
                  NULL, NULL, NULL, NULL, NULL)
    if n and records["hands"].min() == 0:  # a thread could not allocate its hand buffers
        raise MemoryError("the core could not allocate a game's hand buffers")


def game_row_offsets(hands):
    """The rows of games whose lengths are ``hands`` (one row per hand, game after game): (counts
    int64[n], offsets int64[n + 1]: game i's rows start at offsets[i], offsets[n] rows in all)."""
    counts = np.ascontiguousarray(hands, dtype=np.int64)
    offsets = np.zeros(counts.shape[0] + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return counts, offsets


def hand_score_rows(GameKind kind, hands):
    """The buffers of a hand-scores run over games whose lengths are ``hands``: (counts int64[n],
    offsets int64[n + 1] (game_row_offsets), dealer int8[rows], points int32[rows, sides], score
    int32[rows, sides]), the last three zeroed."""
    counts, offsets = game_row_offsets(hands)
    rows, sides = int(offsets[counts.shape[0]]), kind.game.sides  # the last offset (no negative index: wraparound is off)
    return (counts, offsets, np.zeros(rows, dtype=np.int8), np.zeros((rows, sides), dtype=np.int32),
            np.zeros((rows, sides), dtype=np.int32))


def simulate_hand_scores(GameKind kind, uint64_t seed, int64_t start, hands, int threads=1, int dealer=-1):
    """Each hand's scores of games ``start ..``, whose lengths ``hands`` (their records' ``hands``)
    give the rows: the games are played again, row by row (deterministic, so the same games).
    Returns (dealer int8[rows], points int32[rows, sides], score int32[rows, sides]): the
    dealer of the deal played, the hand's points per side and the scores after it."""
    counts_array, offsets_array, dealers_array, points_array, scores_array = hand_score_rows(kind, hands)
    cdef int64_t[::1] counts = counts_array
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int64_t[::1] offsets = offsets_array
    cdef int sides = kind.game.sides
    rows = int(offsets_array[n])
    scratch = np.zeros(n, dtype=kind.record_dtype)
    cdef unsigned char[::1] raw = _records_bytes(kind, scratch, dealer)
    cdef char* out = <char*>&raw[0] if n else NULL
    cdef int8_t[::1] d = dealers_array
    cdef int32_t[:, ::1] p = points_array
    cdef int32_t[:, ::1] s = scores_array
    cdef int8_t* dp = &d[0] if rows else NULL
    cdef int32_t* pp = &p[0, 0] if rows else NULL
    cdef int32_t* sp = &s[0, 0] if rows else NULL
    cdef size_t size = kind.game.record_bytes
    cdef const GDGame* g = &kind.game
    cdef const void* rules = kind.rules
    cdef const int* policies = kind.policies
    if rows == 0:
        return dealers_array, points_array, scores_array
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        _game_one(g, rules, policies, seed, start + i, dealer, out + i * size, pp + offsets[i] * sides,
                  sp + offsets[i] * sides, dp + offsets[i], counts[i], NULL, NULL, NULL, NULL, NULL)
    if n and scratch["hands"].min() == 0:
        raise MemoryError("the core could not allocate a game's hand buffers")
    if not np.array_equal(scratch["hands"], counts):
        raise ValueError("hands must be the games' own lengths (their records' hands field)")
    return dealers_array, points_array, scores_array


# -- tournaments (docs/whole-games.md, "Tournaments") --------------------------------------

#: GDTournament's bytes; a game's tournament records cut ``wins`` to its sides (cardsim.whole_game)
TOURNAMENT_DTYPE = np.dtype([("hands", "i4"), ("games", "i2"), ("wins", "i2", (GD_MAX_SIDES,)), ("winner", "i1"),
                             ("first_dealer", "i1")], align=True)
if TOURNAMENT_DTYPE.itemsize != sizeof(GDTournament):
    raise ImportError("cardsim._games: TOURNAMENT_DTYPE does not match GDTournament")

cdef int gd_run_game(void* context, uint64_t stream, int dealer, GDResult* result) noexcept nogil:
    cdef GDGameRun* run = <GDGameRun*>context
    return gd_play_game(run.g, run.rules, run.policies, run.seed, stream, dealer, run.hand, run.game, result,
                        NULL, NULL, NULL, 0)


cdef void gd_tournament_one(const GDGame* g, const void* rules, const int* policies, uint64_t seed, int64_t index,
                            int wins_needed, gd_game_fn play, GDTournament* out) noexcept nogil:
    cdef GDGameRun run
    cdef size_t hand_bytes = _round16(g.hand_bytes)
    cdef char* buf = <char*>malloc(hand_bytes + g.game_bytes + 16)
    if buf == NULL:
        memset(out, 0, sizeof(GDTournament))
        out.games = -1  # out of memory inside a thread (told by the caller)
        return
    run.g, run.rules, run.policies, run.seed, run.hand, run.game = g, rules, policies, seed, buf, buf + hand_bytes
    gd_tournament(play, &run, g.seats, wins_needed, index, out)
    free(buf)


def tournament_bytes(GameKind kind, records, int wins_needed):
    """The tournament records' bytes (TOURNAMENT_DTYPE), for a driver to fill; checks ``wins_needed``."""
    if kind.game.deal == NULL and kind.game.new_hand == NULL:
        raise ValueError("this GameKind was not filled by a game (use the game's *_game_kind)")
    if records.dtype != TOURNAMENT_DTYPE:
        raise ValueError("records must have the TOURNAMENT_DTYPE dtype")
    if not 1 <= wins_needed <= 1000:
        raise ValueError(f"wins_needed {wins_needed} is out of range: 1..1000")
    return records.view(np.uint8).reshape(-1) if len(records) else np.zeros(sizeof(GDTournament), np.uint8)


def simulate_tournaments(GameKind kind, uint64_t seed, int64_t start, records, int wins_needed, int threads=1):
    """Play tournaments ``start .. start+len(records)-1`` of the batch keyed by ``seed`` into
    ``records`` (TOURNAMENT_DTYPE): tournament i plays games until a side has ``wins_needed`` wins,
    its game g being game ``i * 10000 + g`` of the game batch keyed by ``seed`` with first dealer
    g % seats (gd_tournament); the same for any ``threads``."""
    cdef Py_ssize_t i, n = len(records)
    cdef unsigned char[::1] raw = tournament_bytes(kind, records, wins_needed)
    cdef GDTournament* out = <GDTournament*>&raw[0]
    cdef const GDGame* g = &kind.game
    cdef const void* rules = kind.rules
    cdef const int* policies = kind.policies
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        gd_tournament_one(g, rules, policies, seed, start + i, wins_needed, gd_run_game, &out[i])
    if n and records["games"].min() < 0:
        raise MemoryError("the core could not allocate a tournament's hand buffers")


# -- action histories (docs/whole-games.md, "Action histories") ----------------------------

cdef void _hand_history(const GDGame* g, const void* rules, const int* policies, uint64_t seed, int64_t index,
                        int16_t* actions, int8_t* seats, uint64_t* deal, int32_t* extra, int32_t* length) noexcept nogil:
    """Hand ``index`` of the hand batch keyed by ``seed``, played with its history into one row."""
    cdef GDHistory row
    row.actions, row.seats, row.deal, row.extra = actions, seats, deal, extra
    cdef char* buf = <char*>malloc(g.hand_bytes + 16)
    if buf == NULL:
        length[0] = -2  # out of memory inside a thread
        return
    g.new_hand(buf, rules, seed, <uint64_t>index, <int>(index % g.seats))
    length[0] = g.play_history(buf, rules, policies, &row)
    free(buf)


def _history_buffers(GameKind kind, Py_ssize_t rows):
    if kind.game.play_history == NULL or kind.game.new_hand == NULL:
        raise ValueError(f"{kind.name} has no action histories in the core")
    cap = kind.game.history_cap
    return (np.zeros((rows, cap), dtype=np.int16), np.zeros((rows, cap), dtype=np.int8),
            np.zeros((rows, max(1, kind.game.deal_words)), dtype=np.uint64),
            np.zeros((rows, max(1, kind.game.extra_ints)), dtype=np.int32), np.zeros(rows, dtype=np.int32))


def _history_result(GameKind kind, actions, seats, deals, extra, lengths):
    if np.any(lengths == -2):
        raise MemoryError("the core could not allocate a hand buffer")
    if np.any(lengths < 0):
        raise ValueError(f"a {kind.name} hand took more than {kind.game.history_cap} actions (the core's cap)")
    keep = np.arange(actions.shape[1])[None, :] < lengths[:, None]
    return (lengths, actions[keep], seats[keep], deals[:, :kind.game.deal_words], extra[:, :kind.game.extra_ints])


def simulate_hand_histories(GameKind kind, uint64_t seed, int64_t start, Py_ssize_t n, int threads=1):
    """The action histories of hands ``start .. start+n-1`` of the hand batch keyed by ``seed``,
    played as the batch plays them.  Returns (lengths int32[n], actions int16[sum], seats
    int8[sum], deals uint64[n, deal_words], extra int32[n, extra_ints]): hand i's actions are
    the next lengths[i] entries, on the deal of row i (a redeal: the deal played)."""
    actions_a, seats_a, deals_a, extra_a, lengths_a = _history_buffers(kind, n)
    cdef int16_t[:, ::1] a = actions_a
    cdef int8_t[:, ::1] st = seats_a
    cdef uint64_t[:, ::1] d = deals_a
    cdef int32_t[:, ::1] x = extra_a
    cdef int32_t[::1] lengths = lengths_a
    cdef const GDGame* g = &kind.game
    cdef const void* rules = kind.rules
    cdef const int* policies = kind.policies
    cdef Py_ssize_t i
    if n == 0:
        return _history_result(kind, actions_a, seats_a, deals_a, extra_a, lengths_a)
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=16, num_threads=max(1, threads)):
        _hand_history(g, rules, policies, seed, start + i, &a[i, 0], &st[i, 0], &d[i, 0], &x[i, 0], &lengths[i])
    return _history_result(kind, actions_a, seats_a, deals_a, extra_a, lengths_a)


def simulate_game_histories(GameKind kind, uint64_t seed, int64_t start, hands, int threads=1, int dealer=-1):
    """The action histories of every hand of games ``start ..`` (whose lengths ``hands``, their
    records' ``hands``, give the rows), the games played again; as simulate_hand_histories, one
    row per hand, game after game."""
    counts_array, offsets_array = game_row_offsets(hands)
    cdef int64_t[::1] counts = counts_array
    cdef int64_t[::1] offsets = offsets_array
    cdef Py_ssize_t i, n = counts.shape[0]
    rows = int(offsets_array[n])
    actions_a, seats_a, deals_a, extra_a, lengths_a = _history_buffers(kind, max(rows, 1))
    cdef int16_t[:, ::1] av = actions_a
    cdef int8_t[:, ::1] sv = seats_a
    cdef uint64_t[:, ::1] dv = deals_a
    cdef int32_t[:, ::1] xv = extra_a
    cdef int32_t[::1] lv = lengths_a
    scratch = np.zeros(n, dtype=kind.record_dtype)
    cdef unsigned char[::1] raw = _records_bytes(kind, scratch, dealer)
    cdef char* out = <char*>&raw[0] if n else NULL
    cdef size_t size = kind.game.record_bytes
    cdef const GDGame* g = &kind.game
    cdef const void* rules = kind.rules
    cdef const int* policies = kind.policies
    if rows == 0:
        return _history_result(kind, actions_a[:0], seats_a[:0], deals_a[:0], extra_a[:0], lengths_a[:0])
    for i in prange(n, nogil=True, schedule="dynamic", chunksize=1, num_threads=max(1, threads)):
        _game_one(g, rules, policies, seed, start + i, dealer, out + i * size, NULL, NULL, NULL, counts[i],
                  &av[offsets[i], 0], &sv[offsets[i], 0], &dv[offsets[i], 0], &xv[offsets[i], 0], &lv[offsets[i]])
    if n and scratch["hands"].min() == 0:
        raise MemoryError("the core could not allocate a game's hand buffers")
    if not np.array_equal(scratch["hands"], counts):
        raise ValueError("hands must be the games' own lengths (their records' hands field)")
    return _history_result(kind, actions_a, seats_a, deals_a, extra_a, lengths_a)
