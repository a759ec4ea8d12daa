"""Type stub of cardsim.solver._stock (two-hand pinochle's stock phase solved exactly; see _stock.pyx)."""
from typing import Any

from ._solver import Position

def stock_values(state: Any, leaf: Position, tt_bits: int = ...) -> tuple[list[int], list[int], int, int]: ...
