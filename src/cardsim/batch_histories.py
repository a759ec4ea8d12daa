"""Each hand's action history for batches, on request (``Game.simulate(n, histories=True)``, CLI
``--histories FILE``): every action the batch's players took, in the game contract's integer
numbering (docs/actions.md), written by the core as it plays the hands again (docs/whole-games.md,
"Action histories").

A history starts on the deal the hand played (after an all-pass redeal: the new deal; the deals
thrown in are counted in ``redeals``), so ``Game(g).replay(histories.deal(i), histories.history(i))``
rebuilds hand ``i`` exactly as the batch played it.  Two tables: ``rows``, one per hand (its
key, the deal played as card masks, ``start`` and ``length`` into ``actions``), and ``actions``,
one per action (the hand's key, ``step`` 0.., the ``seat`` that acted, the ``action``).
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from . import _games
from .batch_deals import PLACES
from .cards import CardSet
from .whole_game import game_kind

#: hands a core call covers at most (its scratch is history_cap actions a hand)
BLOCK = 4096


def _keys(unit: str) -> list[tuple[str, str]]:
    return [("hand", "i8")] if unit == "hand" else [("game", "i8"), ("hand", "i4")]


def rows_dtype(name: str, seats: int, unit: str = "hand") -> np.dtype:
    """One row per hand: its key (``hand``; games: ``game`` and ``hand``, the hand's number in the
    game), ``dealer`` and ``redeals`` (deals thrown in before it), ``hands`` (each seat's cards as
    masks), the game's other places (masks), two-hand's ``stock_order`` (card bits, top first),
    spades' game so far at the deal (``scores``, ``bags``, ``blind6_used``), and where its actions are."""
    fields: list[Any] = [*_keys(unit), ("dealer", "i1"), ("redeals", "i2"), ("hands", "u8", (seats,))]
    fields += [(place, "u8") for place in PLACES[name][1]]
    if name == "two-hand-pinochle":
        fields.append(("stock_order", "i1", (23,)))
    if name in ("spades", "cutthroat-spades"):
        fields += [("scores", "i4", (seats,)), ("bags", "i4", (seats,)), ("blind6_used", "i4", (seats,))]
    fields += [("start", "i8"), ("length", "i4")]
    return np.dtype(fields)


def actions_dtype(unit: str = "hand") -> np.dtype:
    """One row per action: the hand's key, ``step`` (0 first), the ``seat`` that acted, ``action``."""
    return np.dtype([*_keys(unit), ("step", "i2"), ("seat", "i1"), ("action", "i2")])


class Histories:
    """The action histories of a batch's hands (or of every hand of its games)."""

    def __init__(self, game: Any, unit: str, rows: np.ndarray, actions: np.ndarray) -> None:
        self.game, self.unit, self.rows, self.actions = game, unit, rows, actions

    def __len__(self) -> int:
        return len(self.rows)

    def history(self, i: int) -> list[int]:
        """Row ``i``'s actions, in order."""
        row = self.rows[i]
        start = int(row["start"]) - int(self.rows["start"][0]) if len(self.rows) else 0
        actions: list[int] = self.actions["action"][start:start + int(row["length"])].astype(int).tolist()
        return actions

    def deal(self, i: int) -> dict[str, Any]:
        """Row ``i``'s deal in the contract's terms (``hand.deal``), for ``Game.replay``."""
        row, deck = self.rows[i], self.game.deck
        deal: dict[str, Any] = {"dealer": int(row["dealer"]),
                                "hands": [str(CardSet(int(m), deck)) for m in row["hands"]]}
        for place in PLACES[self.game.name][1]:
            deal[place] = str(CardSet(int(row[place]), deck))
        if self.game.name == "two-hand-pinochle":
            deal["stock"] = " ".join(deck.code(int(b)) for b in row["stock_order"])
        if "scores" in (row.dtype.names or ()):
            for key in ("scores", "bags", "blind6_used"):
                deal[key] = row[key].astype(int).tolist()
        if int(row["redeals"]):
            deal["redeals"] = int(row["redeals"])
        return deal

    def replay(self, i: int) -> Any:
        """Row ``i``'s hand rebuilt through the contract: ``Game.replay(deal(i), history(i))``."""
        return self.game.replay(self.deal(i), self.history(i))


