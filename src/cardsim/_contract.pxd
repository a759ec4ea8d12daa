# cython: language_level=3
"""The game contract: what every game's step state in the core provides.

Every game's state class (in its family's module: cardsim.pinochle.cutthroat, ...) is a ``GameState``.  Actions are small
integers ``0 .. num_actions-1`` with a documented numbering per game
(docs/actions.md): cards first, by deck index, then the game's calls.  The
generic machinery written once here (legal actions as a list or a mask, checked
``apply``, ``clone``, copy and pickle, the action history) stands on three cdef
functions each game fills in, so that loops over actions stay in C, and one call:

* ``seat_to_act``: whose turn it is, -1 once the hand is over;
* ``legal_into``: the legal actions, ascending, into a caller-owned array;
* ``apply_unchecked``: apply one action already known to be legal;
* ``set_structs`` (called first thing in its ``__cinit__``): where the game keeps
  its plain C structs (no pointers inside): the hand, the rules and, where a game
  builds one decision out of several actions (three discards, five cards put
  away), the steps so far; a copy is a few ``memcpy`` and a pickle their bytes.

A game state's ``__cinit__`` must accept being called with no arguments (it then
calls ``set_structs`` and leaves its structs zeroed): ``clone`` and unpickling build
the copy that way and fill the structs.
"""

cdef extern from *:
    """
    #ifndef CARDSIM_BUILD_ID
    #define CARDSIM_BUILD_ID ""
    #endif
    """
    # A hash of the module's sources (its .pyx and every header it cimports), baked in by setup.py
    # ("" when built otherwise).  Each game's state module publishes it as its BUILD_ID (one line,
    # ``BUILD_ID = CARDSIM_BUILD_ID.decode()``): a hand pickle's fast path trusts core bytes only
    # from a build whose fingerprint (this id, the struct sizes, the byte order) is this build's.
    const char* CARDSIM_BUILD_ID

cdef enum:
    MAX_ACTIONS = 512           # no game's action space is larger

cdef class GameState:
    cdef readonly object rules        # the validated cardsim Rules the hand plays under
    cdef readonly int num_actions     # size of the game's action space
    cdef list _history                # every action applied since the deal, in order

    cdef int seat_to_act(self) noexcept nogil
    cdef int legal_into(self, int* out) noexcept nogil
    cdef void apply_unchecked(self, int action) noexcept nogil
    cdef void* structs[3]             # the game's plain C structs: hand, rules, steps (NULL: none)
    cdef size_t struct_bytes[3]       # their sizes

    cdef void set_structs(self, void* hand, size_t hand_bytes, void* rules, size_t rules_bytes,
                          void* steps, size_t step_bytes) noexcept
    cdef bint legal_now(self, int action) noexcept
