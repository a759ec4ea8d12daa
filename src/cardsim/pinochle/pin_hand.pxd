# cython: language_level=3
"""The fused hand type of the pinochle code written once for cutthroat and partnership (world.pxd,
solver/_pimc.pyx) and the engine's own functions by hand type (``r``: its rules struct): apart from
world.pxd's players and play-outs, so that a module can use them without compiling those."""
from libc.stdint cimport uint64_t
from cardsim.pinochle.cutthroat_engine cimport CP_SEATS, CPHand, CPRules, cp_legal, cp_play
from cardsim.pinochle.partnership_engine cimport PP_SEATS, PPHand, PPRules, pp_legal, pp_play

ctypedef fused PinHand:
    CPHand
    PPHand


cdef inline int pin_seats(const PinHand* h) noexcept nogil:
    if PinHand is CPHand:
        return CP_SEATS
    else:
        return PP_SEATS

cdef inline uint64_t pin_legal(const PinHand* h, const void* r) noexcept nogil:
    if PinHand is CPHand:
        return cp_legal(h, <const CPRules*>r)
    else:
        return pp_legal(h, <const PPRules*>r)

cdef inline void pin_play(PinHand* h, const void* r, int card) noexcept nogil:
    if PinHand is CPHand:
        cp_play(h, <const CPRules*>r, card)
    else:
        pp_play(h, <const PPRules*>r, card)
