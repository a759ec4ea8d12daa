# cython: language_level=3
"""What spades/spades.pyx (the Python face of spades) shares with spades/games.pyx, spades/odds.pyx and
the cross-game modules; the engine's and players' compiled functions are spades/play.pxd's."""
from cardsim.spades.engine cimport SP_MAX_SEATS, SPRules
from cardsim._policy cimport policy_code

cdef SPRules sp_rules_from(rules) except *


cdef inline void sp_trial_args(const SPRules* r, scores, int seat, int dealer, codes, int max_codes, policies,
                               int* pol, int* sc, int* cd) except *:
    """A batch of a player's trials (the bid odds, the games won): check ``scores`` (one per seat),
    ``seat``, ``dealer`` and the count of ``codes`` (at most ``max_codes``), and copy the policies'
    codes, the scores and the codes into the C arrays (SP_MAX_SEATS, SP_MAX_SEATS, max_codes).  Inline here, not in
    spades.pyx: a function more there moved gcc's inlining of the players (spades heuristic +2.4%
    instructions a hand, callgrind)."""
    cdef int k
    if len(codes) > max_codes:
        raise ValueError(f"at most {max_codes} bid codes")
    if len(scores) != r.seats or not 0 <= seat < r.seats or not 0 <= dealer < r.seats:
        raise ValueError("scores, seat or dealer do not fit the rules")
    for k in range(SP_MAX_SEATS):
        pol[k] = policy_code(policies[k]) if k < r.seats else 0
        sc[k] = scores[k] if k < r.seats else 0
    for k in range(len(codes)):
        cd[k] = codes[k]
