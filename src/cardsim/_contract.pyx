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


#: state_fingerprint's answers by class (computed once per process).
_FINGERPRINTS = {}


def state_fingerprint(cls):
    """The pickle fingerprint of the game state class ``cls`` in this build (16 bytes): a hash of
    its name, its module's build id (a hash of the sources that declare its structs, baked in by
    setup.py: _contract.pxd), the sizes of its structs, the byte order and the pointer size.  Core
    bytes pickled by a build with another fingerprint may be laid out otherwise; b"" when the
    module has no build id (built without setup.py): then no fingerprint vouches for its bytes."""
    fingerprint = _FINGERPRINTS.get(cls)
    if fingerprint is None:
        import hashlib
        import sys
        build = getattr(sys.modules.get(cls.__module__), "BUILD_ID", "")
        if not build:
            fingerprint = b""
        else:
            sizes = "+".join(str(n) for n in struct_sizes(cls))
            text = (f"cardsim core state {cls.__module__}.{cls.__qualname__} build {build} structs {sizes} "
                    f"{sys.byteorder} {8 * sizeof(void*)}-bit")
            fingerprint = hashlib.blake2b(text.encode(), digest_size=16).digest()
        _FINGERPRINTS[cls] = fingerprint
    return fingerprint


def struct_sizes(cls):
    """The byte sizes of the game state class ``cls``'s structs (hand, rules, steps; 0: none)."""
    cdef GameState state = cls.__new__(cls)
    return tuple(int(state.struct_bytes[i]) for i in range(3))


def bytes_digest(bytes key, tuple structs):
    """A checksum of a state's struct bytes keyed by its fingerprint (blake2b, 16 bytes): a pickle
    carries it so that bytes altered since (a damaged file, a stray write) are never read as a
    hand; the core's code never sees them."""
    import hashlib
    digest = hashlib.blake2b(key=key, digest_size=16)
    for data in structs:
        digest.update(data)
    return digest.digest()


def state_structs(GameState state):
    """The game state's structs as bytes (hand, rules, steps; b"" where it has none)."""
    cdef int i
    return tuple((<char*>state.structs[i])[:state.struct_bytes[i]] if state.struct_bytes[i] else b""
                 for i in range(3))


def _restore(cls, rules, int num_actions, tuple structs, list history, check=None):
    """Unpickle a game state: an empty instance of ``cls`` with its structs filled in.  ``check``
    (what GameState.__reduce__ writes now; None in pickles from before): (fingerprint, digest), and
    the bytes are used only when the fingerprint is this build's and the digest theirs; one-line
    CardsimError otherwise.  Without ``check`` the sizes alone are checked (older pickles)."""
    cdef GameState state = cls.__new__(cls)
    cdef bytes data
    cdef int i
    sizes = [state.struct_bytes[i] for i in range(3)]
    if [len(b) for b in structs] != sizes:
        raise CardsimError(f"this {cls.__name__} was pickled by a cardsim whose core state is "
                           f"{'+'.join(str(len(b)) for b in structs)} bytes, this build's "
                           f"{'+'.join(str(n) for n in sizes)}: it does not load here "
                           f"(hands pickled since the versioned format do; re-create it from its to_dict())")
    if check is not None:
        fingerprint = state_fingerprint(cls)
        if not isinstance(check, tuple) or len(check) != 2 or check[0] != fingerprint:
            raise CardsimError(f"this {cls.__name__} was pickled by another build of cardsim's core (its "
                               f"fingerprint is not this build's): its bytes may be laid out otherwise and do not "
                               f"load here (a hand's pickle does: it falls back to replaying its to_dict())")
        if not isinstance(check[1], bytes) or check[1] != bytes_digest(fingerprint, structs):
            raise CardsimError(f"this {cls.__name__} pickle's core bytes are damaged (their checksum does not "
                               f"match): it does not load")
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
        """Pickle as the struct bytes, with this build's fingerprint and their checksum (_restore)."""
        structs = state_structs(self)
        fingerprint = state_fingerprint(type(self))
        return _restore, (type(self), self.rules, self.num_actions, structs, self._history,
                          (fingerprint, bytes_digest(fingerprint, structs)))
