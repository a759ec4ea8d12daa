"""``cardsim.Game``: the public entry point to one game under one set of rules."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import numpy as np

from . import _core, batch_deals, batch_histories, whole_game
from .cards import EUCHRE, PINOCHLE, CardSet, Deck
from .errors import CardsimError, IllegalMoveError, RulesError
from .euchre.hand import CutthroatEuchreHand, EuchreHand
from .meld import Meld, pinochle_meld
from .pinochle.cutthroat_hand import CutthroatPinochleHand
from .pinochle.partnership_hand import PartnershipPinochleHand
from .pinochle.two_hand_hand import TwoHandPinochleHand, two_hand_meld
from .players import POLICIES, check_policies
from .records import HandRecords, Summarizer
from .summaries import Summary
from .summaries import (cutthroat_pinochle_summary, euchre_summary, partnership_pinochle_summary,
                        two_hand_pinochle_summary)
from .rules import GAMES, Rules, get_game, make_rules
from .spades import records as spades_records
from .spades.hand import SpadesHand, spades_deck, spades_seats

#: Hands per call into the core: small enough for a live progress bar, large enough to be free.
CHUNK_HANDS = 1 << 16


@dataclass(frozen=True)
class Engine:
    """What the core offers for one game."""

    seats: int | Callable[[Rules], int]  # a number, or one read from the rules (players=)
    deck: Deck | Callable[[Rules], Deck]
    hand_class: type
    record_dtype: np.dtype  # what simulate_chunk fills
    simulate_chunk: Callable[..., None]  # (rules, seed, start, records, policies, threads)
    summarize: Callable[[np.ndarray], dict[str, Any]]
    meld_function: Callable[..., Meld] | None = None  # (cards, trump, rules) -> Meld; None: no meld
    #: the dtype users see (same item size, e.g. per-seat fields cut to the seats in play), per unit
    view_dtype: Callable[[Rules, str], np.dtype] | None = None
    #: what a batch can be made of beyond hands: unit -> (record dtype, chunk function, summarize)
    units: Mapping[str, tuple[np.dtype, Callable[..., None], Callable[[np.ndarray], dict[str, Any]]]] | None = None



def game_units(name: str) -> dict[str, tuple[np.dtype, Callable[..., None], Summary]]:
    """The ``unit="game"`` batches every game has: whole games through the core's one driver."""
    return {"game": (whole_game.GAME_DTYPES[name], whole_game.simulate_chunk(name), whole_game.SUMMARIES[name]),
            "tournament": (whole_game.tournament_dtype(name), whole_game.tournament_chunk(name),
                           whole_game.TOURNAMENT_SUMMARY)}


ENGINES: dict[str, Engine] = {
    "cutthroat-pinochle": Engine(
        seats=3,
        deck=PINOCHLE,
        hand_class=CutthroatPinochleHand,
        record_dtype=_core.CP_RECORD_DTYPE,
        simulate_chunk=_core.simulate_cutthroat_pinochle,
        summarize=cutthroat_pinochle_summary,
        meld_function=pinochle_meld,
        units=game_units("cutthroat-pinochle"),
    ),
    "cutthroat-euchre": Engine(
        seats=3,
        deck=EUCHRE,
        hand_class=CutthroatEuchreHand,
        record_dtype=_core.CUTTHROAT_EUCHRE_RECORD_DTYPE,
        simulate_chunk=_core.simulate_cutthroat_euchre,
        summarize=euchre_summary,
        units=game_units("cutthroat-euchre"),
    ),
    "euchre": Engine(
        seats=4,
        deck=EUCHRE,
        hand_class=EuchreHand,
        record_dtype=_core.EUCHRE_RECORD_DTYPE,
        simulate_chunk=_core.simulate_euchre,
        summarize=euchre_summary,
        units=game_units("euchre"),
    ),
    "partnership-pinochle": Engine(
        seats=4,
        deck=PINOCHLE,
        hand_class=PartnershipPinochleHand,
        record_dtype=_core.PP_RECORD_DTYPE,
        simulate_chunk=_core.simulate_partnership_pinochle,
        summarize=partnership_pinochle_summary,
        meld_function=pinochle_meld,
        units=game_units("partnership-pinochle"),
    ),
    "two-hand-pinochle": Engine(
        seats=2,
        deck=PINOCHLE,
        hand_class=TwoHandPinochleHand,
        record_dtype=_core.TH_RECORD_DTYPE,
        simulate_chunk=_core.simulate_two_hand_pinochle,
        summarize=two_hand_pinochle_summary,
        meld_function=two_hand_meld,
        units=game_units("two-hand-pinochle"),
    ),
    **{name: Engine(
        seats=spades_seats,
        deck=spades_deck,
        hand_class=SpadesHand,
        record_dtype=_core.SP_RECORD_DTYPE,
        simulate_chunk=_core.simulate_spades,
        summarize=spades_records.hand_summary,
        view_dtype=spades_records.view_dtype,
        units=game_units(name),
    ) for name in ("cutthroat-spades", "spades")},
}


