# cython: language_level=3
"""The built-in policies' codes, shared by every game's players (cardsim.players names them)."""

cdef enum:
    POLICY_RANDOM = 0
    POLICY_HEURISTIC = 1


cdef inline int policy_code(name) except -1:
    """The code of a policy name already checked by cardsim.players (KeyError otherwise)."""
    if name == "random":
        return POLICY_RANDOM
    if name == "heuristic":
        return POLICY_HEURISTIC
    raise KeyError(name)


cdef inline int policy_codes(policies, int* out, int n) except -1:
    """The codes of ``n`` policy names, already checked by cardsim.players."""
    cdef int i
    for i in range(n):
        out[i] = policy_code(policies[i])
    return 0
