# cython: language_level=3
"""The fused hand type of the pinochle code written once for cutthroat and partnership (world.pxd,
solver/_pimc.pyx): apart from world.pxd's inline code, so that a module can name it without
compiling that code."""
from cardsim.pinochle.cutthroat_engine cimport CPHand
from cardsim.pinochle.partnership_engine cimport PPHand

ctypedef fused PinHand:
    CPHand
    PPHand
