"""Ask the compiled engine about a hand-made trick position (the cases of legal_cases.py).

The step API cannot be put into a chosen position, so these go through
``cardsim._core.pinochle_legal_in_position``, which runs the engine's own legal-card
function (cp_legal for cutthroat, pp_legal for partnership) on the given cards.
"""
from __future__ import annotations

from cardsim import PINOCHLE, CardSet, _core


def physical_bits(codes: list[str]) -> list[int]:
    """Core bits of ``codes`` in order: the first of two identical cards is copy 0, the second copy 1."""
    seen: set[int] = set()
    bits = []
    for code in codes:
        bit = PINOCHLE.parse_code(code)
        if bit in seen:
            bit += 1
        seen.add(bit)
        bits.append(bit)
    return bits


def core_legal(game: str, rules, hand: str, trick: list[str], trump: str) -> set[str]:
    """Distinct codes the engine lets ``hand`` play to ``trick`` (cards in play order)."""
    bits = physical_bits(hand.split() + list(trick))
    held = sum(1 << bit for bit in bits[:len(hand.split())])
    mask = _core.pinochle_legal_in_position(game, rules, held, bits[len(hand.split()):], "SHDC".index(trump))
    return set(CardSet(mask, PINOCHLE))