def implemented_games() -> list[str]:
    return [name for name in GAMES if name in ENGINES]


class Game:
    """One game under one set of rules.

    >>> game = Game("cutthroat-pinochle", min_bid=20)
    >>> game.rules.min_bid, game.seats
    (20, 3)
    >>> records = game.simulate(1000, policy="heuristic", seed=1, threads=1)
    >>> len(records), records.dtype.names[:3]
    (1000, ('bid', 'redeals', 'meld'))
    >>> bool((records["trick_points"].sum(axis=1)[~records["thrown_in"]] == 25).all())
    True
    """

    def __init__(self, name: str, *, preset: str | None = None, rules_file: str | Path | None = None,
                 sets: Sequence[str] = (), **options: Any) -> None:
        spec = get_game(name)
        name = spec.name
        if name not in ENGINES:
            raise RulesError(
                f"game {name!r} is not implemented yet; implemented: {', '.join(implemented_games())}"
            )
        self.name = spec.name
        self.rules: Rules = make_rules(name, preset=preset, rules_file=rules_file, sets=sets, **options)
        self._engine = ENGINES[name]

    def __repr__(self) -> str:
        return f"Game({self.name!r}, {self.rules!r})"

    @property
    def seats(self) -> int:
        seats = self._engine.seats
        return seats(self.rules) if callable(seats) else seats

    @property
    def deck(self) -> Deck:
        deck = self._engine.deck
        return deck(self.rules) if callable(deck) else deck

    @property
    def record_dtype(self) -> np.dtype:
        return self.unit_dtype("hand")

    def unit_dtype(self, unit: str = "hand") -> np.dtype:
        """The records of a batch of ``unit`` (``hand``; ``game`` and ``tournament`` where offered)."""
        base, _, _ = self._unit(unit)
        view = self._engine.view_dtype
        return view(self.rules, unit) if view is not None else base

    @property
    def units(self) -> tuple[str, ...]:
        return ("hand", *(self._engine.units or {}))

    def _unit(self, unit: str) -> tuple[np.dtype, Callable[..., None], Callable[[np.ndarray], dict[str, Any]]]:
        if unit == "hand":
            return self._engine.record_dtype, self._engine.simulate_chunk, self._engine.summarize
        if unit not in (self._engine.units or {}):
            raise CardsimError(f"{self.name} cannot simulate {unit!r} batches; choose one of {', '.join(self.units)}")
        return (self._engine.units or {})[unit]

    @property
    def has_meld(self) -> bool:
        return self._engine.meld_function is not None

    @property
    def record_fields(self) -> tuple[str, ...]:
        return tuple(self.record_dtype.names or ())

    def cards(self, cards: Any) -> CardSet:
        """Parse ``cards`` (codes, a CardSet or a mask) in this game's deck."""
        return CardSet(cards, self.deck)

    def deal(self, seed: int = 0, dealer: int = 0, *, cards: Mapping[str, Any] | Sequence[Any] | None = None, **context: Any) -> Any:
        """Deal a hand (with any automatic redeals) to step through from Python.

        ``cards`` chooses the deal instead: each seat's cards (a list, one per seat) or a
        mapping as ``hand.deal`` writes it (``hands`` and the game's other places:
        ``widow``, ``upcard``, ``dummy``, ``stock`` ...); ``seed`` still keys the hand's
        stream (redeals, the players' draws).  Spades takes the game so far as
        ``scores=``, ``bags=``, ``blind6_used=`` (one per seat).

        >>> game = Game("euchre")
        >>> hand = game.deal(cards={"hands": ["JH JD AH KH QH", "9S TS QS KS AS", "9C TC QC KC AC",
        ...                                   "9D TD QD KD AD"], "upcard": "TH"})
        >>> str(hand.kitty), hand.legal_actions()
        ('JS TH 9H JC', [24, 25])
        """
        if not isinstance(dealer, (int, np.integer)) or isinstance(dealer, bool):
            raise CardsimError(f"dealer must be a seat number, got {dealer!r}")
        if context and self._engine.hand_class is not SpadesHand:
            raise CardsimError(f"{self.name} deals take no {', '.join(context)}: only seed and dealer")
        if cards is None:
            return self._engine.hand_class(self.rules, check_seed(seed), int(dealer), **context)
        deal: dict[str, Any] = dict(cards) if isinstance(cards, Mapping) else {"hands": list(cards)}
        deal.setdefault("seed", check_seed(seed))
        deal.setdefault("dealer", int(dealer))
        deal.update(context)
        return self._from_deal(deal)

    def _from_deal(self, deal: Mapping[str, Any]) -> Any:
        from_deal = getattr(self._engine.hand_class, "from_deal", None)
        if from_deal is None:
            raise CardsimError(f"{self.name} has no chosen deals yet")
        check_seed(deal.get("seed", 0))
        return from_deal(self.rules, deal)

    def replay(self, deal: Mapping[str, Any], history: Sequence[int]) -> Any:
        """The hand dealt as ``deal`` (``hand.deal``) after the actions ``history``, in order.

        >>> game = Game("cutthroat-pinochle")
        >>> hand = game.deal(seed=4).play_out("heuristic")
        >>> again = game.replay(hand.deal, hand.history)
        >>> again.scores == hand.scores and again.history == hand.history
        True
        """
        hand = self._from_deal(deal)
        for i, action in enumerate(history):
            try:
                if isinstance(action, Mapping) and "redeal" in action:  # a chance event: the new deal
                    hand._set_cards(action["redeal"])
                    hand._state.record_chance(dict(action), True)
                else:
                    hand.apply(action)
            except CardsimError as exc:
                raise IllegalMoveError(f"the history does not replay: action {i} of {len(history)}: {exc}") from None
        return hand

    def hand_from_dict(self, data: Mapping[str, Any]) -> Any:
        """The hand that ``hand.to_dict()`` wrote (its game and rules must be this game's)."""
        if not isinstance(data, Mapping) or not {"game", "rules", "deal", "history"} <= set(data):
            raise CardsimError("a hand's dict has the keys game, rules, deal and history (hand.to_dict())")
        if data["game"] != self.name:
            raise CardsimError(f"that hand is {data['game']!r}, not {self.name!r}")
        if Rules(self.name, dict(data["rules"])) != self.rules:
            raise CardsimError("that hand was played under other rules: Game(game, **hand['rules'])")
        return self.replay(data["deal"], data["history"])

    def meld(self, cards: Any, trump: str) -> Meld:
        """The meld of ``cards`` in ``trump``, meld by meld."""
        if self._engine.meld_function is None:
            raise CardsimError(f"{self.name} has no meld: meld is for the pinochle games")
        return self._engine.meld_function(self.cards(cards), trump, self.rules)

    def play_game(self, *, seed: int = 0, policy: str | Sequence[str] = "heuristic", dealer: int = 0) -> dict[str, Any]:
        """Play one whole game to ``target_score`` in the core (game 0 of ``simulate(n,
        unit="game", seed=seed)`` but with first dealer ``dealer``; see cardsim.whole_game):
        ``winner``, ``scores``, ``hands``, ``history`` (the scores after each hand) and, with
        army scoring, ``army``.  A game that stops unfinished is a CardsimError."""
        from .whole_game import play_game

        return play_game(self.name, self.rules, self.seats, seed=check_seed(seed), policy=policy, dealer=dealer)

    def simulate(self, n_hands: int, *, policy: str | Sequence[str] = "heuristic", seed: int = 0,
                 threads: int | None = None,
                 progress: Callable[[int, int], None] | None = None, unit: str = "hand",
                 hand_scores: bool = False, deals: bool = False, histories: bool = False,
                 scheduler: str | None = None, workers: int | None = None) -> HandRecords:
        """Deal and play ``n_hands`` independent hands in the core; one record per hand.

        Hand ``i`` depends only on ``(seed, i)``: its dealer is ``i % seats`` (moving left
        on redeals) and its cards and its players' choices come from its own two streams
        (the deal stream does not depend on the players, so the same seed deals the same
        cards under any policies), so the records are the same for any ``threads``.  ``policy`` is one name for every seat
        or one per seat.  ``progress(done, total)`` is called between chunks.
        ``unit="game"`` or ``"tournament"`` plays that many whole games or
        tournaments instead, one record each, game ``i`` likewise keyed by ``(seed, i)``.
        ``hand_scores=True`` (games only) also gives each hand's scores as the games go, one
        row per hand (``records.hand_scores``: game, hand, dealer, points and score per side;
        see :func:`cardsim.whole_game.hand_scores_dtype`); the core plays the games twice.
        ``deals=True`` (hands only) also gives each hand's deal (``records.deals``: the dealer,
        every seat's cards and the game's other places as masks; see cardsim.batch_deals).
        ``histories=True`` (hands or games) also gives every hand's actions in the contract's
        numbering and the deal each started from (``records.histories``, a
        :class:`cardsim.batch_histories.Histories`: ``replay(i)`` rebuilds hand ``i``); the core
        plays the hands again to write them.
        A batch whose records would not fit in memory is refused: use
        :meth:`iter_simulate` (or the CLI's ``--out``), which holds one chunk at a time.
        ``scheduler="tcp://HOST:PORT"`` or ``workers=N`` (a LocalCluster) make the chunks on a
        Dask cluster (cardsim.runner): the same records.
        """
        n = check_count(n_hands)
        if hand_scores and unit != "game":
            raise CardsimError(f"hand_scores=True needs unit='game', got unit={unit!r}")
        if deals and unit != "hand":
            raise CardsimError(f"deals=True needs unit='hand', got unit={unit!r}")
        if histories and unit not in ("hand", "game"):
            raise CardsimError(f"histories=True needs unit='hand' or 'game', got unit={unit!r}")
        dtype, _, summarize = self._unit(unit)
        check_fits(n, dtype.itemsize)
        policies, solver = self._batch_policies(policy, unit, scheduler, workers, hand_scores)
        array = np.zeros(n, dtype=dtype)
        if scheduler is not None or workers is not None:
            filled = array.view(self.unit_dtype(unit))
            start = 0
            for part in self.iter_simulate(n, policy=policies, seed=seed, unit=unit, progress=progress,
                                           scheduler=scheduler, workers=workers):
                filled[start:start + len(part)] = part
                start += len(part)
        else:
            for _start, _chunk in self._run(n, policies, seed, threads, unit, array=array, progress=progress,
                                            solver=solver):
                pass
        scores = self.hand_scores(array, policy=policies, seed=seed, threads=threads) if hand_scores else None
        dealt = self.hand_deals(n, policy=_bidders(policies), seed=seed, threads=threads) if deals else None
        played = None
        if histories:
            played = batch_histories.Histories(self, unit, *self.histories(array, unit=unit, policy=policies,
                                                                             seed=seed, threads=threads))
        if self._engine.view_dtype is not None:
            array = array.view(self.unit_dtype(unit))
        return HandRecords(array, game=self.name, rules=self.rules, seed=seed, policy=policies,
                           summarize=summarize, unit=unit, hand_scores=scores, deals=dealt, histories=played)

    def hand_deals(self, n_hands: int, *, start: int = 0, policy: str | Sequence[str] = "heuristic", seed: int = 0,
                   threads: int | None = None) -> np.ndarray:
        """The deals hands ``start .. start+n_hands-1`` of the hand batch keyed by ``seed`` (played
        with ``policy``) played: one row per hand (see :mod:`cardsim.batch_deals`)."""
        n = check_count(n_hands)
        if isinstance(start, bool) or not isinstance(start, (int, np.integer)) or start < 0:
            raise CardsimError(f"start must be a whole number of at least 0, got {start!r}")
        bidders = _bidders(self._batch_policies(policy, "hand")[0])  # solver seats bid (and redeal) as the heuristic
        return batch_deals.hand_deals(self.name, self.rules, self.seats, bidders, check_seed(seed),
                                      int(start), n, check_threads(threads))

    def histories(self, records: np.ndarray, *, unit: str = "hand", start: int = 0,
                  policy: str | Sequence[str] = "heuristic", seed: int = 0, threads: int | None = None,
                  offset: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """The action histories of batch records ``start ..`` (a hand or game batch, or a chunk of
        one, played with ``policy``): ``(rows, actions)``, one row per hand (games: every hand of
        every game) and one per action; ``offset`` numbers the first action (a later chunk's
        ``start`` field goes on from the earlier ones').  See :mod:`cardsim.batch_histories`."""
        if unit not in ("hand", "game"):
            raise CardsimError(f"histories are for unit 'hand' or 'game', got {unit!r}")
        self._unit(unit)
        if isinstance(start, bool) or not isinstance(start, (int, np.integer)) or start < 0:
            raise CardsimError(f"start must be a whole number of at least 0, got {start!r}")
        (policies, solver), seed, threads = self._batch_policies(policy, unit), check_seed(seed), check_threads(threads)
        if unit == "hand":
            return batch_histories.hand_histories(self, policies, seed, int(start), len(records), threads, offset,
                                                  solver=solver)
        return batch_histories.game_histories(self, policies, seed, int(start), records, threads, offset,
                                              solver=solver)

    def hand_scores(self, games: np.ndarray, *, start: int = 0, policy: str | Sequence[str] = "heuristic",
                    seed: int = 0, threads: int | None = None) -> np.ndarray:
        """Each hand's scores of the games ``start ..`` of the batch keyed by ``seed`` whose records
        are ``games`` (a ``unit="game"`` batch or chunk, played with ``policy``): one row per hand,
        in game order (see :func:`cardsim.whole_game.hand_scores_dtype`).  The core replays the
        games; records that are not those games' are refused."""
        self._unit("game")
        try:
            return whole_game.hand_scores(self.name, self.rules, self.seats, self._batch_policies(policy, "game")[0],
                                          check_seed(seed),
                                          int(start), games, check_threads(threads))
        except ValueError as exc:
            raise CardsimError(str(exc)) from None

    def iter_simulate(self, n_hands: int, *, chunk: int | None = None, policy: str | Sequence[str] = "heuristic",
                      seed: int = 0, threads: int | None = None, unit: str = "hand",
                      progress: Callable[[int, int], None] | None = None,
                      scheduler: str | None = None, workers: int | None = None) -> Iterator[np.ndarray]:
        """The records of ``simulate(n_hands, ...)`` as arrays of at most ``chunk`` records each.

        Record ``i`` is the same as in one :meth:`simulate` batch (hand ``i`` is keyed by
        ``(seed, i)``), so the chunks concatenated hold the same values, field for field and
        byte for byte (padding between fields aside); memory holds one chunk at a time.
        Each array is fresh (safe to keep).  Arguments are checked at the call, not at the
        first chunk.

        >>> game = Game("cutthroat-pinochle")
        >>> parts = list(game.iter_simulate(1000, chunk=300, seed=1, threads=1))
        >>> [len(p) for p in parts]
        [300, 300, 300, 100]
        >>> bool((np.concatenate(parts) == game.simulate(1000, seed=1, threads=1).array).all())
        True
        """
        n = check_count(n_hands)
        self._unit(unit)
        policies, solver = self._batch_policies(policy, unit, scheduler, workers)
        step = self._step(unit) if chunk is None else check_chunk(chunk)
        seed, threads = check_seed(seed), check_threads(threads)  # checked now, not at the first chunk
        view = self.unit_dtype(unit) if self._engine.view_dtype is not None else None
        if scheduler is not None or workers is not None:  # on a Dask cluster: the same chunks
            from .runner import check_cluster_options, cluster_chunks
            check_cluster_options(scheduler, workers)
            return cluster_chunks(self, n, policies=policies, seed=seed, unit=unit, step=step, scheduler=scheduler,
                                  workers=workers, progress=progress)
        chunks = self._run(n, policies, seed, threads, unit, step=step, progress=progress, solver=solver)
        return (records.view(view) if view is not None else records for _start, records in chunks)

    @staticmethod
    def _step(unit: str) -> int:
        return CHUNK_HANDS if unit == "hand" else CHUNK_HANDS // 64

    def _run(self, n: int, policies: list[str], seed: int, threads: int | None, unit: str, *,
             array: np.ndarray | None = None, step: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             solver: list[tuple[Any, ...]] | None = None) -> Iterator[tuple[int, np.ndarray]]:
        """Fill records chunk by chunk: slices of ``array``, or fresh arrays of ``step`` records;
        ``solver`` (per seat, from check_batch_policies): hands with PIMC or oracle seats."""
        dtype, _, _ = self._unit(unit)
        seed = check_seed(seed)
        threads = check_threads(threads)
        chunk_fn, core_step = self._chunk(unit, policies, solver)
        step = core_step if step is None else step
        for start in range(0, n, step):
            out = array[start:start + step] if array is not None else np.zeros(min(step, n - start), dtype=dtype)
            # the core is called in pieces of at most core_step records, as simulate always has
            for offset in range(0, len(out), core_step):
                chunk_fn(self.rules, seed, start + offset, out[offset:offset + core_step], policies, threads)
                if progress is not None:
                    progress(start + min(offset + core_step, len(out)), n)
            yield start, out

    def _chunk(self, unit: str, policies: list[str],
               solver: list[tuple[Any, ...]] | None = None) -> tuple[Callable[..., None], int]:
        """The core's chunk function of ``unit`` batches with ``policies`` (checked names) and the
        records it is called with at a time: with PIMC or oracle seats (``solver``, or found in
        the names) hands come from cardsim.solver._pimc, and whole games from the game's
        chunk function, which plays them through the same driver (cardsim.whole_game)."""
        _, chunk_fn, _ = self._unit(unit)
        if solver is None and unit == "hand":
            from .solver.players import check_batch_policies, is_solver_policy
            if any(is_solver_policy(p) for p in policies):
                solver = check_batch_policies(self.name, policies, self.seats)[1]
        if solver is not None and unit == "hand":
            return _solver_chunk(self.name, self.seats, solver), SOLVER_CHUNK_HANDS
        if unit == "tournament" and any(p not in POLICIES for p in policies):
            return chunk_fn, 1
        if unit == "game" and any(p not in POLICIES for p in policies):
            return chunk_fn, SOLVER_CHUNK_HANDS // 64
        return chunk_fn, self._step(unit)

    def summarizer(self, unit: str = "hand", *, policy: str | Sequence[str] = "heuristic",
                   seed: int = 0) -> "Summarizer":
        """An accumulator of :meth:`HandRecords.summary` figures over chunks (see iter_simulate)."""
        _, _, summarize = self._unit(unit)
        return Summarizer(self.name, seed, self._batch_policies(policy, unit)[0], summarize, unit)

    def _policies(self, policy: str | Sequence[str]) -> list[str]:
        return check_policies(policy, self.seats)

    def _batch_policies(self, policy: str | Sequence[str], unit: str, scheduler: str | None = None,
                        workers: int | None = None,
                        hand_scores: bool = False) -> tuple[list[str], list[tuple[Any, ...]] | None]:
        """The policies of a batch: core names, or solver players (pimc, oracle) for hand and game
        batches (here or on a Dask cluster)."""
        from .solver.players import check_batch_policies, is_solver_policy
        if isinstance(policy, str) and not is_solver_policy(policy) or not isinstance(policy, str) and not any(
                isinstance(p, str) and is_solver_policy(p) for p in policy):
            return self._policies(policy), None
        names, solver = check_batch_policies(self.name, policy, self.seats)
        if unit not in ("hand", "game", "tournament"):
            raise CardsimError(f"pimc and oracle play hands, whole games and tournaments, not unit={unit!r}")
        return names, solver


#: Hands per call into the core when PIMC or oracle seats play (a live progress bar)
SOLVER_CHUNK_HANDS = 256


def _bidders(policies: list[str]) -> list[str]:
    from .solver.players import bidding_policies
    return bidding_policies(policies)


def _solver_chunk(name: str, seats: int, solver: list[tuple[Any, ...]]) -> Callable[..., None]:
    """The core's chunk function of hands with PIMC or oracle seats (cardsim.solver._pimc)."""
    from .solver import _pimc
    if name == "two-hand-pinochle":
        from .pinochle.two_hand import simulate_two_hand_pinochle_pimc
        kinds, worlds, pseed = two_hand_solver_seats(solver)
        return lambda rules, seed, start, out, _policies, threads: simulate_two_hand_pinochle_pimc(
            rules, seed, start, out, kinds, worlds, pseed, threads)
    if "pinochle" in name:
        return lambda rules, seed, start, out, _policies, threads: _pimc.simulate_pinochle_pimc(
            name, rules, seed, start, out, solver, threads)
    if "spades" in name:
        return lambda rules, seed, start, out, _policies, threads: _pimc.simulate_spades_pimc(
            rules, seed, start, out, solver, threads)
    return lambda rules, seed, start, out, _policies, threads: _pimc.simulate_euchre_pimc(
        rules, seats, seed, start, out, solver, threads)


def two_hand_solver_seats(solver: list[tuple[Any, ...]]) -> tuple[list[int], list[int], int]:
    """Two-hand's PIMC and oracle seats for its core (pinochle/two_hand.pyx): per seat its kind
    (0 random, 1 heuristic, 2 pimc, 3 oracle) and worlds, and the policies' seed."""
    from .solver import _pimc
    kinds = [_pimc.KINDS[spec[0]] for spec in solver]
    return kinds, [int(spec[1]) for spec in solver], int(_pimc.policy_seed(solver))


def check_count(n_hands: Any) -> int:
    """A number of hands (or games): a non-negative integer (numpy integers too), else CardsimError."""
    if isinstance(n_hands, (bool, np.bool_)) or not isinstance(n_hands, (int, np.integer)):
        raise CardsimError(f"n_hands must be a whole number, got {n_hands!r}")
    if n_hands < 0:
        raise CardsimError(f"n_hands must be at least 0, got {n_hands}")
    return int(n_hands)


def check_chunk(chunk: Any) -> int:
    if isinstance(chunk, (bool, np.bool_)) or not isinstance(chunk, (int, np.integer)) or chunk < 1:
        raise CardsimError(f"chunk must be a whole number of at least 1, got {chunk!r}")
    return int(chunk)


def available_memory() -> int | None:
    """Bytes of memory available now (MemAvailable on Linux), or None when unknown."""
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def check_fits(n: int, itemsize: int) -> None:
    """Refuse a batch whose records would not fit in the memory available (one line)."""
    need = n * itemsize
    free = available_memory()
    if free is not None and need > free:
        raise CardsimError(
            f"{n} records need {need / 2**30:.1f} GiB but {free / 2**30:.1f} GiB of memory is available: "
            f"use Game.iter_simulate(n, chunk=...) (or the CLI's --out FILE), which holds one chunk at a time"
        )


def check_seed(seed: int) -> int:
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise CardsimError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    return int(seed)


def check_threads(threads: int | None) -> int:
    if threads is None:
        return os.cpu_count() or 1
    if not isinstance(threads, (int, np.integer)) or isinstance(threads, bool) or not 1 <= threads <= 1024:
        raise CardsimError(f"threads must be an integer from 1 to 1024, got {threads!r}")
    return int(threads)
