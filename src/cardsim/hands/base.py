"""What every step-by-step hand shares: the core state it wraps, whose turn it is, the
phase, the seats' cards, and letting the core's players act."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

import numpy as np

from ..cards import SUITS, CardSet, Deck
from ..errors import CardsimError, IllegalMoveError
from ..players import check_policies, check_policy
from ..rules import Rules
from .._contract import GameState, _restore, bytes_digest, state_fingerprint, state_structs

_Hand = TypeVar("_Hand", bound="SteppedHand")


class SteppedHand:
    """Base of the per-game hand classes; ``_state`` is the core's state object.

    A subclass sets ``deck`` and ``seats`` and builds ``self._state``; the state has
    ``phase``, ``to_act`` (-1 when done), ``dealer``, ``redeals``, ``hands`` (masks) and
    ``policy_step(policy)``.
    """

    deck: Deck
    seats: int
    _state: Any
    rules: Rules

    if TYPE_CHECKING:  # every game's hand is made as cls(rules, seed, dealer)
        def __init__(self, rules: Rules, seed: int = 0, dealer: int = 0) -> None: ...

    def check_dealer(self, dealer: int) -> int:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < self.seats:
            seats = ", ".join(str(s) for s in range(self.seats))
            raise IllegalMoveError(f"dealer {dealer} is out of range: seats are {seats}")
        return dealer

    @property
    def phase(self) -> str:
        phase: str = self._state.phase
        return phase

    @property
    def to_act(self) -> int | None:
        """The seat to act; None once the hand is over."""
        seat = self._state.to_act
        return None if seat < 0 or self._state.phase == "done" else seat

    @property
    def dealer(self) -> int:
        dealer: int = self._state.dealer
        return dealer

    @property
    def redeals(self) -> int:
        """Deals thrown in before the current one."""
        redeals: int = self._state.redeals
        return redeals

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """Each seat's cards now."""
        return tuple(CardSet(mask, self.deck) for mask in self._state.hands)

    @property
    def taken(self) -> tuple[CardSet, ...]:
        """Cards each seat has won in tricks."""
        return tuple(CardSet(mask, self.deck) for mask in self._state.won)

    @property
    def tricks_played(self) -> int:
        played: int = self._state.tricks_played
        return played

    @property
    def trump(self) -> str | None:
        """The trump suit (``S H D C``); None until it is named."""
        t = self._state.trump
        return None if t < 0 else SUITS[t]

    def _expect(self, *phases: str) -> None:
        if self.phase not in phases:
            raise IllegalMoveError(f"not legal now: the hand is in the {self.phase} phase, not {' or '.join(phases)}")

    def step(self, policy: str = "heuristic") -> None:
        """Let ``policy`` (``random`` or ``heuristic``) take the one action due now."""
        if self.phase == "done":
            raise IllegalMoveError("the hand is over")
        redeals = self.redeals
        try:
            self._state.policy_step(check_policy(policy))
        except ValueError as exc:  # a decision half made with apply(): finish it first
            raise IllegalMoveError(str(exc)) from None
        if self.redeals != redeals:
            self._state.record_chance({"redeal": self._table()})

    def play_out(self, policy: str | list[str] = "heuristic") -> "SteppedHand":
        """Finish the hand with one policy (or one per seat); returns ``self``."""
        policies = check_policies(policy, self.seats)
        while self.phase != "done":
            self.step(policies[self._state.to_act])
        return self

    # -- the game contract: integer actions (docs/actions.md) ----------------------------
    @property
    def num_actions(self) -> int:
        """Size of the game's action space: actions are ``0 .. num_actions-1``."""
        count: int = self._state.num_actions
        return count

    def legal_actions(self) -> list[int]:
        """The actions legal now, ascending (empty once the hand is over)."""
        actions: list[int] = self._state.legal_actions()
        return actions

    def legal_action_mask(self) -> np.ndarray:
        """A boolean array of ``num_actions``: True where the action is legal now."""
        mask: np.ndarray = self._state.legal_action_mask()
        return mask

    def apply(self, action: int) -> None:
        """Take one legal action for the seat to act; it joins :attr:`history`.

        An action that is not an integer, is out of range or is not legal now raises
        IllegalMoveError and leaves the hand unchanged.  A redeal it causes (all passed)
        joins the history too, as ``{"redeal": <the new deal>}``.
        """
        redeals = self.redeals
        self._state.apply(action)
        if self.redeals != redeals:
            self._state.record_chance({"redeal": self._table()})

    def action_to_string(self, action: int) -> str:
        """The name of ``action``: a card code, or the call (``pass``, a bid, a suit ...)."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) \
                or not 0 <= action < self.num_actions:
            raise IllegalMoveError(f"action {action!r} is out of range: actions are 0..{self.num_actions - 1}")
        name: str = self._state.action_to_string(int(action))
        return name

    def string_to_action(self, text: str) -> int:
        """The action named ``text`` (as :meth:`action_to_string` writes it; case-insensitive)."""
        key = " ".join(str(text).split()).upper()
        for action in range(self.num_actions):
            if self._state.action_to_string(action).upper() == key:
                return action
        raise IllegalMoveError(f"{text!r} names no {self.rules.game} action")

    @property
    def mid_decision(self) -> bool:
        """True while a decision made of several actions (the pinochle declaration and card
        passing, the cutthroat euchre merge) is partly taken with :meth:`apply`."""
        mid: bool = self._state.mid_decision
        return mid

    @property
    def history(self) -> list[Any]:
        """Every action since the deal, in order, whoever took it (you or a policy); a redeal
        inside the hand is the entry ``{"redeal": <the new deal>}``."""
        history: list[Any] = self._state.history
        return history

    def clone(self: _Hand) -> _Hand:
        """An independent copy: same cards, phase and history; each then goes its own way."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = self._state.clone()
        return other

    def __copy__(self) -> "SteppedHand":
        return self.clone()

    def __deepcopy__(self, memo: dict[str, Any]) -> "SteppedHand":
        return self.clone()

    # -- pickling: versioned, through to_dict() (copies in-process keep copying bytes) ------
    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as plain data (format HAND_PICKLE_VERSION): the hand's ``to_dict()``, with the
        core state's bytes and what loading them needs (``_fast_state``).  A build with the same
        fingerprint (the core module's build id and struct sizes, the hand classes' sources:
        :func:`_hand_fingerprint`) restores the hand from the bytes alone, its players' stream where
        it was; any other build, or bytes whose checksum fails, rebuilds it by
        ``Game.hand_from_dict`` (a replay of the history: the players' stream restarts from the
        deal's seed), so a hand pickled now loads after any change to the core's structs."""
        structs = state_structs(self._state)
        data = {"game": self.rules.game, "rules": _plain_rules(self.rules), "deal": self._deal_once(),
                "history": self._state.history}   # (to_dict() without its copies: pickle only reads them)
        return _load_hand, (HAND_PICKLE_VERSION, data, structs, self._fast_state(structs))

    def _fast_state(self, structs: tuple[bytes, ...]) -> tuple[Any, ...] | None:
        """What a build with this fingerprint restores the hand from: (fingerprint, checksum of the
        bytes, the state class's name in cardsim._core, its rules (game and values) and action
        count, the hand's other attributes); the hand class is the game's.  No class path: a pickle
        loads after modules move.  None where no fingerprint vouches for the bytes (a core built
        without setup.py's id, or a state whose rules are not the hand's)."""
        state = self._state
        fingerprint = _hand_fingerprint(type(self), type(state))
        if not fingerprint:
            return None
        attrs = {name: value for name, value in self.__dict__.items() if name not in _NOT_PICKLED}
        rules = state.rules
        if rules is not self.rules:
            return None
        return (fingerprint, bytes_digest(fingerprint, structs), type(state).__name__, (rules.game, tuple(rules.items())),
                state.num_actions, attrs)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """An old-format pickle (before HAND_PICKLE_VERSION 1: the instance dict with the core
        state's bytes): rebuilt by replaying its own deal and history, which then stands (the
        old bytes are never read by the core: nothing vouches for their layout)."""
        self.__dict__.update(state)
        try:
            again = _game_of(self).replay(self.deal, self.history)
        except Exception as exc:   # its deal or history does not replay here
            raise CardsimError(f"this {self.rules.game} hand was pickled by an older cardsim in a format that does "
                               f"not load here ({exc}); re-create it from its to_dict()") from None
        self.__dict__.clear()
        self.__dict__.update(again.__dict__)

    # -- the deal it started from ---------------------------------------------------------
    @classmethod
    def from_deal(cls: type[_Hand], rules: Rules, deal: Mapping[str, Any]) -> _Hand:
        """A hand from a chosen deal, as :attr:`deal` writes it: ``hands`` (one per seat), the
        game's other places, ``dealer`` and ``seed`` (the hand's stream: redeals and the
        players' draws; default 0).  One-line CardError for a deal the game cannot have."""
        hand = cls._new_for_deal(rules, deal)
        hand._set_cards(deal)
        hand._remember_deal(hand._seed, **hand._context)
        return hand

    @classmethod
    def _new_for_deal(cls: type[_Hand], rules: Rules, deal: Mapping[str, Any]) -> _Hand:
        return cls(rules, deal.get("seed", 0), deal.get("first_dealer", deal.get("dealer", 0)))

    def _set_cards(self, deal: Mapping[str, Any]) -> None:
        """Put the cards of ``deal`` in place (each game validates its own places)."""
        raise IllegalMoveError(f"{self.rules.game} has no chosen deals yet")

    def _remember_deal(self, seed: int, **context: Any) -> None:
        """Called once the cards are in place: what :attr:`deal` reports (masks, cheap to keep)."""
        self._seed = seed
        self._dealt = (self._state.dealer, self._state.hands, self._deal_extra_masks(), self.redeals)
        self._context = context

    def _deal_extra_masks(self) -> dict[str, int]:
        """Game-specific places at the deal (widow, kitty, dummy ...) as masks; none by default."""
        return {}

    def _format_deal(self, dealer: int, hands: tuple[Any, ...], extras: Mapping[str, int], redeals: int) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": dealer, "hands": [str(CardSet(mask, self.deck)) for mask in hands]}
        out.update({name: str(CardSet(mask, self.deck)) for name, mask in extras.items()})
        if redeals:  # deals thrown in before this one (all passed, five nines)
            out["redeals"] = redeals
        return out

    def _table(self) -> dict[str, Any]:
        """The cards as they lie now (after a redeal: the new deal)."""
        return self._format_deal(self._state.dealer, self._state.hands, self._deal_extra_masks(), self.redeals)

    @property
    def deal(self) -> dict[str, Any]:
        """Everything the hand started from, JSON-ready: the seed of its stream (redeals and
        players' draws), the dealer, every seat's cards and the game's other places."""
        return _plain_copy(self._deal_once())

    def _deal_once(self) -> dict[str, Any]:
        """:attr:`deal`, formatted once per deal (the caller must not change it): cached with the
        ``_dealt`` it was made from, which every change of the deal replaces."""
        cache = self.__dict__.get("_deal_cache")
        if cache is None or cache[0] is not self._dealt:
            cache = self._deal_cache = (self._dealt, self._make_deal())
        deal: dict[str, Any] = cache[1]
        return deal

    def _make_deal(self) -> dict[str, Any]:
        out = {"seed": self._seed, **self._format_deal(*self._dealt), **self._context}
        first = getattr(self, "_first_dealer", out["dealer"])
        if first != out["dealer"]:  # redealt before anyone acted (five nines): the stream started there
            out["first_dealer"] = first
        return out

    def to_dict(self) -> dict[str, Any]:
        """The hand as plain data: ``game``, ``rules``, ``deal`` and ``history``; see Game.hand_from_dict."""
        return {"game": self.rules.game, "rules": _plain_copy(_plain_rules(self.rules)), "deal": self.deal,
                "history": self.history}

    # -- what a seat knows: observation and resampling (docs/actions.md, Resampling) -------
    def _check_seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < self.seats:
            raise IllegalMoveError(f"seat {seat!r} is out of range: seats are 0..{self.seats - 1}")
        return int(seat)

    def _hidden_action(self, phase: str, actor: int, seat: int) -> bool:
        """Whether ``seat`` does not see an action ``actor`` took in ``phase`` (a discard ...)."""
        return False

    def _observation_extra(self, seat: int) -> dict[str, Any]:
        return {}

    def _actors(self) -> list[tuple[int, str]]:
        """(seat, phase) of every history entry, by replaying the history on the deal."""
        hand = type(self).from_deal(self.rules, self.deal)
        out = []
        for action in self.history:
            if isinstance(action, Mapping):
                out.append((-1, "redeal"))
                hand._set_cards(action["redeal"])
                hand._state.record_chance(dict(action), True)
            else:
                out.append((hand._state.to_act, hand.phase))
                hand._state.apply(action)
        return out

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` has seen, as plain data: its cards, the public cards, and every action
        with its actor (an action it did not see, such as another seat's discard, as
        ``"hidden"``).  Equal for two hands that differ only in cards the seat cannot see."""
        seat = self._check_seat(seat)
        actions: list[str | tuple[int, str]] = []
        for action, (actor, phase) in zip(self.history, self._actors()):
            if actor < 0:
                actions.append("redeal")
            else:
                hidden = actor != seat and self._hidden_action(phase, actor, seat)
                actions.append((actor, "hidden" if hidden else self.action_to_string(action)))
        return {"game": self.rules.game, "seat": seat, "dealer": self.dealer, "phase": self.phase,
                "to_act": self.to_act, "hand": str(self.hands[seat]), "actions": actions,
                "trick": [(s, self.deck.code(c)) for s, c in self._state.trick],
                "taken": [str(t) for t in self.taken], "trump": self.trump,
                **self._observation_extra(seat)}

    def resample(self, seat: int, seed: int) -> "SteppedHand":
        """A copy in which every card ``seat`` cannot see is redealt uniformly at random among
        the places it could be, consistent with all the seat has observed (its cards, cards
        played and shown, the voids and absent cards the plays prove).  Exact; done in the
        core.  The copy's ``deal`` and ``history`` are the original's with the hidden cards
        relabelled as the resample moved them, so ``Game.replay`` rebuilds the copy; every
        action the seat saw is unchanged.  IllegalMoveError for a seat out of range."""
        seat = self._check_seat(seat)
        if not hasattr(self._state, "resample"):
            raise IllegalMoveError(f"{self.rules.game} has no resampling yet")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise IllegalMoveError(f"a resample seed is an integer, got {seed!r}")
        state, pairs = self._state.resample(seat, int(seed) & 0xFFFFFFFFFFFFFFFF)
        moved: dict[int, int] = {}  # old card bit -> the bit that took its place
        for old, new in pairs:  # a card that stays in its place keeps its label
            moved.update(zip(_bits(old & ~new), _bits(new & ~old)))
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = state
        moved = {a: b for a, b in moved.items() if a != b}
        if moved:
            other._relabel(moved)
        return other

    def _public_deal_cards(self) -> tuple[int, ...]:
        """Card bits the deal shows to every seat (euchre's upcard): a resample may move such a card
        (the dealer kept the upcard or discarded it), but the deal must still show it where it did."""
        return ()

    def _relabel(self, moved: Mapping[int, int]) -> None:
        """Rewrite the deal and the history's hidden card actions through ``moved``.  A public card
        of the deal that moved (c0 -> c1) keeps its label in the deal, and the card that took its
        place in a hand there is c1 instead: the deal's relabelling is ``moved`` then the swap of
        c0 and c1, the history's is ``moved``."""
        deal_moved = dict(moved)
        for c0 in self._public_deal_cards():
            c1 = moved.get(c0)
            if c1 is not None:
                deal_moved = {b: c1 if v == c0 else c0 if v == c1 else v for b, v in deal_moved.items()}

        def mask(m: int) -> int:
            return sum(1 << deal_moved.get(b, b) for b in _bits(m))

        def text(t: str) -> str:
            return str(CardSet(mask(CardSet(t, self.deck).mask), self.deck))

        history = self._state.history
        redeals = [i for i, a in enumerate(history) if isinstance(a, Mapping)]
        if redeals:
            table = dict(history[redeals[-1]]["redeal"])
            for key, value in table.items():
                if key == "hands":
                    table[key] = [text(h) for h in value]
                elif isinstance(value, str):
                    table[key] = text(value)
            history[redeals[-1]] = {"redeal": table}
        else:
            dealer, hands, extras, n = self._dealt
            self._dealt = (dealer, tuple(mask(h) for h in hands), {k: mask(v) for k, v in extras.items()}, n)
        start = redeals[-1] + 1 if redeals else 0
        to_bit, to_action = self._card_actions()
        changed = bool(redeals)
        for i in range(start, len(history)):
            bit = to_bit.get(history[i]) if not isinstance(history[i], Mapping) else None
            if bit is not None and bit in moved:  # a card action the seat did not see (a discard)
                history[i] = to_action[moved[bit]]
                changed = True
        if changed:
            self._state.clear_history()
            for a in history:
                self._state.record_chance(a)

    def _card_actions(self) -> tuple[dict[Any, Any], dict[Any, Any]]:
        """{card action: card bit} and its inverse, once per game and deck."""
        key = (self.rules.game, self.num_actions)
        cache = _CARD_ACTIONS.get(key)
        if cache is None:
            to_bit = {}
            for a in range(self.num_actions):
                try:
                    to_bit[a] = self.deck.parse_code(self._state.action_to_string(a))
                except Exception:
                    continue
            cache = _CARD_ACTIONS[key] = (to_bit, {b: a for a, b in to_bit.items()})
        return cache


_CARD_ACTIONS: dict[Any, Any] = {}

#: The hand pickle format written by SteppedHand.__reduce__ (0: the old instance-dict format;
#: 1: to_dict() and the core bytes, always replayed; 2: with a fingerprint and checksum, restored
#: from the bytes where the fingerprint is this build's).
HAND_PICKLE_VERSION = 2

#: _hand_fingerprint's answers by (hand class, state class), computed once per process.
_HAND_FINGERPRINTS: dict[tuple[type, type], bytes] = {}
#: The attributes a format-2 pickle leaves out: the core state (its bytes go instead), the rules
#: (by game and values) and the deal's formatted cache.
_NOT_PICKLED = frozenset({"_state", "rules", "_deal_cache"})
#: Rules by (game, their values in order), as format-2 pickles name them, validated once per process
#: (Rules are immutable: hands share them).
_RULES: dict[tuple[str, tuple[tuple[str, Any], ...]], Rules] = {}
#: to_dict()'s rules part by Rules (JSON-ready: tuples as lists).
_PLAIN_RULES: dict[Rules, dict[str, Any]] = {}
#: _classes_of's answers by (game, state class name).
_CLASSES: dict[tuple[Any, Any], tuple[Any, Any]] = {}


def _plain_copy(d: dict[str, Any]) -> dict[str, Any]:
    """A copy of a cached plain dict that its caller may change (its lists copied too)."""
    return {key: list(value) if isinstance(value, list) else value for key, value in d.items()}


def _plain_rules(rules: Rules) -> dict[str, Any]:
    """``rules`` as to_dict() writes them, made once per Rules (the caller must not change it)."""
    plain = _PLAIN_RULES.get(rules)
    if plain is None:
        plain = {key: list(value) if isinstance(value, tuple) else value for key, value in rules.items()}
        if len(_PLAIN_RULES) < 4096:   # (a bound: the rule sets a process meets are few)
            _PLAIN_RULES[rules] = plain
    return plain


def _rules_named(name: Any) -> Rules:
    """The Rules a format-2 pickle names as (game, values in order), validated on first use."""
    rules = _RULES.get(name)
    if rules is None:
        game, values = name
        rules = Rules(game, dict(values))
        if len(_RULES) < 4096:
            _RULES[name] = rules
    return rules


def _game_of(hand: SteppedHand) -> Any:
    """The Game of ``hand``'s rules."""
    from ..game import Game
    return Game(hand.rules.game, **hand.to_dict()["rules"])


def _state_bytes(state: Any) -> tuple[bytes, ...]:
    """The core state's structs as bytes."""
    structs: tuple[bytes, ...] = state_structs(state)
    return structs


def _class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _classes_of(game: Any, state_name: Any) -> tuple[Any, Any]:
    """(hand class, state class) of a format-2 pickle: the game's hand class and the state class
    of that name in cardsim._core; None for either that this build does not have."""
    key = (game, state_name)
    found = _CLASSES.get(key)
    if found is None:
        from .. import _core
        from ..game import ENGINES
        engine = ENGINES.get(game) if isinstance(game, str) else None
        hand_cls = engine.hand_class if engine is not None else None
        state_cls = getattr(_core, state_name, None) if isinstance(state_name, str) else None
        if not (isinstance(state_cls, type) and issubclass(state_cls, GameState)):
            state_cls = None
        found = (hand_cls, state_cls)
        if len(_CLASSES) < 256:
            _CLASSES[key] = found
    return found


def _hand_fingerprint(hand_cls: type, state_cls: type) -> bytes:
    """The fingerprint a format-2 hand pickle carries: the core state's (its module's build id,
    struct sizes, byte order: ``_contract.state_fingerprint``) and a hash of the source of every
    cardsim module in the hand class's MRO (what the hand's own attributes mean), with cardsim's
    version.  b"" when the core has no build id (the bytes are then never used)."""
    key = (hand_cls, state_cls)
    fingerprint = _HAND_FINGERPRINTS.get(key)
    if fingerprint is None:
        import hashlib
        import sys

        from .. import __version__
        core = state_fingerprint(state_cls)
        if not core:
            fingerprint = b""
        else:
            digest = hashlib.blake2b(core, digest_size=16)
            digest.update(f"cardsim {__version__} {_class_path(hand_cls)}".encode())
            for cls in hand_cls.__mro__:
                module = sys.modules.get(cls.__module__)
                path = getattr(module, "__file__", None)
                if not cls.__module__.startswith("cardsim") or path is None:
                    continue
                try:
                    with open(path, "rb") as fh:
                        digest.update(fh.read())
                except OSError:   # (no source to read: the version above stands for it)
                    digest.update(path.encode())
            fingerprint = digest.digest()
        _HAND_FINGERPRINTS[key] = fingerprint
    return fingerprint


def _from_bytes(data: Mapping[str, Any], structs: Any, fast: Any) -> SteppedHand | None:
    """The hand restored from its core bytes alone (format 2), or None where they may not be
    used: another fingerprint (another build, or changed hand classes), bytes whose checksum
    fails (damaged), or anything in the pickle not of the shape this build writes."""
    if not isinstance(fast, tuple) or len(fast) != 6 or not isinstance(structs, tuple):
        return None
    fingerprint, digest, state_name, rules, num_actions, attrs = fast
    try:
        hand_cls, state_cls = _classes_of(data.get("game"), state_name)
    except TypeError:   # (an unhashable name)
        return None
    if hand_cls is None or state_cls is None or not isinstance(attrs, dict) or not isinstance(num_actions, int):
        return None
    expected = _hand_fingerprint(hand_cls, state_cls)
    if not expected or fingerprint != expected or not all(isinstance(b, bytes) for b in structs):
        return None
    history = data.get("history")
    if not isinstance(history, list):
        return None
    if digest != bytes_digest(fingerprint, structs):
        return None          # damaged bytes: the replay stands
    try:
        rules = _rules_named(rules)
        state = _restore(state_cls, rules, num_actions, structs, history)   # (checks the sizes)
    except (CardsimError, TypeError, ValueError):
        return None
    hand: SteppedHand = object.__new__(hand_cls)
    hand.__dict__.update(attrs)
    hand.rules = rules
    hand._state = state
    return hand


def _load_hand(version: int, data: Mapping[str, Any], structs: Any = (), fast: Any = None) -> SteppedHand:
    """Unpickle a hand (SteppedHand.__reduce__): from its core bytes where the pickle's
    fingerprint is this build's and their checksum holds (format 2), otherwise rebuilt from
    ``data`` (its ``to_dict()``) by a replay; the bytes of a format-1 pickle are not used."""
    from ..game import Game
    if not isinstance(version, int) or not 1 <= version <= HAND_PICKLE_VERSION:
        raise CardsimError(f"this hand was pickled in format {version!r}; this cardsim reads formats 1 to "
                           f"{HAND_PICKLE_VERSION}: upgrade cardsim, or re-create it from its to_dict()")
    if version >= 2 and fast is not None:
        restored = _from_bytes(data, structs, fast)
        if restored is not None:
            return restored
    rules = data["rules"]
    try:
        hand: SteppedHand = Game(data["game"], **dict(rules)).hand_from_dict(data)
    except CardsimError as exc:
        raise CardsimError(f"this pickled {data.get('game')} hand does not load here: {exc}") from None
    return hand


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
