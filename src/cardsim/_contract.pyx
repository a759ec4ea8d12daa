# cython: language_level=3
"""The game contract's shared machinery (declared in _contract.pxd).

Written once for every game: legal actions as a list or a numpy mask, a checked
``apply`` that records the history, ``clone`` (two memcpy), ``copy.copy`` /
``copy.deepcopy`` as true copies and a pickle round trip.  Each game's state (in its
family's module, cardsim.pinochle / euchre / spades) fills in the cdef functions and names its actions.
"""
from libc.string cimport memcpy

import numpy as np

from cardsim.errors import CardsimError, IllegalMoveError

from cardsim._policy cimport POLICY_HEURISTIC, POLICY_RANDOM

cdef extern from *:
    """
    #ifdef _OPENMP
    #define CARDSIM_HAVE_OPENMP 1
    #else
    #define CARDSIM_HAVE_OPENMP 0
    #endif
    """
    const int CARDSIM_HAVE_OPENMP

#: False when the core was built without OpenMP: batches then run on one thread.
HAVE_THREADS = bool(CARDSIM_HAVE_OPENMP)

#: The built-in policies by name, with their codes in the core (_policy.pxd).
POLICIES = {"random": POLICY_RANDOM, "heuristic": POLICY_HEURISTIC}


def check_record_layout(dtype, size_t struct_size, offsets, what):
    """At import of a family's module: ``dtype`` (a numpy record dtype) must match its C struct
    byte for byte: ``struct_size`` is ``sizeof`` the struct and ``offsets`` the byte offset of
    each of the struct's fields by name; every field of the dtype must be one of them, at
    that offset (a dtype may leave a field out: the 3-seat euchre record has no team
    points).  ImportError naming ``what`` (the record) otherwise."""
    if dtype.itemsize != struct_size or any(
        name not in offsets or dtype.fields[name][1] != offsets[name] for name in dtype.names
    ):
        raise ImportError(f"cardsim._core: {what} dtype does not match the C struct")


def _restore(cls, rules, int num_actions, tuple structs, list history):
    """Unpickle a game state: an empty instance of ``cls`` with its structs filled in."""
    cdef GameState state = cls.__new__(cls)
    cdef bytes data
    cdef int i
    sizes = [state.struct_bytes[i] for i in range(3)]
    if [len(b) for b in structs] != sizes:
        raise CardsimError(f"this {cls.__name__} was pickled by a cardsim whose core state is "
                           f"{'+'.join(str(len(b)) for b in structs)} bytes, this build's "
                           f"{'+'.join(str(n) for n in sizes)}: it does not load here "
                           f"(hands pickled since the versioned format do; re-create it from its to_dict())")
    state.rules = rules
    state.num_actions = num_actions
    state._history = list(history)
    for i in range(3):
        data = structs[i]
        if state.struct_bytes[i]:
            memcpy(state.structs[i], <const char*>data, state.struct_bytes[i])
    return state


cdef class GameState:
    """A hand of some game held by the core; see _contract.pxd for the contract."""

    def __cinit__(self, *args, **kwargs):
        self._history = []

    # -- what each game fills in (these defaults describe a game with no actions) --
    cdef int seat_to_act(self) noexcept nogil:
        return -1

    cdef int legal_into(self, int* out) noexcept nogil:
        return 0

    cdef void apply_unchecked(self, int action) noexcept nogil:
        pass

    cdef void set_structs(self, void* hand, size_t hand_bytes, void* rules, size_t rules_bytes,
                          void* steps, size_t step_bytes) noexcept:
        self.structs[0], self.struct_bytes[0] = hand, hand_bytes
        self.structs[1], self.struct_bytes[1] = rules, rules_bytes
        self.structs[2], self.struct_bytes[2] = steps, step_bytes

    def action_to_string(self, int action):
        """The name of ``action`` (each game names its own; see docs/actions.md)."""
        return str(action)

    # -- written once ---------------------------------------------------------------
    cdef bint legal_now(self, int action) noexcept:
        cdef int buf[MAX_ACTIONS]
        cdef int i, n = self.legal_into(buf)
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    @property
    def mid_decision(self):
        """True while one decision made of several actions (a declaration, a pass of cards, the
        cutthroat euchre merge) is partly taken: apply() the rest before a policy steps in."""
        return False

    def current_player(self):
        """The seat to act, or -1 once the hand is over."""
        return self.seat_to_act()

    def is_terminal(self):
        return self.seat_to_act() < 0

    def legal_actions(self):
        """The actions legal now, ascending (empty once the hand is over)."""
        cdef int buf[MAX_ACTIONS]
        cdef int i, n = self.legal_into(buf)
        return [buf[i] for i in range(n)]

    def legal_action_mask(self):
        """A boolean numpy array of ``num_actions``: True where the action is legal now."""
        cdef int buf[MAX_ACTIONS]
        cdef int i, n = self.legal_into(buf)
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        cdef unsigned char[::1] view = mask.view(np.uint8)
        for i in range(n):
            view[buf[i]] = 1
        return mask

    def apply(self, action):
        """Apply one legal action for the seat to act and record it in ``history``.

        IllegalMoveError (one line, the hand unchanged) for an action that is not an
        integer, is out of range or is not legal now.
        """
        cdef int a
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalMoveError(f"an action is an integer 0..{self.num_actions - 1}, got {action!r}")
        if not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"action {action} is out of range: actions are 0..{self.num_actions - 1}")
        a = action
        if self.seat_to_act() < 0:
            raise IllegalMoveError("the hand is over")
        if not self.legal_now(a):
            legal = ", ".join(f"{b} ({self.action_to_string(b)})" for b in self.legal_actions())
            raise IllegalMoveError(f"action {a} ({self.action_to_string(a)}) is not legal now; legal: {legal}")
        self.apply_unchecked(a)
        self._history.append(a)

    def record_chance(self, event, bint replace=False):
        """Append a chance event (a redeal and its new deal) to the history; ``replace``: put it
        in place of the chance event that ends the history (a replay restoring a recorded deal)."""
        cdef Py_ssize_t last = len(self._history) - 1  # (no negative indexing: wraparound is off)
        if replace and last >= 0 and isinstance(self._history[last], dict):
            self._history[last] = event
        else:
            self._history.append(event)

    def clear_history(self):
        """Start the history afresh (a hand of the same game dealt on the same state)."""
        self._history = []

    @property
    def history(self):
        """Every action applied since the deal, in order (a copy)."""
        return list(self._history)

    def clone(self):
        """An independent copy: same cards, phase and history; changing one leaves the other."""
        cdef GameState other = type(self).__new__(type(self))
        other.rules = self.rules
        other.num_actions = self.num_actions
        other._history = list(self._history)
        cdef int i
        for i in range(3):
            if self.struct_bytes[i]:
                memcpy(other.structs[i], self.structs[i], self.struct_bytes[i])
        return other

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        cdef int i
        structs = []
        for i in range(3):
            structs.append((<char*>self.structs[i])[:self.struct_bytes[i]] if self.struct_bytes[i] else b"")
        return _restore, (type(self), self.rules, self.num_actions, tuple(structs), self._history)