def _tables(name: str, seats: int, unit: str, keys: list[np.ndarray], lengths: np.ndarray, actions: np.ndarray,
            acted: np.ndarray, deals: np.ndarray, extra: np.ndarray, offset: int) -> tuple[np.ndarray, np.ndarray]:
    rows = np.zeros(len(lengths), dtype=rows_dtype(name, seats, unit))
    for (key, _), values in zip(_keys(unit), keys):
        rows[key] = values
    rows["dealer"], rows["redeals"] = extra[:, 0], extra[:, 1]
    rows["hands"] = deals[:, :seats]
    for k, place in enumerate(PLACES[name][1]):
        rows[place] = deals[:, seats + k]
    if name == "two-hand-pinochle":
        rows["stock_order"] = extra[:, 2:25]
    if name in ("spades", "cutthroat-spades"):
        rows["scores"], rows["bags"], rows["blind6_used"] = (extra[:, 2 + k * seats:2 + (k + 1) * seats]
                                                             for k in range(3))
    lengths64 = lengths.astype(np.int64)
    rows["start"] = offset + np.cumsum(lengths64) - lengths64
    rows["length"] = lengths
    out = np.zeros(len(actions), dtype=actions_dtype(unit))
    for (key, _), values in zip(_keys(unit), keys):
        out[key] = np.repeat(values, lengths64)
    out["step"] = np.arange(len(actions), dtype=np.int64) - np.repeat(rows["start"] - offset, lengths64)
    out["seat"], out["action"] = acted, actions
    return rows, out


def hand_histories(game: Any, policies: Sequence[str], seed: int, start: int, n: int, threads: int = 1,
                   offset: int = 0, solver: list[tuple[Any, ...]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(rows, actions) of hands ``start .. start+n-1`` of the hand batch keyed by ``seed``;
    ``offset``: where the first action sits in the whole batch (``start`` of the rows).
    ``solver`` (per seat, cardsim.solver.players.check_batch_policies): PIMC or oracle seats, the
    hands played as cardsim.solver._pimc's batches play them."""
    if solver is not None:
        from .solver._pimc import simulate_hand_histories_pimc
        from .solver.players import bidding_policies
        kind = game_kind(game.name, game.rules, game.seats, bidding_policies(policies))
    else:
        kind = game_kind(game.name, game.rules, game.seats, policies)
    parts = []
    for lo in range(start, start + n, BLOCK):
        count = min(BLOCK, start + n - lo)
        if solver is not None:
            try:
                lengths, actions, acted, deals, extra = simulate_hand_histories_pimc(kind, seed, lo, count, solver,
                                                                                     threads)
            except ValueError as exc:
                from .errors import CardsimError
                raise CardsimError(str(exc)) from None
        else:
            lengths, actions, acted, deals, extra = _games.simulate_hand_histories(kind, seed, lo, count, threads)
        keys = [np.arange(lo, lo + count, dtype=np.int64)]
        parts.append(_tables(game.name, game.seats, "hand", keys, lengths, actions, acted, deals, extra, offset))
        offset += len(actions)
    return _join(game.name, game.seats, "hand", parts)


def game_histories(game: Any, policies: Sequence[str], seed: int, start: int, records: np.ndarray,
                   threads: int = 1, offset: int = 0,
                   solver: list[tuple[Any, ...]] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(rows, actions) of every hand of games ``start ..`` (whose records are ``records``): the core
    plays the games again, one row per hand, game after game.  ``solver`` (per seat): PIMC or
    oracle seats, the games played as cardsim.solver._pimc's game batches play them."""
    if solver is not None:
        from .solver._pimc import simulate_game_histories_pimc
        from .solver.players import bidding_policies
        kind = game_kind(game.name, game.rules, game.seats, bidding_policies(policies))
    else:
        kind = game_kind(game.name, game.rules, game.seats, policies)
    counts = np.asarray(records["hands"], dtype=np.int64)
    parts, lo = [], 0
    while lo < len(counts):  # blocks of whole games of about BLOCK hands
        hi = lo + max(1, int(np.searchsorted(np.cumsum(counts[lo:]), BLOCK, side="right")))
        hi = min(hi, len(counts))
        try:
            if solver is not None:
                lengths, actions, acted, deals, extra = simulate_game_histories_pimc(kind, seed, start + lo,
                                                                                     counts[lo:hi], solver, threads)
            else:
                lengths, actions, acted, deals, extra = _games.simulate_game_histories(kind, seed, start + lo,
                                                                                       counts[lo:hi], threads)
        except ValueError as exc:
            from .errors import CardsimError
            raise CardsimError(str(exc)) from None
        block = counts[lo:hi]
        games = np.repeat(np.arange(start + lo, start + hi, dtype=np.int64), block)
        hands = np.arange(int(block.sum()), dtype=np.int64) - np.repeat(np.cumsum(block) - block, block)
        parts.append(_tables(game.name, game.seats, "game", [games, hands], lengths, actions, acted, deals, extra,
                             offset))
        offset += len(actions)
        lo = hi
    return _join(game.name, game.seats, "game", parts)


def _join(name: str, seats: int, unit: str, parts: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    if not parts:
        return np.zeros(0, rows_dtype(name, seats, unit)), np.zeros(0, actions_dtype(unit))
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def histories_of(game: Any, unit: str, rows: np.ndarray, actions: np.ndarray) -> Histories:
    return Histories(game, unit, rows, actions)


__all__ = ["Histories", "rows_dtype", "actions_dtype", "hand_histories", "game_histories", "BLOCK"]

